//! The tuned evaluation: the terms of the expert evaluation
//! ([`super::heuristic`]) counted for both sides, plus the move, each with a
//! weight fitted to the results of games (`cargo run --release --example
//! tune_eval`, docs/performance.md).
//!
//! The terms of one side, its cells against everybody else's (all
//! opponents counted as one side, as in the expert evaluation):
//! atoms; safe corners; safe edges; safe critical cells (safe: no enemy
//! critical neighbour); critical cells next to another own critical cell
//! (the cells of blocks); and the pairs of an own corner, edge or inner cell
//! with an enemy critical neighbour; the cells, the critical cells, the
//! unsafe cells and the atoms in them. The expert evaluation is
//! [`EXPERT_WEIGHTS`] on the own terms and nothing else.

use super::heuristic::{WIN, has_lost};
use crate::rules::{Masks, Player, Position};

/// Terms per side.
pub const SIDE_TERMS: usize = 12;
/// All terms: the own side's, the others', the move (+1 when `me` is to
/// move, −1 otherwise), and the move times the contact pairs (pairs of
/// critical cells of both sides next to each other: whoever moves can
/// strike first).
pub const TERMS: usize = 2 * SIDE_TERMS + 2;

/// The names of one side's terms, in order.
pub const SIDE_TERM_NAMES: [&str; SIDE_TERMS] = [
    "atoms",
    "safe corners",
    "safe edges",
    "safe critical",
    "block cells",
    "corner pairs",
    "edge pairs",
    "inner pairs",
    "cells",
    "critical",
    "unsafe cells",
    "unsafe atoms",
];

/// The expert evaluation as weights of one side's terms.
pub const EXPERT_WEIGHTS: [i32; SIDE_TERMS] = [1, 3, 2, 2, 2, -3, -2, -1, 0, 0, 0, 0];

/// The weights of [`tuned_value`], 100 units to a logit of the odds of
/// winning as fitted.
pub const WEIGHTS: [i32; TERMS] = [
    2, 12, 1, 6, -3, 13, 2, 4, 0, 0, 0, 0, //
    -1, -19, 0, -10, 4, -5, 0, -5, 0, 0, 0, 0, //
    17, 0,
];

/// The tuned value of `position` for `me`: ±[`WIN`] once decided, otherwise
/// the weighted sum of [`terms`].
pub fn tuned_value(position: &Position, me: Player) -> i32 {
    if position.winner() == Some(me) {
        return WIN;
    }
    if has_lost(position, me) {
        return -WIN;
    }
    let sum: i32 = terms(position, me)
        .iter()
        .zip(WEIGHTS)
        .map(|(t, w)| t * w)
        .sum();
    // Far from a decided game's value even on the largest board.
    sum.clamp(-WIN / 2, WIN / 2)
}

/// The terms of an undecided `position` for `me` (see the module docs).
pub fn terms(position: &Position, me: Player) -> [i32; TERMS] {
    let (sides, contact) = match position.geometry().masks() {
        Some(masks) => mask_sides(position, me, masks),
        None => cell_sides(position, me),
    };
    let mut all = [0; TERMS];
    all[..SIDE_TERMS].copy_from_slice(&sides[0]);
    all[SIDE_TERMS..2 * SIDE_TERMS].copy_from_slice(&sides[1]);
    let to_move = if position.mover() == me { 1 } else { -1 };
    all[2 * SIDE_TERMS] = to_move;
    all[2 * SIDE_TERMS + 1] = to_move * contact;
    all
}

/// Both sides' terms and the contact pairs.
type Sides = ([[i32; SIDE_TERMS]; 2], i32);

/// The terms on a board of at most 64 cells, as bit masks.
fn mask_sides(position: &Position, me: Player, masks: &Masks) -> Sides {
    let offset = position.threshold(2) - 2;
    let (mut mine, mut theirs, mut critical) = (0u64, 0u64, 0u64);
    let mut atoms = [0u8; 64];
    let capacities = position.geometry().capacities();
    for (i, ((cell, &capacity), slot)) in position
        .cells()
        .iter()
        .zip(capacities)
        .zip(&mut atoms)
        .enumerate()
    {
        let own = cell.is_owned_by(me);
        let other = !own && !cell.is_empty();
        mine |= u64::from(own) << i;
        theirs |= u64::from(other) << i;
        critical |= u64::from(cell.atoms() + 1 == capacity + offset) << i;
        *slot = cell.atoms();
    }
    let (my_critical, their_critical) = (critical & mine, critical & theirs);
    let side = |cells: u64, own_critical: u64, enemy_critical: u64| {
        let [_, _, corners, edges, inner] = masks.by_capacity;
        let unsafe_cells = cells & masks.around(enemy_critical);
        let safe = cells & !unsafe_cells;
        [
            atoms_in(&atoms, cells),
            (safe & corners).count_ones(),
            (safe & edges).count_ones(),
            (safe & own_critical).count_ones(),
            (own_critical & masks.around(own_critical)).count_ones(),
            masks.pairs(cells & corners, enemy_critical),
            masks.pairs(cells & edges, enemy_critical),
            masks.pairs(cells & inner, enemy_critical),
            cells.count_ones(),
            own_critical.count_ones(),
            unsafe_cells.count_ones(),
            atoms_in(&atoms, unsafe_cells),
        ]
        .map(|t| t as i32)
    };
    (
        [
            side(mine, my_critical, their_critical),
            side(theirs, their_critical, my_critical),
        ],
        masks.pairs(my_critical, their_critical) as i32,
    )
}

/// The atoms in the cells of `set`.
fn atoms_in(atoms: &[u8; 64], mut set: u64) -> u32 {
    let mut sum = 0;
    while set != 0 {
        sum += u32::from(atoms[set.trailing_zeros() as usize]);
        set &= set - 1;
    }
    sum
}

/// The terms on any board, one cell at a time.
fn cell_sides(position: &Position, me: Player) -> Sides {
    let geo = position.geometry();
    let cells = position.cells();
    let critical: Vec<bool> = cells
        .iter()
        .enumerate()
        .map(|(i, c)| !c.is_empty() && c.atoms() + 1 == position.threshold(geo.capacity(i)))
        .collect();
    let side = |i: usize| -> Option<usize> {
        let cell = cells.get(i)?;
        if cell.is_empty() {
            None
        } else {
            Some(usize::from(!cell.is_owned_by(me)))
        }
    };
    let mut sides = [[0i32; SIDE_TERMS]; 2];
    let mut contact = 0;
    for (i, cell) in cells.iter().enumerate() {
        let Some(s) = side(i) else { continue };
        let terms = &mut sides[s];
        let capacity = geo.capacity(i);
        let is_critical = critical.get(i).copied().unwrap_or(false);
        let (mut enemies, mut joined) = (0, false);
        for &nb in geo.neighbours(i) {
            let nb = usize::from(nb);
            if critical.get(nb).copied().unwrap_or(false) {
                if side(nb) == Some(s) {
                    joined = true;
                } else {
                    enemies += 1;
                }
            }
        }
        terms[0] += i32::from(cell.atoms());
        terms[8] += 1;
        terms[9] += i32::from(is_critical);
        if enemies == 0 {
            match capacity {
                2 => terms[1] += 1,
                3 => terms[2] += 1,
                _ => {}
            }
            terms[3] += i32::from(is_critical);
        } else {
            terms[10] += 1;
            terms[11] += i32::from(cell.atoms());
        }
        terms[4] += i32::from(is_critical && joined);
        match capacity {
            2 => terms[5] += enemies,
            3 => terms[6] += enemies,
            _ => terms[7] += enemies,
        }
        if s == 0 && is_critical {
            contact += enemies;
        }
    }
    (sides, contact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::heuristic::expert_value;
    use crate::rng::rng_from_seed;
    use crate::rules::{Rules, Size};
    use rand::RngExt;

    /// Random positions of every size, player count and rule variant.
    fn random_positions(seed: u64, count: usize) -> Vec<Position> {
        let mut rng = rng_from_seed(seed);
        let mut out = Vec::new();
        while out.len() < count {
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
            out.push(p);
        }
        out
    }

    #[test]
    fn the_expert_weights_give_the_expert_value() {
        for p in random_positions(8, 2000) {
            for me in p.players() {
                if p.is_over() || has_lost(&p, me) {
                    continue;
                }
                let t = terms(&p, me);
                let expert: i32 = t.iter().zip(EXPERT_WEIGHTS).map(|(t, w)| t * w).sum();
                assert_eq!(expert, expert_value(&p, me), "{me}\n{p}");
            }
        }
    }

    #[test]
    fn masks_and_cells_count_the_same_terms() {
        for p in random_positions(9, 2000) {
            let Some(masks) = p.geometry().masks() else {
                continue;
            };
            for me in p.players() {
                assert_eq!(mask_sides(&p, me, masks), cell_sides(&p, me), "{me}\n{p}");
            }
        }
    }

    #[test]
    fn the_others_terms_are_the_opponents_own_in_two_player_games() {
        for p in random_positions(10, 1000).into_iter().filter(|p| p.player_count() == 2) {
            let [a, b] = [Player::A, Player::B].map(|me| terms(&p, me));
            assert_eq!(a[..SIDE_TERMS], b[SIDE_TERMS..2 * SIDE_TERMS], "{p}");
            assert_eq!(a[2 * SIDE_TERMS..], b[2 * SIDE_TERMS..].iter().map(|t| -t).collect::<Vec<_>>());
        }
    }
}
