//! `chainlab share`: prints a strategy's share link (`BASE#s=…`), which
//! opens the strategy in the web page's editor with no server in between
//! (the encoding is [`chainlab::strategy::share_link`]'s).

use std::path::PathBuf;
use std::process::ExitCode;

use chainlab::strategy::{DEFAULT_SHARE_BASE, placeholder_note, share_link};

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
    /// The web page the link opens (any #fragment it has is replaced);
    /// the hosted page by default.
    #[arg(long, value_name = "URL")]
    base: Option<String>,
}

/// Runs `chainlab share`: the link on one line of stdout; a note on stderr
/// when the link names the placeholder page of a build without one.
pub fn run(args: &Args) -> CmdResult {
    let strategy = load_strategy(&args.file)?;
    let link = share_link(
        args.base.as_deref().unwrap_or(DEFAULT_SHARE_BASE),
        &strategy,
    );
    outln!("{link}");
    if args.base.is_none()
        && let Some(note) = placeholder_note(&link)
    {
        errln!("note: {note}");
    }
    Ok(ExitCode::SUCCESS)
}
