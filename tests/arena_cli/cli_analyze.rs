//! `chainlab analyze` run as a real process: a position's moves best first
//! (text and JSON), a game move by move with its sums, every game summed per
//! player, the calibration fit, and one-line errors for bad input.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::cli_util;

use cli_util::{chainlab, stderr, stdout};

const RECORDS: &str = "tests/data/records/games.jsonl";
const WIN_IN_ONE: &str = "tests/data/positions/3x3-hand.txt";

fn temp(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("chainlab-analyze-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_position_lists_every_move_best_first() {
    let out = chainlab(&[
        "analyze",
        "--position",
        WIN_IN_ONE,
        "--nodes",
        "2000",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let moves = json["analysis"]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6, "{json}");
    assert_eq!(moves[0]["cell"], "1,1");
    assert_eq!(moves[0]["best"], true);
    assert_eq!(moves[0]["win_chance"], 1.0);
    assert!(moves[1..].iter().all(|m| m["best"] == false));
    assert_eq!(json["analysis"]["mover"], "A");

    let text = chainlab(&["analyze", "--position", WIN_IN_ONE, "--nodes", "2000"]);
    let printed = stdout(&text);
    assert!(
        printed.contains("A to move: win chance 100.0%"),
        "{printed}"
    );
    let first_move = printed.lines().nth(2).unwrap();
    assert!(
        first_move.starts_with("1,1") && first_move.ends_with("best"),
        "{printed}"
    );
}

#[test]
fn a_game_is_printed_move_by_move_with_its_sums() {
    let out = chainlab(&["analyze", RECORDS, "--game", "0", "--nodes", "2000"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("game 0: bot:greedy (A) vs bot:random (B): A wins"),
        "{text}"
    );
    assert!(text.contains("accuracy"), "{text}");
    assert!(text.contains("blunder ??"), "random play blunders: {text}");
    let json = chainlab(&[
        "analyze", RECORDS, "--game", "0", "--nodes", "2000", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    let plies = v["analysis"]["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 51);
    assert_eq!(plies[0]["played"], "0,4");
    assert_eq!(v["summary"].as_array().unwrap().len(), 2);
}

#[test]
fn every_game_is_summed_per_player_and_the_model_can_be_fitted() {
    let out = chainlab(&["analyze", RECORDS, "--nodes", "500", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let players = v["players"].as_array().unwrap();
    let names: Vec<&str> = players
        .iter()
        .map(|p| p["player"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"bot:greedy") && names.contains(&"bot:random"),
        "{v}"
    );
    let acc = |name: &str| {
        players.iter().find(|p| p["player"] == name).unwrap()["accuracy"]
            .as_f64()
            .unwrap()
    };
    assert!(acc("bot:greedy") > acc("bot:random"), "{v}");

    let fit = chainlab(&["analyze", RECORDS, "--nodes", "500", "--calibrate"]);
    assert!(fit.status.success(), "{}", stderr(&fit));
    assert!(stdout(&fit).contains("fitted scale"), "{}", stdout(&fit));
}

#[test]
fn bad_input_gets_one_line_errors() {
    let cases: Vec<(Vec<String>, i32, &str)> = vec![
        (vec![], 2, "give a records file or --position"),
        (
            vec![RECORDS.into(), "--position".into(), WIN_IN_ONE.into()],
            2,
            "cannot be used with",
        ),
        (
            vec![RECORDS.into(), "--game".into(), "99".into()],
            1,
            "has no game 99",
        ),
        (
            vec!["--position".into(), "tests/data/positions/won.txt".into()],
            1,
            "game is over",
        ),
        (vec!["--position".into(), "/dev/zero".into()], 1, "position"),
        (vec!["/dev/zero".into()], 1, "line 1"),
        (
            vec![
                "--position".into(),
                WIN_IN_ONE.into(),
                "--nodes".into(),
                "0".into(),
            ],
            2,
            "nodes",
        ),
        (
            vec![
                "--position".into(),
                temp(
                    "bad.txt",
                    "size 5x6\nrules standard\nplayers 2\nto-move A\nplaced -\nmoves 0\nQ9",
                ),
            ],
            1,
            "line",
        ),
        (
            vec![
                temp(
                    "illegal.jsonl",
                    r#"{"game":7,"seed":1,"size":"5x6","rules":"standard","players":["a","b"],"sides":"ab","opening":0,"moves":"0,0 0,0","winner":null,"forfeit":null,"reason":"","ranks":null}"#,
                ),
                "--game".into(),
                "7".into(),
            ],
            1,
            "game 7: move 2 (0,0) is illegal",
        ),
    ];
    for (args, code, needle) in cases {
        let mut all = vec!["analyze"];
        all.extend(args.iter().map(String::as_str));
        let out = chainlab(&all);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(code), "{all:?}: {err}");
        assert!(err.contains(needle), "{all:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{all:?}: {err}");
    }
}

#[test]
fn a_match_can_be_analysed_per_side() {
    let out = chainlab(&[
        "match",
        "bot:greedy",
        "bot:random",
        "--games",
        "2",
        "--size",
        "3x3",
        "--seed",
        "5",
        "--analyse",
        "--analyse-nodes",
        "500",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let sides = v["analysis"].as_array().unwrap();
    assert_eq!(sides.len(), 2, "{v}");
    assert_eq!(sides[0]["player"], "bot:greedy");
    assert_eq!(sides[1]["player"], "bot:random");
    let moves: u64 = sides.iter().map(|s| s["moves"].as_u64().unwrap()).sum();
    assert!(moves > 0);
    let text = chainlab(&[
        "match",
        "bot:greedy",
        "bot:greedy",
        "--games",
        "2",
        "--size",
        "3x3",
        "--analyse",
        "--analyse-nodes",
        "500",
    ]);
    let printed = stdout(&text);
    assert!(printed.contains("Analysis of every game"), "{printed}");
    assert!(
        printed.contains("bot:greedy (side A)") && printed.contains("bot:greedy (side B)"),
        "{printed}"
    );
}

/// The analysis entry of `chainlab bench`: both boards, time and depth.
#[test]
fn bench_reports_the_analyser_per_board() {
    let o = chainlab(&["bench", "--quick", "--only", "analysis"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{}", stdout(&o));
    assert_eq!(lines[0]["size"], "5x6");
    assert_eq!(lines[1]["size"], "9x6");
    for v in &lines {
        assert_eq!(v["bench"], "analysis");
        for key in [
            "ms_per_position",
            "search_ms_per_position",
            "ratio_to_search",
            "mean_depth",
        ] {
            assert!(v[key].as_f64().unwrap() > 0.0, "{key}: {v}");
        }
    }
}
