//! One cell of the board: empty, or some atoms of one player. Invariant: a
//! cell with an owner holds at least one atom, and an empty cell holds none
//! (the position's move code keeps it when it writes the fields directly).

use super::coord::Player;

/// One cell: empty, or some atoms of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell {
    /// 0 when empty, otherwise the owner's index + 1.
    pub(super) owner: u8,
    pub(super) atoms: u8,
}

impl Cell {
    /// The empty cell.
    pub const EMPTY: Cell = Cell { owner: 0, atoms: 0 };

    /// A cell holding `atoms` (at least 1) atoms of `owner`; `None` for 0 atoms.
    pub fn new(owner: Player, atoms: u8) -> Option<Cell> {
        (atoms > 0).then(|| Cell {
            owner: owner.index() as u8 + 1,
            atoms,
        })
    }

    /// The owner, `None` when the cell is empty.
    #[inline]
    pub fn owner(self) -> Option<Player> {
        match self.owner {
            0 => None,
            o => Player::new(usize::from(o) - 1),
        }
    }

    /// Number of atoms (0 when empty).
    #[inline]
    pub fn atoms(self) -> u8 {
        self.atoms
    }

    /// Whether the cell holds no atoms.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.owner == 0
    }

    /// Whether `player` owns the cell.
    #[inline]
    pub fn is_owned_by(self, player: Player) -> bool {
        usize::from(self.owner) == player.index() + 1
    }
}
