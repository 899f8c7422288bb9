//! `chainlab bench --only groups`: a grouped strategy next to its flat twin
//! in the same run. The compiler inlines groups and lowers Weighted sums to
//! the instructions of Multiply and Sum nodes, so both compile to programs
//! of the same size and the ratio of their speeds is noise around 1.

use chainlab::eval::Program;
use chainlab::strategy::Strategy;
use serde_json::json;

use super::util::{decisions_per_s, graph_player, sample_positions};
use crate::cli::Failure;

/// A strategy of `tests/data/strategies` by file stem.
fn fixture(stem: &str) -> Result<Strategy, Failure> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/strategies")
        .join(format!("{stem}.json"));
    Strategy::load(&path).map_err(|e| Failure::new(e.to_string()))
}

/// `expert-grouped.json` (groups, one Weighted sum) against
/// `expert-flat.json` (the same heuristic as Multiply and Sum nodes):
/// decisions per second of each, their ratio (flat over grouped: 1 means
/// the same cost, above 1 the flat twin is faster), and the program sizes.
pub(super) fn groups_bench(scale: usize) -> Result<(), Failure> {
    let grouped = fixture("expert-grouped")?;
    let flat = fixture("expert-flat")?;
    let size = |s: &Strategy| {
        Program::compile(s)
            .map(|p| p.size())
            .map_err(|e| Failure::new(e.to_string()))
    };
    let (grouped_size, flat_size) = (size(&grouped)?, size(&flat)?);
    let mut a = graph_player("expert-grouped", &grouped)?;
    let mut b = graph_player("expert-flat", &flat)?;
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
    let shape = |s: chainlab::eval::ProgramSize| {
        json!({
            "prelude": s.prelude,
            "statics": s.statics,
            "per_cell": s.per_cell,
            "terms": s.terms,
            "slots": s.slots,
        })
    };
    outln!(
        "{}",
        json!({
            "bench": "groups",
            "grouped": "expert-grouped",
            "flat": "expert-flat",
            "positions": positions.len(),
            "grouped_decisions_per_s": pa.round(),
            "flat_decisions_per_s": pb.round(),
            "ratio": ((pb / pa.max(1e-9)) * 1000.0).round() / 1000.0,
            "grouped_program": shape(grouped_size),
            "flat_program": shape(flat_size),
            "same_size": grouped_size == flat_size,
        })
    );
    Ok(())
}
