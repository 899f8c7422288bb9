//! What the editor remembers between runs (with the app's settings; panel
//! sizes are remembered by egui itself).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The editor's saved settings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EditorSettings {
    /// The strategy file open at exit, opened again at start.
    pub last_file: Option<PathBuf>,
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// The folder strategies were last saved to (offered for saving).
    pub user_dir: Option<PathBuf>,
    /// The preview board's position, in text notation.
    pub preview: String,
    /// A puzzle suite file for the Puzzles panel, instead of the built-in
    /// suite.
    pub puzzles: Option<PathBuf>,
}
