//! Renders the desktop app's views to PNG files, headless (egui_kittest with
//! wgpu; on a machine without a GPU, Mesa's software Vulkan driver).
//!
//! Run by `scripts/screenshots.sh`, or directly:
//! `cargo run --release --example screenshots --features screenshots -- docs/screenshots`

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chainlab::gui::play::setup::PlaySettings;
use chainlab::gui::seats::{Catalogue, SeatChoice};
use chainlab::gui::{App, Settings, View};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Coord, Position, Rules, Size};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rand::RngExt;

fn main() -> ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("docs/screenshots"), PathBuf::from);
    match run(&dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("screenshots: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;

    // The play view in the middle of a game on the phone board, with critical cells.
    let settings = Settings {
        view: View::Play,
        play: PlaySettings {
            rows: 9,
            cols: 6,
            seats: vec![SeatChoice::Human; 3],
            ..PlaySettings::default()
        },
    };
    let mut harness = harness(settings);
    let moves = quiet_game(Size::PHONE, 3, 40, 7);
    for &m in &moves {
        click(&mut harness, m)?;
        settle(&mut harness);
    }
    let hover = harness
        .state()
        .play()
        .session()
        .and_then(|s| central_move(s.position()))
        .ok_or("no legal move")?;
    harness.get_by_label(&format!("cell {hover}")).hover();
    settle(&mut harness);
    save(&mut harness, &dir.join("play.png"))?;

    // A reaction in the middle of its animation.
    let next = harness
        .state()
        .play()
        .session()
        .and_then(|s| reacting_move(s.position()))
        .ok_or("no move with a chain reaction found")?;
    click(&mut harness, next)?;
    harness.step();
    harness.remove_cursor();
    harness.step();
    save(&mut harness, &dir.join("play-reaction.png"))?;
    settle(&mut harness);

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
    Ok(())
}

fn harness(settings: Settings) -> Harness<'static, App> {
    let app = App::new(settings, Catalogue::builtin());
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

/// At least `count` random moves from a seed that eliminate nobody, until the
/// player to move can start a chain reaction.
fn quiet_game(size: Size, players: usize, count: usize, seed: u64) -> Vec<Coord> {
    let mut rng = rng_from_seed(seed);
    let mut position = Position::new(size, players, Rules::Standard).unwrap_or_else(|_| {
        Position::new(Size::JABC, 2, Rules::Standard).unwrap_or_else(|_| unreachable!())
    });
    let mut moves = Vec::new();
    for _ in 0..count * 100 {
        // Stop once the player to move has a chain reaction to show next.
        if moves.len() >= count && reacting_move(&position).is_some() {
            break;
        }
        let legal: Vec<Coord> = position.moves().iter().collect();
        let pick = legal[rng.random_range(0..legal.len())];
        let mut next = position;
        if next.play(pick).is_ok() && !next.is_over() && next.alive().count() == players {
            position = next;
            moves.push(pick);
        }
    }
    moves
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
