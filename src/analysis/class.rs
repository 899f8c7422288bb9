//! The classes of a move by the win chance it gave away, as chess analysis
//! marks moves: the thresholds are drops in the mover's win chance (on a
//! 0..1 scale) from the best move's to the played move's.

use serde::Serialize;

/// A drop of at least this much is an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// A drop of at least this much is a mistake.
pub const MISTAKE: f64 = 0.10;
/// A drop of at least this much is a blunder.
pub const BLUNDER: f64 = 0.20;

/// How good a move was, from the drop in win chance it caused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveClass {
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

impl MoveClass {
    /// The class of a move that gave away `loss` of the mover's win chance;
    /// `best` when it was one of the best moves.
    pub fn of(loss: f64, best: bool) -> MoveClass {
        if best {
            MoveClass::Best
        } else if loss >= BLUNDER {
            MoveClass::Blunder
        } else if loss >= MISTAKE {
            MoveClass::Mistake
        } else if loss >= INACCURACY {
            MoveClass::Inaccuracy
        } else {
            MoveClass::Good
        }
    }

    /// The name in words.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// The mark after a move in a move list, as in chess (`?!`, `?`, `??`).
    pub fn mark(self) -> &'static str {
        match self {
            MoveClass::Best | MoveClass::Good => "",
            MoveClass::Inaccuracy => "?!",
            MoveClass::Mistake => "?",
            MoveClass::Blunder => "??",
        }
    }

    /// Whether the move is marked (an inaccuracy or worse).
    pub fn is_marked(self) -> bool {
        self >= MoveClass::Inaccuracy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_class_drops() {
        assert_eq!(MoveClass::of(0.0, true), MoveClass::Best);
        assert_eq!(MoveClass::of(0.049, false), MoveClass::Good);
        assert_eq!(MoveClass::of(INACCURACY, false), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::of(MISTAKE, false), MoveClass::Mistake);
        assert_eq!(MoveClass::of(0.9, false), MoveClass::Blunder);
        assert!(MoveClass::Mistake.is_marked() && !MoveClass::Good.is_marked());
    }
}
