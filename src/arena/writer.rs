//! Writing game records as a match goes: an observer that appends each
//! finished game as one JSON line (the format [`super::read_records`] reads)
//! and flushes it at once, so a run that is stopped keeps every game it
//! reported. A write error does not stop the match; it is kept and returned
//! by [`RecordWriter::finish`].

use std::io::Write;

use super::observer::MatchObserver;
use super::record::GameRecord;
use super::tally::Tally;

/// Writes each finished game as one JSON line, flushed at once.
pub struct RecordWriter<W: Write> {
    out: W,
    error: Option<std::io::Error>,
}

impl<W: Write> RecordWriter<W> {
    /// A writer into `out`.
    pub fn new(out: W) -> RecordWriter<W> {
        RecordWriter { out, error: None }
    }

    /// Writes one record.
    pub fn write(&mut self, record: &GameRecord) -> std::io::Result<()> {
        serde_json::to_writer(&mut self.out, record)?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }

    /// The first write error, if any (the match itself goes on).
    pub fn finish(self) -> std::io::Result<()> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

impl<W: Write> MatchObserver for RecordWriter<W> {
    fn game_finished(&mut self, record: &GameRecord, _results: &Tally) {
        if self.error.is_none()
            && let Err(e) = self.write(record)
        {
            self.error = Some(e);
        }
    }
}
