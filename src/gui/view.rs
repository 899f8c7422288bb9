//! The app's top-level views, the tabs of its top bar. A leaf: it depends on
//! nothing else of the app, so any module (the views, the platform's start-up)
//! may name a view.

use serde::{Deserialize, Serialize};

/// The app's top-level views.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum View {
    /// Build a strategy graph.
    #[default]
    Editor,
    /// Play a game.
    Play,
    /// Run matches and tournaments.
    Arena,
    /// Step through a game.
    Replay,
}

impl View {
    /// All views, in tab order.
    pub const ALL: [View; 4] = [View::Editor, View::Play, View::Arena, View::Replay];

    /// The tab's title.
    pub fn title(self) -> &'static str {
        match self {
            View::Editor => "Editor",
            View::Play => "Play",
            View::Arena => "Arena",
            View::Replay => "Replay",
        }
    }
}
