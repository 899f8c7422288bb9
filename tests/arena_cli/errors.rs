//! Errors above `rules` keep their structure: a caller asks a player spec,
//! a strategy file, a match or a game record what went wrong (the variant,
//! the place, the typed cause through `source()`) instead of searching the
//! message, while every message stays the one-line text it was before.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::error::Error;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use chainlab::arena::{
    ArenaError, ConfigError, GameRecord, MatchConfig, RecordError, ResultMismatch,
    TournamentConfig, read_records, run_match, run_tournament,
};
use chainlab::bots::{BotError, BotKind, SpecError, SpecProblem, parse_player};
use chainlab::eval::EvalError;
use chainlab::input::InputError;
use chainlab::rules::{Player, RulesError, Size};
use chainlab::strategy::{FileError, StrategyError};

/// The error of a player spec that does not resolve.
fn spec_error(spec: &str) -> BotError {
    parse_player(spec).err().unwrap()
}

/// The problem of a spec that is not understood.
fn problem(spec: &str) -> SpecProblem {
    match spec_error(spec) {
        BotError::Spec(SpecError { problem, .. }) => problem,
        other => panic!("{spec}: not a spec error: {other:?}"),
    }
}

#[test]
fn a_bad_spec_says_what_is_wrong_as_a_value() {
    assert_eq!(
        problem("bot:frob"),
        SpecProblem::UnknownKind {
            name: "frob".into()
        }
    );
    assert_eq!(
        problem("bot:expert:speed=3"),
        SpecProblem::UnknownOption {
            kind: BotKind::Expert,
            key: "speed".into()
        }
    );
    assert_eq!(
        problem("bot:expert:depth=0"),
        SpecProblem::BadNumber {
            key: "depth",
            value: "0".into(),
            min: 1,
            max: 32,
            unit: "plies"
        }
    );
    assert_eq!(
        problem("bot:mcts:iters"),
        SpecProblem::NoValue {
            option: "iters".into()
        }
    );
    assert_eq!(
        problem("bot:expert:eval=deep"),
        SpecProblem::BadEval {
            value: "deep".into()
        }
    );
    assert_eq!(problem("greedy"), SpecProblem::NotAPlayer);
    assert_eq!(problem("  "), SpecProblem::Empty);
    assert_eq!(
        "greedy".parse::<chainlab::bots::BotSpec>().unwrap_err(),
        SpecError::new("greedy", SpecProblem::NoPrefix)
    );
    // The spec is named as given (trimmed), and the messages are unchanged.
    let e = spec_error(" bot:frob ");
    assert!(
        matches!(&e, BotError::Spec(s) if s.spec == "bot:frob"),
        "{e:?}"
    );
    for (spec, message) in [
        (
            " bot:frob ",
            "player 'bot:frob': unknown built-in 'frob': expected one of random, prefer-own, greedy, expert, master, mcts, perfect (see 'chainlab players')",
        ),
        (
            "bot:random:random=3",
            "player 'bot:random:random=3': unknown option 'random': bot:random takes no options",
        ),
        (
            "bot:expert:depth=x",
            "player 'bot:expert:depth=x': depth must be a whole number of plies from 1 to 32, not 'x'",
        ),
        (
            "",
            "empty player: expected a built-in such as bot:greedy, a strategy file ending in .json or a program as cmd:COMMAND",
        ),
    ] {
        assert_eq!(spec_error(spec).to_string(), message);
    }
    assert_eq!(
        problem("cmd:'x"),
        SpecProblem::Command(chainlab::protocol::CommandLineError::Unclosed { quote: '\'', at: 1 })
    );
}

#[test]
fn a_strategy_player_keeps_the_file_error_or_the_compile_error() {
    // A missing file: the path, and the read error under it.
    let e = spec_error("/nonexistent/x.json");
    let BotError::Strategy { path, source } = &e else {
        panic!("{e:?}");
    };
    assert_eq!(path.to_str(), Some("/nonexistent/x.json"));
    assert!(
        matches!(
            source,
            StrategyError::File(FileError::Read {
                source: InputError::Io { .. },
                ..
            })
        ),
        "{source:?}"
    );
    assert!(
        e.to_string()
            .starts_with("cannot read /nonexistent/x.json: "),
        "{e}"
    );
    // A file that is not a strategy: the parse error under the path.
    let e = spec_error(common::fixture("unknown-kind.json").to_str().unwrap());
    let Some(StrategyError::File(FileError::Parse { source, .. })) =
        e.source().and_then(|s| s.downcast_ref::<StrategyError>())
    else {
        panic!("{e:?}");
    };
    assert!(
        matches!(**source, StrategyError::UnknownKind { ref kind, .. } if kind == "teleport"),
        "{source:?}"
    );
    assert!(e.to_string().ends_with(
        "unknown-kind.json: node 17: unknown kind \"teleport\" (see docs/nodes.md for the kinds)"
    ));
    // A graph with errors: the label and the compile error.
    let e = spec_error(common::fixture("two-outputs.json").to_str().unwrap());
    assert!(
        matches!(
            &e,
            BotError::Compile { label, source: EvalError::Invalid(errors) }
                if label == "two-outputs" && errors.len() == 1
        ),
        "{e:?}"
    );
}

#[test]
fn a_strategy_file_error_names_the_file_and_keeps_the_cause() {
    let dir = common::temp_dir("errors-file");
    let big = dir.join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(chainlab::strategy::MAX_FILE_BYTES as u64 + 1)
        .unwrap();
    let e = chainlab::strategy::Strategy::load(&big).unwrap_err();
    assert!(
        matches!(&e, StrategyError::File(f) if f.is_too_large()),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        format!(
            "too large: {}: more than 33554432 bytes (the limit for strategy files)",
            big.display()
        )
    );
    let bad = common::write(&dir, "bad.json", "not json at all");
    let e = chainlab::strategy::Strategy::load(&bad).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{}: expected ident at line 1 column 2", bad.display())
    );
    let (_, strategy) = common::shipped().remove(0);
    let e = strategy.save(&dir.join("no/such/dir/s.json")).unwrap_err();
    let StrategyError::File(FileError::Save { source, .. }) = &e else {
        panic!("{e:?}");
    };
    assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_match_that_cannot_start_says_why_as_a_value() {
    let a = parse_player("bot:random").unwrap();
    let b = parse_player("bot:greedy").unwrap();
    let config = MatchConfig {
        size: Size::new(2, 2).unwrap(),
        players: 8,
        ..MatchConfig::default()
    };
    let e = run_match(&a, &b, &config, &AtomicBool::new(false), &mut ()).unwrap_err();
    let ArenaError::Config(ConfigError::Board(cause)) = &e else {
        panic!("{e:?}");
    };
    assert!(matches!(cause, RulesError::TooFewCells { .. }), "{cause:?}");
    assert_eq!(e.to_string(), cause.to_string());
    let tournament = TournamentConfig {
        matches: MatchConfig::default(),
        gauntlet: false,
    };
    let e = run_tournament(
        &[Arc::clone(&a)],
        &tournament,
        &AtomicBool::new(false),
        &mut (),
    )
    .unwrap_err();
    assert!(matches!(e, ArenaError::TooFewEntrants(1)), "{e:?}");
    assert_eq!(e.to_string(), "a tournament needs at least two players");
}

/// A record's error, unwrapped from the arena's.
fn record_error(e: ArenaError) -> RecordError {
    match e {
        ArenaError::Record(r) => r,
        other => panic!("not a record error: {other:?}"),
    }
}

/// The records of the shipped records file.
fn records() -> Vec<GameRecord> {
    let text = std::fs::read(common::repo().join("tests/data/records/games.jsonl")).unwrap();
    read_records(&text[..]).map(Result::unwrap).collect()
}

#[test]
fn a_bad_records_line_names_its_line_and_keeps_the_cause() {
    let line = serde_json::to_string(&records()[0]).unwrap();
    let text = format!("{line}\n\n{{\"game\": 1}}\n");
    let e = read_records(text.as_bytes()).nth(1).unwrap().unwrap_err();
    assert_eq!(
        e.to_string(),
        "game record: line 3, column 11: missing field `seed`"
    );
    let e = record_error(e);
    assert_eq!(e.line(), Some(3));
    assert!(matches!(&e, RecordError::Json { line: 3, .. }), "{e:?}");
    assert!(e.source().unwrap().is::<serde_json::Error>());
    // Bytes that are not UTF-8, and a line over the limit: the input's error.
    let e = record_error(read_records(&b"\n\xff\n"[..]).next().unwrap().unwrap_err());
    assert!(matches!(
        e,
        RecordError::Input(InputError::NotUtf8 { line: 2, .. })
    ));
    assert_eq!(e.line(), Some(2));
    let zeros = std::io::BufReader::new(std::io::repeat(b'x'));
    let e = record_error(read_records(zeros).next().unwrap().unwrap_err());
    assert!(matches!(
        e,
        RecordError::Input(InputError::LineTooLong { line: 1, .. })
    ));
}

#[test]
fn a_record_that_does_not_replay_says_which_move_or_field() {
    let good = records().remove(0);
    let winner = good.winner.unwrap();
    let other = Player::all(2).find(|&p| p != winner).unwrap();
    let mut wrong = good.clone();
    wrong.winner = Some(other);
    let e = record_error(wrong.check().unwrap_err());
    assert!(
        matches!(
            e,
            RecordError::Result {
                game: 0,
                mismatch: ResultMismatch::WrongWinner { recorded, replayed: Some(w) }
            } if recorded == other && w == winner
        ),
        "{e:?}"
    );
    let mut forfeited = good.clone();
    forfeited.forfeit = Some(Player::A);
    let e = record_error(forfeited.check().unwrap_err());
    assert!(
        matches!(
            e,
            RecordError::Result {
                mismatch: ResultMismatch::ForfeitAfterEnd { .. },
                ..
            }
        ),
        "{e:?}"
    );
    let mut undecided = good.clone();
    undecided.winner = None;
    let e = undecided.check().unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "game record: game 0: field \"winner\" is null, but replaying the moves gives {winner} as the winner"
        )
    );
    let mut illegal = good.clone();
    // Moves count from 1 in every message (docs/positions.md).
    let ply = illegal.moves.len() + 1;
    illegal.moves.push(illegal.moves[0]);
    let e = record_error(illegal.check().unwrap_err());
    assert!(
        matches!(e, RecordError::IllegalMove { ply: p, source: RulesError::GameOver { .. }, .. } if p == ply),
        "{e:?}"
    );
    let mut lonely = good;
    lonely.players.truncate(1);
    let e = lonely.start().unwrap_err();
    assert_eq!(
        e.to_string(),
        "game record: game 0: 1 players: a game has 2 to 8 players"
    );
    assert!(matches!(
        record_error(e),
        RecordError::Start {
            source: RulesError::PlayerCount(1),
            ..
        }
    ));
}

#[test]
fn every_message_includes_its_cause_and_stays_on_one_line() {
    let dir = common::temp_dir("errors-chain");
    let bad = common::write(&dir, "bad.json", "{\"format\": 3}");
    let errors: Vec<Box<dyn Error>> = vec![
        Box::new(spec_error("bot:frob")),
        Box::new(spec_error("/nonexistent/x.json")),
        Box::new(spec_error(bad.to_str().unwrap())),
        Box::new(spec_error(common::fixture("cycle.json").to_str().unwrap())),
        Box::new(
            read_records(&b"{\"game\": 1}\n"[..])
                .next()
                .unwrap()
                .unwrap_err(),
        ),
        Box::new(read_records(&b"\xff\n"[..]).next().unwrap().unwrap_err()),
    ];
    for e in errors {
        let top = e.to_string();
        assert!(!top.contains('\n'), "{top}");
        let mut cause = e.source();
        assert!(
            cause.is_some() || top.starts_with("player '"),
            "{top}: no cause"
        );
        while let Some(c) = cause {
            if c.is::<serde_json::Error>() {
                // Reworded on purpose: the file's line and serde's column
                // replace serde's "at line 1 column C".
                break;
            }
            assert!(
                top.contains(&c.to_string()),
                "{top}\n  does not include: {c}"
            );
            cause = c.source();
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}
