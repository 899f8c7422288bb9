//! The intermediate representation of a compiled strategy: value slots,
//! the operations and instructions over them, and the terms of fused sums.
//!
//! These are plain data shared by every pass (lowering, guards, fusion, the
//! per-cell code) and by the interpreter; this file depends on no other file
//! of `eval`, so the passes depend on it and never on each other's types.
//! Invariant: an instruction reads only the first [`arity`] of its `args`
//! (the rest point at the constant 0), and its result goes to `dst` alone.

use crate::strategy::{
    BoardMeasure, NodeId, OwnerFilter, PureOp, SizeMeasure, StateFilter, When, Whose,
};

/// A value slot of the evaluator.
pub(super) type Slot = u32;

/// Which board a measurement looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Board {
    Now,
    After,
    /// The after board once the next player's strongest reply is played (see `reply`).
    Reply,
}

impl From<When> for Board {
    fn from(w: When) -> Board {
        match w {
            When::Now => Board::Now,
            When::After => Board::After,
            When::Reply => Board::Reply,
        }
    }
}

/// A measurement of the evaluated cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CellFact {
    IsCorner,
    IsEdge,
    IsCentre,
    Capacity,
    Row,
    Column,
    Atoms(Board),
    IsEmpty(Board),
    IsMine(Board),
    IsCritical(Board),
    IsEndangered(Board),
    Danger(Board),
    Neighbours(OwnerFilter, StateFilter, Board),
}

/// One instruction's operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    Pure(PureOp),
    /// A Random node; its draws are keyed by the node's id, so that every
    /// program of the same graph (playing or editing) draws the same numbers.
    Random(NodeId),
    Cell(CellFact),
    BoardCount(BoardMeasure, Whose, Board),
    PlayersLeft(Board),
    TurnNumber,
    BoardSize(SizeMeasure),
    AtomsGained,
    CellsCaptured,
    ReactionsCaused,
    Wins,
    /// Whether some reply wins or knocks the evaluating player out (see `reply`).
    ReplyCanWin,
    /// The most of the evaluating player's cells one reply takes.
    ReplyMostTaken,
    /// How many replies take at least one of the evaluating player's cells.
    ThreateningReplies,
    /// A fused weighted sum: `args[0]` is the first term in the program's
    /// term table, `args[1]` the number of terms (see `fuse`).
    Sum,
    /// The fused danger gate of lesson 2 (see `fuse`): the cell is endangered
    /// now and not critical now (`And(Is endangered, Not(Is critical))`).
    /// The cell's critical enemy neighbours, which it counts, go to
    /// `danger` first (a slot of an absorbed Critical enemy neighbours
    /// node, or `dst` itself when there is none).
    DangerGate {
        danger: Slot,
    },
}

/// `slots[dst] = op(slots[args[0]], slots[args[1]], slots[args[2]])`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Instr {
    pub op: Op,
    pub dst: Slot,
    pub args: [Slot; 3],
    /// Run only when `slots[guard.0] != 0` equals `guard.1` (see `guard`).
    pub guard: Option<(Slot, bool)>,
}

/// One term of a fused sum: `slots[slot] × weight` (weight 1 means the plain value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Term {
    pub slot: Slot,
    pub weight: i64,
}

impl CellFact {
    /// The board the fact is measured on (`Now` for position facts).
    #[inline]
    pub(super) fn board(self) -> Board {
        cell_board(self).unwrap_or(Board::Now)
    }
}

/// The board a cell fact reads, or `None` for facts of where the cell is.
pub(super) fn cell_board(fact: CellFact) -> Option<Board> {
    match fact {
        CellFact::Atoms(b)
        | CellFact::IsEmpty(b)
        | CellFact::IsMine(b)
        | CellFact::IsCritical(b)
        | CellFact::IsEndangered(b)
        | CellFact::Danger(b)
        | CellFact::Neighbours(_, _, b) => Some(b),
        CellFact::IsCorner
        | CellFact::IsEdge
        | CellFact::IsCentre
        | CellFact::Capacity
        | CellFact::Row
        | CellFact::Column => None,
    }
}

/// The board an operation measures on, if it measures one (the lookahead
/// figures and the reply figures read their boards through the lookahead
/// they need, not through a `when`).
pub(super) fn measured_board(op: Op) -> Option<Board> {
    match op {
        Op::Cell(fact) => cell_board(fact),
        Op::BoardCount(_, _, board) | Op::PlayersLeft(board) => Some(board),
        Op::Pure(_)
        | Op::Random(_)
        | Op::TurnNumber
        | Op::BoardSize(_)
        | Op::AtomsGained
        | Op::CellsCaptured
        | Op::ReactionsCaused
        | Op::Wins
        | Op::ReplyCanWin
        | Op::ReplyMostTaken
        | Op::ThreateningReplies
        | Op::Sum
        | Op::DangerGate { .. } => None,
    }
}

/// The lookahead an operation needs besides the board it measures on: the
/// after board for the figures of placing here, the reply scan (on the
/// reply board's side) for the figures of the next player's replies.
pub(super) fn own_lookahead(op: Op) -> Option<Board> {
    match op {
        Op::AtomsGained | Op::CellsCaptured | Op::ReactionsCaused | Op::Wins => Some(Board::After),
        Op::ReplyCanWin | Op::ReplyMostTaken | Op::ThreateningReplies => Some(Board::Reply),
        Op::Pure(_)
        | Op::Random(_)
        | Op::Cell(_)
        | Op::BoardCount(_, _, _)
        | Op::PlayersLeft(_)
        | Op::TurnNumber
        | Op::BoardSize(_)
        | Op::Sum
        | Op::DangerGate { .. } => None,
    }
}

/// What the whole board must be measured for before the cells are
/// valued, for the operations of a program: board statistics of each board,
/// the endangered cells among them, the table of critical enemy neighbours
/// of the board now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Needs {
    pub stats_now: bool,
    pub stats_after: bool,
    pub stats_reply: bool,
    pub endangered: bool,
    pub danger_table: bool,
}

impl Needs {
    /// What any of `a` and `b` need.
    pub(super) fn or(self, b: Needs) -> Needs {
        Needs {
            stats_now: self.stats_now || b.stats_now,
            stats_after: self.stats_after || b.stats_after,
            stats_reply: self.stats_reply || b.stats_reply,
            endangered: self.endangered || b.endangered,
            danger_table: self.danger_table || b.danger_table,
        }
    }
}

/// What one operation needs measured for the whole board (see [`Needs`]).
pub(super) fn needs(op: Op) -> Needs {
    let none = Needs::default();
    match op {
        Op::BoardCount(measure, _, board) => Needs {
            stats_now: board == Board::Now,
            stats_after: board == Board::After,
            stats_reply: board == Board::Reply,
            endangered: measure == BoardMeasure::EndangeredCells,
            danger_table: false,
        },
        // The atoms gained compare the player's atoms after and now.
        Op::AtomsGained => Needs {
            stats_now: true,
            stats_after: true,
            ..none
        },
        Op::Cell(CellFact::Danger(Board::Now) | CellFact::IsEndangered(Board::Now))
        | Op::DangerGate { .. } => Needs {
            danger_table: true,
            ..none
        },
        Op::Cell(
            CellFact::Danger(Board::After | Board::Reply)
            | CellFact::IsEndangered(Board::After | Board::Reply)
            | CellFact::IsCorner
            | CellFact::IsEdge
            | CellFact::IsCentre
            | CellFact::Capacity
            | CellFact::Row
            | CellFact::Column
            | CellFact::Atoms(_)
            | CellFact::IsEmpty(_)
            | CellFact::IsMine(_)
            | CellFact::IsCritical(_)
            | CellFact::Neighbours(_, _, _),
        )
        | Op::Pure(_)
        | Op::Random(_)
        | Op::PlayersLeft(_)
        | Op::TurnNumber
        | Op::BoardSize(_)
        | Op::CellsCaptured
        | Op::ReactionsCaused
        | Op::Wins
        | Op::ReplyCanWin
        | Op::ReplyMostTaken
        | Op::ThreateningReplies
        | Op::Sum => none,
    }
}

/// How many of an instruction's arguments are real.
pub(super) fn arity(op: Op) -> usize {
    match op {
        Op::Pure(PureOp::Abs | PureOp::Negate | PureOp::Not) => 1,
        Op::Pure(PureOp::Clamp | PureOp::If) => 3,
        Op::Pure(
            PureOp::Add
            | PureOp::Subtract
            | PureOp::Multiply
            | PureOp::Divide
            | PureOp::Min
            | PureOp::Max
            | PureOp::Compare(_)
            | PureOp::And
            | PureOp::Or,
        )
        | Op::Random(_) => 2,
        // They read no value slots (a fused sum's `args` are not slots:
        // see its variant).
        Op::Cell(_)
        | Op::BoardCount(_, _, _)
        | Op::PlayersLeft(_)
        | Op::TurnNumber
        | Op::BoardSize(_)
        | Op::AtomsGained
        | Op::CellsCaptured
        | Op::ReactionsCaused
        | Op::Wins
        | Op::ReplyCanWin
        | Op::ReplyMostTaken
        | Op::ThreateningReplies
        | Op::Sum
        | Op::DangerGate { .. } => 0,
    }
}
