//! The messages of protocol version 1, one line each: what chainlab sends
//! ([`ToEngine`]) and what an engine answers ([`FromEngine`]). `Display`
//! prints a message and `FromStr` reads it back, for both directions.

use std::fmt;
use std::str::FromStr;

use super::error::MessageError;
use crate::rules::{Coord, Player, Position, Rules, RulesError, Size};

/// A message from chainlab to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToEngine {
    /// `protocol VERSION`: the first line of a session. The engine answers
    /// with its handshake: `name`, optionally `author` and `option` lines,
    /// then `ready VERSION`.
    Protocol(u32),
    /// `set NAME VALUE`: sets an option the engine declared (between games).
    Set {
        /// The option's name.
        name: String,
        /// Its value, the rest of the line.
        value: String,
    },
    /// `newgame size=RxC players=N rules=R seat=L seed=S`: a game begins.
    NewGame(NewGame),
    /// `position JSON`: the position to move in, in the JSON form of
    /// `docs/positions.md` on one line.
    Position(Box<Position>),
    /// `last R,C`, or `last -` when no move was played yet (or is known).
    Last(Option<Coord>),
    /// `go MS`: the engine is to move in the last position sent, within MS
    /// milliseconds; it answers with a move line `R,C`.
    Go {
        /// The time left for this move, in milliseconds.
        ms: u64,
    },
    /// `quit`: the session ends; the engine exits.
    Quit,
}

/// The facts of a new game, as `newgame` sends them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The board size.
    pub size: Size,
    /// Seats in the game (2 to 8).
    pub players: usize,
    /// The rule variant.
    pub rules: Rules,
    /// The engine's seat.
    pub seat: Player,
    /// A seed for an engine that plays at random and wants to replay.
    pub seed: u64,
}

/// A message from an engine to chainlab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromEngine {
    /// `name TEXT`: the engine's name (handshake).
    Name(String),
    /// `author TEXT` (handshake, optional).
    Author(String),
    /// `option NAME DEFAULT`: an option chainlab may `set` (handshake).
    Option {
        /// The option's name: letters, digits, `-` and `_`.
        name: String,
        /// Its default value, the rest of the line.
        default: String,
    },
    /// `ready VERSION`: the handshake is over; the engine speaks VERSION.
    Ready(u32),
    /// `info TEXT`: what the engine is thinking (depth, evaluation, …),
    /// shown beside the board; any number while it thinks.
    Info(String),
    /// `R,C`: the engine's move (zero-based row and column).
    Move(Coord),
    /// `error TEXT`: the engine cannot go on (it forfeits with this reason).
    Error(String),
}

/// `text` on one line: line breaks and other control characters become spaces.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// At most 80 characters of `line`, for error messages, with control
/// characters escaped (`\u{7}`) so that the message shows what was sent.
fn shorten(line: &str) -> String {
    const MAX: usize = 80;
    let line = crate::input::printable(line.trim()).into_owned();
    match line.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}…", line.get(..i).unwrap_or_default()),
        None => line,
    }
}

/// Whether `name` is a valid option name.
fn is_option_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

impl fmt::Display for ToEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToEngine::Protocol(v) => write!(f, "protocol {v}"),
            ToEngine::Set { name, value } => {
                write!(f, "set {} {}", one_line(name), one_line(value))
            }
            ToEngine::NewGame(g) => write!(
                f,
                "newgame size={} players={} rules={} seat={} seed={}",
                g.size, g.players, g.rules, g.seat, g.seed
            ),
            ToEngine::Position(p) => write!(f, "position {}", p.to_json()),
            ToEngine::Last(Some(c)) => write!(f, "last {c}"),
            ToEngine::Last(None) => write!(f, "last -"),
            ToEngine::Go { ms } => write!(f, "go {ms}"),
            ToEngine::Quit => write!(f, "quit"),
        }
    }
}

impl fmt::Display for FromEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FromEngine::Name(t) => write!(f, "name {}", one_line(t)),
            FromEngine::Author(t) => write!(f, "author {}", one_line(t)),
            FromEngine::Option { name, default } => {
                write!(f, "option {} {}", one_line(name), one_line(default))
            }
            FromEngine::Ready(v) => write!(f, "ready {v}"),
            FromEngine::Info(t) => write!(f, "info {}", one_line(t)),
            FromEngine::Move(c) => write!(f, "{c}"),
            FromEngine::Error(t) => write!(f, "error {}", one_line(t)),
        }
    }
}

/// The first word of `line` and the rest, trimmed.
fn split_word(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    }
}

/// Parses a whole number for message `word`.
fn number<T: FromStr>(word: &'static str, text: &str) -> Result<T, MessageError> {
    text.trim().parse().map_err(|_| MessageError::Bad {
        word,
        why: format!("expected a whole number, not '{}'", shorten(text)),
    })
}

/// A `Bad` error of message `word`.
fn bad(word: &'static str, why: impl fmt::Display) -> MessageError {
    MessageError::Bad {
        word,
        why: why.to_string(),
    }
}

impl FromStr for ToEngine {
    type Err = MessageError;

    /// Reads a line chainlab sent (as `chainlab engine` does).
    fn from_str(line: &str) -> Result<ToEngine, MessageError> {
        let (word, rest) = split_word(line);
        Ok(match word {
            "protocol" => ToEngine::Protocol(number("protocol", rest)?),
            "set" => {
                let (name, value) = split_word(rest);
                if !is_option_name(name) {
                    return Err(bad("set", format!("bad option name '{}'", shorten(name))));
                }
                ToEngine::Set {
                    name: name.to_string(),
                    value: value.to_string(),
                }
            }
            "newgame" => ToEngine::NewGame(parse_new_game(rest)?),
            "position" => ToEngine::Position(Box::new(
                Position::from_json(rest).map_err(|e| bad("position", e))?,
            )),
            "last" if rest == "-" => ToEngine::Last(None),
            "last" => ToEngine::Last(Some(rest.parse().map_err(|e: RulesError| bad("last", e))?)),
            "go" => ToEngine::Go {
                ms: number("go", rest)?,
            },
            "quit" => ToEngine::Quit,
            _ => {
                return Err(MessageError::Unknown {
                    line: shorten(line),
                });
            }
        })
    }
}

/// Reads the `key=value` words of `newgame`; unknown keys are ignored (a
/// later chainlab may add some), missing ones are errors, `seed` is 0 when absent.
fn parse_new_game(rest: &str) -> Result<NewGame, MessageError> {
    let mut size = None;
    let mut players = None;
    let mut rules = None;
    let mut seat = None;
    let mut seed = 0;
    for pair in rest.split_whitespace() {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(bad(
                "newgame",
                format!("expected key=value, not '{}'", shorten(pair)),
            ));
        };
        match key {
            "size" => size = Some(value.parse::<Size>().map_err(|e| bad("newgame", e))?),
            "players" => players = Some(number::<usize>("newgame", value)?),
            "rules" => rules = Some(value.parse::<Rules>().map_err(|e| bad("newgame", e))?),
            "seat" => seat = Some(value.parse::<Player>().map_err(|e| bad("newgame", e))?),
            "seed" => seed = number("newgame", value)?,
            _ => {}
        }
    }
    let missing = |key: &str| bad("newgame", format!("{key}= is missing"));
    Ok(NewGame {
        size: size.ok_or_else(|| missing("size"))?,
        players: players.ok_or_else(|| missing("players"))?,
        rules: rules.ok_or_else(|| missing("rules"))?,
        seat: seat.ok_or_else(|| missing("seat"))?,
        seed,
    })
}

impl FromStr for FromEngine {
    type Err = MessageError;

    /// Reads a line an engine sent. A line of digits, a comma and digits is a move.
    fn from_str(line: &str) -> Result<FromEngine, MessageError> {
        let (word, rest) = split_word(line);
        Ok(match word {
            "name" => FromEngine::Name(one_line(rest)),
            "author" => FromEngine::Author(one_line(rest)),
            "option" => {
                let (name, default) = split_word(rest);
                if !is_option_name(name) {
                    return Err(bad(
                        "option",
                        format!("bad option name '{}'", shorten(name)),
                    ));
                }
                FromEngine::Option {
                    name: name.to_string(),
                    default: one_line(default),
                }
            }
            "ready" => FromEngine::Ready(number("ready", rest)?),
            "info" => FromEngine::Info(one_line(rest)),
            // Quoted in forfeit reasons: what was sent is shown, escaped.
            "error" => FromEngine::Error(crate::input::printable(rest.trim()).into_owned()),
            _ if looks_like_move(line) => FromEngine::Move(
                line.parse()
                    .map_err(|_| bad("move", format!("'{}' is not on any board", shorten(line))))?,
            ),
            _ => {
                return Err(MessageError::Unknown {
                    line: shorten(line),
                });
            }
        })
    }
}

/// Whether `line` has the shape `R,C` (digits, a comma, digits; blanks allowed).
fn looks_like_move(line: &str) -> bool {
    line.split_once(',').is_some_and(|(r, c)| {
        let digits = |s: &str| {
            let s = s.trim();
            !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
        };
        digits(r) && digits(c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip() {
        let mut position = Position::new(Size::new(3, 4).unwrap(), 3, Rules::Empties).unwrap();
        position.play(Coord::new(1, 2).unwrap()).unwrap();
        let to_engine = [
            ToEngine::Protocol(1),
            ToEngine::Set {
                name: "depth".into(),
                value: "3 plies".into(),
            },
            ToEngine::NewGame(NewGame {
                size: Size::JABC,
                players: 3,
                rules: Rules::Overflow,
                seat: Player::B,
                seed: u64::MAX,
            }),
            ToEngine::Position(Box::new(position)),
            ToEngine::Last(Some(Coord::new(1, 2).unwrap())),
            ToEngine::Last(None),
            ToEngine::Go { ms: 950 },
            ToEngine::Quit,
        ];
        for m in to_engine {
            let line = m.to_string();
            assert!(!line.contains('\n'), "{line}");
            assert_eq!(line.parse::<ToEngine>().unwrap(), m, "{line}");
        }
        let from_engine = [
            FromEngine::Name("Greedy (Python)".into()),
            FromEngine::Author("A. Student".into()),
            FromEngine::Option {
                name: "depth".into(),
                default: "3".into(),
            },
            FromEngine::Ready(1),
            FromEngine::Info("depth 4 score 120".into()),
            FromEngine::Move(Coord::new(19, 0).unwrap()),
            FromEngine::Error("no legal move".into()),
        ];
        for m in from_engine {
            let line = m.to_string();
            assert_eq!(line.parse::<FromEngine>().unwrap(), m, "{line}");
        }
    }

    #[test]
    fn names_and_infos_stay_on_one_line() {
        let m = FromEngine::Info("a\nb\rc".into());
        assert_eq!(m.to_string(), "info a b c");
    }

    #[test]
    fn garbage_is_refused_with_the_line() {
        for (line, needle) in [
            ("hello", "'hello' is not a message"),
            ("2;3", "'2;3' is not a message"),
            ("99,99", "'99,99' is not on any board"),
            ("ready one", "'ready': expected a whole number, not 'one'"),
            ("option", "'option': bad option name ''"),
        ] {
            let e = line.parse::<FromEngine>().unwrap_err().to_string();
            assert!(e.contains(needle), "{line}: {e}");
        }
        assert_eq!(
            " 2 , 3 ".parse::<FromEngine>().unwrap(),
            FromEngine::Move(Coord::new(2, 3).unwrap())
        );
        let e = "newgame size=5x6 players=2"
            .parse::<ToEngine>()
            .unwrap_err();
        assert!(e.to_string().contains("rules= is missing"), "{e}");
        let e = "position {".parse::<ToEngine>().unwrap_err();
        assert!(e.to_string().starts_with("'position': "), "{e}");
    }
}
