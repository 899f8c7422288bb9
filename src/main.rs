//! The `chainlab` binary: command-line dispatch; with no subcommand it opens
//! the desktop app. Built for wasm32 it is the web page's entry point instead
//! (the command line is native only).

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::run()
}

#[cfg(target_arch = "wasm32")]
fn main() {
    chainlab::gui::start();
}
