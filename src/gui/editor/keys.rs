//! The editor's keyboard: undo and redo, delete, duplicate, select all,
//! copy, cut and paste (within the app; pasted nodes get new ids), save,
//! open, new and fit (and, in [`super::labels`], F2 to name a node and
//! Ctrl+Shift+F to frame the selection). Canvas keys wait while a text field
//! has the focus.

use egui::{Key, Modifiers};

use super::clipboard;
use super::edit::Edit;
use super::file::After;
use super::{EditorSettings, EditorView};

impl EditorView {
    /// Undo, redo, delete, duplicate, copy, cut, paste, select all, save,
    /// open, new and fit, from the keyboard.
    pub(super) fn shortcuts(
        &mut self,
        ctx: &egui::Context,
        settings: &mut EditorSettings,
        now: f64,
    ) {
        // An empty, focused palette search edits no text: Ctrl shortcuts
        // still reach the canvas (plain keys such as Delete stay with it).
        let typing = ctx.text_edit_focused();
        let editing = typing && !self.palette.has_idle_focus();
        if self.file_keys(ctx, settings) || editing {
            return;
        }
        self.edit_keys(ctx, now);
        self.annotation_keys(ctx, now);
        if typing {
            return;
        }
        self.canvas_keys(ctx, now);
        self.clipboard_keys(ctx, now);
        self.group_keys(ctx, now);
    }

    /// Save as, save, open and new, which work even while text is edited;
    /// whether one was pressed (the frame's other keys then wait).
    fn file_keys(&mut self, ctx: &egui::Context, settings: &mut EditorSettings) -> bool {
        let cmd = Modifiers::COMMAND;
        if ctx.input_mut(|i| i.consume_key(cmd | Modifiers::SHIFT, Key::S)) {
            self.save_as(settings);
        } else if ctx.input_mut(|i| i.consume_key(cmd, Key::S)) {
            self.save(settings);
        } else if ctx.input_mut(|i| i.consume_key(cmd, Key::O)) {
            self.browse_open(settings);
        } else if ctx.input_mut(|i| i.consume_key(cmd, Key::N)) {
            self.request(After::New, settings, ctx);
        } else {
            return false;
        }
        true
    }

    /// The Ctrl keys of the graph: redo, undo, select all and duplicate.
    fn edit_keys(&mut self, ctx: &egui::Context, now: f64) {
        let cmd = Modifiers::COMMAND;
        let shift_cmd = Modifiers::COMMAND | Modifiers::SHIFT;
        if ctx.input_mut(|i| i.consume_key(shift_cmd, Key::Z) || i.consume_key(cmd, Key::Y)) {
            self.redo();
        } else if ctx.input_mut(|i| i.consume_key(cmd, Key::Z)) {
            self.undo();
        }
        if ctx.input_mut(|i| i.consume_key(cmd, Key::A)) {
            self.canvas.selection = self.doc.graph().nodes().iter().map(|n| n.id).collect();
            // Not the nodes collapsed frames hide.
            self.canvas.prune(self.doc.graph());
        }
        if ctx.input_mut(|i| i.consume_key(cmd, Key::D)) {
            let ids = self.canvas.selection.clone();
            if !ids.is_empty() {
                self.apply(Edit::Duplicate(ids), now);
            }
        }
    }

    /// The plain keys of the canvas: Delete (or Backspace) and F to fit.
    fn canvas_keys(&mut self, ctx: &egui::Context, now: f64) {
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
    }

    /// Copy, cut and paste of nodes.
    fn clipboard_keys(&mut self, ctx: &egui::Context, now: f64) {
        let (copy, cut, paste) = ctx.input(|i| clipboard::requests(&i.events));
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
}
