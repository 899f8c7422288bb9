//! "Import group…": a strategy file is chosen with the editor's file
//! browser, then one of its groups from the list this dialog shows; the
//! group (with the groups it uses) is copied into the strategy and one
//! instance of it placed in view, as one undoable step
//! ([`GroupEdit::Import`](super::super::edit::GroupEdit::Import)).

use egui::RichText;

use crate::gui::theme;
use crate::strategy::Strategy;

use super::GROUP_MARK;

/// A strategy whose groups are offered for import.
#[derive(Debug)]
pub struct ImportPick {
    /// Where it comes from, as shown ("tests/…/lib.json").
    pub source: String,
    /// The strategy.
    pub strategy: Box<Strategy>,
}

/// What the list of groups was closed with.
#[derive(Debug)]
pub enum ImportChoice {
    /// The group of this id.
    Group(String),
    /// No group.
    Cancelled,
}

impl ImportPick {
    /// The groups of `from` (described as `source`) to import, or why there
    /// are none.
    pub fn of(from: Strategy, source: String) -> Result<ImportPick, String> {
        if from.groups().is_empty() {
            return Err(format!("{source} has no groups to import"));
        }
        Ok(ImportPick {
            source,
            strategy: Box::new(from),
        })
    }

    /// The list of groups to import in a modal window; the choice once made.
    pub fn ui(&self, ctx: &egui::Context) -> Option<ImportChoice> {
        let mut chosen = None;
        let mut cancel = false;
        let modal = egui::Modal::new(egui::Id::new("editor_import_group")).show(ctx, |ui| {
            ui.set_width(crate::gui::layout::dialog_width(ctx, 420.0));
            ui.heading("Import a group");
            ui.label(RichText::new(&self.source).color(theme::MUTED_TEXT));
            ui.separator();
            for (id, def) in self.strategy.groups() {
                let pins = format!(
                    "{} input{}, {} output{}, {} nodes inside",
                    def.inputs.len(),
                    if def.inputs.len() == 1 { "" } else { "s" },
                    def.outputs.len(),
                    if def.outputs.len() == 1 { "" } else { "s" },
                    def.body.nodes().len()
                );
                let name = self.strategy.group_name(id);
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
        match chosen {
            Some(id) => Some(ImportChoice::Group(id)),
            None if cancel => Some(ImportChoice::Cancelled),
            None => None,
        }
    }
}
