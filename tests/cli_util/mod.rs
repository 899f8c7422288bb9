//! Helpers of the command-line tests: run the `chainlab` binary from the
//! repository root and read what it printed.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Output};

/// Runs `chainlab ARGS` in the repository root and waits for it.
pub fn chainlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chainlab"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap()
}

/// What the command printed on stdout.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What the command printed on stderr.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
