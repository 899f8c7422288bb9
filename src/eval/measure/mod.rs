//! Measurements of a board from one player's point of view: the cell-level
//! and board-level facts the measuring nodes report; the next player's
//! strongest reply, which the reply measures look at, is `reply.rs`.

pub(super) mod reply;

use crate::rules::{Cell, Player, Position};
use crate::strategy::{BoardMeasure, OwnerFilter, StateFilter, Whose};

/// Board-wide counts for "me" (index 0) and all opponents together (index 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardStats {
    /// Cells owned.
    pub cells: [i64; 2],
    /// Atoms owned.
    pub atoms: [i64; 2],
    /// Critical cells owned.
    pub critical: [i64; 2],
    /// Endangered cells owned (only when computed with `endangered = true`).
    pub endangered: [i64; 2],
    /// Players still in the game.
    pub players_left: i64,
}

impl BoardStats {
    /// Measures `position` for `me`; the endangered counts only when asked
    /// (they cost a look at every neighbour).
    pub fn measure(position: &Position, me: Player, endangered: bool) -> BoardStats {
        let geo = position.geometry();
        let cells = position.cells();
        let mut s = BoardStats {
            players_left: position.alive().count() as i64,
            ..BoardStats::default()
        };
        for (i, cell) in cells.iter().enumerate() {
            let Some(owner) = cell.owner() else { continue };
            let side = usize::from(owner != me);
            s.cells[side] += 1;
            s.atoms[side] += i64::from(cell.atoms());
            if is_critical(position, i, *cell) {
                s.critical[side] += 1;
            }
            if endangered
                && geo.neighbours(i).iter().any(|&n| {
                    let nc = cells[usize::from(n)];
                    nc.owner()
                        .is_some_and(|o| (o == me) != (owner == me) && (o == me || owner == me))
                        && is_critical(position, usize::from(n), nc)
                })
            {
                s.endangered[side] += 1;
            }
        }
        s
    }

    /// The count a Count on board node reports.
    pub fn get(&self, measure: BoardMeasure, whose: Whose) -> i64 {
        let side = usize::from(whose == Whose::Opponents);
        match measure {
            BoardMeasure::Cells => self.cells[side],
            BoardMeasure::Atoms => self.atoms[side],
            BoardMeasure::CriticalCells => self.critical[side],
            BoardMeasure::EndangeredCells => self.endangered[side],
        }
    }
}

/// Whether the cell at `index` holds one atom less than its threshold.
#[inline(always)]
pub fn is_critical(position: &Position, index: usize, cell: Cell) -> bool {
    !cell.is_empty() && cell.atoms() + 1 == position.threshold(position.geometry().capacity(index))
}

/// Whether `cell` belongs to an opponent of `me`.
#[inline]
fn is_opponent(cell: Cell, me: Player) -> bool {
    !cell.is_empty() && !cell.is_owned_by(me)
}

/// The number of neighbours of `index` matching an owner and a state filter.
/// (The filters are matched once, outside the loop over the neighbours: each
/// of the twelve combinations gets its own loop.)
#[inline]
pub fn neighbours(
    position: &Position,
    me: Player,
    index: usize,
    owner: OwnerFilter,
    state: StateFilter,
) -> i64 {
    match owner {
        OwnerFilter::Any => by_state(position, index, state, |_| true),
        OwnerFilter::Mine => by_state(position, index, state, |c| c.is_owned_by(me)),
        OwnerFilter::Opponent => by_state(position, index, state, |c| is_opponent(c, me)),
        OwnerFilter::Empty => by_state(position, index, state, Cell::is_empty),
    }
}

/// [`neighbours`] once the owner filter is the predicate `owner_ok`.
#[inline(always)]
fn by_state(
    position: &Position,
    index: usize,
    state: StateFilter,
    owner_ok: impl Fn(Cell) -> bool,
) -> i64 {
    let critical = |n: usize, c: Cell| is_critical(position, n, c);
    match state {
        StateFilter::Any => count(position, index, |_, c| owner_ok(c)),
        StateFilter::Critical => count(position, index, |n, c| owner_ok(c) && critical(n, c)),
        StateFilter::NotCritical => count(position, index, |n, c| owner_ok(c) && !critical(n, c)),
    }
}

/// The number of neighbours `n` of `index` whose cell `c` passes `pred(n, c)`.
#[inline(always)]
fn count(position: &Position, index: usize, pred: impl Fn(usize, Cell) -> bool) -> i64 {
    let cells = position.cells();
    let mut count = 0;
    for &n in position.geometry().neighbours(index) {
        let n = usize::from(n);
        count += i64::from(pred(n, cells[n]));
    }
    count
}

/// The number of opponents' critical cells next to `index` ("danger").
#[inline(always)]
pub fn danger(position: &Position, me: Player, index: usize) -> i64 {
    let cells = position.cells();
    let geo = position.geometry();
    let mut count = 0;
    for &n in geo.neighbours(index) {
        let n = usize::from(n);
        let cell = cells[n];
        if is_opponent(cell, me) && is_critical(position, n, cell) {
            count += 1;
        }
    }
    count
}

/// [`danger`] of every cell at once, into `out` (indexed by cell; cells
/// past the board are left alone): each opponent's critical cell counts for
/// each of its neighbours (being neighbours is symmetric), so the whole
/// board costs one pass instead of a look around every cell.
pub(in crate::eval) fn danger_all(position: &Position, me: Player, out: &mut [u8]) {
    let cells = position.cells();
    let geo = position.geometry();
    if let Some(board) = out.get_mut(..cells.len()) {
        board.fill(0);
    }
    for (i, &cell) in cells.iter().enumerate() {
        if is_opponent(cell, me) && is_critical(position, i, cell) {
            for &n in geo.neighbours(i) {
                if let Some(d) = out.get_mut(usize::from(n)) {
                    *d += 1;
                }
            }
        }
    }
}
