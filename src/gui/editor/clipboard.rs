//! The editor's clipboard: the nodes copied (or cut) within the app, and
//! where the next paste goes. A copy also puts the nodes on the system
//! clipboard as strategy text; a paste always takes the app's own copy
//! (pasted nodes get new ids, see [`Clip::paste`]).
//!
//! Invariant: `pastes` counts the pastes since the last copy, so that pastes
//! made without the pointer over the canvas land 40 units further each
//! time instead of on top of each other.

use std::collections::BTreeSet;

use egui::{Event, Key};

use crate::strategy::{NodeId, Strategy};

use super::canvas::Canvas;
use super::edit::{Clip, Edit};

/// The step between pastes made without the pointer over the canvas.
const PASTE_STEP: f32 = 40.0;

/// The nodes copied and the pastes made of them.
#[derive(Debug, Default)]
pub struct Clipboard {
    clip: Clip,
    pastes: u32,
}

impl Clipboard {
    /// Copies the nodes `ids` of `graph` (and puts them as strategy text on
    /// the system clipboard); the message saying so.
    pub fn copy(
        &mut self,
        graph: &Strategy,
        ids: &BTreeSet<NodeId>,
        ctx: &egui::Context,
    ) -> String {
        self.clip = Clip::of(graph, ids);
        self.pastes = 0;
        let mut snippet = Strategy::new("copied nodes");
        let _ = self.clip.paste(&mut snippet, [0.0, 0.0]);
        ctx.copy_text(snippet.to_json());
        let n = self.clip.nodes.len();
        format!("Copied {n} node{}", if n == 1 { "" } else { "s" })
    }

    /// The edit that pastes the copied nodes under the pointer when it is
    /// over `canvas` (else next to the originals); none when nothing was copied.
    pub fn paste(&mut self, ctx: &egui::Context, canvas: &Canvas) -> Option<Edit> {
        if self.clip.is_empty() {
            return None;
        }
        self.pastes += 1;
        let min = self.clip.nodes.iter().fold([f32::MAX, f32::MAX], |m, n| {
            [m[0].min(n.pos[0]), m[1].min(n.pos[1])]
        });
        let pointer = ctx.input(|i| i.pointer.latest_pos());
        let offset = match pointer.filter(|p| canvas.view.screen.contains(*p)) {
            Some(p) => {
                let at = canvas.to_canvas(p);
                [at.x - min[0], at.y - min[1]]
            }
            None => {
                let step = PASTE_STEP * self.pastes as f32;
                [step, step]
            }
        };
        Some(Edit::Paste(self.clip.clone(), offset))
    }
}

/// Whether `events` ask to copy, cut and paste: the platform's clipboard
/// events or Ctrl+C, X and V.
pub fn requests(events: &[Event]) -> (bool, bool, bool) {
    let mut found = (false, false, false);
    for e in events {
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
}
