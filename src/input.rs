//! Reading untrusted input files: every loader (strategies, positions, game
//! records; CLI and GUI) reads through here, so that no file can exhaust
//! memory or be misread.
//!
//! Invariants, argued where they are kept:
//! - A whole-file read stops after `limit + 1` bytes counted as they arrive
//!   ([`Read::take`]), never trusting the length a file system reports: a
//!   device such as `/dev/zero` or a growing file is refused once the limit
//!   is passed, so memory stays below `limit` plus one read buffer.
//! - A line-by-line read ([`Lines`]) holds at most one line, and a line
//!   longer than its limit ends the read with an error naming the line.
//! - Line breaks are `\n`, `\r\n` and lone `\r` alike, so a file saved with
//!   classic Mac line endings is never read as one long line.
//! - A UTF-8 byte-order mark at the start is skipped; bytes that are not
//!   UTF-8 are refused with the line they are on.
//!
//! The limits are listed in `docs/limits.md`.

use std::io::{BufRead, Read};
use std::path::Path;

/// Position files (text notation or JSON) may have at most this many bytes.
pub const MAX_POSITION_BYTES: u64 = 1024 * 1024;
/// A line of a records file may have at most this many bytes.
pub const MAX_RECORD_LINE_BYTES: usize = 16 * 1024 * 1024;

/// The UTF-8 byte-order mark some editors write at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Why an input could not be read as text.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The operating system refused the read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file, as given.
        path: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The file has more bytes than its limit (counted while reading).
    #[error("{path} is too large: {what} may have at most {limit} bytes")]
    TooLarge {
        /// The file, as given.
        path: String,
        /// What kind of file, e.g. "position files".
        what: &'static str,
        /// The limit in bytes.
        limit: u64,
    },
    /// A line that is not UTF-8 text.
    #[error("line {line}: not UTF-8 text (at byte {byte} of the line)")]
    NotUtf8 {
        /// The line, from 1.
        line: usize,
        /// The first bad byte, from 1.
        byte: usize,
    },
    /// A line longer than its limit.
    #[error("line {line} is longer than {limit} bytes")]
    LineTooLong {
        /// The line, from 1.
        line: usize,
        /// The limit in bytes.
        limit: usize,
    },
    /// A read error in the middle of a line-by-line read.
    #[error("line {line}: {source}")]
    LineIo {
        /// The line being read, from 1.
        line: usize,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

impl InputError {
    /// The line the error is on (from 1), for the errors of a line-by-line
    /// read or of text that is not UTF-8.
    pub fn line(&self) -> Option<usize> {
        match self {
            InputError::NotUtf8 { line, .. }
            | InputError::LineTooLong { line, .. }
            | InputError::LineIo { line, .. } => Some(*line),
            InputError::Io { .. } | InputError::TooLarge { .. } => None,
        }
    }
}

/// Reads the file at `path` as text of at most `limit` bytes; `what` names
/// the kind of file in the error ("strategy files").
pub fn read_text(path: &Path, limit: u64, what: &'static str) -> Result<String, InputError> {
    text_from_bytes(read_bytes(path, limit, what)?)
}

/// Reads the file at `path`, of at most `limit` bytes counted while reading
/// (a size the file system reports is not trusted: /dev/zero has none);
/// `what` names the kind of file in the error ("records files").
pub fn read_bytes(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>, InputError> {
    let shown = || path.display().to_string();
    let io = |source| InputError::Io {
        path: shown(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(InputError::TooLarge {
            path: shown(),
            what,
            limit,
        });
    }
    Ok(bytes)
}

/// Decodes bytes as UTF-8 text without a leading byte-order mark; the error
/// names the line of the first bad byte.
pub fn text_from_bytes(mut bytes: Vec<u8>) -> Result<String, InputError> {
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let before = e.as_bytes().get(..valid).unwrap_or_default();
        let (line, start) = line_of(before);
        InputError::NotUtf8 {
            line,
            byte: valid - start + 1,
        }
    })
}

/// The line (from 1) at the end of `bytes` and the offset where it starts.
fn line_of(bytes: &[u8]) -> (usize, usize) {
    let mut line = 1;
    let mut start = 0;
    let mut previous = 0u8;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' && previous == b'\r' {
            start = i + 1;
        } else if b == b'\n' || b == b'\r' {
            line += 1;
            start = i + 1;
        }
        previous = b;
    }
    (line, start)
}

/// Text from an input as it may be printed on a terminal: control
/// characters (line breaks, escape sequences) and bidirectional overrides
/// are shown escaped (`\n`, `\u{1b}`), so that a strategy's name or a quoted
/// token can neither add lines to a report nor recolour the terminal.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let hidden = |c: char| {
        c.is_control()
            || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(hidden) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// The most characters of one token (a node kind, a player spec, a value)
/// that an error message quotes.
pub const MAX_QUOTED_CHARS: usize = 200;

/// A token as an error message quotes it: whole when it has at most
/// [`MAX_QUOTED_CHARS`] characters, else its first ones followed by
/// `… (N bytes)`, so that a 5 MB token gives a short line.
pub fn clipped(token: &str) -> std::borrow::Cow<'_, str> {
    match token.char_indices().nth(MAX_QUOTED_CHARS) {
        None => token.into(),
        Some((end, _)) => format!(
            "{}… ({} bytes)",
            token.get(..end).unwrap_or_default(),
            token.len()
        )
        .into(),
    }
}

/// A message with every word (a run without spaces) of more than
/// [`MAX_QUOTED_CHARS`] characters [`clipped`]; its quotes and
/// punctuation, if any, are kept around it. The command line passes every error line
/// through it, so that no bad token makes a long line.
pub fn clip_words(message: &str) -> std::borrow::Cow<'_, str> {
    // A word [`clipped`] already ends in `…`: it is left as it is.
    let long =
        |w: &str| !w.ends_with('\u{2026}') && w.char_indices().nth(MAX_QUOTED_CHARS + 4).is_some();
    if !message.split(' ').any(long) {
        return message.into();
    }
    let words: Vec<String> = message
        .split(' ')
        .map(|w| {
            if !long(w) {
                return w.to_string();
            }
            let rest = w.trim_start_matches(|c: char| "'\"([{".contains(c));
            let head = w.get(..w.len() - rest.len()).unwrap_or_default();
            let body = rest.trim_end_matches(|c: char| "'\":,.)]}".contains(c));
            let tail = rest.get(body.len()..).unwrap_or_default();
            format!("{head}{}{tail}", clipped(body))
        })
        .collect();
    words.join(" ").into()
}

/// Whether two paths name the same existing file (after resolving links;
/// on Unix also hard links): an output written to one would overwrite the other.
pub fn is_same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if (ma.dev(), ma.ino()) == (mb.dev(), mb.ino()) {
            return true;
        }
    }
    let _ = (ma, mb);
    matches!(
        (std::fs::canonicalize(a), std::fs::canonicalize(b)),
        (Ok(x), Ok(y)) if x == y
    )
}

/// Removes a leading byte-order mark from text read elsewhere (pasted, or
/// read by a caller that did not use [`read_text`]).
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The lines of a text, split at `\n`, `\r\n` or a lone `\r`; like
/// [`str::lines`], a final line break does not start another line.
pub fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.find(['\r', '\n']) {
            None => {
                rest = None;
                (!s.is_empty()).then_some(s)
            }
            Some(i) => {
                let (line, tail) = s.split_at(i);
                let skip = if tail.starts_with("\r\n") { 2 } else { 1 };
                rest = tail.get(skip..).filter(|t| !t.is_empty());
                Some(line)
            }
        }
    })
}

/// The lines of a stream, each at most `limit` bytes, as `(number, text)`
/// with numbers from 1. Line breaks as in [`text_lines`]. After an error
/// (an overlong line, bad UTF-8, a read error) the iterator ends.
pub struct Lines<R> {
    input: R,
    limit: usize,
    line: usize,
    after_cr: bool,
    done: bool,
    unterminated: bool,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `input` of at most `limit` bytes each.
    pub fn new(input: R, limit: usize) -> Lines<R> {
        Lines {
            input,
            limit,
            line: 0,
            after_cr: false,
            done: false,
            unterminated: false,
        }
    }

    /// Whether the line read last ended at the end of the input without a
    /// line break: the last line of a file whose writer was stopped part
    /// way may be cut short.
    pub fn unterminated(&self) -> bool {
        self.unterminated
    }

    /// Reads the next line's bytes; `None` at the end of the input.
    fn next_bytes(&mut self) -> Result<Option<Vec<u8>>, InputError> {
        let mut buf = Vec::new();
        let line = self.line + 1;
        loop {
            let available = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(source) => return Err(InputError::LineIo { line, source }),
            };
            if available.is_empty() {
                self.unterminated = !buf.is_empty();
                return Ok((!buf.is_empty()).then_some(buf));
            }
            if std::mem::take(&mut self.after_cr) && available.first() == Some(&b'\n') {
                self.input.consume(1);
                continue;
            }
            let end = available.iter().position(|&b| b == b'\n' || b == b'\r');
            let take = end.unwrap_or(available.len());
            buf.extend_from_slice(available.get(..take).unwrap_or_default());
            if let Some(i) = end {
                self.after_cr = available.get(i) == Some(&b'\r');
                self.input.consume(take + 1);
            } else {
                self.input.consume(take);
            }
            if buf.len() > self.limit {
                return Err(InputError::LineTooLong {
                    line,
                    limit: self.limit,
                });
            }
            if end.is_some() {
                return Ok(Some(buf));
            }
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<(usize, String), InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let result = match self.next_bytes() {
            Ok(None) => {
                self.done = true;
                return None;
            }
            Ok(Some(mut bytes)) => {
                self.line += 1;
                if self.line == 1 && bytes.starts_with(BOM) {
                    bytes.drain(..BOM.len());
                }
                let line = self.line;
                String::from_utf8(bytes)
                    .map(|text| (line, text))
                    .map_err(|e| InputError::NotUtf8 {
                        line,
                        byte: e.utf8_error().valid_up_to() + 1,
                    })
            }
            Err(e) => Err(e),
        };
        self.done = result.is_err();
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8], limit: usize) -> Vec<Result<(usize, String), String>> {
        Lines::new(bytes, limit)
            .map(|r| r.map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn every_line_ending_splits() {
        let text = "a\nb\r\nc\rd";
        assert_eq!(text_lines(text).collect::<Vec<_>>(), ["a", "b", "c", "d"]);
        assert_eq!(text_lines("a\r\r\nb\n").collect::<Vec<_>>(), ["a", "", "b"]);
        assert_eq!(text_lines("").count(), 0);
        let got = lines(text.as_bytes(), 10);
        let want: Vec<_> = ["a", "b", "c", "d"]
            .iter()
            .enumerate()
            .map(|(i, s)| Ok((i + 1, s.to_string())))
            .collect();
        assert_eq!(got, want);
        assert_eq!(lines(b"a\r\n\r\nb\r", 10).len(), 3);
    }

    #[test]
    fn a_long_line_ends_the_read() {
        let got = lines(b"ok\nxxxxxxxxxxxx\nnever", 4);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1], Err("line 2 is longer than 4 bytes".to_string()));
        // An endless line is refused after the limit, not read to the end.
        let zeros = std::io::BufReader::new(std::io::repeat(0));
        let got: Vec<_> = Lines::new(zeros, 1000).collect();
        assert_eq!(got.len(), 1);
        assert!(got[0].is_err());
    }

    #[test]
    fn bom_and_bad_utf8() {
        assert_eq!(
            text_from_bytes(b"\xEF\xBB\xBFsize".to_vec()).unwrap(),
            "size"
        );
        let e = text_from_bytes(b"ok\r\nab\xFF".to_vec()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: not UTF-8 text (at byte 3 of the line)"
        );
        assert_eq!(lines(b"\xEF\xBB\xBF{}", 10), [Ok((1, "{}".to_string()))]);
        assert_eq!(strip_bom("\u{feff}x"), "x");
    }

    #[test]
    fn printable_text_is_one_line() {
        assert_eq!(printable("plain é"), "plain é");
        assert_eq!(
            printable("a\nb\r\u{1b}[31m\u{202e}\u{2028}"),
            "a\\nb\\r\\u{1b}[31m\\u{202e}\\u{2028}"
        );
    }

    #[test]
    fn reading_a_device_stops_at_the_limit() {
        if !Path::new("/dev/zero").exists() {
            return;
        }
        let e = read_text(Path::new("/dev/zero"), 4096, "test files").unwrap_err();
        assert_eq!(
            e.to_string(),
            "/dev/zero is too large: test files may have at most 4096 bytes"
        );
    }
}
