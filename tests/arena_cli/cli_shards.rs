//! Shards, merge and resume through the real binary (issue 34): the shards
//! 1..N of a match, a round robin, a gauntlet and a class tournament,
//! merged, give the one-process report (timings aside); a merge refuses a
//! foreign shard, a duplicate and missing games (naming the command that
//! plays them); a run killed (`kill -9`) at any point and resumed gives the
//! uninterrupted report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::process::{Command, Stdio};

use proptest::prelude::*;

use crate::cli_outputs::{run_in, temp_dir};
use crate::cli_util::{bin, stderr, stdout};

/// The report without its timings: the text lines `Time …` and `Time per
/// move …`, and in JSON the `seconds` and `time_per_move` fields.
fn untimed(report: &str) -> String {
    if let Ok(mut value) = serde_json::from_str::<serde_json::Value>(report.trim()) {
        if let Some(map) = value.as_object_mut() {
            map.remove("seconds");
            map.remove("time_per_move");
        }
        return value.to_string();
    }
    report
        .lines()
        .filter(|l| !l.starts_with("Time ") && !l.starts_with("Time per move"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `chainlab ARGS` in `dir`, expecting success; its stdout.
fn ok(dir: &Path, args: &[&str]) -> String {
    let o = run_in(dir, args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// Plays `run` whole (with `extra` output options) and in `n` shards,
/// merges the shards with `extra`, and checks the reports agree.
fn shards_merge_to_the_whole_run(name: &str, run: &[&str], n: u32, extra: &[&str]) {
    let dir = temp_dir(name);
    let whole = ok(dir.as_path(), &[run, extra].concat());
    let mut files = Vec::new();
    for k in 1..=n {
        let shard = format!("{k}/{n}");
        let file = format!("s{k}.jsonl");
        ok(
            &dir,
            &[run, &["--shard", &shard, "--records", &file]].concat(),
        );
        files.push(file);
    }
    let mut merge = vec!["merge"];
    merge.extend(files.iter().map(String::as_str));
    merge.extend(extra);
    let merged = ok(&dir, &merge);
    assert_eq!(untimed(&merged), untimed(&whole), "{name}");
}

const MATCH: &[&str] = &[
    "match",
    "bot:greedy",
    "bot:random",
    "--games",
    "11",
    "--seed",
    "7",
    "--threads",
    "2",
    "--openings",
    "2",
];

#[test]
fn a_match_in_shards_merges_to_the_whole_match() {
    shards_merge_to_the_whole_run("match-text", MATCH, 3, &[]);
    shards_merge_to_the_whole_run("match-json", MATCH, 4, &["--json"]);
}

#[test]
fn a_round_robin_and_a_gauntlet_in_shards_merge_to_the_whole_run() {
    let rr = &[
        "tournament",
        "bot:random",
        "bot:greedy",
        "bot:mcts:iters=20",
        "--games",
        "4",
        "--seed",
        "5",
        "--threads",
        "2",
    ];
    shards_merge_to_the_whole_run("rr-text", rr, 3, &[]);
    shards_merge_to_the_whole_run("rr-md", rr, 2, &["--markdown"]);
    let gauntlet = &[
        "tournament",
        "bot:greedy",
        "bot:random",
        "bot:mcts:iters=20",
        "--gauntlet",
        "--games",
        "6",
        "--seed",
        "9",
        "--threads",
        "1",
    ];
    shards_merge_to_the_whole_run("gauntlet-json", gauntlet, 4, &["--json"]);
}

/// Plays shard `k` of `n` of `MATCH` (with `more` options) into `file`.
fn shard(dir: &Path, k: u32, n: u32, file: &str, more: &[&str]) {
    let shard = format!("{k}/{n}");
    ok(
        dir,
        &[MATCH, &["--shard", &shard, "--records", file], more].concat(),
    );
}

#[test]
fn merge_refuses_a_foreign_shard_a_duplicate_and_missing_games() {
    let dir = temp_dir("merge-refusals");
    shard(&dir, 1, 3, "s1.jsonl", &[]);
    shard(&dir, 2, 3, "s2.jsonl", &[]);
    shard(&dir, 3, 3, "s3.jsonl", &[]);
    shard(&dir, 3, 3, "other.jsonl", &["--cap", "200"]);
    shard(&dir, 3, 4, "four.jsonl", &[]);
    let refused = |files: &[&str], words: &[&str]| {
        let o = run_in(&dir, &[&["merge"], files].concat());
        assert_eq!(o.status.code(), Some(1), "{files:?}");
        let e = stderr(&o);
        for w in words {
            assert!(e.contains(w), "{files:?}: {w:?} not in {e}");
        }
    };
    refused(
        &["s1.jsonl", "s2.jsonl", "other.jsonl"],
        &["other.jsonl is a shard of another run", "cap"],
    );
    refused(&["s1.jsonl", "s2.jsonl", "four.jsonl"], &["shard count"]);
    refused(
        &["s1.jsonl", "s2.jsonl", "s3.jsonl", "s2.jsonl"],
        &["is in s2.jsonl and again in s2.jsonl"],
    );
    // Shard 2 of 3 holds the pairs 1 (games 2, 3) and 4 (games 8, 9).
    refused(
        &["s1.jsonl", "s3.jsonl"],
        &[
            "4 game(s) missing: games 2-3, games 8-9",
            "--shard 2/3 --records shard-2.jsonl",
            "chainlab match bot:greedy bot:random --games 11 --seed 7",
        ],
    );
    // A header edited by hand is checked as a command line is: shard 1/0,
    // no games, a pairing naming a player that is not there.
    let text = std::fs::read_to_string(dir.join("s1.jsonl")).unwrap();
    let edits = [
        (r#""n":3"#, r#""n":0"#, "shard 1/0 is not a shard"),
        (r#""games":11"#, r#""games":0"#, "games"),
        ("[[0,1]]", "[[0,7]]", "names a player beyond"),
    ];
    for (from, to, why) in edits {
        assert!(text.contains(from), "{from} in the header");
        std::fs::write(dir.join("edited.jsonl"), text.replacen(from, to, 1)).unwrap();
        refused(&["edited.jsonl"], &[why]);
    }
    // A file of an older chainlab (no header) is read by replay, not merged.
    let text = std::fs::read_to_string(dir.join("s1.jsonl")).unwrap();
    let old: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join("old.jsonl"), old).unwrap();
    refused(&["old.jsonl"], &["has no records header"]);
    let listed = ok(&dir, &["replay", "old.jsonl"]);
    let listed_new = ok(&dir, &["replay", "s1.jsonl"]);
    assert_eq!(listed, listed_new);
}

#[test]
fn sprt_and_shards_do_not_mix() {
    let dir = temp_dir("sprt-shard");
    let o = run_in(
        &dir,
        &[MATCH, &["--sprt", "0", "50", "--shard", "1/2"]].concat(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--shard with --sprt"), "{}", stderr(&o));
}

/// The games of a records file as sorted lines (the header left out).
fn games_of(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut games: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with("{\"chainlab_records\""))
        .map(String::from)
        .collect();
    games.sort();
    games
}

#[test]
fn a_resumed_run_drops_a_line_cut_short_and_ends_as_the_whole_run() {
    let dir = temp_dir("resume-cut");
    let run = [MATCH, &["--records", "r.jsonl"]].concat();
    let whole = ok(&dir, &run);
    let all = std::fs::read_to_string(dir.join("r.jsonl")).unwrap();
    let lines: Vec<&str> = all.lines().collect();
    // The header, four games, and half of the fifth.
    let mut cut: String = lines[..5].iter().map(|l| format!("{l}\n")).collect();
    cut.push_str(&lines[5][..lines[5].len() / 2]);
    std::fs::write(dir.join("r.jsonl"), &cut).unwrap();
    let resumed = run_in(&dir, &[run.as_slice(), &["--resume"]].concat());
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("cut short"),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(untimed(&stdout(&resumed)), untimed(&whole));
    assert_eq!(games_of(&dir.join("r.jsonl")), {
        std::fs::write(dir.join("w.jsonl"), &all).unwrap();
        games_of(&dir.join("w.jsonl"))
    });
    // Another run's file is refused, and left as it was.
    let before = std::fs::read(dir.join("r.jsonl")).unwrap();
    let o = run_in(
        &dir,
        &[run.as_slice(), &["--resume", "--cap", "200"]].concat(),
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a records file of this run"));
    assert_eq!(std::fs::read(dir.join("r.jsonl")).unwrap(), before);
}

/// A shard's file that holds a game of another shard (edited, or mixed up
/// by hand) is refused on resume, not counted into the report.
#[test]
fn resume_refuses_a_game_that_is_not_its_shards() {
    let dir = temp_dir("resume-foreign-game");
    shard(&dir, 1, 3, "s1.jsonl", &[]);
    shard(&dir, 2, 3, "s2.jsonl", &[]);
    let theirs = std::fs::read_to_string(dir.join("s2.jsonl")).unwrap();
    let mut mine = std::fs::read_to_string(dir.join("s1.jsonl")).unwrap();
    mine.push_str(theirs.lines().nth(1).unwrap());
    mine.push('\n');
    std::fs::write(dir.join("s1.jsonl"), &mine).unwrap();
    let o = run_in(
        &dir,
        &[
            MATCH,
            &["--shard", "1/3", "--records", "s1.jsonl", "--resume"],
        ]
        .concat(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("is not a game of this run's shard 1/3"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(dir.join("s1.jsonl")).unwrap(), mine);
}

const SLOW: &[&str] = &[
    "match",
    "bot:mcts:iters=60",
    "bot:greedy",
    "--games",
    "24",
    "--seed",
    "3",
    "--threads",
    "2",
    "--records",
    "r.jsonl",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, failure_persistence: None, ..ProptestConfig::default() })]

    /// A run killed with SIGKILL after `lines` records are written (any
    /// point: before the header, mid-run, after the end) and resumed ends
    /// with the uninterrupted run's report and games.
    #[test]
    fn a_run_killed_anywhere_and_resumed_equals_the_whole_run(lines in 0usize..26) {
        let dir = temp_dir(&format!("resume-kill-{lines}"));
        let whole = ok(&dir, SLOW);
        let expected = games_of(&dir.join("r.jsonl"));
        std::fs::remove_file(dir.join("r.jsonl")).unwrap();
        let mut child = Command::new(bin())
            .current_dir(&dir)
            .args(SLOW)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Kill it once the file holds `lines` lines (or it has ended).
        loop {
            let have = std::fs::read_to_string(dir.join("r.jsonl"))
                .map_or(0, |t| t.matches('\n').count());
            if have >= lines || child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        let resume = [SLOW, &["--resume"]].concat();
        let o = run_in(&dir, &resume);
        if std::fs::metadata(dir.join("r.jsonl")).map_or(0, |m| m.len()) == 0 && !o.status.success() {
            // Killed before the header was written: nothing to resume; a fresh run.
            let fresh = ok(&dir, SLOW);
            prop_assert_eq!(untimed(&fresh), untimed(&whole));
        } else {
            prop_assert!(o.status.success(), "{}", stderr(&o));
            prop_assert_eq!(untimed(&stdout(&o)), untimed(&whole));
        }
        prop_assert_eq!(games_of(&dir.join("r.jsonl")), expected);
    }
}

/// A report without the line that says when it was played and how long it took.
fn unplayed(text: &str) -> String {
    text.lines()
        .filter(|l| !l.contains("Played"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_class_gauntlet_in_shards_merges_to_the_whole_tournament() {
    let dir = temp_dir("class");
    let subs = dir.join("subs");
    std::fs::create_dir_all(&subs).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
    for (from, to) in [
        ("01-prefer-corners.json", "alice.json"),
        ("04-capture.json", "bob.json"),
    ] {
        std::fs::copy(shipped.join(from), subs.join(to)).unwrap();
    }
    std::fs::write(subs.join("broken.json"), "{ not a strategy").unwrap();
    let run = &[
        "tournament",
        "--dir",
        "subs",
        "--gauntlet",
        "--reference",
        "bot:random",
        "--reference",
        "bot:greedy",
        "--games",
        "4",
        "--seed",
        "2",
        "--threads",
        "1",
    ];
    let whole = ok(&dir, &[run.as_slice(), &["--report", "whole"]].concat());
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let file = format!("c{k}.jsonl");
        ok(
            &dir,
            &[run.as_slice(), &["--shard", &shard, "--records", &file]].concat(),
        );
    }
    let merged = ok(
        &dir,
        &[
            "merge", "c1.jsonl", "c2.jsonl", "c3.jsonl", "--report", "merged",
        ],
    );
    assert_eq!(
        unplayed(&merged).replace("merged/", "whole/"),
        unplayed(&whole)
    );
    for report in ["report.md", "report.csv", "report.html"] {
        let a = std::fs::read_to_string(dir.join("whole").join(report)).unwrap();
        let b = std::fs::read_to_string(dir.join("merged").join(report)).unwrap();
        assert_eq!(
            unplayed(&b).replace("merged/", "whole/"),
            unplayed(&a),
            "{report}"
        );
    }
    assert_eq!(
        games_of(&dir.join("merged/games.jsonl")),
        games_of(&dir.join("whole/games.jsonl"))
    );
    // A submission changed since the shards were played: refused.
    std::fs::copy(shipped.join("02-avoid-danger.json"), subs.join("bob.json")).unwrap();
    let o = run_in(
        &dir,
        &[
            "merge", "c1.jsonl", "c2.jsonl", "c3.jsonl", "--report", "again",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("a submission or a setting changed"),
        "{}",
        stderr(&o)
    );
}
