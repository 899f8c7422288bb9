//! The editor's frame time, measured headless: the whole editor view (canvas
//! with a generated graph, palette, preview with the live heat map and an
//! explained cell, problems list) run on an `egui::Context` for many frames,
//! tessellation included. `chainlab bench` prints the figures.

use std::time::Instant;

use crate::rules::{Coord, Position, Rules, Size};
use crate::strategy::{GraphBuilder, Kind, NodeId, NodeKind, Strategy, When};

use super::document::{Document, Location};
use super::edit::Edit;
use super::{EditorSettings, EditorView};

/// The result of one measurement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameTime {
    /// Nodes in the graph.
    pub nodes: usize,
    /// Frames measured.
    pub frames: usize,
    /// Whether every frame changed a parameter (recompile, re-validate and
    /// a new heat map every frame) rather than only moving the pointer.
    pub edit_every_frame: bool,
    /// Milliseconds per frame: UI pass plus tessellation.
    pub ms_per_frame: f64,
    /// Times the graph was compiled during the measurement.
    pub compiles: u64,
}

/// A graph of about `nodes` nodes: weighted measurements summed into the
/// Cell value, laid out left to right.
pub fn generated_strategy(nodes: usize) -> Strategy {
    let measures = [
        NodeKind::IsCorner,
        NodeKind::Atoms { when: When::Now },
        NodeKind::IsCritical { when: When::After },
        NodeKind::Danger { when: When::Now },
        NodeKind::IsEndangered { when: When::After },
        NodeKind::Capacity,
        NodeKind::CellsCaptured,
    ];
    let mut g = GraphBuilder::new(
        "Generated",
        "A large generated graph for measuring the editor.",
    );
    let mut total: Option<NodeId> = None;
    let blocks = (nodes.saturating_sub(1) / 4).max(1);
    for i in 0..blocks {
        let measure = g.node(measures[i % measures.len()].clone(), &[]);
        let weight = g.constant(i as i64 % 9 - 3);
        let term = g.op(Kind::Multiply, &[measure, weight]);
        total = Some(match total {
            Some(t) => g.op(Kind::Add, &[t, term]),
            None => g.op(Kind::Max, &[term]),
        });
    }
    let mut strategy = match total {
        Some(t) => g.finish(t),
        None => g.into_strategy(),
    };
    // Comments make up the count (they are nodes to draw too).
    while strategy.nodes().len() < nodes {
        let text = "A generated graph: measurements times weights, summed.".to_string();
        strategy.add_node(NodeKind::Comment { text }, [0.0, 0.0]);
    }
    strategy.arrange();
    strategy
}

/// Runs the editor with a generated graph of `nodes` nodes in a 1280x800
/// window for `frames` frames (after a warm-up) and measures the time per frame.
pub fn editor_frame_time(nodes: usize, frames: usize, edit_every_frame: bool) -> FrameTime {
    let ctx = egui::Context::default();
    crate::gui::theme::apply(&ctx);
    let mut settings = EditorSettings::default();
    let mut editor = EditorView::new(&mut settings);
    let strategy = generated_strategy(nodes);
    let constant = strategy
        .nodes()
        .iter()
        .find(|n| matches!(n.kind, NodeKind::Constant { .. }))
        .map(|n| n.id);
    let count = strategy.nodes().len();
    editor.replace(Document::opened(strategy, Location::Untitled));
    if let Ok(position) = midgame() {
        editor.set_preview(&position);
        editor.explain(position.moves().iter().next());
    }
    let mut commands = Vec::new();
    let catalogue = crate::gui::seats::Catalogue::default();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
    let mut run = |frame: usize, editor: &mut EditorView| {
        let t = frame as f64 / 60.0;
        let x = 300.0 + (frame % 400) as f32;
        let input = egui::RawInput {
            screen_rect: Some(screen),
            time: Some(t),
            events: vec![egui::Event::PointerMoved(egui::pos2(x, 300.0))],
            ..Default::default()
        };
        let mut output = ctx.run_ui(input, |ui| {
            editor.ui(ui, &mut settings, &catalogue, &mut commands)
        });
        // No renderer here: the font atlas uploads are dropped.
        output.textures_delta.clear();
        let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        std::hint::black_box(primitives.len());
    };
    for frame in 0..10 {
        run(frame, &mut editor);
    }
    let compiles = editor.compiles();
    let start = Instant::now();
    for frame in 0..frames {
        if edit_every_frame && let Some(id) = constant {
            let edit = Edit::SetKind(
                id,
                NodeKind::Constant {
                    value: frame as i64 % 7,
                    tune: crate::strategy::Tuning::Auto,
                },
            );
            editor.apply(edit, frame as f64);
        }
        run(10 + frame, &mut editor);
    }
    let elapsed = start.elapsed().as_secs_f64();
    FrameTime {
        nodes: count,
        frames,
        edit_every_frame,
        ms_per_frame: elapsed * 1000.0 / frames.max(1) as f64,
        compiles: editor.compiles() - compiles,
    }
}

/// A position some moves into a game on the 9x6 board, for the preview.
fn midgame() -> Result<Position, crate::rules::RulesError> {
    let mut position = Position::new(Size::PHONE, 2, Rules::Standard)?;
    for (r, c) in [
        (0, 0),
        (8, 5),
        (4, 2),
        (4, 3),
        (1, 1),
        (7, 4),
        (0, 0),
        (8, 5),
        (2, 3),
        (6, 2),
    ] {
        if let Some(coord) = Coord::new(r, c) {
            let _ = position.play(coord);
        }
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generated_graph_is_valid_and_the_editor_runs_it() {
        let s = generated_strategy(200);
        assert!(
            (190..=210).contains(&s.nodes().len()),
            "{}",
            s.nodes().len()
        );
        assert!(!s.validate().has_errors(), "{:?}", s.validate());
        let t = editor_frame_time(60, 3, true);
        assert_eq!(t.frames, 3);
        assert_eq!(t.compiles, 3, "one compile per change");
    }
}
