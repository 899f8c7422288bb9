//! Command-line interface: argument parsing, dispatch, and error reporting.
//!
//! Every command returns `Ok(exit code)` or a [`Failure`] that is printed as
//! one line on stderr; nothing here panics on bad input.

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

mod apply;
mod arena_args;
mod bench;
mod matches;
mod players;
mod replay;
mod strategy_cmds;
mod tournament;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// A command that failed: the message for stderr and the exit code.
#[derive(Debug)]
pub struct Failure {
    code: u8,
    message: String,
}

impl Failure {
    /// A general failure (exit code 1).
    pub fn new(message: impl Into<String>) -> Failure {
        Failure {
            code: 1,
            message: message.into(),
        }
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
    match std::io::stdout().lock().write_fmt(args) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Failure::with_code(141, "")),
        Err(e) => Err(Failure::new(format!("cannot write to stdout: {e}"))),
    }
}

/// The result of a command.
pub type CmdResult = Result<ExitCode, Failure>;

/// Reads a file as text, with the path in the error.
pub fn read_text(path: &std::path::Path) -> Result<String, Failure> {
    const LIMIT: u64 = 64 * 1024 * 1024;
    let meta = std::fs::metadata(path)
        .map_err(|e| Failure::new(format!("cannot read {}: {e}", path.display())))?;
    if meta.len() > LIMIT {
        return Err(Failure::new(format!(
            "{} is too large ({} bytes; the limit is {LIMIT})",
            path.display(),
            meta.len()
        )));
    }
    std::fs::read_to_string(path)
        .map_err(|e| Failure::new(format!("cannot read {}: {e}", path.display())))
}

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
    /// List the built-in computer players and how to name them.
    Players(players::Args),
    /// Play a match between two players and report score, Elo and more.
    Match(matches::Args),
    /// Play a round robin or gauntlet and print a ranking and a crosstable.
    Tournament(tournament::Args),
    /// Print, list or check the games of a records file.
    Replay(replay::Args),
    /// Measure speed; prints one JSON object per line.
    Bench(bench::Args),
    /// Check strategy files and print every error and warning.
    Validate(strategy_cmds::ValidateArgs),
    /// Print the value a strategy gives every cell of a position.
    Score(strategy_cmds::ScoreArgs),
    /// Print every node's value for one cell of a position.
    Explain(strategy_cmds::ExplainArgs),
    /// Print the node reference (the content of docs/nodes.md).
    Nodes,
}

/// Parses the command line, runs the command, and reports errors.
pub fn run() -> ExitCode {
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
        Some(Command::Players(args)) => players::run(&args),
        Some(Command::Match(args)) => matches::run(&args),
        Some(Command::Tournament(args)) => tournament::run(&args),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Validate(args)) => strategy_cmds::validate(&args),
        Some(Command::Score(args)) => strategy_cmds::score(&args),
        Some(Command::Explain(args)) => strategy_cmds::explain(&args),
        Some(Command::Nodes) => strategy_cmds::nodes(),
    };
    match result {
        Ok(code) => code,
        Err(failure) => {
            if !failure.message.is_empty() {
                eprintln!("chainlab: error: {}", failure.message);
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
    let is_json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
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
        return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
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
    eprintln!("chainlab: error: {first} (see 'chainlab --help' or 'chainlab COMMAND --help')");
    ExitCode::from(2)
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
