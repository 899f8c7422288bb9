//! Renders the desktop app's views to PNG files, headless (egui_kittest with
//! wgpu; on a machine without a GPU, Mesa's software Vulkan driver).
//!
//! Run by `scripts/screenshots.sh`, or directly:
//! `cargo run --release --example screenshots --features screenshots -- docs/screenshots`

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chainlab::gui::arena::settings::{ArenaSettings, Format};
use chainlab::gui::play::session::Status;
use chainlab::gui::play::setup::PlaySettings;
use chainlab::gui::seats::{Catalogue, SeatChoice};
use chainlab::gui::{App, Settings, View};
use chainlab::rng::{GameRng, rng_from_seed};
use chainlab::rules::{Coord, Position};
use chainlab::strategy::{Kind, NodeKind, Strategy};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rand::RngExt;

fn main() -> ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("docs/screenshots"), PathBuf::from);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("screenshots: cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    // `-- DIR editor` renders the editor's screenshots only.
    let only_editor = std::env::args().nth(2).is_some_and(|a| a == "editor");
    let result = if only_editor {
        editor_shots(&dir)
    } else {
        run(&dir)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("screenshots: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(dir: &Path) -> Result<(), String> {
    editor_shots(dir)?;
    let catalogue = Catalogue::builtin();
    let strategy = catalogue
        .choices()
        .iter()
        .find(|c| c.is_strategy && c.name.contains("Avoid danger"))
        .map(|c| c.spec.clone())
        .ok_or("the shipped strategy 02 Avoid danger was not found")?;

    // A human against Greedy and a shipped strategy on the phone board.
    let settings = Settings {
        view: View::Play,
        play: PlaySettings {
            rows: 9,
            cols: 6,
            seats: vec![
                SeatChoice::Human,
                SeatChoice::Computer("bot:greedy".to_string()),
                SeatChoice::Computer(strategy),
            ],
            ..PlaySettings::default()
        },
        ..Settings::default()
    };
    let mut harness = new_harness(settings, catalogue);
    let mut rng = rng_from_seed(11);
    play_until(&mut harness, &mut rng, 33)?;
    let hover = position(&harness)
        .and_then(|p| central_move(&p))
        .ok_or("no legal move")?;
    harness.get_by_label(&format!("cell {hover}")).hover();
    harness.step();
    save(&mut harness, &dir.join("play.png"))?;

    // A chain reaction of the human's in the middle of its animation.
    for _ in 0..200 {
        play_until(&mut harness, &mut rng, 12)?;
        let position = position(&harness).ok_or("no game")?;
        if let Some(m) = reacting_move(&position) {
            // The click's frame starts the animation; one frame later the
            // first wave is on the board, glowing.
            click(&mut harness, m)?;
            harness.step();
            save(&mut harness, &dir.join("play-reaction.png"))?;
            break;
        }
        random_move(&mut harness, &mut rng)?;
    }
    wait_for_human(&mut harness);

    // Paused before the strategy's move: its heat map, and the cells it would pick.
    for _ in 0..20 {
        play_until(&mut harness, &mut rng, 12)?;
        harness.get_by_label("Pause").click();
        harness.step();
        random_move(&mut harness, &mut rng)?;
        for _ in 0..3 {
            if strategy_paused(&harness) || harness.query_by_label("Step").is_none() {
                break;
            }
            harness.get_by_label("Step").click();
            // The click's frame asks for a step; the next one starts it.
            harness.step();
            harness.step();
            wait_for_human(&mut harness);
        }
        let done = strategy_paused(&harness);
        if done {
            harness.remove_cursor();
            harness.step();
            save(&mut harness, &dir.join("play-heat.png"))?;
        }
        if let Some(resume) = harness.query_by_label("Resume") {
            resume.click();
            harness.step();
        }
        wait_for_human(&mut harness);
        if done {
            break;
        }
    }

    // The seat menu: built-in players and shipped strategies.
    // Board, rules, then one per seat: the fourth is seat B's.
    harness
        .get_all_by_role(egui::accesskit::Role::ComboBox)
        .nth(3)
        .ok_or("no menu for seat B")?
        .click();
    harness.step();
    harness.step();
    save(&mut harness, &dir.join("play-seats.png"))?;
    harness.key_press(egui::Key::Escape);
    harness.step();

    // Eight computer players on a 12x12 board: every player colour at once.
    let settings = Settings {
        view: View::Play,
        play: PlaySettings {
            rows: 12,
            cols: 12,
            seats: vec![SeatChoice::Computer("bot:greedy:random=50".to_string()); 8],
            ..PlaySettings::default()
        },
        ..Settings::default()
    };
    let mut eight = new_harness(settings, Catalogue::builtin());
    for _ in 0..20_000 {
        if placements(&eight) >= 150 {
            break;
        }
        eight.step();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    eight.get_by_label("Pause").click();
    eight.step();
    wait_for_human(&mut eight);
    eight.remove_cursor();
    eight.step();
    save(&mut eight, &dir.join("play-eight.png"))?;

    // The replay of that game, part-way through.
    harness.get_by_label("Replay this game").click();
    harness.step();
    harness.step();
    for _ in 0..25 {
        harness.get_by_label("Forward ⏵").click();
        harness.step();
    }
    settle(&mut harness);
    harness.remove_cursor();
    harness.step();
    save(&mut harness, &dir.join("replay.png"))?;

    arena_shots(dir)
}

/// The arena in the middle of a match (progress bar, results so far, the
/// score plot) and after a round robin (ranking and crosstable).
fn arena_shots(dir: &Path) -> Result<(), String> {
    let catalogue = Catalogue::builtin();
    let shipped = |name: &str| {
        catalogue
            .choices()
            .iter()
            .find(|c| c.is_strategy && c.name.contains(name))
            .map(|c| c.spec.clone())
            .ok_or_else(|| format!("the shipped strategy {name} was not found"))
    };
    let settings = Settings {
        view: View::Arena,
        arena: ArenaSettings {
            players: vec![shipped("Room to grow")?, shipped("Expert")?],
            games: 1000,
            openings: 4,
            threads: 2,
            ..ArenaSettings::default()
        },
        ..Settings::default()
    };
    let mut arena = new_harness(settings, catalogue.clone());
    arena.get_by_label("Start match").click();
    wait_for_games(&mut arena, 300)?;
    arena.remove_cursor();
    arena.step();
    save(&mut arena, &dir.join("arena-match.png"))?;
    arena.state().arena().cancel();

    let settings = Settings {
        view: View::Arena,
        arena: ArenaSettings {
            players: vec![
                "bot:greedy".to_string(),
                "bot:expert:depth=1".to_string(),
                shipped("Avoid danger")?,
                shipped("Do not feed")?,
                shipped("Expert")?,
            ],
            format: Format::RoundRobin,
            games: 20,
            openings: 4,
            threads: 2,
            ..ArenaSettings::default()
        },
        ..Settings::default()
    };
    let mut tournament = new_harness(settings, catalogue);
    tournament
        .get_by_label("Start round robin (10 pairings)")
        .click();
    for _ in 0..100_000 {
        if tournament.state().arena().outcome().is_some() {
            break;
        }
        tournament.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    if tournament.state().arena().outcome().is_none() {
        return Err("the round robin did not finish".to_string());
    }
    tournament.remove_cursor();
    tournament.step();
    save(&mut tournament, &dir.join("arena-tournament.png"))
}

/// Steps until the arena has finished `games` games.
fn wait_for_games(harness: &mut Harness<'_, App>, games: u64) -> Result<(), String> {
    for _ in 0..100_000 {
        if harness.state().arena().live().games >= games {
            return Ok(());
        }
        if harness.state().arena().outcome().is_some() {
            return Err("the match ended early".to_string());
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    Err(format!("fewer than {games} games were played"))
}

/// The strategy editor: a shipped strategy with the preview board and an
/// explained cell (zoomed in to read it, and framed whole), a sharp close-up
/// of the canvas, and the tutorial's graph.
fn editor_shots(dir: &Path) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let midgame: Position = std::fs::read_to_string(root.join("tests/data/positions/midgame.txt"))
        .map_err(|e| e.to_string())?
        .parse()
        .map_err(|e| format!("midgame.txt: {e}"))?;
    let editor_with = |file: &str, position: &Position, cell: Option<Coord>, ppp: f32| {
        let settings = Settings {
            view: View::Editor,
            ..Settings::default()
        };
        let app = App::new(settings, Catalogue::from_choices(Vec::new()));
        let mut harness = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .with_pixels_per_point(ppp)
            .wgpu()
            .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
        harness.step();
        {
            let (editor, settings) = harness.state_mut().editor_and_settings();
            editor.open(&root.join(file), settings);
            editor.set_preview(position);
            editor.explain(cell);
        }
        settle_editor(&mut harness);
        harness
    };

    // 04-capture, zoomed in on its middle (as a user would), cell 1,1 explained.
    let mut harness = editor_with(
        "strategies/04-capture.json",
        &midgame,
        Coord::new(1, 1),
        1.0,
    );
    zoom_on(&mut harness, NodeId(4), 2.2)?;
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
    zoom_on(&mut harness, NodeId(4), 3.0)?;
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

/// Zooms the canvas by `factor` around node `id` (which stays where it is).
fn zoom_on(harness: &mut Harness<'_, App>, id: NodeId, factor: f32) -> Result<(), String> {
    let at = harness
        .state()
        .editor()
        .node_screen_rect(id)
        .ok_or_else(|| format!("node {id} is not on the canvas"))?
        .center();
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
    let ten = s.add_node(NodeKind::Constant { value: 10 }, [0.0, 0.0]);
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
fn settle_editor(harness: &mut Harness<'_, App>) {
    harness.remove_cursor();
    for _ in 0..8 {
        harness.step();
    }
}

/// Plays random moves for the human (starting new games when one ends)
/// until the human is to move after at least `placements` placements.
fn play_until(
    harness: &mut Harness<'_, App>,
    rng: &mut GameRng,
    placements_at_least: u32,
) -> Result<(), String> {
    for _ in 0..2000 {
        if !human_to_move(harness) {
            harness.get_by_label("New game").click();
            harness.step();
            wait_for_human(harness);
            continue;
        }
        if placements(harness) >= placements_at_least {
            return Ok(());
        }
        random_move(harness, rng)?;
    }
    Err("the human never got to move".to_string())
}

/// A random legal move for the human, then the computers' replies.
fn random_move(harness: &mut Harness<'_, App>, rng: &mut GameRng) -> Result<(), String> {
    let position = position(harness).ok_or("no game")?;
    let legal: Vec<Coord> = position.moves().iter().collect();
    if legal.is_empty() {
        return Ok(());
    }
    click(harness, legal[rng.random_range(0..legal.len())])?;
    wait_for_human(harness);
    Ok(())
}

/// Whether the game is paused with a strategy seat to move.
fn strategy_paused(harness: &Harness<'_, App>) -> bool {
    harness
        .state()
        .play()
        .session()
        .is_some_and(|s| matches!(s.status(), Status::Paused(p) if s.program(p).is_some()))
}

fn position(harness: &Harness<'_, App>) -> Option<Position> {
    harness.state().play().session().map(|s| *s.position())
}

fn placements(harness: &Harness<'_, App>) -> u32 {
    position(harness).map_or(0, |p| p.placements())
}

fn human_to_move(harness: &Harness<'_, App>) -> bool {
    harness
        .state()
        .play()
        .session()
        .is_some_and(|s| matches!(s.status(), Status::HumanToMove(_)))
}

/// Steps until a human is to move or the game has ended.
fn wait_for_human(harness: &mut Harness<'_, App>) {
    for _ in 0..5000 {
        let waiting = harness
            .state()
            .play()
            .session()
            .is_some_and(|s| matches!(s.status(), Status::Thinking(_) | Status::Animating));
        if !waiting {
            break;
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    harness.step();
}

fn new_harness(settings: Settings, catalogue: Catalogue) -> Harness<'static, App> {
    let app = App::new(settings, catalogue);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .wgpu()
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    harness.step();
    harness
}

fn click(harness: &mut Harness<'_, App>, coord: Coord) -> Result<(), String> {
    harness
        .query_by_label(&format!("cell {coord}"))
        .ok_or_else(|| format!("no cell {coord} on the screen"))?
        .click();
    harness.step();
    Ok(())
}

/// Steps until the running animation is over.
fn settle(harness: &mut Harness<'_, App>) {
    for _ in 0..200 {
        let animating = harness
            .state()
            .play()
            .session()
            .is_some_and(|s| s.is_animating())
            || harness.state().replay().is_animating();
        if !animating {
            break;
        }
        harness.step();
    }
    harness.step();
}

fn save(harness: &mut Harness<'_, App>, path: &Path) -> Result<(), String> {
    let image = harness.render()?;
    image
        .save(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("wrote {}", path.display());
    Ok(())
}

/// The legal move of the player to move with the longest chain that does not win.
fn reacting_move(position: &Position) -> Option<Coord> {
    position
        .moves()
        .iter()
        .filter_map(|m| {
            let mut next = *position;
            let outcome = next.play(m).ok()?;
            (!outcome.won && outcome.waves >= 1).then_some((outcome.waves, m))
        })
        .max()
        .map(|(_, m)| m)
}

/// The legal move nearest the board's centre.
fn central_move(position: &Position) -> Option<Coord> {
    let size = position.size();
    let (rows, cols) = (size.rows() as i64, size.cols() as i64);
    position.moves().iter().min_by_key(|m| {
        let dr = 2 * m.row() as i64 - (rows - 1);
        let dc = 2 * m.col() as i64 - (cols - 1);
        dr * dr + dc * dc
    })
}
