//! Why an engine cannot be started or forfeits, kept structured. The
//! `Display` of each is one line; errors of a running engine read well after
//! "forfeits: " in a game record.

use crate::protocol::{CommandLineError, MAX_LINE_BYTES, MessageError, VERSION};

/// Why an engine (a `cmd:` player) failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExternalError {
    /// The command line cannot be split.
    #[error("{0}")]
    CommandLine(#[from] CommandLineError),
    /// The program cannot be started.
    #[error("cannot start '{program}': {}", start_reason(.source))]
    Start {
        /// The program as given.
        program: String,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// chainlab could not start the threads that talk to the engine.
    #[error("cannot start the threads that talk to the engine: {source}")]
    Threads {
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The engine did not answer a move in time (it was killed).
    #[error("did not answer within {ms} ms, so it was stopped")]
    Timeout {
        /// How long chainlab waited.
        ms: u128,
    },
    /// The engine did not finish the handshake in time (it was killed).
    #[error(
        "did not finish the handshake within {ms} ms (is it an engine for the chainlab protocol? see docs/protocol.md)"
    )]
    StartTimeout {
        /// How long chainlab waited.
        ms: u128,
    },
    /// The first answer is not part of the handshake.
    #[error(
        "does not speak the chainlab protocol: it answered '{line}' to 'protocol {VERSION}' (see docs/protocol.md)"
    )]
    NotAnEngine {
        /// What it answered.
        line: String,
    },
    /// The engine stopped: it exited, crashed or closed its output.
    #[error("{status}{}", quote_stderr(.stderr))]
    Exited {
        /// How it ended ("exited with code 1").
        status: String,
        /// Its last stderr lines, joined with " | ".
        stderr: String,
    },
    /// A line that is not a message of the protocol.
    #[error("sent an unreadable line: {error}")]
    Garbage {
        /// The line.
        line: String,
        /// Why it is not a message.
        error: MessageError,
    },
    /// A message that does not belong where it came.
    #[error("sent '{0}' where {1} was expected")]
    Unexpected(String, &'static str),
    /// A line longer than the protocol allows.
    #[error("sent a line longer than {MAX_LINE_BYTES} bytes")]
    LineTooLong,
    /// Bytes that are not UTF-8.
    #[error("sent bytes that are not UTF-8 text")]
    NotUtf8,
    /// The engine said it cannot go on.
    #[error("said: error {0}")]
    Said(String),
    /// The engine speaks another version of the protocol.
    #[error("speaks protocol version {0}; this chainlab speaks version {VERSION}")]
    Version(u32),
    /// An option was set that the engine did not declare.
    #[error("has no option '{name}' (its options: {declared})")]
    NoSuchOption {
        /// The option asked for.
        name: String,
        /// The options it declared, comma separated, or "none".
        declared: String,
    },
}

/// The operating system's reason to refuse starting a program, in words.
fn start_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => {
            "no such program (give a path such as ./bot, or a program on PATH)".to_string()
        }
        std::io::ErrorKind::PermissionDenied => {
            "permission denied (is it executable? try chmod +x, or name its interpreter, as in cmd:python3 bot.py)"
                .to_string()
        }
        _ => e.to_string(),
    }
}

/// "; its stderr: …" when there is something to quote.
fn quote_stderr(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!("; its last stderr lines: {stderr}")
    }
}

impl ExternalError {
    /// The same error, an exit saying when it happened ("exited with code
    /// 0 before it finished the handshake").
    pub fn during(self, when: &str) -> ExternalError {
        match self {
            ExternalError::Exited { status, stderr } => ExternalError::Exited {
                status: format!("{status} {when}"),
                stderr,
            },
            e => e,
        }
    }
}
