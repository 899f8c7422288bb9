//! Who sits in a seat: a human, or a computer player from the catalogue of
//! players the app offers (the built-in ladder, the shipped strategies,
//! strategy files the user opened, and graphs handed over by the editor),
//! or a program (`cmd:…`, see [`crate::gui::programs`]). Seats are saved by
//! spec (`bot:greedy`, `bot:expert:depth=5`, a strategy file's path,
//! `editor:NAME`, `cmd:./bot`) and resolved against the catalogue when a
//! game or match starts; resolving never starts a program.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::bots::graph::GraphFactory;
use crate::bots::{AgentFactory, SpecKind, builtins, is_strategy_path, parse_player};
use crate::eval::Program;
use crate::gui::guided::{self, Guided};
use crate::gui::platform;
use crate::gui::programs::{command_line, program_name};
use crate::gui::remote;
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
    pub factory: Arc<dyn AgentFactory>,
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
        ComputerChoice::compile(spec, strategy.name.clone(), strategy).ok()
    }

    /// A strategy graph as a player called `name`, offered as `spec`; the
    /// compile errors when it does not compile.
    pub fn compile(
        spec: String,
        name: String,
        strategy: &Strategy,
    ) -> Result<ComputerChoice, String> {
        let program = Arc::new(
            Program::compile(strategy).map_err(|e| format!("{name} does not compile: {e}"))?,
        );
        Ok(ComputerChoice {
            spec,
            description: strategy.description.clone(),
            is_strategy: true,
            program: Some(Arc::clone(&program)),
            factory: Arc::new(GraphFactory::from_program(name.clone(), program)),
            name,
        })
    }

    /// A program (`cmd:COMMAND ARGS…`) named by its program's file name and
    /// arguments; not started here. Why not when the command line cannot be split.
    pub fn program(spec: &str) -> Result<ComputerChoice, String> {
        platform::can_run_programs()?;
        let factory = program_player(spec)?;
        Ok(ComputerChoice {
            spec: spec.trim().to_string(),
            name: program_name(spec),
            description: format!("The program {}.", command_line(spec)),
            is_strategy: false,
            program: None,
            factory,
        })
    }

    /// A built-in player spec with any options (`bot:expert:depth=5`),
    /// named by the ladder when it is on it and by its spec otherwise.
    pub fn builtin(spec: &str) -> Result<ComputerChoice, String> {
        let factory = parse_player(spec).map_err(|e| e.to_string())?;
        if !factory.is_deterministic() {
            platform::can_limit_time()?;
        }
        // In the web page a built-in thinks in the page's worker.
        let factory = remote::offload(spec, factory);
        let canonical = factory.label();
        let info = builtins().into_iter().find(|b| b.spec == canonical);
        let searched = Guided::of(spec).map(|g| g.name(&guided::strategy_stem(&g.strategy)));
        Ok(ComputerChoice {
            spec: spec.trim().to_string(),
            name: searched.unwrap_or_else(|| {
                info.as_ref()
                    .map_or_else(|| canonical.clone(), |b| b.name.clone())
            }),
            description: info.map_or_else(
                || "a built-in player with the options of its spec".to_string(),
                |b| b.description,
            ),
            is_strategy: false,
            program: None,
            factory,
        })
    }
}

/// The spec prefix of strategies handed over in memory (by the editor);
/// they are offered while the app runs and are not found after a restart.
pub const IN_MEMORY: &str = "editor:";

/// Whether `spec` names a strategy file (as the command line decides:
/// [`SpecKind`]).
pub fn is_file_spec(spec: &str) -> bool {
    SpecKind::of(spec) == Some(SpecKind::Strategy)
}

/// Whether `spec` names a strategy graph: a file, the editor's, or one
/// the catalogue offers as a strategy.
pub fn is_strategy_spec(spec: &str, catalogue: &Catalogue) -> bool {
    catalogue.find(spec).is_some_and(|c| c.is_strategy)
        || is_file_spec(spec)
        || spec.starts_with(IN_MEMORY)
}

/// Whether `spec` names a program by its command line (`cmd:…`).
pub fn is_program_spec(spec: &str) -> bool {
    SpecKind::of(spec) == Some(SpecKind::Program)
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
                let factory = remote::offload(&info.spec, parse_player(&info.spec).ok()?);
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

    /// The player a spec names: one on offer, else a built-in spec with
    /// options or a strategy file, loaded now; why not when it cannot be made.
    pub fn resolve(&self, spec: &str) -> Result<ComputerChoice, String> {
        if let Some(choice) = self.find(spec) {
            return Ok(choice.clone());
        }
        if spec.trim().starts_with(guided::GUIDED) {
            let search = Guided::of(spec).ok_or_else(|| {
                format!("'{spec}' is not a search: write search:depth=D,width=W:STRATEGY")
            })?;
            let base = self.resolve(&search.strategy)?;
            let Some(program) = base.program.clone() else {
                return Err(format!(
                    "{} is not a graph: only a graph guides a search",
                    base.name
                ));
            };
            let player = guided::player(&search, &base.name, program)?;
            return Ok(ComputerChoice {
                spec: spec.trim().to_string(),
                name: player.name,
                description: player.description,
                is_strategy: false,
                program: None,
                factory: player.factory,
            });
        }
        if spec.starts_with(IN_MEMORY) {
            let name = spec.trim_start_matches(IN_MEMORY);
            return Err(format!(
                "'{name}' came from the editor and is gone: send it again with Test or Play"
            ));
        }
        if is_file_spec(spec) {
            return load_file(Path::new(spec.trim()));
        }
        if is_program_spec(spec) {
            return ComputerChoice::program(spec);
        }
        ComputerChoice::builtin(spec)
    }

    /// Offers a strategy handed over in memory under `name` (replacing an
    /// earlier one of that name); returns its spec, or why it does not compile.
    pub fn add_strategy(&mut self, name: &str, strategy: &Strategy) -> Result<String, String> {
        let spec = format!("{IN_MEMORY}{name}");
        let choice = ComputerChoice::compile(spec.clone(), name.to_string(), strategy)?;
        self.put(choice);
        Ok(spec)
    }

    /// Loads the strategy file at `path` and offers it (again, if it was
    /// offered: the file may have changed); returns its spec, the path.
    pub fn add_file(&mut self, path: &Path) -> Result<String, String> {
        let choice = load_file(path)?;
        let spec = choice.spec.clone();
        self.put(choice);
        Ok(spec)
    }

    /// Offers the strategy files named by `specs` (saved seats and players)
    /// that are not on offer yet and still load; the rest are left out.
    pub fn add_files<'a>(&mut self, specs: impl IntoIterator<Item = &'a str>) {
        for spec in specs {
            if is_file_spec(spec)
                && self.find(spec).is_none()
                && let Ok(choice) = load_file(Path::new(spec.trim()))
            {
                self.put(choice);
            }
        }
    }

    /// Adds `choice`, replacing the one with the same spec.
    fn put(&mut self, choice: ComputerChoice) {
        match self.choices.iter_mut().find(|c| c.spec == choice.spec) {
            Some(old) => *old = choice,
            None => self.choices.push(choice),
        }
    }
}

/// A strategy file as a player, by its path.
fn load_file(path: &Path) -> Result<ComputerChoice, String> {
    let strategy = platform::load_strategy(path)?;
    let name = if strategy.name.trim().is_empty() {
        file_stem(path)
    } else {
        strategy.name.clone()
    };
    ComputerChoice::compile(path.to_string_lossy().into_owned(), name, &strategy)
}

fn file_stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
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
            SeatChoice::Computer(spec) => player_name(spec, catalogue),
        }
    }
}

/// The name shown for a computer player's spec: its name when on offer, a
/// file's stem, an in-memory strategy's name, a program's short name, or
/// the spec itself.
pub fn player_name(spec: &str, catalogue: &Catalogue) -> String {
    if let Some(choice) = catalogue.find(spec) {
        choice.name.clone()
    } else if let Some(search) = Guided::of(spec) {
        search.name(&player_name(&search.strategy, catalogue))
    } else if is_program_spec(spec) {
        program_name(spec)
    } else if let Some(name) = spec.strip_prefix(IN_MEMORY) {
        name.to_string()
    } else if is_file_spec(spec) {
        file_stem(Path::new(spec.trim()))
    } else {
        spec.to_string()
    }
}

/// Menu items for the players of `catalogue`: the built-ins, then the
/// strategies, each group under a small heading; `item` draws one player.
pub fn choices_menu(
    ui: &mut egui::Ui,
    catalogue: &Catalogue,
    mut item: impl FnMut(&mut egui::Ui, &ComputerChoice),
) {
    for (heading, strategies) in [("Built-in players", false), ("Strategies", true)] {
        let mut group = catalogue
            .choices()
            .iter()
            .filter(|c| c.is_strategy == strategies)
            .peekable();
        if group.peek().is_some() {
            ui.separator();
            ui.label(egui::RichText::new(heading).small().weak());
        }
        for choice in group {
            item(ui, choice);
        }
    }
}

/// The folder of shipped strategies: `strategies/` found on disk on the
/// desktop, built in on the web (see [`platform::shipped_dir`]).
pub fn shipped_strategies_dir() -> Option<PathBuf> {
    platform::shipped_dir()
}

/// Every strategy file in `dir` that loads and compiles, by file name;
/// broken ones are left out (the editor shows their errors).
pub fn strategies_in(dir: &Path) -> Vec<ComputerChoice> {
    let Ok(entries) = platform::list_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .into_iter()
        .map(|(name, _)| dir.join(name))
        .filter(|p| is_strategy_path(p))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let strategy = platform::load_strategy(&path).ok()?;
            ComputerChoice::strategy(path.to_string_lossy().into_owned(), &strategy)
        })
        .collect()
}

/// The player of a program spec, sandboxed as the platform can
/// ([`platform::program_sandbox`]).
pub fn program_player(spec: &str) -> Result<Arc<dyn AgentFactory>, String> {
    let context = crate::bots::PlayerContext {
        sandbox: platform::program_sandbox().0,
        ..crate::bots::PlayerContext::default()
    };
    crate::bots::parse_player_in(spec, &context).map_err(|e| e.to_string())
}

/// What the app tells about how programs run: the sandbox and its limits,
/// or that they run unsandboxed and why.
pub fn sandbox_note() -> String {
    match platform::program_sandbox() {
        (crate::bots::external::Sandbox::On(settings), _) => format!(
            "Programs run in a sandbox: they may read only their own folder and the system's, \
             write only a scratch folder, and open no network connection ({}).",
            settings.limits
        ),
        (crate::bots::external::Sandbox::Off, reason) => format!(
            "Programs run with your rights, not sandboxed{}.",
            reason.map(|r| format!(": {r}")).unwrap_or_default()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The app classes specs as the command line does: a program whose
    /// command line ends in `.json` is a program, not a strategy file.
    #[test]
    fn specs_are_classed_as_the_command_line_classes_them() {
        assert!(is_file_spec(" strategies/04-capture.JSON "));
        assert!(!is_file_spec("cmd:python3 bot.py weights.json"));
        assert!(is_program_spec("cmd:python3 bot.py weights.json"));
        assert!(!is_program_spec("bot:greedy"));
        assert!(!is_file_spec("bot:greedy"));
    }

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

    #[test]
    fn specs_off_the_menu_resolve_to_players() {
        let mut catalogue = Catalogue::builtin();
        let deeper = catalogue.resolve("bot:expert:depth=2").unwrap();
        assert_eq!(deeper.name, "bot:expert:depth=2");
        assert_eq!(catalogue.resolve("bot:greedy").unwrap().name, "Greedy");
        assert!(catalogue.resolve("bot:nothing").is_err());
        assert!(catalogue.resolve("/no/such/strategy.json").is_err());
        let gone = catalogue.resolve("editor:Mine").unwrap_err();
        assert!(gone.contains("Mine"), "{gone}");

        let shipped = catalogue
            .choices()
            .iter()
            .find(|c| c.is_strategy)
            .unwrap()
            .clone();
        let strategy = Strategy::load(Path::new(&shipped.spec)).unwrap();
        let spec = catalogue.add_strategy("Mine", &strategy).unwrap();
        assert_eq!(spec, "editor:Mine");
        let count = catalogue.choices().len();
        catalogue.add_strategy("Mine", &strategy).unwrap();
        assert_eq!(catalogue.choices().len(), count, "replaced, not added");
        let mine = catalogue.resolve(&spec).unwrap();
        assert_eq!((mine.name.as_str(), mine.is_strategy), ("Mine", true));
        assert_eq!(mine.factory.label(), "Mine");
        assert_eq!(player_name("editor:Other", &catalogue), "Other");
        let count = catalogue.choices().len();
        let again = catalogue.add_file(Path::new(&shipped.spec)).unwrap();
        assert_eq!(again, shipped.spec);
        assert_eq!(
            catalogue.choices().len(),
            count,
            "a file offered already is reloaded"
        );
        assert!(catalogue.add_file(Path::new("/no/such.json")).is_err());
        assert_eq!(player_name("/x/y/z.json", &catalogue), "z");

        let program = catalogue.resolve("cmd:/no/such/engine --fast").unwrap();
        assert_eq!(program.name, "engine --fast", "resolved, never started");
        assert_eq!(
            player_name("cmd:/no/such/engine --fast", &catalogue),
            program.name
        );
        assert!(catalogue.resolve("cmd:'unclosed").is_err());
    }
}
