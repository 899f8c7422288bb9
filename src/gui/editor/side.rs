//! The editor's side panel and its tabs: "Strategy" (the name, the
//! description and the preview board), "Tune" (the Tune panel, with a
//! spinner while a run goes on) and "Puzzles" (the Puzzles panel, whose
//! rows open a puzzle on the preview board of the Strategy tab, and whose
//! "Suite file…" opens the file browser).

use std::path::{Path, PathBuf};

use egui::RichText;

use crate::gui::seats::Catalogue;

use super::edit::Edit;
use super::file::browser::Purpose;
use super::preview::PreviewAction;
use super::puzzles::PuzzlesAction;
use super::{EditorSettings, EditorView};

/// The tabs of the side panel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SideTab {
    /// The strategy's name and description, and the preview board.
    #[default]
    Strategy,
    /// The Tune panel.
    Tune,
    /// The Puzzles panel.
    Puzzles,
}

impl EditorView {
    /// The side panel's tabs.
    fn side_tabs_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            // Tuning needs threads: in the page its tab is disabled and says why.
            let tune_refused = super::tune::run::refusal();
            let mut tab = |ui: &mut egui::Ui, tab: SideTab, text: &str, hover: &str| {
                let refused = (tab == SideTab::Tune)
                    .then(|| tune_refused.clone())
                    .flatten();
                let label =
                    egui::Button::selectable(self.side_tab == tab, RichText::new(text).size(15.0));
                if ui
                    .add_enabled(refused.is_none(), label)
                    .on_hover_text(hover)
                    .on_disabled_hover_text(refused.unwrap_or_default())
                    .clicked()
                {
                    self.side_tab = tab;
                }
            };
            tab(
                ui,
                SideTab::Strategy,
                "Strategy",
                "The strategy's name, description and preview board",
            );
            tab(
                ui,
                SideTab::Tune,
                "Tune",
                "Tune the constants automatically by playing games",
            );
            tab(
                ui,
                SideTab::Puzzles,
                "Puzzles",
                "How many puzzles the graph solves, checked as you edit",
            );
            if self.tune.is_running() {
                ui.spinner().on_hover_text("Tuning in the background");
            }
        });
        ui.separator();
    }

    /// The side panel: its tabs, then the tab shown.
    pub(super) fn side_ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut EditorSettings,
        catalogue: &Catalogue,
        now: f64,
    ) {
        self.tune.poll();
        self.side_tabs_ui(ui);
        match self.side_tab {
            SideTab::Strategy => self.strategy_tab_ui(ui, settings, now),
            SideTab::Tune => {
                if let Some(values) =
                    self.tune
                        .ui(ui, self.doc.strategy(), self.doc.revision(), catalogue)
                {
                    let result = self.doc.apply(Edit::SetConstants(values), now, self.press);
                    self.tune.applied(result.map(|_| ()));
                }
            }
            SideTab::Puzzles => self.puzzles_tab_ui(ui, settings),
        }
    }

    /// The Puzzles tab: a clicked puzzle goes to the preview board (shown
    /// with the Strategy tab); "Suite file…" opens the file browser.
    fn puzzles_tab_ui(&mut self, ui: &mut egui::Ui, settings: &mut EditorSettings) {
        let action = self.puzzles.ui(
            ui,
            self.doc.strategy(),
            self.analysis.compiles,
            self.analysis.counts().0,
            settings.puzzles.as_deref(),
        );
        match action {
            Some(PuzzlesAction::Show(puzzle, chosen)) => {
                self.preview.show_puzzle(&puzzle, chosen);
                self.side_tab = SideTab::Strategy;
            }
            Some(PuzzlesAction::ChooseSuite) => {
                let dir = settings
                    .puzzles
                    .as_deref()
                    .and_then(Path::parent)
                    .map(Path::to_path_buf)
                    .or_else(|| settings.user_dir.clone())
                    .filter(|d| crate::gui::platform::is_dir(d))
                    .unwrap_or_else(|| PathBuf::from("."));
                self.browse(Purpose::OpenSuite, dir);
            }
            Some(PuzzlesAction::BuiltIn) => settings.puzzles = None,
            None => {}
        }
    }

    /// The Strategy tab: the name and description, then the preview board,
    /// whose "load a position" opens the file browser.
    fn strategy_tab_ui(&mut self, ui: &mut egui::Ui, settings: &EditorSettings, now: f64) {
        if self.group_panel_ui(ui, now) {
            ui.separator();
        }
        self.about_ui(ui, now);
        ui.separator();
        self.node_inspector_ui(ui, now);
        match self.preview.ui(ui, &self.analysis) {
            Some(PreviewAction::LoadPosition) => {
                let dir = settings
                    .user_dir
                    .clone()
                    .filter(|d| crate::gui::platform::is_dir(d))
                    .unwrap_or_else(|| PathBuf::from("."));
                self.browse(Purpose::OpenPosition, dir);
            }
            Some(PreviewAction::BackToPuzzles) => self.side_tab = SideTab::Puzzles,
            None => {}
        }
    }
}
