//! Writing game records as a match goes: an observer that appends each
//! finished game as one JSON line (the format [`super::read_records`] reads)
//! and flushes it at once, so a run that is stopped keeps every game it
//! reported. A write error is kept and returned by [`RecordWriter::finish`];
//! no game is written after it, and it raises the run's stop flag when one
//! is given ([`RecordWriter::stopping`]: a full disk ends the run instead of
//! playing games that cannot be kept).

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::observer::MatchObserver;
use super::record::GameRecord;
use super::run::RecordsHeader;
use super::tally::Tally;

/// Writes each finished game as one JSON line, flushed at once.
pub struct RecordWriter<W: Write> {
    out: W,
    error: Option<std::io::Error>,
    written: u64,
    stop: Option<Arc<AtomicBool>>,
}

impl<W: Write> RecordWriter<W> {
    /// A writer into `out`.
    pub fn new(out: W) -> RecordWriter<W> {
        RecordWriter {
            out,
            error: None,
            written: 0,
            stop: None,
        }
    }

    /// The same writer, raising `stop` (the run's cancel flag) when a
    /// write fails.
    pub fn stopping(mut self, stop: Arc<AtomicBool>) -> RecordWriter<W> {
        self.stop = Some(stop);
        self
    }

    /// The games written so far.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Writes the run's header (the first line of a new records file).
    pub fn write_header(&mut self, header: &RecordsHeader) -> std::io::Result<()> {
        serde_json::to_writer(&mut self.out, header)?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }

    /// Writes one record.
    pub fn write(&mut self, record: &GameRecord) -> std::io::Result<()> {
        serde_json::to_writer(&mut self.out, record)?;
        self.out.write_all(b"\n")?;
        self.out.flush()?;
        self.written += 1;
        Ok(())
    }

    /// The first write error, if any.
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
            if let Some(stop) = &self.stop {
                stop.store(true, Ordering::SeqCst);
            }
        }
    }
}
