//! Command-line interface: argument parsing, dispatch, and error reporting.
//!
//! Every command returns `Ok(exit code)` or a [`Failure`] that is printed as
//! one line on stderr; nothing here panics on bad input.
//!
//! The library's errors stay typed up to here (and the GUI); this is where
//! they become text. Their `Display` is the whole one-line message, the
//! cause's text included, so a failure prints `Display` alone and never the
//! `source()` chain after it; code that must decide something (an exit code,
//! whether a message names the spec) asks the error's variant.

/// `print!` that ends the command quietly when stdout is closed (as in
/// `chainlab replay FILE --game 3 | head`); needs a function returning `Result<_, Failure>`.
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::write_out(format_args!($($arg)*))? };
}

/// `println!` that ends the command quietly when stdout is closed.
macro_rules! outln {
    () => { $crate::cli::write_out(format_args!("\n"))? };
    ($($arg:tt)*) => { $crate::cli::write_out(format_args!("{}\n", format_args!($($arg)*)))? };
}

/// `eprintln!` that never panics (see [`write_err`]).
macro_rules! errln {
    ($($arg:tt)*) => { $crate::cli::write_err(format_args!($($arg)*)) };
}

mod analyze;
mod apply;
mod arena_args;
mod bench;
mod cancel;
mod engine;
mod explain;
mod export;
mod matches;
mod merge;
mod outputs;
mod players;
mod program_args;
mod puzzles;
mod replay;
mod runs;
mod share;
mod solve;
mod strategy_cmds;
mod tournament;
mod tune;

use std::process::ExitCode;

use chainlab::bots::external::sandbox::{SANDBOX_COMMAND, run_launcher};
use chainlab::input::{InputError, MAX_POSITION_BYTES, read_text};
use clap::{Parser, Subcommand};

/// Exit code of the sandbox launcher when it cannot run the program (as a
/// shell's 126, "found but cannot be run").
const EXIT_SANDBOX: u8 = 126;

/// Exit code: the command did what was asked.
pub const EXIT_OK: u8 = 0;
/// Exit code: bad input (a file or move that cannot be read or breaks the
/// rules, a strategy with errors) or a failed check.
pub const EXIT_BAD_INPUT: u8 = 1;
/// Exit code: the command line itself is wrong (unknown command or option, a
/// value that does not parse or is out of range, options that contradict).
pub const EXIT_USAGE: u8 = 2;
/// Exit code: an output cannot be written (a records file in use by another
/// run or not writable, stdout not writable).
pub const EXIT_OUTPUT: u8 = 3;
/// Exit code: stdout was closed (as for a process ended by SIGPIPE).
pub const EXIT_CLOSED: u8 = 141;

/// A command that failed: the message for stderr and the exit code
/// (the table is in `docs/limits.md`).
#[derive(Debug)]
pub struct Failure {
    code: u8,
    message: String,
}

impl Failure {
    /// Bad input or a failed check (exit code 1).
    pub fn new(message: impl Into<String>) -> Failure {
        Failure::with_code(EXIT_BAD_INPUT, message)
    }

    /// A command line that is wrong (exit code 2).
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure::with_code(EXIT_USAGE, message)
    }

    /// A failure with a specific exit code.
    pub fn with_code(code: u8, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
        }
    }
}

/// Writes to stdout; a closed pipe becomes a quiet failure (exit code 141, as
/// for a process ended by SIGPIPE) so that the command stops writing.
pub fn write_out(args: std::fmt::Arguments) -> Result<(), Failure> {
    use std::io::Write;
    if stdout_closed() {
        return Err(Failure::with_code(EXIT_CLOSED, ""));
    }
    match std::io::stdout().lock().write_fmt(args) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            Err(Failure::with_code(EXIT_CLOSED, ""))
        }
        Err(e) => Err(Failure::with_code(
            EXIT_OUTPUT,
            format!("cannot write to stdout: {e}"),
        )),
    }
}

/// Whether stdout was closed when chainlab started (`chainlab … >&-`),
/// found once. Rust's runtime puts `/dev/null` opened read-write on a
/// standard stream that is closed at start, where writes would vanish and the
/// command exit 0; a shell's `> /dev/null` opens it write-only. So stdout as
/// `/dev/null` opened read-write counts as closed (Linux, through
/// `/proc/self/fdinfo`; elsewhere it is never taken as closed).
fn stdout_closed() -> bool {
    static CLOSED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *CLOSED.get_or_init(stdout_is_runtime_null)
}

#[cfg(target_os = "linux")]
fn stdout_is_runtime_null() -> bool {
    use std::os::unix::fs::MetadataExt;
    let read_write = std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
        info.lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|flags| flags & 0o3 == 0o2)
    });
    let null = |p: &str| std::fs::metadata(p).map(|m| (m.dev(), m.ino(), m.rdev()));
    read_write && matches!((null("/proc/self/fd/1"), null("/dev/null")), (Ok(a), Ok(b)) if a == b)
}

#[cfg(not(target_os = "linux"))]
fn stdout_is_runtime_null() -> bool {
    false
}

/// Writes one line to stderr. Never panics: when stderr is full or closed
/// the line is lost, and the exit code still tells what happened.
pub fn write_err(args: std::fmt::Arguments) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.write_all(b"\n"));
}

/// The result of a command.
pub type CmdResult = Result<ExitCode, Failure>;

/// Reads a position file (text notation or JSON; at most
/// [`MAX_POSITION_BYTES`] bytes, counted while reading) as text.
pub fn read_position_text(path: &std::path::Path) -> Result<String, Failure> {
    read_text(path, MAX_POSITION_BYTES, "position files").map_err(|e| match e {
        InputError::NotUtf8 { .. } => Failure::new(format!("{}: {e}", path.display())),
        _ => Failure::new(e.to_string()),
    })
}

/// Names, labels and messages as printed: control characters escaped.
pub use chainlab::input::printable as shown;

#[derive(Parser, Debug)]
#[command(
    name = "chainlab",
    version,
    about = "Model Chain Reaction strategies as node graphs, explain them, and test them in matches.",
    long_about = "Model Chain Reaction strategies as node graphs, explain them, and test them in matches.\n\nWith no command, chainlab opens the desktop app."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play moves on a board and print the resulting position.
    Apply(apply::Args),
    /// Value every move of a game or position with a strong search; mark mistakes.
    Analyze(analyze::Args),
    /// List the built-in computer players and how to name them.
    Players(players::Args),
    /// Play a match between two players and report score, Elo and more.
    Match(matches::Args),
    /// Play a round robin or gauntlet, or grade a folder of submissions (class tournament).
    Tournament(tournament::Args),
    /// Print, list or check the games of a records file.
    Replay(replay::Args),
    /// Join the records of a run's shards and print the run's report.
    Merge(merge::Args),
    /// Score a player on puzzle positions: solved and points per theme, failed puzzles.
    Puzzles(puzzles::Args),
    /// Solve a small board exactly: the winner and the length of the perfect game.
    Solve(solve::Args),
    /// Tune a strategy's constants by SPSA against opponents and validate the gain.
    Tune(tune::Args),
    /// Measure speed; prints one JSON object per line.
    Bench(bench::Args),
    /// Check strategy files and print every error and warning.
    Validate(strategy_cmds::ValidateArgs),
    /// Print the value a strategy gives every cell of a position.
    Score(strategy_cmds::ScoreArgs),
    /// Print every node's value for one cell of a position.
    Explain(explain::ExplainArgs),
    /// Write a strategy as a Python module (--python) that plays through the chainlab package.
    Export(export::Args),
    /// Print the node reference (the content of docs/nodes.md).
    Nodes,
    /// Print a link that opens a strategy in the web page (no server needed).
    Share(share::Args),
    /// Run a player as an engine of the text protocol on stdin/stdout (docs/protocol.md).
    Engine(engine::Args),
}

/// Parses the command line, runs the command, and reports errors.
pub fn run() -> ExitCode {
    // The sandbox launcher (bots::external::sandbox): restricts itself and
    // becomes the program; it returns only when it could not.
    let mut raw = std::env::args_os().skip(1);
    if raw.next().is_some_and(|first| first == SANDBOX_COMMAND) {
        let problem = run_launcher(raw);
        errln!("chainlab: {problem}");
        return ExitCode::from(EXIT_SANDBOX);
    }
    // `chainlab FILE.json` opens the app with that file, as desktop apps do.
    let file = lone_strategy_file();
    let cli = match (&file, Cli::try_parse()) {
        (Some(_), _) => Cli { command: None },
        (None, Ok(cli)) => cli,
        (None, Err(e)) => return clap_failure(&e),
    };
    let result = match cli.command {
        None => open_app(file),
        Some(Command::Apply(args)) => apply::run(&args),
        Some(Command::Analyze(args)) => analyze::run(&args),
        Some(Command::Players(args)) => players::run(&args),
        Some(Command::Match(args)) => matches::run(&args),
        Some(Command::Tournament(args)) => tournament::run(&args),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Merge(args)) => merge::run(&args),
        Some(Command::Puzzles(args)) => puzzles::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Tune(args)) => tune::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Validate(args)) => strategy_cmds::validate(&args),
        Some(Command::Score(args)) => strategy_cmds::score(&args),
        Some(Command::Explain(args)) => explain::explain(&args),
        Some(Command::Export(args)) => export::run(&args),
        Some(Command::Nodes) => strategy_cmds::nodes(),
        Some(Command::Share(args)) => share::run(&args),
        Some(Command::Engine(args)) => engine::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(failure) => {
            if !failure.message.is_empty() {
                // Messages quote file contents: escaped, they stay one line.
                // Each overlong token is cut to its first 200 characters.
                let message = chainlab::input::clip_words(&failure.message);
                errln!("chainlab: error: {}", shown(&message));
            }
            ExitCode::from(failure.code)
        }
    }
}

/// The only argument, when it is a strategy file (`NAME.json`) to open in the app.
fn lone_strategy_file() -> Option<std::path::PathBuf> {
    let mut args = std::env::args_os().skip(1);
    let (Some(file), None) = (args.next(), args.next()) else {
        return None;
    };
    let path = std::path::PathBuf::from(file);
    let is_json = chainlab::bots::is_strategy_path(&path);
    (is_json && !path.to_string_lossy().starts_with('-')).then_some(path)
}

/// Prints help and version normally, and other clap errors as one line.
fn clap_failure(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = e.print();
        return ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { EXIT_OK });
    }
    let rendered = e.render().to_string();
    let mut lines = rendered.lines().skip_while(|l| l.trim().is_empty());
    let mut first = lines
        .next()
        .unwrap_or("bad arguments")
        .trim_start_matches("error: ")
        .to_string();
    // "the following required arguments were not provided:" lists them on
    // the next, indented lines.
    if first.ends_with(':') {
        let listed: Vec<&str> = lines
            .take_while(|l| l.starts_with("  "))
            .map(str::trim)
            .collect();
        first = format!("{} {}", first, listed.join(" "));
    }
    let first = chainlab::input::clip_words(&first);
    errln!("chainlab: error: {first} (see 'chainlab --help' or 'chainlab COMMAND --help')");
    ExitCode::from(EXIT_USAGE)
}

#[cfg(feature = "gui")]
fn open_app(file: Option<std::path::PathBuf>) -> CmdResult {
    match chainlab::gui::run(file) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(Failure::new(format!("cannot open the desktop app: {e}"))),
    }
}

/// Without the `gui` feature there is no app: print the command overview.
#[cfg(not(feature = "gui"))]
fn open_app(file: Option<std::path::PathBuf>) -> CmdResult {
    use clap::CommandFactory;
    if let Some(file) = file {
        return Err(Failure::new(format!(
            "cannot open {}: this chainlab was built without the desktop app",
            file.display()
        )));
    }
    let mut cmd = Cli::command();
    outln!("{}", cmd.render_long_help());
    Ok(ExitCode::SUCCESS)
}
