//! Class tournaments through the real binary: a folder of submissions with
//! good, broken and foreign entries, graded against references, with the
//! reports (Markdown, CSV, HTML) checked for grades, forfeits and their
//! reasons, replay commands that work, and escaping of hostile names; and
//! the errors of bad folders and outputs that would overwrite inputs.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::cli_util;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cli_util::{stderr, stdout};

/// A fresh temporary folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chainlab-class-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `chainlab ARGS` in `dir`.
fn chainlab_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chainlab"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// Writes an executable script.
fn script(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

/// A class's folder: two shipped strategies, a broken strategy, a program
/// in a folder with a bot.toml, a script that is not an engine, a script
/// without the executable bit, a README, and a strategy with a hostile name.
fn submissions(root: &Path) -> PathBuf {
    let subs = root.join("subs");
    std::fs::create_dir_all(subs.join("engine-bot")).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
    std::fs::copy(
        shipped.join("01-prefer-corners.json"),
        subs.join("alice.json"),
    )
    .unwrap();
    std::fs::copy(shipped.join("04-capture.json"), subs.join("bob.json")).unwrap();
    std::fs::copy(
        shipped.join("02-avoid-danger.json"),
        subs.join("<script>alert('x\"y').json"),
    )
    .unwrap();
    std::fs::copy(
        shipped.join("02-avoid-danger.json"),
        subs.join("=SUM(A1).json"),
    )
    .unwrap();
    std::fs::write(
        subs.join("broken.json"),
        "{\"format\": \"chainlab-strategy\", \"nodes\": [",
    )
    .unwrap();
    let engine = format!(
        "name = \"Random <engine>\"\ncommand = [{:?}, \"engine\", \"bot:random\"]\n",
        env!("CARGO_BIN_EXE_chainlab")
    );
    std::fs::write(subs.join("engine-bot").join("bot.toml"), engine).unwrap();
    script(
        &subs.join("garbage.sh"),
        "#!/bin/sh\necho '<b>not an engine</b> \"quoted\"'\nexit 3\n",
    );
    // A working program whose name needs quoting.
    script(
        &subs.join("eve's bot"),
        &format!(
            "#!/bin/sh\nexec {:?} engine bot:random\n",
            env!("CARGO_BIN_EXE_chainlab")
        ),
    );
    std::fs::write(subs.join("helper.py"), "print('hi')\n").unwrap();
    std::fs::write(subs.join("README.md"), "# Submissions\n").unwrap();
    subs
}

#[test]
fn a_class_gauntlet_grades_every_submission_and_writes_the_reports() {
    let root = temp_dir("gauntlet");
    submissions(&root);
    let o = chainlab_in(
        &root,
        &[
            "tournament",
            "--dir",
            "subs",
            "--gauntlet",
            "--reference",
            "bot:random",
            "--reference",
            "bot:greedy@60",
            "--games",
            "2",
            "--report",
            "out",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Grades"), "{text}");
    assert!(text.contains("bot:greedy (60%)"), "{text}");
    assert!(text.contains("broken: does not load"), "{text}");
    assert!(
        text.contains("garbage.sh: does not start: does not speak the chainlab protocol"),
        "{text}"
    );
    assert!(
        text.contains("helper.py: a script that is not executable"),
        "{text}"
    );
    assert!(text.contains("README.md: not a submission"), "{text}");
    for file in ["report.html", "report.md", "report.csv", "games.jsonl"] {
        assert!(root.join("out").join(file).is_file(), "{file}");
    }

    let md = std::fs::read_to_string(root.join("out/report.md")).unwrap();
    assert!(md.contains("## Grades"), "{md}");
    assert!(md.contains("vs bot:greedy (pass 60%)"), "{md}");
    assert!(md.contains("| alice "), "{md}");
    assert!(md.contains("0 of 2"), "{md}");
    assert!(md.contains("cannot be created: does not load"), "{md}");
    assert!(
        md.contains("`chainlab replay games.jsonl --pairing 0 --game 1`"),
        "{md}"
    );
    assert!(md.contains("&lt;script&gt;"), "{md}");
    assert!(!md.contains("<script>"), "{md}");

    let csv = std::fs::read_to_string(root.join("out/report.csv")).unwrap();
    let header = csv.lines().next().unwrap();
    assert!(
        header.starts_with("submission,from,status,games"),
        "{header}"
    );
    assert!(header.contains("bot:greedy passed"), "{header}");
    let broken = csv.lines().find(|l| l.starts_with("broken,")).unwrap();
    assert!(broken.contains("does not load"), "{broken}");
    assert!(csv.contains("'=SUM(A1)"), "{csv}");
    assert_eq!(csv.lines().count(), 1 + 8, "{csv}");
    let eve = csv.lines().find(|l| l.starts_with("eve's bot,")).unwrap();
    assert!(eve.contains(",plays,"), "{eve}");

    let html = std::fs::read_to_string(root.join("out/report.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(
        html.contains("&lt;script&gt;alert(&#39;x&quot;y&#39;)"),
        "escaped name"
    );
    assert!(
        html.contains("&lt;b&gt;not an engine&lt;/b&gt; &quot;quoted&quot;"),
        "escaped reason"
    );
    assert!(
        html.contains("Random &lt;engine&gt;"),
        "escaped manifest name"
    );
    assert!(!html.contains("<script"), "no script element");
    assert!(!html.contains("<b>"), "no markup from a submission");
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "nothing fetched"
    );
    assert!(html.contains("<td class=\"fail\">"), "failed marks");
    assert!(html.contains("<td class=\"pass\">"), "passed marks");
    assert!(html.contains("id=\"g-0-1\""), "game anchors");
    assert!(html.contains("chainlab replay games.jsonl --pairing 0 --game 1"));
    assert!(html.contains("does not start: does not speak the chainlab protocol"));

    // The replay commands of the report work in its folder.
    let o = chainlab_in(
        &root.join("out"),
        &[
            "replay",
            "games.jsonl",
            "--pairing",
            "0",
            "--game",
            "1",
            "--check",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // Every forfeit of the broken submissions is in the records.
    let records = std::fs::read_to_string(root.join("out/games.jsonl")).unwrap();
    let forfeits = records
        .lines()
        .filter(|l| l.contains("cannot be created"))
        .count();
    assert_eq!(
        forfeits,
        2 * 2 * 2,
        "broken and garbage.sh forfeit all their games"
    );
    // The engine's stderr log is beside the records.
    assert!(root.join("out/games.jsonl.engine-bot.stderr.log").is_file());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_class_league_plays_everyone_and_prints_json() {
    let root = temp_dir("league");
    let subs = root.join("subs");
    std::fs::create_dir_all(subs.join("carol")).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
    std::fs::copy(
        shipped.join("01-prefer-corners.json"),
        subs.join("alice.json"),
    )
    .unwrap();
    std::fs::copy(
        shipped.join("03-grow-critical.json"),
        subs.join("carol/mine.json"),
    )
    .unwrap();
    let o = chainlab_in(
        &root,
        &[
            "tournament",
            "bot:random",
            "--dir",
            "subs",
            "--games",
            "2",
            "--json",
            "--report",
            "league",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["format"], "round robin");
    assert_eq!(v["pairings"].as_array().unwrap().len(), 3);
    let labels: Vec<&str> = v["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["bot:random", "alice", "carol"]);
    assert!(v["grades"].as_array().unwrap().is_empty());
    let ratings = v["ratings"].as_array().unwrap();
    assert!(
        ratings.iter().all(|r| r["interval95"].as_f64().is_some()),
        "{ratings:?}"
    );
    let csv = std::fs::read_to_string(root.join("league/report.csv")).unwrap();
    assert!(csv.starts_with("rank,player,"), "{csv}");
    let md = std::fs::read_to_string(root.join("league/report.md")).unwrap();
    assert!(md.contains("## Crosstable"), "{md}");
    assert!(!md.contains("## Grades"), "{md}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn bad_folders_are_one_line_errors() {
    let root = temp_dir("bad");
    std::fs::create_dir_all(root.join("empty")).unwrap();
    let junk = root.join("junk");
    std::fs::create_dir_all(&junk).unwrap();
    for k in 0..1000 {
        std::fs::write(junk.join(format!("notes-{k:04}.txt")), "x").unwrap();
    }
    #[cfg(unix)]
    {
        // A named pipe called like a strategy: reading it would hang.
        let made = Command::new("mkfifo").arg(junk.join("pipe.json")).status();
        assert!(made.is_ok_and(|s| s.success()));
    }
    std::fs::write(root.join("file.txt"), "x").unwrap();
    for (args, code, needle) in [
        (
            vec!["--dir", "missing"],
            1,
            "cannot read the submissions folder missing",
        ),
        (vec!["--dir", "file.txt"], 1, "file.txt is not a folder"),
        (vec!["--dir", "empty"], 1, "no submissions in empty"),
        (
            vec!["--dir", "junk"],
            1,
            "no submissions in junk: expected strategy files (*.json), executable programs or folders with a bot.toml (1001 entries skipped)",
        ),
        (
            vec![
                "--dir",
                "empty",
                "--gauntlet",
                "--reference",
                "bot:greedy@120",
            ],
            2,
            "pass mark",
        ),
        (
            vec!["--dir", "empty", "--reference", "bot:nobody"],
            2,
            "unknown built-in 'nobody'",
        ),
        (
            vec!["--dir", "empty", "--report", "file.txt"],
            2,
            "--report file.txt is a file",
        ),
        (
            vec!["bot:greedy", "--pass", "50"],
            2,
            "--pass grades submissions",
        ),
        (vec!["bot:greedy"], 2, "PLAYER"),
    ] {
        let mut all = vec!["tournament"];
        all.extend(args.iter());
        let o = chainlab_in(&root, &all);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {e}");
        assert_eq!(e.trim().lines().count(), 1, "{args:?}: {e}");
        assert!(e.contains(needle), "{args:?}: {e}");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn outputs_never_overwrite_inputs() {
    let root = temp_dir("overwrite");
    let subs = submissions(&root);
    let before = std::fs::read(subs.join("alice.json")).unwrap();
    for args in [
        vec!["--dir", "subs", "--records", "subs/alice.json"],
        vec![
            "bot:random",
            "subs/alice.json",
            "--report",
            "out",
            "--records",
            "out/report.csv",
        ],
    ] {
        let mut all = vec!["tournament", "--games", "2"];
        all.extend(args.iter());
        let o = chainlab_in(&root, &all);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o).trim().lines().count(), 1);
    }
    assert_eq!(std::fs::read(subs.join("alice.json")).unwrap(), before);
    // A report written into the submissions folder is skipped next time.
    let o = chainlab_in(
        &root,
        &[
            "tournament",
            "--dir",
            "subs",
            "--games",
            "2",
            "--report",
            "subs/results",
            "--gauntlet",
            "--reference",
            "bot:random",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = chainlab_in(
        &root,
        &[
            "tournament",
            "--dir",
            "subs",
            "--games",
            "2",
            "--report",
            "subs/results",
            "--gauntlet",
            "--reference",
            "bot:random",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("subs/results: the report folder of this run"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn players_of_the_same_name_get_numbered_labels() {
    let root = temp_dir("twins");
    let o = chainlab_in(
        &root,
        &[
            "tournament",
            "bot:random",
            "bot:random",
            "--reference",
            "bot:random",
            "--games",
            "2",
            "--json",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let labels: Vec<&str> = v["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["bot:random (2)", "bot:random (3)", "bot:random"]);
    assert_eq!(v["grades"].as_array().unwrap().len(), 2);
    std::fs::remove_dir_all(&root).unwrap();
}
