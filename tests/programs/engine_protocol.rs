//! Programs as players (`cmd:`, docs/protocol.md): broken engines forfeit
//! with their reason and leave no process behind; the starter kits and
//! `chainlab engine` play whole matches; Ctrl+C and SIGTERM stop a match
//! with engines cleanly.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::cli_util;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use chainlab::arena::{GameRecord, MatchConfig, MatchObserver, Tally, run_match};
use chainlab::bots::{AgentFactory, EngineFactory, EngineSpec, parse_player};
use cli_util::{chainlab, stdout};

/// Keeps every record.
#[derive(Default)]
struct Records(Vec<GameRecord>);

impl MatchObserver for Records {
    fn game_finished(&mut self, record: &GameRecord, _tally: &Tally) {
        self.0.push(record.clone());
    }
}

/// An engine written in sh: it does the handshake (unless `handshake` says
/// otherwise), runs `on_newgame` at `newgame` and `on_go` at `go`.
fn sh_engine(dir: &Path, name: &str, handshake: &str, on_newgame: &str, on_go: &str) -> PathBuf {
    let path = dir.join(format!("{name}.sh"));
    let body = format!(
        "#!/bin/sh\nwhile read -r word rest; do\n  case \"$word\" in\n    \
         protocol) {handshake} ;;\n    newgame) {on_newgame} ;;\n    go) {on_go} ;;\n    \
         quit) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, body).unwrap();
    path
}

const HANDSHAKE: &str = "echo 'name broken'; echo 'ready 1'";

/// A marker in the command lines of children the broken engines start,
/// so that the test can tell whether any was left running.
const MARKER: &str = "31.4159";

/// Every process as (parent id, state letter, command line), read from
/// /proc (no `ps` needed).
fn processes() -> Vec<(u32, char, String)> {
    let mut list = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let path = entry.path();
        let (Ok(stat), Ok(cmdline)) = (
            std::fs::read_to_string(path.join("stat")),
            std::fs::read(path.join("cmdline")),
        ) else {
            continue;
        };
        // "pid (comm) S ppid …": the fields after the last ')'.
        let Some((_, after)) = stat.rsplit_once(')') else {
            continue;
        };
        let mut fields = after.split_whitespace();
        let state = fields.next().and_then(|s| s.chars().next()).unwrap_or('?');
        let ppid = fields.next().and_then(|p| p.parse().ok()).unwrap_or(0);
        let args = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        list.push((ppid, state, args));
    }
    list
}

/// Command lines of live processes (not zombies) that contain `needle`.
fn processes_with(needle: &str) -> Vec<String> {
    processes()
        .into_iter()
        .filter(|(_, state, args)| *state != 'Z' && args.contains(needle))
        .map(|(_, _, args)| args)
        .collect()
}

/// Zombie children of this test process.
fn zombies() -> Vec<String> {
    let me = std::process::id();
    processes()
        .into_iter()
        .filter(|(ppid, state, _)| *ppid == me && *state == 'Z')
        .map(|(_, _, args)| args)
        .collect()
}

/// Plays 2 games of `engine` against bot:random with a 300 ms move limit.
fn play(engine: Arc<dyn AgentFactory>) -> Vec<GameRecord> {
    let config = MatchConfig {
        games: 2,
        threads: 2,
        move_limit: Some(Duration::from_millis(300)),
        ..MatchConfig::default()
    };
    let random = parse_player("bot:random").unwrap();
    let mut records = Records::default();
    run_match(
        &engine,
        &random,
        &config,
        &AtomicBool::new(false),
        &mut records,
    )
    .unwrap();
    records.0
}

#[test]
fn broken_engines_forfeit_with_their_reason_and_leave_nothing_running() {
    let dir = tempfile_dir("broken");
    let sleeper = format!("sleep {MARKER}");
    let cases: Vec<(&str, PathBuf, &str)> = vec![
        ("no such program", dir.join("missing.sh"), "cannot start"),
        (
            "not an engine",
            sh_engine(&dir, "echo", "echo \"$word $rest\"", ":", ":"),
            "does not speak the chainlab protocol: it answered 'protocol 1'",
        ),
        (
            "wrong protocol version",
            sh_engine(&dir, "version", "echo 'ready 2'", ":", ":"),
            "speaks protocol version 2; this chainlab speaks version 1",
        ),
        (
            "exits at the handshake",
            sh_engine(&dir, "quits", "exit 0", ":", ":"),
            "exited with code 0 before it finished the handshake",
        ),
        (
            "exits early",
            sh_engine(&dir, "early", HANDSHAKE, "exit 0", ":"),
            "exited with code 0 while it was to move",
        ),
        (
            "crash",
            sh_engine(
                &dir,
                "crash",
                HANDSHAKE,
                ":",
                "echo 'about to crash' >&2; kill -SEGV $$",
            ),
            "crashed: signal 11 (SIGSEGV) while it was to move; its last stderr lines: about to crash",
        ),
        (
            "illegal move",
            sh_engine(&dir, "illegal", HANDSHAKE, ":", "echo 19,19"),
            "illegal move 19,19",
        ),
        (
            "garbage",
            sh_engine(&dir, "garbage", HANDSHAKE, ":", "echo hello"),
            "sent an unreadable line: 'hello' is not a message of protocol version 1",
        ),
        (
            "says error",
            sh_engine(&dir, "error", HANDSHAKE, ":", "echo 'error I give up'"),
            "said: error I give up",
        ),
        (
            "never answers (a child sleeping too)",
            sh_engine(&dir, "silent", HANDSHAKE, &format!("{sleeper} &"), &sleeper),
            "did not answer within",
        ),
        (
            "a line with no end",
            sh_engine(
                &dir,
                "huge",
                HANDSHAKE,
                ":",
                "head -c 200000 /dev/zero | tr '\\0' x",
            ),
            "sent a line longer than 65536 bytes",
        ),
        (
            "a flood of info lines",
            sh_engine(
                &dir,
                "flood",
                HANDSHAKE,
                ":",
                "while :; do echo 'info flood'; done",
            ),
            "did not answer within",
        ),
        (
            "ignores quit and SIGTERM",
            sh_engine(
                &dir,
                "stubborn",
                &format!("trap '' TERM INT; {HANDSHAKE}"),
                ":",
                &format!("echo 0,0; {sleeper}"),
            ),
            "",
        ),
    ];
    for (kind, script, expected) in cases {
        let mut spec = EngineSpec::from_command_line(&format!("sh {}", script.display())).unwrap();
        if kind == "no such program" {
            spec = EngineSpec::from_command_line(&script.display().to_string()).unwrap();
        }
        let records = play(Arc::new(EngineFactory(Arc::new(spec))));
        for record in &records {
            let engine_seat = record.sides.chars().position(|s| s == 'a').unwrap();
            if expected.is_empty() {
                // The stubborn engine plays 0,0 and then sleeps: it forfeits
                // by the move limit or by an illegal 0,0, either way cleanly.
                assert!(record.forfeit.is_some(), "{kind}: {record:?}");
                continue;
            }
            assert_eq!(
                record.forfeit.map(|p| p.index()),
                Some(engine_seat),
                "{kind}: {}",
                record.reason
            );
            assert!(
                record.reason.contains(expected),
                "{kind}: expected '{expected}' in '{}'",
                record.reason
            );
        }
        println!("{kind}: {}", records[0].reason);
    }
    // Every engine and every child it started is gone, and reaped.
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(processes_with(MARKER), Vec::<String>::new());
    assert_eq!(
        processes_with(&dir.display().to_string()),
        Vec::<String>::new()
    );
    // Other tests start and reap processes at the same time: only a zombie
    // that stays for a second is one that nobody reaps.
    let began = Instant::now();
    while !zombies().is_empty() && began.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(zombies(), Vec::<String>::new());
}

#[test]
fn a_handshake_that_never_comes_is_cut_off() {
    let dir = tempfile_dir("mute");
    let script = sh_engine(&dir, "mute", &format!("sleep {MARKER}"), ":", ":");
    let mut spec = EngineSpec::from_command_line(&format!("sh {}", script.display())).unwrap();
    spec.start_limit = Duration::from_millis(300);
    let began = Instant::now();
    let records = play(Arc::new(EngineFactory(Arc::new(spec))));
    assert!(
        records.iter().all(|r| r
            .reason
            .contains("cannot be created: did not finish the handshake within 300 ms")),
        "{:?}",
        records[0].reason
    );
    assert!(began.elapsed() < Duration::from_secs(5));
    assert_eq!(
        processes_with(&dir.display().to_string()),
        Vec::<String>::new()
    );
}

/// A new empty folder for this test's scripts.
fn tempfile_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chainlab-engines-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The built `rust_starter` example (cargo test builds examples first).
fn rust_starter() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let debug = exe.parent().and_then(Path::parent).unwrap();
    let path = debug.join("examples").join("rust_starter");
    assert!(
        path.exists(),
        "{} is missing: run the whole 'cargo test', or 'cargo build --example rust_starter' first",
        path.display()
    );
    path
}

/// Plays `spec` against bot:random: the engine wins most and never forfeits.
fn kit_beats_random(spec: &str) {
    let out = chainlab(&["match", spec, "bot:random", "--games", "20", "--json"]);
    assert!(out.status.success(), "{}", cli_util::stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    println!("{spec}: {report}");
    assert_eq!(report["forfeits_a"], 0, "{report}");
    let wins = report["wins_a"].as_u64().unwrap();
    assert!(
        wins >= 12,
        "{spec} won only {wins} of 20 against bot:random"
    );
}

#[test]
fn the_python_starter_plays_a_match() {
    if Command::new("python3")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_err()
    {
        println!("skipped: no python3 on this machine");
        return;
    }
    kit_beats_random("cmd:python3 examples/engines/starter_bot.py");
    // The smallest engine of docs/protocol.md plays whole games without a forfeit.
    let minimal = "cmd:python3 examples/engines/minimal_bot.py";
    let out = chainlab(&["match", minimal, "bot:random", "--games", "6"]);
    let out = (out.status.success(), stdout(&out));
    assert!(out.0 && out.1.contains("Forfeits        none"), "{}", out.1);
}

#[test]
fn the_rust_starter_plays_a_match() {
    kit_beats_random(&format!("cmd:{}", rust_starter().display()));
}

#[test]
fn chainlab_engine_plays_chainlab_with_two_threads() {
    let engine = format!("cmd:{} engine", env!("CARGO_BIN_EXE_chainlab"));
    let out = chainlab(&[
        "match",
        &format!("{engine} bot:greedy"),
        &format!("{engine} bot:random"),
        "--games",
        "20",
        "--threads",
        "2",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", cli_util::stderr(&out));
    assert!(text.contains("Forfeits        none"), "{text}");
}

#[test]
fn ctrl_c_and_sigterm_stop_a_match_and_its_engines() {
    let dir = tempfile_dir("cancel");
    let marker = "27.1828";
    let script = sh_engine(&dir, "slow", HANDSHAKE, ":", &format!("sleep {marker}"));
    for signal in ["-INT", "-TERM"] {
        let child = Command::new(env!("CARGO_BIN_EXE_chainlab"))
            .args([
                "match",
                &format!("cmd:sh {}", script.display()),
                "bot:random",
            ])
            .args(["--games", "4", "--threads", "2"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Wait until the engines are thinking (their sleep has started).
        let began = Instant::now();
        while processes_with(marker).is_empty() && began.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(
            !processes_with(marker).is_empty(),
            "the engines never started"
        );
        let pid = child.id().to_string();
        let kill = format!("kill {signal} {pid}");
        Command::new("sh").args(["-c", &kill]).status().unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(130),
            "{signal}: {}",
            cli_util::stderr(&out)
        );
        assert!(stdout(&out).contains("cancelled"), "{}", stdout(&out));
        assert!(
            began.elapsed() < Duration::from_secs(10),
            "{signal} took too long"
        );
        assert_eq!(processes_with(marker), Vec::<String>::new(), "{signal}");
    }
}

#[test]
fn options_from_a_manifest_are_set_and_unknown_ones_refused() {
    let dir = tempfile_dir("options");
    let heard = dir.join("heard.txt");
    let handshake = "echo 'name optioned'; echo 'option level 1'; echo 'ready 1'";
    // It records every `set` and plays the first empty cell it finds (0,0 … on an empty board).
    let script = sh_engine(&dir, "optioned", handshake, ":", "echo 0,0");
    let body = std::fs::read_to_string(&script).unwrap().replace(
        "    quit)",
        &format!(
            "    set) echo \"$rest\" >> '{}' ;;\n    quit)",
            heard.display()
        ),
    );
    std::fs::write(&script, body).unwrap();
    let manifest = dir.join("bot.toml");
    std::fs::write(
        &manifest,
        "name = \"Optioned\"\ncommand = [\"sh\", \"optioned.sh\"]\n[options]\nlevel = 7\n",
    )
    .unwrap();
    let factory = parse_player(manifest.to_str().unwrap()).unwrap();
    assert_eq!(factory.label(), "Optioned");
    drop(factory.create().unwrap());
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(std::fs::read_to_string(&heard).unwrap().trim(), "level 7");

    std::fs::write(
        &manifest,
        "command = \"sh optioned.sh\"\n[options]\ndepth = 3\n",
    )
    .unwrap();
    let e = parse_player(manifest.to_str().unwrap())
        .unwrap()
        .create()
        .err()
        .unwrap();
    assert_eq!(e.to_string(), "has no option 'depth' (its options: level)");

    std::fs::write(&manifest, "comand = \"sh optioned.sh\"\n").unwrap();
    let e = parse_player(manifest.to_str().unwrap())
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("bot.toml") && e.contains("comand"), "{e}");
}

#[test]
fn chainlab_engine_answers_a_session() {
    let input = "protocol 1\nhello there\ngo 100\n\
        newgame size=3x3 players=2 rules=standard seat=B seed=5\n\
        position {\"rows\":3,\"cols\":3,\"to_move\":1,\"cells\":[[{\"player\":0,\"atoms\":1},null,null],[null,null,null],[null,null,null]]}\n\
        last 0,0\ngo 500\nquit\nprotocol 1\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_chainlab"))
        .args(["engine", "bot:expert:depth=2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..2], ["name bot:expert:depth=2", "ready 1"], "{text}");
    assert!(
        lines[2].starts_with("info ignored: 'hello there'"),
        "{text}"
    );
    assert_eq!(lines[3], "error 'go' before any 'position'", "{text}");
    assert!(lines[4].starts_with("info depth 2 value"), "{text}");
    assert!(lines[5].starts_with("info chose"), "{text}");
    let coord: chainlab::rules::Coord = lines[6].parse().unwrap();
    assert_ne!((coord.row(), coord.col()), (0, 0), "0,0 is A's: {text}");
    // Nothing after quit.
    assert_eq!(lines.len(), 7, "{text}");
}

/// A strict protocol: a line sent when no answer is pending forfeits, a
/// flood of options ends the handshake, and control characters in a
/// reason are shown escaped, not dropped.
#[test]
fn early_lines_option_floods_and_control_characters_are_named() {
    let dir = std::env::temp_dir().join(format!("chainlab-strict-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let twice = sh_engine(&dir, "twice", HANDSHAKE, ":", "echo 0,0; echo 0,1");
    let flood = sh_engine(
        &dir,
        "flood",
        "i=0; while [ $i -lt 300 ]; do echo \"option o$i 1\"; i=$((i+1)); done; echo 'ready 1'",
        ":",
        "echo 0,0",
    );
    let control = sh_engine(
        &dir,
        "control",
        HANDSHAKE,
        ":",
        "printf 'error bad\\001\\007\\033[31mred\\n'",
    );
    let reasons = |engine: &Path| {
        let records = dir.join("r.jsonl");
        let _ = std::fs::remove_file(&records);
        let spec = format!("cmd:sh {}", engine.display());
        let records_arg = records.display().to_string();
        let o = chainlab(&[
            "match",
            &spec,
            "bot:random",
            "--games",
            "2",
            "--records",
            &records_arg,
            "--no-sandbox",
        ]);
        (
            std::fs::read_to_string(&records).unwrap_or_default(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let (records, _) = reasons(&twice);
    // Which of its two lines is caught depends on how fast the second one
    // arrives; that one is caught is certain.
    assert!(records.contains("before it was asked to move"), "{records}");
    let (_, err) = reasons(&flood);
    assert!(
        err.contains("sent more than 256 option lines in its handshake"),
        "{err}"
    );
    let (records, _) = reasons(&control);
    assert!(
        records.contains(r"said: error bad\\u{1}\\u{7}\\u{1b}[31mred"),
        "{records}"
    );
}

/// `chainlab engine 'cmd:PROG'` ended by SIGTERM or SIGINT ends PROG's
/// whole tree, a child that left with setsid() included.
#[test]
fn chainlab_engine_stopped_by_a_signal_ends_its_program_tree() {
    use std::io::Write;
    for signal in ["-TERM", "-INT"] {
        let dir = std::env::temp_dir().join(format!("engine-tree-{}{signal}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let marker = format!("tree-marker{signal}");
        let bot = dir.join("slow.py");
        std::fs::write(
            &bot,
            "import os, sys, time\nfor line in sys.stdin:\n    w = line.split()[0] if line.strip() else ''\n    \
             if w == 'protocol':\n        print('name slow'); print('ready 1', flush=True)\n        \
             if os.fork() == 0:\n            os.setsid(); time.sleep(60); os._exit(0)\n    \
             elif w == 'go':\n        time.sleep(60)\n",
        )
        .unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_chainlab"))
            .args(["engine", &format!("cmd:python3 {} {marker}", bot.display())])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        writeln!(
            stdin,
            "protocol 1\nnewgame size=3x3 players=2 rules=standard seat=A seed=1"
        )
        .unwrap();
        writeln!(stdin, "position {{\"rows\":3,\"cols\":3,\"to_move\":0,\"winner\":null,\"rules\":\"standard\",\"players\":2,\"placed\":[],\"moves\":0,\"cells\":[[null,null,null],[null,null,null],[null,null,null]]}}\ngo 60000").unwrap();
        let running = || {
            processes()
                .into_iter()
                .filter(|(_, state, cmd)| {
                    *state != 'Z'
                        && cmd.contains(&marker)
                        && !cmd.contains("engine cmd:")
                        && !cmd.contains("libexec/pyenv")
                })
                .count()
        };
        let began = Instant::now();
        while running() < 2 && began.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let seen: Vec<_> = processes()
            .into_iter()
            .filter(|(_, _, cmd)| cmd.contains(&marker))
            .collect();
        assert_eq!(
            running(),
            2,
            "the program and its daemon should run: {seen:?}"
        );
        Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        child.wait().unwrap();
        let began = Instant::now();
        while running() > 0 && began.elapsed() < Duration::from_secs(2) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(running(), 0, "left running after {signal}");
    }
}

/// An `error` in reply to `newgame` forfeits with the engine's reason as
/// soon as it has arrived: `newgame` goes out when the game begins, and
/// every move is preceded by a look for such a line. (The protocol has no
/// reply to `newgame`, so an opponent that moves within microseconds may
/// still move once before the error arrives.)
#[test]
fn an_error_at_newgame_forfeits_with_its_reason() {
    let dir = std::env::temp_dir().join(format!("chainlab-newgame-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let refuses = sh_engine(
        &dir,
        "refuses",
        HANDSHAKE,
        "echo 'error no board for me'",
        "sleep 1; echo 0,0",
    );
    let records = dir.join("r.jsonl");
    let spec = format!("cmd:sh {}", refuses.display());
    let o = chainlab(&[
        "match",
        &spec,
        "bot:random",
        "--games",
        "2",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&records).unwrap();
    // The run's header line first, then the games.
    let games: Vec<GameRecord> = text
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 2);
    for game in games {
        assert!(game.moves.len() <= 1, "{game:?}");
        assert!(
            game.reason.contains("said: error no board for me"),
            "{}",
            game.reason
        );
    }
}

/// An engine that ends at `newgame` forfeits with the same reason whether
/// its end is seen before its turn or at it: here the opponent thinks for
/// 300 ms first, so the end has surely arrived when the engine's turn
/// comes (it used to forfeit then, without saying when).
#[test]
fn an_engine_that_ends_before_its_turn_forfeits_as_at_its_turn() {
    let dir = std::env::temp_dir().join(format!("chainlab-ends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let slow = sh_engine(&dir, "slow", HANDSHAKE, ":", "sleep 0.3; echo 0,0");
    let early = sh_engine(&dir, "early", HANDSHAKE, "exit 0", ":");
    let records = dir.join("r.jsonl");
    let (a, b) = (
        format!("cmd:sh {}", slow.display()),
        format!("cmd:sh {}", early.display()),
    );
    let o = chainlab(&[
        "match",
        &a,
        &b,
        "--games",
        "2",
        "--threads",
        "1",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&records).unwrap();
    // The run's header line first, then the games.
    for line in text.lines().skip(1) {
        let game: GameRecord = serde_json::from_str(line).unwrap();
        assert!(
            game.reason
                .contains("exited with code 0 while it was to move"),
            "{}",
            game.reason
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
