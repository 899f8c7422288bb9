//! "Import group…": choose a strategy file with the editor's file browser,
//! then one of its groups; the group (with the groups it uses) is copied
//! into the strategy and one instance of it placed in view, as one undoable
//! step.

use std::path::{Path, PathBuf};

use egui::RichText;

use crate::gui::seats::shipped_strategies_dir;
use crate::gui::{platform, theme};
use crate::strategy::{Kind, Strategy};

use super::EditorView;
use super::browser::{Browser, Purpose};
use super::edit::Edit;
use super::files::user_dir;
use super::group_edit::GroupEdit;
use super::groups::{GROUP_MARK, ImportPick};
use super::settings::EditorSettings;

impl EditorView {
    /// Opens the file browser to choose a strategy to import a group from.
    pub(super) fn browse_import(&mut self, settings: &EditorSettings) {
        let dir = self
            .doc
            .location()
            .path()
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .filter(|d| platform::is_dir(d))
            .or_else(|| Some(user_dir(settings)).filter(|d| platform::is_dir(d)))
            .or_else(shipped_strategies_dir)
            .unwrap_or_else(|| PathBuf::from("."));
        self.browser = Some(Browser::new(Purpose::ImportGroup, dir, String::new()));
    }

    /// Loads `path` and offers its groups (or says why it cannot).
    pub(super) fn pick_import(&mut self, path: &Path) {
        match platform::load_strategy(path) {
            Ok(s) => self.offer_import(s, path.display().to_string()),
            Err(e) => self.notify_error(format!("Could not import from {}: {e}", path.display())),
        }
    }

    /// Offers the groups of `from` (described as `source`) for import.
    pub fn offer_import(&mut self, from: Strategy, source: String) {
        if from.groups().is_empty() {
            self.notify_error(format!("{source} has no groups to import"));
            return;
        }
        self.groups.import = Some(ImportPick {
            source,
            strategy: Box::new(from),
        });
    }

    /// The list of groups to import, while one is offered.
    pub(super) fn import_ui(&mut self, ctx: &egui::Context, now: f64) {
        let Some(pick) = &self.groups.import else {
            return;
        };
        let mut chosen = None;
        let mut cancel = false;
        let modal = egui::Modal::new(egui::Id::new("editor_import_group")).show(ctx, |ui| {
            ui.set_width(420.0);
            ui.heading("Import a group");
            ui.label(RichText::new(&pick.source).color(theme::MUTED_TEXT));
            ui.separator();
            for (id, def) in pick.strategy.groups() {
                let pins = format!(
                    "{} input{}, {} output{}, {} nodes inside",
                    def.inputs.len(),
                    if def.inputs.len() == 1 { "" } else { "s" },
                    def.outputs.len(),
                    if def.outputs.len() == 1 { "" } else { "s" },
                    def.body.nodes().len()
                );
                let name = pick.strategy.group_name(id);
                let r = ui
                    .button(format!("{GROUP_MARK} {name}"))
                    .on_hover_text(format!("{pins}\n{}", def.body.description));
                if r.clicked() {
                    chosen = Some(id.clone());
                }
                ui.label(RichText::new(pins).small().color(theme::MUTED_TEXT));
            }
            ui.separator();
            if ui.button("Cancel").clicked() {
                cancel = true;
            }
        });
        if modal.should_close() {
            cancel = true;
        }
        if let Some(id) = chosen
            && let Some(pick) = self.groups.import.take()
        {
            let graph = self.doc.graph();
            let pos = self
                .canvas
                .free_spot(graph, Kind::Group)
                .unwrap_or_else(|| self.canvas.spot_beside(graph));
            let name = pick.strategy.group_name(&id);
            let before = self.doc.revision();
            self.apply(
                Edit::Group(GroupEdit::Import {
                    from: pick.strategy,
                    id,
                    pos,
                }),
                now,
            );
            if self.doc.revision() != before {
                self.notify(format!("Imported group '{name}' from {}", pick.source));
            }
        } else if cancel {
            self.groups.import = None;
        }
    }
}
