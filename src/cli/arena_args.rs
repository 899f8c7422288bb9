//! Options shared by `match` and `tournament`, their validation, and the
//! progress bar shown on a terminal.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use chainlab::arena::{
    Book, ConfigError, DEFAULT_TIME_MARGIN, GameRecord, MatchConfig, MatchObserver, Pairing, Sprt,
    Tally, TimeControl, TimeSetting, TournamentObserver,
};
use chainlab::bots::{AgentFactory, BotError, PlayerContext, SpecKind, parse_player_in};
use chainlab::rules::{Rules, RulesError, Size};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::program_args::ProgramArgs;
use super::{Failure, shown};

/// How the games of a match are played.
#[derive(clap::Args, Debug)]
pub struct GameArgs {
    /// Board size ROWSxCOLS, each 2 to 20.
    #[arg(long, value_name = "ROWSxCOLS", default_value = "5x6")]
    pub size: Size,
    /// Rule variant: standard, overflow or empties.
    #[arg(long, value_name = "RULES", default_value = "standard")]
    pub rules: Rules,
    /// Seats per game, 2 to 8; the two sides alternate seats (A B A B …).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub players: usize,
    /// Match seed: the same seed gives the same games (except with time limits).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core); results do not depend on it.
    #[arg(long, value_name = "T", default_value_t = 0)]
    pub threads: usize,
    /// Start each pair of games from the same random opening of this many plies.
    #[arg(long, value_name = "PLIES", default_value_t = 0)]
    pub openings: u32,
    /// Play each pair of games from the next opening of this book (one opening
    /// per line as moves "r,c r,c ...", '#' for comments; shuffled by --seed).
    #[arg(long, value_name = "FILE", conflicts_with = "openings")]
    pub book: Option<PathBuf>,
    /// Adjudicate a draw after this many placements (default 10 × cells).
    #[arg(long, value_name = "PLACEMENTS")]
    pub cap: Option<u32>,
    /// A player whose move takes longer than this forfeits the game; a
    /// searching player is stopped at the limit (not replayable).
    #[arg(long, value_name = "MS")]
    pub move_limit: Option<u64>,
    /// Time control: every searching player stops thinking after MS per move;
    /// a move slower than MS plus the margin forfeits (not replayable).
    #[arg(long, value_name = "MS")]
    pub time_per_move: Option<u64>,
    /// How far a move may overrun --time-per-move before it forfeits.
    #[arg(long, value_name = "MS", requires = "time_per_move")]
    pub time_margin: Option<u64>,
    #[command(flatten)]
    pub programs: ProgramArgs,
}

impl GameArgs {
    /// The match configuration for `games` games, checked against the
    /// limits ([`MatchConfig::check`]); a problem names its option.
    pub fn config(&self, games: u64, sprt: Option<Sprt>) -> Result<MatchConfig, Failure> {
        let time_control = self.time_per_move.map(|ms| TimeControl {
            per_move: Duration::from_millis(ms),
            margin: self
                .time_margin
                .map_or(DEFAULT_TIME_MARGIN, Duration::from_millis),
        });
        let mut config = MatchConfig {
            games,
            size: self.size,
            rules: self.rules,
            players: self.players,
            seed: self.seed,
            threads: self.threads,
            opening_plies: self.openings,
            book: None,
            sprt,
            move_limit: self.move_limit.map(Duration::from_millis),
            time_control,
            placement_cap: self.cap,
            pairing: None,
        };
        let start = config
            .checked_start()
            .map_err(|e| Failure::usage(option_problem(&e)))?;
        if let Some(path) = &self.book {
            let book = Book::read(path, &start, self.seed)
                .map_err(|e| Failure::new(format!("--book {}: {e}", path.display())))?;
            config.book = Some(Arc::new(book));
        }
        Ok(config)
    }
}

/// A configuration problem in the words of the command line: the option
/// that is wrong and its range.
pub fn option_problem(problem: &ConfigError) -> String {
    match problem {
        ConfigError::NoGames => "--games must be at least 1".to_string(),
        ConfigError::TooManyGames { games, max } => {
            format!("--games {games} is too many (at most {max})")
        }
        ConfigError::Board(RulesError::PlayerCount(players)) => {
            format!("--players {players}: a game has 2 to 8 players")
        }
        ConfigError::Board(problem) => problem.to_string(),
        ConfigError::TooManyThreads { threads, max } => {
            format!("--threads {threads} is too many (at most {max})")
        }
        ConfigError::OpeningTooLong { plies, max } => {
            format!("--openings {plies} is too long (at most {max} plies)")
        }
        ConfigError::NoCap => "--cap must be at least 1 placement".to_string(),
        ConfigError::CapTooLarge { cap, max } => format!(
            "--cap {cap} is too many placements (at most {max}, so that every game record fits in a records line)"
        ),
        ConfigError::Time {
            what,
            given,
            min,
            max,
        } => {
            let flag = match what {
                TimeSetting::MoveLimit => "--move-limit",
                TimeSetting::TimePerMove => "--time-per-move",
                TimeSetting::TimeMargin => "--time-margin",
            };
            format!(
                "{flag} {}: give a whole number of milliseconds from {} to {}",
                given.as_millis(),
                min.as_millis(),
                max.as_millis()
            )
        }
        ConfigError::Sprt(problem) => format!("--sprt: {problem}"),
    }
}

/// Resolves a player spec, with the spec in the error: a spec that is not
/// understood is a usage error (exit code 2), a strategy file that cannot be
/// read or has errors is bad input (exit code 1).
pub fn player(spec: &str) -> Result<Arc<dyn AgentFactory>, Failure> {
    player_in(spec, &PlayerContext::default())
}

/// [`player`] in `context` (logs, sandbox, options); a
/// program (`cmd:`, `bot.toml`) is started once and ended, so that a
/// command that does not exist or does not speak the protocol stops the
/// run before it begins, with a message naming the command. Also the name
/// to show in tables: a program's own (from its handshake), else the label.
pub fn checked_player(
    spec: &str,
    context: &PlayerContext,
) -> Result<(Arc<dyn AgentFactory>, String), Failure> {
    let factory = player_in(spec, context)?;
    match factory.create() {
        Err(e) => Err(Failure::new(format!(
            "player '{}': {}",
            shown(spec.trim()),
            shown(&e.to_string())
        ))),
        Ok(agent) => {
            let is_program = SpecKind::of(spec).is_some_and(SpecKind::is_program);
            let name = agent.name();
            let shown_as = if is_program && !name.trim().is_empty() {
                name
            } else {
                factory.label()
            };
            Ok((factory, shown_as))
        }
    }
}

/// The names to show for players named `names` (in order), each made
/// unique with " (2)", " (3)", … as the arena labels players.
pub fn shown_names(names: &[String]) -> Vec<String> {
    let mut taken: Vec<String> = Vec::with_capacity(names.len());
    for name in names {
        let unique = chainlab::arena::unique_label(name, |n| taken.iter().any(|t| t == n));
        taken.push(unique);
    }
    taken
}

/// [`player`], with engines' stderr logs where `context` says.
pub fn player_in(spec: &str, context: &PlayerContext) -> Result<Arc<dyn AgentFactory>, Failure> {
    parse_player_in(spec, context).map_err(|e| match e {
        // These errors name the spec (or the file) themselves.
        BotError::Spec(_) => Failure::usage(shown(&e.to_string())),
        BotError::Strategy { .. } | BotError::Manifest(_) => Failure::new(shown(&e.to_string())),
        _ => Failure::new(format!(
            "player '{}': {}",
            shown(spec),
            shown(&e.to_string())
        )),
    })
}

/// A progress bar on stderr while it is a terminal (hidden otherwise).
pub struct Progress {
    bar: ProgressBar,
    prefix: String,
}

impl Progress {
    /// A bar drawn on stderr when `enabled` and stderr is a terminal,
    /// hidden otherwise; without a style.
    pub fn bar(enabled: bool) -> ProgressBar {
        let bar = ProgressBar::hidden();
        if enabled && std::io::stderr().is_terminal() {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        bar
    }

    /// A bar, visible only when `enabled` and stderr is a terminal.
    pub fn new(enabled: bool) -> Progress {
        let bar = Progress::bar(enabled);
        if enabled && std::io::stderr().is_terminal() {
            let style = ProgressStyle::with_template(
                "{prefix}{wide_bar} {pos}/{len} games  {msg}  {elapsed}/{duration}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
        }
        Progress {
            bar,
            prefix: String::new(),
        }
    }

    /// Removes the bar from the terminal.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl MatchObserver for Progress {
    fn match_started(&mut self, a: &str, b: &str, config: &MatchConfig) {
        self.bar.set_length(config.games);
        self.bar.set_position(0);
        self.bar.reset_elapsed();
        self.bar.reset_eta();
        self.bar.set_prefix(format!("{}{a} vs {b} ", self.prefix));
        self.bar.set_message("");
    }

    fn game_finished(&mut self, _record: &GameRecord, tally: &Tally) {
        let w = tally.wdl;
        self.bar.set_message(format!(
            "+{} ={} -{}  {:.1}%",
            w.wins,
            w.draws,
            w.losses,
            100.0 * w.score().unwrap_or(0.0)
        ));
        self.bar.set_position(tally.games());
    }
}

impl TournamentObserver for Progress {
    fn pairing_started(&mut self, index: usize, count: usize) {
        self.prefix = format!("[{}/{count}] ", index + 1);
    }

    fn pairing_finished(&mut self, _pairing: &Pairing) {}
}

pub use chainlab::input::is_same_file;

/// Observes with an optional second observer.
pub struct Both<'a, A: MatchObserver, B: MatchObserver>(pub &'a mut A, pub Option<&'a mut B>);

impl<A: MatchObserver, B: MatchObserver> MatchObserver for Both<'_, A, B> {
    fn match_started(&mut self, a: &str, b: &str, config: &MatchConfig) {
        self.0.match_started(a, b, config);
        if let Some(o) = self.1.as_mut() {
            o.match_started(a, b, config);
        }
    }

    fn game_finished(&mut self, record: &GameRecord, tally: &Tally) {
        self.0.game_finished(record, tally);
        if let Some(o) = self.1.as_mut() {
            o.game_finished(record, tally);
        }
    }
}

impl<A: TournamentObserver, B: MatchObserver> TournamentObserver for Both<'_, A, B> {
    fn pairing_started(&mut self, index: usize, count: usize) {
        self.0.pairing_started(index, count);
    }

    fn pairing_finished(&mut self, pairing: &Pairing) {
        self.0.pairing_finished(pairing);
    }
}
