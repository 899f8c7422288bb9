//! `chainlab bench`: throughput figures, one JSON object per line.

mod engine;
mod groups;
mod playout;
mod strategy;
mod util;

use std::process::ExitCode;
use std::time::Instant;

use chainlab::rng::rng_from_seed;
use chainlab::rules::Size;
use chainlab::strategy::{Strategy, When};
use serde_json::json;

use std::sync::atomic::AtomicBool;

use chainlab::analysis::{Analyser, AnalyserConfig};
use chainlab::arena::{MatchConfig, run_match};
use chainlab::bots::search::{SearchConfig, Searcher};
use chainlab::bots::{Interrupt, parse_player};

use self::strategy::shipped;
use super::{CmdResult, Failure};

/// Arguments of `chainlab bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Run a tenth of the work (a quick check that the benchmarks run).
    #[arg(long)]
    quick: bool,
    /// Run only the benchmarks whose name contains this (playout, search,
    /// match, strategy, groups, reply, analysis, engine, editor).
    #[arg(long, value_name = "NAME")]
    only: Option<String>,
}

use self::util::{SEED, decisions_per_s, graph_player, sample_positions, sample_positions_on};

/// Runs `chainlab bench`.
pub fn run(args: &Args) -> CmdResult {
    let wanted = |name: &str| args.only.as_deref().is_none_or(|o| name.contains(o));
    check_only(args)?;
    let scale: usize = if args.quick { 10 } else { 1 };
    // The ratios of the whole run, printed together at the end.
    let mut summary = serde_json::Map::new();
    if wanted("playout") {
        for (size, games) in [
            (Size::JABC, 60_000),
            (Size::PHONE, 20_000),
            (Size::ARCHIMEDES, 15_000),
        ] {
            let (ratio, bits) = playout::playout(size, games / scale as u64)?;
            summary.insert(format!("playout_ratio_{size}"), rounded(ratio).into());
            summary.insert(format!("bits_playout_ratio_{size}"), rounded(bits).into());
        }
    }
    if wanted("search") {
        for (name, config) in [
            ("expert", SearchConfig::plain(4)),
            ("master", SearchConfig::enhanced(5)),
        ] {
            search_bench(name, config, 200 / scale)?;
        }
        for size in [Size::JABC, Size::PHONE] {
            let ms = depth_bench(size, 40 / scale)?;
            summary.insert(format!("master_ms_to_depth_6_{size}"), rounded(ms).into());
        }
    }
    if wanted("match") {
        // Every core, up to the most threads a match may have.
        let all = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(chainlab::arena::MAX_THREADS);
        let mut counts = vec![1];
        if all > 1 {
            counts.push(all);
        }
        for threads in counts {
            match_bench(MATCH_A, MATCH_B, 200 / scale as u64, threads)?;
        }
    }
    if wanted("strategy") {
        let (worst, geomean) = strategy::strategy_bench(scale)?;
        summary.insert("strategy_worst_ratio".into(), rounded(worst).into());
        summary.insert("strategy_geomean_ratio".into(), rounded(geomean).into());
    }
    if wanted("groups") {
        groups::groups_bench(scale)?;
    }
    if wanted("reply") {
        reply_bench(scale)?;
    }
    if wanted("analysis") {
        for size in [Size::JABC, Size::PHONE] {
            analysis_bench(size, 20 / scale)?;
        }
    }
    if wanted("engine") {
        engine::engine_bench(scale)?;
    }
    #[cfg(feature = "gui")]
    if wanted("editor") {
        editor_bench(scale)?;
    }
    if !summary.is_empty() {
        summary.insert("bench".into(), "summary".into());
        outln!("{}", serde_json::Value::Object(summary));
    }
    Ok(ExitCode::SUCCESS)
}

/// Refuses an `--only` that names no benchmark.
fn check_only(args: &Args) -> Result<(), Failure> {
    let wanted = |name: &str| args.only.as_deref().is_none_or(|o| name.contains(o));
    let names: &[&str] = if cfg!(feature = "gui") {
        &[
            "playout", "search", "match", "strategy", "groups", "reply", "analysis", "engine",
            "editor",
        ]
    } else {
        &[
            "playout", "search", "match", "strategy", "groups", "reply", "analysis", "engine",
        ]
    };
    if let Some(only) = args
        .only
        .as_deref()
        .filter(|_| !names.iter().any(|n| wanted(n)))
    {
        return Err(Failure::usage(format!(
            "--only {}: no benchmark has that in its name (they are {})",
            super::shown(only),
            names.join(", ")
        )));
    }
    Ok(())
}

/// Rounded to three decimals, for the JSON lines.
fn rounded(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The master's search to exactly depth 6 on `count` fixed positions of
/// `size` (the same every run), a fresh searcher each: milliseconds per
/// position to complete depth 6, and nodes per second. Returns the
/// milliseconds.
fn depth_bench(size: Size, count: usize) -> Result<f64, Failure> {
    let positions = sample_positions_on(size, count.max(1));
    let config = SearchConfig {
        // Every move completes depth 6 (a won game stops deepening sooner).
        node_cells: None,
        ..SearchConfig::enhanced(6)
    };
    let mut rng = rng_from_seed(SEED);
    let (mut nodes, mut elapsed) = (0, std::time::Duration::ZERO);
    for p in &positions {
        let mut searcher = Searcher::new(config);
        let began = Instant::now();
        let result = searcher
            .search(p, &mut rng)
            .map_err(|e| Failure::new(e.to_string()))?;
        elapsed += began.elapsed();
        nodes += result.nodes;
    }
    let seconds = elapsed.as_secs_f64().max(1e-9);
    let ms = seconds * 1000.0 / positions.len() as f64;
    outln!(
        "{}",
        json!({
            "bench": "search_depth",
            "search": "master",
            "size": size.to_string(),
            "depth": 6,
            "positions": positions.len(),
            "nodes": nodes,
            "ms_per_position": rounded(ms),
            "nodes_per_s": (nodes as f64 / seconds).round(),
        })
    );
    Ok(ms)
}

/// The players of the match benchmark.
const MATCH_A: &str = "bot:expert";
const MATCH_B: &str = "bot:greedy";

fn match_bench(a: &str, b: &str, games: u64, threads: usize) -> Result<(), Failure> {
    let fa = parse_player(a).map_err(|e| Failure::new(e.to_string()))?;
    let fb = parse_player(b).map_err(|e| Failure::new(e.to_string()))?;
    let config = MatchConfig {
        games,
        threads,
        seed: SEED,
        opening_plies: 4,
        ..MatchConfig::default()
    };
    let report = run_match(&fa, &fb, &config, &AtomicBool::new(false), &mut ())
        .map_err(|e| Failure::new(e.to_string()))?;
    let seconds = report.elapsed.as_secs_f64().max(1e-9);
    outln!(
        "{}",
        json!({
            "bench": "match",
            "a": a,
            "b": b,
            "size": config.size.to_string(),
            "threads": report.threads,
            "games": report.tally.games(),
            "placements": report.tally.placements,
            "seconds": (seconds * 1000.0).round() / 1000.0,
            "games_per_s": (report.tally.games() as f64 / seconds * 10.0).round() / 10.0,
        })
    );
    Ok(())
}

/// The alpha-beta search at a fixed depth over `count` positions, one fresh
/// searcher per position (its allocation not timed): nodes per second, and
/// the node count (which depends only on the code, so a change of it shows a
/// change of the search).
fn search_bench(name: &str, config: SearchConfig, count: usize) -> Result<(), Failure> {
    let positions = sample_positions(count);
    let mut rng = rng_from_seed(SEED);
    let mut nodes = 0;
    let mut elapsed = std::time::Duration::ZERO;
    for p in &positions {
        // Allocating the table is not searching: only the search is timed.
        let mut searcher = Searcher::new(config);
        let began = Instant::now();
        let result = searcher
            .search(p, &mut rng)
            .map_err(|e| Failure::new(e.to_string()))?;
        elapsed += began.elapsed();
        nodes += result.nodes;
    }
    let seconds = elapsed.as_secs_f64().max(1e-9);
    outln!(
        "{}",
        json!({
            "bench": "search",
            "search": name,
            "depth": config.depth,
            "positions": positions.len(),
            "nodes": nodes,
            "seconds": (seconds * 1000.0).round() / 1000.0,
            "nodes_per_s": (nodes as f64 / seconds).round(),
        })
    );
    Ok(())
}

/// The analyser at its default budget (every move valued with the full
/// window) against the baseline of the same search choosing one move (the
/// narrowed window at the root) at the same budget, on the same positions
/// of `size`, one thread: milliseconds per position, their ratio (near 1:
/// both spend the budget) and the mean depth each reached (what the full
/// window costs).
fn analysis_bench(size: Size, count: usize) -> Result<(), Failure> {
    let positions = sample_positions_on(size, count.max(1));
    let analyser = Analyser::new(AnalyserConfig::default());
    let config = analyser.config().search();
    let (mut analysis, mut baseline) = (0.0f64, 0.0f64);
    let (mut analysis_depth, mut baseline_depth) = (0u64, 0u64);
    let mut rng = rng_from_seed(SEED);
    for p in &positions {
        let began = Instant::now();
        let a = analyser
            .position(p, &Interrupt::never())
            .map_err(|e| Failure::new(e.to_string()))?;
        analysis += began.elapsed().as_secs_f64();
        analysis_depth += u64::from(a.depth);
        let mut searcher = Searcher::new(config);
        let began = Instant::now();
        let found = searcher
            .search(p, &mut rng)
            .map_err(|e| Failure::new(e.to_string()))?;
        baseline += began.elapsed().as_secs_f64();
        baseline_depth += u64::from(found.depth);
    }
    let n = positions.len() as f64;
    outln!(
        "{}",
        json!({
            "bench": "analysis",
            "size": size.to_string(),
            "nodes": config.nodes,
            "positions": positions.len(),
            "ms_per_position": (analysis / n * 10_000.0).round() / 10.0,
            "search_ms_per_position": (baseline / n * 10_000.0).round() / 10.0,
            "ratio_to_search": (analysis / baseline.max(1e-9) * 100.0).round() / 100.0,
            "mean_depth": (analysis_depth as f64 / n * 100.0).round() / 100.0,
            "search_mean_depth": (baseline_depth as f64 / n * 100.0).round() / 100.0,
        })
    );
    Ok(())
}

/// Switches every `after` measure of `graph` (not of its groups) to
/// `reply`; how many there were.
fn switch_to_reply(graph: &mut Strategy) -> usize {
    let ids: Vec<_> = graph.nodes().iter().map(|n| n.id).collect();
    let mut switched = 0;
    for id in ids {
        if let Some(node) = graph.node_mut(id)
            && node.kind.when() == Some(When::After)
        {
            node.kind.set_when(When::Reply);
            switched += 1;
        }
    }
    switched
}

/// `08-expert.json` next to its reply twin (every `after` measure switched
/// to `reply`) on the same positions: decisions per second, microseconds per
/// decision, and how many times slower the twin is.
fn reply_bench(scale: usize) -> Result<(), Failure> {
    let plain = shipped("08-expert")?;
    let mut twin = plain.clone();
    // The measures are in the top-level graph and in the groups' bodies.
    let mut switched = switch_to_reply(&mut twin);
    let groups: Vec<String> = twin.groups().keys().cloned().collect();
    for g in groups {
        if let Some(body) = twin.group_body_mut(&g) {
            switched += switch_to_reply(body);
        }
    }
    let mut a = graph_player("08-expert", &plain)?;
    let mut b = graph_player("08-expert-reply", &twin)?;
    let positions = sample_positions(1000 / scale);
    let rounds = (10 / scale).max(1);
    decisions_per_s(a.as_mut(), &positions, 1)?;
    decisions_per_s(b.as_mut(), &positions, 1)?;
    let (mut pa, mut pb) = (0.0, 0.0);
    for _ in 0..3 {
        pa += decisions_per_s(a.as_mut(), &positions, rounds)?;
        pb += decisions_per_s(b.as_mut(), &positions, rounds)?;
    }
    let (pa, pb) = (pa / 3.0, pb / 3.0);
    let micros = |per_s: f64| (1e7 / per_s.max(1e-9)).round() / 10.0;
    outln!(
        "{}",
        json!({
            "bench": "reply",
            "strategy": "08-expert",
            "measures_switched": switched,
            "positions": positions.len(),
            "after_decisions_per_s": pa.round(),
            "reply_decisions_per_s": pb.round(),
            "after_us_per_decision": micros(pa),
            "reply_us_per_decision": micros(pb),
            "ratio": ((pa / pb.max(1e-9)) * 1000.0).round() / 1000.0,
        })
    );
    Ok(())
}

/// The strategy editor's frame time (UI pass and tessellation, headless)
/// with a generated 200-node graph, the live heat map and an explained
/// cell: once with the graph unchanged, once with a parameter changed every
/// frame (recompiled, validated and evaluated every frame).
#[cfg(feature = "gui")]
fn editor_bench(scale: usize) -> Result<(), Failure> {
    use chainlab::gui::editor::bench::editor_frame_time;
    for edit_every_frame in [false, true] {
        let t = editor_frame_time(200, 300 / scale, edit_every_frame);
        outln!(
            "{}",
            json!({
                "bench": "editor_frame",
                "nodes": t.nodes,
                "heat_map": true,
                "explain": true,
                "edit_every_frame": t.edit_every_frame,
                "frames": t.frames,
                "compiles": t.compiles,
                "ms_per_frame": (t.ms_per_frame * 1000.0).round() / 1000.0,
            })
        );
    }
    Ok(())
}
