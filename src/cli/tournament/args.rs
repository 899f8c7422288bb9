//! The arguments of `chainlab tournament`, shared by the round robin or
//! gauntlet of named players (`tournament.rs`) and class tournaments
//! (`class.rs`).

use std::path::PathBuf;

use crate::cli::arena_args::GameArgs;
use crate::cli::runs::SplitArgs;

/// Arguments of `chainlab tournament`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Class tournaments (docs/class-tournament.md): with --dir, --reference or \
--report the players named are submissions, and every strategy file, executable program and \
folder with a bot.toml in DIR is one too. A submission that does not load or start forfeits its \
games with the reason; the tournament goes on. With --gauntlet each submission plays each \
reference (default: bot:random, bot:greedy, bot:expert) and is graded against the pass marks; \
without it everyone plays everyone. --report DIR writes report.html, report.md, report.csv and \
the game records (games.jsonl) there.\n\n\
Examples:\n  \
chainlab tournament bot:random bot:greedy bot:expert --games 40\n  \
chainlab tournament bot:master bot:expert bot:mcts bot:greedy --gauntlet --markdown\n  \
chainlab tournament --dir submissions/ --gauntlet --report results/\n  \
chainlab tournament --dir submissions/ --gauntlet --reference bot:random@75 \\\n    \
--reference bot:greedy --reference bot:expert@40 --pass 50 --report results/\n  \
chainlab tournament --dir submissions/ --games 10 --report league/    # round robin"
)]
pub struct Args {
    /// The players: built-ins such as bot:greedy, strategy files ending in
    /// .json, programs as cmd:COMMAND or a bot.toml. In a class tournament
    /// they are submissions beside those found in --dir.
    #[arg(value_name = "PLAYER")]
    pub entrants: Vec<String>,
    /// A folder of submissions (class tournament): strategy files (*.json),
    /// executable programs and folders with a bot.toml or one strategy
    /// file; anything else is listed as skipped. May be repeated.
    #[arg(long, value_name = "DIR")]
    pub dir: Vec<PathBuf>,
    /// A reference player that every submission is graded against, with
    /// its own pass mark after @ (bot:greedy@60). May be repeated.
    #[arg(long, value_name = "PLAYER[@PERCENT]")]
    pub reference: Vec<String>,
    /// The score a submission needs against a reference to pass it, in
    /// percent (default 50), for references without their own @ mark.
    #[arg(long, value_name = "PERCENT", value_parser = pass_mark)]
    pub pass: Option<f64>,
    /// Write report.html, report.md and report.csv into this folder (made
    /// if missing), and the game records as games.jsonl unless --records.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// The title of the reports.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// Games per pairing; pairs of games swap the seats.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub games: u64,
    /// Play only the first player against each of the others; in a class
    /// tournament, each submission against each reference.
    #[arg(long)]
    pub gauntlet: bool,
    #[command(flatten)]
    pub game: GameArgs,
    /// Write every game as one JSON line to this file (after a header
    /// line that names the run).
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    #[command(flatten)]
    pub split: SplitArgs,
    /// Print one JSON object instead of tables (and no progress bar).
    #[arg(long, conflicts_with = "markdown")]
    pub json: bool,
    /// Print the tables as Markdown.
    #[arg(long)]
    pub markdown: bool,
}

impl Args {
    /// Whether this is a class tournament: submissions, references or a report.
    pub fn is_class(&self) -> bool {
        !self.dir.is_empty() || !self.reference.is_empty() || self.report.is_some()
    }
}

/// Parses `--pass`.
fn pass_mark(text: &str) -> Result<f64, String> {
    chainlab::class::parse_pass(text).map_err(|e| e.to_string())
}
