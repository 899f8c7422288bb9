//! The `chainlab` binary: command-line dispatch; with no subcommand it opens the desktop app.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
