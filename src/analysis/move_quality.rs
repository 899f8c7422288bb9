//! The quality of a move by the win chance it gave away, as chess analysis
//! marks moves (best, good, inaccuracy, mistake, blunder; not to be confused
//! with class tournaments, [`crate::class`]): the thresholds are drops in the mover's win chance (on a
//! 0..1 scale) from the best move's to the played move's.

use serde::{Deserialize, Serialize};

/// A drop of at least this much is an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// A drop of at least this much is a mistake.
pub const MISTAKE: f64 = 0.10;
/// A drop of at least this much is a blunder.
pub const BLUNDER: f64 = 0.20;

/// How good a move was, from the drop in win chance it caused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveQuality {
    /// One of the best moves.
    Best,
    /// A drop below [`INACCURACY`].
    Good,
    /// A drop of at least [`INACCURACY`].
    Inaccuracy,
    /// A drop of at least [`MISTAKE`].
    Mistake,
    /// A drop of at least [`BLUNDER`].
    Blunder,
}

impl MoveQuality {
    /// The quality of a move that gave away `loss` of the mover's win chance;
    /// `best` when it was one of the best moves.
    pub fn of(loss: f64, best: bool) -> MoveQuality {
        if best {
            MoveQuality::Best
        } else if loss >= BLUNDER {
            MoveQuality::Blunder
        } else if loss >= MISTAKE {
            MoveQuality::Mistake
        } else if loss >= INACCURACY {
            MoveQuality::Inaccuracy
        } else {
            MoveQuality::Good
        }
    }

    /// The name in words.
    pub fn name(self) -> &'static str {
        match self {
            MoveQuality::Best => "best",
            MoveQuality::Good => "good",
            MoveQuality::Inaccuracy => "inaccuracy",
            MoveQuality::Mistake => "mistake",
            MoveQuality::Blunder => "blunder",
        }
    }

    /// The mark after a move in a move list, as in chess (`?!`, `?`, `??`).
    pub fn mark(self) -> &'static str {
        match self {
            MoveQuality::Best | MoveQuality::Good => "",
            MoveQuality::Inaccuracy => "?!",
            MoveQuality::Mistake => "?",
            MoveQuality::Blunder => "??",
        }
    }

    /// Whether the move is marked (an inaccuracy or worse).
    pub fn is_marked(self) -> bool {
        self >= MoveQuality::Inaccuracy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_grade_drops() {
        assert_eq!(MoveQuality::of(0.0, true), MoveQuality::Best);
        assert_eq!(MoveQuality::of(0.049, false), MoveQuality::Good);
        assert_eq!(MoveQuality::of(INACCURACY, false), MoveQuality::Inaccuracy);
        assert_eq!(MoveQuality::of(MISTAKE, false), MoveQuality::Mistake);
        assert_eq!(MoveQuality::of(0.9, false), MoveQuality::Blunder);
        assert!(MoveQuality::Mistake.is_marked() && !MoveQuality::Good.is_marked());
    }
}
