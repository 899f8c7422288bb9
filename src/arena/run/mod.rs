//! A run beyond one process: its identity and the records header that
//! carries it (`identity.rs`), which games a shard or a resumed run plays
//! (`arena/schedule.rs`, outside this folder: the runner reads it), and joining shards' records back into the run's
//! reports (`join.rs`). Records are the source of truth: a run can be
//! split, joined and resumed from them.

mod error;
mod identity;
mod join;
mod resume;

pub use crate::arena::schedule::{MAX_SHARDS, Plan, Shard, ShardError};
pub use error::RunError;
pub use identity::{
    BookId, HEADER_KEY, HEADER_VERSION, OpeningId, PlayerId, RecordsHeader, RunIdentity, RunKind,
};
pub use join::{Joined, RunFile, join, match_report, read_run, tournament_report};
