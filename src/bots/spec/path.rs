//! Which paths name strategy files: the one owner of the `.json`
//! extension, asked by the spec grammar and by the built-ins' `graph=`
//! option alike.

use std::path::Path;

/// The extension of strategy files (compared without regard to case).
pub const STRATEGY_EXTENSION: &str = "json";

/// Whether `path` names a strategy file by its extension (`.json`, any case).
pub fn is_strategy_path(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(STRATEGY_EXTENSION))
}
