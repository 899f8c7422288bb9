//! Who sits in a seat: a human, or a computer player from the catalogue of
//! players the app offers. Seats are saved by spec (`human`, `bot:greedy`,
//! a strategy file) and resolved against the catalogue when a game starts.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::bots::PlayerFactory;

/// A computer player the app offers for a seat.
#[derive(Clone)]
pub struct ComputerChoice {
    /// The spec that names it, such as `bot:greedy`; saved in settings.
    pub spec: String,
    /// A short name for menus and tables.
    pub name: String,
    /// One sentence on how it plays.
    pub description: String,
    /// Makes a fresh player for each game.
    pub factory: Arc<dyn PlayerFactory>,
}

impl fmt::Debug for ComputerChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ComputerChoice")
            .field("spec", &self.spec)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// The computer players on offer, in menu order.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    choices: Vec<ComputerChoice>,
}

impl Catalogue {
    /// The built-in computer players of this build.
    pub fn builtin() -> Catalogue {
        Catalogue::default()
    }

    /// A catalogue of exactly these players (tests and embedding).
    pub fn from_choices(choices: Vec<ComputerChoice>) -> Catalogue {
        Catalogue { choices }
    }

    /// All players, in menu order.
    pub fn choices(&self) -> &[ComputerChoice] {
        &self.choices
    }

    /// The player with this spec, if offered.
    pub fn find(&self, spec: &str) -> Option<&ComputerChoice> {
        self.choices.iter().find(|c| c.spec == spec)
    }
}

/// What a seat holds, as chosen in the setup and saved with the settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatChoice {
    /// A person clicking on the board.
    Human,
    /// A computer player, by spec.
    Computer(String),
}

impl SeatChoice {
    /// The name shown for this choice.
    pub fn label(&self, catalogue: &Catalogue) -> String {
        match self {
            SeatChoice::Human => "Human".to_string(),
            SeatChoice::Computer(spec) => catalogue
                .find(spec)
                .map_or_else(|| spec.clone(), |c| c.name.clone()),
        }
    }
}
