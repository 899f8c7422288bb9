//! Property tests of the rule facts in docs/positions.md, against an independent
//! reference implementation that resolves chains one cell at a time, last in
//! first out (deliberately unlike the engine's waves).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chainlab::rng::rng_from_seed;
use chainlab::rules::{Coord, Game, Position, Rules, Size};
use proptest::prelude::*;
use rand::RngExt;

/// The reference: a plain vector board, LIFO toppling, win checked after every single reaction.
#[derive(Clone, Debug)]
struct Reference {
    rows: usize,
    cols: usize,
    rules: Rules,
    players: usize,
    cells: Vec<Option<(usize, u32)>>,
    mover: usize,
    placed: Vec<bool>,
    winner: Option<usize>,
}

impl Reference {
    fn new(rows: usize, cols: usize, players: usize, rules: Rules) -> Reference {
        Reference {
            rows,
            cols,
            rules,
            players,
            cells: vec![None; rows * cols],
            mover: 0,
            placed: vec![false; players],
            winner: None,
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (r, c) = (i / self.cols, i % self.cols);
        let mut n = Vec::new();
        if r > 0 {
            n.push(i - self.cols);
        }
        if r + 1 < self.rows {
            n.push(i + self.cols);
        }
        if c > 0 {
            n.push(i - 1);
        }
        if c + 1 < self.cols {
            n.push(i + 1);
        }
        n
    }

    fn threshold(&self, i: usize) -> u32 {
        let cap = self.neighbours(i).len() as u32;
        match self.rules {
            Rules::Overflow => cap + 1,
            _ => cap,
        }
    }

    fn alive(&self) -> Vec<usize> {
        (0..self.players)
            .filter(|&p| {
                !self.placed[p]
                    || self
                        .cells
                        .iter()
                        .any(|c| matches!(c, Some((o, _)) if *o == p))
            })
            .collect()
    }

    fn play(&mut self, r: usize, c: usize) -> bool {
        if self.winner.is_some() || r >= self.rows || c >= self.cols {
            return false;
        }
        let i = r * self.cols + c;
        let me = self.mover;
        match self.cells[i] {
            Some((o, _)) if o != me => return false,
            Some((_, a)) => self.cells[i] = Some((me, a + 1)),
            None => self.cells[i] = Some((me, 1)),
        }
        self.placed[me] = true;
        let mut stack = vec![i];
        let mut steps = 0u64;
        while let Some(j) = stack.pop() {
            let Some((_, atoms)) = self.cells[j] else {
                continue;
            };
            let threshold = self.threshold(j);
            if atoms < threshold {
                continue;
            }
            let cap = self.neighbours(j).len() as u32;
            let left = atoms - cap;
            self.cells[j] = if left == 0 { None } else { Some((me, left)) };
            for n in self.neighbours(j) {
                let a = self.cells[n].map_or(0, |(_, a)| a) + 1;
                self.cells[n] = Some((me, a));
                if a >= self.threshold(n) {
                    stack.push(n);
                }
            }
            if self.cells[j].is_some_and(|(_, a)| a >= threshold) {
                stack.push(j);
            }
            let alive = self.alive();
            if alive.len() == 1 {
                self.winner = Some(alive[0]);
                break;
            }
            steps += 1;
            assert!(steps < 10_000_000, "reference chain does not end");
        }
        if self.winner.is_none() {
            let alive = self.alive();
            self.mover = (1..=self.players)
                .map(|k| (me + k) % self.players)
                .find(|p| alive.contains(p))
                .unwrap();
        }
        true
    }

    fn agrees_with(&self, position: &Position) -> Result<(), String> {
        let winner = position.winner().map(|p| p.index());
        if winner != self.winner {
            return Err(format!("winner {winner:?} vs reference {:?}", self.winner));
        }
        if winner.is_some() {
            return Ok(()); // a chain stopped by the win leaves an order-dependent board
        }
        if position.to_move().map(|p| p.index()) != Some(self.mover) {
            return Err(format!(
                "to move {:?} vs reference {}",
                position.to_move(),
                self.mover
            ));
        }
        for (i, cell) in position.cells().iter().enumerate() {
            let ours = cell.owner().map(|o| (o.index(), u32::from(cell.atoms())));
            if ours != self.cells[i] {
                return Err(format!(
                    "cell {i}: {ours:?} vs reference {:?}",
                    self.cells[i]
                ));
            }
        }
        Ok(())
    }
}

fn board() -> impl Strategy<Value = (usize, usize, usize)> {
    (2usize..=8, 2usize..=8).prop_flat_map(|(r, c)| (Just(r), Just(c), 2usize..=(r * c).min(8)))
}

fn conserving_rules() -> impl Strategy<Value = Rules> {
    prop_oneof![Just(Rules::Standard), Just(Rules::Overflow)]
}

fn any_rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::Standard),
        Just(Rules::Overflow),
        Just(Rules::Empties)
    ]
}

/// Plays a random game of at most `limit` moves, calling `each` after every move.
fn random_game(
    start: Position,
    seed: u64,
    limit: usize,
    mut each: impl FnMut(&Position, Coord),
) -> Position {
    let mut rng = rng_from_seed(seed);
    let mut position = start;
    for _ in 0..limit {
        let moves: Vec<Coord> = position.moves().iter().collect();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        position.play(m).unwrap();
        each(&position, m);
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn engine_agrees_with_the_reference((rows, cols, players) in board(), rules in conserving_rules(), seed: u64) {
        let start = Position::new(Size::new(rows, cols).unwrap(), players, rules).unwrap();
        let mut reference = Reference::new(rows, cols, players, rules);
        let mut failure = None;
        random_game(start, seed, 2000, |position, m| {
            assert!(reference.play(m.row(), m.col()), "reference refused {m}");
            if failure.is_none() {
                failure = reference.agrees_with(position).err().map(|e| format!("after {m}: {e}"));
            }
        });
        prop_assert!(failure.is_none(), "{}", failure.unwrap_or_default());
    }

    #[test]
    fn atoms_equal_placements((rows, cols, players) in board(), rules in conserving_rules(), seed: u64) {
        let start = Position::new(Size::new(rows, cols).unwrap(), players, rules).unwrap();
        random_game(start, seed, 2000, |position, _| {
            assert_eq!(position.total_atoms(), position.placements() as usize);
        });
    }

    #[test]
    fn games_end_within_the_bound((rows, cols, players) in board(), rules in conserving_rules(), seed: u64) {
        let start = Position::new(Size::new(rows, cols).unwrap(), players, rules).unwrap();
        let geo = start.geometry();
        let bound = 1 + geo.stable_atoms() + if rules == Rules::Overflow { geo.cells() } else { 0 };
        let end = random_game(start, seed, bound + 10, |_, _| {});
        prop_assert!(end.is_over(), "not over after {} placements", end.placements());
        prop_assert!(end.placements() as usize <= bound);
    }

    #[test]
    fn empties_games_stay_consistent((rows, cols, players) in board(), seed: u64) {
        let start = Position::new(Size::new(rows, cols).unwrap(), players, Rules::Empties).unwrap();
        random_game(start, seed, 500, |position, _| {
            assert!(position.total_atoms() <= position.placements() as usize);
            if !position.is_over() {
                for (i, cell) in position.cells().iter().enumerate() {
                    let cap = position.geometry().capacity(i);
                    assert!(cell.atoms() < cap, "unstable cell {i} in a running game");
                }
            }
        });
    }

    #[test]
    fn illegal_moves_change_nothing((rows, cols, players) in board(), rules in any_rules(), seed: u64, plies in 0usize..60, r in 0usize..20, c in 0usize..20) {
        let start = Position::new(Size::new(rows, cols).unwrap(), players, rules).unwrap();
        let position = random_game(start, seed, plies, |_, _| {});
        let coord = Coord::new(r, c).unwrap();
        let mut copy = position;
        match copy.play(coord) {
            Ok(_) => prop_assert!(position.is_legal(coord)),
            Err(_) => {
                prop_assert!(!position.is_legal(coord));
                prop_assert_eq!(copy, position);
            }
        }
    }

    #[test]
    fn copy_from_makes_a_scratch_position_play_like_its_source((rows, cols, players) in board(), rules in any_rules(), seed: u64, plies in 0usize..60, other in board(), other_plies in 0usize..60) {
        let start = Position::new(Size::new(rows, cols).unwrap(), players, rules).unwrap();
        let source = random_game(start, seed, plies, |_, _| {});
        // A scratch position that held another game, of the same or another size.
        let (other_rows, other_cols, other_players) = if seed % 2 == 0 { (rows, cols, players) } else { other };
        let other_start = Position::new(Size::new(other_rows, other_cols).unwrap(), other_players, rules).unwrap();
        let mut scratch = random_game(other_start, seed ^ 1, other_plies, |_, _| {});
        scratch.copy_from(&source);
        prop_assert_eq!(scratch, source);
        let (copied, original_moves) = (scratch.moves(), source.moves());
        prop_assert_eq!(copied.indices(), original_moves.indices());
        let mut original = source;
        random_game(scratch, seed ^ 2, 40, |after, m| {
            original.play(m).unwrap();
            assert_eq!(*after, original);
        });
    }

    #[test]
    fn undo_restores_every_earlier_position((rows, cols, players) in board(), rules in any_rules(), seed: u64, plies in 1usize..80) {
        let start = Position::new(Size::new(rows, cols).unwrap(), players, rules).unwrap();
        let mut game = Game::new(start);
        let mut seen = vec![start];
        random_game(start, seed, plies, |position, m| {
            game.play(m).unwrap();
            assert_eq!(game.position(), position);
            seen.push(*position);
        });
        while let Some(expected) = seen.pop() {
            prop_assert_eq!(game.position(), &expected);
            if game.undo().is_err() {
                break;
            }
        }
        prop_assert!(seen.is_empty());
        prop_assert!(game.undo().is_err());
    }

    #[test]
    fn notation_round_trips((rows, cols, players) in board(), rules in any_rules(), seed: u64, plies in 0usize..200) {
        let start = Position::new(Size::new(rows, cols).unwrap(), players, rules).unwrap();
        random_game(start, seed, plies, |position, _| {
            let text = position.to_string();
            let back: Position = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(&back, position);
            let json = position.to_json();
            let back = Position::from_json(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
            assert_eq!(&back, position);
        });
    }

    #[test]
    fn parsing_never_panics(text in "\\PC{0,300}") {
        let _ = text.parse::<Position>();
    }

    #[test]
    fn parsing_mutated_positions_never_panics((rows, cols, players) in board(), seed: u64, plies in 0usize..40, edits in prop::collection::vec((any::<prop::sample::Index>(), "[A-Ha-h0-9x.#{}\\[\\]:,\" \n-]{0,4}"), 1..6)) {
        let start = Position::new(Size::new(rows, cols).unwrap(), players, Rules::Standard).unwrap();
        let position = random_game(start, seed, plies, |_, _| {});
        for base in [position.to_string(), position.to_json()] {
            let mut text = base.clone();
            for (at, insert) in &edits {
                let mut i = at.index(text.len() + 1);
                while !text.is_char_boundary(i) { i -= 1; }
                let end = (i + insert.len()).min(text.len());
                let mut end = end;
                while !text.is_char_boundary(end) { end -= 1; }
                text.replace_range(i..end, insert);
            }
            let _ = text.parse::<Position>();
        }
    }
}
