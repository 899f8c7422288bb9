//! The app's top-level views, the tabs of its top bar. A leaf: it depends on
//! nothing else of the app, so any module (the views, the platform's start-up)
//! may name a view.
//!
//! The enum, its list of tabs and their titles come from one table
//! (`views!`), so a view cannot be added without its tab and title.

use serde::{Deserialize, Serialize};

/// Declares [`View`] with [`View::ALL`] and [`View::title`] from one list.
macro_rules! views {
    ($($(#[$doc:meta])* $view:ident = $title:literal),+ $(,)?) => {
        /// The app's top-level views.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum View {
            $($(#[$doc])* $view,)+
        }

        impl View {
            /// All views, in tab order.
            pub const ALL: &'static [View] = &[$(View::$view),+];

            /// The tab's title.
            pub fn title(self) -> &'static str {
                match self {
                    $(View::$view => $title,)+
                }
            }
        }
    };
}

views! {
    /// Build a strategy graph.
    #[default]
    Editor = "Editor",
    /// Play a game.
    Play = "Play",
    /// Run matches and tournaments.
    Arena = "Arena",
    /// Step through a game.
    Replay = "Replay",
}
