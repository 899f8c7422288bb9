//! The value of a position under perfect play: who wins, and in how many
//! plies. The winner wins as fast as it can and the loser holds out as long
//! as it can, so values are ordered: a shorter win is better than a longer
//! one, any win better than any loss, a longer loss better than a shorter one.
//!
//! The standard and overflow rules have no draw (every game ends, and it
//! ends with one player left), so there are only wins and losses.

use std::cmp::Ordering;
use std::fmt;

/// The value of a position for the player to move, with the number of plies
/// (moves of either side) the game still lasts under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The player to move wins; the game ends after this many plies (at least 1).
    Win(u8),
    /// The player to move loses; the game ends after this many plies (at least 2).
    Loss(u8),
}

impl Value {
    /// The value for the player who moved into a position of value `self`
    /// (the opponent of its mover): one ply longer, and the other side wins.
    #[inline]
    pub fn before_move(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d.saturating_add(1)),
            Value::Loss(d) => Value::Win(d.saturating_add(1)),
        }
    }

    /// Whether the player to move wins.
    #[inline]
    pub fn is_win(self) -> bool {
        matches!(self, Value::Win(_))
    }

    /// The plies the game still lasts under perfect play.
    #[inline]
    pub fn plies(self) -> u8 {
        match self {
            Value::Win(d) | Value::Loss(d) => d,
        }
    }

    /// A number that orders values from worst to best for the mover.
    #[inline]
    fn rank(self) -> i16 {
        match self {
            Value::Win(d) => 512 - i16::from(d),
            Value::Loss(d) => i16::from(d),
        }
    }

    /// The value as a non-zero byte for the table: a win as `d`, a loss as `−d`.
    #[inline]
    pub(super) fn to_byte(self) -> u8 {
        match self {
            Value::Win(d) => d.min(127),
            Value::Loss(d) => (d.min(127) as i8).wrapping_neg() as u8,
        }
    }

    /// The value of a byte written by [`Value::to_byte`].
    #[inline]
    pub(super) fn from_byte(byte: u8) -> Value {
        let signed = byte as i8;
        if signed > 0 {
            Value::Win(signed as u8)
        } else {
            Value::Loss(signed.unsigned_abs())
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {d}"),
            Value::Loss(d) => write!(f, "loss in {d}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Value;

    #[test]
    fn values_order_and_round_trip() {
        let mut values = vec![
            Value::Win(1),
            Value::Win(7),
            Value::Loss(2),
            Value::Loss(30),
        ];
        values.sort();
        assert_eq!(
            values,
            [
                Value::Loss(2),
                Value::Loss(30),
                Value::Win(7),
                Value::Win(1)
            ]
        );
        for v in values {
            assert_eq!(Value::from_byte(v.to_byte()), v);
            assert_ne!(v.to_byte(), 0);
        }
        assert_eq!(Value::Win(3).before_move(), Value::Loss(4));
    }
}
