//! The command line run as a real process: `apply`, `bench` and error handling.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::cli_util;

use cli_util::{chainlab, stderr, stdout};

#[test]
fn apply_prints_the_documented_json() {
    let o = chainlab(&["apply", "--size", "9x6", "--moves", "0,0 8,5 0,0", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rows"], 9);
    assert_eq!(v["cols"], 6);
    assert_eq!(v["to_move"], 1);
    assert_eq!(v["winner"], serde_json::Value::Null);
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 9);
    assert_eq!(cells[0][0], serde_json::Value::Null);
    assert_eq!(cells[0][1], serde_json::json!({"player": 0, "atoms": 1}));
    assert_eq!(cells[1][0], serde_json::json!({"player": 0, "atoms": 1}));
    assert_eq!(cells[8][5], serde_json::json!({"player": 1, "atoms": 1}));
}

#[test]
fn apply_reports_the_winner_and_refuses_moves_after_it() {
    let o = chainlab(&["apply", "--size", "2x2", "--moves", "0,0 0,1 0,0", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["winner"], 0);
    assert_eq!(v["to_move"], serde_json::Value::Null);
    let o = chainlab(&["apply", "--size", "2x2", "--moves", "0,0 0,1 0,0 1,1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    assert!(
        stderr(&o).contains("move 4") && stderr(&o).contains("game is over"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn apply_errors_name_the_move_and_follow_the_exit_code_table() {
    // An illegal move is bad input (1), as in a record; a move that is not
    // ROW,COL is a usage error (2). See docs/limits.md.
    for (moves, needle, code) in [
        ("0,0 0,0", "move 2 '0,0'", 1),
        ("0,0 9,0", "off the 9x6 board", 1),
        ("0,0 x", "bad cell 'x'", 2),
    ] {
        let o = chainlab(&["apply", "--size", "9x6", "--moves", moves]);
        assert_eq!(o.status.code(), Some(code), "{moves}");
        assert!(stdout(&o).is_empty(), "{moves}");
        let e = stderr(&o);
        assert!(e.contains(needle), "{moves}: {e}");
        assert_eq!(e.trim().lines().count(), 1, "{e}");
    }
}

#[test]
fn apply_from_a_position_file_with_variants() {
    let dir = std::env::temp_dir().join(format!("chainlab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("start.txt");
    std::fs::write(
        &file,
        "size 3x3\nrules overflow\nplaced A B\nmoves 3\nA2 . .\n. . .\n. . B1\n",
    )
    .unwrap();
    let o = chainlab(&["apply", "--start", file.to_str().unwrap(), "--moves", "0,0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("A1 A1 ."), "{}", stdout(&o));
    let o = chainlab(&[
        "apply",
        "--start",
        file.to_str().unwrap(),
        "--rules",
        "standard",
        "--moves",
        "",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("contradicts"), "{}", stderr(&o));
    std::fs::write(&file, "size 3x3\nZ1 . .\n. . .\n. . .\n").unwrap();
    let o = chainlab(&["apply", "--start", file.to_str().unwrap(), "--moves", ""]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("line 2"), "{}", stderr(&o));
    let o = chainlab(&[
        "apply",
        "--start",
        dir.join("missing.txt").to_str().unwrap(),
        "--moves",
        "",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_are_one_line_errors() {
    for args in [
        &["apply", "--size", "1x6", "--moves", ""][..],
        &["apply", "--players", "9", "--moves", ""],
        &["apply", "--rules", "chaos", "--moves", ""],
        &["apply"],
        &["frobnicate"],
    ] {
        let o = chainlab(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert_eq!(e.trim().lines().count(), 1, "{args:?}: {e}");
        assert!(e.starts_with("chainlab: error:"), "{e}");
    }
}

/// Every command `chainlab --help` lists has its own help, and the README
/// shows it (a command added without its line in the README fails here).
#[test]
fn every_command_has_help_and_a_line_in_the_readme() {
    let o = chainlab(&["--help"]);
    assert!(o.status.success());
    let help = stdout(&o);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    assert!(commands.len() >= 14, "{help}");
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for cmd in commands {
        let o = chainlab(&[cmd, "--help"]);
        assert!(o.status.success(), "{cmd}");
        assert!(stdout(&o).contains("Usage"), "{cmd}");
        assert!(
            readme.contains(&format!("chainlab {cmd} ")),
            "README.md shows no 'chainlab {cmd} …'"
        );
    }
}

#[test]
fn the_search_bench_counts_the_same_nodes_every_run() {
    let run = || {
        let o = chainlab(&["bench", "--quick", "--only", "search"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let lines: Vec<serde_json::Value> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let kinds: Vec<&str> = lines.iter().map(|v| v["bench"].as_str().unwrap()).collect();
        assert_eq!(
            kinds,
            [
                "search",
                "search",
                "search_depth",
                "search_depth",
                "summary"
            ]
        );
        let summary = &lines[4];
        for size in ["5x6", "9x6"] {
            assert!(
                summary[format!("master_ms_to_depth_6_{size}")]
                    .as_f64()
                    .unwrap()
                    > 0.0
            );
        }
        lines[..4]
            .iter()
            .map(|v| {
                assert!(v["nodes_per_s"].as_f64().unwrap() > 0.0);
                let name = format!("{} {}", v["search"], v["size"]);
                (name, v["nodes"].as_u64().unwrap())
            })
            .collect::<Vec<_>>()
    };
    let first = run();
    let names: Vec<&str> = first.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "\"expert\" null",
            "\"master\" null",
            "\"master\" \"5x6\"",
            "\"master\" \"9x6\""
        ]
    );
    assert!(first.iter().all(|(_, nodes)| *nodes > 1000), "{first:?}");
    assert_eq!(run(), first);
}

#[test]
fn bench_prints_json_lines() {
    let o = chainlab(&["bench", "--quick", "--only", "playout"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, lines) = lines.split_last().unwrap();
    assert_eq!(summary["bench"], "summary");
    let sizes: Vec<&str> = lines.iter().map(|v| v["size"].as_str().unwrap()).collect();
    assert_eq!(sizes, ["5x6", "9x6", "8x8"]);
    for v in lines {
        let size = v["size"].as_str().unwrap();
        assert_eq!(summary[format!("playout_ratio_{size}")], v["ratio"]);
        assert_eq!(
            summary[format!("bits_playout_ratio_{size}")],
            v["bits_ratio"]
        );
        assert!(v["bits_moves_per_s"].as_f64().unwrap() > 0.0);
        assert_eq!(v["bench"], "playout");
        assert!(v["moves"].as_u64().unwrap() > 0);
        assert!(v["moves_per_s"].as_f64().unwrap() > 0.0);
    }
}
