//! Damaged and interrupted runs through the real binary (issue 33): a
//! records file cut short is read up to its last whole game; a class
//! tournament stopped by Ctrl+C grades and rates only who played; error
//! lines quote at most 200 characters of a token; a closed stdout exits 141;
//! games and moves are numbered alike; analyze says when it caps its node
//! budget. `CHAINLAB_TEST_BIN` runs them against another build (each fails
//! on the build before the issue).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::cli_outputs::{error_line, run_in, temp_dir, tuning_dir};
use crate::cli_util;

use std::path::Path;
use std::process::{Command, Stdio};

use cli_util::{bin, stderr, stdout};

#[test]
fn a_last_line_cut_short_keeps_the_games_before_it() {
    let dir = temp_dir("cut");
    let o = run_in(
        &dir,
        &[
            "match",
            "bot:random",
            "bot:greedy",
            "--games",
            "6",
            "--records",
            "g.jsonl",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let whole = std::fs::read(dir.join("g.jsonl")).unwrap();
    std::fs::write(dir.join("cut.jsonl"), &whole[..whole.len() - 40]).unwrap();
    let warning = "chainlab: warning: cut.jsonl: game record: line 7, the last, is cut short";
    let o = run_in(&dir, &["replay", "cut.jsonl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 1 + 5, "{}", stdout(&o));
    assert!(stderr(&o).starts_with(warning), "{}", stderr(&o));
    assert_eq!(stderr(&o).lines().count(), 1, "warned once");
    let o = run_in(&dir, &["replay", "cut.jsonl", "--check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("5 games in cut.jsonl"),
        "{}",
        stdout(&o)
    );
    assert!(stderr(&o).starts_with(warning), "{}", stderr(&o));
    let o = run_in(&dir, &["analyze", "cut.jsonl", "--nodes", "100", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains(warning), "{}", stderr(&o));
    // The reader the app uses too: five games, then the one cut line.
    let read: Vec<_> =
        chainlab::arena::read_records(std::fs::read(dir.join("cut.jsonl")).unwrap().as_slice())
            .collect();
    assert_eq!(read.len(), 6);
    assert!(read[..5].iter().all(Result::is_ok));
    assert!(
        read[5]
            .as_ref()
            .is_err_and(chainlab::arena::ArenaError::is_truncated)
    );
    // A bad line that is not the last is still an error.
    let mut middle = whole.clone();
    middle.splice(0..0, b"{\"game\": \n".iter().copied());
    std::fs::write(dir.join("bad.jsonl"), middle).unwrap();
    let o = run_in(&dir, &["replay", "bad.jsonl", "--check"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    std::fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn ctrl_c_in_a_class_tournament_grades_and_rates_only_who_played() {
    let dir = temp_dir("class-stop");
    let subs = dir.join("subs");
    std::fs::create_dir(&subs).unwrap();
    for name in ["alice", "bob", "carol"] {
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies/01-prefer-corners.json"),
            subs.join(format!("{name}.json")),
        )
        .unwrap();
    }
    let mut child = Command::new(bin())
        .current_dir(&dir)
        .args([
            "tournament",
            "--dir",
            "subs",
            "--gauntlet",
            "--reference",
            "bot:greedy",
        ])
        .args(["--games", "1000000", "--threads", "1", "--report", "rep"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Stopped once alice has played (her games reach the records file).
    let records = dir.join("rep/games.jsonl");
    while std::fs::read_to_string(&records).map_or(0, |t| t.lines().count()) < 3 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the tournament ended by itself"
        );
        std::thread::yield_now();
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let md = std::fs::read_to_string(dir.join("rep/report.md")).unwrap();
    assert!(
        md.starts_with("# Class tournament (incomplete: stopped before the end)"),
        "{md}"
    );
    let html = std::fs::read_to_string(dir.join("rep/report.html")).unwrap();
    assert!(html.contains("<h1>Class tournament (incomplete: stopped before the end)</h1>"));
    let csv = std::fs::read_to_string(dir.join("rep/report.csv")).unwrap();
    for name in ["bob", "carol"] {
        let row = md
            .lines()
            .find(|l| l.contains(&format!("| {name} ")))
            .unwrap();
        assert!(row.contains("not graded") && !row.contains("fail"), "{row}");
        let line = csv.lines().find(|l| l.starts_with(name)).unwrap();
        assert!(
            line.contains("not graded") && !line.ends_with(",no"),
            "{line}"
        );
        // No games, no rating: the ratings table shows "-".
        let rated = md
            .lines()
            .skip_while(|l| !l.starts_with("## Ratings"))
            .find(|l| l.contains(&format!("| {name} ")))
            .unwrap();
        let cells: Vec<&str> = rated.split('|').map(str::trim).collect();
        assert_eq!(cells[8], "-", "{rated}");
    }
    let alice = md.lines().find(|l| l.contains("| alice ")).unwrap();
    assert!(alice.contains("fail") || alice.contains("pass"), "{alice}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn error_lines_quote_at_most_200_characters_of_a_token() {
    let dir = tuning_dir("token");
    let long = "x".repeat(100_000);
    let checks: [(Vec<String>, &str); 3] = [
        (
            vec!["match".into(), format!("bot:{long}"), "bot:random".into()],
            "… (100004 bytes)",
        ),
        (
            vec!["apply".into(), "--moves".into(), long.clone()],
            "… (100000 bytes)",
        ),
        (
            vec!["validate".into(), "kind.json".into()],
            "… (5000000 bytes)",
        ),
    ];
    let mut strategy: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("s.json")).unwrap()).unwrap();
    strategy["nodes"][0]["kind"] = serde_json::Value::String("K".repeat(5_000_000));
    std::fs::write(dir.join("kind.json"), strategy.to_string()).unwrap();
    for (args, says) in checks {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run_in(&dir, &args);
        assert!(!o.status.success());
        let e = stderr(&o);
        assert!(e.len() < 1200, "{} bytes: {}", e.len(), &e[..300]);
        assert!(e.contains(says), "{e}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_closed_stdout_exits_141() {
    let dir = temp_dir("closed");
    let o = run_in(
        &dir,
        &[
            "match",
            "bot:random",
            "bot:greedy",
            "--games",
            "2",
            "--records",
            "g.jsonl",
        ],
    );
    assert!(o.status.success());
    let closed = |redirect: &str| {
        Command::new("sh")
            .current_dir(&dir)
            .arg("-c")
            .arg(format!("exec \"$0\" replay g.jsonl {redirect}"))
            .arg(bin())
            .status()
            .unwrap()
            .code()
    };
    assert_eq!(closed(">&-"), Some(141));
    assert_eq!(closed(">/dev/null"), Some(0));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn replay_and_analyze_number_games_and_moves_alike() {
    let dir = temp_dir("numbers");
    let o = run_in(
        &dir,
        &[
            "match",
            "bot:random",
            "bot:greedy",
            "--games",
            "2",
            "--records",
            "g.jsonl",
        ],
    );
    assert!(o.status.success());
    let text = cli_util::games_text(dir.join("g.jsonl"));
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Game 1's third move goes where its second went: illegal.
    let moves = lines[1]["moves"].as_str().unwrap().to_string();
    let mut moves: Vec<&str> = moves.split(' ').collect();
    moves[2] = moves[1];
    lines[1]["moves"] = serde_json::Value::String(moves.join(" "));
    let bad: Vec<String> = lines.iter().map(ToString::to_string).collect();
    std::fs::write(dir.join("bad.jsonl"), bad.join("\n") + "\n").unwrap();
    let said = format!("game 1: move 3 ({})", moves[2]);
    for args in [
        vec!["replay", "bad.jsonl", "--check"],
        vec!["replay", "bad.jsonl", "--game", "1"],
        vec!["analyze", "bad.jsonl", "--game", "1", "--nodes", "100"],
    ] {
        let o = run_in(&dir, &args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let e = error_line(&o);
        assert!(e.contains(&said), "{args:?}: {e}");
        assert_eq!(e.matches("game 1").count(), 1, "{e}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn analyze_says_when_it_caps_the_node_budget() {
    let dir = temp_dir("nodes");
    let o = run_in(&dir, &["apply", "--size", "20x20", "--moves", "0,0"]);
    std::fs::write(dir.join("big.txt"), stdout(&o)).unwrap();
    let o = run_in(
        &dir,
        &[
            "analyze",
            "--position",
            "big.txt",
            "--nodes",
            "1000000",
            "--json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--nodes 1000000 is capped at 500000 on 20x20"),
        "{}",
        stderr(&o)
    );
    let o = run_in(
        &dir,
        &[
            "analyze",
            "--position",
            "big.txt",
            "--nodes",
            "1000",
            "--json",
        ],
    );
    assert_eq!(stderr(&o), "");
    // The size refusal is the same for one position as for a game.
    let size: chainlab::rules::Size = "20x20".parse().unwrap();
    assert!(chainlab::analysis::check_work(1, size, 500_000).is_ok());
    assert!(chainlab::analysis::check_work(1, size, u64::MAX).is_err());
    std::fs::remove_dir_all(dir).unwrap();
}
