//! Outputs through the real binary (issue 33): no output replaces a
//! device, a FIFO, a link or an input of the run; an output keeps its mode;
//! a full disk leaves whole lines and exit 3. Damaged and interrupted runs
//! are in `cli_damaged.rs`, which shares the helpers here.
//!
//! Set `CHAINLAB_TEST_BIN` to run these against another build (each fails on
//! the build before the issue). Tests that need root (a device node, a
//! tmpfs) say so on stderr and pass where it is not available.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::cli_util;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use cli_util::{bin, stderr};

/// A fresh temporary folder for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chainlab-out-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `chainlab ARGS` in `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Output {
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
pub fn tuning_dir(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies/08-expert.json"),
        dir.join("s.json"),
    )
    .unwrap();
    dir
}

/// The one error line of a failed run.
pub fn error_line(o: &Output) -> String {
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
    // A real engine, so that a build that starts it before checking the
    // outputs would play and then overwrite it.
    let program = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/engines/starter_bot.py"),
    )
    .unwrap();
    let program = program.as_str();
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
    let text = crate::cli_util::games_text(&records);
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
