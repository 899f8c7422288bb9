//! A class tournament's records beyond one process: the header that names
//! the run (its entrants with the hashes of their files, the schedule, the
//! settings, and the command line, so that `chainlab merge` can set the
//! tournament up again to write its reports), and the records opened for
//! a shard, a resumed run or a merge.

use chainlab::arena::run::{Joined, Plan, PlayerId, RecordsHeader, RunIdentity, RunKind};
use chainlab::arena::{MAX_THREADS, MatchConfig, RecordWriter};
use chainlab::class::Origin;
use chainlab::output::LineFile;

use super::setup::Setup;
use crate::cli::runs::{Opened, headed, open_records};
use crate::cli::tournament::Args;
use crate::cli::{Failure, shown};

/// The records header of a class tournament set up as `setup`.
pub fn header(args: &Args, setup: &Setup, matches: &MatchConfig) -> RecordsHeader {
    let players = setup
        .entrants
        .iter()
        .map(|e| match &e.origin {
            Origin::Spec(spec) => PlayerId::of(&e.label, spec),
            Origin::Found(s) => PlayerId::of_path(&e.label, &s.path),
        })
        .collect();
    let mut header = RecordsHeader::new(
        RunIdentity::new(
            RunKind::Class,
            players,
            setup.schedule.clone(),
            matches,
            setup.gauntlet,
        ),
        args.split.shard(),
    );
    header.deterministic = setup.entrants.iter().all(|e| e.factory.is_deterministic());
    header.threads = matches.thread_count().clamp(1, MAX_THREADS);
    header.specs = command_line();
    header.book_path = args.game.book.as_ref().map(|p| p.display().to_string());
    header
}

/// The words of this command line after `tournament` (for `merge`).
fn command_line() -> Vec<String> {
    std::env::args_os()
        .map(|w| w.to_string_lossy().into_owned())
        .skip_while(|w| w != "tournament")
        .skip(1)
        .collect()
}

/// The records of a class tournament: with `joined` (a merge), a new file
/// holding every game and nothing left to play; else as `match` and
/// `tournament` open theirs (`writer` is the file `setup` opened, unless
/// resuming).
pub fn open(
    args: &Args,
    setup: &Setup,
    writer: Option<RecordWriter<LineFile>>,
    header: impl FnOnce() -> RecordsHeader,
    joined: Option<&Joined>,
) -> Result<Opened, Failure> {
    let Some(joined) = joined else {
        if args.split.resume {
            return open_records(setup.records.as_ref(), &setup.inputs, header, &args.split);
        }
        // The header is made only for a records file: it hashes every
        // submission's files.
        let writer = match &setup.records {
            Some(path) => headed(writer, path, &header())?,
            None => None,
        };
        return Ok(Opened {
            writer,
            plan: Plan {
                shard: args.split.shard,
                ..Plan::default()
            },
            kept: Vec::new(),
        });
    };
    if joined.header.run != header().run {
        return Err(Failure::new(
            "the shards are of another class tournament than the one set up again from their command line: a submission or a setting changed since",
        ));
    }
    let mut plan = Plan::default();
    let kept: Vec<_> = joined.records.values().cloned().collect();
    for record in &kept {
        plan.add_done(record);
    }
    let mut writer = match &setup.records {
        Some(path) => headed(writer, path, &joined.header)?,
        None => None,
    };
    if let (Some(w), Some(path)) = (writer.as_mut(), &setup.records) {
        for record in &kept {
            w.write(record).map_err(|e| {
                Failure::new(format!(
                    "cannot write {}: {e}",
                    shown(&path.display().to_string())
                ))
            })?;
        }
    }
    Ok(Opened { writer, plan, kept })
}
