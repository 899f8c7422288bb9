//! The arena's choices, saved with the app's settings: the players (by
//! spec), the format, and how the games are played; and their validation
//! into the arena's match and tournament configurations.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::arena::{Book, MatchConfig, Sprt, TournamentConfig};
use crate::gui::seats::IN_MEMORY;
use crate::rules::{Rules, Size};

/// A match of two players, or a tournament of more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// The first two players against each other.
    #[default]
    Match,
    /// Every player against every other.
    RoundRobin,
    /// The first player against each of the others.
    Gauntlet,
}

impl Format {
    /// All formats, in menu order.
    pub const ALL: [Format; 3] = [Format::Match, Format::RoundRobin, Format::Gauntlet];

    /// The name in the menu.
    pub fn name(self) -> &'static str {
        match self {
            Format::Match => "Match",
            Format::RoundRobin => "Round robin",
            Format::Gauntlet => "Gauntlet",
        }
    }

    /// One line on what it plays.
    pub fn description(self) -> &'static str {
        match self {
            Format::Match => "Two players, many games: W/L/D, score, Elo with its 95% interval.",
            Format::RoundRobin => "Every player meets every other: a ranking and a crosstable.",
            Format::Gauntlet => {
                "The first player meets each of the others: how it fares against the field."
            }
        }
    }

    /// Whether it is a tournament.
    pub fn is_tournament(self) -> bool {
        self != Format::Match
    }
}

/// The arena's choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ArenaSettings {
    /// The players, by spec (`bot:greedy`, a strategy file's path, `editor:NAME`).
    pub players: Vec<String>,
    /// Match or tournament.
    pub format: Format,
    /// Games per pairing.
    pub games: u64,
    /// Board rows, 2 to 20.
    pub rows: usize,
    /// Board columns, 2 to 20.
    pub cols: usize,
    /// The rule variant.
    pub rules: Rules,
    /// Seats per game (2 to 8); the two sides of a pairing alternate seats.
    pub seats: usize,
    /// The match seed: the same seed plays the same games.
    pub seed: u64,
    /// Random opening plies shared by the two games of a pair.
    pub openings: u32,
    /// The opening book's path (empty for none): each pair plays its next
    /// opening in place of a random one.
    pub book: String,
    /// Worker threads; 0 for one per core.
    pub threads: usize,
    /// Whether a match stops early when the SPRT decides.
    pub sprt: bool,
    /// The SPRT's H0 Elo difference.
    pub elo0: f64,
    /// The SPRT's H1 Elo difference.
    pub elo1: f64,
    /// A per-move time limit in milliseconds (0 for none); a slower move forfeits.
    pub move_limit_ms: u64,
}

impl Default for ArenaSettings {
    fn default() -> Self {
        ArenaSettings {
            players: vec!["bot:greedy".to_string(), "bot:greedy:random=50".to_string()],
            format: Format::Match,
            games: 100,
            rows: Size::JABC.rows(),
            cols: Size::JABC.cols(),
            rules: Rules::Standard,
            seats: 2,
            seed: 1,
            openings: 0,
            book: String::new(),
            threads: 0,
            sprt: false,
            elo0: 0.0,
            elo1: 50.0,
            move_limit_ms: 0,
        }
    }
}

impl ArenaSettings {
    /// The board size, if rows and columns are in range.
    pub fn size(&self) -> Option<Size> {
        Size::new(self.rows, self.cols).ok()
    }

    /// The configuration of each match, or what is wrong with the settings.
    pub fn match_config(&self) -> Result<MatchConfig, String> {
        let size = Size::new(self.rows, self.cols).map_err(|e| e.to_string())?;
        let sprt = if self.sprt && self.format == Format::Match {
            let checked = Sprt::checked(self.elo0, self.elo1, 0.05, 0.05);
            Some(checked.map_err(|e| format!("SPRT: {e}"))?)
        } else {
            None
        };
        let config = MatchConfig {
            games: self.games,
            size,
            rules: self.rules,
            players: self.seats,
            seed: self.seed,
            threads: self.threads,
            opening_plies: self.openings,
            book: None,
            sprt,
            move_limit: (self.move_limit_ms > 0).then(|| Duration::from_millis(self.move_limit_ms)),
            time_control: None,
            placement_cap: None,
            pairing: None,
        };
        config.check().map_err(|e| e.to_string())?;
        Ok(config)
    }

    /// Reads the book chosen (if any) into `config`, in place of random
    /// openings; what is wrong with it otherwise. Reads the file: call it
    /// when a run starts, not every frame.
    pub fn load_book(&self, config: &mut MatchConfig) -> Result<(), String> {
        let path = self.book.trim();
        if path.is_empty() {
            return Ok(());
        }
        let start = config.checked_start().map_err(|e| e.to_string())?;
        let book = Book::read(Path::new(path), &start, config.seed)
            .map_err(|e| format!("Opening book {path}: {e}"))?;
        config.opening_plies = 0;
        config.book = Some(Arc::new(book));
        Ok(())
    }

    /// The configuration of a tournament in this format.
    pub fn tournament_config(&self) -> Result<TournamentConfig, String> {
        Ok(TournamentConfig {
            matches: self.match_config()?,
            gauntlet: self.format == Format::Gauntlet,
        })
    }

    /// Why the players chosen do not fit the format, if they do not.
    pub fn players_problem(&self) -> Option<String> {
        match (self.format, self.players.len()) {
            (Format::Match, 2) => None,
            (_, 0) => Some("Add two players.".to_string()),
            (_, 1) => Some("Add one more player.".to_string()),
            (Format::Match, n) => Some(format!(
                "A match is between two players ({n} chosen): remove players, or choose a \
                 round robin or a gauntlet."
            )),
            _ => None,
        }
    }

    /// The number of pairings the format plays with these players.
    pub fn pairing_count(&self) -> usize {
        let n = self.players.len();
        match self.format {
            Format::Match => 1,
            Format::RoundRobin => n * n.saturating_sub(1) / 2,
            Format::Gauntlet => n.saturating_sub(1),
        }
    }

    /// Drops the players handed over in memory (by the editor) but `keep`:
    /// after a restart only the editor's current strategy is there again.
    pub fn forget_in_memory(&mut self, keep: Option<&str>) {
        self.players
            .retain(|p| !p.starts_with(IN_MEMORY) || Some(p.as_str()) == keep);
    }

    /// Adds `spec` as the first player (moving it there if it is one
    /// already); a match that now has three players becomes a gauntlet, so
    /// that the new player meets each of the others.
    pub fn put_first(&mut self, spec: &str) {
        self.players.retain(|p| p != spec);
        self.players.insert(0, spec.to_string());
        if self.format == Format::Match && self.players.len() > 2 {
            self.format = Format::Gauntlet;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_make_a_valid_match() {
        let settings = ArenaSettings::default();
        assert_eq!(settings.players_problem(), None);
        let config = settings.match_config().unwrap();
        assert_eq!((config.games, config.size), (100, Size::JABC));
    }

    #[test]
    fn bad_settings_are_named() {
        let mut s = ArenaSettings {
            games: 0,
            ..ArenaSettings::default()
        };
        assert!(s.match_config().unwrap_err().contains("games"));
        s.games = 10;
        s.rows = 2;
        s.cols = 2;
        s.seats = 5;
        assert!(s.match_config().unwrap_err().contains("fewer cells"));
        s.seats = 2;
        s.sprt = true;
        s.elo0 = 10.0;
        s.elo1 = 5.0;
        assert!(s.match_config().unwrap_err().contains("SPRT"));
        s.elo0 = f64::NAN;
        assert!(
            s.match_config()
                .unwrap_err()
                .starts_with("SPRT: ELO0 is NaN")
        );
        s.players.push("bot:random".into());
        assert!(s.players_problem().unwrap().contains("remove players"));
        s.players.truncate(1);
        assert_eq!(s.players_problem().unwrap(), "Add one more player.");
        s.format = Format::Gauntlet;
        assert_eq!(s.players_problem().unwrap(), "Add one more player.");
    }

    #[test]
    fn a_book_replaces_random_openings() {
        let path = std::env::temp_dir().join(format!("chainlab-book-{}.txt", std::process::id()));
        std::fs::write(&path, "# two openings\n0,0 4,5\n2,2 2,3 1,1 3,3\n").unwrap();
        let s = ArenaSettings {
            openings: 4,
            book: path.display().to_string(),
            ..ArenaSettings::default()
        };
        let mut config = s.match_config().unwrap();
        assert_eq!(config.book, None, "not read every frame");
        s.load_book(&mut config).unwrap();
        let book = config.book.as_ref().unwrap();
        assert_eq!((book.len(), config.opening_plies), (2, 0));
        std::fs::write(&path, "0,0 9,9\n").unwrap();
        let e = s.load_book(&mut s.match_config().unwrap()).unwrap_err();
        assert!(e.contains("line 1: move 2 (9,9) is illegal"), "{e}");
        std::fs::remove_file(&path).unwrap();
        let mut unchanged = ArenaSettings::default().match_config().unwrap();
        ArenaSettings::default().load_book(&mut unchanged).unwrap();
        assert_eq!(unchanged.book, None);
    }

    #[test]
    fn a_player_put_first_turns_a_full_match_into_a_gauntlet() {
        let mut s = ArenaSettings::default();
        s.put_first("editor:Mine");
        assert_eq!(s.players[0], "editor:Mine");
        assert_eq!((s.format, s.pairing_count()), (Format::Gauntlet, 2));
        s.put_first("bot:greedy");
        assert_eq!(s.players.len(), 3, "moved, not added twice");
        assert_eq!(s.players[0], "bot:greedy");
    }
}
