//! The arena through the library: reproducibility across thread counts,
//! records that replay, forfeits that do not stop a match, the ladder's order,
//! and every built-in player on every player count and rule variant.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use chainlab::arena::{
    GameRecord, MatchConfig, MatchObserver, Sprt, Stop, Tally, read_records, run_match,
};
use chainlab::bots::{Agent, AgentFactory, BotError, Interrupt, builtins, parse_player};
use chainlab::rng::GameRng;
use chainlab::rules::{Coord, Position, Rules, Size};

/// Keeps every record (fine for the small matches of tests).
#[derive(Default)]
struct Collect(Vec<GameRecord>);

impl MatchObserver for Collect {
    fn game_finished(&mut self, record: &GameRecord, _tally: &Tally) {
        self.0.push(record.clone());
    }
}

fn play(a: &str, b: &str, config: &MatchConfig) -> (chainlab::arena::MatchReport, Vec<GameRecord>) {
    let fa = parse_player(a).unwrap();
    let fb = parse_player(b).unwrap();
    play_factories(&fa, &fb, config)
}

fn play_factories(
    a: &Arc<dyn AgentFactory>,
    b: &Arc<dyn AgentFactory>,
    config: &MatchConfig,
) -> (chainlab::arena::MatchReport, Vec<GameRecord>) {
    let mut records = Collect::default();
    let report = run_match(a, b, config, &AtomicBool::new(false), &mut records).unwrap();
    (report, records.0)
}

#[test]
fn the_same_seed_gives_the_same_games_on_one_and_two_threads() {
    let config = MatchConfig {
        games: 24,
        opening_plies: 3,
        seed: 99,
        ..MatchConfig::default()
    };
    let one = play(
        "bot:greedy:random=30",
        "bot:prefer-own",
        &MatchConfig {
            threads: 1,
            ..config.clone()
        },
    );
    let two = play(
        "bot:greedy:random=30",
        "bot:prefer-own",
        &MatchConfig {
            threads: 2,
            ..config.clone()
        },
    );
    assert_eq!(one.0.tally, two.0.tally);
    assert_eq!(one.1, two.1);
    assert_eq!(one.1.len(), 24);
    // Games come in index order, pairs share the opening and swap seats.
    for (i, r) in one.1.iter().enumerate() {
        assert_eq!(r.game, i as u64);
        assert_eq!(r.opening, 3);
        assert_eq!(r.sides, if i % 2 == 0 { "ab" } else { "ba" });
    }
    assert_eq!(one.1[0].moves[..3], one.1[1].moves[..3]);
    assert_ne!(one.1[0].moves[..3], one.1[2].moves[..3]);
    // Another seed gives other games.
    let other = play(
        "bot:greedy:random=30",
        "bot:prefer-own",
        &MatchConfig {
            seed: 100,
            ..config
        },
    );
    assert_ne!(other.1, one.1);
}

#[test]
fn the_sprt_stops_at_the_same_game_on_any_thread_count() {
    let config = MatchConfig {
        games: 400,
        sprt: Some(Sprt::new(0.0, 100.0)),
        seed: 5,
        ..MatchConfig::default()
    };
    let mut seen = None;
    for threads in [1, 2, 3] {
        let (report, records) = play(
            "bot:greedy",
            "bot:random",
            &MatchConfig {
                threads,
                ..config.clone()
            },
        );
        assert!(matches!(
            report.stop,
            Stop::Sprt(chainlab::arena::SprtDecision::H1)
        ));
        assert!(report.tally.games() < 400);
        assert_eq!(records.len() as u64, report.tally.games());
        let now = (report.tally, records);
        if let Some(before) = &seen {
            assert_eq!(before, &now, "threads {threads}");
        }
        seen = Some(now);
    }
}

#[test]
fn records_replay_to_their_results_and_read_back() {
    let config = MatchConfig {
        games: 12,
        opening_plies: 2,
        ..MatchConfig::default()
    };
    let (_, records) = play("bot:expert:depth=2", "bot:greedy", &config);
    let mut text = Vec::new();
    let mut writer = chainlab::arena::RecordWriter::new(&mut text);
    for r in &records {
        r.check().unwrap();
        writer.write(r).unwrap();
    }
    writer.finish().unwrap();
    let back: Vec<GameRecord> = read_records(&text[..]).map(Result::unwrap).collect();
    assert_eq!(back, records);
    // A tampered record fails the check.
    let mut bad = records[0].clone();
    bad.winner = bad
        .winner
        .map(|w| chainlab::rules::Player::new(1 - w.index()).unwrap());
    assert!(bad.check().is_err());
    let err = read_records(&b"{\"game\": 1}\n"[..])
        .next()
        .unwrap()
        .unwrap_err();
    assert!(err.to_string().contains("line 1"), "{err}");
}

/// A deliberately bad player: how it fails is chosen by `mode`.
struct Bad {
    mode: &'static str,
    moves: usize,
}

impl Agent for Bad {
    fn name(&self) -> String {
        self.mode.into()
    }

    fn choose_within(
        &mut self,

        position: &Position,

        _rng: &mut GameRng,

        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        self.moves += 1;
        let legal = position.moves().iter().next().unwrap();
        if self.moves < 3 {
            return Ok(legal);
        }
        match self.mode {
            "panic" => panic!("deliberate test panic"),
            "error" => Err(BotError::Other(
                "graph node 7 divides by a wire that is not there".into(),
            )),
            "illegal" => {
                // A cell of the opponent if there is one, else off the board.
                let me = position.to_move().unwrap();
                let theirs = position
                    .size()
                    .coords()
                    .find(|&c| position.cell(c).unwrap().owner().is_some_and(|o| o != me));
                Ok(theirs.unwrap_or(Coord::new(19, 19).unwrap()))
            }
            "slow" => {
                std::thread::sleep(std::time::Duration::from_millis(30));
                Ok(legal)
            }
            _ => Ok(legal),
        }
    }
}

struct BadFactory(&'static str, AtomicUsize);

impl AgentFactory for BadFactory {
    fn label(&self) -> String {
        format!("test:{}", self.0)
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        self.1.fetch_add(1, Ordering::Relaxed);
        match self.0 {
            "uncreatable" => Err(BotError::Other("the strategy file is broken".into())),
            mode => Ok(Box::new(Bad { mode, moves: 0 })),
        }
    }
}

#[test]
fn failing_players_forfeit_without_stopping_the_match() {
    let random = parse_player("bot:random").unwrap();
    for (mode, needle) in [
        ("panic", "panicked: deliberate test panic"),
        ("error", "failed: graph node 7"),
        ("illegal", "illegal move"),
        (
            "uncreatable",
            "cannot be created: the strategy file is broken",
        ),
        ("slow", "took"),
    ] {
        let bad: Arc<dyn AgentFactory> = Arc::new(BadFactory(mode, AtomicUsize::new(0)));
        let config = MatchConfig {
            games: 6,
            move_limit: (mode == "slow").then(|| std::time::Duration::from_millis(10)),
            ..MatchConfig::default()
        };
        let (report, records) = play_factories(&bad, &random, &config);
        assert_eq!(report.stop, Stop::Completed, "{mode}");
        assert_eq!(report.tally.games(), 6, "{mode}");
        assert_eq!(report.tally.forfeits_a, 6, "{mode}");
        assert_eq!(report.tally.wdl.losses, 6, "{mode}");
        for r in &records {
            assert!(r.reason.contains(needle), "{mode}: {}", r.reason);
            assert!(r.reason.contains("test:"), "{}", r.reason);
            assert!(!r.reason.contains('\n'));
            let seat = r.forfeit.unwrap();
            assert_eq!(r.players[seat.index()], format!("test:{mode}"));
            assert_eq!(r.winner.map(|w| w.index()), Some(1 - seat.index()));
            r.check().unwrap();
        }
    }
}

#[test]
fn a_stronger_rung_beats_a_weaker_one() {
    let config = MatchConfig {
        games: 60,
        opening_plies: 2,
        seed: 2024,
        ..MatchConfig::default()
    };
    let (greedy, _) = play("bot:greedy", "bot:random", &config);
    assert!(
        greedy.tally.wdl.score().unwrap() > 0.8,
        "{:?}",
        greedy.tally
    );
    assert!(greedy.tally.wdl.los().unwrap() > 0.999);
    let (expert, _) = play(
        "bot:expert:depth=2",
        "bot:greedy",
        &MatchConfig {
            games: 30,
            ..config
        },
    );
    assert!(
        expert.tally.wdl.score().unwrap() > 0.8,
        "{:?}",
        expert.tally
    );
    assert!(expert.tally.wdl.los().unwrap() > 0.999);
}

#[test]
fn every_builtin_plays_legally_on_every_player_count_and_variant() {
    // Cheaper settings of the same code paths keep the test quick.
    let cheap = |spec: &str| match spec {
        "bot:expert" => "bot:expert:depth=2".to_string(),
        "bot:master" => "bot:master:depth=2".to_string(),
        "bot:mcts" => "bot:mcts:iters=40".to_string(),
        other => other.to_string(),
    };
    let specs: Vec<String> = builtins().iter().map(|b| cheap(&b.spec)).collect();
    for (k, spec) in specs.iter().enumerate() {
        let other = &specs[(k + 3) % specs.len()];
        for rules in Rules::ALL {
            for players in [2, 3, 5, 8] {
                let size = if players > 4 {
                    Size::new(3, 4)
                } else {
                    Size::new(3, 3)
                }
                .unwrap();
                let config = MatchConfig {
                    games: 2,
                    size,
                    rules,
                    players,
                    seed: k as u64,
                    threads: 1,
                    ..MatchConfig::default()
                };
                let (report, records) = play(spec, other, &config);
                let t = report.tally;
                assert_eq!(
                    t.forfeits_a + t.forfeits_b,
                    0,
                    "{spec} vs {other}, {rules}, {players}: {records:?}"
                );
                for r in &records {
                    r.check().unwrap();
                    if players > 2 {
                        let ranks = r.ranks.as_ref().unwrap();
                        assert_eq!(ranks.len(), players);
                        assert!(ranks.contains(&1));
                        assert!(ranks.iter().all(|&x| x >= 1 && x as usize <= players));
                    }
                }
            }
        }
    }
}

#[test]
fn empties_games_are_capped_as_draws() {
    let config = MatchConfig {
        games: 4,
        rules: Rules::Empties,
        placement_cap: Some(12),
        ..MatchConfig::default()
    };
    let (report, records) = play("bot:prefer-own", "bot:prefer-own", &config);
    assert_eq!(report.tally.capped, 4);
    assert_eq!(report.tally.wdl.draws, 4);
    for r in &records {
        assert_eq!(r.moves.len(), 12);
        assert!(
            r.reason
                .starts_with("draw: adjudicated after 12 placements"),
            "{}",
            r.reason
        );
        r.check().unwrap();
    }
}

#[test]
fn a_cancelled_match_reports_what_it_played() {
    struct CancelAfter<'a>(&'a AtomicBool, u64);
    impl MatchObserver for CancelAfter<'_> {
        fn game_finished(&mut self, _record: &GameRecord, tally: &Tally) {
            if tally.games() >= self.1 {
                self.0.store(true, Ordering::Relaxed);
            }
        }
    }
    let cancel = AtomicBool::new(false);
    let a = parse_player("bot:greedy").unwrap();
    let b = parse_player("bot:random").unwrap();
    let config = MatchConfig {
        games: 100_000,
        ..MatchConfig::default()
    };
    let report = run_match(&a, &b, &config, &cancel, &mut CancelAfter(&cancel, 10)).unwrap();
    assert_eq!(report.stop, Stop::Cancelled);
    assert!(report.tally.games() >= 10 && report.tally.games() < 100_000);
}

#[test]
fn every_shipped_strategy_plays_a_match_without_forfeits() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for file in files {
        let strategy = parse_player(file.to_str().unwrap()).unwrap();
        let random = parse_player("bot:random").unwrap();
        for (rules, players) in [
            (Rules::Standard, 2),
            (Rules::Overflow, 3),
            (Rules::Empties, 2),
        ] {
            let config = MatchConfig {
                games: 4,
                rules,
                players,
                placement_cap: Some(120),
                ..MatchConfig::default()
            };
            let (report, records) = play_factories(&strategy, &random, &config);
            let t = report.tally;
            assert_eq!(
                t.forfeits_a + t.forfeits_b,
                0,
                "{}: {records:?}",
                file.display()
            );
            for r in &records {
                r.check().unwrap();
            }
        }
    }
}

#[test]
fn a_missing_or_broken_strategy_file_is_a_clear_error() {
    let e = parse_player("/nonexistent/strategy.json")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("nonexistent"), "{e}");
    assert!(!e.contains('\n'), "{e}");
}

#[test]
fn a_report_says_whether_its_players_replay_exactly() {
    let config = MatchConfig {
        games: 2,
        threads: 1,
        ..MatchConfig::default()
    };
    let strategy = "strategies/01-prefer-corners.json";
    for (a, b, deterministic) in [
        ("bot:greedy", strategy, true),
        ("bot:expert:depth=1", "bot:mcts:iters=20", true),
        ("bot:expert:ms=5", "bot:greedy", false),
        ("bot:greedy", "bot:mcts:ms=5", false),
    ] {
        let (report, _) = play(a, b, &config);
        assert_eq!(report.deterministic, deterministic, "{a} vs {b}");
    }
}
