//! Who sits in a seat: a human, or a computer player from the catalogue of
//! players the app offers (the built-in ladder and the shipped strategies).
//! Seats are saved by spec (`bot:greedy`, a strategy file's path) and
//! resolved against the catalogue when a game starts.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::bots::graph::GraphPlayer;
use crate::bots::{BotError, Player as Bot, PlayerFactory, builtins, parse_player};
use crate::eval::Program;
use crate::strategy::Strategy;

/// A computer player the app offers for a seat.
#[derive(Clone)]
pub struct ComputerChoice {
    /// The spec that names it, such as `bot:greedy`; saved in settings.
    pub spec: String,
    /// A short name for menus and tables.
    pub name: String,
    /// One sentence on how it plays.
    pub description: String,
    /// Whether it is a strategy graph (listed apart from the built-ins).
    pub is_strategy: bool,
    /// A strategy's compiled program, for its heat map.
    pub program: Option<Arc<Program>>,
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

impl ComputerChoice {
    /// A strategy graph as a player, named `spec`; `None` when it does not compile.
    pub fn strategy(spec: String, strategy: &Strategy) -> Option<ComputerChoice> {
        let program = Arc::new(Program::compile(strategy).ok()?);
        Some(ComputerChoice {
            spec,
            name: strategy.name.clone(),
            description: strategy.description.clone(),
            is_strategy: true,
            program: Some(Arc::clone(&program)),
            factory: Arc::new(ProgramFactory {
                label: strategy.name.clone(),
                program,
            }),
        })
    }
}

/// Players of one compiled program, shared with the heat map.
struct ProgramFactory {
    label: String,
    program: Arc<Program>,
}

impl PlayerFactory for ProgramFactory {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn create(&self) -> Result<Box<dyn Bot>, BotError> {
        Ok(Box::new(GraphPlayer::new(
            self.label.clone(),
            Arc::clone(&self.program),
        )))
    }
}

/// The computer players on offer, in menu order.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    choices: Vec<ComputerChoice>,
}

impl Catalogue {
    /// The built-in ladder, then the shipped strategies (when the
    /// `strategies/` folder is found; see [`shipped_strategies_dir`]).
    pub fn builtin() -> Catalogue {
        let mut choices: Vec<ComputerChoice> = builtins()
            .into_iter()
            .filter_map(|info| {
                let factory = parse_player(&info.spec).ok()?;
                Some(ComputerChoice {
                    spec: info.spec,
                    name: info.name,
                    description: info.description,
                    is_strategy: false,
                    program: None,
                    factory,
                })
            })
            .collect();
        if let Some(dir) = shipped_strategies_dir() {
            choices.extend(strategies_in(&dir));
        }
        Catalogue { choices }
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

/// The folder of shipped strategies: `strategies/` in the working directory,
/// beside the executable or a few folders above it (a cargo build), or in
/// the source tree this binary was built from.
pub fn shipped_strategies_dir() -> Option<PathBuf> {
    let mut candidates = vec![PathBuf::from("strategies")];
    if let Ok(exe) = std::env::current_exe() {
        candidates.extend(
            exe.ancestors()
                .skip(1)
                .take(4)
                .map(|d| d.join("strategies")),
        );
    }
    candidates.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies"));
    // Absolute, so that a seat saved with a strategy's path is found again
    // whichever folder the app is started from.
    candidates
        .into_iter()
        .find(|d| d.is_dir())
        .map(|d| std::fs::canonicalize(&d).unwrap_or(d))
}

/// Every strategy file in `dir` that loads and compiles, by file name;
/// broken ones are left out (the editor shows their errors).
pub fn strategies_in(dir: &Path) -> Vec<ComputerChoice> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let strategy = Strategy::load(&path).ok()?;
            ComputerChoice::strategy(path.to_string_lossy().into_owned(), &strategy)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_offers_the_ladder_and_the_shipped_strategies() {
        let catalogue = Catalogue::builtin();
        assert!(catalogue.find("bot:greedy").is_some());
        let strategies: Vec<_> = catalogue
            .choices()
            .iter()
            .filter(|c| c.is_strategy)
            .collect();
        assert!(strategies.len() >= 8, "{strategies:?}");
        for choice in catalogue.choices() {
            assert!(choice.factory.create().is_ok(), "{}", choice.spec);
        }
    }
}
