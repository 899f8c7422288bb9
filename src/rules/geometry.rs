//! Precomputed neighbours and capacities for every board size, shared by all positions.

use std::sync::OnceLock;

use super::coord::{MAX_CELLS, MAX_SIDE, MIN_SIDE, Size};

/// The fixed facts of one board size: for every cell (by flat index) its
/// capacity and its orthogonal neighbours.
///
/// Geometries are built once per size and live for the whole program, so a
/// position refers to its geometry without counting references.
#[derive(Debug)]
pub struct Geometry {
    size: Size,
    capacity: [u8; MAX_CELLS],
    neighbours: [[u16; 4]; MAX_CELLS],
    /// The neighbours again, each with its capacity beside its index, so
    /// that a reaction reads one entry per neighbour instead of two tables.
    around: [[Neighbour; 4]; MAX_CELLS],
    /// The board as bit masks, on boards of at most 64 cells.
    masks: Option<Masks>,
}

/// A board of at most 64 cells as bit masks (bit `i` is the cell of flat
/// index `i`), so that an evaluation can count over whole sets of cells at
/// once: which cells have a neighbour in a set, and how many such
/// neighbour pairs there are.
#[derive(Clone, Copy, Debug)]
pub struct Masks {
    /// Every cell of the board.
    pub all: u64,
    /// The cells of each capacity (indices 2, 3 and 4 are used).
    pub by_capacity: [u64; 5],
    cols: u32,
    not_first_col: u64,
    not_last_col: u64,
}

impl Masks {
    fn of(size: Size, capacity: &[u8]) -> Option<Masks> {
        let n = size.cells();
        if n > 64 {
            return None;
        }
        let mut masks = Masks {
            all: 0,
            by_capacity: [0; 5],
            cols: size.cols() as u32,
            not_first_col: 0,
            not_last_col: 0,
        };
        for (i, &cap) in capacity.iter().enumerate().take(n) {
            let bit = 1u64 << i;
            masks.all |= bit;
            if let Some(m) = masks.by_capacity.get_mut(usize::from(cap)) {
                *m |= bit;
            }
            let col = i % size.cols();
            if col > 0 {
                masks.not_first_col |= bit;
            }
            if col + 1 < size.cols() {
                masks.not_last_col |= bit;
            }
        }
        Some(masks)
    }

    /// The cells with at least one orthogonal neighbour in `set`.
    #[inline]
    pub fn around(&self, set: u64) -> u64 {
        ((set << self.cols)
            | (set >> self.cols)
            | ((set << 1) & self.not_first_col)
            | ((set >> 1) & self.not_last_col))
            & self.all
    }

    /// The four one-step shifts of `set`, one mask per side: the cells
    /// whose neighbour above, below, to the left and to the right
    /// (in that order) is in `set`. Their union is [`Masks::around`]; a
    /// cell is in as many of them as it has neighbours in `set`.
    #[inline]
    pub fn sides(&self, set: u64) -> [u64; 4] {
        [
            (set << self.cols) & self.all,
            (set & self.all) >> self.cols,
            (set << 1) & self.not_first_col,
            (set >> 1) & self.not_last_col,
        ]
    }

    /// The number of pairs of orthogonal neighbours with one cell in
    /// `cells` and the other in `set`: for every cell of `cells`, how many
    /// of its neighbours are in `set`, summed.
    #[inline]
    pub fn pairs(&self, cells: u64, set: u64) -> u32 {
        (cells & (set << self.cols)).count_ones()
            + (cells & (set >> self.cols)).count_ones()
            + (cells & (set << 1) & self.not_first_col).count_ones()
            + (cells & (set >> 1) & self.not_last_col).count_ones()
    }
}

/// A neighbour of a cell as a reaction needs it: its flat index and its
/// capacity.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Neighbour {
    /// The neighbour's flat index.
    pub(crate) index: u16,
    /// The neighbour's capacity.
    pub(crate) capacity: u8,
}

const SIDES: usize = (MAX_SIDE - MIN_SIDE + 1) as usize;

static CACHE: [[OnceLock<Geometry>; SIDES]; SIDES] =
    [const { [const { OnceLock::new() }; SIDES] }; SIDES];

impl Geometry {
    /// The geometry of `size`, built on first use.
    pub fn of(size: Size) -> &'static Geometry {
        let r = size.rows() - usize::from(MIN_SIDE);
        let c = size.cols() - usize::from(MIN_SIDE);
        // `Size` guarantees both sides are in range, so the indices are valid.
        CACHE[r][c].get_or_init(|| Geometry::build(size))
    }

    fn build(size: Size) -> Geometry {
        let mut capacity = [0u8; MAX_CELLS];
        let mut neighbours = [[0u16; 4]; MAX_CELLS];
        for coord in size.coords() {
            let (row, col) = (coord.row(), coord.col());
            let candidates = [
                (row.wrapping_sub(1), col),
                (row, col.wrapping_sub(1)),
                (row, col + 1),
                (row + 1, col),
            ];
            let i = size.index(coord);
            let mut n = 0;
            for (r, c) in candidates {
                if let Some(nb) = size.coord(r, c) {
                    neighbours[i][n] = size.index(nb) as u16;
                    n += 1;
                }
            }
            capacity[i] = n as u8;
        }
        let mut around = [[Neighbour::default(); 4]; MAX_CELLS];
        for (slots, list) in around.iter_mut().zip(&neighbours) {
            for (slot, &index) in slots.iter_mut().zip(list) {
                *slot = Neighbour {
                    index,
                    capacity: capacity[usize::from(index)],
                };
            }
        }
        Geometry {
            size,
            masks: Masks::of(size, &capacity),
            capacity,
            neighbours,
            around,
        }
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// Number of cells.
    #[inline]
    pub fn cells(&self) -> usize {
        self.size.cells()
    }

    /// The capacity (number of orthogonal neighbours) of the cell at `index`.
    #[inline]
    pub fn capacity(&self, index: usize) -> u8 {
        self.capacity[index]
    }

    /// The capacities of all cells, by flat index.
    #[inline]
    pub fn capacities(&self) -> &[u8] {
        &self.capacity[..self.cells()]
    }

    /// The orthogonal neighbours of the cell at `index`, as flat indices, in
    /// the order up, left, right, down (missing ones left out).
    #[inline]
    pub fn neighbours(&self, index: usize) -> &[u16] {
        &self.neighbours[index][..usize::from(self.capacity[index])]
    }

    /// The neighbours of the cell at `index` with their capacities, in the
    /// order of [`Geometry::neighbours`].
    #[inline]
    pub(crate) fn around(&self, index: usize) -> impl Iterator<Item = &Neighbour> {
        self.around[index]
            .iter()
            .take(usize::from(self.capacity[index]))
    }

    /// The board as bit masks, on boards of at most 64 cells.
    #[inline]
    pub fn masks(&self) -> Option<&Masks> {
        self.masks.as_ref()
    }

    /// `Σ (capacity − 1)` over all cells: the most atoms a stable standard board holds.
    pub fn stable_atoms(&self) -> usize {
        (0..self.cells())
            .map(|i| usize::from(self.capacity[i]) - 1)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_agree_with_the_neighbour_lists() {
        for rows in 2..=8 {
            for cols in 2..=20 {
                let g = Geometry::of(Size::new(rows, cols).unwrap());
                let Some(m) = g.masks() else {
                    assert!(rows * cols > 64);
                    continue;
                };
                assert!(rows * cols <= 64);
                for i in 0..g.cells() {
                    let bit = 1u64 << i;
                    let cap = usize::from(g.capacity(i));
                    assert_ne!(m.by_capacity[cap] & bit, 0);
                    // A set of one cell: its neighbours are exactly the cells around it.
                    let expected: u64 = g.neighbours(i).iter().map(|&n| 1u64 << n).sum();
                    assert_eq!(m.around(bit), expected, "{rows}x{cols} cell {i}");
                    let sides = m.sides(bit);
                    assert_eq!(sides.iter().fold(0, |a, s| a | s), expected);
                    assert_eq!(
                        sides.iter().map(|s| s.count_ones()).sum::<u32>(),
                        u32::from(g.capacity(i))
                    );
                    // Pairs with a set of cells: the neighbour count, cell by cell.
                    let set = 0x5555_5555_5555_5555u64.rotate_left(i as u32) & m.all;
                    let count = g
                        .neighbours(i)
                        .iter()
                        .filter(|&&n| set >> n & 1 == 1)
                        .count();
                    assert_eq!(m.pairs(bit, set) as usize, count, "{rows}x{cols} cell {i}");
                }
                assert_eq!(m.all.count_ones() as usize, g.cells());
            }
        }
    }

    #[test]
    fn capacities_on_5x6() {
        let g = Geometry::of(Size::JABC);
        let size = g.size();
        let cap = |r, c| g.capacity(size.index(size.coord(r, c).unwrap()));
        assert_eq!(cap(0, 0), 2);
        assert_eq!(cap(4, 5), 2);
        assert_eq!(cap(0, 3), 3);
        assert_eq!(cap(2, 0), 3);
        assert_eq!(cap(2, 3), 4);
        assert_eq!(g.stable_atoms(), 68);
    }

    #[test]
    fn neighbours_are_symmetric_on_every_size() {
        for rows in 2..=20 {
            for cols in 2..=20 {
                let g = Geometry::of(Size::new(rows, cols).unwrap());
                for i in 0..g.cells() {
                    for &n in g.neighbours(i) {
                        assert!(g.neighbours(usize::from(n)).contains(&(i as u16)));
                    }
                }
            }
        }
    }
}
