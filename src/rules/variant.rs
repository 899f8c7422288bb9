//! The three rule variants: when a cell reacts and what it keeps.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::RulesError;

/// How cells react. `standard` is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// A cell reacts when its atoms reach its capacity; it loses `capacity`
    /// atoms and each neighbour gains one (the phone app, most implementations).
    #[default]
    Standard,
    /// Archimedes !Chain: a cell reacts only when its atoms *exceed* its
    /// capacity; it sends one atom to each neighbour and keeps the rest.
    Overflow,
    /// jABC and the course handouts: a cell reacts when its atoms reach its
    /// capacity, sends one atom to each neighbour and is emptied; atoms above
    /// capacity are lost.
    Empties,
}

impl Rules {
    /// All variants, standard first.
    pub const ALL: [Rules; 3] = [Rules::Standard, Rules::Overflow, Rules::Empties];

    /// The number of atoms at which a cell of `capacity` reacts.
    #[inline]
    pub fn threshold(self, capacity: u8) -> u8 {
        match self {
            Rules::Standard | Rules::Empties => capacity,
            Rules::Overflow => capacity + 1,
        }
    }

    /// The most atoms a cell of `capacity` holds between moves.
    pub fn max_atoms(self, capacity: u8) -> u8 {
        self.threshold(capacity) - 1
    }

    /// The atoms a reacting cell of `capacity` keeps.
    #[inline]
    pub(super) fn after_reaction(self, atoms: u8, capacity: u8) -> u8 {
        match self {
            Rules::Standard | Rules::Overflow => atoms - capacity,
            Rules::Empties => 0,
        }
    }

    /// Whether atoms are conserved (every placement adds exactly one atom to
    /// the board), so that the game-length bound of the rules holds.
    pub fn conserves_atoms(self) -> bool {
        !matches!(self, Rules::Empties)
    }

    /// The name used in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Standard => "standard",
            Rules::Overflow => "overflow",
            Rules::Empties => "empties",
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Rules, RulesError> {
        Rules::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| RulesError::BadRules(s.to_string()))
    }
}
