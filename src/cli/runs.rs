//! What `match` and `tournament` share to run beyond one process:
//! `--shard K/N` and `--resume`, the records header that names the run,
//! and opening the records file (emptied and headed, or read and appended
//! to when resuming, after checking it is the same run and shard).

use std::io::BufReader;
use std::path::PathBuf;

use chainlab::arena::run::{Plan, RecordsHeader, RunError, Shard, read_run};
use chainlab::arena::{GameRecord, RecordWriter};
use chainlab::output::{Inputs, LineFile, append_lines};

use super::outputs::{output_failure, records_writer};
use super::{Failure, shown};

/// `--shard` and `--resume`.
#[derive(clap::Args, Debug, Default)]
pub struct SplitArgs {
    /// Play only shard K of N of the run's games (colour-swapped pairs stay
    /// together; the same games on any machine); join the shards' --records
    /// with 'chainlab merge'. Not with --sprt.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Continue an interrupted run from its --records file: the games there
    /// are kept (a last line cut short is played again) and the file is
    /// appended to; the report is that of an uninterrupted run.
    #[arg(long, requires = "records")]
    pub resume: bool,
}

impl SplitArgs {
    /// The shard asked for (1/1 without `--shard`).
    pub fn shard(&self) -> Shard {
        self.shard.unwrap_or(Shard::WHOLE)
    }
}

/// A run's records file, open, and the games left to play.
pub struct Opened {
    /// The records file, if any.
    pub writer: Option<RecordWriter<LineFile>>,
    /// The games to play.
    pub plan: Plan,
    /// The games already in the file (a resumed run), in file order.
    pub kept: Vec<GameRecord>,
}

/// The records file of a run and the games left to play: a new file
/// headed with `header`, or with `--resume` the file's games kept (after
/// checking its header is `header`'s run and shard) and the file appended to.
pub fn open_records(
    path: Option<&PathBuf>,
    inputs: &Inputs,
    header: impl FnOnce() -> RecordsHeader,
    split: &SplitArgs,
) -> Result<Opened, Failure> {
    let plan = Plan {
        shard: split.shard,
        ..Plan::default()
    };
    let Some(path) = path else {
        return Ok(Opened {
            writer: None,
            plan,
            kept: Vec::new(),
        });
    };
    // Made only for a records file: it hashes the players' files.
    let header = &header();
    if !split.resume {
        let writer = records_writer(Some(path), inputs)?;
        return Ok(Opened {
            writer: headed(writer, path, header)?,
            plan,
            kept: Vec::new(),
        });
    }
    let name = shown(&path.display().to_string()).into_owned();
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::new(format!("--resume: cannot read {name}: {e}")))?;
    let run = read_run(&name, BufReader::new(file)).map_err(|e| resume_failure(&e))?;
    let Some(theirs) = &run.header else {
        return Err(resume_failure(&RunError::NoHeader { file: name }));
    };
    if theirs.run != header.run || theirs.shard != header.shard {
        return Err(Failure::usage(format!(
            "--resume: {name} is not a records file of this run{}: give the same players, settings and --shard as the run that wrote it",
            if theirs.shard == header.shard {
                String::new()
            } else {
                format!(" (it is shard {}, this is {})", theirs.shard, header.shard)
            }
        )));
    }
    let plan = run.resume_plan(header).map_err(|e| resume_failure(&e))?;
    if run.truncated {
        errln!("{name}: the last line was cut short; its game is played again");
    }
    errln!("resuming {name}: {} game(s) kept", run.records.len());
    let file = append_lines(path, inputs).map_err(|e| output_failure("--records", &e))?;
    Ok(Opened {
        writer: Some(RecordWriter::new(file)),
        plan,
        kept: run.records,
    })
}

/// `writer` (a new records file at `path`) with `header` written.
pub fn headed(
    writer: Option<RecordWriter<LineFile>>,
    path: &std::path::Path,
    header: &RecordsHeader,
) -> Result<Option<RecordWriter<LineFile>>, Failure> {
    let Some(mut w) = writer else {
        return Ok(None);
    };
    w.write_header(header)
        .map_err(|e| super::outputs::records_failure(path, &e, 0))?;
    Ok(Some(w))
}

/// A records file that cannot be resumed.
fn resume_failure(e: &RunError) -> Failure {
    Failure::new(format!("--resume: {e}"))
}
