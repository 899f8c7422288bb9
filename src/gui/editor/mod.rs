//! The strategy editor: build a strategy as a node graph on a canvas
//! (egui-snarl), see its errors and warnings on the nodes, its heat map on a
//! preview board, every node's value for an explained cell, and save it.
//!
//! The project's own [`Strategy`] is the truth: the canvas mirrors it, every
//! change is an [`edit::Edit`] applied to the model through the
//! [`document::Document`] (which keeps the undo history), and the graph is
//! compiled and evaluated once per change ([`analysis::Analysis`]), never
//! while drawing.

mod analysis;
pub mod bench;
mod browser;
mod canvas;
mod document;
mod edit;
mod files;
mod history;
mod palette;
mod params;
mod preview;
mod problems;
mod recovery;
mod settings;
mod style;
mod viewer;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use egui::{Align2, Color32, Event, Key, Modifiers, Rect, RichText};

use crate::eval::HeatMap;
use crate::gui::theme;
use crate::gui::{Command, StrategyEntry, View};
use crate::rules::{Coord, Position};
use crate::strategy::{NodeId, Strategy};

use self::analysis::Analysis;
use self::canvas::Canvas;
use self::document::{Document, Location};
use self::edit::{Clip, Edit};
use self::files::{After, shipped_files};
use self::palette::{Palette, PaletteDrag};
use self::preview::{Preview, PreviewAction};
use self::recovery::{Recovery, Restorable};
use self::viewer::{CanvasEvents, NODE_GUESS, NodeAction};

pub use self::settings::EditorSettings;
pub use self::viewer::PinKey;

/// Seconds a message stays under the canvas.
const TOAST_SECONDS: f64 = 6.0;

/// A short message under the canvas.
#[derive(Clone, Debug)]
struct Toast {
    text: String,
    error: bool,
    until: f64,
}

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
        };
        if let Some(path) = settings.last_file.clone() {
            if path.is_file() {
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
        self.restorable = self.recovery.find();
        self.wants_attention = self.restorable.is_some();
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

    /// Why the last file could not be opened.
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

    /// Work of every frame, whichever view is shown: autosave, the window
    /// title, and the prompt before the window closes with unsaved work.
    pub fn background(&mut self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        let now = ctx.input(|i| i.time);
        if let Some(wait) = self.recovery.tick(&self.doc, now) {
            ctx.request_repaint_after_secs(wait as f32);
        }
        let title = format!(
            "{}{} — chainlab",
            if self.doc.is_dirty() { "● " } else { "" },
            self.doc.location().file_name()
        );
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

        egui::Panel::top("editor_toolbar").show(ui, |ui| self.toolbar(ui, settings, commands));
        egui::Panel::left("editor_palette")
            .resizable(true)
            .default_size(190.0)
            .min_size(150.0)
            .show(ui, |ui| {
                if let Some(kind) = self.palette.ui(ui) {
                    let spot = self
                        .canvas
                        .free_spot(self.doc.strategy(), self.canvas.view_centre());
                    self.apply(
                        Edit::Add {
                            kind,
                            pos: spot,
                            link: None,
                        },
                        now,
                    );
                }
            });
        egui::Panel::right("editor_side")
            .resizable(true)
            .default_size(350.0)
            .min_size(280.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    self.about_ui(ui, now);
                    ui.separator();
                    if let Some(PreviewAction::LoadPosition) = self.preview.ui(ui, &self.analysis) {
                        let dir = settings
                            .user_dir
                            .clone()
                            .filter(|d| d.is_dir())
                            .unwrap_or_else(|| PathBuf::from("."));
                        self.browser = Some(browser::Browser::new(
                            browser::Purpose::OpenPosition,
                            dir,
                            String::new(),
                        ));
                    }
                });
            });
        egui::Panel::bottom("editor_problems")
            .resizable(true)
            .default_size(96.0)
            .min_size(48.0)
            .show(ui, |ui| {
                if let Some(id) = problems::problems_ui(ui, &self.analysis) {
                    self.canvas.focus(id);
                }
            });
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| {
                self.banner_ui(ui);
                let events = self.canvas.ui(ui, self.doc.strategy(), &self.analysis);
                self.hint_ui(&ctx);
                self.drop_ui(&ctx, now);
                self.handle(events, &ctx, now);
            });
        self.toast_ui(&ctx, now);
        self.dialogs_ui(&ctx, settings);
        if self.preview_saved != Some(self.preview.revision()) {
            self.preview_saved = Some(self.preview.revision());
            let text = self.preview.to_text();
            if !text.is_empty() {
                settings.preview = text;
            }
        }
    }

    fn modal_open(&self) -> bool {
        self.browser.is_some() || self.prompt.is_some() || self.restorable.is_some()
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

    /// Applies an edit; new nodes become the selection; a refusal is shown.
    fn apply(&mut self, edit: Edit, now: f64) {
        match self.doc.apply(edit, now, self.press) {
            Ok(created) => {
                if !created.is_empty() {
                    self.canvas.selection = created.into_iter().collect();
                }
            }
            Err(e) => self.notify_error(e),
        }
        self.canvas.prune(self.doc.strategy());
    }

    fn handle(&mut self, events: CanvasEvents, ctx: &egui::Context, now: f64) {
        let changed = !events.edits.is_empty();
        for edit in events.edits {
            self.apply(edit, now);
        }
        if let Some(reason) = events.refused {
            self.notify_error(reason);
        }
        if let Some(action) = events.action {
            let (NodeAction::Delete(id) | NodeAction::Duplicate(id) | NodeAction::Copy(id)) =
                action;
            let ids = if self.canvas.selection.contains(&id) {
                self.canvas.selection.clone()
            } else {
                BTreeSet::from([id])
            };
            match action {
                NodeAction::Delete(_) => self.apply(Edit::Delete(ids), now),
                NodeAction::Duplicate(_) => self.apply(Edit::Duplicate(ids), now),
                NodeAction::Copy(_) => self.copy(&ids, ctx),
            }
        }
        if changed {
            ctx.request_repaint();
        }
    }

    /// Undo, redo, delete, duplicate, copy, cut, paste, select all, save,
    /// open, new and fit, from the keyboard.
    fn shortcuts(&mut self, ctx: &egui::Context, settings: &mut EditorSettings, now: f64) {
        let typing = ctx.text_edit_focused();
        let cmd = Modifiers::COMMAND;
        let shift_cmd = Modifiers::COMMAND | Modifiers::SHIFT;
        if ctx.input_mut(|i| i.consume_key(shift_cmd, Key::S)) {
            self.save_as(settings);
            return;
        }
        if ctx.input_mut(|i| i.consume_key(cmd, Key::S)) {
            self.save(settings);
            return;
        }
        if ctx.input_mut(|i| i.consume_key(cmd, Key::O)) {
            self.browse_open(settings);
            return;
        }
        if ctx.input_mut(|i| i.consume_key(cmd, Key::N)) {
            self.request(After::New, settings, ctx);
            return;
        }
        if typing {
            return;
        }
        if ctx.input_mut(|i| i.consume_key(shift_cmd, Key::Z) || i.consume_key(cmd, Key::Y)) {
            self.redo();
        } else if ctx.input_mut(|i| i.consume_key(cmd, Key::Z)) {
            self.undo();
        }
        if ctx.input_mut(|i| i.consume_key(cmd, Key::A)) {
            self.canvas.selection = self.doc.strategy().nodes().iter().map(|n| n.id).collect();
        }
        if ctx.input_mut(|i| i.consume_key(cmd, Key::D)) {
            let ids = self.canvas.selection.clone();
            if !ids.is_empty() {
                self.apply(Edit::Duplicate(ids), now);
            }
        }
        let delete = ctx.input_mut(|i| {
            i.consume_key(Modifiers::NONE, Key::Delete)
                || i.consume_key(Modifiers::NONE, Key::Backspace)
        });
        if delete && !self.canvas.selection.is_empty() {
            self.apply(Edit::Delete(self.canvas.selection.clone()), now);
        }
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F)) {
            self.canvas.fit();
        }
        let (copy, cut, paste) = ctx.input(|i| {
            let mut found = (false, false, false);
            for e in &i.events {
                match e {
                    Event::Copy => found.0 = true,
                    Event::Cut => found.1 = true,
                    Event::Paste(_) => found.2 = true,
                    Event::Key {
                        key,
                        pressed: true,
                        modifiers,
                        ..
                    } if modifiers.command => match key {
                        Key::C => found.0 = true,
                        Key::X => found.1 = true,
                        Key::V => found.2 = true,
                        _ => {}
                    },
                    _ => {}
                }
            }
            found
        });
        let selection = self.canvas.selection.clone();
        if (copy || cut) && !selection.is_empty() {
            self.copy(&selection, ctx);
            if cut {
                self.apply(Edit::Delete(selection), now);
            }
        }
        if paste {
            self.paste(ctx, now);
        }
    }

    fn undo(&mut self) {
        if self.doc.undo() {
            self.canvas.prune(self.doc.strategy());
        }
    }

    fn redo(&mut self) {
        if self.doc.redo() {
            self.canvas.prune(self.doc.strategy());
        }
    }

    /// Copies `ids` within the app (and as strategy text to the clipboard).
    fn copy(&mut self, ids: &BTreeSet<NodeId>, ctx: &egui::Context) {
        self.clip = Clip::of(self.doc.strategy(), ids);
        self.pastes = 0;
        let mut snippet = Strategy::new("copied nodes");
        let _ = self.clip.paste(&mut snippet, [0.0, 0.0]);
        ctx.copy_text(snippet.to_json());
        self.notify(format!(
            "Copied {} node{}",
            self.clip.nodes.len(),
            if self.clip.nodes.len() == 1 { "" } else { "s" }
        ));
    }

    /// Pastes the copied nodes under the pointer (or next to the originals).
    fn paste(&mut self, ctx: &egui::Context, now: f64) {
        if self.clip.is_empty() {
            return;
        }
        self.pastes += 1;
        let min = self.clip.nodes.iter().fold([f32::MAX, f32::MAX], |m, n| {
            [m[0].min(n.pos[0]), m[1].min(n.pos[1])]
        });
        let pointer = ctx.input(|i| i.pointer.latest_pos());
        let offset = match pointer.filter(|p| self.canvas.view.screen.contains(*p)) {
            Some(p) => {
                let at = self.canvas.to_canvas(p);
                [at.x - min[0], at.y - min[1]]
            }
            None => {
                let step = 40.0 * self.pastes as f32;
                [step, step]
            }
        };
        self.apply(Edit::Paste(self.clip.clone(), offset), now);
    }

    pub(super) fn notify(&mut self, text: String) {
        self.pending_toast = Some((text, false));
    }

    pub(super) fn notify_error(&mut self, text: String) {
        self.pending_toast = Some((text, true));
    }

    fn toolbar(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut EditorSettings,
        commands: &mut Vec<Command>,
    ) {
        let ctx = ui.ctx().clone();
        ui.horizontal(|ui| {
            ui.menu_button("File", |ui| self.file_menu(ui, settings));
            let undo = self.doc.history().undo_label().map(str::to_string);
            let redo = self.doc.history().redo_label().map(str::to_string);
            let r = ui.add_enabled(undo.is_some(), egui::Button::new("⟲ Undo"));
            let r = r.on_hover_text(format!("Undo {} (Ctrl+Z)", undo.unwrap_or_default()));
            if r.clicked() {
                self.undo();
            }
            let r = ui.add_enabled(redo.is_some(), egui::Button::new("⟳ Redo"));
            let r = r.on_hover_text(format!(
                "Redo {} (Ctrl+Shift+Z or Ctrl+Y)",
                redo.unwrap_or_default()
            ));
            if r.clicked() {
                self.redo();
            }
            ui.separator();
            if ui
                .button("Fit graph")
                .on_hover_text("Frame every node (F)")
                .clicked()
            {
                self.canvas.fit();
            }
            if ui
                .button("Tidy up")
                .on_hover_text("Lay the graph out again, left to right")
                .clicked()
            {
                self.apply(Edit::Arrange, ctx.input(|i| i.time));
                self.canvas.fit();
            }
            let selected = !self.canvas.selection.is_empty();
            if ui
                .add_enabled(selected, egui::Button::new("Delete"))
                .on_hover_text("Delete the selected nodes (Delete)")
                .clicked()
            {
                self.apply(
                    Edit::Delete(self.canvas.selection.clone()),
                    ctx.input(|i| i.time),
                );
            }
            if ui
                .add_enabled(selected, egui::Button::new("Duplicate"))
                .on_hover_text("Duplicate the selected nodes (Ctrl+D)")
                .clicked()
            {
                self.apply(
                    Edit::Duplicate(self.canvas.selection.clone()),
                    ctx.input(|i| i.time),
                );
            }
            ui.separator();
            let name = self.doc.location().file_name();
            let marker = if self.doc.is_dirty() { "● " } else { "" };
            let label = ui.label(RichText::new(format!("{marker}{name}")).strong());
            let hover = match self.doc.location() {
                Location::Untitled => "Not saved yet".to_string(),
                Location::File(p) => p.display().to_string(),
                Location::Shipped(p) => format!(
                    "{} (shipped: Save keeps a copy in your folder)",
                    p.display()
                ),
            };
            label.on_hover_text(hover);
            if self.is_shipped() {
                ui.label(RichText::new("shipped").small().color(theme::MUTED_TEXT));
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let errors = self.analysis.report.has_errors();
                let why = "Fix the errors first (see Problems).";
                let entry = || StrategyEntry {
                    label: self.doc.strategy().name.clone(),
                    strategy: self.doc.strategy().clone(),
                };
                let r = ui.add_enabled(!errors, egui::Button::new("Play against it"));
                let r = if errors {
                    r.on_disabled_hover_text(why)
                } else {
                    r.on_hover_text("Play a game against this graph")
                };
                if r.clicked() {
                    commands.push(Command::PlayAgainst(Box::new(entry())));
                }
                let r = ui.add_enabled(!errors, egui::Button::new("Test this strategy"));
                let r = if errors {
                    r.on_disabled_hover_text(why)
                } else {
                    r.on_hover_text("Run it in the arena against other players")
                };
                if r.clicked() {
                    commands.push(Command::TestInArena(Box::new(entry())));
                }
            });
        });
    }

    fn file_menu(&mut self, ui: &mut egui::Ui, settings: &mut EditorSettings) {
        let ctx = ui.ctx().clone();
        if ui.button("New").on_hover_text("Ctrl+N").clicked() {
            self.request(After::New, settings, &ctx);
            ui.close();
        }
        if ui.button("Open…").on_hover_text("Ctrl+O").clicked() {
            self.browse_open(settings);
            ui.close();
        }
        ui.menu_button("Open shipped strategy", |ui| {
            for (stem, path) in shipped_files() {
                if ui.button(&stem).clicked() {
                    self.request(After::Open(path), settings, &ctx);
                    ui.close();
                }
            }
        });
        ui.menu_button("Open recent", |ui| {
            if settings.recent.is_empty() {
                ui.label(RichText::new("no recent files").color(theme::MUTED_TEXT));
            }
            for path in settings.recent.clone() {
                let name = path.display().to_string();
                if ui.button(&name).clicked() {
                    self.request(After::Open(path), settings, &ctx);
                    ui.close();
                }
            }
        });
        ui.separator();
        if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
            self.save(settings);
            ui.close();
        }
        if ui
            .button("Save as…")
            .on_hover_text("Ctrl+Shift+S")
            .clicked()
        {
            self.save_as(settings);
            ui.close();
        }
    }

    /// The strategy's name and description.
    fn about_ui(&mut self, ui: &mut egui::Ui, now: f64) {
        ui.add_space(4.0);
        ui.heading("Strategy");
        let mut name = self.doc.strategy().name.clone();
        let r = ui.add(egui::TextEdit::singleline(&mut name).desired_width(f32::INFINITY));
        r.widget_info(|| {
            egui::WidgetInfo::labeled(egui::WidgetType::TextEdit, true, "strategy name")
        });
        if r.changed() {
            self.apply(Edit::Name(name), now);
        }
        let mut description = self.doc.strategy().description.clone();
        let r = ui.add(
            egui::TextEdit::multiline(&mut description)
                .desired_rows(2)
                .desired_width(f32::INFINITY)
                .hint_text("What does the strategy do?"),
        );
        r.widget_info(|| {
            egui::WidgetInfo::labeled(egui::WidgetType::TextEdit, true, "strategy description")
        });
        if r.changed() {
            self.apply(Edit::Description(description), now);
        }
    }

    /// The error of a file that could not be opened, above the canvas.
    fn banner_ui(&mut self, ui: &mut egui::Ui) {
        let Some(error) = self.load_error.clone() else {
            return;
        };
        egui::Frame::new()
            .fill(Color32::from_rgb(0x3A, 0x20, 0x22))
            .inner_margin(egui::Margin::symmetric(10, 6))
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(&error).color(theme::ERROR_TEXT));
                    if ui.small_button("Dismiss").clicked() {
                        self.load_error = None;
                    }
                });
            });
    }

    /// A first hint on a graph that has nothing but the Cell value.
    fn hint_ui(&self, ctx: &egui::Context) {
        let s = self.doc.strategy();
        if s.nodes().len() > 1 || !s.wires().is_empty() {
            return;
        }
        let painter = ctx.layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            egui::Id::new("editor_hint"),
        ));
        let rect = self.canvas.view.screen;
        painter.text(
            rect.center_top() + egui::vec2(0.0, 18.0),
            Align2::CENTER_TOP,
            "Add nodes from the palette or by right-clicking the canvas.\nDrag from an output pin to an input pin to wire them; wire a number into Cell value.",
            egui::FontId::proportional(14.0),
            theme::MUTED_TEXT,
        );
    }

    /// A kind dragged from the palette and released over the canvas is added there.
    fn drop_ui(&mut self, ctx: &egui::Context, now: f64) {
        let (released, pointer) = ctx.input(|i| (i.pointer.any_released(), i.pointer.latest_pos()));
        let Some(p) = pointer.filter(|p| released && self.canvas.view.screen.contains(*p)) else {
            return;
        };
        if let Some(drag) = egui::DragAndDrop::take_payload::<PaletteDrag>(ctx) {
            let at = self.canvas.to_canvas(p) - NODE_GUESS / 2.0;
            let PaletteDrag(kind) = *drag;
            self.apply(
                Edit::Add {
                    kind,
                    pos: [at.x.round(), at.y.round()],
                    link: None,
                },
                now,
            );
        }
    }

    fn toast_ui(&mut self, ctx: &egui::Context, now: f64) {
        if let Some((text, error)) = self.pending_toast.take() {
            self.toast = Some(Toast {
                text,
                error,
                until: now + TOAST_SECONDS,
            });
        }
        let Some(toast) = &self.toast else {
            return;
        };
        if now > toast.until {
            self.toast = None;
            return;
        }
        ctx.request_repaint_after_secs((toast.until - now) as f32);
        let rect = self.canvas.view.screen;
        let colour = if toast.error {
            theme::ERROR_TEXT
        } else {
            theme::MUTED_TEXT
        };
        let text = toast.text.clone();
        egui::Area::new(egui::Id::new("editor_toast"))
            .order(egui::Order::Foreground)
            .pivot(Align2::CENTER_BOTTOM)
            .fixed_pos(rect.center_bottom() - egui::vec2(0.0, 14.0))
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(rect.width() * 0.8);
                    ui.label(RichText::new(text).color(colour));
                });
            });
    }
}
