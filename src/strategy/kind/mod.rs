//! The node vocabulary: every node kind with its parameters (this file: the
//! `kinds!` table and each kind's defaults), the choices the parameters take
//! (`choices.rs`), the one table of every kind's parameters (`params.rs`),
//! what pins carry (`pins.rs`), the `tune` parameter (`tuning.rs`), each
//! kind's documentation and title (`docs.rs`, from which `reference.rs`
//! writes `docs/nodes.md`), and the meaning of the pure nodes (`ops.rs`).
//!
//! Matches over kinds here list every kind, without a catch-all arm, so a
//! new kind does not compile until each says what it is.

pub(super) mod choices;
pub(super) mod docs;
pub(super) mod ops;
pub(super) mod params;
pub(super) mod pins;
pub(super) mod reference;
pub(super) mod tuning;

pub use choices::{BoardMeasure, CompareOp, OwnerFilter, SizeMeasure, StateFilter, When, Whose};
pub use params::{Param, ParamMut};
use pins::{GroupPin, PinType, WeightedTerm};
use tuning::Tuning;

/// Declares the node kinds: the parameter-free tag enum [`Kind`] and the
/// parameter-carrying [`NodeKind`], each field with its default value (what
/// [`NodeKind::new`] gives).
macro_rules! kinds {
    ($($(#[$doc:meta])* $variant:ident $({ $($field:ident : $ty:ty = $default:expr),* $(,)? })?),+ $(,)?) => {
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

            /// The node kind of `kind` with default parameters (each
            /// declared beside its field in the table).
            pub fn new(kind: Kind) -> NodeKind {
                match kind {
                    $(Kind::$variant => NodeKind::$variant $({ $($field: $default),* })?,)+
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
    Atoms { when: When = When::Now },
    /// Whether the cell is empty.
    IsEmpty { when: When = When::Now },
    /// Whether the player to move owns the cell.
    IsMine { when: When = When::Now },
    /// Whether the cell is one atom short of reacting.
    IsCritical { when: When = When::Now },
    /// Whether an opponent's critical cell is next to the cell.
    IsEndangered { when: When = When::Now },
    /// Number of opponents' critical cells next to the cell.
    Danger { when: When = When::Now },
    /// Number of neighbours by owner and criticality.
    Neighbours {
        owner: OwnerFilter = OwnerFilter::Any,
        state: StateFilter = StateFilter::Any,
        when: When = When::Now,
    },
    // Whole board
    /// A count over the whole board.
    BoardCount {
        measure: BoardMeasure = BoardMeasure::Cells,
        whose: Whose = Whose::Mine,
        when: When = When::Now,
    },
    /// Players still in the game.
    PlayersLeft { when: When = When::Now },
    /// Placements made so far.
    TurnNumber,
    /// The board's size.
    BoardSize { measure: SizeMeasure = SizeMeasure::Cells },
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
    Constant { value: i64 = 0, tune: Tuning = Tuning::Auto },
    /// a + b
    Add,
    /// The sum of up to eight numbers.
    Sum,
    /// Σ weight × input over a list of labelled terms.
    WeightedSum {
        terms: Vec<WeightedTerm> = vec![WeightedTerm::new("a", 1), WeightedTerm::new("b", 1)],
    },
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
    Truth { value: bool = true },
    /// Compares two numbers.
    Compare { op: CompareOp = CompareOp::Greater },
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
    Comment { text: String = String::new() },
    /// The value of the evaluated cell: the graph's result.
    Output,
    // Groups
    /// A group (sub-model) used as one node. `def` names the definition in
    /// the strategy; the pins are copies of the definition's, kept in step
    /// by the strategy (see `Strategy::set_group`).
    Group {
        def: String = String::new(),
        inputs: Vec<GroupPin> = Vec::new(),
        outputs: Vec<GroupPin> = Vec::new(),
    },
    /// Inside a group: where input number `index` of the group enters.
    GroupInput {
        index: usize = 0,
        pin: GroupPin = GroupPin::new("x", PinType::Int),
    },
    /// Inside a group: where output number `index` of the group leaves.
    GroupOutput {
        index: usize = 0,
        pin: GroupPin = GroupPin::new("result", PinType::Int),
    },
}

impl NodeKind {
    /// The "now / after placing here / after the best reply" choice of a
    /// measuring node, if it has one (its `when` parameter).
    pub fn when(&self) -> Option<When> {
        self.params()
            .into_iter()
            .find_map(|(_, param)| match param {
                Param::When(when) => Some(*when),
                _ => None,
            })
    }

    /// The "now / after placing here" choice of a measuring node, to change it.
    pub fn when_mut(&mut self) -> Option<&mut When> {
        self.params_mut()
            .into_iter()
            .find_map(|(_, param)| match param {
                ParamMut::When(when) => Some(when),
                _ => None,
            })
    }

    /// Sets the "now / after placing here" choice, if the node has one.
    pub fn set_when(&mut self, value: When) {
        if let Some(when) = self.when_mut() {
            *when = value;
        }
    }

    /// The lookahead the kind itself needs, whatever its `when`: the
    /// lookahead nodes need the board after placing here (`After`) or the
    /// scan over the next player's replies (`Reply`); the others nothing
    /// (`Now`).
    fn own_lookahead(&self) -> When {
        match self {
            NodeKind::AtomsGained
            | NodeKind::CellsCaptured
            | NodeKind::ReactionsCaused
            | NodeKind::WinsTheGame => When::After,
            NodeKind::ReplyCanWin | NodeKind::ReplyMostTaken | NodeKind::ThreateningReplies => {
                When::Reply
            }
            NodeKind::IsCorner
            | NodeKind::IsEdge
            | NodeKind::IsCentre
            | NodeKind::Capacity
            | NodeKind::Row
            | NodeKind::Column
            | NodeKind::Atoms { .. }
            | NodeKind::IsEmpty { .. }
            | NodeKind::IsMine { .. }
            | NodeKind::IsCritical { .. }
            | NodeKind::IsEndangered { .. }
            | NodeKind::Danger { .. }
            | NodeKind::Neighbours { .. }
            | NodeKind::BoardCount { .. }
            | NodeKind::PlayersLeft { .. }
            | NodeKind::TurnNumber
            | NodeKind::BoardSize { .. }
            | NodeKind::Constant { .. }
            | NodeKind::Add
            | NodeKind::Sum
            | NodeKind::WeightedSum { .. }
            | NodeKind::Subtract
            | NodeKind::Multiply
            | NodeKind::Divide
            | NodeKind::Min
            | NodeKind::Max
            | NodeKind::Abs
            | NodeKind::Negate
            | NodeKind::Clamp
            | NodeKind::Random
            | NodeKind::Truth { .. }
            | NodeKind::Compare { .. }
            | NodeKind::And
            | NodeKind::Or
            | NodeKind::Not
            | NodeKind::IfThenElse
            | NodeKind::Comment { .. }
            | NodeKind::Output
            | NodeKind::Group { .. }
            | NodeKind::GroupInput { .. }
            | NodeKind::GroupOutput { .. } => When::Now,
        }
    }

    /// Whether evaluating the node needs the board after placing here
    /// (every node that needs the replies needs it too).
    pub fn needs_lookahead(&self) -> bool {
        self.when() == Some(When::After)
            || self.needs_reply()
            || self.own_lookahead() == When::After
    }

    /// Whether evaluating the node needs the scan over the next player's
    /// replies (a `reply` measure or one of the reply lookahead nodes).
    pub fn needs_reply(&self) -> bool {
        self.when() == Some(When::Reply) || self.own_lookahead() == When::Reply
    }
}
