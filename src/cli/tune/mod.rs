//! `chainlab tune`: tunes a strategy's constants by SPSA against an opponent
//! pool, writes the tuned graph to a new file (never the input), and
//! measures the gain in a fresh validation match (`docs/tuning.md`).

mod report;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use chainlab::arena::{GameRecord, MAX_GAMES, MatchConfig, MatchObserver, Stop, Tally};
use chainlab::strategy::Strategy;
use chainlab::tune::{TuneConfig, Tuner, validate, validate_against_pool};
use indicatif::{ProgressBar, ProgressStyle};

use self::report::{Change, Validation, changes, changes_table, to_json, to_text};
use super::arena_args::{GameArgs, Progress, is_same_file, player};
use super::cancel::{EXIT_INTERRUPTED, ctrl_c};
use super::outputs::{check_output, run_inputs};
use super::{CmdResult, EXIT_OUTPUT, Failure, shown};
use chainlab::output::Target;

/// The most iterations accepted.
const MAX_ITERATIONS: u64 = 1_000_000;

/// Arguments of `chainlab tune`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Opponents are built-ins such as bot:greedy or bot:expert:depth=1 \
(see 'chainlab players') or strategy files ending in .json; pairs of games go to them in turn.\n\n\
Without --out the result goes to NAME-tuned.json beside the input (NAME-tuned-2.json and so on \
when that exists); an existing --out file is replaced. Ctrl+C stops after the current game and \
writes the values so far; a second Ctrl+C quits at once.\n\nExamples:\n  \
chainlab tune strategies/08-expert.json --against bot:expert:depth=1 --iterations 50\n  \
chainlab tune my.json --against bot:greedy,bot:expert:depth=1 --games 40 --out my-tuned.json"
)]
pub struct Args {
    /// The strategy file to tune (it is never written).
    #[arg(value_name = "STRATEGY.json")]
    strategy: PathBuf,
    /// The opponent pool: player specs separated by commas.
    #[arg(long, value_name = "SPEC[,SPEC...]", required = true)]
    against: String,
    /// Games each of the two probes plays per iteration (colour-swapped pairs).
    #[arg(long, value_name = "N", default_value_t = 20)]
    games: u64,
    /// SPSA iterations.
    #[arg(long, value_name = "K", default_value_t = 100)]
    iterations: u64,
    /// Where to write the tuned strategy (default NAME-tuned.json beside the input).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Games of the validation match, tuned against original (0 to skip it).
    #[arg(long, value_name = "V", default_value_t = 400)]
    validation_games: u64,
    #[command(flatten)]
    game: GameArgs,
    /// Print one JSON object instead of the text (and no progress bar).
    #[arg(long)]
    json: bool,
}

/// Runs `chainlab tune`.
pub fn run(args: &Args) -> CmdResult {
    let (strategy, config, specs) = setup(args)?;
    let mut tuner = Tuner::new(&strategy, config).map_err(|e| {
        Failure::new(format!(
            "{}: {}",
            shown(&args.strategy.display().to_string()),
            shown(&e.to_string())
        ))
    })?;
    let (out, target) = out_path(args, &specs)?;
    let cancel = ctrl_c("stopping after the current game")?;
    let interrupted = tune(&mut tuner, &cancel, !args.json)?;
    let tuned = tuner.current();
    target
        .write_with(|w| w.write_all(tuned.to_json().as_bytes()))
        .map_err(|e| {
            Failure::with_code(
                EXIT_OUTPUT,
                format!("cannot write {}: {e}", shown(&out.display().to_string())),
            )
        })?;
    let changes = changes(&tuner, &strategy);
    if interrupted {
        return finish_interrupted(args, &tuner, &out, &changes);
    }
    let validation = if args.validation_games == 0 {
        None
    } else {
        match validation(args, &tuner, &tuned, &cancel)? {
            Some(v) => Some(v),
            None => return finish_interrupted(args, &tuner, &out, &changes),
        }
    };
    if args.json {
        outln!(
            "{}",
            to_json(&args.strategy, &tuner, &out, &changes, validation.as_ref())
        );
    } else {
        out!(
            "{}",
            to_text(&args.strategy, &tuner, &out, &changes, validation.as_ref())
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays both validations with a progress bar; `None` when Ctrl+C stopped them.
fn validation(
    args: &Args,
    tuner: &Tuner,
    tuned: &Strategy,
    cancel: &AtomicBool,
) -> Result<Option<Validation>, Failure> {
    let (original, config, games) = (tuner.original(), tuner.config(), args.validation_games);
    let mut progress = Progress::new(!args.json);
    let pool = validate_against_pool(original, tuned, config, games, cancel, &mut progress);
    let pool = pool.map_err(|e| Failure::new(e.to_string()))?;
    let head_to_head =
        pool.map(|_| validate(original, tuned, config, games, cancel, &mut progress));
    progress.finish();
    let head_to_head = head_to_head
        .transpose()
        .map_err(|e| Failure::new(e.to_string()))?;
    Ok(match (pool, head_to_head) {
        (Some(pool), Some(head_to_head)) if head_to_head.stop != Stop::Cancelled => {
            Some(Validation { pool, head_to_head })
        }
        _ => None,
    })
}

/// The strategy, the run's configuration and the opponent specs, each
/// checked: the file loads, the specs parse, the budget is in range.
fn setup(args: &Args) -> Result<(Strategy, TuneConfig, Vec<String>), Failure> {
    let strategy =
        Strategy::load(&args.strategy).map_err(|e| Failure::new(shown(&e.to_string())))?;
    let specs = opponent_specs(&args.against)?;
    let opponents = specs
        .iter()
        .map(|s| player(s))
        .collect::<Result<Vec<_>, _>>()?;
    let play = args.game.config(args.games, None)?;
    if args.iterations == 0 || args.iterations > MAX_ITERATIONS {
        return Err(Failure::usage(format!(
            "--iterations {}: give 1 to {MAX_ITERATIONS}",
            args.iterations
        )));
    }
    if args.validation_games > MAX_GAMES {
        return Err(Failure::usage(format!(
            "--validation-games {} is too many (at most {MAX_GAMES})",
            args.validation_games
        )));
    }
    let config = TuneConfig {
        opponents,
        games: args.games,
        iterations: args.iterations,
        seed: play.seed,
        threads: play.threads,
        play,
        gains: Default::default(),
    };
    Ok((strategy, config, specs))
}

/// The opponent specs of `--against`, split at commas, none empty.
fn opponent_specs(against: &str) -> Result<Vec<String>, Failure> {
    let specs: Vec<String> = against.split(',').map(|s| s.trim().to_string()).collect();
    if specs.iter().any(String::is_empty) {
        return Err(Failure::usage(format!(
            "--against '{}': give player specs separated by commas, none empty",
            shown(against)
        )));
    }
    Ok(specs)
}

/// The output file: `--out`, which may not be the input or an opponent's
/// strategy file (through any path or link), or else the first of
/// `NAME-tuned.json`, `NAME-tuned-2.json`, … beside the input that does not
/// exist. Its folder must exist.
fn out_path(args: &Args, opponents: &[String]) -> Result<(PathBuf, Target), Failure> {
    let out = match &args.out {
        Some(out) => out.clone(),
        None => free_name(&args.strategy)?,
    };
    let shown_out = shown(&out.display().to_string()).into_owned();
    if out == args.strategy || is_same_file(&out, &args.strategy) {
        return Err(Failure::usage(format!(
            "--out {shown_out} is the strategy being tuned: the input is never overwritten; choose another file"
        )));
    }
    let target = check_output("--out", &out, &run_inputs(opponents))?;
    Ok((out, target))
}

/// `NAME-tuned.json` beside `input`, or `NAME-tuned-N.json` for the first
/// N from 2 that does not exist yet.
fn free_name(input: &Path) -> Result<PathBuf, Failure> {
    let stem = input.file_stem().map_or_else(
        || "strategy".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    for n in 1..=999 {
        let name = if n == 1 {
            format!("{stem}-tuned.json")
        } else {
            format!("{stem}-tuned-{n}.json")
        };
        let path = input.with_file_name(name);
        if std::fs::symlink_metadata(&path).is_err() {
            return Ok(path);
        }
    }
    Err(Failure::with_code(
        EXIT_OUTPUT,
        format!("{stem}-tuned.json to {stem}-tuned-999.json all exist: give --out"),
    ))
}

/// Runs the iterations with a progress bar; whether Ctrl+C stopped them.
fn tune(tuner: &mut Tuner, cancel: &AtomicBool, show: bool) -> Result<bool, Failure> {
    let mut bar = TuneProgress::new(show, tuner);
    while let Some(it) = tuner
        .step_observed(cancel, &mut bar)
        .map_err(|e| Failure::new(e.to_string()))?
    {
        bar.iteration(it.number, it.elo);
    }
    bar.bar.finish_and_clear();
    Ok(!tuner.is_finished())
}

/// The tuning run's progress bar: games over the whole run, the iteration
/// and the running Elo estimate.
struct TuneProgress {
    bar: ProgressBar,
    of: u64,
}

impl TuneProgress {
    fn new(show: bool, tuner: &Tuner) -> TuneProgress {
        let bar = Progress::bar(show);
        if let Ok(style) = ProgressStyle::with_template(
            "tuning {wide_bar} {pos}/{len} games  {msg}  {elapsed}/{duration}",
        ) {
            bar.set_style(style);
        }
        let c = tuner.config();
        bar.set_length(2 * c.games * (c.iterations + 1));
        bar.set_message(format!("iteration 1/{}", c.iterations));
        TuneProgress {
            bar,
            of: c.iterations,
        }
    }

    fn iteration(&mut self, number: u64, elo: f64) {
        self.bar.set_message(format!(
            "iteration {}/{}  Elo estimate {elo:+.0}",
            (number + 1).min(self.of),
            self.of
        ));
    }
}

impl MatchObserver for TuneProgress {
    fn match_started(&mut self, _a: &str, _b: &str, _config: &MatchConfig) {}

    fn game_finished(&mut self, _record: &GameRecord, _tally: &Tally) {
        self.bar.inc(1);
    }
}

/// After Ctrl+C: the values so far were written, not validated.
fn finish_interrupted(args: &Args, tuner: &Tuner, out: &Path, changes: &[Change]) -> CmdResult {
    let message = format!(
        "interrupted after {} of {} iterations; wrote {} (not validated)",
        tuner.done(),
        tuner.config().iterations,
        shown(&out.display().to_string())
    );
    if args.json {
        outln!("{}", to_json(&args.strategy, tuner, out, changes, None));
    } else {
        out!("{}", changes_table(changes));
    }
    super::write_err(format_args!("chainlab: {message}"));
    Ok(ExitCode::from(EXIT_INTERRUPTED))
}
