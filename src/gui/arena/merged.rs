//! "Merge records…": a run played elsewhere, in shards or in several
//! sittings, shown from its records files. The files are joined by the
//! arena's own rule (`arena::run::join`: one run, each game once, none
//! missing) and the report rebuilt from the games is drawn as the arena
//! draws its own results. One file of a run with games missing (a run
//! interrupted, or a shard) can be resumed: the arena plays the rest and
//! appends them to it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::arena::run::{RunError, RunKind, join, match_report, read_run, tournament_report};
use crate::arena::{MatchReport, TournamentReport};
use crate::gui::job::{Job, Poll};
use crate::gui::{platform, theme};

use super::results::{MatchFacts, crosstable_ui, match_ui, ranking_ui};

/// A run joined from records files.
#[derive(Clone, Debug)]
pub enum MergedRun {
    /// A match.
    Match(Box<MatchReport>),
    /// A tournament (also a class tournament).
    Tournament(Box<TournamentReport>),
}

/// What the merge panel asks of the arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeAction {
    /// Choose a records file to add to the list.
    Browse,
    /// Play the games missing from this records file, appending them.
    Resume(PathBuf),
}

/// The records files to merge (typed, one per line, or chosen) and the
/// last merge: its report, or why it was refused.
#[derive(Default)]
pub struct Merged {
    /// The files, one per line.
    pub paths: String,
    shown: Option<Result<(MergedRun, u64, usize), String>>,
    /// The one file listed, when its games are missing: it can be resumed.
    resumable: Option<PathBuf>,
    /// A merge being read and joined in the background, and its files.
    pending: Option<(Job<Merging>, Vec<String>)>,
}

/// What a merge gives: the run, its games and files, or why not.
type Merging = Result<(MergedRun, u64, usize), Refused>;

impl Merged {
    /// The last merge's run, if it succeeded.
    pub fn run(&self) -> Option<&MergedRun> {
        match &self.shown {
            Some(Ok((run, _, _))) => Some(run),
            _ => None,
        }
    }

    /// Why the last merge was refused, if it was.
    pub fn error(&self) -> Option<&str> {
        match &self.shown {
            Some(Err(e)) => Some(e),
            _ => None,
        }
    }

    /// Adds `path` to the list.
    pub fn add_path(&mut self, path: &Path) {
        if !self.paths.is_empty() && !self.paths.ends_with('\n') {
            self.paths.push('\n');
        }
        self.paths.push_str(&path.display().to_string());
    }

    /// Stops showing the merged report (a run of the arena starts).
    pub fn close(&mut self) {
        self.shown = None;
        self.resumable = None;
        self.pending = None;
    }

    /// Reads and joins the files listed, in the background where there are
    /// threads (a cluster's run can hold many thousand games, each replayed
    /// to check it); `ctx` (if any) is asked to repaint when it is done.
    pub fn merge(&mut self, ctx: Option<egui::Context>) {
        let paths: Vec<String> = listed(&self.paths).map(str::to_string).collect();
        self.shown = None;
        self.resumable = None;
        if platform::HAS_THREADS {
            let work = paths.clone();
            match Job::spawn("chainlab-merge", ctx, move |_| merge_files(&work)) {
                Ok(job) => self.pending = Some((job, paths)),
                Err(e) => self.shown = Some(Err(e)),
            }
        } else {
            let merged = merge_files(&paths);
            self.finish(&paths, merged);
        }
    }

    /// Whether a merge is being read and joined.
    pub fn is_merging(&self) -> bool {
        self.pending.is_some()
    }

    /// Takes the background merge's result once it is there.
    fn poll(&mut self) {
        let Some((job, _)) = self.pending.as_mut() else {
            return;
        };
        let merged = match job.poll() {
            Poll::Pending => return,
            Poll::Ready(merged) => merged,
            Poll::Crashed => Err(Refused::Other("the merge stopped unexpectedly".to_string())),
        };
        if let Some((_, paths)) = self.pending.take() {
            self.finish(&paths, merged);
        }
    }

    /// Keeps the report of a merge of `paths`, or the refusal (with Resume
    /// offered for one file with games missing).
    fn finish(&mut self, paths: &[String], merged: Merging) {
        self.resumable = match (&merged, paths) {
            (Err(Refused::Missing(_)), [one]) => Some(PathBuf::from(one)),
            _ => None,
        };
        self.shown = Some(merged.map_err(|e| match e {
            Refused::Missing(e) if self.resumable.is_some() => {
                format!("{e}. Resume plays them here and adds them to the file.")
            }
            Refused::Missing(e) | Refused::Other(e) => e,
        }));
    }

    /// Shows why the run could not be resumed.
    pub fn refuse(&mut self, why: String) {
        self.shown = Some(Err(why));
        self.resumable = None;
    }

    /// The panel: the list of files, Browse…, Merge records… and (for one
    /// file with games missing) Resume; `running` while a run plays.
    pub fn setup_ui(&mut self, ui: &mut egui::Ui, running: bool) -> Option<MergeAction> {
        self.poll();
        let mut action = None;
        ui.label(egui::RichText::new("Records of a run played elsewhere").strong());
        ui.label(
            egui::RichText::new(
                "Shards (--shard K/N) or one interrupted run (--records): one file a line.",
            )
            .color(theme::MUTED_TEXT),
        );
        let label = ui.label("Records files");
        let edit = egui::TextEdit::multiline(&mut self.paths)
            .id_salt("arena_merge_paths")
            .desired_rows(3)
            .desired_width(f32::INFINITY)
            .hint_text("shard-1.jsonl");
        ui.add(edit).labelled_by(label.id);
        ui.horizontal_wrapped(|ui| {
            if ui.button("Browse…").clicked() {
                action = Some(MergeAction::Browse);
            }
            let merge = ui
                .add_enabled(
                    !self.paths.trim().is_empty() && !self.is_merging(),
                    egui::Button::new("Merge records…"),
                )
                .on_hover_text("Join the files into the report of the whole run");
            if merge.clicked() {
                self.merge(Some(ui.ctx().clone()));
            }
            if self.is_merging() {
                ui.spinner();
                ui.label("Reading and joining…");
            }
            if let Some(path) = &self.resumable {
                let resume = ui
                    .add_enabled(!running, egui::Button::new("Resume"))
                    .on_hover_text(
                        "Play the missing games here, add them to the file and show the whole run",
                    )
                    .on_disabled_hover_text("A run is in progress: cancel it first");
                if resume.clicked() {
                    action = Some(MergeAction::Resume(path.clone()));
                }
            }
        });
        if let Some(e) = self.error() {
            ui.colored_label(theme::ERROR_TEXT, e);
        }
        action
    }

    /// Draws the merged report; false when there is none to show.
    pub fn report_ui(&mut self, ui: &mut egui::Ui) -> bool {
        self.poll();
        let Some(Ok((run, games, files))) = &self.shown else {
            return false;
        };
        let mut close = false;
        ui.horizontal(|ui| {
            ui.heading(format!("Merged: {games} games from {files} records files"));
            close = ui.button("Close").clicked();
        });
        ui.add_space(8.0);
        match run {
            MergedRun::Match(report) => {
                let facts = MatchFacts {
                    a: &report.a,
                    b: &report.b,
                    config: &report.config,
                    stop: Some(report.stop),
                    llr: report.llr,
                    elapsed: Duration::ZERO,
                    forfeits: &[],
                };
                match_ui(ui, &report.tally, &facts);
            }
            MergedRun::Tournament(report) => {
                ui.label(egui::RichText::new("Ranking").strong());
                ranking_ui(ui, &report.standings);
                ui.add_space(8.0);
                ui.label(egui::RichText::new("Crosstable").strong());
                crosstable_ui(
                    ui,
                    &report.players,
                    &report.standings,
                    &report.pairings,
                    None,
                );
            }
        }
        if close {
            self.shown = None;
        }
        true
    }
}

/// The paths listed, one a line, blanks left out.
fn listed(paths: &str) -> impl Iterator<Item = &str> {
    paths.lines().map(str::trim).filter(|l| !l.is_empty())
}

/// Why a merge was refused: games missing (a run that can be resumed), or
/// anything else.
enum Refused {
    Missing(String),
    Other(String),
}

/// Reads and joins the files at `paths`.
fn merge_files(paths: &[String]) -> Merging {
    let mut files = Vec::new();
    for path in paths {
        let bytes = platform::read_file(
            Path::new(path),
            crate::gui::records::MAX_BYTES,
            "records files",
        )
        .map_err(Refused::Other)?;
        files.push(read_run(path, bytes.as_slice()).map_err(|e| Refused::Other(e.to_string()))?);
    }
    let joined = join(&files).map_err(|e| match e {
        RunError::Missing { .. } => Refused::Missing(e.to_string()),
        e => Refused::Other(e.to_string()),
    })?;
    let games = joined.records.len() as u64;
    let run = match joined.header.run.kind {
        RunKind::Match => MergedRun::Match(Box::new(match_report(&joined))),
        RunKind::Tournament | RunKind::Class => {
            MergedRun::Tournament(Box::new(tournament_report(&joined)))
        }
    };
    Ok((run, games, files.len()))
}
