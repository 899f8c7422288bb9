//! The kinds of file the views ask for, with the filters each platform's
//! picker shows.

/// What kind of file a dialog asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A strategy graph (`.json`).
    Strategy,
    /// Game records, one JSON object per line (`.jsonl`).
    Records,
    /// A program to run (any file).
    Program,
}

impl FileKind {
    /// The filter's name and extensions; `None` for any file.
    pub fn filter(self) -> Option<(&'static str, Vec<&'static str>)> {
        match self {
            FileKind::Strategy => Some(("Strategies (.json)", vec!["json"])),
            FileKind::Records => Some(("Game records (.jsonl)", vec!["jsonl", "json", "txt"])),
            FileKind::Program => None,
        }
    }

    /// The browser file picker's `accept` list (empty: any file).
    pub fn accept(self) -> String {
        self.filter().map_or_else(String::new, |(_, extensions)| {
            extensions
                .iter()
                .map(|e| format!(".{e}"))
                .collect::<Vec<_>>()
                .join(",")
        })
    }
}
