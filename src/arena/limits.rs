//! The limits of a match, one set for every way a match is started (the
//! command line, the app, a tuning run, a class tournament) and
//! [`MatchConfig::check`], the one place they are checked. The library's
//! runners check every configuration before they play, so a configuration
//! built by hand cannot get past them either. The table is in
//! `docs/limits.md`.

use std::time::Duration;

use super::config::MatchConfig;
use super::error::{ConfigError, TimeSetting};
use crate::rules::Position;

/// The most games of one match (of one pairing of a tournament).
pub const MAX_GAMES: u64 = 100_000_000;
/// The most worker threads of a match (0 means one per core).
pub const MAX_THREADS: usize = 256;
/// The longest shared random opening, in plies.
pub const MAX_OPENING_PLIES: u32 = 400;
/// The largest placement cap: a game of this many placements still fits in
/// one records line (`MAX_RECORD_LINE_BYTES`, at most 6 bytes a move).
pub const MAX_CAP: u32 = 1_000_000;
/// The longest time per move, move limit or time margin: one hour.
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(3600);

impl MatchConfig {
    /// Whether the configuration is within the limits, checked in the order
    /// the command line lists its options: games, seats and board (by the
    /// rules, [`Position::new`]), threads, openings, cap, move limit, time
    /// control, SPRT. The first problem is reported.
    pub fn check(&self) -> Result<(), ConfigError> {
        self.checked_start().map(drop)
    }

    /// [`check`](MatchConfig::check), giving the start position of the
    /// match's games when the configuration is within the limits.
    pub fn checked_start(&self) -> Result<Position, ConfigError> {
        if self.games == 0 {
            return Err(ConfigError::NoGames);
        }
        if self.games > MAX_GAMES {
            return Err(ConfigError::TooManyGames {
                games: self.games,
                max: MAX_GAMES,
            });
        }
        let start =
            Position::new(self.size, self.players, self.rules).map_err(ConfigError::Board)?;
        if self.threads > MAX_THREADS {
            return Err(ConfigError::TooManyThreads {
                threads: self.threads,
                max: MAX_THREADS,
            });
        }
        if self.opening_plies > MAX_OPENING_PLIES {
            return Err(ConfigError::OpeningTooLong {
                plies: self.opening_plies,
                max: MAX_OPENING_PLIES,
            });
        }
        match self.placement_cap {
            Some(0) => return Err(ConfigError::NoCap),
            Some(cap) if cap > MAX_CAP => {
                return Err(ConfigError::CapTooLarge { cap, max: MAX_CAP });
            }
            _ => {}
        }
        self.check_times()?;
        if let Some(sprt) = self.sprt {
            sprt.check().map_err(ConfigError::Sprt)?;
        }
        Ok(start)
    }

    /// The move limit and the time control.
    fn check_times(&self) -> Result<(), ConfigError> {
        let one_ms = Duration::from_millis(1);
        let mut times = Vec::new();
        times.extend(self.move_limit.map(|d| (TimeSetting::MoveLimit, d, one_ms)));
        if let Some(control) = self.time_control {
            times.push((TimeSetting::TimePerMove, control.per_move, one_ms));
            times.push((TimeSetting::TimeMargin, control.margin, Duration::ZERO));
        }
        for (what, given, min) in times {
            if !(min..=MAX_MOVE_TIME).contains(&given) {
                return Err(ConfigError::Time {
                    what,
                    given,
                    min,
                    max: MAX_MOVE_TIME,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{Sprt, TimeControl};
    use crate::rules::{RulesError, Size};

    #[test]
    fn the_default_is_within_the_limits_and_each_limit_is_checked() {
        let ok = MatchConfig::default();
        assert_eq!(ok.check(), Ok(()));
        let with = |f: &dyn Fn(&mut MatchConfig)| {
            let mut c = ok.clone();
            f(&mut c);
            c.check().unwrap_err()
        };
        assert_eq!(with(&|c| c.games = 0), ConfigError::NoGames);
        assert!(matches!(
            with(&|c| c.games = MAX_GAMES + 1),
            ConfigError::TooManyGames { .. }
        ));
        assert_eq!(
            with(&|c| c.players = 9),
            ConfigError::Board(RulesError::PlayerCount(9))
        );
        let tiny = Size::new(2, 2).unwrap();
        assert!(matches!(
            with(&|c| {
                c.size = tiny;
                c.players = 5;
            }),
            ConfigError::Board(RulesError::TooFewCells { players: 5, .. })
        ));
        assert!(matches!(
            with(&|c| c.threads = MAX_THREADS + 1),
            ConfigError::TooManyThreads { .. }
        ));
        assert!(matches!(
            with(&|c| c.opening_plies = MAX_OPENING_PLIES + 1),
            ConfigError::OpeningTooLong { .. }
        ));
        assert_eq!(with(&|c| c.placement_cap = Some(0)), ConfigError::NoCap);
        assert!(matches!(
            with(&|c| c.placement_cap = Some(MAX_CAP + 1)),
            ConfigError::CapTooLarge { .. }
        ));
        assert!(matches!(
            with(&|c| c.move_limit = Some(Duration::ZERO)),
            ConfigError::Time {
                what: TimeSetting::MoveLimit,
                ..
            }
        ));
        let slow = MAX_MOVE_TIME + Duration::from_millis(1);
        assert_eq!(
            with(&|c| {
                c.time_control = Some(TimeControl {
                    per_move: Duration::from_millis(5),
                    margin: slow,
                })
            }),
            ConfigError::Time {
                what: TimeSetting::TimeMargin,
                given: slow,
                min: Duration::ZERO,
                max: MAX_MOVE_TIME,
            }
        );
        assert!(matches!(
            with(&|c| c.sprt = Some(Sprt::new(5.0, 5.0))),
            ConfigError::Sprt(_)
        ));
    }
}
