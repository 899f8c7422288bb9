//! Class tournaments: every submission in a folder (strategy files,
//! programs, folders with a `bot.toml`) plays reference players, or each
//! other, and is graded against pass marks; the results are written as
//! Markdown, CSV and a self-contained HTML page (`chainlab tournament
//! --dir`, `docs/class-tournament.md`).
//!
//! The steps, each its own module: [`discover`] the submissions in a
//! folder; build an [`Entrant`] for each ([`load`]) (one that does not load or start
//! still plays: it forfeits every game with the reason); make the
//! [`schedule`] of pairings; play them with [`crate::arena::run_schedule`] while a [`Collector`] keeps
//! a summary of each game; [`grades`] against the references; and write
//! the [`report`].
//!
//! Invariant: one broken submission never stops or slows the tournament.
//! Nothing a submission does (a file that does not parse, a manifest with
//! errors, a program that will not start, prints garbage, hangs or
//! crashes) is an error of the run: it is a forfeit with its reason, shown
//! in the reports.

pub mod discover;
pub mod entrant;
mod error;
pub mod grade;
pub mod load;
pub mod report;
mod schedule;
pub mod summary;

pub use discover::{Discovery, SkipReason, Skipped, Submission, SubmissionKind, discover};
pub use entrant::{Entrant, Origin, Problem, Role, Stage, probe};
pub use error::{DiscoverError, LogError, PassMarkError, ScheduleError};
pub use grade::{
    DEFAULT_LADDER, DEFAULT_PASS, Grade, Mark, NOT_GRADED, ReferenceSpec, grades, parse_pass,
};
pub use load::{Logs, from_submission, labels};
pub use report::{ClassReport, Replay};
pub use schedule::schedule;
pub use summary::{Collector, ForfeitGroup, GameSummary, Rated, forfeit_groups, ratings};
