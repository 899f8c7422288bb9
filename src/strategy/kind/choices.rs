//! The parameters that are a choice from a short list (which board, whose
//! cells, which comparison, …): each an enum with its values' file names
//! and the labels users see, declared by one macro so that every choice is
//! read, written and shown alike.

use std::fmt;

/// A parameter whose value is one of a fixed list, each with a file name:
/// what the file format needs to read and write any of them.
pub(in crate::strategy) trait Choice: Copy + 'static {
    /// Every value, in menu order.
    fn all() -> &'static [Self];

    /// The name used in strategy files.
    fn key(self) -> &'static str;
}

/// Declares a parameter enum with its file names and display labels.
macro_rules! param_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $key:literal / $label:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)+
        }

        impl $name {
            /// Every value, in menu order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The name used in strategy files.
            pub fn key(self) -> &'static str {
                match self { $($name::$variant => $key,)+ }
            }

            /// The label shown to users.
            pub fn label(self) -> &'static str {
                match self { $($name::$variant => $label,)+ }
            }

            /// The value with this file name.
            pub fn from_key(key: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|v| v.key() == key)
            }
        }

        impl Choice for $name {
            fn all() -> &'static [$name] {
                Self::ALL
            }

            fn key(self) -> &'static str {
                $name::key(self)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.label())
            }
        }
    };
}

param_enum! {
    /// Which board a measuring node looks at: the board now, the board
    /// after placing an atom on the evaluated cell and resolving the chain,
    /// or that board after the next player's strongest reply.
    When {
        /// The position as it is.
        #[default]
        Now = "now" / "now",
        /// The position after placing here (one-step lookahead).
        After = "after" / "after placing here",
        /// The position after placing here and the next player's strongest
        /// reply: the legal reply that leaves the evaluating player the
        /// fewest atoms, ties to the lowest cell (two-step lookahead).
        Reply = "reply" / "after the best reply",
    }
}

param_enum! {
    /// Whose neighbours a neighbour count counts.
    OwnerFilter {
        /// Every neighbour.
        #[default]
        Any = "any" / "any owner",
        /// Neighbours owned by the player to move.
        Mine = "mine" / "mine",
        /// Neighbours owned by any opponent.
        Opponent = "opponent" / "opponent's",
        /// Empty neighbours.
        Empty = "empty" / "empty",
    }
}

param_enum! {
    /// Which neighbours a neighbour count counts by criticality.
    StateFilter {
        /// Critical or not.
        #[default]
        Any = "any" / "any state",
        /// Only critical neighbours (one atom short of reacting).
        Critical = "critical" / "critical",
        /// Only neighbours that are not critical.
        NotCritical = "not_critical" / "not critical",
    }
}

param_enum! {
    /// What a whole-board count counts.
    BoardMeasure {
        /// Cells owned.
        #[default]
        Cells = "cells" / "cells",
        /// Atoms owned.
        Atoms = "atoms" / "atoms",
        /// Critical cells owned.
        CriticalCells = "critical_cells" / "critical cells",
        /// Endangered cells owned (see the node's documentation).
        EndangeredCells = "endangered_cells" / "endangered cells",
    }
}

param_enum! {
    /// Whose cells a whole-board count counts.
    Whose {
        /// The player to move.
        #[default]
        Mine = "mine" / "mine",
        /// All opponents together.
        Opponents = "opponents" / "opponents'",
    }
}

param_enum! {
    /// Which dimension of the board a board-size node gives.
    SizeMeasure {
        /// Number of cells.
        #[default]
        Cells = "cells" / "cells",
        /// Number of rows.
        Rows = "rows" / "rows",
        /// Number of columns.
        Columns = "columns" / "columns",
    }
}

param_enum! {
    /// A comparison operator.
    CompareOp {
        /// a < b
        #[default]
        Less = "lt" / "<",
        /// a ≤ b
        LessEqual = "le" / "≤",
        /// a = b
        Equal = "eq" / "=",
        /// a ≠ b
        NotEqual = "ne" / "≠",
        /// a ≥ b
        GreaterEqual = "ge" / "≥",
        /// a > b
        Greater = "gt" / ">",
    }
}

impl CompareOp {
    /// Applies the comparison.
    pub fn apply(self, a: i64, b: i64) -> bool {
        match self {
            CompareOp::Less => a < b,
            CompareOp::LessEqual => a <= b,
            CompareOp::Equal => a == b,
            CompareOp::NotEqual => a != b,
            CompareOp::GreaterEqual => a >= b,
            CompareOp::Greater => a > b,
        }
    }
}
