//! The engine protocol: how chainlab talks to a program that plays, in any
//! language, over its standard input and output (documented, with a whole
//! session, in `docs/protocol.md`).
//!
//! This module is pure: the messages and how they are printed and read
//! ([`ToEngine`], [`FromEngine`]), and how a command line is split into a
//! program and its arguments ([`split_command_line`]). Both ends use the same
//! codec: the controller in `bots::external` and `chainlab engine`, so what
//! one prints the other reads (tested by round trips).
//!
//! Invariants:
//! - every message is one line of text without a line break: a string that
//!   could carry one (a name, an info text) is cleaned when printed;
//! - a line longer than [`MAX_LINE_BYTES`] is refused by both ends before it
//!   is held in memory (the readers use `input::Lines`), so a broken engine
//!   cannot exhaust memory with one endless line.

mod command_line;
mod error;
mod message;

pub use command_line::split_command_line;
pub use error::{CommandLineError, MessageError};
pub use message::{FromEngine, NewGame, ToEngine};

/// The protocol version this chainlab speaks.
pub const VERSION: u32 = 1;

/// The longest line either side accepts, in bytes. A 20x20 position in JSON
/// takes about 12 KiB, so this leaves room and still bounds memory.
pub const MAX_LINE_BYTES: usize = 64 * 1024;
