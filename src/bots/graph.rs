//! Strategy-graph players (placeholder until the strategy module lands on main).
//!
//! PLACEHOLDER: the lead replaces this file with the real implementation in
//! issue 3; on merge, take main's version.

use std::path::Path;
use std::sync::Arc;

use super::{BotError, PlayerFactory};

/// A factory for the strategy stored in the file at `path`.
pub fn file_factory(path: &Path) -> Result<Arc<dyn PlayerFactory>, BotError> {
    let _ = path;
    Err(BotError::Failed(
        "strategy files need the strategy module".into(),
    ))
}
