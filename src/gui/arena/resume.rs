//! Runs the arena can take up again: the header that names an app's run in
//! its records (so that exported records, or a file left behind by a
//! crash, can be merged and resumed like the command line's), and a run
//! rebuilt from a records file to play its missing games.
//!
//! A resumed run is the file's run, not the arena's settings: the players
//! are the header's specs, found again in the catalogue and checked against
//! the hashes of their files (a strategy edited since would mix two
//! versions in one report), the settings are the header's, the book is read
//! again and checked, and the games are planned from the file's by the
//! arena's own rule ([`RunFile::resume_plan`]), as `--resume` plans them.

use std::io::BufReader;
use std::path::Path;
use std::sync::Arc;

use crate::arena::run::{PlayerId, RecordsHeader, RunFile, RunIdentity, RunKind, read_run};
use crate::arena::{RecordWriter, TournamentConfig, pairings};
use crate::bots::AgentFactory;
use crate::gui::seats::Catalogue;
use crate::output::{Inputs, append_lines};

use super::run::{Entrant, Plan, Resume};

/// The header of an app's run of `plan` between `entrants`, named in the
/// settings by `specs` (in the same order).
pub fn header_of(
    entrants: &[Entrant],
    specs: &[String],
    plan: &Plan,
    book: Option<&str>,
) -> RecordsHeader {
    let players: Vec<PlayerId> = entrants
        .iter()
        .zip(specs)
        .map(|(e, spec)| PlayerId::of(&e.label, spec))
        .collect();
    let (kind, schedule, gauntlet) = match plan {
        Plan::Match(_) => (RunKind::Match, vec![(0, 1)], false),
        Plan::Tournament(t) => (
            RunKind::Tournament,
            pairings(entrants.len(), t.gauntlet),
            t.gauntlet,
        ),
    };
    let config = plan.matches();
    let identity = RunIdentity::new(kind, players, schedule, config, gauntlet);
    let mut header = RecordsHeader::new(identity, crate::arena::run::Shard::WHOLE);
    header.specs = specs.to_vec();
    header.book_path = book.filter(|b| !b.trim().is_empty()).map(str::to_string);
    header.deterministic = entrants.iter().all(|e| e.factory.is_deterministic());
    header.threads = config.thread_count();
    header
}

/// A run read from a records file, ready to play the games it misses.
pub struct Resumable {
    /// The players, as the records name them.
    pub entrants: Vec<Entrant>,
    /// The settings.
    pub plan: Plan,
    /// The file's header.
    pub header: RecordsHeader,
    /// The games kept and the file appended to.
    pub resume: Resume,
    /// How many games are left to play.
    pub left: u64,
}

/// Reads the records file at `path` to resume its run on `threads`
/// threads (0: one per core), appending the new games to it; why not
/// when it cannot be (no header, a class tournament, a player that cannot
/// be made or has changed, a book changed, nothing left to play).
pub fn resume_file(
    path: &Path,
    catalogue: &Catalogue,
    threads: usize,
) -> Result<Resumable, String> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let run = read_run(&name, BufReader::new(file)).map_err(|e| e.to_string())?;
    let mut resumable = resumable(run, catalogue, threads)?;
    if resumable.left == 0 {
        return Err(format!(
            "{name} holds every game of its run: Merge records shows its report"
        ));
    }
    let writer = append_lines(path, &Inputs::none()).map_err(|e| e.to_string())?;
    resumable.resume.append = Some((name, RecordWriter::new(writer)));
    Ok(resumable)
}

/// The run of `file`, its players made from `catalogue`; no file is
/// appended to yet.
pub fn resumable(
    file: RunFile,
    catalogue: &Catalogue,
    threads: usize,
) -> Result<Resumable, String> {
    let name = file.name.clone();
    let Some(header) = file.header.clone() else {
        return Err(crate::arena::run::RunError::NoHeader { file: name }.to_string());
    };
    let run = &header.run;
    if run.kind == RunKind::Class {
        return Err(format!(
            "{name} is a class tournament's: resume it with the command that played it and --resume"
        ));
    }
    let games = file.resume_plan(&header).map_err(|e| e.to_string())?;
    let entrants = players(&header, catalogue)?;
    let mut config = run.config(threads);
    config.book = header.book().map_err(|e| e.to_string())?;
    let plan = match run.kind {
        RunKind::Match => Plan::Match(config),
        RunKind::Tournament | RunKind::Class => {
            if pairings(entrants.len(), run.gauntlet) != run.pairings {
                return Err(format!(
                    "{name} lists pairings this chainlab would not play: it cannot be resumed here"
                ));
            }
            Plan::Tournament(TournamentConfig {
                matches: config,
                gauntlet: run.gauntlet,
            })
        }
    };
    let left = file.games_left(&header);
    Ok(Resumable {
        entrants,
        plan,
        resume: Resume {
            games,
            kept: file.records,
            append: None,
        },
        header,
        left,
    })
}

/// The header's players, made from their specs and checked against the
/// hashes of their files.
fn players(header: &RecordsHeader, catalogue: &Catalogue) -> Result<Vec<Entrant>, String> {
    let ids = &header.run.players;
    if header.specs.len() != ids.len() {
        return Err(
            "the records do not say how to make their players (no specs in the header)".to_string(),
        );
    }
    ids.iter()
        .zip(&header.specs)
        .map(|(id, spec)| {
            let choice = catalogue
                .resolve(spec)
                .map_err(|e| format!("player {}: {e}", id.label))?;
            if PlayerId::of(&id.label, spec).hash != id.hash {
                return Err(format!(
                    "{spec} has changed since the run began: resuming would mix two versions of {} in one report",
                    id.label
                ));
            }
            let factory: Arc<dyn AgentFactory> = choice.factory;
            Ok(Entrant {
                label: id.label.clone(),
                factory,
            })
        })
        .collect()
}
