//! Screenshots of the strategy editor.

use std::path::Path;

use chainlab::gui::seats::Catalogue;
use chainlab::gui::{App, Settings, View};
use chainlab::rules::{Coord, Position};
use chainlab::strategy::{Kind, NodeId, NodeKind, Strategy, Tuning};
use egui_kittest::Harness;

use super::save;

/// The strategy editor: a shipped strategy with the preview board and an
/// explained cell (zoomed in to read it, and framed whole), a sharp close-up
/// of the canvas, and the tutorial's graph.
pub fn editor_shots(dir: &Path) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let midgame: Position = std::fs::read_to_string(root.join("tests/data/positions/midgame.txt"))
        .map_err(|e| e.to_string())?
        .parse()
        .map_err(|e| format!("midgame.txt: {e}"))?;
    let editor_with = |file: &str, position: &Position, cell: Option<Coord>, ppp: f32| {
        editor_with(
            &root.join(file),
            position,
            cell,
            ppp,
            Catalogue::from_choices(Vec::new()),
        )
    };

    // 04-capture, zoomed in on its middle (as a user would), cell 1,1 explained.
    let mut harness = editor_with(
        "strategies/04-capture.json",
        &midgame,
        Coord::new(1, 1),
        1.0,
    );
    zoom_on(&mut harness, NodeId(9), 1.6)?;
    save(&mut harness, &dir.join("editor.png"))?;

    // 08-expert as opened: the whole graph framed.
    let mut harness = editor_with("strategies/08-expert.json", &midgame, Coord::new(1, 1), 1.0);
    save(&mut harness, &dir.join("editor-overview.png"))?;

    // A sharp close-up of the canvas: pins, defaults, parameters, values.
    let mut harness = editor_with(
        "strategies/04-capture.json",
        &midgame,
        Coord::new(1, 1),
        2.0,
    );
    zoom_on(&mut harness, NodeId(2), 2.6)?;
    let canvas = harness.state().editor().canvas_rect();
    let image = harness.render()?;
    let (x, y) = ((canvas.min.x * 2.0) as u32, (canvas.min.y * 2.0) as u32);
    let (w, h) = (
        (canvas.width() * 2.0) as u32,
        (canvas.height() * 2.0) as u32,
    );
    let crop = image::imageops::crop_imm(&image, x, y, w, h).to_image();
    let path = dir.join("editor-closeup.png");
    crop.save(&path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("wrote {}", path.display());

    // The tutorial's graph: prefer corners, avoid endangered cells.
    let tutorial = std::env::temp_dir().join("corners-not-endangered.json");
    tutorial_strategy()?
        .save(&tutorial)
        .map_err(|e| e.to_string())?;
    let position: Position = "size 5x6\nto-move A\nplaced A B\nmoves 3\n. B2 . . . .\n. . . . . .\n. . . . . .\n. . . A1 . .\n. . . . . .\n"
        .parse()
        .map_err(|e| format!("tutorial position: {e}"))?;
    let mut harness = editor_with(
        &tutorial.display().to_string(),
        &position,
        Coord::new(0, 0),
        1.0,
    );
    save(&mut harness, &dir.join("editor-tutorial.png"))?;
    let _ = std::fs::remove_file(tutorial);
    Ok(())
}

/// Lesson 3 at several zooms of the canvas (`zoom-100.png` …): node text
/// must be whole wherever it is drawn.
pub fn zoom_shots(dir: &Path) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let empty = Position::new(
        chainlab::rules::Size::JABC,
        2,
        chainlab::rules::Rules::Standard,
    )
    .map_err(|e| e.to_string())?;
    for percent in [100, 90, 80, 70, 65, 60, 55, 50] {
        let mut harness = editor_with(
            &root.join("strategies/03-grow-critical.json"),
            &empty,
            None,
            1.0,
            Catalogue::from_choices(Vec::new()),
        );
        let now = harness.state().editor().zoom();
        zoom_on(&mut harness, NodeId(2), percent as f32 / 100.0 / now)?;
        let zoom = harness.state().editor().zoom();
        println!("zoom {percent}%: {zoom:.3}");
        save(&mut harness, &dir.join(format!("zoom-{percent}.png")))?;
    }
    Ok(())
}

/// Zooms the canvas by `factor` around the top left corner of node `id`
/// (which stays where it is).
pub fn zoom_on(harness: &mut Harness<'_, App>, id: NodeId, factor: f32) -> Result<(), String> {
    let at = harness
        .state()
        .editor()
        .node_screen_rect(id)
        .ok_or_else(|| format!("node {id} is not on the canvas"))?
        .left_top()
        - egui::vec2(12.0, 12.0);
    harness.hover_at(at);
    harness.step();
    harness.event(egui::Event::Zoom(factor));
    harness.step();
    settle_editor(harness);
    Ok(())
}

/// "Prefer corners, avoid endangered cells": Is corner × 10, or 0 (the
/// unconnected `then`) when the cell is endangered.
fn tutorial_strategy() -> Result<Strategy, String> {
    let mut s = Strategy::new("Corners, not endangered");
    s.description =
        "Corners are worth 10, other cells 0; a cell next to an opponent's critical cell is worth 0."
            .to_string();
    let corner = s.add(Kind::IsCorner, [0.0, 0.0]);
    let ten = s.add_node(
        NodeKind::Constant {
            value: 10,
            tune: Tuning::Auto,
        },
        [0.0, 0.0],
    );
    let times = s.add(Kind::Multiply, [0.0, 0.0]);
    let endangered = s.add(Kind::IsEndangered, [0.0, 0.0]);
    let choose = s.add(Kind::IfThenElse, [0.0, 0.0]);
    let out = s.add(Kind::Output, [0.0, 0.0]);
    for (from, to, input) in [
        (corner, times, 0),
        (ten, times, 1),
        (endangered, choose, 0),
        (times, choose, 2),
        (choose, out, 0),
    ] {
        s.connect(from, to, input).map_err(|e| e.to_string())?;
    }
    s.arrange();
    Ok(s)
}

/// Steps until the editor's canvas has laid out and framed the graph.
pub fn settle_editor(harness: &mut Harness<'_, App>) {
    harness.remove_cursor();
    for _ in 0..8 {
        harness.step();
    }
}

/// The app on the editor with the strategy file `file` open, `position` on
/// the preview board and `cell` explained, drawn at `ppp` pixels per point.
pub fn editor_with(
    file: &Path,
    position: &Position,
    cell: Option<Coord>,
    ppp: f32,
    catalogue: Catalogue,
) -> Harness<'static, App> {
    let settings = Settings {
        view: View::Editor,
        ..Settings::default()
    };
    let app = App::new(settings, catalogue);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_pixels_per_point(ppp)
        .wgpu()
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    harness.step();
    {
        let (editor, settings) = harness.state_mut().editor_and_settings();
        editor.open(file, settings);
        editor.set_preview(position);
        editor.explain(cell);
    }
    settle_editor(&mut harness);
    harness
}
