//! `chainlab share`: prints a strategy's share link (`BASE#s=…`), which
//! opens the strategy in the web page's editor with no server in between
//! (the encoding is [`chainlab::strategy::share_link`]'s).

use std::path::PathBuf;
use std::process::ExitCode;

use chainlab::strategy::{DEFAULT_SHARE_BASE, share_link};

use super::CmdResult;
use super::strategy_cmds::load_strategy;

/// Arguments of `chainlab share`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  chainlab share strategies/08-expert.json --base http://127.0.0.1:8080/\n\nThe link carries the whole strategy, compressed, after the #: opening it loads the\nstrategy in the editor as unsaved work. The default base is the hosted page, set when\nchainlab is built (CHAINLAB_SHARE_BASE)."
)]
pub struct Args {
    /// The strategy file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The web page the link opens (any #fragment it has is replaced).
    #[arg(long, value_name = "URL", default_value = DEFAULT_SHARE_BASE)]
    base: String,
}

/// Runs `chainlab share`: the link on one line of stdout.
pub fn run(args: &Args) -> CmdResult {
    let strategy = load_strategy(&args.file)?;
    outln!("{}", share_link(&args.base, &strategy));
    Ok(ExitCode::SUCCESS)
}
