//! The strategy editor: build a strategy as a node graph on a canvas
//! (egui-snarl), see its errors and warnings on the nodes, its heat map on a
//! preview board, every node's value for an explained cell, and save it.
//!
//! The project's own [`Strategy`] is the truth: the canvas mirrors it, every
//! change is an [`edit::Edit`] applied to the model through the
//! [`document::Document`] (which keeps the undo history), and the graph is
//! compiled and evaluated once per change ([`analysis::Analysis`]), never
//! while drawing.

mod actions;
mod analysis;
mod annotate;
pub mod bench;
mod breadcrumb;
mod browser;
mod canvas;
mod document;
mod edit;
mod events;
mod files;
mod frame_paint;
mod frame_popup;
mod frames;
mod group_edit;
mod group_import;
mod group_panel;
mod groups;
mod history;
mod keys;
mod labels;
mod menus;
mod node_title;
mod overlay;
mod palette;
mod params;
mod pins;
mod preview;
mod problems;
mod puzzles;
mod recovery;
mod scope;
mod settings;
mod side;
mod style;
mod terms;
mod toolbar;
mod tune;
mod view;
mod viewer;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use egui::Rect;

use crate::analysis::puzzle::SuiteScore;
use crate::eval::HeatMap;
use crate::gui::command::Command;
use crate::gui::seats::Catalogue;
use crate::gui::view::View;
use crate::rules::{Coord, Position};
use crate::strategy::{NodeId, Strategy};

use self::analysis::Analysis;
use self::canvas::Canvas;
use self::document::{Document, Location};
use self::edit::Clip;
use self::files::After;
use self::groups::{GroupContext, GroupState};
use self::overlay::Toast;
use self::palette::Palette;
use self::preview::Preview;
use self::recovery::{Recovery, Restorable};
use self::side::SideTab;

pub use self::pins::PinKey;
pub use self::preview::ShownPuzzle;
pub use self::settings::EditorSettings;

/// The editor view's runtime state.
pub struct EditorView {
    doc: Document,
    analysis: Analysis,
    canvas: Canvas,
    palette: Palette,
    preview: Preview,
    clip: Clip,
    pastes: u32,
    recovery: Recovery,
    restorable: Option<Restorable>,
    prompt: Option<After>,
    browser: Option<browser::Browser>,
    after_save: Option<After>,
    toast: Option<Toast>,
    pending_toast: Option<(String, bool)>,
    load_error: Option<String>,
    press: u64,
    allow_close: bool,
    title: String,
    wants_attention: bool,
    preview_saved: Option<u64>,
    tune: tune::TunePanel,
    puzzles: puzzles::PuzzlesPanel,
    side_tab: SideTab,
    groups: GroupState,
}

impl EditorView {
    /// The editor as the app starts: the last file of `settings` (if it
    /// still opens) or a new strategy, and the saved preview position.
    pub fn new(settings: &mut EditorSettings) -> EditorView {
        let mut view = EditorView {
            doc: Document::new_graph(),
            analysis: Analysis::default(),
            canvas: Canvas::default(),
            palette: Palette::default(),
            preview: Preview::from_text(&settings.preview),
            clip: Clip::default(),
            pastes: 0,
            recovery: Recovery::default(),
            restorable: None,
            prompt: None,
            browser: None,
            after_save: None,
            toast: None,
            pending_toast: None,
            load_error: None,
            press: 0,
            allow_close: false,
            title: String::new(),
            wants_attention: false,
            preview_saved: None,
            tune: tune::TunePanel::default(),
            puzzles: puzzles::PuzzlesPanel::default(),
            side_tab: SideTab::Strategy,
            groups: GroupState::default(),
        };
        if let Some(path) = settings.last_file.clone() {
            if crate::gui::platform::is_file(&path) {
                view.open_now(&path, settings);
            } else {
                settings.last_file = None;
            }
        }
        view
    }

    /// Turns on autosaving to the recovery file `path` and offers to
    /// restore the work an earlier run left there.
    pub fn enable_recovery(&mut self, path: PathBuf) {
        self.recovery = Recovery::new(Some(path));
        match self.recovery.find() {
            Ok(found) => self.restorable = found,
            Err(e) => {
                self.load_error = Some(format!(
                    "The unsaved work of the last run could not be restored: {e}"
                ));
            }
        }
        self.wants_attention = self.restorable.is_some() || self.load_error.is_some();
    }

    /// The strategy being edited.
    pub fn strategy(&self) -> &Strategy {
        self.doc.strategy()
    }

    /// Whether it has unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.doc.is_dirty()
    }

    /// Its file, if it has one.
    pub fn file(&self) -> Option<&Path> {
        self.doc.location().path()
    }

    /// Whether it is a shipped strategy (saved elsewhere, never overwritten).
    pub fn is_shipped(&self) -> bool {
        matches!(self.doc.location(), Location::Shipped(_))
    }

    /// The selected nodes.
    pub fn selection(&self) -> &BTreeSet<NodeId> {
        &self.canvas.selection
    }

    /// The heat map on the preview position, if it can be computed.
    pub fn heat_map(&self) -> Option<&HeatMap> {
        self.analysis.heat.as_ref().ok()
    }

    /// The cells the strategy would pick on the preview position.
    pub fn best(&self) -> &[Coord] {
        &self.analysis.best
    }

    /// A node's value for the explained cell (`None` when no cell is
    /// explained; `Some(None)` when the node has no value).
    pub fn node_value(&self, id: NodeId) -> Option<Option<i64>> {
        self.analysis.values.get(&id).copied()
    }

    /// The errors and warnings, as text.
    pub fn diagnostics(&self) -> Vec<String> {
        self.analysis
            .report
            .diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect()
    }

    /// How many times the graph has been compiled (once per change).
    pub fn compiles(&self) -> u64 {
        self.analysis.compiles
    }

    /// Why the last file could not be opened (or the recovered work not
    /// restored), shown above the canvas until dismissed.
    pub fn load_error(&self) -> Option<&str> {
        self.load_error.as_deref()
    }

    /// The message under the canvas, if one is shown.
    pub fn message(&self) -> Option<&str> {
        self.toast.as_ref().map(|t| t.text.as_str())
    }

    /// The preview position.
    pub fn preview_position(&self) -> Option<&Position> {
        self.preview.position()
    }

    /// Sets the preview position.
    pub fn set_preview(&mut self, position: &Position) {
        self.preview.set_position(position);
    }

    /// Explains `cell` of the preview (every node shows its value for it).
    pub fn explain(&mut self, cell: Option<Coord>) {
        self.preview.explain(cell);
    }

    /// Where a pin was drawn last frame, on screen.
    pub fn pin_screen_rect(&self, pin: PinKey) -> Option<Rect> {
        self.canvas.pin_screen_rect(pin)
    }

    /// Where a node was drawn last frame, on screen.
    pub fn node_screen_rect(&self, id: NodeId) -> Option<Rect> {
        self.canvas.node_screen_rect(id)
    }

    /// The canvas's zoom (1 is the size of the rest of the app).
    pub fn zoom(&self) -> f32 {
        self.canvas.view.transform.scaling
    }

    /// Whether nodes show their text at this zoom (below
    /// [`view::TEXT_MIN_SCALE`] they are drawn without it).
    pub fn shows_node_text(&self) -> bool {
        self.zoom() >= view::TEXT_MIN_SCALE
    }

    /// The Tune panel's run: iterations done and planned, if one was started.
    pub fn tune_progress(&self) -> Option<(u64, u64)> {
        self.tune.progress()
    }

    /// The Puzzles panel's score of the graph as it is now on the theme
    /// chosen (`None` until it has been checked).
    pub fn puzzle_score(&self) -> Option<&SuiteScore> {
        self.puzzles.score()
    }

    /// The puzzle shown on the preview board, if one is.
    pub fn preview_puzzle(&self) -> Option<&ShownPuzzle> {
        self.preview.puzzle()
    }

    /// The explained cell of the preview board.
    pub fn explained(&self) -> Option<Coord> {
        self.preview.explained()
    }

    /// The canvas on screen.
    pub fn canvas_rect(&self) -> Rect {
        self.canvas.view.screen
    }

    /// Opens `path` (unsaved changes are lost; the UI asks first).
    pub fn open(&mut self, path: &Path, settings: &mut EditorSettings) {
        self.open_now(path, settings);
    }

    /// Writes unsaved work to the recovery file (when the app exits).
    pub fn flush_recovery(&mut self) {
        self.recovery.flush(&self.doc);
    }

    /// The window's title: the file's name, a dot while it has unsaved
    /// changes, and the app's name ("04-capture.json • — chainlab").
    pub fn window_title(&self) -> String {
        format!(
            "{}{} — chainlab",
            self.doc.location().file_name(),
            if self.doc.is_dirty() { " •" } else { "" },
        )
    }

    /// Work of every frame, whichever view is shown: autosave, the window
    /// title, and the prompt before the window closes with unsaved work.
    pub fn background(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let now = ctx.input(|i| i.time);
        if let Some(wait) = self.recovery.tick(&self.doc, now) {
            ctx.request_repaint_after_secs(wait as f32);
        }
        if let Some(e) = self.recovery.take_unshown_error() {
            self.notify_error(format!("Autosave failed: {e}"));
        }
        let title = self.window_title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if ctx.input(|i| i.viewport().close_requested()) && self.doc.is_dirty() && !self.allow_close
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.prompt = Some(After::Close);
            self.wants_attention = true;
        }
        if self.wants_attention {
            self.wants_attention = false;
            commands.push(Command::Show(View::Editor));
        }
    }

    /// Draws the editor and handles its shortcuts.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut EditorSettings,
        catalogue: &Catalogue,
        commands: &mut Vec<Command>,
    ) {
        let ctx = ui.ctx().clone();
        let now = ctx.input(|i| i.time);
        if ctx.input(|i| i.pointer.any_pressed()) {
            self.press += 1;
        }
        if ctx.input(|i| i.pointer.any_released()) {
            self.doc.seal();
        }
        if self.modal_open() {
            // Shortcuts wait while a dialog asks something.
        } else {
            self.shortcuts(&ctx, settings, now);
        }
        self.refresh();
        self.sync_scope();
        self.palette.in_group = !self.doc.scope().is_empty();

        egui::Panel::top("editor_toolbar").show(ui, |ui| self.toolbar(ui, settings, commands));
        egui::Panel::left("editor_palette")
            .resizable(true)
            .default_size(190.0)
            .min_size(150.0)
            .show(ui, |ui| {
                if let Some(kind) = self.palette.ui(ui) {
                    self.add_in_view(kind, now);
                }
            });
        egui::Panel::right("editor_side")
            .resizable(true)
            .default_size(350.0)
            .min_size(280.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .show(ui, |ui| self.side_ui(ui, settings, catalogue, now));
            });
        egui::Panel::bottom("editor_problems")
            .resizable(true)
            .default_size(96.0)
            .min_size(48.0)
            .show(ui, |ui| {
                if let Some(id) = problems::problems_ui(ui, &self.analysis) {
                    // Problems are the top level's: go back out to show them.
                    self.leave_group(0);
                    self.sync_scope();
                    self.canvas.focus(id);
                }
            });
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| {
                self.banner_ui(ui);
                self.breadcrumb_ui(ui);
                self.sync_scope();
                let scope = self.doc.scope().last().map(String::as_str);
                let groups = GroupContext {
                    defs: self.doc.strategy().groups(),
                    scope,
                };
                let analysis = match scope {
                    None => &self.analysis,
                    Some(_) => &self.groups.blank,
                };
                let events = self.canvas.ui(ui, self.doc.graph(), analysis, groups);
                self.hint_ui(&ctx);
                self.drop_ui(&ctx, now);
                self.handle(events, &ctx, now);
            });
        self.popups_ui(&ctx, now);
        self.toast_ui(&ctx, now);
        self.dialogs_ui(&ctx, settings);
        self.import_ui(&ctx, now);
        self.keep_preview(settings);
    }

    /// Keeps the preview's position in the settings whenever it changed, so
    /// that it is there at the next start.
    fn keep_preview(&mut self, settings: &mut EditorSettings) {
        if self.preview_saved != Some(self.preview.revision()) {
            self.preview_saved = Some(self.preview.revision());
            let text = self.preview.to_text();
            if !text.is_empty() {
                settings.preview = text;
            }
        }
    }

    fn modal_open(&self) -> bool {
        self.browser.is_some()
            || self.prompt.is_some()
            || self.restorable.is_some()
            || self.groups.import.is_some()
    }

    /// Brings the analysis up to date (once per change of graph or position).
    fn refresh(&mut self) {
        self.analysis.update(
            self.doc.strategy(),
            self.doc.revision(),
            self.preview.position(),
            self.preview.revision(),
            self.preview.explained(),
        );
    }

    pub(super) fn notify(&mut self, text: String) {
        self.pending_toast = Some((text, false));
    }

    pub(super) fn notify_error(&mut self, text: String) {
        self.pending_toast = Some((text, true));
    }
}
