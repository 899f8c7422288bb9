//! The command line against hostile input and a hostile environment (issue
//! 12): endless files, huge error lists, odd line endings, records files
//! shared by two runs or equal to an input, out-of-range SPRT bounds, full or
//! closed stderr, the exit-code table of `docs/limits.md`, tampered records,
//! byte-order marks and control characters in names. Each test is a
//! reproducer that failed before the fix.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::cli_util;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use cli_util::{chainlab, stderr, stdout};

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chainlab-limits-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `chainlab ARGS` with at most 2 GB of address space, so that a
/// regression fails the test instead of exhausting the machine.
fn chainlab_limited(args: &[&str]) -> Output {
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    Command::new("sh")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("-c")
        .arg(format!(
            "ulimit -v 2000000; exec '{}' {}",
            env!("CARGO_BIN_EXE_chainlab"),
            quoted.join(" ")
        ))
        .output()
        .unwrap()
}

/// The one error line of a failed command, checked to be one line.
fn one_error_line(o: &Output) -> String {
    let e = stderr(o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("chainlab: error: "), "{e}");
    e
}

/// `chainlab match bot:greedy bot:random --games 2 EXTRA`.
fn short_match(extra: &[&str]) -> Output {
    let mut args = vec!["match", "bot:greedy", "bot:random", "--games", "2"];
    args.extend_from_slice(extra);
    chainlab(&args)
}

/// A records file of a few real games.
fn records(dir: &Path) -> PathBuf {
    let path = dir.join("games.jsonl");
    let o = chainlab(&[
        "match",
        "bot:greedy",
        "bot:random",
        "--games",
        "4",
        "--threads",
        "1",
        "--records",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    path
}

#[test]
fn endless_and_newline_free_files_are_refused_at_their_limit() {
    let dir = temp_dir("endless");
    // 2 MB without a newline: over the position limit, under the strategy limit.
    let long = dir.join("long.txt");
    std::fs::write(&long, "A".repeat(2 << 20)).unwrap();
    let long = long.to_str().unwrap();
    // A records line of 17 MB.
    let long_record = dir.join("long.jsonl");
    std::fs::write(&long_record, "x".repeat(17 << 20)).unwrap();
    let long_record = long_record.to_str().unwrap();
    let expert = "strategies/08-expert.json";
    for (args, needle) in [
        (vec!["validate", "/dev/zero"], "more than 33554432 bytes"),
        (
            vec!["score", expert, "--position", "/dev/zero"],
            "position files may have at most 1048576 bytes",
        ),
        (
            vec!["apply", "--start", "/dev/zero", "--moves", "0,0"],
            "position files may have at most 1048576 bytes",
        ),
        (
            vec!["replay", "/dev/zero"],
            "line 1 is longer than 16777216 bytes",
        ),
        (
            vec!["replay", "/dev/zero", "--check"],
            "line 1 is longer than 16777216 bytes",
        ),
        (
            vec!["apply", "--start", long, "--moves", "0,0"],
            "position files may have at most",
        ),
        (
            vec!["replay", long_record, "--game", "1"],
            "line 1 is longer than",
        ),
        (vec!["validate", long], "line 1 column"),
    ] {
        let o = chainlab_limited(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains(needle), "{args:?}: {e}");
        assert!(e.lines().count() <= 1, "{args:?}: {e}");
        assert_eq!(stdout(&o), "", "{args:?}: nothing but the error");
    }
}

/// A strategy whose `n` Add nodes form one cycle feeding the Cell value.
fn cycle_strategy(n: u32) -> String {
    let mut nodes = vec![r#"{"id": 0, "kind": "output"}"#.to_string()];
    let mut wires = vec![r#"{"from": 1, "to": 0, "input": "value"}"#.to_string()];
    for id in 1..=n {
        nodes.push(format!(r#"{{"id": {id}, "kind": "add"}}"#));
        let next = if id == n { 1 } else { id + 1 };
        wires.push(format!(r#"{{"from": {id}, "to": {next}, "input": "a"}}"#));
    }
    format!(
        r#"{{"format": "chainlab-strategy", "version": 1, "name": "cycle", "nodes": [{}], "wires": [{}]}}"#,
        nodes.join(", "),
        wires.join(", ")
    )
}

#[test]
fn a_ten_thousand_node_cycle_gives_short_error_lists() {
    let dir = temp_dir("cycle");
    let file = dir.join("cycle.json");
    std::fs::write(&file, cycle_strategy(10_000)).unwrap();
    let file = file.to_str().unwrap();
    let midgame = "tests/data/positions/midgame.txt";
    let o = chainlab(&["score", file, "--position", midgame]);
    assert_eq!(o.status.code(), Some(1));
    let e = one_error_line(&o);
    assert!(e.len() < 3000, "{} bytes: {:.300}", e.len(), e);
    assert!(e.contains("and 9990 more"), "{e}");
    let o = chainlab(&["match", file, "bot:random", "--games", "2"]);
    assert_eq!(o.status.code(), Some(1));
    let e = one_error_line(&o);
    assert!(e.len() < 3000 && e.contains("more"), "{:.300}", e);
    // validate lists the first 50 diagnostics and counts the rest.
    let o = chainlab(&["validate", file]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.lines().count() <= 52, "{} lines", e.lines().count());
    assert!(e.len() < 20_000, "{} bytes", e.len());
    assert!(e.contains("and 19950 more"), "{:.2000}", e);
    assert!(
        e.contains("10000 error(s), 10000 warning(s)"),
        "{:.2000}",
        e
    );
}

#[test]
fn position_files_with_any_line_ending_are_read_whole() {
    let dir = temp_dir("endings");
    let body = [
        "# a 3x3 position",
        "size 3x3",
        "placed A B",
        "A1 . .",
        ". . .",
        ". . B1",
    ];
    for (name, eol) in [("cr", "\r"), ("crlf", "\r\n"), ("lf", "\n")] {
        let file = dir.join(format!("{name}.txt"));
        std::fs::write(&file, body.join(eol)).unwrap();
        let o = chainlab(&["apply", "--start", file.to_str().unwrap(), "--moves", "1,1"]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.starts_with("size 3x3\n"), "{name}: {out}");
        assert!(out.contains("A1 .  .\n.  A1 .\n.  .  B1"), "{name}: {out}");
    }
    // A file of comments only is not an empty board.
    let file = dir.join("comments.txt");
    std::fs::write(&file, "# nothing\r# here\r").unwrap();
    let o = chainlab(&["apply", "--start", file.to_str().unwrap(), "--moves", ""]);
    assert_eq!(o.status.code(), Some(1));
    assert!(one_error_line(&o).contains("no position found"));
}

#[test]
fn records_may_not_overwrite_an_input_and_are_locked() {
    let dir = temp_dir("records");
    let mine = dir.join("mine.json");
    std::fs::copy("strategies/04-capture.json", &mine).unwrap();
    let before = std::fs::read(&mine).unwrap();
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&mine, &link).unwrap();
    let mine_s = mine.to_str().unwrap();
    for records in [mine_s, link.to_str().unwrap()] {
        let o = chainlab(&[
            "match",
            mine_s,
            "bot:random",
            "--games",
            "2",
            "--records",
            records,
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            one_error_line(&o).contains("is the strategy file of player"),
            "{}",
            stderr(&o)
        );
        let o = chainlab(&[
            "tournament",
            "bot:greedy",
            mine_s,
            "--games",
            "2",
            "--records",
            records,
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    }
    assert_eq!(
        std::fs::read(&mine).unwrap(),
        before,
        "the strategy changed"
    );
    // A records file another run holds is refused, and left as it is.
    let games = dir.join("games.jsonl");
    std::fs::write(&games, "{}\n").unwrap();
    let held = std::fs::OpenOptions::new()
        .write(true)
        .open(&games)
        .unwrap();
    held.lock().unwrap();
    let o = short_match(&["--records", games.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(one_error_line(&o).contains("is in use"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&games).unwrap(), "{}\n");
    drop(held);
    // Two runs at once: one writes, the other is refused; no corrupt line.
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_chainlab"))
            .args(["match", "bot:greedy", "bot:random", "--games", "40"])
            .args(["--threads", "1", "--json", "--records"])
            .arg(&games)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (first, second) = (run(), run());
    let codes: Vec<Option<i32>> = [first, second]
        .into_iter()
        .map(|c| c.wait_with_output().unwrap().status.code())
        .collect();
    assert!(codes.contains(&Some(0)), "{codes:?}");
    let text = cli_util::games_text(&games);
    let games_read = chainlab(&["replay", games.to_str().unwrap(), "--check"]);
    assert!(games_read.status.success(), "{}", stderr(&games_read));
    let n = text.lines().count();
    // Either both ran one after the other (each rewrote the file) or one was refused.
    assert_eq!(n, 40, "{codes:?}");
    assert!(
        codes.iter().all(|c| *c == Some(0) || *c == Some(3)),
        "{codes:?}"
    );
}

#[test]
fn header_lines_come_in_any_order() {
    let text = "to-move C\nplaced A B C\nwinner -\nplayers 3\nsize 2x3\n";
    // `winner -` is not a letter: the error names the line, not the order.
    let e = text.parse::<chainlab::rules::Position>().unwrap_err();
    assert!(e.to_string().starts_with("line 3, '-'"), "{e}");
    let dir = temp_dir("order");
    let file = dir.join("order.txt");
    std::fs::write(
        &file,
        "to-move C\nplaced A B C\nmoves 3\nplayers 3\nsize 2x3\nA1 B1 C1\n.  .  .\n",
    )
    .unwrap();
    let o = chainlab(&["apply", "--start", file.to_str().unwrap(), "--moves", "1,2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("players 3\nto-move A"),
        "{}",
        stdout(&o)
    );
    std::fs::write(&file, "players 3\nplayers 4\n").unwrap();
    let o = chainlab(&["apply", "--start", file.to_str().unwrap(), "--moves", ""]);
    assert!(
        one_error_line(&o).contains("line 2, 'players': 'players' is given twice (also on line 1)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn sprt_bounds_are_range_checked() {
    for (elo0, elo1, needle) in [
        (
            "0",
            "1e308",
            "--sprt: ELO1 is 1e308: an Elo bound must be a number from -2000 to 2000",
        ),
        ("nan", "5", "ELO0 is NaN"),
        ("0", "inf", "ELO1 is inf"),
        ("0", "2001", "from -2000 to 2000"),
        ("10", "0", "must be below ELO1"),
    ] {
        let o = short_match(&["--sprt", elo0, elo1]);
        assert_eq!(o.status.code(), Some(2), "{elo0} {elo1}: {}", stderr(&o));
        let e = one_error_line(&o);
        assert!(e.contains(needle), "{e}");
        assert!(stdout(&o).is_empty());
    }
}

#[test]
fn a_full_or_closed_stderr_never_panics() {
    let full = || {
        Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
    };
    for args in [
        vec!["apply", "--moves", "9,9"],
        vec!["apply", "--moves", "x"],
        vec!["score", "no/such.json", "--position", "x"],
        vec!["match", "bot:nobody", "bot:random"],
        vec!["--no-such-option"],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_chainlab"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(&args)
            .stderr(full())
            .output()
            .unwrap();
        let code = o.status.code();
        assert!(matches!(code, Some(1 | 2)), "{args:?}: {code:?}");
        // Closed stderr: the read end is dropped before the child writes.
        let mut child = Command::new(env!("CARGO_BIN_EXE_chainlab"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stderr.take());
        let code = child.wait().unwrap().code();
        assert!(matches!(code, Some(1 | 2)), "{args:?}: {code:?}");
    }
    // A full stdout is an output error (3), reported on stderr.
    let o = Command::new(env!("CARGO_BIN_EXE_chainlab"))
        .args(["apply", "--moves", "0,0"])
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(one_error_line(&o).contains("cannot write to stdout"));
}

#[test]
fn every_command_follows_the_exit_code_table() {
    let dir = temp_dir("codes");
    let games = records(&dir);
    let text = cli_util::games_text(&games);
    let mut first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    first["moves"] = "0,0 0,0 0,0".into();
    let illegal = dir.join("illegal.jsonl");
    std::fs::write(&illegal, format!("{first}\n")).unwrap();
    let illegal = illegal.to_str().unwrap();
    let missing = "no/such/strategy.json";
    let midgame = "tests/data/positions/midgame.txt";
    let broken = "tests/data/strategies/cycle.json";
    let cases: Vec<(Vec<&str>, i32)> = vec![
        // 1: bad input or a failed check.
        (vec!["score", missing, "--position", midgame], 1),
        (
            vec!["explain", missing, "--position", midgame, "--cell", "0,0"],
            1,
        ),
        (vec!["match", missing, "bot:random"], 1),
        (vec!["tournament", missing, "bot:random"], 1),
        (vec!["match", broken, "bot:random"], 1),
        (vec!["score", broken, "--position", midgame], 1),
        (vec!["export", "--python", missing], 1),
        (vec!["export", "--python", broken], 1),
        (vec!["validate", missing], 1),
        (vec!["validate", broken], 1),
        (vec!["share", missing], 1),
        (vec!["merge", "no/such/shard.jsonl"], 1),
        // A records file of an older chainlab has no header to merge by.
        (vec!["merge", "tests/data/records/games.jsonl"], 1),
        // One shard of two: the other's games are missing.
        (vec!["merge", "tests/data/records/shard-1-of-2.jsonl"], 1),
        (vec!["share", broken], 0),
        (vec!["replay", illegal, "--check"], 1),
        (vec!["replay", illegal, "--game", "0"], 1),
        (vec!["replay", "no/such/games.jsonl"], 1),
        (vec!["apply", "--moves", "0,0 0,0"], 1),
        (vec!["apply", "--start", "no/such.txt", "--moves", "0,0"], 1),
        (
            vec!["score", "strategies/08-expert.json", "--position", missing],
            1,
        ),
        // 2: the command line is wrong.
        (vec!["apply", "--moves", "zero"], 2),
        (vec!["export", "strategies/04-capture.json"], 2),
        (
            vec![
                "merge",
                "tests/data/records/shard-1-of-2.jsonl",
                "--report",
                "out",
            ],
            2,
        ),
        (
            vec![
                "export",
                "--python",
                "strategies/04-capture.json",
                "-o",
                "strategies/04-capture.json",
            ],
            2,
        ),
        // The options of programs: a memory out of range, an option for
        // nobody, for a built-in, or not in PLAYER:NAME=VALUE form.
        (
            vec!["match", "bot:greedy", "bot:random", "--engine-memory", "1"],
            2,
        ),
        (
            vec![
                "match",
                "cmd:true",
                "bot:random",
                "--engine-option",
                "C:depth=3",
            ],
            2,
        ),
        (
            vec![
                "match",
                "cmd:true",
                "bot:random",
                "--engine-option",
                "B:depth=3",
            ],
            2,
        ),
        (
            vec![
                "match",
                "cmd:true",
                "bot:random",
                "--engine-option",
                "depth=3",
            ],
            2,
        ),
        (vec!["engine", "bot:greedy", "--engine-option", "A:x=1"], 2),
        (vec!["apply", "--players", "9", "--moves", ""], 2),
        (vec!["match", "bot:nobody", "bot:random"], 2),
        (vec!["match", "random", "bot:random"], 2),
        (vec!["match", "bot:greedy", "bot:random", "--games", "0"], 2),
        (
            vec!["match", "bot:greedy", "bot:random", "--cap", "2000000"],
            2,
        ),
        (vec!["tournament", "bot:greedy", "bot:nobody"], 2),
        (vec!["score", "--position"], 2),
        (vec!["no-such-command"], 2),
        (vec!["replay"], 2),
        (vec!["bench", "--only", "nothing"], 2),
        (vec!["solve", "4x4"], 2),
        (vec!["solve", "2x2", "--rules", "empties"], 2),
        (vec!["solve", "1x9"], 2),
        (vec!["solve", "3by3"], 2),
    ];
    for (args, code) in cases {
        let o = chainlab(&args);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
        // A success prints no error; validate's errors are on stdout.
        if code != 0 && args[0] != "validate" {
            one_error_line(&o);
        }
    }
    // validate's errors are on stderr.
    let o = chainlab(&["validate", broken]);
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    assert!(stderr(&o).contains("cycle"), "{}", stderr(&o));
    // The table is documented and linked from the README.
    let limits = std::fs::read_to_string("docs/limits.md").unwrap();
    for row in ["| 0 |", "| 1 |", "| 2 |", "| 3 |", "| 141 |"] {
        assert!(limits.contains(row), "docs/limits.md lacks {row}");
    }
    let readme = std::fs::read_to_string("README.md").unwrap();
    assert!(readme.contains("(docs/limits.md)"));
}

#[test]
fn a_tampered_winner_names_the_field_and_both_values() {
    let dir = temp_dir("tampered");
    let games = records(&dir);
    let text = cli_util::games_text(&games);
    let mut record: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let winner = record["winner"].as_str().unwrap().to_string();
    let other = if winner == "A" { "B" } else { "A" };
    record["winner"] = other.into();
    let tampered = dir.join("tampered.jsonl");
    std::fs::write(&tampered, format!("{record}\n")).unwrap();
    let o = chainlab(&["replay", tampered.to_str().unwrap(), "--check"]);
    assert_eq!(o.status.code(), Some(1));
    let e = one_error_line(&o);
    let want = format!(
        "field \"winner\" is \"{other}\", but replaying the moves gives {winner} as the winner"
    );
    assert!(e.contains(&want), "{e}");
    record["winner"] = serde_json::Value::Null;
    std::fs::write(&tampered, format!("{record}\n")).unwrap();
    let o = chainlab(&["replay", tampered.to_str().unwrap(), "--check"]);
    let e = one_error_line(&o);
    assert!(e.contains("field \"winner\" is null, but replaying"), "{e}");
}

#[test]
fn byte_order_marks_are_accepted_everywhere() {
    let dir = temp_dir("bom");
    let bom = |path: &Path, from: &str| {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend(std::fs::read(from).unwrap());
        std::fs::write(path, bytes).unwrap();
    };
    let strategy = dir.join("bom.json");
    bom(&strategy, "strategies/04-capture.json");
    let position = dir.join("bom.txt");
    bom(&position, "tests/data/positions/midgame.txt");
    let games = records(&dir);
    let games_bom = dir.join("bom.jsonl");
    bom(&games_bom, games.to_str().unwrap());
    let json_position = dir.join("bom-position.json");
    let o = chainlab(&["apply", "--moves", "0,0", "--json"]);
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(o.stdout);
    std::fs::write(&json_position, bytes).unwrap();
    let (s, p) = (strategy.to_str().unwrap(), position.to_str().unwrap());
    for args in [
        vec!["validate", s],
        vec!["score", s, "--position", p],
        vec!["score", s, "--position", json_position.to_str().unwrap()],
        vec!["apply", "--start", p, "--moves", "1,1"],
        vec!["replay", games_bom.to_str().unwrap(), "--check"],
        vec!["match", s, "bot:random", "--games", "2"],
    ] {
        let o = chainlab(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn control_characters_in_names_are_escaped() {
    let dir = temp_dir("names");
    let text = std::fs::read_to_string("strategies/04-capture.json").unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["name"] = "evil\nchainlab: ok\u{1b}[31m\u{202e}".into();
    let file = dir.join("evil.json");
    std::fs::write(&file, v.to_string()).unwrap();
    let f = file.to_str().unwrap();
    let midgame = "tests/data/positions/midgame.txt";
    let o = chainlab(&["score", f, "--position", midgame]);
    assert!(o.status.success(), "{}", stderr(&o));
    let first = stdout(&o).lines().next().unwrap().to_string();
    assert!(
        first.starts_with(r"'evil\nchainlab: ok\u{1b}[31m\u{202e}' for A"),
        "{first}"
    );
    let o = chainlab(&["validate", f]);
    assert_eq!(stdout(&o).lines().count(), 1, "{}", stdout(&o));
    assert!(stdout(&o).contains(r"'evil\nchainlab: ok\u{1b}"));
    let o = chainlab(&["explain", f, "--position", midgame, "--cell", "1,1"]);
    assert!(stdout(&o).starts_with(r"'evil\n"), "{}", stdout(&o));
    // Names and sides read from a records file.
    let games = records(&dir);
    let text = cli_util::games_text(&games);
    let mut record: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    record["players"][0] = "two\nlines".into();
    record["sides"] = "a\u{1b}".into();
    let odd_records = dir.join("odd.jsonl");
    std::fs::write(&odd_records, format!("{record}\n")).unwrap();
    let o = chainlab(&["replay", odd_records.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 2, "{}", stdout(&o));
    assert!(stdout(&o).contains(r"a\u{1b}"), "{}", stdout(&o));
    assert!(stdout(&o).contains(r"two\nlines vs"), "{}", stdout(&o));
    let o = chainlab(&["replay", odd_records.to_str().unwrap(), "--game", "0"]);
    assert!(
        stdout(&o).starts_with(r"Game 0: A two\nlines, B"),
        "{}",
        stdout(&o)
    );
    // A label from a file name with a newline.
    let odd = dir.join("odd\nname.json");
    std::fs::copy("strategies/04-capture.json", &odd).unwrap();
    let o = chainlab(&["match", odd.to_str().unwrap(), "bot:random", "--games", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with(r"Match: odd\nname vs bot:random"),
        "{}",
        stdout(&o)
    );
}
