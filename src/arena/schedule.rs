//! Which games a run plays: every game of every pairing, or one shard of
//! them, less the games a records file already holds (a resumed run).
//!
//! Invariant: the unit of sharding is a colour-swapped pair of games
//! (games `2p` and `2p + 1` of one pairing), and the pairs of a run are
//! numbered in schedule order, pairing after pairing; shard `K` of `N`
//! plays the pairs whose number is `K − 1` modulo `N`. The subset depends
//! only on the run's pairings, games and `K/N`, never on the machine or
//! the threads, and the shards `1..N` cover every pair exactly once.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::arena::record::GameRecord;
use crate::arena::tally::Tally;

/// The largest shard count.
pub const MAX_SHARDS: u32 = 100_000;

/// A shard `K/N` out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("shard {k}/{n} is not a shard: give K/N with 1 ≤ K ≤ N ≤ {max}")]
pub struct ShardError {
    /// The shard asked for.
    pub k: u32,
    /// The shard count asked for.
    pub n: u32,
    /// The largest shard count.
    pub max: u32,
}

/// Shard `k` of `n` (both from 1); read from a records header through
/// [`Shard::new`], so a shard is always in range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawShard")]
pub struct Shard {
    /// This shard, 1 to `n`.
    pub k: u32,
    /// The number of shards.
    pub n: u32,
}

impl Shard {
    /// The whole run (shard 1 of 1).
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    /// Shard `k` of `n`, checked (`1 ≤ k ≤ n ≤ MAX_SHARDS`).
    pub fn new(k: u32, n: u32) -> Result<Shard, ShardError> {
        if n == 0 || k == 0 || k > n || n > MAX_SHARDS {
            return Err(ShardError {
                k,
                n,
                max: MAX_SHARDS,
            });
        }
        Ok(Shard { k, n })
    }

    /// Whether this shard plays game `game` of pairing `pairing` (from 0)
    /// in a run of `games` games per pairing.
    pub fn plays(self, pairing: usize, game: u64, games: u64) -> bool {
        Shard::owner(self.n, pairing, game, games) == self.k
    }

    /// The shard (1 to `n`) of `n` that plays game `game` of pairing
    /// `pairing` in a run of `games` games per pairing: pairs are numbered
    /// pairing after pairing and dealt out in turn.
    pub fn owner(n: u32, pairing: usize, game: u64, games: u64) -> u32 {
        let pairs = games.div_ceil(2);
        let unit = (pairing as u64)
            .saturating_mul(pairs)
            .saturating_add(game / 2);
        (unit % u64::from(n.max(1))) as u32 + 1
    }
}

/// A shard as a header spells it, before it is checked.
#[derive(Deserialize)]
struct RawShard {
    k: u32,
    n: u32,
}

impl TryFrom<RawShard> for Shard {
    type Error = ShardError;

    fn try_from(raw: RawShard) -> Result<Shard, ShardError> {
        Shard::new(raw.k, raw.n)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `K/N`.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("'{text}' is not a shard K/N (e.g. 2/8)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: u32 = k.trim().parse().map_err(|_| bad())?;
        let n: u32 = n.trim().parse().map_err(|_| bad())?;
        Shard::new(k, n).map_err(|e| e.to_string())
    }
}

/// The games a run plays: those of its shard that are not already done.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// The shard; `None` for every game.
    pub shard: Option<Shard>,
    /// Games already played, as (pairing, game) (pairing 0 in a match).
    pub done: HashSet<(usize, u64)>,
    /// The results of the games already played, by pairing.
    pub prior: HashMap<usize, Tally>,
}

impl Plan {
    /// Every game.
    pub fn all() -> Plan {
        Plan::default()
    }

    /// Counts `record` as played (a resumed run); false when it was already.
    pub fn add_done(&mut self, record: &GameRecord) -> bool {
        let pairing = record.pairing.unwrap_or(0) as usize;
        if !self.done.insert((pairing, record.game)) {
            return false;
        }
        self.prior.entry(pairing).or_default().add(record);
        true
    }

    /// The results of the games of `pairing` already played.
    pub fn prior(&self, pairing: usize) -> Tally {
        self.prior.get(&pairing).copied().unwrap_or_default()
    }

    /// Whether game `game` of pairing `pairing` is to be played.
    pub fn plays(&self, pairing: usize, game: u64, games: u64) -> bool {
        self.shard.is_none_or(|s| s.plays(pairing, game, games))
            && !self.done.contains(&(pairing, game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_game_once_and_keep_pairs_together() {
        for (pairings, games) in [(1usize, 7u64), (3, 4), (5, 1)] {
            for n in 1..6 {
                let mut seen = HashSet::new();
                for k in 1..=n {
                    let s = Shard::new(k, n).unwrap();
                    for p in 0..pairings {
                        for g in 0..games {
                            if s.plays(p, g, games) {
                                assert!(seen.insert((p, g)));
                                if g % 2 == 0 && g + 1 < games {
                                    assert!(s.plays(p, g + 1, games));
                                }
                            }
                        }
                    }
                }
                assert_eq!(seen.len(), pairings * games as usize);
            }
        }
    }

    #[test]
    fn shards_read_and_refuse() {
        assert_eq!("2/8".parse::<Shard>(), Ok(Shard { k: 2, n: 8 }));
        for bad in ["0/4", "5/4", "1/0", "x", "1/", "1/2/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
