//! `chainlab validate`, `score` and `nodes`: strategy files on the command line
//! (`explain` is in `explain.rs`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use chainlab::eval::{Evaluator, HeatMap, Program};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Coord, Position};
use chainlab::strategy::{Severity, Strategy, nodes_markdown, read_limited};
use rand::Rng;
use serde_json::json;

use super::{CmdResult, EXIT_BAD_INPUT, Failure, read_position_text, shown};

/// Arguments of `chainlab validate`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Errors and warnings go to stderr, one line per file that passes to stdout.\nExit code 0 when no file has errors (warnings are fine), 1 otherwise (see docs/limits.md)."
)]
pub struct ValidateArgs {
    /// Strategy files to check.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print only errors, not warnings.
    #[arg(long)]
    quiet: bool,
}

/// Arguments of `chainlab score`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  chainlab score strategies/08-expert.json --position tests/data/positions/midgame.txt"
)]
pub struct ScoreArgs {
    /// The strategy file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The position file (text notation or JSON); the strategy plays for the player to move.
    #[arg(long, value_name = "POSITION_FILE")]
    position: PathBuf,
    /// Seed for Random nodes and the tie break.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print one JSON object: values, best cells, the chosen cell and the seed.
    #[arg(long)]
    json: bool,
}

/// Loads a strategy file, the error naming it.
pub(super) fn load_strategy(path: &Path) -> Result<Strategy, Failure> {
    Strategy::load(path).map_err(|e| Failure::new(e.to_string()))
}

/// Loads a position that is not over, the error naming the file.
pub(super) fn load_position(path: &Path) -> Result<Position, Failure> {
    let text = read_position_text(path)?;
    let position: Position = text
        .parse()
        .map_err(|e| Failure::new(format!("{}: {e}", path.display())))?;
    if let Some(winner) = position.winner() {
        return Err(Failure::new(format!(
            "{}: the game is over ({winner} has won), so there is no move to value",
            path.display()
        )));
    }
    Ok(position)
}

/// Compiles a strategy for playing, the error naming the file.
pub(super) fn compile(path: &Path, strategy: &Strategy) -> Result<Arc<Program>, Failure> {
    Program::compile(strategy).map(Arc::new).map_err(|e| {
        Failure::new(format!(
            "{}: {e} (run 'chainlab validate' for details)",
            path.display()
        ))
    })
}

/// At most this many errors and warnings are printed per file by `validate`.
pub const MAX_LISTED: usize = 50;

/// Runs `chainlab validate`: errors and warnings on stderr, one line per
/// file that passes on stdout.
pub fn validate(args: &ValidateArgs) -> CmdResult {
    let mut failed = 0;
    for path in &args.files {
        let name = path.display().to_string();
        let name = shown(&name);
        // Not `Strategy::load`: its errors name the path, which this line already does.
        let strategy = match read_limited(path).and_then(|text| Strategy::from_json(&text)) {
            Ok(s) => s,
            Err(e) => {
                errln!("{name}: error: {}", shown(&e.to_string()));
                failed += 1;
                continue;
            }
        };
        let report = strategy.validate();
        let (errors, warnings) = (report.errors().count(), report.warnings().count());
        let listed: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| !(args.quiet && d.severity == Severity::Warning))
            .collect();
        for d in listed.iter().take(MAX_LISTED) {
            errln!("{name}: {}", shown(&d.to_string()));
        }
        if listed.len() > MAX_LISTED {
            errln!(
                "{name}: and {} more (only the first {MAX_LISTED} are listed)",
                listed.len() - MAX_LISTED
            );
        }
        if errors > 0 {
            failed += 1;
            errln!("{name}: {errors} error(s), {warnings} warning(s)");
        } else {
            outln!(
                "{name}: ok: '{}', {} nodes, {} wires, {warnings} warning(s)",
                shown(&strategy.name),
                strategy.nodes().len(),
                strategy.wires().len()
            );
        }
    }
    Ok(if failed > 0 {
        ExitCode::from(EXIT_BAD_INPUT)
    } else {
        ExitCode::SUCCESS
    })
}

/// Runs `chainlab score`.
pub fn score(args: &ScoreArgs) -> CmdResult {
    let strategy = load_strategy(&args.file)?;
    let program = compile(&args.file, &strategy)?;
    let position = load_position(&args.position)?;
    let mut evaluator = Evaluator::new(program);
    // The same draws as a game: first the Random nodes' seed, then the tie break.
    let mut rng = rng_from_seed(args.seed);
    let decision = rng.next_u64();
    let map = evaluator
        .heat_map(&position, decision)
        .map_err(|e| Failure::new(e.to_string()))?;
    let chosen = evaluator
        .choose(&position, &mut rng_from_seed(args.seed))
        .map_err(|e| Failure::new(e.to_string()))?;
    let best = map.best();
    if args.json {
        let values: Vec<Vec<Option<i64>>> = (0..position.size().rows())
            .map(|r| {
                (0..position.size().cols())
                    .map(|c| map.value(r * position.size().cols() + c))
                    .collect()
            })
            .collect();
        let best: Vec<[usize; 2]> = best.iter().map(|c| [c.row(), c.col()]).collect();
        outln!(
            "{}",
            json!({"values": values, "best": best, "chosen": [chosen.row(), chosen.col()], "seed": args.seed})
        );
        return Ok(ExitCode::SUCCESS);
    }
    print_grid(&strategy, &position, &map, chosen)?;
    Ok(ExitCode::SUCCESS)
}

fn print_grid(
    strategy: &Strategy,
    position: &Position,
    map: &HeatMap,
    chosen: Coord,
) -> Result<(), Failure> {
    let size = position.size();
    let best = map.best();
    let cell_text = |i: usize| -> String {
        let coord = size.coord_of(i);
        match map.value(i) {
            Some(v) if coord == chosen => format!("[{v}]"),
            Some(v) if best.contains(&coord) => format!("{v}*"),
            Some(v) => v.to_string(),
            None => match position.cells()[i].owner() {
                Some(p) => format!("({p}{})", position.cells()[i].atoms()),
                None => "-".to_string(),
            },
        }
    };
    let width = (0..size.cells())
        .map(|i| cell_text(i).len())
        .max()
        .unwrap_or(1)
        .max(3);
    outln!(
        "'{}' for {} on {size} ({} rules), {} cells active",
        shown(&strategy.name),
        position
            .to_move()
            .map_or("-".to_string(), |p| p.to_string()),
        position.rules(),
        map.raw.iter().filter(|v| v.is_some()).count()
    );
    out!("{:>4}", "");
    for c in 0..size.cols() {
        out!(" {c:>width$}");
    }
    outln!();
    for r in 0..size.rows() {
        out!("{r:>4}");
        for c in 0..size.cols() {
            out!(" {:>width$}", cell_text(r * size.cols() + c));
        }
        outln!();
    }
    outln!(
        "values below 0 count as 0; * = best value ({}), [ ] = chosen {chosen}, (B2) = not playable",
        map.best_value().unwrap_or(0)
    );
    Ok(())
}

/// Runs `chainlab nodes`: prints the node reference (docs/nodes.md).
pub fn nodes() -> CmdResult {
    out!("{}", nodes_markdown());
    Ok(ExitCode::SUCCESS)
}
