//! Resource limits of the built-in players: a search stops when its
//! interrupt fires (a raised flag, a deadline, a cancelled or clocked match),
//! a fixed-depth search without limits is capped by default, and the Monte
//! Carlo tree stays within its node pool. No test here measures time: a
//! watchdog only turns a hang into a failure.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use chainlab::arena::{MatchConfig, Stop, TimeControl, run_match};
use chainlab::bots::search::{DEFAULT_NODE_CELLS, SearchConfig, Searcher};
use chainlab::bots::{
    Agent, BotSpec, DEFAULT_TREE_NODES, Interrupt, MctsPlayer, builtins, parse_player,
};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Position, Rules, Size};

use crate::common;

/// Far longer than any of these runs needs; reaching it means a hang.
const WATCHDOG: Duration = Duration::from_secs(120);

/// A search that would run for hours unless stopped: 32 plies, no node cap.
const ENDLESS: &str = "bot:expert:depth=32,nodes=1000000000000";

/// Runs `work` on its own thread and returns its result, failing the test
/// if it has not finished within the watchdog's time.
fn within_watchdog<T: Send + 'static>(what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    rx.recv_timeout(WATCHDOG)
        .unwrap_or_else(|_| panic!("{what} did not finish within {WATCHDOG:?}"))
}

/// The position `plies` placements into random play (a new game starts
/// when one ends).
fn midgame(size: Size, players: usize, plies: usize, seed: u64) -> Position {
    let positions = common::random_positions(seed, plies + 1, size, players, Rules::Standard);
    *positions.last().unwrap()
}

fn raised() -> Interrupt {
    Interrupt::on_flag(Arc::new(AtomicBool::new(true)))
}

#[test]
fn a_raised_flag_stops_every_search_at_once_with_a_legal_move() {
    let p = midgame(Size::new(8, 8).unwrap(), 2, 20, 1);
    let config = SearchConfig {
        node_cells: None,
        ..SearchConfig::enhanced(32)
    };
    let mut searcher = Searcher::new(config);
    let result = searcher
        .search_within(&p, &mut rng_from_seed(1), &raised())
        .unwrap();
    assert!(p.is_legal_index(result.best));
    assert_eq!(result.depth, 0, "no iteration completed");
    assert!(result.nodes <= 1, "{} nodes", result.nodes);

    for spec in [
        ENDLESS,
        "bot:master:depth=32,nodes=1000000000000",
        "bot:mcts:iters=100000000",
    ] {
        let mut player = parse_player(spec).unwrap().create().unwrap();
        let coord = within_watchdog(spec, move || {
            player.choose_within(&p, &mut rng_from_seed(2), &raised())
        })
        .unwrap();
        assert!(p.is_legal(coord), "{spec}: {coord}");
    }
    let mut mcts = MctsPlayer::new("mcts", 100_000_000, None, 4);
    mcts.choose_within(&p, &mut rng_from_seed(3), &raised())
        .unwrap();
    assert_eq!(
        mcts.tree_nodes(),
        1 + p.moves().len(),
        "one playout, one expansion"
    );
}

#[test]
fn a_flag_raised_during_a_search_stops_it() {
    let p = midgame(Size::new(8, 8).unwrap(), 2, 20, 2);
    for spec in [ENDLESS, "bot:mcts:iters=100000000"] {
        let flag = Arc::new(AtomicBool::new(false));
        let interrupt = Interrupt::on_flag(Arc::clone(&flag));
        let mut player = parse_player(spec).unwrap().create().unwrap();
        let (started_tx, started) = mpsc::channel();
        let raiser = std::thread::spawn(move || {
            started.recv().unwrap();
            std::thread::sleep(Duration::from_millis(100));
            flag.store(true, Ordering::Relaxed);
        });
        let coord = within_watchdog(spec, move || {
            started_tx.send(()).unwrap();
            player.choose_within(&p, &mut rng_from_seed(4), &interrupt)
        })
        .unwrap();
        raiser.join().unwrap();
        assert!(p.is_legal(coord), "{spec}: {coord}");
    }
}

#[test]
fn a_deadline_stops_a_search() {
    let p = midgame(Size::new(8, 8).unwrap(), 3, 30, 3);
    let mut player = parse_player(ENDLESS).unwrap().create().unwrap();
    let coord = within_watchdog("a search with a deadline", move || {
        let interrupt =
            Interrupt::never().with_deadline(Instant::now() + Duration::from_millis(50));
        player.choose_within(&p, &mut rng_from_seed(5), &interrupt)
    })
    .unwrap();
    assert!(p.is_legal(coord));
}

/// Plays a game between two players made from `spec`, asking each move
/// with `choose` or with `choose_within` under an interrupt that never fires.
fn game_moves(spec: &str, size: Size, within: bool) -> Vec<String> {
    let factory = parse_player(spec).unwrap();
    let mut players = [factory.create().unwrap(), factory.create().unwrap()];
    let mut rngs = [rng_from_seed(11), rng_from_seed(12)];
    let quiet = Interrupt::on_flag(Arc::new(AtomicBool::new(false)))
        .with_deadline(Instant::now() + Duration::from_secs(24 * 3600));
    let mut p = Position::new(size, 2, Rules::Standard).unwrap();
    let mut moves = Vec::new();
    while !p.is_over() && moves.len() < 40 {
        let seat = p.mover().index();
        let coord = if within {
            players[seat].choose_within(&p, &mut rngs[seat], &quiet)
        } else {
            players[seat].choose(&p, &mut rngs[seat])
        }
        .unwrap();
        p.play(coord).unwrap();
        moves.push(coord.to_string());
    }
    moves
}

#[test]
fn an_interrupt_that_does_not_fire_changes_no_choice() {
    let mut specs: Vec<String> = builtins().into_iter().map(|b| b.spec).collect();
    specs.extend(
        [
            "bot:expert:depth=4,nodes=3000",
            "bot:master:depth=6,nodes=20000",
            "bot:mcts:iters=300,random=20",
        ]
        .map(String::from),
    );
    for spec in &specs {
        let plain = game_moves(spec, Size::JABC, false);
        assert_eq!(plain, game_moves(spec, Size::JABC, true), "{spec}");
    }
}

#[test]
fn a_fixed_depth_search_without_limits_is_capped_on_a_large_board() {
    let size = Size::new(20, 20).unwrap();
    let p = midgame(size, 8, 200, 6);
    let spec: BotSpec = "bot:expert:depth=32".parse().unwrap();
    let config = SearchConfig::plain(32);
    assert_eq!(config.node_cells, Some(DEFAULT_NODE_CELLS));
    let result = within_watchdog("a capped search", move || {
        Searcher::new(config)
            .search(&p, &mut rng_from_seed(7))
            .unwrap()
    });
    let cap = DEFAULT_NODE_CELLS / size.cells() as u64;
    assert!(result.nodes <= cap + 1, "{} nodes, cap {cap}", result.nodes);
    assert!((1..32).contains(&result.depth), "depth {}", result.depth);
    // The spec keeps the cap, and gives the same move every time.
    let again = spec.clone();
    let a = within_watchdog("bot:expert:depth=32", move || {
        spec.player()
            .unwrap()
            .choose(&p, &mut rng_from_seed(8))
            .unwrap()
    });
    let b = within_watchdog("bot:expert:depth=32 again", move || {
        again
            .player()
            .unwrap()
            .choose(&p, &mut rng_from_seed(8))
            .unwrap()
    });
    assert_eq!(a, b);
}

#[test]
fn the_monte_carlo_tree_stays_within_its_node_pool() {
    let p = midgame(Size::JABC, 2, 6, 9);
    let mut small = MctsPlayer::new("mcts", 100_000, None, 4).with_tree_cap(2_000);
    let coord = small.choose(&p, &mut rng_from_seed(10)).unwrap();
    assert!(p.is_legal(coord));
    assert!(small.tree_nodes() <= 2_000, "{} nodes", small.tree_nodes());
    assert!(small.tree_nodes() > 2_000 - 30, "the pool filled up");

    // The default pool on the largest board: full, and never over.
    let big = Position::new(Size::new(20, 20).unwrap(), 2, Rules::Standard).unwrap();
    let mut player = MctsPlayer::new("mcts", 6_000, None, 1);
    let coord = player.choose(&big, &mut rng_from_seed(11)).unwrap();
    assert!(big.is_legal(coord));
    assert!(player.tree_nodes() <= DEFAULT_TREE_NODES);
    assert!(
        player.tree_nodes() > DEFAULT_TREE_NODES - 400,
        "{}",
        player.tree_nodes()
    );
}

fn deep_match(config: MatchConfig, cancel: Arc<AtomicBool>) -> chainlab::arena::MatchReport {
    within_watchdog("the match", move || {
        let a = parse_player(ENDLESS).unwrap();
        let b = parse_player("bot:random").unwrap();
        run_match(&a, &b, &config, &cancel, &mut ()).unwrap()
    })
}

fn two_games() -> MatchConfig {
    MatchConfig {
        games: 2,
        threads: 1,
        ..MatchConfig::default()
    }
}

#[test]
fn cancelling_a_match_stops_the_search_in_progress() {
    let cancel = Arc::new(AtomicBool::new(false));
    let raise = Arc::clone(&cancel);
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        raise.store(true, Ordering::Relaxed);
    });
    let report = deep_match(two_games(), cancel);
    raiser.join().unwrap();
    assert_eq!(report.stop, Stop::Cancelled);
    assert_eq!(report.tally.games(), 0);
}

#[test]
fn a_move_limit_stops_a_deep_search_which_forfeits() {
    let config = MatchConfig {
        move_limit: Some(Duration::from_millis(100)),
        ..two_games()
    };
    let report = deep_match(config, Arc::new(AtomicBool::new(false)));
    assert_eq!(report.stop, Stop::Completed);
    assert_eq!(report.tally.games(), 2);
    assert_eq!(report.tally.forfeits_a + report.tally.forfeits_b, 2);
}

#[test]
fn a_time_control_stops_searches_in_time_and_forfeits_overruns() {
    // A generous margin: the deep search stops at 30 ms and never forfeits.
    let config = MatchConfig {
        time_control: Some(TimeControl {
            per_move: Duration::from_millis(30),
            margin: Duration::from_secs(30),
        }),
        ..two_games()
    };
    let report = deep_match(config, Arc::new(AtomicBool::new(false)));
    assert_eq!(report.tally.games(), 2);
    assert_eq!((report.tally.forfeits_a, report.tally.forfeits_b), (0, 0));
    assert_eq!(report.tally.wdl.wins, 2, "the search still beats random");

    // The shortest time the limits allow and no margin: in each game a
    // player overruns and forfeits (the search always does, as it stops only
    // at its deadline; the random player only if the machine holds it up).
    let config = MatchConfig {
        time_control: Some(TimeControl {
            per_move: Duration::from_millis(1),
            margin: Duration::ZERO,
        }),
        ..two_games()
    };
    let report = deep_match(config, Arc::new(AtomicBool::new(false)));
    assert_eq!(report.tally.games(), 2);
    assert_eq!(report.tally.forfeits_a + report.tally.forfeits_b, 2);

    // A time the limits refuse stops the match before it starts.
    let config = MatchConfig {
        time_control: Some(TimeControl {
            per_move: Duration::ZERO,
            margin: Duration::ZERO,
        }),
        ..two_games()
    };
    let a = parse_player("bot:random").unwrap();
    let e = run_match(&a, &a, &config, &AtomicBool::new(false), &mut ()).unwrap_err();
    assert!(e.to_string().contains("time per move"), "{e}");
}
