//! Where the players of a run keep their side files (engines' stderr logs
//! beside the game records), and the file name each player's log gets.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::bots::BotError;
use crate::bots::external::{EngineLog, Sandbox};

/// Where the players of a run keep their side files: engines' stderr logs
/// go to `<dir>/<prefix><name>.stderr.log` (beside the game records).
#[derive(Clone, Debug, Default)]
pub struct PlayerContext {
    /// The folder and file-name prefix of engine logs; none: no logs (the
    /// last stderr lines still appear in a forfeit's reason).
    pub logs: Option<(PathBuf, String)>,
    /// Whether programs run sandboxed (off unless the caller turns it on:
    /// the command line and the app do, through the running binary).
    pub sandbox: Sandbox,
    /// Options to set on a program, after (and over) its manifest's.
    pub engine_options: Vec<(String, String)>,
}

impl PlayerContext {
    /// Logs beside `records`: `runs/m.jsonl` gives `runs/m.jsonl.<name>.stderr.log`.
    pub fn beside(records: &Path) -> PlayerContext {
        let dir = records
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let name = records
            .file_name()
            .map_or_else(String::new, |n| format!("{}.", n.to_string_lossy()));
        PlayerContext {
            logs: Some((dir, name)),
            ..PlayerContext::default()
        }
    }

    /// The part of a log's file name that names the player labelled
    /// `label`: ASCII letters, digits and dots, every other run of
    /// characters as one `-`, at most 60 characters ("player" if empty); a
    /// longer one is cut to 51 and ends with `-` and 8 hex digits of a hash
    /// of the whole label, so that labels differing late get different logs.
    pub fn log_name(label: &str) -> String {
        let mut slug = label
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' {
                    c
                } else {
                    '-'
                }
            })
            .collect::<String>()
            .split('-')
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        if slug.len() > 60 {
            // Two labels alike in their first characters must not share a
            // log: the cut name ends with a hash of the whole label.
            let hash = crate::rng::Fnv1a::of(label.as_bytes());
            slug.truncate(51);
            slug = format!("{slug}-{:08x}", hash as u32);
        }
        if slug.is_empty() {
            "player".to_string()
        } else {
            slug
        }
    }

    /// The log file of the engine labelled `label`, created empty.
    pub(super) fn log_for(&self, label: &str) -> Result<Option<Arc<EngineLog>>, BotError> {
        let Some((dir, prefix)) = &self.logs else {
            return Ok(None);
        };
        let path = dir.join(format!(
            "{prefix}{}.stderr.log",
            PlayerContext::log_name(label)
        ));
        EngineLog::create(&path)
            .map(|log| Some(Arc::new(log)))
            .map_err(|e| {
                BotError::Other(
                    format!("cannot write the engine log {}: {e}", path.display()).into(),
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_labels_that_differ_late_get_different_logs() {
        let stem = format!(
            "cmd:python3 {}",
            "submissions/a-very-long-folder-name/".repeat(3)
        );
        let (one, two) = (format!("{stem}one.py"), format!("{stem}two.py"));
        let (a, b) = (PlayerContext::log_name(&one), PlayerContext::log_name(&two));
        assert_ne!(a, b);
        assert!(a.len() <= 60 && b.len() <= 60, "{a} {b}");
        assert_eq!(
            PlayerContext::log_name(&one),
            a,
            "the same label, the same name"
        );
        assert_eq!(PlayerContext::log_name("cmd:./bot"), "cmd-.-bot");
    }
}
