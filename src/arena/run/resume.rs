//! Resuming a run from its records file: the games the file holds are
//! kept, and the plan plays the rest of the file's shard. The file must
//! name its run in a header, and every game in it must be one of its
//! shard's games, once (a game twice, or a game of another shard, means
//! the file was edited or mixed up, and resuming would count it wrongly).
//! The command line (`--resume`) and the app's Resume both plan here.

use super::error::RunError;
use super::identity::RecordsHeader;
use super::join::RunFile;
use crate::arena::schedule::{Plan, Shard};

impl RunFile {
    /// The plan that resumes this file as a run of `header` (its own
    /// header, or the one a command line describes): its games kept, the
    /// rest of `header`'s shard to play. The caller checks first that
    /// the file's header is `header`'s run and shard.
    pub fn resume_plan(&self, header: &RecordsHeader) -> Result<Plan, RunError> {
        let mut plan = Plan {
            shard: (header.shard != Shard::WHOLE).then_some(header.shard),
            ..Plan::default()
        };
        let (games, pairings) = (header.run.games, header.run.pairings.len().max(1));
        for record in &self.records {
            let pairing = record.pairing.unwrap_or(0) as usize;
            if pairing >= pairings
                || record.game >= games
                || !header.shard.plays(pairing, record.game, games)
            {
                return Err(RunError::StrayGame {
                    file: self.name.clone(),
                    pairing: record.pairing,
                    game: record.game,
                    what: format!("this run's shard {}", header.shard),
                });
            }
            if !plan.add_done(record) {
                return Err(RunError::Duplicate {
                    pairing: record.pairing,
                    game: record.game,
                    first: self.name.clone(),
                    second: self.name.clone(),
                });
            }
        }
        Ok(plan)
    }

    /// How many of the shard's games are left to play when resuming as
    /// `header` (0 for a finished file).
    pub fn games_left(&self, header: &RecordsHeader) -> u64 {
        let (games, pairings) = (header.run.games, header.run.pairings.len().max(1));
        let planned: u64 = (0..pairings)
            .map(|p| {
                (0..games)
                    .filter(|&g| header.shard.plays(p, g, games))
                    .count() as u64
            })
            .sum();
        planned.saturating_sub(self.records.len() as u64)
    }
}
