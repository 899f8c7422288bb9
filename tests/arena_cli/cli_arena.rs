//! The arena commands run as a real process: `players`, `match`,
//! `tournament`, `replay`, the match benchmark, and their errors.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::process::{Command, Output};

use crate::cli_util;

use cli_util::{chainlab, stderr, stdout};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chainlab-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_str(&stdout(o)).unwrap()
}

#[test]
fn players_lists_the_ladder() {
    let o = chainlab(&["players"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for spec in [
        "bot:random",
        "bot:greedy",
        "bot:expert",
        "bot:master",
        "bot:mcts",
    ] {
        assert!(out.contains(spec), "{spec}");
    }
    // Every option of the specs is explained, as `  NAME=`.
    for option in chainlab::bots::BotOption::ALL {
        let name = option.name();
        assert!(out.contains(&format!("  {name}=")), "no line on {name}=");
    }
    let v = json(&chainlab(&["players", "--json"]));
    let list = v.as_array().unwrap();
    assert!(list.len() >= 6);
    assert_eq!(list[0]["spec"], "bot:random");
    assert!(
        list.iter()
            .all(|b| b["description"].as_str().is_some_and(|d| !d.contains('\n')))
    );
}

#[test]
fn match_json_has_the_documented_fields_and_repeats_exactly() {
    let args = [
        "match",
        "bot:greedy",
        "bot:random",
        "--games",
        "30",
        "--seed",
        "7",
        "--openings",
        "2",
        "--json",
    ];
    let run = |threads: &str| {
        let mut a = args.to_vec();
        a.extend(["--threads", threads]);
        let mut v = json(&chainlab(&a));
        let timing = v.as_object_mut().unwrap().remove("time_per_move").unwrap();
        for side in ["a", "b"] {
            assert!(timing[side]["moves"].as_u64().unwrap() > 0, "{timing}");
            assert!(timing[side]["mean_ms"].as_f64().is_some(), "{timing}");
            assert!(timing[side]["max_ms"].as_f64().is_some(), "{timing}");
        }
        v.as_object_mut().unwrap().remove("seconds");
        v.as_object_mut().unwrap().remove("threads");
        v
    };
    let v = run("1");
    let (lo, hi) = (
        v["score_ci95"][0].as_f64().unwrap(),
        v["score_ci95"][1].as_f64().unwrap(),
    );
    let score = v["score_a"].as_f64().unwrap();
    assert!(lo <= score && score <= hi && hi <= 1.0, "{v}");
    for key in [
        "games",
        "wins_a",
        "wins_b",
        "score_a",
        "elo",
        "elo_ci95",
        "seed",
        "los",
        "average_length",
    ] {
        assert!(v.get(key).is_some(), "{key}");
    }
    assert_eq!(v["games"], 30);
    assert_eq!(v["seed"], 7);
    assert_eq!(v["elo_ci95"].as_array().unwrap().len(), 2);
    assert_eq!(
        v["wins_a"].as_u64().unwrap()
            + v["wins_b"].as_u64().unwrap()
            + v["draws"].as_u64().unwrap(),
        30
    );
    assert_eq!(run("2"), v);
}

#[test]
fn match_text_is_a_table() {
    let o = chainlab(&["match", "bot:greedy", "bot:random", "--games", "10"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Match: bot:greedy vs bot:random"), "{out}");
    assert!(out.contains("Elo difference"), "{out}");
    assert!(out.contains("LOS"), "{out}");
    // No progress bar when stderr is not a terminal.
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

#[test]
fn records_replay_and_check() {
    let dir = temp_dir("records");
    let file = dir.join("games.jsonl");
    let f = file.to_str().unwrap();
    let o = chainlab(&[
        "match",
        "bot:expert:depth=1",
        "bot:prefer-own",
        "--games",
        "6",
        "--records",
        f,
        "--players",
        "3",
        "--size",
        "4x4",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = cli_util::games_text(&file);
    assert_eq!(text.lines().count(), 6);
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    for key in [
        "game", "seed", "size", "rules", "players", "moves", "winner", "reason", "ranks",
    ] {
        assert!(first.get(key).is_some(), "{key}");
    }
    let o = chainlab(&["replay", f, "--check"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("6 games"), "{}", stdout(&o));
    let o = chainlab(&["replay", f, "--game", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Game 2"), "{out}");
    assert!(out.contains("1. A plays"), "{out}");
    assert!(out.contains("size 4x4"), "{out}");
    let o = chainlab(&["replay", f, "--game", "2", "--check"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("as recorded"));
    let o = chainlab(&["replay", f]);
    assert_eq!(stdout(&o).lines().count(), 7);
    // A tampered record fails the check with one line naming the game.
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            let w = v["winner"].as_str().unwrap_or("A").to_string();
            v["winner"] = serde_json::json!(if w == "A" { "B" } else { "A" });
            v.to_string()
        })
        .collect();
    std::fs::write(&file, lines.join("\n")).unwrap();
    let o = chainlab(&["replay", f, "--check"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("game 0"), "{}", stderr(&o));
    assert_eq!(stderr(&o).trim().lines().count(), 1);
    let o = chainlab(&["replay", f, "--game", "99"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no game 99"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tournament_prints_a_ranking_and_a_crosstable() {
    let o = chainlab(&[
        "tournament",
        "bot:random",
        "bot:greedy",
        "bot:prefer-own",
        "--games",
        "8",
        "--markdown",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("|   # | player"), "{out}");
    assert!(out.contains("| --: |"), "{out}");
    assert!(out.contains("Crosstable"), "{out}");
    let v = json(&chainlab(&[
        "tournament",
        "bot:greedy",
        "bot:random",
        "bot:prefer-own",
        "--games",
        "8",
        "--gauntlet",
        "--json",
    ]));
    assert_eq!(v["pairings"].as_array().unwrap().len(), 2);
    assert_eq!(v["standings"][0]["player"], "bot:greedy");
    let again = json(&chainlab(&[
        "tournament",
        "bot:greedy",
        "bot:random",
        "bot:prefer-own",
        "--games",
        "8",
        "--gauntlet",
        "--json",
        "--threads",
        "1",
    ]));
    assert_eq!(again["standings"], v["standings"]);
    // Tournament records name their pairing; replay selects by it.
    let dir = temp_dir("tournament");
    let file = dir.join("t.jsonl");
    let f = file.to_str().unwrap();
    let o = chainlab(&[
        "tournament",
        "bot:greedy",
        "bot:random",
        "bot:prefer-own",
        "--games",
        "4",
        "--records",
        f,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = chainlab(&["replay", f, "--pairing", "2", "--check"]);
    assert!(stdout(&o).starts_with("4 games"), "{}", stdout(&o));
    let o = chainlab(&["replay", f, "--pairing", "1", "--game", "3"]);
    assert!(
        stdout(&o).starts_with("Game 3 of pairing 1: A bot:prefer-own, B bot:greedy"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_are_one_line_errors() {
    for (args, needle) in [
        (
            &["match", "bot:nope", "bot:random"][..],
            "unknown built-in 'nope'",
        ),
        (
            &["match", "bot:expert:depth=x", "bot:random"],
            "depth must be",
        ),
        (
            &["match", "bot:expert:speed=3", "bot:random"],
            "unknown option 'speed'",
        ),
        (&["match", "greedy", "bot:random"], "expected a built-in"),
        (
            &["match", "bot:greedy", "bot:random", "--games", "0"],
            "--games must be at least 1",
        ),
        (
            &["match", "bot:greedy", "bot:random", "--games", "many"],
            "many",
        ),
        (
            &["match", "bot:greedy", "bot:random", "--sprt", "10", "0"],
            "must be below ELO1",
        ),
        (
            &["match", "bot:greedy", "bot:random", "--players", "9"],
            "2 to 8 players",
        ),
        (
            &["match", "bot:greedy", "bot:random", "--size", "1x1"],
            "1x1",
        ),
        (&["match", "bot:greedy"], "required"),
        (&["tournament", "bot:greedy"], "PLAYER"),
        (&["replay", "/nonexistent/games.jsonl"], "cannot read"),
    ] {
        let o = chainlab(args);
        assert_ne!(o.status.code(), Some(0), "{args:?}");
        let e = stderr(&o);
        assert_eq!(e.trim().lines().count(), 1, "{args:?}: {e}");
        assert!(e.starts_with("chainlab: error:"), "{e}");
        assert!(e.contains(needle), "{args:?}: {e}");
        assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
    }
}

#[test]
fn bench_reports_match_speed() {
    let o = chainlab(&["bench", "--quick", "--only", "match"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(!lines.is_empty());
    assert_eq!(lines[0]["threads"], 1);
    for v in &lines {
        assert_eq!(v["bench"], "match");
        assert!(v["games_per_s"].as_f64().unwrap() > 0.0);
        assert!(v["a"].as_str().unwrap().starts_with("bot:"));
    }
}

/// The reply entry: 08-expert and its reply twin on the same positions.
#[test]
fn bench_reports_the_cost_of_reply_measures() {
    let o = chainlab(&["bench", "--quick", "--only", "reply"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{}", stdout(&o));
    let v = &lines[0];
    assert_eq!(v["bench"], "reply");
    assert!(v["measures_switched"].as_u64().unwrap() > 0, "{v}");
    for key in ["after_decisions_per_s", "reply_decisions_per_s", "ratio"] {
        assert!(v[key].as_f64().unwrap() > 0.0, "{key}: {v}");
    }
}

#[test]
fn a_closed_pipe_ends_replay_quietly() {
    use std::io::Read;
    let dir = temp_dir("pipe");
    let file = dir.join("big.jsonl");
    let f = file.to_str().unwrap();
    let o = chainlab(&[
        "match",
        "bot:random",
        "bot:random",
        "--games",
        "1",
        "--size",
        "12x12",
        "--records",
        f,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut child = Command::new(env!("CARGO_BIN_EXE_chainlab"))
        .args(["replay", f, "--game", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = [0u8; 64];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // The read end is dropped here: the rest of the output has nowhere to go.
    let out = child.wait_with_output().unwrap();
    let e = stderr(&out);
    assert!(!e.contains("panicked"), "{e}");
    assert!(e.is_empty(), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
