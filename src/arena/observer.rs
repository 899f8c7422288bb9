//! The observer of a match: callbacks for its start and each finished game,
//! with no-op defaults (ripgrep's `Sink`). Observers combine as tuples and
//! through `&mut`, so a caller can stack a progress bar, a records writer and
//! its own collector without the runner knowing any of them.

use super::config::MatchConfig;
use super::record::GameRecord;
use super::tally::Tally;

/// Receives a match's progress. Every method has a no-op default; the
/// runner calls them on the calling thread, in game order.
pub trait MatchObserver {
    /// A match starts between sides A and B.
    fn match_started(&mut self, _a: &str, _b: &str, _config: &MatchConfig) {}
    /// A game has finished; `tally` includes it.
    fn game_finished(&mut self, _record: &GameRecord, _tally: &Tally) {}
}

impl MatchObserver for () {}

impl<T: MatchObserver + ?Sized> MatchObserver for &mut T {
    fn match_started(&mut self, a: &str, b: &str, config: &MatchConfig) {
        (**self).match_started(a, b, config);
    }

    fn game_finished(&mut self, record: &GameRecord, tally: &Tally) {
        (**self).game_finished(record, tally);
    }
}

impl<A: MatchObserver, B: MatchObserver> MatchObserver for (A, B) {
    fn match_started(&mut self, a: &str, b: &str, config: &MatchConfig) {
        self.0.match_started(a, b, config);
        self.1.match_started(a, b, config);
    }

    fn game_finished(&mut self, record: &GameRecord, tally: &Tally) {
        self.0.game_finished(record, tally);
        self.1.game_finished(record, tally);
    }
}
