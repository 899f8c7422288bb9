//! The fuzz suite of issue 12: every shipped strategy, the position fixtures
//! and a records file are mutated byte by byte (bit flips, deletions,
//! duplicated stretches, truncation, swapped lines, and inserted line breaks
//! of every kind, byte-order marks, bad UTF-8, huge numbers and format
//! tokens), written to a file, and read through the same loaders and code
//! paths as `validate`, `score`, `apply` and `replay`, in-process.
//!
//! Asserted for every case: no panic; an error is one line that names the
//! place (a line, node, wire, game, cell or field); whatever loads behaves
//! (a position round-trips, an illegal move changes nothing, a record
//! replays or names its game). Time is bounded by construction: inputs are
//! the small fixtures plus at most a few hundred inserted bytes, boards are
//! at most 20x20, and every loop runs over the input's moves or cells.
//!
//! The reproducers of the issue are fixed cases below; those that need a
//! real process (exit codes, a full stderr, the records lock, escaped names)
//! are in `tests/arena_cli/cli_limits.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use chainlab::arena::run::{RunKind, join, match_report, read_run, tournament_report};
use chainlab::arena::{GameRecord, Sprt, read_records};
use chainlab::eval::{Evaluator, Program};
use chainlab::input::{MAX_POSITION_BYTES, printable, read_text};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Coord, Position};
use chainlab::strategy::Strategy as Graph;
use proptest::prelude::*;
use proptest::sample::Index;
use rand::RngExt;

/// Byte strings inserted into files: line breaks, marks, bad bytes, tokens
/// of the three formats.
const TOKENS: &[&[u8]] = &[
    b"\r",
    b"\n",
    b"\r\n",
    b"\xEF\xBB\xBF",
    b"\xFF\xFE",
    b"\xC3",
    b"\0",
    b"#",
    b" ",
    b"\t",
    b"-",
    b".",
    b"0",
    b"99999999999999999999",
    b"1e400",
    b"-1",
    b"A9",
    b"H1",
    b"size 20x20\n",
    b"size 2x2\n",
    b"players 8\n",
    b"rules empties\n",
    b"to-move H\n",
    b"winner A\n",
    b"placed -\n",
    b"moves 0\n",
    b"{",
    b"}",
    b"[",
    b"]",
    b"\"",
    b",",
    b"null",
    b"\"winner\":\"B\",",
    b"\"forfeit\":\"A\",",
    b"\"moves\":\"0,0 0,0\",",
    b"\"size\":\"20x20\",",
    b"\"players\":[\"x\"],",
    b"{\"id\": 1, \"kind\": \"output\"}",
    b"{\"from\": 2, \"to\": 5, \"input\": \"a\"}",
    b"\"\\u0000\\n\\u001b\"",
];

#[derive(Clone, Debug)]
enum Mutation {
    FlipBit(Index, u8),
    Delete(Index, usize),
    Insert(Index, Index),
    Duplicate(Index, usize),
    Truncate(Index),
    SwapLines(Index, Index),
    /// The run of digits at or after a place becomes another number (keeps
    /// most files well-formed, so that the checks after parsing run too).
    Number(Index, Index),
}

/// Numbers written over numbers.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "19",
    "20",
    "-1",
    "255",
    "4294967296",
    "1e400",
    "0.5",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        2 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::FlipBit(i, b)),
        2 => (any::<Index>(), 1usize..40).prop_map(|(i, n)| Mutation::Delete(i, n)),
        4 => (any::<Index>(), any::<Index>()).prop_map(|(i, t)| Mutation::Insert(i, t)),
        1 => (any::<Index>(), 1usize..200).prop_map(|(i, n)| Mutation::Duplicate(i, n)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        4 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Number(a, b)),
    ]
}

fn mutate(bytes: &mut Vec<u8>, m: &Mutation) {
    let len = bytes.len();
    match m {
        Mutation::FlipBit(i, bit) if len > 0 => bytes[i.index(len)] ^= 1 << bit,
        Mutation::Delete(i, n) if len > 0 => {
            let k = i.index(len);
            bytes.drain(k..(k + n).min(len));
        }
        Mutation::Insert(i, t) => {
            let k = i.index(len + 1);
            let token = TOKENS[t.index(TOKENS.len())];
            bytes.splice(k..k, token.iter().copied());
        }
        Mutation::Duplicate(i, n) if len > 0 => {
            let k = i.index(len);
            let stretch = bytes[k..(k + n).min(len)].to_vec();
            bytes.splice(k..k, stretch);
        }
        Mutation::Truncate(i) => bytes.truncate(i.index(len + 1)),
        Mutation::SwapLines(a, b) => {
            let mut lines: Vec<Vec<u8>> =
                bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            let n = lines.len();
            lines.swap(a.index(n), b.index(n));
            *bytes = lines.join(&b'\n');
        }
        Mutation::Number(i, n) if len > 0 => {
            let k = i.index(len);
            if let Some(start) = bytes[k..].iter().position(u8::is_ascii_digit) {
                let start = k + start;
                let end = bytes[start..]
                    .iter()
                    .position(|b| !b.is_ascii_digit())
                    .map_or(len, |e| start + e);
                let number = NUMBERS[n.index(NUMBERS.len())].bytes();
                bytes.splice(start..end, number);
            }
        }
        _ => {}
    }
}

/// The fixture at `path`, mutated, written to a file of its own.
fn mutated_file(path: &Path, mutations: &[Mutation], name: &str) -> PathBuf {
    let mut bytes = std::fs::read(path).unwrap();
    for m in mutations {
        mutate(&mut bytes, m);
    }
    let dir = std::env::temp_dir().join(format!(
        "chainlab-fuzz-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, bytes).unwrap();
    file
}

/// An error message is one line as printed (quoted file contents escaped,
/// as the CLI prints it) and names a place.
fn names_a_place(e: &str, places: &[&str]) -> Result<(), TestCaseError> {
    let printed = printable(e);
    prop_assert!(printed.lines().count() == 1, "not one line: {:?}", printed);
    prop_assert!(
        places.iter().any(|p| e.contains(p)),
        "the error names no place: {}",
        e
    );
    Ok(())
}

/// Where strategy errors point (see `docs/strategy-format.md`).
const STRATEGY_PLACES: &[&str] = &[
    "line ",
    "node ",
    "wire ",
    "frame ",
    "group ",
    "\"version\"",
    "\"format\"",
    "version ",
];

/// Where position errors point: a line of the text notation, a JSON line
/// and column or field, or the part of the position that contradicts the rules.
const POSITION_PLACES: &[&str] = &[
    "line ",
    "cells[",
    "to_move",
    "winner",
    "has won",
    "placed",
    "placements",
    "to move",
    "players",
    "board size",
    "rows",
    "atoms",
];

/// Where records errors point.
const RECORD_PLACES: &[&str] = &["line ", "game "];

/// The fixture positions, parsed.
fn fixture_positions() -> Vec<Position> {
    position_paths()
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).unwrap().parse().ok())
        .filter(|p: &Position| !p.is_over())
        .collect()
}

fn position_paths() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(common::repo().join("tests/data/positions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
}

fn records_path() -> PathBuf {
    common::repo().join("tests/data/records/games.jsonl")
}

/// `validate` and `score`: load, check, compile, value every cell, choose.
fn strategy_paths(path: &Path, seed: u64) -> Result<(), TestCaseError> {
    let graph = match Graph::load(path) {
        Ok(g) => g,
        Err(e) => return names_a_place(&e.to_string(), STRATEGY_PLACES),
    };
    let report = graph.validate();
    for d in &report.diagnostics {
        names_a_place(&d.to_string(), &["node ", "Cell value", "wire "])?;
    }
    // `export --python`: a graph exports exactly when it has no errors.
    let module = chainlab::export::python_module(&graph, "fuzzed.json");
    prop_assert_eq!(module.is_ok(), !report.has_errors());
    let program = match Program::compile(&graph) {
        Ok(p) => Arc::new(p),
        Err(e) => {
            prop_assert!(report.has_errors(), "compile failed without errors: {}", e);
            prop_assert!(e.to_string().len() < 4000, "{:.200}", e.to_string());
            return Ok(());
        }
    };
    for position in fixture_positions() {
        let mut evaluator = Evaluator::new(Arc::clone(&program));
        let map = evaluator.heat_map(&position, seed).unwrap();
        let chosen = evaluator
            .choose(&position, &mut rng_from_seed(seed))
            .unwrap();
        prop_assert!(position.is_legal(chosen));
        prop_assert!(map.best().contains(&chosen));
    }
    Ok(())
}

/// `apply --start`: read, parse, round-trip, play moves.
fn position_paths_run(path: &Path, seed: u64) -> Result<(), TestCaseError> {
    let text = match read_text(path, MAX_POSITION_BYTES, "position files") {
        Ok(t) => t,
        Err(e) => return names_a_place(&e.to_string(), &["line "]),
    };
    let mut position: Position = match text.parse() {
        Ok(p) => p,
        Err(e) => return names_a_place(&e.to_string(), POSITION_PLACES),
    };
    prop_assert_eq!(position.to_string().parse::<Position>().unwrap(), position);
    prop_assert_eq!(Position::from_json(&position.to_json()).unwrap(), position);
    let mut rng = rng_from_seed(seed);
    for _ in 0..30 {
        let Some(coord) = Coord::new(rng.random_range(0..21), rng.random_range(0..21)) else {
            continue;
        };
        let before = position;
        if position.play(coord).is_err() {
            prop_assert_eq!(&position, &before);
        }
    }
    Ok(())
}

/// `replay`, `replay --check` and `replay --game`: read every line, check
/// each record, and play its moves from the start.
fn records_paths(path: &Path) -> Result<(), TestCaseError> {
    let file = File::open(path).unwrap();
    for item in read_records(BufReader::new(file)) {
        let record: GameRecord = match item {
            Ok(r) => r,
            Err(e) => {
                names_a_place(&e.to_string(), &["line "])?;
                continue;
            }
        };
        if let Err(e) = record.check() {
            names_a_place(&e.to_string(), RECORD_PLACES)?;
        }
        let _ = record.result_for_a();
        match record.start() {
            Ok(mut position) => {
                for &coord in &record.moves {
                    if position.play(coord).is_err() {
                        break;
                    }
                }
            }
            Err(e) => names_a_place(&e.to_string(), RECORD_PLACES)?,
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn mutated_strategy_files_load_or_name_the_place(
        file in any::<Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
        seed in any::<u64>(),
    ) {
        let paths = common::shipped_paths();
        let source = &paths[file.index(paths.len())];
        let path = mutated_file(source, &mutations, "strategy.json");
        strategy_paths(&path, seed)?;
    }

    #[test]
    fn mutated_position_files_load_or_name_the_place(
        file in any::<Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
        seed in any::<u64>(),
    ) {
        let paths = position_paths();
        let source = &paths[file.index(paths.len())];
        let path = mutated_file(source, &mutations, "position.txt");
        position_paths_run(&path, seed)?;
    }

    #[test]
    fn mutated_records_files_replay_or_name_the_place(
        mutations in prop::collection::vec(mutation(), 1..8),
    ) {
        let path = mutated_file(&records_path(), &mutations, "games.jsonl");
        records_paths(&path)?;
    }

    #[test]
    fn mutated_shard_files_merge_or_say_why(
        mutations in prop::collection::vec(mutation(), 1..8),
    ) {
        let source = common::repo().join("tests/data/records/shard-1-of-2.jsonl");
        let path = mutated_file(&source, &mutations, "shard.jsonl");
        shard_paths(&path)?;
    }
}

/// `merge` and `--resume`: read the header and the games, join them and
/// rebuild the report; a refusal says why, nothing panics.
fn shard_paths(path: &Path) -> Result<(), TestCaseError> {
    let file = File::open(path).unwrap();
    let run = match read_run("shard.jsonl", BufReader::new(file)) {
        Ok(run) => run,
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            return Ok(());
        }
    };
    match join(&[run]) {
        Ok(joined) if joined.header.run.kind == RunKind::Match => {
            let _ = match_report(&joined);
        }
        Ok(joined) => {
            let _ = tournament_report(&joined);
        }
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    Ok(())
}

// The reproducers of issue 12, in-process.

/// Item 3: a device or a file without line breaks is refused at its limit.
#[test]
fn endless_inputs_stop_at_their_limit() {
    let zero = Path::new("/dev/zero");
    let e = Graph::load(zero).unwrap_err().to_string();
    assert!(e.contains("more than 33554432 bytes"), "{e}");
    let e = read_text(zero, MAX_POSITION_BYTES, "position files").unwrap_err();
    assert!(e.to_string().contains("at most 1048576 bytes"), "{e}");
    let mut records = read_records(BufReader::new(File::open(zero).unwrap()));
    let e = records.next().unwrap().unwrap_err().to_string();
    assert_eq!(e, "game record: line 1 is longer than 16777216 bytes");
    assert!(records.next().is_none());
    let dir = common::temp_dir("fuzz-long");
    let long = common::write(&dir, "long.txt", &"A1 ".repeat(400_000));
    let e = read_text(&long, MAX_POSITION_BYTES, "position files").unwrap_err();
    assert!(e.to_string().contains("too large"), "{e}");
}

/// Item 4: a 10k-node cycle gives a short compile error; 10k wires into
/// one input give a short message.
#[test]
fn a_huge_cycle_gives_a_short_error() {
    let mut nodes = vec![r#"{"id": 0, "kind": "output"}"#.to_string()];
    let mut wires = vec![r#"{"from": 1, "to": 0, "input": "value"}"#.to_string()];
    let n = 10_000;
    for id in 1..=n {
        nodes.push(format!(r#"{{"id": {id}, "kind": "add"}}"#));
        let next = if id == n { 1 } else { id + 1 };
        wires.push(format!(r#"{{"from": {id}, "to": {next}, "input": "a"}}"#));
    }
    let text = format!(
        r#"{{"format": "chainlab-strategy", "version": 1, "nodes": [{}], "wires": [{}]}}"#,
        nodes.join(", "),
        wires.join(", ")
    );
    let graph = Graph::from_json(&text).unwrap();
    assert_eq!(graph.validate().errors().count(), 10_000);
    let e = Program::compile(&graph).unwrap_err().to_string();
    assert!(e.len() < 2000, "{} bytes", e.len());
    assert!(e.ends_with("and 9990 more"), "{e}");
    // One input fed by 10000 wires: one message naming 12 of them.
    let nodes: Vec<String> = (0..=n)
        .map(|id| match id {
            0 => r#"{"id": 0, "kind": "output"}"#.to_string(),
            _ => format!(r#"{{"id": {id}, "kind": "constant"}}"#),
        })
        .collect();
    let wires: Vec<String> = (1..=n)
        .map(|id| format!(r#"{{"from": {id}, "to": 0, "input": "value"}}"#))
        .collect();
    let text = format!(
        r#"{{"format": "chainlab-strategy", "version": 1, "nodes": [{}], "wires": [{}]}}"#,
        nodes.join(", "),
        wires.join(", ")
    );
    let report = Graph::from_json(&text).unwrap().validate();
    let fed: Vec<String> = report.errors().map(|d| d.to_string()).collect();
    assert_eq!(fed.len(), 1, "{fed:?}");
    assert!(fed[0].len() < 500, "{} bytes", fed[0].len());
    assert!(fed[0].contains("is fed by 10000 wires ("), "{}", fed[0]);
    assert!(fed[0].contains("and 9988 more)"), "{}", fed[0]);
}

/// Item 5: CR-only line endings; a file of comments is not an empty board.
#[test]
fn cr_only_positions_are_read_whole() {
    let text = "# B to move\rsize 2x3\rplaced A B\rA1 . .\r. . B1\r";
    let p: Position = text.parse().unwrap();
    assert_eq!(p.size().to_string(), "2x3");
    assert_eq!(p.placements(), 2);
    let e = "# only\r# comments\r".parse::<Position>().unwrap_err();
    assert!(e.to_string().contains("no position found"), "{e}");
    assert!("".parse::<Position>().is_err());
}

/// Item 7: header lines in any order.
#[test]
fn headers_in_any_order() {
    let text = "winner C\nplaced A B C\nplayers 3\nsize 2x2\nrules overflow\nC3 .\n. .\n";
    let p: Position = text.parse().unwrap();
    assert_eq!(p.winner().map(|w| w.to_string()), Some("C".to_string()));
    let e = "moves 1\nmoves 2\n".parse::<Position>().unwrap_err();
    assert!(
        e.to_string().contains("given twice (also on line 1)"),
        "{e}"
    );
}

/// Item 8: SPRT bounds are range-checked.
#[test]
fn sprt_bounds() {
    assert!(Sprt::checked(0.0, 1e308, 0.05, 0.05).is_err());
    assert!(Sprt::checked(f64::NAN, 5.0, 0.05, 0.05).is_err());
    assert!(Sprt::checked(0.0, 5.0, 0.05, 0.0).is_err());
    assert!(Sprt::checked(0.0, 5.0, 0.05, 0.05).is_ok());
}

/// Item 11: a byte-order mark is skipped by every loader; a tampered winner
/// names the field and both values.
#[test]
fn byte_order_marks_and_tampered_winners() {
    let dir = common::temp_dir("fuzz-bom");
    let with_bom = |name: &str, from: &Path| {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend(std::fs::read(from).unwrap());
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    let strategy = with_bom("s.json", &common::shipped_paths()[0]);
    Graph::load(&strategy).unwrap();
    let position = with_bom(
        "p.txt",
        &common::repo().join("tests/data/positions/midgame.txt"),
    );
    let text = read_text(&position, MAX_POSITION_BYTES, "position files").unwrap();
    text.parse::<Position>().unwrap();
    let json = format!("\u{feff}{}", text.parse::<Position>().unwrap().to_json());
    json.parse::<Position>().unwrap();
    let records = with_bom("r.jsonl", &records_path());
    let all: Vec<GameRecord> = read_records(BufReader::new(File::open(&records).unwrap()))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(all.len(), 14);
    let mut tampered = all[0].clone();
    let winner = tampered.winner.unwrap();
    tampered.winner = chainlab::rules::Player::all(2).find(|&p| p != winner);
    let e = tampered.check().unwrap_err().to_string();
    let want = format!(
        "game 0: field \"winner\" is \"{}\", but replaying the moves gives {winner} as the winner",
        tampered.winner.unwrap()
    );
    assert!(e.ends_with(&want), "{e}");
}
