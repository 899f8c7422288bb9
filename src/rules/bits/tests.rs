//! Tests of the bit board: random games of every variant played in step
//! with [`Position`], illegal moves, sizes over 64 cells, key collisions
//! (the speed is measured by `chainlab bench --only playout`, not here).

use std::collections::HashMap;

use rand::RngExt;

use super::*;
use crate::rng::rng_from_seed;

/// The sizes the random games are played on.
const SIZES: [(usize, usize); 10] = [
    (2, 2),
    (2, 3),
    (3, 3),
    (5, 6),
    (9, 6),
    (8, 8),
    (4, 16),
    (2, 20),
    (3, 20),
    (6, 7),
];

/// Games are cut after this many placements (`empties` games can be long).
const MAX_PLACEMENTS: u32 = 3000;

/// A mask of flat indices.
fn mask_of(indices: impl IntoIterator<Item = usize>) -> u64 {
    indices.into_iter().fold(0, |m, i| m | 1u64 << i)
}

/// Everything the bit board says about a position, checked against the position.
fn check_queries(b: &BitPosition, p: &Position, probe: u64) {
    let context = || format!("{p:?}");
    assert_eq!(b.size(), p.size());
    assert_eq!(b.rules(), p.rules());
    assert_eq!(b.player_count(), p.player_count());
    assert_eq!(b.to_move(), p.to_move(), "{}", context());
    assert_eq!(b.mover(), p.mover());
    assert_eq!(b.winner(), p.winner());
    assert_eq!(b.is_over(), p.is_over());
    assert_eq!(b.placed(), p.placed());
    assert_eq!(b.placements(), p.placements());
    let moves = p.moves();
    let legal = mask_of(moves.indices().iter().map(|&i| usize::from(i)));
    assert_eq!(b.legal(), legal, "{}", context());
    let cells = p.cells();
    let geo = p.geometry();
    let critical = mask_of((0..cells.len()).filter(|&i| {
        let c = cells[i];
        !c.is_empty() && c.atoms() + 1 == p.threshold(geo.capacity(i))
    }));
    assert_eq!(b.critical(), critical, "{}", context());
    assert_eq!(
        b.occupied(),
        mask_of((0..cells.len()).filter(|&i| !cells[i].is_empty()))
    );
    let set = probe & b.masks().all;
    let atoms: u32 = (0..cells.len())
        .filter(|&i| set >> i & 1 == 1)
        .map(|i| u32::from(cells[i].atoms()))
        .sum();
    assert_eq!(b.atoms_in(set), atoms);
    assert_eq!(b.atoms_in(b.masks().all) as usize, p.total_atoms());
    for player in Player::all(usize::from(MAX_PLAYERS)) {
        assert_eq!(b.is_eliminated(player), p.is_eliminated(player));
        let owned = mask_of((0..cells.len()).filter(|&i| cells[i].is_owned_by(player)));
        assert_eq!(b.owned(player), owned);
    }
}

/// What the random games saw under one variant.
#[derive(Default, Debug)]
struct Seen {
    games: u32,
    moves: u32,
    max_waves: u32,
    max_reactions: u32,
    /// Winning moves.
    wins: u32,
    /// Winning moves that ended the chain with cells still at their threshold.
    wins_mid_chain: u32,
}

#[test]
fn plays_random_games_as_position_does() {
    let mut rng = rng_from_seed(0xb175);
    let mut seen: HashMap<Rules, Seen> = HashMap::new();
    // The keys of every position of every game: the key covers the game too.
    let mut keys: HashMap<u64, BitPosition> = HashMap::new();
    for (rows, cols) in SIZES {
        let size = Size::new(rows, cols).unwrap();
        for rules in Rules::ALL {
            for players in 2..=size.cells().min(8) {
                let games = if players == 2 { 20 } else { 6 };
                for _ in 0..games {
                    let mut p = Position::new(size, players, rules).unwrap();
                    let mut b = BitPosition::from_position(&p).unwrap();
                    let stats = seen.entry(rules).or_default();
                    stats.games += 1;
                    while !p.is_over() && p.placements() < MAX_PLACEMENTS {
                        check_queries(&b, &p, rng.random());
                        // An index that may be illegal: both refuse it alike.
                        let probe = rng.random_range(0..size.cells() + 3);
                        if !p.is_legal_index(probe) {
                            let before = b;
                            assert_eq!(b.play_index(probe), None);
                            assert_eq!(b, before);
                        }
                        let moves = p.moves();
                        let m = usize::from(moves.indices()[rng.random_range(0..moves.len())]);
                        let expected = p.play_index(m).unwrap();
                        let outcome = b.play_index(m).unwrap();
                        assert_eq!(outcome, expected, "move {m} to\n{p}");
                        assert_eq!(Some(b), BitPosition::from_position(&p), "move {m} to\n{p}");
                        assert_eq!(b.to_position(), p, "move {m}");
                        match keys.get(&b.key()) {
                            Some(other) => assert_eq!(*other, b, "key collision"),
                            None => {
                                keys.insert(b.key(), b);
                            }
                        }
                        stats.moves += 1;
                        stats.max_waves = stats.max_waves.max(outcome.waves);
                        stats.max_reactions = stats.max_reactions.max(outcome.reactions);
                        if outcome.won {
                            stats.wins += 1;
                            if b.reacting() != 0 {
                                stats.wins_mid_chain += 1;
                            }
                        }
                    }
                    check_queries(&b, &p, rng.random());
                    if p.is_over() {
                        let before = b;
                        for i in 0..size.cells() {
                            assert_eq!(b.play_index(i), None);
                        }
                        assert_eq!(b, before);
                    }
                }
            }
        }
    }
    for rules in Rules::ALL {
        let stats = &seen[&rules];
        println!("{rules}: {stats:?}");
        assert!(stats.max_waves >= 20, "{rules}: {stats:?}");
        assert!(stats.wins >= stats.games / 2, "{rules}: {stats:?}");
        assert!(stats.wins_mid_chain >= 20, "{rules}: {stats:?}");
    }
}

#[test]
fn refuses_illegal_moves_and_leaves_the_position_unchanged() {
    let size = Size::new(3, 3).unwrap();
    for rules in Rules::ALL {
        let mut b = BitPosition::from_position(&Position::new(size, 2, rules).unwrap()).unwrap();
        assert_eq!(b.play_index(4), Some(MoveOutcome::default()));
        let before = b;
        // B on A's cell, off the board, far off the board.
        for index in [4, 9, 63, 64, 1000, usize::MAX] {
            assert_eq!(b.play_index(index), None, "{index}");
            assert_eq!(b, before);
        }
        assert_eq!(b.legal(), b.masks().all & !(1 << 4));
    }
    // A finished game: A takes B's only cell with a corner chain.
    let mut b =
        BitPosition::from_position(&Position::new(size, 2, Rules::Standard).unwrap()).unwrap();
    for m in [0, 1, 0] {
        b.play_index(m).unwrap();
    }
    assert_eq!(b.winner(), Some(Player::A));
    assert_eq!(b.to_move(), None);
    assert_eq!(b.legal(), 0);
    let before = b;
    for index in 0..9 {
        assert_eq!(b.play_index(index), None);
    }
    assert_eq!(b, before);
    assert_eq!(b.to_position().winner(), Some(Player::A));
}

#[test]
fn boards_over_64_cells_have_no_bit_board() {
    for (rows, cols, fits) in [
        (8, 8, true),
        (4, 16, true),
        (3, 20, true),
        (5, 13, false),
        (9, 9, false),
        (20, 20, false),
    ] {
        let p = Position::new(Size::new(rows, cols).unwrap(), 2, Rules::Standard).unwrap();
        let b = BitPosition::from_position(&p);
        assert_eq!(b.is_some(), fits, "{rows}x{cols}");
        if let Some(b) = b {
            assert_eq!(b.to_position(), p);
            assert_eq!(b.masks().all.count_ones() as usize, rows * cols);
        }
    }
}

#[test]
fn round_trips_positions_read_from_text() {
    // Placed, not placed, and a position with the game already won.
    for text in [
        "size 3x3\nplaced A B\nmoves 4\nA1 A2 .\n. . .\n. . B1\n",
        "size 3x3\nplayers 3\nplaced A B\nmoves 2\nA1 . .\n. . .\n. . B1\n",
        "size 3x3\nplaced A B\nmoves 4\nA1 A2 .\nA1 . .\n. . .\n",
    ] {
        let p: Position = text.parse().unwrap();
        let b = BitPosition::from_position(&p).unwrap();
        assert_eq!(b.to_position(), p, "{text}");
        assert_eq!(b.winner(), p.winner());
        assert_eq!(b.mover(), p.mover());
    }
}
