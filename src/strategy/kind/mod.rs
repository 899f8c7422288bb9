//! Node kinds with their parameters, and the small enums the parameters use.

pub(super) mod docs;
pub(super) mod ops;
pub(super) mod pins;
pub(super) mod reference;
pub(super) mod tuning;

use std::fmt;

use pins::{GroupPin, PinType, WeightedTerm};
use tuning::Tuning;

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

/// Declares the node kinds: the parameter-free tag enum [`Kind`] and the
/// parameter-carrying [`NodeKind`].
macro_rules! kinds {
    ($($(#[$doc:meta])* $variant:ident $({ $($field:ident : $ty:ty),* })?),+ $(,)?) => {
        /// A node kind without its parameters: the key into the node documentation.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $($(#[$doc])* $variant,)+
        }

        impl Kind {
            /// Every kind, in palette order.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant),+];
        }

        /// A node kind with its parameters.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum NodeKind {
            $($(#[$doc])* $variant $({ $(#[allow(missing_docs)] $field: $ty),* })?,)+
        }

        impl NodeKind {
            /// The kind without parameters.
            pub fn kind(&self) -> Kind {
                match self {
                    $(NodeKind::$variant { .. } => Kind::$variant,)+
                }
            }
        }
    };
}

kinds! {
    // Cell position
    /// Whether the cell is a corner.
    IsCorner,
    /// Whether the cell is on an edge but not a corner.
    IsEdge,
    /// Whether the cell is inside the board (not on the border).
    IsCentre,
    /// The cell's capacity: its number of neighbours.
    Capacity,
    /// The cell's row.
    Row,
    /// The cell's column.
    Column,
    // Cell state
    /// Atoms on the cell.
    Atoms { when: When },
    /// Whether the cell is empty.
    IsEmpty { when: When },
    /// Whether the player to move owns the cell.
    IsMine { when: When },
    /// Whether the cell is one atom short of reacting.
    IsCritical { when: When },
    /// Whether an opponent's critical cell is next to the cell.
    IsEndangered { when: When },
    /// Number of opponents' critical cells next to the cell.
    Danger { when: When },
    /// Number of neighbours by owner and criticality.
    Neighbours { owner: OwnerFilter, state: StateFilter, when: When },
    // Whole board
    /// A count over the whole board.
    BoardCount { measure: BoardMeasure, whose: Whose, when: When },
    /// Players still in the game.
    PlayersLeft { when: When },
    /// Placements made so far.
    TurnNumber,
    /// The board's size.
    BoardSize { measure: SizeMeasure },
    // Lookahead
    /// Atoms the player gains by placing here.
    AtomsGained,
    /// Opponents' cells captured by placing here.
    CellsCaptured,
    /// Reactions caused by placing here.
    ReactionsCaused,
    /// Whether placing here wins the game.
    WinsTheGame,
    /// Whether some reply of the next player wins or knocks me out.
    ReplyCanWin,
    /// The most of my cells one reply of the next player takes.
    ReplyMostTaken,
    /// How many replies of the next player take at least one of my cells.
    ThreateningReplies,
    // Arithmetic
    /// A fixed number.
    Constant { value: i64, tune: Tuning },
    /// a + b
    Add,
    /// The sum of up to eight numbers.
    Sum,
    /// Σ weight × input over a list of labelled terms.
    WeightedSum { terms: Vec<WeightedTerm> },
    /// a − b
    Subtract,
    /// a × b
    Multiply,
    /// a ÷ b, rounded toward zero; 0 when b is 0.
    Divide,
    /// The smaller of a and b.
    Min,
    /// The larger of a and b.
    Max,
    /// The absolute value.
    Abs,
    /// −x
    Negate,
    /// x limited to low..=high.
    Clamp,
    /// A random number in low..=high.
    Random,
    // Logic
    /// A fixed yes or no.
    Truth { value: bool },
    /// Compares two numbers.
    Compare { op: CompareOp },
    /// Both are yes.
    And,
    /// At least one is yes.
    Or,
    /// The opposite.
    Not,
    /// Chooses between two numbers.
    IfThenElse,
    // Notes and output
    /// A note for the reader; does nothing.
    Comment { text: String },
    /// The value of the evaluated cell: the graph's result.
    Output,
    // Groups
    /// A group (sub-model) used as one node. `def` names the definition in
    /// the strategy; the pins are copies of the definition's, kept in step
    /// by the strategy (see `Strategy::set_group`).
    Group { def: String, inputs: Vec<GroupPin>, outputs: Vec<GroupPin> },
    /// Inside a group: where input number `index` of the group enters.
    GroupInput { index: usize, pin: GroupPin },
    /// Inside a group: where output number `index` of the group leaves.
    GroupOutput { index: usize, pin: GroupPin },
}

impl NodeKind {
    /// The node kind of `kind` with default parameters.
    pub fn new(kind: Kind) -> NodeKind {
        match kind {
            Kind::IsCorner => NodeKind::IsCorner,
            Kind::IsEdge => NodeKind::IsEdge,
            Kind::IsCentre => NodeKind::IsCentre,
            Kind::Capacity => NodeKind::Capacity,
            Kind::Row => NodeKind::Row,
            Kind::Column => NodeKind::Column,
            Kind::Atoms => NodeKind::Atoms { when: When::Now },
            Kind::IsEmpty => NodeKind::IsEmpty { when: When::Now },
            Kind::IsMine => NodeKind::IsMine { when: When::Now },
            Kind::IsCritical => NodeKind::IsCritical { when: When::Now },
            Kind::IsEndangered => NodeKind::IsEndangered { when: When::Now },
            Kind::Danger => NodeKind::Danger { when: When::Now },
            Kind::Neighbours => NodeKind::Neighbours {
                owner: OwnerFilter::Any,
                state: StateFilter::Any,
                when: When::Now,
            },
            Kind::BoardCount => NodeKind::BoardCount {
                measure: BoardMeasure::Cells,
                whose: Whose::Mine,
                when: When::Now,
            },
            Kind::PlayersLeft => NodeKind::PlayersLeft { when: When::Now },
            Kind::TurnNumber => NodeKind::TurnNumber,
            Kind::BoardSize => NodeKind::BoardSize {
                measure: SizeMeasure::Cells,
            },
            Kind::AtomsGained => NodeKind::AtomsGained,
            Kind::CellsCaptured => NodeKind::CellsCaptured,
            Kind::ReactionsCaused => NodeKind::ReactionsCaused,
            Kind::WinsTheGame => NodeKind::WinsTheGame,
            Kind::ReplyCanWin => NodeKind::ReplyCanWin,
            Kind::ReplyMostTaken => NodeKind::ReplyMostTaken,
            Kind::ThreateningReplies => NodeKind::ThreateningReplies,
            Kind::Constant => NodeKind::Constant {
                value: 0,
                tune: Tuning::Auto,
            },
            Kind::Add => NodeKind::Add,
            Kind::Sum => NodeKind::Sum,
            Kind::Subtract => NodeKind::Subtract,
            Kind::Multiply => NodeKind::Multiply,
            Kind::Divide => NodeKind::Divide,
            Kind::Min => NodeKind::Min,
            Kind::Max => NodeKind::Max,
            Kind::Abs => NodeKind::Abs,
            Kind::Negate => NodeKind::Negate,
            Kind::Clamp => NodeKind::Clamp,
            Kind::Random => NodeKind::Random,
            Kind::Truth => NodeKind::Truth { value: true },
            Kind::Compare => NodeKind::Compare {
                op: CompareOp::Greater,
            },
            Kind::And => NodeKind::And,
            Kind::Or => NodeKind::Or,
            Kind::Not => NodeKind::Not,
            Kind::IfThenElse => NodeKind::IfThenElse,
            Kind::Comment => NodeKind::Comment {
                text: String::new(),
            },
            Kind::Output => NodeKind::Output,
            Kind::WeightedSum | Kind::Group | Kind::GroupInput | Kind::GroupOutput => {
                NodeKind::composite(kind)
            }
        }
    }

    /// The default Weighted sum (two terms of weight 1), and the group kinds
    /// with placeholder pins (grouping fills in the real ones).
    fn composite(kind: Kind) -> NodeKind {
        match kind {
            Kind::WeightedSum => NodeKind::WeightedSum {
                terms: vec![WeightedTerm::new("a", 1), WeightedTerm::new("b", 1)],
            },
            Kind::GroupInput => NodeKind::GroupInput {
                index: 0,
                pin: GroupPin::new("x", PinType::Int),
            },
            Kind::GroupOutput => NodeKind::GroupOutput {
                index: 0,
                pin: GroupPin::new("result", PinType::Int),
            },
            _ => NodeKind::Group {
                def: String::new(),
                inputs: Vec::new(),
                outputs: Vec::new(),
            },
        }
    }

    /// The "now / after placing here / after the best reply" choice of a
    /// measuring node, if it has one.
    pub fn when(&self) -> Option<When> {
        match *self {
            NodeKind::Atoms { when }
            | NodeKind::IsEmpty { when }
            | NodeKind::IsMine { when }
            | NodeKind::IsCritical { when }
            | NodeKind::IsEndangered { when }
            | NodeKind::Danger { when }
            | NodeKind::Neighbours { when, .. }
            | NodeKind::BoardCount { when, .. }
            | NodeKind::PlayersLeft { when } => Some(when),
            _ => None,
        }
    }

    /// The "now / after placing here" choice of a measuring node, to change it.
    pub fn when_mut(&mut self) -> Option<&mut When> {
        match self {
            NodeKind::Atoms { when }
            | NodeKind::IsEmpty { when }
            | NodeKind::IsMine { when }
            | NodeKind::IsCritical { when }
            | NodeKind::IsEndangered { when }
            | NodeKind::Danger { when }
            | NodeKind::Neighbours { when, .. }
            | NodeKind::BoardCount { when, .. }
            | NodeKind::PlayersLeft { when } => Some(when),
            _ => None,
        }
    }

    /// Sets the "now / after placing here" choice, if the node has one.
    pub fn set_when(&mut self, value: When) {
        if let Some(when) = self.when_mut() {
            *when = value;
        }
    }

    /// Whether evaluating the node needs the board after placing here
    /// (every node that needs the replies needs it too).
    pub fn needs_lookahead(&self) -> bool {
        self.when() == Some(When::After)
            || self.needs_reply()
            || matches!(
                self,
                NodeKind::AtomsGained
                    | NodeKind::CellsCaptured
                    | NodeKind::ReactionsCaused
                    | NodeKind::WinsTheGame
            )
    }

    /// Whether evaluating the node needs the scan over the next player's
    /// replies (a `reply` measure or one of the reply lookahead nodes).
    pub fn needs_reply(&self) -> bool {
        self.when() == Some(When::Reply)
            || matches!(
                self,
                NodeKind::ReplyCanWin | NodeKind::ReplyMostTaken | NodeKind::ThreateningReplies
            )
    }
}
