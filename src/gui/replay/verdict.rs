//! One analysed move set against what its player valued: the position
//! before the move twice, side by side: on the left the player's graph's
//! heat map (when the player is a strategy graph that could be found), on
//! the right the analyser's win chance for every legal cell with its best
//! cells marked, the played cell ringed in its class colour on both; and,
//! from the graph's explain trace, the nodes whose values differ between the
//! played cell and the analyser's best cell.
//!
//! A [`Verdict`] is computed once when the move is selected, never while
//! drawing.

use egui::{RichText, Ui};

use crate::analysis::PlyAnalysis;
use crate::eval::Evaluator;
use crate::gui::board::{BoardView, Overlay};
use crate::gui::theme;
use crate::rules::{Coord, Player, Position};

use super::graphs::Graph;

/// The seed of the graph's Random nodes here (as in the play view's heat
/// map: a replay cannot know the draw the player made in the game).
const SEED: u64 = 0;

/// The rows of the trace table shown at most (the rest are counted).
const MAX_ROWS: usize = 40;

/// What the player's graph valued at one move and what the analyser prefers.
pub struct Verdict {
    /// The move's index in the game.
    pub ply: usize,
    /// The position before the move.
    pub before: Position,
    /// The graph's value of every cell and the cells it would pick.
    pub heat: Option<Result<Overlay, String>>,
    /// The analyser's win chance (%) for every legal cell and its best cells.
    pub analyser: Overlay,
    /// The analyser's (first) best cell, when the move played is not one.
    pub best: Option<Coord>,
    /// Nodes whose value differs at the played and the best cell: (name,
    /// value at the played cell, value at the best cell).
    pub rows: Vec<(String, Option<i64>, Option<i64>)>,
    /// Nodes with the same value at both cells.
    pub same: usize,
}

impl Verdict {
    /// The verdict on `ply`, played from `before` by a player whose graph
    /// is `graph` (if known).
    pub fn new(ply: &PlyAnalysis, before: Position, graph: Option<&Graph>) -> Verdict {
        let cells = before.size().cells();
        let mut values = vec![None; cells];
        for m in &ply.position.moves {
            if let Some(slot) = values.get_mut(before.size().index(m.cell)) {
                *slot = Some((100.0 * m.win_chance).round() as i64);
            }
        }
        let analyser = Overlay {
            values,
            best: ply.position.best_cells().collect(),
        };
        let best = ply
            .position
            .best()
            .map(|m| m.cell)
            .filter(|_| !ply.position.move_at(ply.played).is_some_and(|m| m.best));
        let mut verdict = Verdict {
            ply: ply.ply,
            before,
            heat: None,
            analyser,
            best,
            rows: Vec::new(),
            same: 0,
        };
        if let Some(graph) = graph {
            verdict.graph(graph, ply.played);
        }
        verdict
    }

    /// The graph's heat map, and the trace at the played and the best cell.
    fn graph(&mut self, graph: &Graph, played: Coord) {
        let mut evaluator = Evaluator::new(graph.program.clone());
        self.heat = Some(
            evaluator
                .heat_map(&self.before, SEED)
                .map(|heat| Overlay {
                    values: (0..heat.raw.len()).map(|i| heat.value(i)).collect(),
                    best: heat.best(),
                })
                .map_err(|e| e.to_string()),
        );
        let Some(best) = self.best else { return };
        let (Ok(at_played), Ok(at_best)) = (
            evaluator.explain(&self.before, played, SEED),
            evaluator.explain(&self.before, best, SEED),
        ) else {
            return;
        };
        for ((id, a), (_, b)) in at_played.values.iter().zip(&at_best.values) {
            if a == b {
                self.same += 1;
            } else {
                self.rows.push((graph.node_name(*id), *a, *b));
            }
        }
    }
}

/// "Move 12: B (name) played 2,3: 41%, best 1,1: 63% — a mistake (22% given away)".
pub fn headline(ply: &PlyAnalysis, label: &dyn Fn(Player) -> String) -> String {
    let mover = ply.mover();
    let percent = |c: f64| format!("{:.0}%", 100.0 * c);
    let played = format!(
        "Move {}: {mover} ({}) played {}: {}",
        ply.ply + 1,
        label(mover),
        ply.played,
        percent(ply.win_chance_after())
    );
    let opening = if ply.opening {
        " (a move of the random opening)"
    } else {
        ""
    };
    match ply.position.best() {
        Some(best) if !ply.quality.is_marked() => format!(
            "{played}, {} move (best {}: {}){opening}",
            article(ply.quality.name()),
            best.cell,
            percent(best.win_chance)
        ),
        Some(best) => format!(
            "{played}, best {}: {} — {} ({:.0}% given away){opening}",
            best.cell,
            percent(best.win_chance),
            article(ply.quality.name()),
            // Rounded down: 19.6% given away is a mistake, and must not
            // read as the 20% where blunders start.
            (100.0 * ply.loss).floor()
        ),
        None => played,
    }
}

fn article(word: &str) -> String {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {word}")
    } else {
        format!("a {word}")
    }
}

/// Draws `verdict` on `ply` in the space `ui` has: the two boards side by
/// side, and beside them the trace table when there is one.
pub fn verdict_ui(
    ui: &mut Ui,
    verdict: &Verdict,
    ply: &PlyAnalysis,
    graph: Option<&Graph>,
    show_letters: bool,
) {
    let ring = theme::quality_colour(ply.quality);
    let table = graph.is_some() && verdict.best.is_some();
    let board = |ui: &mut Ui, overlay: Option<&Overlay>, salt: &str| {
        BoardView::new(&verdict.before)
            .overlay(overlay)
            .marked(Some(ply.played), ring)
            .last_move(Some(ply.played))
            .show_letters(show_letters)
            .id_salt(salt)
            .show(ui);
    };
    ui.label(
        RichText::new(format!(
            "The position before the move; {} is ringed, the best cells are framed in white.",
            ply.played
        ))
        .small()
        .color(theme::MUTED_TEXT),
    );
    ui.columns(if table { 3 } else { 2 }, |columns| {
        let [left, right, rest @ ..] = columns else {
            return;
        };
        left.label(RichText::new(match graph {
            Some(g) => format!("What {} valued (its heat map)", g.name),
            None => "The move played (not a strategy graph: no heat map)".to_string(),
        }));
        if let Some(Err(e)) = &verdict.heat {
            left.colored_label(theme::ERROR_TEXT, e);
        }
        let heat = verdict.heat.as_ref().and_then(|h| h.as_ref().ok());
        board(left, heat, "replay_graph_board");
        right.label("What the analyser prefers (win chance % per cell)");
        board(right, Some(&verdict.analyser), "replay_analyser_board");
        if let ([third, ..], Some(best)) = (rest, verdict.best) {
            trace_table(third, verdict, ply.played, best);
        }
    });
}

/// The nodes whose values differ at the played and the best cell.
fn trace_table(ui: &mut Ui, verdict: &Verdict, played: Coord, best: Coord) {
    ui.label(RichText::new(format!(
        "Node values at the cell played ({played}) and at the analyser's best cell ({best})"
    )));
    ui.label(
        RichText::new(format!(
            "Only the nodes that differ; {} have the same value at both.",
            verdict.same
        ))
        .small()
        .color(theme::MUTED_TEXT),
    );
    egui::ScrollArea::vertical()
        .id_salt("replay_trace")
        .max_height(ui.available_height().max(120.0))
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("replay_trace_grid")
                .num_columns(3)
                .striped(true)
                .spacing([16.0, 2.0])
                .show(ui, |ui| {
                    ui.label(RichText::new("node").color(theme::MUTED_TEXT));
                    ui.label(RichText::new(format!("at {played}")).color(theme::MUTED_TEXT));
                    ui.label(RichText::new(format!("at {best}")).color(theme::MUTED_TEXT));
                    ui.end_row();
                    let shown =
                        |v: &Option<i64>| v.map_or_else(|| "–".to_string(), |v| v.to_string());
                    for (name, a, b) in verdict.rows.iter().take(MAX_ROWS) {
                        ui.label(name);
                        ui.label(shown(a));
                        ui.label(shown(b));
                        ui.end_row();
                    }
                });
            if verdict.rows.len() > MAX_ROWS {
                ui.label(format!("… and {} more", verdict.rows.len() - MAX_ROWS));
            }
        });
}
