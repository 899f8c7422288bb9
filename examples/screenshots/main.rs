//! Renders the desktop app's views to PNG files, headless (egui_kittest with
//! wgpu; on a machine without a GPU, Mesa's software Vulkan driver).
//!
//! Run by `scripts/screenshots.sh`, or directly:
//! `cargo run --release --example screenshots --features screenshots -- docs/screenshots`

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chainlab::gui::play::session::Status;
use chainlab::gui::play::setup::PlaySettings;
use chainlab::gui::seats::{Catalogue, SeatChoice};
use chainlab::gui::{App, Settings, View};
use chainlab::rng::{GameRng, rng_from_seed};
use chainlab::rules::{Coord, Position};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rand::RngExt;

mod arena;
mod editor;
mod puzzles;
mod tune;
mod tutorial;

use arena::arena_shots;
use editor::editor_shots;

fn main() -> ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("docs/screenshots"), PathBuf::from);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("screenshots: cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    // `-- DIR editor` (or `tutorial`) renders only those screenshots; `zoom`
    // renders lesson 3 at several zooms, to check node text.
    let result = match std::env::args().nth(2).as_deref() {
        Some("editor") => editor_shots(&dir),
        Some("tutorial") => tutorial::tutorial_shots(&dir),
        Some("zoom") => editor::zoom_shots(&dir),
        Some("tune") => tune::tune_shots(&dir),
        Some("puzzles") => puzzles::puzzle_shots(&dir),
        _ => run(&dir),
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
    tune::tune_shots(dir)?;
    puzzles::puzzle_shots(dir)?;
    tutorial::tutorial_shots(dir)?;
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
        let waiting = harness.state().play().session().is_some_and(|s| {
            matches!(
                s.status(),
                Status::Starting(_) | Status::Thinking(_) | Status::Animating
            )
        });
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
