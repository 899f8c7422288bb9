//! What a player says about its thinking (an engine's `info` lines, a
//! search's depth and value), shared with whoever shows it: the GUI polls an
//! [`InfoFeed`] each frame while the move runs on another thread, and
//! `chainlab engine` passes the lines on as `info`.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

/// The most info lines kept (the latest).
pub const MAX_INFO_LINES: usize = 12;

/// The longest info line kept, in characters (longer ones are cut).
pub const MAX_INFO_CHARS: usize = 200;

/// The info lines of an engine's current (or last) move; clones share them.
#[derive(Clone, Debug, Default)]
pub struct InfoFeed(Arc<Mutex<Lines>>);

#[derive(Debug, Default)]
struct Lines {
    lines: VecDeque<String>,
    /// Counts every change, so a viewer can tell whether to redraw.
    revision: u64,
}

impl InfoFeed {
    /// Forgets the lines of the previous move.
    pub fn clear(&self) {
        let mut l = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        l.lines.clear();
        l.revision += 1;
    }

    /// Adds a line, dropping the oldest beyond [`MAX_INFO_LINES`].
    pub fn push(&self, line: String) {
        let mut l = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if l.lines.len() == MAX_INFO_LINES {
            l.lines.pop_front();
        }
        l.lines
            .push_back(line.chars().take(MAX_INFO_CHARS).collect());
        l.revision += 1;
    }

    /// The lines, oldest first.
    pub fn lines(&self) -> Vec<String> {
        let l = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        l.lines.iter().cloned().collect()
    }

    /// A number that changes whenever the lines do.
    pub fn revision(&self) -> u64 {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .revision
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_latest_lines_cut_to_length() {
        let feed = InfoFeed::default();
        let view = feed.clone();
        for i in 0..20 {
            feed.push(format!("depth {i}"));
        }
        feed.push("x".repeat(1000));
        let lines = view.lines();
        assert_eq!(lines.len(), MAX_INFO_LINES);
        assert_eq!(lines.first().map(String::as_str), Some("depth 9"));
        assert_eq!(lines.last().map(|l| l.len()), Some(MAX_INFO_CHARS));
        let r = view.revision();
        feed.clear();
        assert!(view.lines().is_empty() && view.revision() > r);
    }
}
