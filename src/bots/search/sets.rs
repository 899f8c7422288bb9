//! The root player's cells as bit masks, kept up to date as moves are
//! played, so that the value at a leaf needs no pass over the board
//! (boards of at most 64 cells; the evaluation's own pass elsewhere).
//!
//! A child's sets are its parent's, updated by the cell changes of the move
//! (the rules engine reports each one to a [`ReactionObserver`]): a cell
//! changes a handful of bits, where recounting would read every cell.

use crate::bots::heuristic::value_of_sets;
use crate::rules::{Cell, Player, Position, ReactionObserver};

/// The sets of one position, for the search's root player.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(super) struct Sets {
    /// The root player's cells.
    mine: u64,
    /// Every player's critical cells.
    critical: u64,
    /// Every cell that holds atoms.
    occupied: u64,
    /// The root player's atoms.
    atoms: u32,
}

/// What stays the same for a whole search: whose cells, the capacities
/// and the rules' critical test.
#[derive(Clone, Copy)]
pub(super) struct Track {
    me: Player,
    capacities: &'static [u8],
    /// A cell is critical when its atoms + 1 are its capacity + this.
    offset: u8,
}

impl Track {
    /// The tracking of `me`'s cells on `position`'s board, when it has at
    /// most 64 cells (else `None`: the leaves use the plain evaluation).
    pub fn new(position: &Position, me: Player) -> Option<Track> {
        let geo = position.geometry();
        geo.masks()?;
        Some(Track {
            me,
            capacities: geo.capacities(),
            offset: position.threshold(2) - 2,
        })
    }

    /// The sets of `position`, counted from scratch.
    pub fn sets_of(&self, position: &Position) -> Sets {
        let mut sets = Sets::default();
        for (i, &cell) in position.cells().iter().enumerate() {
            self.add(&mut sets, i, cell);
        }
        sets
    }

    /// Puts `cell` at `index` into `sets` (whose bit there is clear).
    #[inline]
    fn add(&self, sets: &mut Sets, index: usize, cell: Cell) {
        let bit = 1u64.checked_shl(index as u32).unwrap_or(0);
        let capacity = self.capacities.get(index).copied().unwrap_or(0);
        if cell.is_owned_by(self.me) {
            sets.mine |= bit;
            sets.atoms += u32::from(cell.atoms());
        }
        if cell.atoms() + 1 == capacity + self.offset {
            sets.critical |= bit;
        }
        if !cell.is_empty() {
            sets.occupied |= bit;
        }
    }

    /// Takes `cell` at `index` out of `sets`.
    #[inline]
    fn remove(&self, sets: &mut Sets, index: usize, cell: Cell) {
        let bit = 1u64.checked_shl(index as u32).unwrap_or(0);
        if cell.is_owned_by(self.me) {
            sets.atoms -= u32::from(cell.atoms());
        }
        sets.mine &= !bit;
        sets.critical &= !bit;
        sets.occupied &= !bit;
    }

    /// The expert value of an undecided `position` whose sets are `sets`
    /// (the same as [`crate::bots::heuristic::expert_value`]).
    #[inline]
    pub fn value(&self, position: &Position, sets: &Sets) -> i32 {
        match position.geometry().masks() {
            Some(masks) => value_of_sets(sets.mine, sets.critical, sets.atoms, masks),
            None => crate::bots::heuristic::expert_value(position, self.me),
        }
    }
}

impl Track {
    /// In a two-player game, the cells where the player to move strikes
    /// (see [`super::is_striking`]): its critical cells next to an
    /// opponent's cell. `None` with more players (the sets do not tell the
    /// opponents apart).
    #[inline]
    pub fn striking(&self, position: &Position, sets: &Sets) -> Option<u64> {
        if position.player_count() != 2 {
            return None;
        }
        let masks = position.geometry().masks()?;
        let theirs = sets.occupied & !sets.mine;
        let (own, enemy) = if position.mover() == self.me {
            (sets.mine, theirs)
        } else {
            (theirs, sets.mine)
        };
        Some(own & sets.critical & masks.around(enemy))
    }
}

/// Follows a move's cell changes into the sets of the position it is
/// played on.
pub(super) struct Follow<'a> {
    pub track: &'a Track,
    pub sets: &'a mut Sets,
}

impl ReactionObserver for Follow<'_> {
    #[inline]
    fn cell_changed(&mut self, index: usize, before: Cell, after: Cell) {
        self.track.remove(self.sets, index, before);
        self.track.add(self.sets, index, after);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::heuristic::expert_value;
    use crate::rng::rng_from_seed;
    use crate::rules::{Rules, Size};
    use rand::RngExt;

    /// Sets followed through whole random games value every position as the
    /// evaluation does, on every rule variant and board up to 64 cells.
    #[test]
    fn followed_sets_value_positions_as_the_evaluation_does() {
        let mut rng = rng_from_seed(11);
        let sizes = [(2, 2), (3, 5), (5, 6), (8, 8), (4, 16), (9, 6)];
        for (rows, cols) in sizes {
            for rules in [Rules::Standard, Rules::Overflow, Rules::Empties] {
                for players in [2, 3] {
                    let size = Size::new(rows, cols).expect("size");
                    let mut position = Position::new(size, players, rules).expect("game");
                    let me = Player::A;
                    let track = Track::new(&position, me).expect("small board");
                    let mut sets = track.sets_of(&position);
                    while !position.is_over() {
                        let moves = position.moves();
                        let m = moves.indices()[rng.random_range(0..moves.len())];
                        position
                            .play_index_observed(
                                usize::from(m),
                                &mut Follow {
                                    track: &track,
                                    sets: &mut sets,
                                },
                            )
                            .expect("legal");
                        assert_eq!(sets, track.sets_of(&position));
                        if let Some(set) = track.striking(&position, &sets) {
                            for i in 0..position.cells().len() {
                                let strikes = set >> i & 1 != 0;
                                assert_eq!(strikes, super::super::is_striking(&position, i));
                            }
                        }
                        let v = expert_value(&position, me);
                        if v.abs() < crate::bots::heuristic::WIN {
                            assert_eq!(track.value(&position, &sets), v);
                        }
                    }
                }
            }
        }
    }

    /// Boards of more than 64 cells are not tracked.
    #[test]
    fn large_boards_are_not_tracked() {
        let size = Size::new(9, 8).expect("size");
        let position = Position::new(size, 2, Rules::Standard).expect("game");
        assert!(Track::new(&position, Player::A).is_none());
    }
}
