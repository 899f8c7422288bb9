//! Tests of the searches: alpha-beta against plain minimax on small random
//! positions, node limits, interrupts, and taking a win.

use super::*;
use crate::bots::heuristic::{WIN, has_lost};
use crate::rng::{GameRng, rng_from_seed};
use crate::rules::{Rules, Size};
use rand::RngExt;

/// The leaf value of the searches, from the root player's side (the static
/// evaluation is not under test here, only the tree search over it).
fn static_value(position: &Position, root: Player, config: &SearchConfig, depth: u8) -> i32 {
    node::leaf_value(position, root, config.balanced, depth)
}

/// Quiescence by plain minimax: each side may stand pat or strike.
fn quiet_minimax(position: &Position, root: Player, config: &SearchConfig, left: u8) -> i32 {
    let stand = static_value(position, root, config, 0);
    if left == 0 || position.is_over() || has_lost(position, root) {
        return stand;
    }
    let moves = position.moves();
    let values = moves
        .indices()
        .iter()
        .filter(|&&m| is_striking(position, usize::from(m)))
        .map(|&m| {
            let mut child = *position;
            child.play_index(usize::from(m));
            quiet_minimax(&child, root, config, left - 1)
        })
        .chain([stand]);
    if position.to_move() == Some(root) {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// Plain minimax over the same leaves, from the root player's side.
fn minimax(position: &Position, depth: u8, root: Player, config: &SearchConfig) -> i32 {
    if position.is_over() || has_lost(position, root) {
        return static_value(position, root, config, depth);
    }
    if depth == 0 {
        return quiet_minimax(position, root, config, config.quiescence);
    }
    let moves = position.moves();
    let values = moves.indices().iter().map(|&m| {
        let mut child = *position;
        child.play_index(usize::from(m));
        minimax(&child, depth - 1, root, config)
    });
    if position.to_move() == Some(root) {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

fn random_position(rng: &mut GameRng) -> Position {
    let size = Size::new(rng.random_range(2..=4), rng.random_range(2..=4)).unwrap();
    let players = rng.random_range(2..=size.cells().min(4));
    let plies = rng.random_range(0..25);
    random_moves(rng, size, players, plies)
}

/// The position after up to `plies` random moves of a game of `players` on
/// `size` under random rules, stopping before a move that would end it.
fn random_moves(rng: &mut GameRng, size: Size, players: usize, plies: usize) -> Position {
    let rules = Rules::ALL[rng.random_range(0..3)];
    let mut p = Position::new(size, players, rules).unwrap();
    for _ in 0..plies {
        let moves = p.moves();
        if moves.is_empty() {
            break;
        }
        let m = moves.indices()[rng.random_range(0..moves.len())];
        let mut next = p;
        next.play_index(usize::from(m));
        if next.is_over() {
            break;
        }
        p = next;
    }
    p
}

#[test]
fn alpha_beta_equals_minimax_on_small_random_positions() {
    let mut rng = rng_from_seed(7);
    let mut checked = 0;
    for _ in 0..300 {
        let p = random_position(&mut rng);
        let root = p.to_move().unwrap();
        let depth = if p.size().cells() <= 9 { 4 } else { 3 };
        let configs = [
            SearchConfig::plain(depth),
            SearchConfig::enhanced(depth),
            SearchConfig {
                balanced: true,
                ..SearchConfig::enhanced(depth)
            },
            SearchConfig {
                quiescence: 2,
                ..SearchConfig::plain(depth)
            },
        ];
        for config in configs {
            let expected = minimax(&p, depth, root, &config);
            let config = SearchConfig {
                table_bits: config.table_bits.min(12),
                ..config
            };
            assert_eq!(
                Searcher::new(config).value(&p, depth),
                expected,
                "{config:?}\n{p}"
            );
            // `value` searches these small boards as bit boards; the search
            // on the rules engine's positions (with its Zobrist keys) too.
            assert_eq!(
                Searcher::new(config).value_on(&p, depth),
                expected,
                "{config:?} on the cells\n{p}"
            );
            // The root search picks a move of exactly that value.
            let result = Searcher::new(config).search(&p, &mut rng).unwrap();
            let mut child = p;
            child.play_index(result.best);
            let chosen = minimax(&child, depth - 1, root, &config);
            if expected.abs() < WIN {
                assert_eq!(result.value, expected, "{p}");
                assert_eq!(chosen, expected, "{p}");
            } else {
                // A decided game stops deepening early: the move must still win (or all lose).
                assert_eq!(chosen.signum(), expected.signum(), "{p}");
                assert!(chosen.abs() >= WIN, "{p}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 300);
}

#[test]
fn a_node_limit_is_deterministic_and_still_gives_a_move() {
    let p = Position::new(Size::JABC, 2, Rules::Standard).unwrap();
    let config = SearchConfig {
        nodes: Some(500),
        ..SearchConfig::plain(8)
    };
    let a = Searcher::new(config)
        .search(&p, &mut rng_from_seed(1))
        .unwrap();
    let b = Searcher::new(config)
        .search(&p, &mut rng_from_seed(1))
        .unwrap();
    assert_eq!(a, b);
    assert!(a.depth >= 1 && a.depth < 8);
    assert!(p.is_legal_index(a.best));
}

#[test]
fn takes_a_win_in_one() {
    // A wins by placing on 0,0 (corner with 1 atom reacts and captures B's last cell).
    let p: Position = "size 2x3\nplaced A B\nmoves 3\nA1 B1 .\nA1 . .\n"
        .parse()
        .unwrap();
    for config in [SearchConfig::plain(3), SearchConfig::enhanced(3)] {
        let r = Searcher::new(config)
            .search(&p, &mut rng_from_seed(3))
            .unwrap();
        let mut after = p;
        after.play_index(r.best);
        assert_eq!(after.winner(), Some(Player::A), "{config:?}");
        assert!(r.value >= WIN);
    }
}

#[test]
fn a_search_cut_short_plays_a_best_move_of_its_deepest_completed_iteration() {
    let mut rng = rng_from_seed(17);
    let mut checked = 0;
    while checked < 60 {
        let p = random_position(&mut rng);
        if p.size().cells() > 9 {
            continue;
        }
        let root = p.to_move().unwrap();
        for nodes in [40, 90, 200, 500, 1200] {
            let config = SearchConfig {
                nodes: Some(nodes),
                ..SearchConfig::plain(5)
            };
            let result = Searcher::new(config).search(&p, &mut rng).unwrap();
            if result.value.abs() >= WIN {
                continue;
            }
            let mut child = p;
            child.play_index(result.best);
            let chosen = minimax(&child, result.depth - 1, root, &config);
            assert_eq!(
                chosen, result.value,
                "nodes={nodes} depth={}\n{p}",
                result.depth
            );
        }
        checked += 1;
    }
}

#[test]
fn the_table_never_exceeds_its_largest_size() {
    let config = SearchConfig {
        table_bits: 40,
        ..SearchConfig::enhanced(3)
    };
    let mut searcher = Searcher::new(config);
    assert_eq!(searcher.table.len(), 1 << MAX_TABLE_BITS);
    let p = Position::new(Size::JABC, 2, Rules::Standard).unwrap();
    let result = searcher.search(&p, &mut rng_from_seed(2)).unwrap();
    assert!(p.is_legal_index(result.best));
}

/// A position after random moves on a board of at most 64 cells, of any
/// rule variant and 2 to 4 players (long games, so crowded boards with long
/// chains come up).
fn random_small_board(rng: &mut GameRng) -> Position {
    let sizes = [(3, 3), (5, 6), (9, 6), (4, 5), (8, 8)];
    let (rows, cols) = sizes[rng.random_range(0..sizes.len())];
    let size = Size::new(rows, cols).unwrap();
    let players = rng.random_range(2..=4);
    let plies = rng.random_range(0..2 * size.cells());
    random_moves(rng, size, players, plies)
}

#[test]
fn bit_boards_and_positions_search_the_same_trees() {
    let mut rng = rng_from_seed(41);
    for case in 0..60 {
        let position = random_small_board(&mut rng);
        let bits = BitPosition::from_position(&position).unwrap();
        let config = SearchConfig {
            table_bits: 0,
            balanced: case % 3 == 0,
            ..SearchConfig::enhanced(3)
        };
        let mut on_cells = Searcher::new(config);
        let mut on_bits = Searcher::new(config);
        let v = on_cells.value_on(&position, 3);
        let w = on_bits.value_on(&bits, 3);
        assert_eq!(v, w, "case {case}: {position}");
        assert_eq!(on_cells.nodes(), on_bits.nodes(), "case {case}: {position}");
    }
}
