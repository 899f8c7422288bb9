//! The editor's toolbar (file menu, undo and redo, fit and tidy, delete and
//! duplicate, the file's name with the unsaved marker, and the buttons that
//! hand the graph to the arena and the play view) and the strategy's name
//! and description (shown in the side panel's Strategy tab).

use egui::RichText;

use crate::gui::command::{Command, StrategyEntry};
use crate::gui::layout::Layout;
use crate::gui::theme;

use super::document::Location;
use super::edit::Edit;
use super::file::{After, shipped_files, shown_name};
use super::{EditorSettings, EditorView};

impl EditorView {
    /// The toolbar: the file menu, the edit buttons, the file's name, and
    /// the buttons that hand the graph to the play view and the arena.
    pub(super) fn toolbar(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut EditorSettings,
        commands: &mut Vec<Command>,
    ) {
        let wide = Layout::of_ui(ui) == Layout::Wide;
        let row = |ui: &mut egui::Ui| {
            ui.menu_button("File", |ui| self.file_menu(ui, settings));
            self.history_buttons(ui);
            ui.separator();
            self.graph_buttons(ui);
            ui.separator();
            self.file_name_ui(ui);
            if wide {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    self.hand_over_buttons(ui, commands);
                    self.share_button(ui);
                });
            } else {
                self.hand_over_buttons(ui, commands);
                self.share_button(ui);
            }
        };
        // Short of room, the buttons wrap to more lines instead of running
        // off the right edge.
        match wide {
            true => ui.horizontal(row),
            false => ui.horizontal_wrapped(row),
        };
    }

    /// The button that copies a link holding this strategy.
    fn share_button(&mut self, ui: &mut egui::Ui) {
        if ui
            .button("Share link")
            .on_hover_text("Copy a link that holds this strategy")
            .clicked()
        {
            self.share(ui.ctx());
        }
    }

    /// Undo and Redo, naming the edit they undo or redo.
    fn history_buttons(&mut self, ui: &mut egui::Ui) {
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
    }

    /// Fit and Tidy up for the whole graph, Delete and Duplicate for the
    /// selection.
    fn graph_buttons(&mut self, ui: &mut egui::Ui) {
        let now = ui.input(|i| i.time);
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
            self.apply(Edit::Arrange, now);
            self.canvas.fit();
        }
        let selected = !self.canvas.selection.is_empty();
        if ui
            .add_enabled(selected, egui::Button::new("Delete"))
            .on_hover_text("Delete the selected nodes (Delete)")
            .clicked()
        {
            self.apply(Edit::Delete(self.canvas.selection.clone()), now);
        }
        if ui
            .add_enabled(selected, egui::Button::new("Duplicate"))
            .on_hover_text("Duplicate the selected nodes (Ctrl+D)")
            .clicked()
        {
            self.apply(Edit::Duplicate(self.canvas.selection.clone()), now);
        }
    }

    /// The file's name with the unsaved marker, where it lives on hover, and
    /// whether it is a shipped strategy.
    fn file_name_ui(&self, ui: &mut egui::Ui) {
        let name = shown_name(&self.doc);
        let marker = if self.doc.is_dirty() { "• " } else { "" };
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
    }

    /// "Play against it" and "Test this strategy", disabled while the graph
    /// has errors.
    fn hand_over_buttons(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let errors = self.analysis.report.has_errors();
        let why = "Fix the errors first (see Problems).";
        let entry = || StrategyEntry {
            label: self.doc.strategy().name.clone(),
            strategy: self.doc.strategy().clone(),
        };
        let button = |ui: &mut egui::Ui, text: &str, hover: &str| {
            let r = ui.add_enabled(!errors, egui::Button::new(text));
            let r = if errors {
                r.on_disabled_hover_text(why)
            } else {
                r.on_hover_text(hover)
            };
            r.clicked()
        };
        if button(ui, "Play against it", "Play a game against this graph") {
            commands.push(Command::PlayAgainst(Box::new(entry())));
        }
        if button(
            ui,
            "Test this strategy",
            "Run it in the arena against other players",
        ) {
            commands.push(Command::TestInArena(Box::new(entry())));
        }
        if button(
            ui,
            "Test in a search",
            "Let the computer search with this graph: the expert's alpha-beta, 4 plies deep over \
             the graph's 5 best moves at every node, tested in the arena (depth and width are \
             set there)",
        ) {
            commands.push(Command::TestInSearch(Box::new(entry())));
        }
    }

    pub(super) fn file_menu(&mut self, ui: &mut egui::Ui, settings: &mut EditorSettings) {
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
            // Files gone since (deleted, or in the page: lost with a reload) are not offered.
            let recent: Vec<_> = settings
                .recent
                .iter()
                .filter(|p| crate::gui::platform::is_file(p))
                .cloned()
                .collect();
            if recent.is_empty() {
                ui.label(RichText::new("no recent files").color(theme::MUTED_TEXT));
            }
            for path in recent {
                let name = path.display().to_string();
                if ui.button(&name).clicked() {
                    self.request(After::Open(path), settings, &ctx);
                    ui.close();
                }
            }
        });
        if ui
            .button("Open link…")
            .on_hover_text("Open the strategy of a share link")
            .clicked()
        {
            self.ask_link();
            ui.close();
        }
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
        if ui
            .button("Share link…")
            .on_hover_text("A link that holds this strategy: copy it and send it")
            .clicked()
        {
            self.share(&ctx);
            ui.close();
        }
        ui.separator();
        if ui
            .button("Import group…")
            .on_hover_text("Copy a group from another strategy file into this one")
            .clicked()
        {
            self.browse_import(settings);
            ui.close();
        }
    }

    /// The strategy's name and description.
    pub(super) fn about_ui(&mut self, ui: &mut egui::Ui, now: f64) {
        ui.add_space(4.0);
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
}
