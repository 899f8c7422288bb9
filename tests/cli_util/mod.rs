//! Helpers of the command-line tests: run the `chainlab` binary from the
//! repository root and read what it printed.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Output};

/// The binary under test: this build's, or the one `CHAINLAB_TEST_BIN`
/// names (to run a test against an older build and see it fail).
pub fn bin() -> std::path::PathBuf {
    std::env::var_os("CHAINLAB_TEST_BIN")
        .map_or_else(|| env!("CARGO_BIN_EXE_chainlab").into(), Into::into)
}

/// Runs `chainlab ARGS` in the repository root and waits for it.
pub fn chainlab(args: &[&str]) -> Output {
    Command::new(bin())
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

/// A records file's text without its header line (the run's identity,
/// `{"chainlab_records":…}`): one line per game.
pub fn games_text(path: impl AsRef<std::path::Path>) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with("{\"chainlab_records\""))
        .map(|l| format!("{l}\n"))
        .collect()
}
