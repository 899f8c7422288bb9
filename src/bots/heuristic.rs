//! The heuristic: the static value of a position that the search players and
//! the Monte Carlo player's playouts use (users know it as "the expert
//! evaluation"; it is not the strategy-graph evaluation of [`crate::eval`]).
//! It is the evaluation from the Brilliant note on Chain Reaction, for any
//! number of players (all opponents counted as one enemy) and every rule variant.
//!
//! For the player `me`, summed over the board:
//! - +1 per atom of `me` (the orb count);
//! - for each cell of `me`, −(5 − capacity) per critical neighbour owned by an
//!   opponent; if it has none (the cell is safe): +2 on an edge, +3 in a
//!   corner, and +2 more if the cell is itself critical;
//! - +2 × size for every block (orthogonally connected group) of two or more
//!   critical cells of `me`;
//! - a won game is worth [`WIN`] and a lost one (or `me` eliminated) −[`WIN`].
//!
//! *Critical* means one atom below the threshold at which the cell reacts
//! under the position's rules (capacity − 1 under `standard` and `empties`,
//! capacity under `overflow`).

use crate::rules::{BitPosition, MAX_CELLS, Masks, Player, Position};

/// The value of a won game; a lost game is worth `-WIN`.
pub const WIN: i32 = 10_000;

/// Whether `me` has lost: eliminated, or someone else has won.
#[inline]
pub fn has_lost(position: &Position, me: Player) -> bool {
    position.is_eliminated(me) || position.winner().is_some_and(|w| w != me)
}

/// [`has_lost`] on a bit board.
#[inline]
pub fn has_lost_bits(position: &BitPosition, me: Player) -> bool {
    position.is_eliminated(me) || position.winner().is_some_and(|w| w != me)
}

/// [`value`] of a bit-board position: the same value, with the own
/// and critical cells read from the bit planes instead of a pass over the
/// board.
pub fn value_bits(position: &BitPosition, me: Player) -> i32 {
    if position.winner() == Some(me) {
        return WIN;
    }
    if has_lost_bits(position, me) {
        return -WIN;
    }
    let mine = position.owned(me);
    sets_value(
        position.masks(),
        mine,
        position.critical(),
        position.atoms_in(mine),
    )
}

/// The heuristic value of `position` for `me`: [`WIN`] if `me` has won, −[`WIN`]
/// if `me` has lost, otherwise the heuristic sum described in the module docs.
pub fn value(position: &Position, me: Player) -> i32 {
    if position.winner() == Some(me) {
        return WIN;
    }
    if has_lost(position, me) {
        return -WIN;
    }
    let geo = position.geometry();
    if let Some(masks) = geo.masks() {
        return small_board_value(position, me, masks);
    }
    let cells = position.cells();
    let mut critical = Bits::default();
    for (i, cell) in cells.iter().enumerate() {
        if !cell.is_empty() && cell.atoms() + 1 == position.threshold(geo.capacity(i)) {
            critical.insert(i);
        }
    }
    let mut score = 0i32;
    // Own critical cells with an own critical neighbour: exactly the cells
    // of the blocks of two or more, so 2 × their count is the block bonus.
    let mut in_blocks = 0i32;
    for (i, cell) in cells.iter().enumerate() {
        if !cell.is_owned_by(me) {
            continue;
        }
        score += i32::from(cell.atoms());
        let capacity = geo.capacity(i);
        let mut safe = true;
        let mut joined = false;
        for &nb in geo.neighbours(i) {
            let nb = usize::from(nb);
            if critical.contains(nb) {
                if cells.get(nb).is_some_and(|c| c.is_owned_by(me)) {
                    joined = true;
                } else {
                    score -= 5 - i32::from(capacity);
                    safe = false;
                }
            }
        }
        let is_critical = critical.contains(i);
        if safe {
            score += match capacity {
                2 => 3,
                3 => 2,
                _ => 0,
            };
            if is_critical {
                score += 2;
            }
        }
        in_blocks += i32::from(is_critical && joined);
    }
    score + 2 * in_blocks
}

/// [`value`] of an undecided position on a board of at most 64
/// cells, with the cells as bit masks: one pass over the board finds the own
/// and the critical cells and sums the own atoms, and every other term is
/// counted over whole sets at once. The penalty
/// `Σ own cells (5 − capacity) × enemy critical neighbours` is a count of
/// neighbour pairs per capacity (3, 2 and 1 per pair for corners, edges and
/// inner cells); the safe cells are the own ones without an enemy critical
/// cell around; the block cells are the own critical ones with an own
/// critical cell around.
fn small_board_value(position: &Position, me: Player, masks: &Masks) -> i32 {
    // A cell is critical when `atoms + 1 == threshold(capacity)`, and the
    // threshold is the capacity plus a constant of the rules; no empty cell
    // passes the test (every capacity is at least 2).
    let offset = position.threshold(2) - 2;
    let (mut mine, mut critical, mut atoms) = (0u64, 0u64, 0u32);
    let capacities = position.geometry().capacities();
    for (i, (cell, &capacity)) in position.cells().iter().zip(capacities).enumerate() {
        let own = cell.is_owned_by(me);
        let is_critical = cell.atoms() + 1 == capacity + offset;
        mine |= u64::from(own) << i;
        critical |= u64::from(is_critical) << i;
        atoms += u32::from(cell.atoms()) * u32::from(own);
    }
    sets_value(masks, mine, critical, atoms)
}

/// The heuristic value of an undecided position from its sets: `mine` (the
/// cells of `me`), `critical` (every critical cell) and `atoms` (the atoms
/// of `me`).
#[inline]
fn sets_value(masks: &Masks, mine: u64, critical: u64, atoms: u32) -> i32 {
    let [_, _, corners, edges, inner] = masks.by_capacity;
    let enemy_critical = critical & !mine;
    let own_critical = critical & mine;
    let penalty = 3 * masks.pairs(mine & corners, enemy_critical)
        + 2 * masks.pairs(mine & edges, enemy_critical)
        + masks.pairs(mine & inner, enemy_critical);
    let safe = mine & !masks.around(enemy_critical);
    let bonus = 3 * (safe & corners).count_ones()
        + 2 * (safe & edges).count_ones()
        + 2 * (safe & own_critical).count_ones();
    let blocks = (own_critical & masks.around(own_critical)).count_ones();
    (atoms + bonus + 2 * blocks) as i32 - penalty as i32
}

/// A set of cells as bits: 56 bytes to clear per evaluation where an array
/// of flags would be 400.
#[derive(Default)]
struct Bits([u64; MAX_CELLS.div_ceil(64)]);

impl Bits {
    #[inline]
    fn insert(&mut self, i: usize) {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    #[inline]
    fn contains(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::rng_from_seed;
    use crate::rules::{Rules, Size};
    use rand::RngExt;

    /// The evaluation as first written (flags per cell, blocks by flood
    /// fill): the reference for the faster one.
    fn reference_value(position: &Position, me: Player) -> i32 {
        if position.winner() == Some(me) {
            return WIN;
        }
        if has_lost(position, me) {
            return -WIN;
        }
        let geo = position.geometry();
        let cells = position.cells();
        let n = cells.len();
        let critical: Vec<bool> = (0..n)
            .map(|i| {
                !cells[i].is_empty() && cells[i].atoms() + 1 == position.threshold(geo.capacity(i))
            })
            .collect();
        let mut score = 0i32;
        for (i, cell) in cells.iter().enumerate() {
            if !cell.is_owned_by(me) {
                continue;
            }
            score += i32::from(cell.atoms());
            let capacity = geo.capacity(i);
            let mut safe = true;
            for &nb in geo.neighbours(i) {
                let nb = usize::from(nb);
                if critical[nb] && !cells[nb].is_owned_by(me) {
                    score -= 5 - i32::from(capacity);
                    safe = false;
                }
            }
            if safe {
                score += [0, 0, 3, 2, 0][usize::from(capacity)];
                score += 2 * i32::from(critical[i]);
            }
        }
        let mut seen = vec![false; n];
        for start in 0..n {
            if seen[start] || !critical[start] || !cells[start].is_owned_by(me) {
                continue;
            }
            seen[start] = true;
            let (mut stack, mut size) = (vec![start], 0);
            while let Some(c) = stack.pop() {
                size += 1;
                for &nb in geo.neighbours(c) {
                    let nb = usize::from(nb);
                    if !seen[nb] && critical[nb] && cells[nb].is_owned_by(me) {
                        seen[nb] = true;
                        stack.push(nb);
                    }
                }
            }
            if size > 1 {
                score += 2 * size;
            }
        }
        score
    }

    #[test]
    fn equals_the_reference_on_random_positions() {
        let mut rng = rng_from_seed(5);
        for _ in 0..3000 {
            let size = Size::new(rng.random_range(2..=12), rng.random_range(2..=12)).unwrap();
            let players = rng.random_range(2..=size.cells().min(5));
            let rules = Rules::ALL[rng.random_range(0..3)];
            let mut p = Position::new(size, players, rules).unwrap();
            for _ in 0..rng.random_range(0..4 * size.cells()) {
                let moves = p.moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves.indices()[rng.random_range(0..moves.len())];
                p.play_index(usize::from(m));
            }
            let bits = BitPosition::from_position(&p);
            for me in (0..players).filter_map(Player::new) {
                assert_eq!(value(&p, me), reference_value(&p, me), "{me}\n{p}");
                if let Some(bits) = &bits {
                    assert_eq!(value_bits(bits, me), value(&p, me), "{me}\n{p}");
                }
            }
        }
    }

    #[test]
    fn values_a_small_position_by_hand() {
        // A: corner 0,0 with 1 atom (critical, safe): 1 + 3 + 2 = 6.
        //    edge 0,1 with 2 atoms (critical, safe):   2 + 2 + 2 = 6; block of 2: +4.
        // B: 2,2 with 1 atom, not critical.
        let p: Position = "size 3x3\nplaced A B\nmoves 4\nA1 A2 .\n. . .\n. . B1\n"
            .parse()
            .unwrap();
        assert_eq!(value(&p, Player::A), 16);
        // B: corner with 1 atom, critical and safe: 1 + 3 + 2.
        assert_eq!(value(&p, Player::B), 6);
    }

    #[test]
    fn an_enemy_critical_neighbour_costs_five_minus_capacity() {
        // A at 1,1 (inside, 1 atom) next to B's critical edge 0,1 (2 atoms):
        // 1 atom − (5 − 4) = 0.
        let p: Position = "size 3x3\nplaced A B\nmoves 3\n. B2 .\n. A1 .\n. . .\n"
            .parse()
            .unwrap();
        assert_eq!(value(&p, Player::A), 0);
    }

    #[test]
    fn won_and_lost() {
        let p: Position = "size 2x2\nwinner A\nplaced A B\nmoves 3\n. A2\nA1 .\n"
            .parse()
            .unwrap();
        assert_eq!(value(&p, Player::A), WIN);
        assert_eq!(value(&p, Player::B), -WIN);
    }
}
