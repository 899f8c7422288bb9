//! The strategy editor: build a strategy as a node graph on a canvas
//! (egui-snarl), see its errors and warnings on the nodes, its heat map on a
//! preview board, every node's value for an explained cell, and save it.
//!
//! The project's own [`Strategy`] is the truth: the canvas mirrors it, every
//! change is an [`edit::Edit`] applied to the model through the
//! [`document::Document`] (which keeps the undo history), and the graph is
//! compiled and evaluated once per change ([`analysis::Analysis`]), never
//! while drawing.
//!
//! [`EditorView`] is made of owned parts, each in its own file with its own
//! `impl`: the document, the analysis, the canvas, the palette, the preview,
//! the side panel's Tune and Puzzles tabs, the [`clipboard::Clipboard`], the
//! [`file::FileFlow`] (open, save, autosave, the window's title and close),
//! the [`notices::Notices`] (banner, hint, messages) and one
//! [`modal::Modal`] for the dialog open, if any. The view composes them:
//! `impl EditorView` (here and in the files of its UI areas: `toolbar.rs`,
//! `side.rs`, `keys.rs`, `actions.rs`, `dialogs.rs`, the group and naming
//! files) hands each part what it needs of the others and carries out what
//! it asks for.

mod actions;
mod analysis;
mod annotate;
pub mod bench;
mod breadcrumb;
mod canvas;
mod clipboard;
mod crisp;
mod dialogs;
mod document;
mod edit;
mod events;
mod file;
mod frame;
mod group;
mod history;
mod keys;
mod labels;
mod menus;
mod modal;
mod node_title;
mod notices;
mod palette;
mod panes;
mod params;
mod pins;
mod preview;
mod problems;
mod puzzles;
mod scope;
mod settings;
mod share;
mod side;
mod spots;
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
use self::clipboard::Clipboard;
use self::document::{Document, Location};
use self::file::{After, FileFlow};
use self::group::GroupState;
use self::modal::Modal;
use self::notices::Notices;
use self::palette::Palette;
use self::preview::Preview;
use self::side::SideTab;

pub use self::pins::PinKey;
pub use self::preview::ShownPuzzle;
pub use self::settings::EditorSettings;

/// The editor view's runtime state: the document and the parts that show
/// and change it, each owning its own state (as egui's demo app is made of
/// panels). Its methods compose the parts: they hand each part what it
/// needs of the others and carry out what it asks for.
pub struct EditorView {
    /// The strategy, where it lives, and its undo history.
    doc: Document,
    /// What is computed from the graph, once per change.
    analysis: Analysis,
    /// The node graph on screen, its selection and its popups.
    canvas: Canvas,
    /// The kinds of node to add.
    palette: Palette,
    /// The preview board.
    preview: Preview,
    /// The nodes copied.
    clipboard: Clipboard,
    /// Opening, saving, autosave, the window's title and close request.
    files: FileFlow,
    /// The dialog open, if any (at most one).
    modal: Option<Modal>,
    /// The banner and the messages.
    notices: Notices,
    /// Pointer presses so far (an edit burst ends with a press).
    press: u64,
    /// The preview's revision last kept in the settings.
    preview_saved: Option<u64>,
    /// The Tune tab.
    tune: tune::TunePanel,
    /// The Puzzles tab.
    puzzles: puzzles::PuzzlesPanel,
    /// The side panel's tab shown.
    side_tab: SideTab,
    /// What the group views keep between frames.
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
            clipboard: Clipboard::default(),
            files: FileFlow::default(),
            modal: None,
            notices: Notices::default(),
            press: 0,
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
        match self.files.enable_recovery(path) {
            Ok(Some(found)) => self.modal = Some(Modal::Restore(found)),
            Ok(None) => {
                if matches!(self.modal, Some(Modal::Restore(_))) {
                    self.modal = None;
                }
            }
            Err(why) => self.notices.set_banner(why),
        }
        let restoring = matches!(self.modal, Some(Modal::Restore(_)));
        self.files
            .set_attention(restoring || self.notices.banner().is_some());
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
        self.notices.banner()
    }

    /// The message under the canvas, if one is shown.
    pub fn message(&self) -> Option<&str> {
        self.notices.message()
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

    /// Whether nodes show all their text at this zoom (below
    /// [`view::TEXT_MIN_SCALE`] they show their titles only).
    pub fn shows_node_text(&self) -> bool {
        self.zoom() >= view::TEXT_MIN_SCALE
    }

    /// The nodes drawn last frame with their titles only (zoomed out below
    /// [`view::TEXT_MIN_SCALE`]), with the title each shows.
    pub fn titles_only(&self) -> &[(NodeId, String)] {
        &self.canvas.titles_only
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
        self.files.flush(&self.doc);
    }

    /// The window's title: the file's name, a dot while it has unsaved
    /// changes, and the app's name ("04-capture.json • — chainlab").
    pub fn window_title(&self) -> String {
        file::window_title(&self.doc)
    }

    /// Work of every frame, whichever view is shown: autosave, the window
    /// title, and the prompt before the window closes with unsaved work
    /// (over any other dialog, which opens again if the prompt is cancelled).
    pub fn background(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        if self.files.background(ctx, &self.doc, &mut self.notices) {
            let under = self.modal.take().map(Box::new);
            self.modal = Some(Modal::Unsaved {
                then: After::Close,
                under,
            });
        }
        if self.files.take_attention() {
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
        if self.modal.is_some() {
            // Shortcuts wait while a dialog asks something.
        } else {
            self.shortcuts(&ctx, settings, now);
        }
        self.refresh();
        self.sync_scope();
        self.palette.in_group = !self.doc.scope().is_empty();

        egui::Panel::top("editor_toolbar").show(ui, |ui| self.toolbar(ui, settings, commands));
        self.panes_ui(ui, settings, catalogue, now);
        self.popups_ui(&ctx, now);
        self.notices.toast_ui(&ctx, now, self.canvas.view.screen);
        self.dialogs_ui(&ctx, settings, now);
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

    /// Shows `text` under the canvas.
    pub(super) fn notify(&mut self, text: String) {
        self.notices.notify(text);
    }

    /// Shows `text` under the canvas as a refusal or a failure.
    pub(super) fn notify_error(&mut self, text: String) {
        self.notices.notify_error(text);
    }
}
