//! `chainlab match` with move limits and a time control, run as a real
//! process: a deep search is stopped and the match finishes. A watchdog
//! kills a run that hangs (no test measures time).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far longer than any of these runs needs; reaching it means a hang.
const WATCHDOG: Duration = Duration::from_secs(180);

/// Runs `chainlab ARGS`; returns the exit code, stdout and stderr, or fails
/// (after killing it) when it runs past the watchdog.
fn chainlab(args: &[&str]) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chainlab"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let began = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if began.elapsed() > WATCHDOG {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("chainlab {args:?} still ran after {WATCHDOG:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (mut out, mut err) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code(), out, err)
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = chainlab(args);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn a_move_limit_stops_a_deep_search_and_the_match_ends() {
    // The reproducer of the issue (it ran forever), on two games.
    let v = json(&[
        "match",
        "bot:expert:depth=30",
        "bot:random",
        "--move-limit",
        "500",
        "--games",
        "2",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(v["games"], 2);
    // Without a cap of its own the search is stopped at the limit and forfeits.
    let v = json(&[
        "match",
        "bot:expert:depth=30,nodes=1000000000000",
        "bot:random",
        "--move-limit",
        "200",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(v["games"], 2);
    assert_eq!(v["forfeits_a"], 2);
    assert_eq!(v["forfeits_b"], 0);
}

#[test]
fn a_time_control_stops_deep_searches_in_time() {
    let v = json(&[
        "match",
        "bot:expert:depth=30,nodes=1000000000000",
        "bot:mcts:iters=100000000",
        "--time-per-move",
        "40",
        "--time-margin",
        "30000",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(v["games"], 2);
    assert_eq!(v["forfeits_a"], 0);
    assert_eq!(v["forfeits_b"], 0);
    let (code, out, err) = chainlab(&[
        "match",
        "bot:expert",
        "bot:random",
        "--time-per-move",
        "5000",
        "--games",
        "2",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("Time control    5000 ms per move (a move over 5100 ms forfeits)"),
        "{out}"
    );
    assert!(
        out.contains("--time-per-move) and programs (cmd:) make results depend on the machine"),
        "{out}"
    );
}

#[test]
fn bad_time_options_are_usage_errors() {
    for (args, needle) in [
        (
            &["--time-per-move", "0"][..],
            "--time-per-move 0: give a whole number of milliseconds from 1 to 3600000",
        ),
        (
            &["--move-limit", "3600001"][..],
            "--move-limit 3600001: give a whole number",
        ),
        (
            &["--time-per-move", "10", "--time-margin", "9999999"][..],
            "--time-margin 9999999",
        ),
        (&["--time-margin", "10"][..], "--time-per-move"),
    ] {
        let mut all = vec!["match", "bot:random", "bot:random", "--games", "2"];
        all.extend_from_slice(args);
        let (code, _, err) = chainlab(&all);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}
