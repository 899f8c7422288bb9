//! `chainlab tune` run as a real process: its one-line errors before any
//! game, a small run with its output file and validation, the same file
//! from the same seed on 1 and 2 threads, the default output name, and
//! Ctrl+C keeping the values so far.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::cli_util;

use chainlab::strategy::{GraphBuilder, Kind, NodeKind, Strategy, Tuning};
use cli_util::{chainlab, stderr, stdout};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chainlab-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Cell value = atoms × c1 + corner × c2, c1 tuned within `range`.
fn write_strategy(dir: &Path, range: Tuning) -> PathBuf {
    let mut b = GraphBuilder::new("small", "");
    let atoms = b.op(Kind::Atoms, &[]);
    let corner = b.op(Kind::IsCorner, &[]);
    let c1 = b.constant(3);
    let c2 = b.constant(10);
    let x = b.op(Kind::Multiply, &[atoms, c1]);
    let y = b.op(Kind::Multiply, &[corner, c2]);
    let sum = b.op(Kind::Add, &[x, y]);
    let mut g = b.finish(sum);
    if let NodeKind::Constant { tune, .. } = &mut g.node_mut(c1).unwrap().kind {
        *tune = range;
    }
    let path = dir.join("small.json");
    g.save(&path).unwrap();
    path
}

/// The arguments of a tiny run: 2 iterations of 2 games on 3x3 against bot:random.
fn tiny<'a>(input: &'a str, out: &'a str, threads: &'a str) -> Vec<&'a str> {
    vec![
        "tune",
        input,
        "--against",
        "bot:random",
        "--games",
        "2",
        "--iterations",
        "2",
        "--size",
        "3x3",
        "--seed",
        "4",
        "--threads",
        threads,
        "--validation-games",
        "4",
        "--out",
        out,
    ]
}

fn one_line_error(o: &Output, what: &str) {
    assert!(!o.status.success(), "should fail: {}", stdout(o));
    let e = stderr(o);
    assert_eq!(e.trim().lines().count(), 1, "{e}");
    assert!(
        e.starts_with("chainlab: error: ") && e.contains(what),
        "{what}: {e}"
    );
    assert!(stdout(o).is_empty(), "{}", stdout(o));
}

#[test]
fn bad_input_is_one_error_line_before_any_game() {
    let dir = temp_dir("errors");
    let good = write_strategy(&dir, Tuning::Auto);
    let out = dir.join("out.json");
    let run = |args: &[&str]| {
        let mut all = vec!["tune"];
        all.extend_from_slice(args);
        chainlab(&all)
    };
    let g = s(&good);
    let o = s(&out);
    one_line_error(
        &run(&[g, "--against", "bot:random", "--games", "0", "--out", o]),
        "--games",
    );
    one_line_error(
        &run(&[
            g,
            "--against",
            "bot:random",
            "--iterations",
            "0",
            "--out",
            o,
        ]),
        "--iterations",
    );
    one_line_error(
        &run(&[g, "--against", "bot:nonsense", "--out", o]),
        "nonsense",
    );
    one_line_error(
        &run(&[g, "--against", "bot:random,", "--out", o]),
        "--against",
    );
    one_line_error(
        &run(&[g, "--against", "bot:random", "--out", g]),
        "never overwritten",
    );
    one_line_error(
        &run(&["missing.json", "--against", "bot:random"]),
        "missing.json",
    );
    let broken = "tests/data/strategies/no-output.json";
    one_line_error(
        &run(&[broken, "--against", "bot:random", "--out", o]),
        "has errors",
    );
    // The input through another path and through a link.
    let other_path = dir.join(".").join("small.json");
    one_line_error(
        &run(&[g, "--against", "bot:random", "--out", s(&other_path)]),
        "never overwritten",
    );
    #[cfg(unix)]
    {
        let link = dir.join("link.json");
        std::os::unix::fs::symlink(&good, &link).unwrap();
        one_line_error(
            &run(&[g, "--against", "bot:random", "--out", s(&link)]),
            "never overwritten",
        );
    }
    for (range, what) in [
        (Tuning::Range { min: 9, max: 1 }, "reversed"),
        (Tuning::Range { min: 4, max: 4 }, "empty"),
    ] {
        let bad = write_strategy(&dir, range);
        one_line_error(
            &run(&[s(&bad), "--against", "bot:random", "--out", o]),
            what,
        );
    }
    assert!(!out.exists(), "nothing was written");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_tiny_run_writes_the_tuned_file_and_validates_it() {
    let dir = temp_dir("tiny");
    let input = write_strategy(&dir, Tuning::Auto);
    let before = std::fs::read(&input).unwrap();
    let out = dir.join("tuned.json");
    let o = chainlab(&tiny(s(&input), s(&out), "2"));
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("Tuned ") && text.contains("2 iterations"),
        "{text}"
    );
    assert!(
        text.contains("Validation against the opponents, 4 games each"),
        "{text}"
    );
    assert!(
        text.contains("Head to head: tuned vs original, 4 games"),
        "{text}"
    );
    assert!(text.contains("Elo gain"), "{text}");
    assert!(text.contains(&format!("Wrote {}", out.display())), "{text}");
    assert_eq!(
        std::fs::read(&input).unwrap(),
        before,
        "the input is untouched"
    );
    let tuned = Strategy::load(&out).unwrap();
    let original = Strategy::load(&input).unwrap();
    assert_eq!(tuned.wires(), original.wires());

    let mut args = tiny(s(&input), s(&out), "1");
    args.push("--json");
    let o = chainlab(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["iterations"], 2);
    assert_eq!(v["interrupted"], false);
    assert_eq!(v["validation"]["games"], 4);
    assert_eq!(v["validation"]["a"], "tuned");
    let pool = &v["pool_validation"];
    let games = |side: &str| {
        ["wins", "draws", "losses"]
            .iter()
            .map(|k| pool[side][k].as_u64().unwrap())
            .sum::<u64>()
    };
    assert_eq!((games("original"), games("tuned")), (4, 4), "{pool}");
    assert!(v["changed"].is_array());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_same_seed_gives_the_same_file_on_one_and_two_threads() {
    let dir = temp_dir("threads");
    let input = write_strategy(&dir, Tuning::Range { min: -20, max: 20 });
    let (one, two) = (dir.join("one.json"), dir.join("two.json"));
    for (out, threads) in [(&one, "1"), (&two, "2")] {
        let args = [
            "tune",
            s(&input),
            "--against",
            "bot:random,bot:greedy",
            "--games",
            "4",
            "--iterations",
            "4",
            "--size",
            "3x3",
            "--seed",
            "9",
            "--threads",
            threads,
            "--validation-games",
            "0",
            "--out",
            s(out),
        ];
        let o = chainlab(&args);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn without_out_the_result_goes_beside_the_input_without_overwriting() {
    let dir = temp_dir("default-out");
    let input = write_strategy(&dir, Tuning::Auto);
    let args = [
        "tune",
        s(&input),
        "--against",
        "bot:random",
        "--games",
        "2",
        "--iterations",
        "1",
        "--size",
        "3x3",
        "--validation-games",
        "0",
    ];
    for expected in ["small-tuned.json", "small-tuned-2.json"] {
        let o = chainlab(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(dir.join(expected).exists(), "{expected}: {}", stdout(&o));
        assert!(stdout(&o).contains(expected), "{}", stdout(&o));
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn ctrl_c_writes_the_values_so_far_unvalidated() {
    let dir = temp_dir("ctrl-c");
    let input = write_strategy(&dir, Tuning::Auto);
    let out = dir.join("stopped.json");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_chainlab"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "tune",
            s(&input),
            "--against",
            "bot:random",
            "--games",
            "20",
            "--iterations",
            "100000",
            "--out",
            s(&out),
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let kill = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("interrupted after") && e.contains("of 100000 iterations"),
        "{e}"
    );
    assert!(e.contains("(not validated)"), "{e}");
    assert!(Strategy::load(&out).is_ok());
    std::fs::remove_dir_all(dir).unwrap();
}
