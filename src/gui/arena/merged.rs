//! "Merge records…": a run played elsewhere, in shards or in several
//! sittings, shown from its records files. The files are joined by the
//! arena's own rule (`arena::run::join`: one run, each game once, none
//! missing) and the report rebuilt from the games is drawn as the arena
//! draws its own results.

use std::io::BufReader;
use std::path::Path;
use std::time::Duration;

use crate::arena::run::{RunKind, join, match_report, read_run, tournament_report};
use crate::arena::{MatchReport, TournamentReport};
use crate::gui::theme;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MergeAction {
    /// Choose a records file to add to the list.
    Browse,
}

/// The records files to merge (typed, one per line, or chosen) and the
/// last merge: its report, or why it was refused.
#[derive(Default)]
pub struct Merged {
    /// The files, one per line.
    pub paths: String,
    shown: Option<Result<(MergedRun, u64, usize), String>>,
}

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
    }

    /// Joins the files listed and keeps the report (or the refusal).
    pub fn merge(&mut self) {
        self.shown = Some(merge_files(&self.paths));
    }

    /// The panel: the list of files, Browse…, and Merge records.
    pub fn setup_ui(&mut self, ui: &mut egui::Ui) -> Option<MergeAction> {
        let mut action = None;
        ui.label(egui::RichText::new("Records of a run played elsewhere").strong());
        ui.label(
            egui::RichText::new("Shards (--shard K/N) or one interrupted run: one file a line.")
                .color(theme::MUTED_TEXT),
        );
        let label = ui.label("Records files");
        let edit = egui::TextEdit::multiline(&mut self.paths)
            .id_salt("arena_merge_paths")
            .desired_rows(3)
            .hint_text("shard-1.jsonl");
        ui.add(edit).labelled_by(label.id);
        ui.horizontal(|ui| {
            if ui.button("Browse…").clicked() {
                action = Some(MergeAction::Browse);
            }
            if ui
                .add_enabled(
                    !self.paths.trim().is_empty(),
                    egui::Button::new("Merge records…"),
                )
                .clicked()
            {
                self.merge();
            }
        });
        if let Some(e) = self.error() {
            ui.colored_label(theme::ERROR_TEXT, e);
        }
        action
    }

    /// Draws the merged report; false when there is none to show.
    pub fn report_ui(&mut self, ui: &mut egui::Ui) -> bool {
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

/// Reads and joins the files listed in `paths` (one a line).
fn merge_files(paths: &str) -> Result<(MergedRun, u64, usize), String> {
    let mut files = Vec::new();
    for path in paths.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        files.push(read_run(path, BufReader::new(file)).map_err(|e| e.to_string())?);
    }
    let joined = join(&files).map_err(|e| e.to_string())?;
    let games = joined.records.len() as u64;
    let run = match joined.header.run.kind {
        RunKind::Match => MergedRun::Match(Box::new(match_report(&joined))),
        RunKind::Tournament | RunKind::Class => {
            MergedRun::Tournament(Box::new(tournament_report(&joined)))
        }
    };
    Ok((run, games, files.len()))
}
