//! The editor's parts under the app's layout rules ([`crate::gui::layout`]):
//! the graph canvas gets the room, the palette and the side panel (strategy,
//! preview, Tune, Puzzles) sit beside it on a wide screen, one at a time on
//! a medium one, and on tabs of their own on a phone; the problems stay
//! below in every layout.

use crate::gui::layout::{Pane, Panes, Part, Side};
use crate::gui::seats::Catalogue;

use super::group::GroupContext;
use super::{EditorSettings, EditorView, notices, problems};

/// The editor's parts: the graph, the palette and the side panel.
const PANES: Panes<'static> = Panes {
    id: "editor",
    main: "Graph",
    panes: &[
        Pane {
            id: "editor_palette",
            title: "Nodes",
            side: Side::Left,
            width: 190.0,
            min: 150.0,
        },
        Pane {
            id: "editor_side",
            title: "Preview",
            side: Side::Right,
            width: 350.0,
            min: 280.0,
        },
    ],
    first: Some(1),
    bare: true,
};

impl EditorView {
    /// The problems below, then the canvas, the palette and the side panel
    /// as the layout places them.
    pub(super) fn panes_ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut EditorSettings,
        catalogue: &Catalogue,
        now: f64,
    ) {
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
                    PANES.reveal_main(ui.ctx());
                }
            });
        PANES.show(ui, |ui, part| match part {
            Part::Pane(0) => {
                if let Some(kind) = self.palette.ui(ui) {
                    self.add_in_view(kind, now);
                    // On a phone the canvas is on another tab: show the node.
                    PANES.reveal_main(ui.ctx());
                }
            }
            Part::Pane(_) => {
                egui::ScrollArea::vertical()
                    .show(ui, |ui| self.side_ui(ui, settings, catalogue, now));
            }
            Part::Main => self.canvas_area_ui(ui, now),
        });
    }

    /// The canvas with its banner and breadcrumb above.
    fn canvas_area_ui(&mut self, ui: &mut egui::Ui, now: f64) {
        let ctx = ui.ctx().clone();
        self.notices.banner_ui(ui);
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
        notices::hint_ui(&ctx, self.doc.strategy(), self.canvas.view.screen);
        self.drop_ui(&ctx, now);
        self.handle(events, &ctx, now);
    }
}
