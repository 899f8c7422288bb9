//! Why a command line cannot be split ([`CommandLineError`]) and why a line
//! is not a message of the protocol ([`MessageError`]); each message is one
//! lowercase line that names what is wrong.

/// Why a command line cannot be split.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CommandLineError {
    /// No words at all.
    #[error("the command is empty: give a program and its arguments, as in cmd:python3 bot.py")]
    Empty,
    /// A quote that is never closed.
    #[error("the {quote} quote at character {at} is never closed")]
    Unclosed {
        /// `'` or `"`.
        quote: char,
        /// Its position, counting characters from 1.
        at: usize,
    },
    /// A backslash at the very end.
    #[error("the command ends in a backslash that escapes nothing")]
    TrailingBackslash,
}

/// Why a line is not a message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MessageError {
    /// A line that starts with no known word.
    #[error("'{line}' is not a message of protocol version 1")]
    Unknown {
        /// The line (shortened).
        line: String,
    },
    /// A known word whose value is missing or malformed.
    #[error("'{word}': {why}")]
    Bad {
        /// The message's first word.
        word: &'static str,
        /// What is wrong.
        why: String,
    },
}
