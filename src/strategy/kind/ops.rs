//! The meaning of the pure arithmetic and logic nodes, shared by the
//! validator's constant folding and the interpreter so that both agree.

use super::{CompareOp, NodeKind};

/// An operation whose result depends only on its inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PureOp {
    /// a + b (saturating)
    Add,
    /// a − b (saturating)
    Subtract,
    /// a × b (saturating)
    Multiply,
    /// a ÷ b toward zero, 0 when b = 0
    Divide,
    /// min(a, b)
    Min,
    /// max(a, b)
    Max,
    /// |x| (saturating)
    Abs,
    /// −x (saturating)
    Negate,
    /// x limited to low..=high
    Clamp,
    /// a op b as 0/1
    Compare(CompareOp),
    /// a and b
    And,
    /// a or b
    Or,
    /// not x
    Not,
    /// condition ? then : else
    If,
}

impl PureOp {
    /// The pure operation of a node kind, if it is one.
    pub fn of(kind: &NodeKind) -> Option<PureOp> {
        Some(match kind {
            NodeKind::Add => PureOp::Add,
            NodeKind::Subtract => PureOp::Subtract,
            NodeKind::Multiply => PureOp::Multiply,
            NodeKind::Divide => PureOp::Divide,
            NodeKind::Min => PureOp::Min,
            NodeKind::Max => PureOp::Max,
            NodeKind::Abs => PureOp::Abs,
            NodeKind::Negate => PureOp::Negate,
            NodeKind::Clamp => PureOp::Clamp,
            NodeKind::Compare { op } => PureOp::Compare(*op),
            NodeKind::And => PureOp::And,
            NodeKind::Or => PureOp::Or,
            NodeKind::Not => PureOp::Not,
            NodeKind::IfThenElse => PureOp::If,
            // Not pure: they measure the position, draw random numbers, hold
            // a value or several inputs, or give no value.
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
            | NodeKind::AtomsGained
            | NodeKind::CellsCaptured
            | NodeKind::ReactionsCaused
            | NodeKind::WinsTheGame
            | NodeKind::ReplyCanWin
            | NodeKind::ReplyMostTaken
            | NodeKind::ThreateningReplies
            | NodeKind::Constant { .. }
            | NodeKind::Sum
            | NodeKind::WeightedSum { .. }
            | NodeKind::Random
            | NodeKind::Truth { .. }
            | NodeKind::Comment { .. }
            | NodeKind::Output
            | NodeKind::Group { .. }
            | NodeKind::GroupInput { .. }
            | NodeKind::GroupOutput { .. } => return None,
        })
    }

    /// Applies the operation to up to three inputs (unused ones are ignored).
    /// Yes/no values are 0 or 1 in and out; any non-zero input counts as yes.
    #[inline]
    pub fn apply(self, a: i64, b: i64, c: i64) -> i64 {
        match self {
            PureOp::Add => a.saturating_add(b),
            PureOp::Subtract => a.saturating_sub(b),
            PureOp::Multiply => a.saturating_mul(b),
            PureOp::Divide => {
                if b == 0 {
                    0
                } else {
                    a.saturating_div(b)
                }
            }
            PureOp::Min => a.min(b),
            PureOp::Max => a.max(b),
            PureOp::Abs => a.saturating_abs(),
            PureOp::Negate => a.saturating_neg(),
            PureOp::Clamp => a.min(c).max(b),
            PureOp::Compare(op) => i64::from(op.apply(a, b)),
            PureOp::And => i64::from(a != 0 && b != 0),
            PureOp::Or => i64::from(a != 0 || b != 0),
            PureOp::Not => i64::from(a == 0),
            PureOp::If => {
                if a != 0 {
                    b
                } else {
                    c
                }
            }
        }
    }
}

/// The constant value of a constant node (Constant, Yes / no).
pub fn constant_of(kind: &NodeKind) -> Option<i64> {
    match kind {
        NodeKind::Constant { value, tune: _ } => Some(*value),
        NodeKind::Truth { value } => Some(i64::from(*value)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saturating_and_division_by_zero() {
        assert_eq!(PureOp::Add.apply(i64::MAX, 1, 0), i64::MAX);
        assert_eq!(PureOp::Multiply.apply(i64::MIN, 2, 0), i64::MIN);
        assert_eq!(PureOp::Divide.apply(7, 0, 0), 0);
        assert_eq!(PureOp::Divide.apply(-7, 2, 0), -3);
        assert_eq!(PureOp::Divide.apply(i64::MIN, -1, 0), i64::MAX);
        assert_eq!(PureOp::Abs.apply(i64::MIN, 0, 0), i64::MAX);
        assert_eq!(PureOp::Negate.apply(i64::MIN, 0, 0), i64::MAX);
        assert_eq!(PureOp::Clamp.apply(50, 0, 10), 10);
        assert_eq!(PureOp::Clamp.apply(-5, 0, 10), 0);
        assert_eq!(PureOp::Clamp.apply(5, 10, 0), 10);
        assert_eq!(PureOp::If.apply(1, 4, 5), 4);
        assert_eq!(PureOp::If.apply(0, 4, 5), 5);
    }
}
