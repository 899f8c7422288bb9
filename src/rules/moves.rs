//! The legal moves of a position as a fixed-size list (no heap), filled by
//! `Position::moves` (a fresh list) or `Position::moves_into` (a list used
//! again, for loops): flat cell indices, in board order.

use super::coord::{Coord, MAX_CELLS, Size};

/// The legal moves of a position, without heap allocation.
#[derive(Clone, Copy)]
pub struct MoveList {
    pub(super) size: Size,
    pub(super) len: usize,
    pub(super) cells: [u16; MAX_CELLS],
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            size: Size::default(),
            len: 0,
            cells: [0; MAX_CELLS],
        }
    }
}

impl MoveList {
    /// Number of legal moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no legal moves (the game is over).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as flat cell indices, for [`Position::play_index`].
    #[inline]
    pub fn indices(&self) -> &[u16] {
        &self.cells[..self.len]
    }

    /// The moves as flat cell indices, to reorder in place (a search
    /// sorting its moves without copying the list).
    #[inline]
    pub fn indices_mut(&mut self) -> &mut [u16] {
        &mut self.cells[..self.len]
    }

    /// Makes the list the cells of `bits` (bit `i` the cell of flat index
    /// `i`) in board order, for positions kept as bit masks; bits beyond
    /// the cells of `size` are left out.
    #[inline]
    pub fn fill_from_bits(&mut self, size: Size, bits: u64) {
        let board = match size.cells() {
            n if n >= 64 => u64::MAX,
            n => (1u64 << n) - 1,
        };
        let mut rest = bits & board;
        let mut len = 0;
        while rest != 0 && len < MAX_CELLS {
            self.cells[len] = rest.trailing_zeros() as u16;
            len += 1;
            rest &= rest - 1;
        }
        self.len = len;
        self.size = size;
    }

    /// Keeps only the moves for which `keep` holds, in order.
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(u16) -> bool) {
        let mut len = 0;
        for k in 0..self.len.min(MAX_CELLS) {
            let m = self.cells[k];
            self.cells[len] = m;
            len += usize::from(keep(m));
        }
        self.len = len;
    }

    /// The moves as coordinates.
    pub fn iter(&self) -> impl Iterator<Item = Coord> + '_ {
        self.indices()
            .iter()
            .map(|&i| self.size.coord_of(usize::from(i)))
    }
}
