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
