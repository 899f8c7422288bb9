//! The program sandbox (docs/protocol.md, "The sandbox"): a hostile engine
//! tries one thing per test, through the real binary. Sandboxed, the attempt
//! fails while the games complete, and nothing is left running; with
//! `--no-sandbox` the same attempt succeeds, which shows that each test can
//! fail. On a system without Landlock the tests say so and pass.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::cli_util::{stderr, stdout};

/// The hostile engine.
fn hostile() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/engines/hostile/hostile.py")
}

/// A fresh folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chainlab-sandbox-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `chainlab match` of the engine `command` against bot:random (two
/// games, records in `dir`), sandboxed or not, with `env` added to
/// chainlab's environment.
fn play(dir: &Path, command: &str, sandboxed: bool, env: &[(&str, &str)]) -> Output {
    play_spec(dir, &format!("cmd:{command}"), sandboxed, env)
}

/// [`play`] with any player spec (a `bot.toml`, say).
fn play_spec(dir: &Path, spec: &str, sandboxed: bool, env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chainlab"));
    cmd.current_dir(dir).envs(env.iter().copied()).args([
        "match",
        spec,
        "bot:random",
        "--games",
        "2",
        "--records",
        "r.jsonl",
    ]);
    if !sandboxed {
        cmd.arg("--no-sandbox");
    }
    cmd.output().unwrap()
}

/// The engine's "attempt …" lines from its stderr log.
fn attempts(dir: &Path) -> Vec<String> {
    let mut lines = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        if entry.file_name().to_string_lossy().ends_with(".stderr.log") {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            lines.extend(
                text.lines()
                    .filter(|l| l.contains("attempt "))
                    .map(str::to_string),
            );
        }
    }
    lines
}

/// Plays the hostile engine trying `what`; checks that both games were
/// played with no forfeit and returns its attempt lines (one per process).
fn try_it(name: &str, what: &[&str], sandboxed: bool) -> Vec<String> {
    let dir = temp_dir(&format!("{name}-{sandboxed}"));
    let command = format!("python3 {} {}", hostile().display(), what.join(" "));
    let o = play(&dir, &command, sandboxed, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Forfeits        none"),
        "{}",
        stdout(&o)
    );
    // One process checks the command before the match, then one per game.
    let lines = attempts(&dir);
    assert!(lines.len() >= 2, "{lines:?}");
    lines
}

/// Whether this system sandboxes programs; says why not when it does not
/// (asked once: the tests run in parallel).
fn can_sandbox() -> bool {
    static ANSWER: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ANSWER.get_or_init(probe)
}

fn probe() -> bool {
    let dir = temp_dir("probe");
    let command = format!("python3 {} none", hostile().display());
    let o = play(&dir, &command, true, &[]);
    let missing = stderr(&o).contains("programs run unsandboxed");
    if missing {
        eprintln!(
            "skipped: this system cannot sandbox programs: {}",
            stderr(&o)
        );
    }
    !missing
}

fn all_blocked(lines: &[String]) -> bool {
    lines.iter().all(|l| l.contains(": blocked ("))
}

fn all_succeeded(lines: &[String]) -> bool {
    lines.iter().all(|l| l.contains(": succeeded: "))
}

#[test]
fn a_program_cannot_read_a_file_outside_its_folder() {
    if !can_sandbox() {
        return;
    }
    let secrets = temp_dir("secrets");
    let secret = secrets.join("id_rsa");
    std::fs::write(&secret, "PRIVATE KEY").unwrap();
    let path = secret.display().to_string();
    let lines = try_it("read", &["read", &path], true);
    assert!(all_blocked(&lines), "{lines:?}");
    let lines = try_it("read", &["read", &path], false);
    assert!(
        all_succeeded(&lines) && lines[0].contains("PRIVATE KEY"),
        "{lines:?}"
    );
}

#[test]
fn a_program_cannot_write_outside_its_scratch_folder() {
    if !can_sandbox() {
        return;
    }
    let target = temp_dir("writes").join("planted.txt");
    let path = target.display().to_string();
    let lines = try_it("write", &["write", &path], true);
    assert!(all_blocked(&lines), "{lines:?}");
    assert!(!target.exists());
    let lines = try_it("write", &["write", &path], false);
    assert!(all_succeeded(&lines) && target.exists(), "{lines:?}");
}

#[test]
fn a_program_cannot_connect_to_a_local_listener_or_send_datagrams() {
    if !can_sandbox() {
        return;
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let lines = try_it("connect", &["connect", &port], true);
    assert!(all_blocked(&lines), "{lines:?}");
    assert!(listener.accept().is_err(), "a connection came through");
    let lines = try_it("connect", &["connect", &port], false);
    assert!(all_succeeded(&lines), "{lines:?}");
    assert!(listener.accept().is_ok());

    let udp = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    udp.set_nonblocking(true).unwrap();
    let port = udp.local_addr().unwrap().port().to_string();
    let lines = try_it("udp", &["udp", &port], true);
    assert!(all_blocked(&lines), "{lines:?}");
    let mut buf = [0u8; 16];
    assert!(udp.recv(&mut buf).is_err(), "a datagram came through");
    let lines = try_it("udp", &["udp", &port], false);
    assert!(all_succeeded(&lines), "{lines:?}");
}

/// Processes whose command line holds `needle`, once those killed have had
/// up to two seconds to go (killed processes take a moment to die).
fn running(needle: &str) -> Vec<u32> {
    let began = std::time::Instant::now();
    loop {
        let found = running_now(needle);
        if found.is_empty() || began.elapsed() > std::time::Duration::from_secs(2) {
            return found;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Processes whose command line holds `needle` now, read from /proc.
fn running_now(needle: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let mut cmdline = Vec::new();
        let ok = std::fs::File::open(entry.path().join("cmdline"))
            .and_then(|mut f| f.read_to_end(&mut cmdline))
            .is_ok();
        if ok && String::from_utf8_lossy(&cmdline).contains(needle) {
            found.push(pid);
        }
    }
    found
}

#[test]
fn a_fork_bomb_is_stopped_and_leaves_nothing_running() {
    if !can_sandbox() {
        return;
    }
    let lines = try_it("forkbomb", &["forkbomb", "100", "bomb-sandboxed"], true);
    assert!(all_blocked(&lines), "{lines:?}");
    assert!(lines[0].contains("fork failed after"), "{lines:?}");
    assert_eq!(running("bomb-sandboxed"), Vec::<u32>::new());
    let lines = try_it("forkbomb", &["forkbomb", "100", "bomb-free"], false);
    assert!(all_succeeded(&lines), "{lines:?}");
    assert_eq!(running("bomb-free"), Vec::<u32>::new());
}

#[test]
fn a_program_cannot_allocate_past_its_memory_limit() {
    if !can_sandbox() {
        return;
    }
    // 8 GiB against the default 1 GiB.
    let lines = try_it("alloc8", &["alloc", "8"], true);
    assert!(
        all_blocked(&lines) && lines[0].contains("MemoryError"),
        "{lines:?}"
    );
    // 2 GiB (never touched, so any machine gives it) against the default,
    // then without the sandbox.
    let lines = try_it("alloc2", &["alloc", "2"], true);
    assert!(all_blocked(&lines), "{lines:?}");
    let lines = try_it("alloc2", &["alloc", "2"], false);
    assert!(all_succeeded(&lines), "{lines:?}");
}

/// The daemons' process ids an attempt line names ("… daemon 1234").
fn daemon_pid(line: &str) -> u32 {
    let word = line.rsplit(' ').next().unwrap_or_default().trim();
    word.parse()
        .unwrap_or_else(|_| panic!("no daemon pid in: {line}"))
}

/// Whether the daemon `pid` still runs, once a killed one has had up to
/// two seconds to go.
fn is_alive(pid: u32) -> bool {
    let began = std::time::Instant::now();
    while alive_now(pid) && began.elapsed() < std::time::Duration::from_secs(2) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    alive_now(pid)
}

/// Whether the daemon `pid` runs now.
fn alive_now(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/cmdline")).is_ok_and(|c| c.contains("hostile.py"))
}

#[test]
fn a_daemon_started_with_setsid_is_ended_with_the_game() {
    if !can_sandbox() {
        return;
    }
    // setsid itself is allowed; the daemon must not outlive the game.
    let lines = try_it("daemon", &["daemon"], true);
    for line in &lines {
        assert!(line.contains("succeeded: daemon"), "{line}");
        assert!(!is_alive(daemon_pid(line)), "daemon left running: {line}");
    }
    let lines = try_it("daemon", &["daemon"], false);
    let pids: Vec<u32> = lines.iter().map(|l| daemon_pid(l)).collect();
    let alive = pids.iter().filter(|p| alive_now(**p)).count();
    for pid in pids {
        let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
    }
    assert_eq!(
        alive,
        lines.len(),
        "without the sandbox the daemons escape: {lines:?}"
    );
}

#[test]
fn a_program_cannot_signal_chainlab() {
    if !can_sandbox() {
        return;
    }
    let lines = try_it("signal", &["signal"], true);
    assert!(
        all_blocked(&lines) && lines[0].contains("Operation not permitted"),
        "{lines:?}"
    );
    let lines = try_it("signal", &["signal"], false);
    assert!(all_succeeded(&lines), "{lines:?}");
}

/// Whether `program` runs here.
fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn python_node_and_java_engines_start_under_the_default_limits() {
    if !can_sandbox() {
        return;
    }
    let runtimes = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/engines/runtimes");
    let starter = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/engines/starter_bot.py");
    for (program, command) in [
        ("python3", format!("python3 {}", starter.display())),
        (
            "node",
            format!("node {}", runtimes.join("bot.js").display()),
        ),
        (
            "java",
            format!("java {}", runtimes.join("Bot.java").display()),
        ),
    ] {
        if !installed(program) {
            eprintln!("skipped {program}: not installed");
            continue;
        }
        let dir = temp_dir(program);
        let o = play(&dir, &command, true, &[]);
        assert!(o.status.success(), "{program}: {}", stderr(&o));
        assert!(
            stdout(&o).contains("Forfeits        none"),
            "{program}: {}",
            stdout(&o)
        );
    }
}

#[test]
fn the_scratch_folder_is_writable_and_removed_after_the_game() {
    if !can_sandbox() {
        return;
    }
    let lines = try_it("scratch", &["write", "$TMPDIR/x"], true);
    // The shell does not expand $TMPDIR in a cmd: line; the engine's own
    // TMPDIR is what it may write.
    assert!(all_blocked(&lines), "{lines:?}");
    let dir = temp_dir("scratch-env");
    let script = dir.join("tmp.sh");
    // The engine in the script's own folder, which it may read.
    std::fs::copy(hostile(), dir.join("hostile.py")).unwrap();
    std::fs::write(
        &script,
        "#!/bin/sh\necho scratch > \"$TMPDIR/note\" && echo \"attempt scratch: succeeded: $TMPDIR\" >&2\nexec python3 \"$(dirname \"$0\")/hostile.py\" none\n",
    )
    .unwrap();
    let o = play(&dir, &format!("sh {}", script.display()), true, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = attempts(&dir);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("attempt scratch: succeeded")),
        "{lines:?}"
    );
    for line in lines.iter().filter(|l| l.contains("attempt scratch")) {
        let scratch = line.rsplit(' ').next().unwrap();
        assert!(scratch.contains("chainlab-engine-"), "{line}");
        assert!(
            !Path::new(scratch).exists(),
            "scratch folder left behind: {scratch}"
        );
    }
}

#[test]
fn a_class_tournament_grades_the_same_sandboxed_and_not() {
    if !can_sandbox() {
        return;
    }
    let root = temp_dir("class");
    let subs = root.join("subs");
    let starter = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/engines/starter_bot.py");
    for (who, manifest) in [
        ("alice", "command = \"python3 starter_bot.py\"\n"),
        (
            "bob",
            "name = \"Bob\"\ncommand = \"python3 starter_bot.py\"\n[options]\nstrategy = \"random\"\n",
        ),
    ] {
        std::fs::create_dir_all(subs.join(who)).unwrap();
        std::fs::copy(&starter, subs.join(who).join("starter_bot.py")).unwrap();
        std::fs::write(subs.join(who).join("bot.toml"), manifest).unwrap();
    }
    let broken = subs.join("broken.sh");
    std::fs::write(&broken, "#!/bin/sh\necho hello\n").unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&broken, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies/04-capture.json");
    std::fs::copy(shipped, subs.join("carol.json")).unwrap();
    let run = |sandboxed: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_chainlab"));
        cmd.current_dir(&root).args([
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
            "--json",
        ]);
        if !sandboxed {
            cmd.arg("--no-sandbox");
        }
        let o = cmd.output().unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
        let mut v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let flag = v.as_object_mut().unwrap().remove("sandboxed").unwrap();
        assert_eq!(flag, sandboxed);
        // The settings end with when it was played and how long it took.
        let settings = v["settings"].as_array_mut().unwrap();
        settings.retain(|row| row[0] != "Played");
        v
    };
    let (sandboxed, free) = (run(true), run(false));
    assert_eq!(sandboxed["grades"], free["grades"]);
    assert_eq!(
        sandboxed, free,
        "the same games, grades and forfeits either way"
    );
    let grades = sandboxed["grades"].to_string();
    assert!(
        grades.contains("alice") && grades.contains("broken.sh"),
        "{grades}"
    );
}

#[test]
fn a_program_cannot_connect_to_a_unix_socket_outside() {
    if !can_sandbox() {
        return;
    }
    // As the system's D-Bus, an SSH agent or a display would be.
    let dir = temp_dir("unix-socket");
    let path = dir.join("service.sock");
    let listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
    listener.set_nonblocking(true).unwrap();
    let socket = path.display().to_string();
    let lines = try_it("unix", &["unix", &socket], true);
    assert!(all_blocked(&lines), "{lines:?}");
    assert!(listener.accept().is_err(), "a connection came through");
    let lines = try_it("unix", &["unix", &socket], false);
    assert!(all_succeeded(&lines), "{lines:?}");
}

#[test]
fn a_program_does_not_see_chainlabs_environment() {
    if !can_sandbox() {
        return;
    }
    let command = format!("python3 {} env CHAINLAB_TEST_SECRET", hostile().display());
    for sandboxed in [true, false] {
        let dir = temp_dir(&format!("env-{sandboxed}"));
        let o = play(
            &dir,
            &command,
            sandboxed,
            &[("CHAINLAB_TEST_SECRET", "hunter2")],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let lines = attempts(&dir);
        assert!(!lines.is_empty());
        if sandboxed {
            assert!(
                all_blocked(&lines) && !lines.concat().contains("hunter2"),
                "{lines:?}"
            );
        } else {
            assert!(
                all_succeeded(&lines) && lines[0].contains("hunter2"),
                "{lines:?}"
            );
        }
    }
}

#[test]
fn a_manifest_naming_a_program_elsewhere_opens_only_that_file() {
    if !can_sandbox() {
        return;
    }
    // A submission's bot.toml names a program by path in a folder that
    // holds a secret: the program runs, the folder around it stays closed.
    let root = temp_dir("manifest-path");
    let private = root.join("private");
    std::fs::create_dir_all(private.join("bin")).unwrap();
    std::fs::write(private.join("secret.txt"), "PRIVATE").unwrap();
    let engine = private.join("bin").join("engine.sh");
    std::fs::write(
        &engine,
        "#!/bin/sh
         if cat \"$(dirname \"$0\")/../secret.txt\" >/dev/null 2>&1; then echo 'attempt read: succeeded: read' >&2; \
         else echo 'attempt read: blocked (no access)' >&2; fi
         while read -r word rest; do
  case \"$word\" in
    protocol) echo 'name sh'; echo 'ready 1' ;;
    \
         go) echo '0,0' ;;
    quit) exit 0 ;;
  esac
done
",
    )
    .unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let submission = root.join("alice");
    std::fs::create_dir_all(&submission).unwrap();
    std::fs::write(
        submission.join("bot.toml"),
        format!("command = [{:?}]\n", engine.display().to_string()),
    )
    .unwrap();
    let manifest = submission.join("bot.toml").display().to_string();
    for sandboxed in [true, false] {
        let o = play_spec(&root, &manifest, sandboxed, &[]);
        assert!(o.status.success(), "{}", stderr(&o));
        let lines = attempts(&root);
        if sandboxed {
            assert!(!lines.is_empty() && all_blocked(&lines), "{lines:?}");
        } else {
            assert!(!lines.is_empty() && all_succeeded(&lines), "{lines:?}");
        }
        for entry in std::fs::read_dir(&root).unwrap().flatten() {
            if entry.file_name().to_string_lossy().starts_with("r.jsonl") {
                std::fs::remove_file(entry.path()).unwrap();
            }
        }
    }
}
