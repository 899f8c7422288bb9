//! A small file browser for opening and saving strategies and loading
//! preview positions: folders and matching files of one folder, a file name
//! field (which also takes a full path), and a warning before a file is
//! replaced.

use std::path::{Path, PathBuf};

use egui::{RichText, Ui, WidgetInfo, WidgetType};

use crate::bots::is_strategy_path;
use crate::gui::{layout, platform, theme};

/// What the browser is choosing a file for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A strategy to open.
    OpenStrategy,
    /// Where to save the strategy.
    SaveStrategy,
    /// A position for the preview board.
    OpenPosition,
    /// A puzzle suite for the Puzzles panel.
    OpenSuite,
    /// A strategy to import a group from.
    ImportGroup,
}

impl Purpose {
    fn title(self) -> &'static str {
        match self {
            Purpose::OpenStrategy => "Open a strategy",
            Purpose::SaveStrategy => "Save the strategy as",
            Purpose::OpenPosition => "Load a position",
            Purpose::OpenSuite => "Open a puzzle suite",
            Purpose::ImportGroup => "Import a group from a strategy",
        }
    }

    fn verb(self) -> &'static str {
        match self {
            Purpose::SaveStrategy => "Save",
            Purpose::OpenStrategy
            | Purpose::OpenPosition
            | Purpose::OpenSuite
            | Purpose::ImportGroup => "Open",
        }
    }

    /// The browser file picker's `accept` list for this purpose.
    fn accept(self) -> &'static str {
        match self {
            Purpose::OpenStrategy | Purpose::SaveStrategy | Purpose::ImportGroup => ".json",
            Purpose::OpenPosition => ".txt,.json,.pos",
            Purpose::OpenSuite => ".jsonl,.txt",
        }
    }

    fn shows(self, path: &Path) -> bool {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        match self {
            Purpose::OpenStrategy | Purpose::SaveStrategy | Purpose::ImportGroup => {
                is_strategy_path(path)
            }
            Purpose::OpenPosition => matches!(ext.as_str(), "txt" | "json" | "pos" | ""),
            Purpose::OpenSuite => matches!(ext.as_str(), "jsonl" | "txt"),
        }
    }
}

/// How the browser was closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// This file was chosen.
    File(PathBuf),
    /// Nothing was chosen.
    Cancelled,
}

/// The browser's state while it is open.
#[derive(Debug)]
pub struct Browser {
    purpose: Purpose,
    dir: PathBuf,
    name: String,
    entries: Vec<(String, bool)>,
    error: Option<String>,
    /// Whether the file name field has been given the keyboard focus (once,
    /// when the browser opens: Enter then confirms the name filled in).
    focused: bool,
    /// Whether a file was asked of the web browser's picker.
    picking: bool,
}

impl Browser {
    /// A browser for `purpose` showing `dir`, with `name` filled in.
    pub fn new(purpose: Purpose, dir: PathBuf, name: String) -> Browser {
        let mut browser = Browser {
            purpose,
            dir,
            name,
            entries: Vec::new(),
            error: None,
            focused: false,
            picking: false,
        };
        browser.refresh();
        browser
    }

    /// What the browser is for.
    pub fn purpose(&self) -> Purpose {
        self.purpose
    }

    fn refresh(&mut self) {
        self.entries.clear();
        match platform::list_dir(&self.dir) {
            Ok(list) => {
                for (name, is_dir) in list {
                    let path = self.dir.join(&name);
                    if name.starts_with('.') {
                        continue;
                    }
                    if is_dir || self.purpose.shows(&path) {
                        self.entries.push((name, is_dir));
                    }
                }
                self.entries
                    .sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
                self.error = None;
            }
            Err(e) => self.error = Some(e),
        }
    }

    fn enter(&mut self, dir: PathBuf) {
        self.dir = dir;
        self.refresh();
    }

    /// The file the name field names (with `.json` added when saving without an extension).
    fn target(&self) -> Option<PathBuf> {
        let name = self.name.trim();
        if name.is_empty() {
            return None;
        }
        let mut path = self.dir.join(name);
        if self.purpose == Purpose::SaveStrategy && path.extension().is_none() {
            path.set_extension("json");
        }
        Some(path)
    }

    /// Draws the browser in a modal window; returns the choice once made.
    pub fn ui(&mut self, ctx: &egui::Context) -> Option<Choice> {
        let mut choice = None;
        let modal = egui::Modal::new(egui::Id::new("editor_browser")).show(ctx, |ui| {
            ui.set_width(layout::dialog_width(ctx, 480.0));
            ui.heading(self.purpose.title());
            ui.horizontal(|ui| {
                let parent = self.dir.parent().map(Path::to_path_buf);
                if ui
                    .add_enabled(parent.is_some(), egui::Button::new("⬆ Up"))
                    .clicked()
                    && let Some(p) = parent
                {
                    self.enter(p);
                }
                // A long folder is cut short on a phone (whole on hover).
                let dir = self.dir.display().to_string();
                ui.add(egui::Label::new(RichText::new(&dir).monospace()).truncate())
                    .on_hover_text(dir);
            });
            ui.separator();
            if let Some(chosen) = self.list_ui(ui) {
                choice = Some(Choice::File(chosen));
            }
            if let Some(chosen) = self.pick_ui(ui) {
                choice = Some(Choice::File(chosen));
            }
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("File name:");
                let r = ui.add(
                    egui::TextEdit::singleline(&mut self.name)
                        .desired_width(ui.available_width().min(340.0)),
                );
                r.widget_info(|| WidgetInfo::labeled(WidgetType::TextEdit, true, "file name"));
                if !self.focused {
                    self.focused = true;
                    r.request_focus();
                }
                if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    choice = self.confirm();
                }
            });
            if self.purpose == Purpose::SaveStrategy
                && let Some(target) = self.target()
                && platform::is_file(&target)
            {
                ui.label(
                    RichText::new(format!("{} exists and will be replaced.", target.display()))
                        .color(theme::HINT_TEXT),
                );
            }
            if let Some(e) = &self.error {
                ui.label(RichText::new(e).color(theme::ERROR_TEXT));
            }
            ui.horizontal(|ui| {
                let ready = self.target().is_some();
                if ui
                    .add_enabled(ready, egui::Button::new(self.purpose.verb()))
                    .clicked()
                {
                    choice = self.confirm();
                }
                if ui.button("Cancel").clicked() {
                    choice = Some(Choice::Cancelled);
                }
            });
        });
        if modal.should_close() && choice.is_none() {
            choice = Some(Choice::Cancelled);
        }
        choice
    }

    /// In the web page: a button that asks the browser for a file from the
    /// user's computer, and that file once it is read.
    fn pick_ui(&mut self, ui: &mut Ui) -> Option<PathBuf> {
        if !platform::PICKS_FILES || self.purpose == Purpose::SaveStrategy {
            return None;
        }
        if ui.button("From this computer…").clicked() {
            platform::pick_file(self.purpose.accept());
            self.picking = true;
        }
        if !self.picking {
            return None;
        }
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(100));
        match platform::take_picked()? {
            Ok(path) => {
                self.picking = false;
                Some(path)
            }
            Err(e) => {
                self.picking = false;
                self.error = Some(e);
                None
            }
        }
    }

    fn list_ui(&mut self, ui: &mut Ui) -> Option<PathBuf> {
        let mut chosen = None;
        let mut enter = None;
        egui::ScrollArea::vertical()
            .max_height(260.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                if self.entries.is_empty() {
                    ui.label(RichText::new("(no matching files here)").color(theme::MUTED_TEXT));
                }
                for (name, is_dir) in &self.entries {
                    if *is_dir {
                        if ui.button(format!("📁 {name}")).clicked() {
                            enter = Some(self.dir.join(name));
                        }
                    } else {
                        let selected = self.name == *name;
                        let r = ui.selectable_label(selected, name.as_str());
                        if r.clicked() {
                            self.name = name.clone();
                        }
                        if r.double_clicked() {
                            chosen = Some(self.dir.join(name));
                        }
                    }
                }
            });
        if let Some(dir) = enter {
            self.enter(dir);
        }
        chosen
    }

    fn confirm(&mut self) -> Option<Choice> {
        let target = self.target()?;
        if platform::is_dir(&target) {
            self.enter(target);
            self.name.clear();
            return None;
        }
        if self.purpose != Purpose::SaveStrategy && !platform::is_file(&target) {
            self.error = Some(format!("there is no file {}", target.display()));
            return None;
        }
        Some(Choice::File(target))
    }
}
