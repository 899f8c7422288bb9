//! `chainlab validate`, `score`, `explain` and `nodes`: strategy files on the command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use chainlab::eval::{Evaluator, HeatMap, Program};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Coord, Position};
use chainlab::strategy::{PinType, Severity, Strategy, nodes_markdown, read_limited};
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

/// Arguments of `chainlab explain`.
#[derive(clap::Args, Debug)]
pub struct ExplainArgs {
    /// The strategy file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The position file (text notation or JSON).
    #[arg(long, value_name = "POSITION_FILE")]
    position: PathBuf,
    /// The cell to explain, ROW,COL (zero-based).
    #[arg(long, value_name = "ROW,COL")]
    cell: Coord,
    /// Seed for Random nodes.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

fn load_strategy(path: &Path) -> Result<Strategy, Failure> {
    Strategy::load(path).map_err(|e| Failure::new(e.to_string()))
}

fn load_position(path: &Path) -> Result<Position, Failure> {
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

fn compile(path: &Path, strategy: &Strategy) -> Result<Arc<Program>, Failure> {
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

/// Runs `chainlab explain`.
pub fn explain(args: &ExplainArgs) -> CmdResult {
    let strategy = load_strategy(&args.file)?;
    let program = compile(&args.file, &strategy)?;
    let position = load_position(&args.position)?;
    // Explain every node, also those that do not feed the Cell value.
    let full = Arc::new(Program::compile_lenient(&strategy));
    let _ = program;
    let mut evaluator = Evaluator::new(full);
    let mut rng = rng_from_seed(args.seed);
    let trace = evaluator
        .explain(&position, args.cell, rng.next_u64())
        .map_err(|e| Failure::new(e.to_string()))?;
    let used = strategy.feeding(strategy.outputs().next().map(|n| n.id));
    let order = strategy.topological_order().unwrap_or_default();
    let value_of = |id| {
        trace
            .values
            .iter()
            .find(|(n, _)| *n == id)
            .and_then(|(_, v)| *v)
    };
    if args.json {
        let nodes: Vec<serde_json::Value> = order
            .iter()
            .filter_map(|&id| strategy.node(id))
            .map(|n| json!({"id": n.id.0, "title": n.kind.title(), "value": value_of(n.id), "used": used.contains(&n.id)}))
            .collect();
        outln!(
            "{}",
            json!({"cell": [args.cell.row(), args.cell.col()], "nodes": nodes, "value": trace.output, "counts_as": trace.output.map(|v| v.max(0))})
        );
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "'{}' explains cell {} (player {} to move):",
        shown(&strategy.name),
        args.cell,
        position
            .to_move()
            .map_or("-".to_string(), |p| p.to_string())
    );
    let width = order
        .iter()
        .filter_map(|&id| strategy.node(id))
        .map(|n| n.kind.title().chars().count())
        .max()
        .unwrap_or(10);
    for &id in &order {
        let Some(node) = strategy.node(id) else {
            continue;
        };
        let Some(ty) = node.output() else { continue };
        let value = match (value_of(id), ty) {
            (None, _) => "-".to_string(),
            (Some(v), PinType::Bool) => if v != 0 { "yes" } else { "no" }.to_string(),
            (Some(v), PinType::Int) => v.to_string(),
        };
        let note = if used.contains(&id) {
            ""
        } else {
            "   (does not feed the Cell value)"
        };
        outln!(
            "  {:>5}  {:<width$}  {value:>8}{note}",
            id.to_string(),
            node.kind.title()
        );
    }
    match trace.output {
        Some(v) if v < 0 => outln!("Cell value = {v}, which counts as 0"),
        Some(v) => outln!("Cell value = {v}"),
        None => outln!("Cell value: not computable"),
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `chainlab nodes`: prints the node reference (docs/nodes.md).
pub fn nodes() -> CmdResult {
    out!("{}", nodes_markdown());
    Ok(ExitCode::SUCCESS)
}
