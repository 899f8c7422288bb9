//! Outputs and damaged or interrupted runs, through the real binary (issue
//! 33): no output replaces a device, a FIFO, a link or an input of the run;
//! an output keeps its mode; a full disk leaves whole lines and exit 3; a
//! records file cut short is read up to its last whole game; a class
//! tournament stopped by Ctrl+C grades only who played; error lines quote
//! at most 200 characters of a token; a closed stdout exits 141; games and
//! moves are numbered alike; analyze says when it caps its node budget.
//!
//! Set `CHAINLAB_TEST_BIN` to run these against another build (each fails on
//! the build before the issue). Tests that need root (a device node, a
//! tmpfs) say so on stderr and pass where it is not available.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::cli_util;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use cli_util::{bin, stderr, stdout};

/// A fresh temporary folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chainlab-out-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `chainlab ARGS` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(bin())
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// A one-iteration tuning of `s.json` in `dir` against `against`, to `out`.
fn tune_to(dir: &Path, against: &str, out: &str) -> Output {
    run_in(
        dir,
        &[
            "tune",
            "s.json",
            "--against",
            against,
            "--iterations",
            "1",
            "--games",
            "2",
            "--validation-games",
            "0",
            "--out",
            out,
        ],
    )
}

/// A folder with the strategy `s.json` to tune.
fn tuning_dir(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies/08-expert.json"),
        dir.join("s.json"),
    )
    .unwrap();
    dir
}

/// The one error line of a failed run.
fn error_line(o: &Output) -> String {
    let e = stderr(o);
    let last = e.lines().last().unwrap_or_default().to_string();
    assert!(last.starts_with("chainlab: error: "), "{e}");
    last
}

/// The kind of file at `path`, not following a link.
fn kind(path: &Path) -> std::fs::FileType {
    std::fs::symlink_metadata(path).unwrap().file_type()
}

#[cfg(unix)]
#[test]
fn devices_fifos_and_folders_are_refused_and_links_written_through() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tuning_dir("kinds");
    let fifo = Command::new("mkfifo")
        .arg(dir.join("fifo"))
        .status()
        .unwrap();
    assert!(fifo.success());
    std::fs::create_dir(dir.join("folder")).unwrap();
    std::fs::write(dir.join("real.json"), "keep").unwrap();
    std::os::unix::fs::symlink("real.json", dir.join("link.json")).unwrap();
    std::os::unix::fs::symlink("nowhere.json", dir.join("dangling.json")).unwrap();
    let device = Command::new("mknod")
        .arg(dir.join("chr"))
        .args(["c", "1", "3"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let mut refused = vec![
        ("fifo", "is a FIFO (named pipe), not a file"),
        ("folder", "is a folder, not a file"),
        (
            "dangling.json",
            "is a symbolic link to a file that does not exist",
        ),
    ];
    if device {
        refused.push(("chr", "is a character device, not a file"));
    } else {
        eprintln!("skipped the device node: mknod is not permitted here (run as root)");
    }
    for (name, why) in refused {
        let before = kind(&dir.join(name));
        let o = tune_to(&dir, "bot:random", name);
        assert_eq!(o.status.code(), Some(2), "--out {name}: {}", stderr(&o));
        assert_eq!(
            error_line(&o),
            format!("chainlab: error: --out {name}: {why}")
        );
        let o = run_in(
            &dir,
            &[
                "match",
                "bot:random",
                "bot:greedy",
                "--games",
                "2",
                "--records",
                name,
            ],
        );
        assert_eq!(o.status.code(), Some(2), "--records {name}: {}", stderr(&o));
        assert!(error_line(&o).contains(why), "{}", stderr(&o));
        assert_eq!(kind(&dir.join(name)), before, "{name} was replaced");
    }
    if device {
        assert!(kind(&dir.join("chr")).is_char_device());
    }
    // A link is written through: it stays a link, its file gets the output.
    let o = tune_to(&dir, "bot:random", "link.json");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(kind(&dir.join("link.json")).is_symlink());
    let written = std::fs::read_to_string(dir.join("real.json")).unwrap();
    assert!(written.contains("\"format\""), "{written}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn an_output_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tuning_dir("mode");
    let private = dir.join("private.json");
    std::fs::write(&private, "old").unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    let o = tune_to(&dir, "bot:random", "private.json");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let meta = std::fs::metadata(&private).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o600);
    assert!(
        std::fs::read_to_string(&private)
            .unwrap()
            .contains("\"format\"")
    );
    let o = run_in(
        &dir,
        &[
            "match",
            "bot:random",
            "bot:greedy",
            "--games",
            "2",
            "--records",
            "private.json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let meta = std::fs::metadata(&private).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o600);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_program_of_the_run_is_never_an_output() {
    let dir = tuning_dir("program");
    let program = "print('a program')\n";
    std::fs::write(dir.join("bot.py"), program).unwrap();
    let carol = dir.join("subs/carol");
    std::fs::create_dir_all(&carol).unwrap();
    std::fs::write(carol.join("bot.py"), program).unwrap();
    std::fs::write(
        carol.join("bot.toml"),
        "name = \"carol\"\ncommand = [\"python3\", \"bot.py\"]\n",
    )
    .unwrap();
    std::fs::write(carol.join("notes.txt"), program).unwrap();
    std::fs::copy(dir.join("s.json"), dir.join("subs/alice.json")).unwrap();
    let runs: [(&[&str], &str, &str); 4] = [
        (
            &[
                "match",
                "cmd:python3 bot.py",
                "bot:random",
                "--games",
                "1",
                "--records",
                "bot.py",
            ],
            "bot.py",
            "--records bot.py is a file of player 'cmd:python3 bot.py'",
        ),
        (
            &[
                "tune",
                "s.json",
                "--against",
                "cmd:python3 bot.py",
                "--iterations",
                "1",
                "--games",
                "2",
                "--validation-games",
                "0",
                "--out",
                "bot.py",
            ],
            "bot.py",
            "--out bot.py is a file of player 'cmd:python3 bot.py'",
        ),
        (
            &[
                "match",
                "subs/carol/bot.toml",
                "bot:random",
                "--games",
                "1",
                "--records",
                "subs/carol/notes.txt",
            ],
            "subs/carol/notes.txt",
            "is a file of player 'subs/carol/bot.toml'",
        ),
        (
            &[
                "tournament",
                "--dir",
                "subs",
                "--games",
                "1",
                "--records",
                "subs/carol/bot.py",
            ],
            "subs/carol/bot.py",
            "--records subs/carol/bot.py is a file of the submissions folder subs",
        ),
    ];
    for (args, file, says) in runs {
        let o = run_in(&dir, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(error_line(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert_eq!(
            std::fs::read_to_string(dir.join(file)).unwrap(),
            program,
            "{file} changed"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Mounts a tmpfs of `kb` KiB on `dir`; false where that is not permitted.
fn mount_tmpfs(dir: &Path, kb: u32) -> bool {
    Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={kb}k"), "tmpfs"])
        .arg(dir)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn a_full_disk_stops_the_run_with_whole_lines_and_exit_3() {
    let dir = temp_dir("full");
    let small = dir.join("small");
    std::fs::create_dir(&small).unwrap();
    if !mount_tmpfs(&small, 64) {
        eprintln!("skipped: cannot mount a tmpfs here (run as root to test a full disk)");
        return;
    }
    let records = small.join("games.jsonl");
    let o = run_in(
        &dir,
        &[
            "match",
            "bot:random",
            "bot:random",
            "--games",
            "100000",
            "--threads",
            "1",
            "--records",
            records.to_str().unwrap(),
        ],
    );
    let text = std::fs::read_to_string(&records).unwrap_or_default();
    let _ = Command::new("umount").arg(&small).status();
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let e = error_line(&o);
    assert!(e.contains("No space left on device"), "{e}");
    assert!(text.ends_with('\n'), "a partial last line is left");
    let games = text.lines().count();
    assert!(
        games > 10 && e.contains(&format!("keeps the {games} games")),
        "{e}"
    );
    for line in text.lines() {
        assert!(
            serde_json::from_str::<serde_json::Value>(line).is_ok(),
            "{line}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

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
    let warning = "chainlab: warning: cut.jsonl: game record: line 6, the last, is cut short";
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
    let text = std::fs::read_to_string(dir.join("g.jsonl")).unwrap();
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
