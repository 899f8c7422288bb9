//! The parameter table: every node kind's parameters by file name, in file
//! order, each with a typed reference to its value. It is the one place that
//! says which fields of a kind are parameters; the file's writer and reader,
//! the "now / after placing here" choice and the round-trip test read it
//! instead of matching kinds.
//!
//! Invariant: the table is one match over [`NodeKind`] that names every field
//! of every kind, without `..` and without a catch-all arm, so that a new kind
//! or a new field does not compile until the table says what it is. A field
//! that is not saved is still named, with the parameter that carries it: a
//! group instance's pins and an interface node's pin are copies of the
//! definition's, so they travel with `def` ([`Param::Def`]) and `index`
//! ([`Param::Index`]), which is all the file holds of them.

use super::NodeKind;
use super::choices::{BoardMeasure, CompareOp, OwnerFilter, SizeMeasure, StateFilter, When, Whose};
use super::pins::{GroupPin, PinSide, WeightedTerm};
use super::tuning::Tuning;

/// One parameter of a node, borrowed from its [`NodeKind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param<'a> {
    /// Which board a measuring node looks at (`when`).
    When(&'a When),
    /// Whose neighbours a neighbour count counts (`owner`).
    Owner(&'a OwnerFilter),
    /// Which neighbours by criticality (`state`).
    State(&'a StateFilter),
    /// What a whole-board count counts (`measure`).
    BoardMeasure(&'a BoardMeasure),
    /// Whose cells a whole-board count counts (`whose`).
    Whose(&'a Whose),
    /// Which dimension a board-size node gives (`measure`).
    SizeMeasure(&'a SizeMeasure),
    /// The comparison of a Compare node (`op`).
    Compare(&'a CompareOp),
    /// A Constant's number (`value`).
    Number(&'a i64),
    /// Whether and how tuning may change a Constant (`tune`).
    Tune(&'a Tuning),
    /// A Yes / no node's value (`value`).
    Truth(&'a bool),
    /// A comment's text (`text`).
    Text(&'a String),
    /// A Weighted sum's terms (`terms`).
    Terms(&'a Vec<WeightedTerm>),
    /// The definition a group instance uses (`def`), with the copies of its
    /// pins that come with it.
    Def {
        /// The definition's id.
        def: &'a String,
        /// The definition's inputs, as the instance holds them.
        inputs: &'a Vec<GroupPin>,
        /// The definition's outputs, as the instance holds them.
        outputs: &'a Vec<GroupPin>,
    },
    /// Which of its group's inputs or outputs an interface node stands for
    /// (`index`), with the copy of that pin that comes with it.
    Index {
        /// The pin's number, counting from 0.
        index: &'a usize,
        /// The pin, as the node holds it.
        pin: &'a GroupPin,
        /// Whether it is one of the group's inputs or outputs.
        side: PinSide,
    },
}

/// One parameter of a node, borrowed mutably from its [`NodeKind`]: the
/// variants of [`Param`], to change.
#[derive(Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ParamMut<'a> {
    When(&'a mut When),
    Owner(&'a mut OwnerFilter),
    State(&'a mut StateFilter),
    BoardMeasure(&'a mut BoardMeasure),
    Whose(&'a mut Whose),
    SizeMeasure(&'a mut SizeMeasure),
    Compare(&'a mut CompareOp),
    Number(&'a mut i64),
    Tune(&'a mut Tuning),
    Truth(&'a mut bool),
    Text(&'a mut String),
    Terms(&'a mut Vec<WeightedTerm>),
    Def {
        def: &'a mut String,
        inputs: &'a mut Vec<GroupPin>,
        outputs: &'a mut Vec<GroupPin>,
    },
    Index {
        index: &'a mut usize,
        pin: &'a mut GroupPin,
        side: PinSide,
    },
}

/// The table, written once for [`NodeKind::params`] and
/// [`NodeKind::params_mut`]: matched on `&NodeKind` it binds shared
/// references and builds [`Param`]s, on `&mut NodeKind` mutable ones and
/// [`ParamMut`]s.
macro_rules! param_table {
    ($kind:expr, $P:ident) => {
        match $kind {
            NodeKind::IsCorner
            | NodeKind::IsEdge
            | NodeKind::IsCentre
            | NodeKind::Capacity
            | NodeKind::Row
            | NodeKind::Column
            | NodeKind::TurnNumber
            | NodeKind::AtomsGained
            | NodeKind::CellsCaptured
            | NodeKind::ReactionsCaused
            | NodeKind::WinsTheGame
            | NodeKind::ReplyCanWin
            | NodeKind::ReplyMostTaken
            | NodeKind::ThreateningReplies
            | NodeKind::Add
            | NodeKind::Sum
            | NodeKind::Subtract
            | NodeKind::Multiply
            | NodeKind::Divide
            | NodeKind::Min
            | NodeKind::Max
            | NodeKind::Abs
            | NodeKind::Negate
            | NodeKind::Clamp
            | NodeKind::Random
            | NodeKind::And
            | NodeKind::Or
            | NodeKind::Not
            | NodeKind::IfThenElse
            | NodeKind::Output => Vec::new(),
            NodeKind::Atoms { when }
            | NodeKind::IsEmpty { when }
            | NodeKind::IsMine { when }
            | NodeKind::IsCritical { when }
            | NodeKind::IsEndangered { when }
            | NodeKind::Danger { when }
            | NodeKind::PlayersLeft { when } => vec![("when", $P::When(when))],
            NodeKind::Neighbours { owner, state, when } => vec![
                ("owner", $P::Owner(owner)),
                ("state", $P::State(state)),
                ("when", $P::When(when)),
            ],
            NodeKind::BoardCount {
                measure,
                whose,
                when,
            } => vec![
                ("measure", $P::BoardMeasure(measure)),
                ("whose", $P::Whose(whose)),
                ("when", $P::When(when)),
            ],
            NodeKind::BoardSize { measure } => vec![("measure", $P::SizeMeasure(measure))],
            NodeKind::Constant { value, tune } => {
                vec![("value", $P::Number(value)), ("tune", $P::Tune(tune))]
            }
            NodeKind::WeightedSum { terms } => vec![("terms", $P::Terms(terms))],
            NodeKind::Truth { value } => vec![("value", $P::Truth(value))],
            NodeKind::Compare { op } => vec![("op", $P::Compare(op))],
            NodeKind::Comment { text } => vec![("text", $P::Text(text))],
            NodeKind::Group {
                def,
                inputs,
                outputs,
            } => vec![(
                "def",
                $P::Def {
                    def,
                    inputs,
                    outputs,
                },
            )],
            NodeKind::GroupInput { index, pin } => vec![(
                "index",
                $P::Index {
                    index,
                    pin,
                    side: PinSide::Input,
                },
            )],
            NodeKind::GroupOutput { index, pin } => vec![(
                "index",
                $P::Index {
                    index,
                    pin,
                    side: PinSide::Output,
                },
            )],
        }
    };
}

impl NodeKind {
    /// The node's parameters by file name, in the order the file writes them.
    pub fn params(&self) -> Vec<(&'static str, Param<'_>)> {
        param_table!(self, Param)
    }

    /// The node's parameters by file name, to change them (the order of
    /// [`NodeKind::params`]).
    pub fn params_mut(&mut self) -> Vec<(&'static str, ParamMut<'_>)> {
        param_table!(self, ParamMut)
    }
}
