//! Programs as players in the app: a `cmd:COMMAND ARGS…` spec names a
//! program speaking the engine protocol (`docs/protocol.md`). This file holds
//! what the seat menus need of them: turning a typed command line into a
//! spec (with the reason when it cannot be split), a short name for menus,
//! the list of recently used programs that is saved with the settings, and
//! the menu items that offer them. Nothing here starts a program: that is
//! [`crate::gui::program_dialog`]'s check and the play view's starter, both
//! off the UI thread.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::bots::{BotError, ExternalError, PROGRAM_PREFIX, SpecKind};
use crate::protocol::split_command_line;

/// How many recently used programs are remembered.
pub const MAX_RECENT: usize = 8;

/// The longest short name of a program, in characters (menus and tables
/// are narrow; the whole command line shows on hover).
pub const MAX_NAME_CHARS: usize = 32;

/// The spec of a typed command line (a leading `cmd:` is allowed), or why
/// it is not one: empty, or a quote that is never closed.
pub fn program_spec(line: &str) -> Result<String, String> {
    let line = line.trim();
    let line = line.strip_prefix(PROGRAM_PREFIX).unwrap_or(line).trim();
    split_command_line(line).map_err(|e| e.to_string())?;
    Ok(format!("{PROGRAM_PREFIX}{line}"))
}

/// The command line of a program spec (without `cmd:`).
pub fn command_line(spec: &str) -> &str {
    let spec = spec.trim();
    spec.strip_prefix(PROGRAM_PREFIX).unwrap_or(spec).trim()
}

/// A short name for a program spec: the program's file name and its
/// arguments (`chainlab engine bot:greedy` for `cmd:/x/y/chainlab engine
/// bot:greedy`), or the command line when it cannot be split, cut to
/// [`MAX_NAME_CHARS`] with an ellipsis.
pub fn program_name(spec: &str) -> String {
    let line = command_line(spec);
    let name = match split_command_line(line) {
        Ok(mut words) => {
            if let Some(first) = words.first_mut()
                && let Some(name) = Path::new(first.as_str()).file_name()
            {
                *first = name.to_string_lossy().into_owned();
            }
            join_words(&words)
        }
        Err(_) => line.to_string(),
    };
    match name.char_indices().nth(MAX_NAME_CHARS - 1) {
        Some((cut, _)) => format!("{}…", name.get(..cut).unwrap_or_default()),
        None => name,
    }
}

/// A command line that splits back into `words` (each quoted when needed).
pub fn join_words(words: &[String]) -> String {
    words
        .iter()
        .map(|w| quote_word(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `word` as one word of a command line: as it is when it is plain,
/// otherwise in single quotes (a quote inside as `'\''`).
pub fn quote_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || "-_./:=,+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// `line` with its program replaced by `program` (a chosen file), keeping
/// the arguments when the line can be split.
pub fn with_program(line: &str, program: &Path) -> String {
    let program = program.to_string_lossy().into_owned();
    let mut words = split_command_line(line).unwrap_or_default();
    match words.first_mut() {
        Some(first) => *first = program,
        None => words.push(program),
    }
    join_words(&words)
}

/// Why the program `who` (its command line or name) could not start, naming
/// it once: the operating system's refusal names the program already; what
/// a started program did wrong (no handshake, another protocol version, an
/// exit) follows its name.
pub fn start_error(who: &str, error: &BotError) -> String {
    match error {
        BotError::External(ExternalError::Start { .. }) => error.to_string(),
        BotError::External(_) => format!("'{who}' {error}"),
        _ => error.to_string(),
    }
}

/// The programs used last, most recent first, without repeats; saved with
/// the app's settings and offered in the seat menus.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RecentPrograms(Vec<String>);

impl RecentPrograms {
    /// The specs (`cmd:…`), most recent first.
    pub fn specs(&self) -> &[String] {
        &self.0
    }

    /// Puts `spec` first (moving it up if it was listed), keeping at most
    /// [`MAX_RECENT`]; specs that are not programs are ignored.
    pub fn add(&mut self, spec: &str) {
        let spec = spec.trim();
        if SpecKind::of(spec) != Some(SpecKind::Program) {
            return;
        }
        self.0.retain(|s| s != spec);
        self.0.insert(0, spec.to_string());
        self.0.truncate(MAX_RECENT);
    }

    /// Whether no program was used yet.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The menu items for programs: "Program…" (returns true when clicked),
/// then the recent programs under a small heading, each drawn by `item`
/// with its spec and short name (its command line on hover).
pub fn programs_menu(
    ui: &mut egui::Ui,
    recent: &RecentPrograms,
    mut item: impl FnMut(&mut egui::Ui, &str, &str) -> egui::Response,
) -> bool {
    // Where programs cannot run (the web page) the item is disabled and says why.
    let refused = crate::gui::platform::can_run_programs().err();
    let clicked = ui
        .add_enabled(
            refused.is_none(),
            egui::Button::selectable(false, "Program…"),
        )
        .on_hover_text(
            "A program that plays by the chainlab engine protocol (docs/protocol.md), \
             such as python3 examples/engines/starter_bot.py.",
        )
        .on_disabled_hover_text(refused.unwrap_or_default())
        .clicked();
    if !recent.is_empty() {
        ui.separator();
        ui.label(egui::RichText::new("Programs").small().weak());
        for spec in recent.specs() {
            item(ui, spec, &program_name(spec)).on_hover_text(command_line(spec));
        }
    }
    clicked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_lines_become_specs_or_say_why_not() {
        assert_eq!(program_spec("  ./bot --fast ").unwrap(), "cmd:./bot --fast");
        assert_eq!(
            program_spec("cmd: python3 a.py").unwrap(),
            "cmd:python3 a.py"
        );
        assert!(program_spec("   ").unwrap_err().contains("empty"));
        assert!(program_spec("cmd:").unwrap_err().contains("empty"));
        let unclosed = program_spec("python3 'my bot.py").unwrap_err();
        assert!(unclosed.contains("never closed"), "{unclosed}");
    }

    #[test]
    fn names_are_short_and_quoting_round_trips() {
        assert_eq!(
            program_name("cmd:/a/b/chainlab engine bot:greedy"),
            "chainlab engine bot:greedy"
        );
        assert_eq!(program_name("cmd:python3 'x y.py'"), "python3 'x y.py'");
        let long = program_name("cmd:sh -c 'sleep 3; exec /a/very/long/path/to/an/engine'");
        assert_eq!(long.chars().count(), MAX_NAME_CHARS);
        assert!(
            long.starts_with("sh -c 'sleep 3; exec") && long.ends_with('…'),
            "{long}"
        );
        for word in ["plain", "with space", "it's", "", "$HOME", "a\"b"] {
            let line = join_words(&["prog".to_string(), word.to_string()]);
            assert_eq!(
                split_command_line(&line).unwrap(),
                vec!["prog".to_string(), word.to_string()],
                "{line}"
            );
        }
        let line = with_program("old --depth 3", Path::new("/my bots/new"));
        assert_eq!(line, "'/my bots/new' --depth 3");
        assert_eq!(with_program("", Path::new("/bin/x")), "/bin/x");
    }

    #[test]
    fn recent_programs_are_deduplicated_newest_first_and_capped() {
        let mut recent = RecentPrograms::default();
        recent.add("bot:greedy");
        assert!(recent.is_empty(), "only programs are remembered");
        for i in 0..12 {
            recent.add(&format!("cmd:bot{i}"));
        }
        recent.add("cmd:bot8");
        assert_eq!(recent.specs().len(), MAX_RECENT);
        assert_eq!(recent.specs()[0], "cmd:bot8");
        assert_eq!(recent.specs()[1], "cmd:bot11");
        assert_eq!(
            recent.specs().iter().filter(|s| *s == "cmd:bot8").count(),
            1
        );
    }
}
