//! UI tests of the replay view's game analysis, headless with egui_kittest:
//! a records file is opened by typing its path, Analyse runs in the
//! background, the results are what `analyse_record` (the CLI's analysis)
//! gives, the move list carries the marks, Next mistake and the plot jump,
//! a marked move of a strategy player shows its heat map beside the
//! analyser's choice with the node values; a 20x20 game of 8 players is
//! cancelled or refused as too large; loading another game stops a run.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::editor_ui;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use chainlab::analysis::{Analyser, AnalyserConfig, MoveQuality, analyse_record};
use chainlab::arena::{GameRecord, read_records};
use chainlab::bots::{Interrupt, parse_player};
use chainlab::gui::replay::PLOT_LABEL;
use chainlab::gui::seats::Catalogue;
use chainlab::gui::{App, Settings, View};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Coord, Player, Position, Rules, Size};
use editor_ui::{click, harness_with_players, key, temp_dir, type_keys};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// The budget of the analyses here: small, so that a debug build is quick.
const NODES: u64 = 300;

/// Far longer than any run here needs; reaching it means a hang.
const WATCHDOG: Duration = Duration::from_secs(300);

/// A game record of `players` (strategy files or bot specs) on `size`,
/// each choosing with its own seeded generator, at most `max_moves` moves.
fn play_record(players: &[&str], labels: &[&str], size: Size, max_moves: usize) -> String {
    let mut bots: Vec<_> = players
        .iter()
        .map(|spec| parse_player(spec).unwrap().create().unwrap())
        .collect();
    let mut rng = rng_from_seed(11);
    let mut position = Position::new(size, players.len(), Rules::Standard).unwrap();
    let mut moves: Vec<Coord> = Vec::new();
    while let Some(mover) = position.to_move()
        && moves.len() < max_moves
    {
        let bot = &mut bots[mover.index()];
        let m = bot
            .choose_within(&position, &mut rng, &Interrupt::never())
            .unwrap();
        position.play(m).unwrap();
        moves.push(m);
    }
    let text: Vec<String> = moves.iter().map(ToString::to_string).collect();
    let sides: String = (0..players.len())
        .map(|k| if k == 0 { 'a' } else { 'b' })
        .collect();
    serde_json::json!({
        "game": 0,
        "seed": 11,
        "size": size.to_string(),
        "rules": "standard",
        "players": labels,
        "sides": sides,
        "opening": 0,
        "moves": text.join(" "),
        "winner": position.winner().map(|w| w.to_string()),
        "forfeit": null,
        "reason": if position.is_over() { "only one player left" } else { "stopped" },
        "ranks": null,
    })
    .to_string()
}

fn shipped(stem: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("strategies")
        .join(format!("{stem}.json"))
        .to_string_lossy()
        .into_owned()
}

/// Two shipped strategies against each other on `5x6`: lesson 01 (corners
/// only) misjudges plenty, so moves are marked, and both are graphs.
fn lessons_game(dir: &Path) -> PathBuf {
    let line = play_record(
        &[&shipped("01-prefer-corners"), &shipped("05-do-not-feed")],
        &["01-prefer-corners", "05-do-not-feed"],
        Size::JABC,
        usize::MAX,
    );
    let path = dir.join("games.jsonl");
    std::fs::write(&path, format!("{line}\n{line}\n")).unwrap();
    path
}

/// The app on the replay view, with the analyser at [`NODES`].
fn replay_harness() -> Harness<'static, App> {
    let settings = Settings {
        view: View::Replay,
        ..Settings::default()
    };
    let mut h = harness_with_players(settings, Catalogue::from_choices(Vec::new()));
    h.state_mut()
        .replay_mut()
        .set_analyser(AnalyserConfig::default().with_nodes(NODES));
    h
}

/// Opens `path` by typing it into the records field, one key per frame.
fn open(h: &mut Harness<'_, App>, path: &Path) {
    h.get_by_label("Records file").focus();
    h.step();
    type_keys(h, &path.to_string_lossy());
    key(h, egui::Modifiers::NONE, egui::Key::Enter);
    h.run_steps(2);
}

/// Runs frames until `done` holds (the analysis runs in the background).
fn run_until(h: &mut Harness<'_, App>, what: &str, done: impl Fn(&Harness<'_, App>) -> bool) {
    let began = Instant::now();
    while !done(h) {
        assert!(began.elapsed() < WATCHDOG, "{what} never happened");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.run_steps(2);
}

fn record_of(path: &Path) -> GameRecord {
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    read_records(file).next().unwrap().unwrap()
}

#[test]
fn analyse_marks_the_moves_and_jumps_to_the_mistakes() {
    let dir = temp_dir("replay-analyse");
    let path = lessons_game(&dir);
    let mut h = replay_harness();
    open(&mut h, &path);
    assert_eq!(h.state().replay().ply(), Some(0));
    click(&mut h, "Analyse");
    assert!(h.state().replay().is_analysing());
    run_until(&mut h, "the analysis", |h| {
        h.state().replay().analysis().is_some()
    });

    // The same values as the CLI's analysis of the record.
    let analyser = Analyser::new(AnalyserConfig::default().with_nodes(NODES));
    let never = Arc::new(AtomicBool::new(false));
    let expected = analyse_record(&analyser, &record_of(&path), &|_, _| {}, &never).unwrap();
    let analysis = h.state().replay().analysis().unwrap().clone();
    assert_eq!(analysis, expected);

    // The move list marks every marked move, in its class's mark.
    let marked: Vec<usize> = (0..analysis.plies.len())
        .filter(|&k| analysis.plies[k].quality.is_marked())
        .collect();
    assert!(!marked.is_empty(), "lesson 01 makes mistakes");
    for &k in &marked {
        let p = &analysis.plies[k];
        let text = format!(
            "{:>3}.  {}  {} {}",
            k + 1,
            p.mover(),
            p.played,
            p.quality.mark()
        );
        h.get_by_label(&text);
    }
    assert_eq!(h.get_all_by_label_contains(", accuracy ").count(), 2);
    h.get_by_label_contains("A (01-prefer-corners): ");
    h.get_by_label_contains("B (05-do-not-feed): ");

    // Next mistake goes to each marked move in turn, then wraps around.
    for &k in marked.iter().chain(marked.first()) {
        click(&mut h, "Next mistake ⏭");
        assert_eq!(h.state().replay().ply(), Some(k + 1));
    }

    // At a marked move: the headline, the graph's heat map beside the
    // analyser's choice, and the node values at the two cells.
    let p = &analysis.plies[marked[0]];
    let best = p.position.best().unwrap();
    h.get_by_label_contains(&format!(
        "played {}: {:.0}%, best {}: {:.0}% — {}",
        p.played,
        100.0 * p.win_chance_after(),
        best.cell,
        100.0 * best.win_chance,
        if p.quality == MoveQuality::Inaccuracy {
            "an inaccuracy"
        } else {
            "a"
        }
    ));
    let name = if p.mover() == Player::A {
        "01-prefer-corners"
    } else {
        "05-do-not-feed"
    };
    h.get_by_label(&format!("What {name} valued (its heat map)"));
    h.get_by_label("What the analyser prefers (win chance % per cell)");
    h.get_by_label_contains("Node values at the cell played");

    // Unticking the comparison shows the board after the move again.
    click(&mut h, "Compare at marked moves");
    assert!(
        h.query_by_label_contains("Node values at the cell played")
            .is_none()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn clicking_the_plot_jumps_to_that_move() {
    let dir = temp_dir("replay-plot");
    let path = lessons_game(&dir);
    let mut h = replay_harness();
    open(&mut h, &path);
    click(&mut h, "Analyse");
    run_until(&mut h, "the analysis", |h| {
        h.state().replay().analysis().is_some()
    });
    let last = h.state().replay().move_count().unwrap();
    click(&mut h, "End ⏭");
    assert_eq!(h.state().replay().ply(), Some(last));
    let rect = h.get_by_label(PLOT_LABEL).rect();
    let at = egui::pos2(rect.center().x, rect.center().y);
    h.hover_at(at);
    h.step();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
    }
    h.run_steps(2);
    let ply = h.state().replay().ply().unwrap();
    assert!(
        ply > last / 4 && ply < last * 3 / 4,
        "the middle of the plot is the middle of the game: {ply} of {last}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A records file with an unfinished game of 8 random players on `20x20`.
fn big_game(dir: &Path) -> PathBuf {
    let players = ["bot:random"; 8];
    let line = play_record(&players, &players, Size::new(20, 20).unwrap(), 600);
    let path = dir.join("big.jsonl");
    std::fs::write(&path, format!("{line}\n")).unwrap();
    path
}

#[test]
fn a_big_game_can_be_cancelled_or_is_refused_as_too_large() {
    let dir = temp_dir("replay-big");
    let path = big_game(&dir);
    let mut h = replay_harness();
    // The Quick budget: such a game still takes minutes, so the user cancels.
    h.state_mut()
        .replay_mut()
        .set_analyser(AnalyserConfig::default().with_nodes(20_000));
    open(&mut h, &path);
    click(&mut h, "Analyse");
    run_until(&mut h, "the progress bar", |h| {
        h.query_by_label_contains("Analysing:").is_some()
    });
    h.get_by_label_contains("of 600 moves");
    click(&mut h, "Cancel");
    run_until(&mut h, "the cancel", |h| !h.state().replay().is_analysing());
    h.get_by_label("The analysis was cancelled.");
    assert!(h.state().replay().analysis().is_none());

    // A budget that would take hours is refused at once, with the reason.
    h.state_mut()
        .replay_mut()
        .set_analyser(AnalyserConfig::default().with_nodes(100_000_000));
    click(&mut h, "Analyse");
    run_until(&mut h, "the refusal", |h| {
        !h.state().replay().is_analysing()
    });
    h.get_by_label_contains("too large to analyse: 600 moves on 20x20");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn loading_another_game_stops_the_analysis() {
    let dir = temp_dir("replay-switch");
    let path = big_game(&dir);
    let mut h = replay_harness();
    h.state_mut()
        .replay_mut()
        .set_analyser(AnalyserConfig::default().with_nodes(20_000));
    open(&mut h, &path);
    click(&mut h, "Analyse");
    assert!(h.state().replay().is_analysing());
    h.state_mut().replay_mut().open_records(&lessons_game(&dir));
    h.run_steps(2);
    assert!(!h.state().replay().is_analysing());
    assert!(h.state().replay().analysis().is_none());
    h.get_by_label("Analyse");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_budget_is_chosen_beside_the_analyse_button() {
    let dir = temp_dir("replay-budget");
    let mut h = replay_harness();
    open(&mut h, &lessons_game(&dir));
    // The harness analyses with 300 nodes: a budget the menu does not offer.
    assert_eq!(h.state().replay().analyser().nodes, 300);
    click(&mut h, "Budget");
    click(&mut h, "Quick: 20,000 nodes a move");
    h.run_steps(2);
    assert_eq!(h.state().replay().analyser().nodes, 20_000);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn opening_an_empty_path_asks_for_one() {
    let err = chainlab::gui::records::RecordsFile::open(Path::new("")).unwrap_err();
    assert!(err.starts_with("type the path of a records file"), "{err}");
}

/// Issue 35, item 2: in a 1024x700 window the win-chance plot is whole on
/// screen (the board gives up height first, then the plot down to its least).
#[test]
fn the_plot_is_whole_in_a_short_window() {
    let dir = temp_dir("replay-short");
    let path = lessons_game(&dir);
    let mut h = replay_harness();
    let size = egui::vec2(1024.0, 700.0);
    h.set_size(size);
    h.run_steps(2);
    open(&mut h, &path);
    click(&mut h, "Analyse");
    run_until(&mut h, "the analysis", |h| {
        h.state().replay().analysis().is_some()
    });
    let plot = h.get_by_label(PLOT_LABEL).rect();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
    assert!(screen.contains_rect(plot), "{plot:?} in {screen:?}");
    assert!(plot.height() >= 60.0, "{plot:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
