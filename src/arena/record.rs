//! Game records: one JSON object per line, written as games finish and read
//! back for replay (`chainlab replay`) and by the GUI.

use std::io::BufRead;

use serde::{Deserialize, Serialize};

use super::config::Side;
use super::error::{ArenaError, RecordError, ResultMismatch};
use super::stats::Wdl;
use super::think::SeatTimes;
use crate::input::{Lines, MAX_RECORD_LINE_BYTES};
use crate::rules::{Coord, Player, Position, Rules, Size};

/// One finished game: everything needed to replay it and check its result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// In a tournament, the pairing the game belongs to (from 0); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairing: Option<u32>,
    /// The game's index in its match, from 0.
    pub game: u64,
    /// The game's seed (derived from the match seed and the index).
    pub seed: u64,
    /// The board size.
    #[serde(with = "as_text")]
    pub size: Size,
    /// The rule variant.
    pub rules: Rules,
    /// The player in each seat (A first), by label.
    pub players: Vec<String>,
    /// The match side of each seat: `a` or `b` per seat, e.g. `"ba"` when B moves first.
    pub sides: String,
    /// How many of the moves are the shared random opening.
    pub opening: u32,
    /// Every move in order, opening included, as `"r,c r,c …"`.
    #[serde(with = "moves_text")]
    pub moves: Vec<Coord>,
    /// The seat that won; for a forfeit in a two-player game, the other seat.
    #[serde(with = "opt_player")]
    pub winner: Option<Player>,
    /// The seat that forfeited the game (failed, panicked, illegal move, time-out).
    #[serde(with = "opt_player")]
    pub forfeit: Option<Player>,
    /// How the game ended, in words.
    pub reason: String,
    /// With more than two players: the rank of each seat (1 = winner); seats
    /// eliminated by the same move share a rank. `None` with two players or a forfeit.
    pub ranks: Option<Vec<u8>>,
    /// Each seat's thinking time (not saved; see [`super::think`]).
    #[serde(skip)]
    pub think: SeatTimes,
}

impl GameRecord {
    /// The match side of a seat.
    pub fn side_of(&self, seat: Player) -> Option<Side> {
        match self.sides.as_bytes().get(seat.index()) {
            Some(b'a') => Some(Side::A),
            Some(b'b') => Some(Side::B),
            _ => None,
        }
    }

    /// The result for side A: win, draw or loss.
    pub fn result_for_a(&self) -> Wdl {
        let winning_side = match (self.forfeit, self.winner) {
            (Some(seat), _) => self.side_of(seat).map(Side::other),
            (None, Some(seat)) => self.side_of(seat),
            (None, None) => None,
        };
        match winning_side {
            Some(Side::A) => Wdl::new(1, 0, 0),
            Some(Side::B) => Wdl::new(0, 0, 1),
            None => Wdl::new(0, 1, 0),
        }
    }

    /// The number of placements made.
    pub fn length(&self) -> usize {
        self.moves.len()
    }

    /// The starting position (an empty board).
    pub fn start(&self) -> Result<Position, ArenaError> {
        Position::new(self.size, self.players.len(), self.rules).map_err(|source| {
            RecordError::Start {
                game: self.game,
                source,
            }
            .into()
        })
    }

    /// Replays the moves and checks that they give the recorded result;
    /// returns the final position.
    pub fn check(&self) -> Result<Position, ArenaError> {
        let mut position = self.start()?;
        for (ply, &coord) in self.moves.iter().enumerate() {
            position
                .play(coord)
                .map_err(|source| RecordError::IllegalMove {
                    game: self.game,
                    ply: ply + 1,
                    coord,
                    source,
                })?;
        }
        match self.result_mismatch(&position) {
            None => Ok(position),
            Some(mismatch) => Err(RecordError::Result {
                game: self.game,
                mismatch,
            }
            .into()),
        }
    }

    /// Which recorded result field the replayed final position contradicts.
    fn result_mismatch(&self, position: &Position) -> Option<ResultMismatch> {
        let replayed = position.winner();
        match (self.forfeit, self.winner) {
            (Some(seat), _) if position.is_over() => {
                Some(ResultMismatch::ForfeitAfterEnd { seat, replayed })
            }
            (None, None) if position.is_over() => Some(ResultMismatch::MissingWinner { replayed }),
            (None, Some(recorded)) if replayed != Some(recorded) => {
                Some(ResultMismatch::WrongWinner { recorded, replayed })
            }
            _ => None,
        }
    }
}

/// Reads records, one JSON object per line (blank lines skipped; line
/// breaks `\n`, `\r\n` or `\r`; a line may have at most
/// [`MAX_RECORD_LINE_BYTES`]); errors name the line. After a line that is too
/// long or not UTF-8 the reading stops. A last line without a line break
/// that cannot be read is [`RecordError::Truncated`] (a writer stopped part
/// way: the games before it are whole), so that readers can keep the games
/// and warn once. A run's header line (`run::RecordsHeader`) is passed over.
pub fn read_records<R: BufRead>(input: R) -> impl Iterator<Item = Result<GameRecord, ArenaError>> {
    let mut lines = Lines::new(input, MAX_RECORD_LINE_BYTES);
    std::iter::from_fn(move || {
        loop {
            let item = lines.next()?;
            let cut = lines.unterminated();
            let result = match item {
                Err(e) if cut => Err(RecordError::Truncated {
                    line: e.line().unwrap_or(1),
                }),
                Err(e) => Err(RecordError::Input(e)),
                Ok((_, l)) if l.trim().is_empty() => continue,
                // A run's header (`run::RecordsHeader`) is not a game.
                Ok((_, l)) if is_header_line(&l) => continue,
                Ok((line, l)) => serde_json::from_str::<GameRecord>(&l).map_err(|source| {
                    if cut {
                        RecordError::Truncated { line }
                    } else {
                        RecordError::Json { line, source }
                    }
                }),
            };
            return Some(result.map_err(ArenaError::from));
        }
    })
}

/// Whether a records line is a run's header (`{"chainlab_records": …`),
/// not a game.
pub(crate) fn is_header_line(line: &str) -> bool {
    line.trim_start()
        .strip_prefix('{')
        .map(str::trim_start)
        .is_some_and(|rest| rest.starts_with("\"chainlab_records\""))
}

/// (De)serialises a value through its `Display` and `FromStr`.
pub(crate) mod as_text {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A player as its letter, or `null`.
mod opt_player {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::rules::Player;

    pub fn serialize<S: Serializer>(value: &Option<Player>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(p) => s.collect_str(p),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Player>, D::Error> {
        match Option::<String>::deserialize(d)? {
            Some(text) => text.parse().map(Some).map_err(serde::de::Error::custom),
            None => Ok(None),
        }
    }
}

/// Moves as one string, `"r,c r,c …"` (as `chainlab apply --moves` takes them).
mod moves_text {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::rules::Coord;

    pub fn serialize<S: Serializer>(moves: &[Coord], s: S) -> Result<S::Ok, S::Error> {
        let text: Vec<String> = moves.iter().map(|c| c.to_string()).collect();
        s.serialize_str(&text.join(" "))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Coord>, D::Error> {
        let text = String::deserialize(d)?;
        text.split_whitespace()
            .map(|t| t.parse().map_err(serde::de::Error::custom))
            .collect()
    }
}
