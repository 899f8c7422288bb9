//! Command-line interface: argument parsing, dispatch, and error reporting.
//!
//! Every command returns `Ok(exit code)` or a [`Failure`] that is printed as
//! one line on stderr; nothing here panics on bad input.

mod apply;
mod bench;
mod strategy_cmds;

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
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_failure(&e),
    };
    let result = match cli.command {
        None => open_app(),
        Some(Command::Apply(args)) => apply::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Validate(args)) => strategy_cmds::validate(&args),
        Some(Command::Score(args)) => strategy_cmds::score(&args),
        Some(Command::Explain(args)) => strategy_cmds::explain(&args),
        Some(Command::Nodes) => strategy_cmds::nodes(),
    };
    match result {
        Ok(code) => code,
        Err(failure) => {
            eprintln!("chainlab: error: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
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
    // The first paragraph on one line: it can continue on indented lines
    // (the names of missing arguments).
    let first: Vec<&str> = rendered
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let first = match first.join(" ") {
        text if text.is_empty() => "bad arguments".to_string(),
        text => text.trim_start_matches("error: ").to_string(),
    };
    eprintln!("chainlab: error: {first} (see 'chainlab --help' or 'chainlab COMMAND --help')");
    ExitCode::from(2)
}

fn open_app() -> CmdResult {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    println!("{}", cmd.render_long_help());
    Ok(ExitCode::SUCCESS)
}
