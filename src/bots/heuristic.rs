//! The expert evaluation from the Brilliant note on Chain Reaction, for any
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

use crate::rules::{MAX_CELLS, Player, Position};

/// The value of a won game; a lost game is worth `-WIN`.
pub const WIN: i32 = 10_000;

/// Whether `me` has lost: eliminated, or someone else has won.
#[inline]
pub fn has_lost(position: &Position, me: Player) -> bool {
    position.is_eliminated(me) || position.winner().is_some_and(|w| w != me)
}

/// The expert value of `position` for `me`: [`WIN`] if `me` has won, −[`WIN`]
/// if `me` has lost, otherwise the heuristic sum described in the module docs.
pub fn expert_value(position: &Position, me: Player) -> i32 {
    if position.winner() == Some(me) {
        return WIN;
    }
    if has_lost(position, me) {
        return -WIN;
    }
    let geo = position.geometry();
    let cells = position.cells();
    let n = cells.len();
    let mut critical = [false; MAX_CELLS];
    for (i, cell) in cells.iter().enumerate() {
        critical[i] = !cell.is_empty() && cell.atoms() + 1 == position.threshold(geo.capacity(i));
    }
    let mut score = 0i32;
    let mut own_critical = 0;
    for (i, cell) in cells.iter().enumerate() {
        if !cell.is_owned_by(me) {
            continue;
        }
        own_critical += usize::from(critical[i]);
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
            score += match capacity {
                2 => 3,
                3 => 2,
                _ => 0,
            };
            if critical[i] {
                score += 2;
            }
        }
    }
    // A block needs two critical cells.
    if own_critical < 2 {
        return score;
    }
    score + critical_blocks(position, me, &critical[..n])
}

/// 2 × size summed over the blocks of two or more connected critical cells of `me`.
fn critical_blocks(position: &Position, me: Player, critical: &[bool]) -> i32 {
    let geo = position.geometry();
    let cells = position.cells();
    let mut seen = [false; MAX_CELLS];
    let mut stack = [0u16; MAX_CELLS];
    let mut total = 0i32;
    for start in 0..cells.len() {
        if seen[start] || !critical[start] || !cells[start].is_owned_by(me) {
            continue;
        }
        seen[start] = true;
        stack[0] = start as u16;
        let mut top = 1;
        let mut size = 0i32;
        while top > 0 {
            top -= 1;
            let c = usize::from(stack[top]);
            size += 1;
            for &nb in geo.neighbours(c) {
                let nb = usize::from(nb);
                if !seen[nb] && critical[nb] && cells[nb].is_owned_by(me) {
                    seen[nb] = true;
                    stack[top] = nb as u16;
                    top += 1;
                }
            }
        }
        if size > 1 {
            total += 2 * size;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_a_small_position_by_hand() {
        // A: corner 0,0 with 1 atom (critical, safe): 1 + 3 + 2 = 6.
        //    edge 0,1 with 2 atoms (critical, safe):   2 + 2 + 2 = 6; block of 2: +4.
        // B: 2,2 with 1 atom, not critical.
        let p: Position = "size 3x3\nplaced A B\nmoves 4\nA1 A2 .\n. . .\n. . B1\n"
            .parse()
            .unwrap();
        assert_eq!(expert_value(&p, Player::A), 16);
        // B: corner with 1 atom, critical and safe: 1 + 3 + 2.
        assert_eq!(expert_value(&p, Player::B), 6);
    }

    #[test]
    fn an_enemy_critical_neighbour_costs_five_minus_capacity() {
        // A at 1,1 (inside, 1 atom) next to B's critical edge 0,1 (2 atoms):
        // 1 atom − (5 − 4) = 0.
        let p: Position = "size 3x3\nplaced A B\nmoves 3\n. B2 .\n. A1 .\n. . .\n"
            .parse()
            .unwrap();
        assert_eq!(expert_value(&p, Player::A), 0);
    }

    #[test]
    fn won_and_lost() {
        let p: Position = "size 2x2\nwinner A\nplaced A B\nmoves 3\n. A2\nA1 .\n"
            .parse()
            .unwrap();
        assert_eq!(expert_value(&p, Player::A), WIN);
        assert_eq!(expert_value(&p, Player::B), -WIN);
    }
}
