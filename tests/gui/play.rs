//! UI tests of the desktop app's play and replay views, headless with
//! egui_kittest: widgets are found by their labels and clicked like a user would.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::sync::Arc;

use chainlab::bots::{Agent, AgentFactory, BotError, Interrupt};
use chainlab::gui::play::session::Status;
use chainlab::gui::play::setup::PlaySettings;
use chainlab::gui::seats::{Catalogue, ComputerChoice, SeatChoice};
use chainlab::gui::{App, Settings, View};
use chainlab::rng::GameRng;
use chainlab::rules::{Coord, Player, Position, Size};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use rand::RngExt;

/// A test-only computer player: a uniformly random legal move.
struct RandomBot;

impl Agent for RandomBot {
    fn name(&self) -> String {
        "test random".to_string()
    }

    fn choose_within(
        &mut self,

        position: &Position,

        rng: &mut GameRng,

        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        let moves: Vec<Coord> = position.moves().iter().collect();
        if moves.is_empty() {
            return Err(BotError::NoMove);
        }
        Ok(moves[rng.random_range(0..moves.len())])
    }
}

struct RandomFactory;

impl AgentFactory for RandomFactory {
    fn label(&self) -> String {
        "test random".to_string()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        Ok(Box::new(RandomBot))
    }
}

const RANDOM: &str = "test:random";

fn catalogue() -> Catalogue {
    Catalogue::from_choices(vec![ComputerChoice {
        spec: RANDOM.to_string(),
        name: "Random".to_string(),
        description: "Plays any legal move.".to_string(),
        is_strategy: false,
        program: None,
        factory: Arc::new(RandomFactory),
    }])
}

fn settings(seats: Vec<SeatChoice>, size: Size) -> Settings {
    Settings {
        view: View::Play,
        play: PlaySettings {
            rows: size.rows(),
            cols: size.cols(),
            seats,
            ..PlaySettings::default()
        },
        ..Settings::default()
    }
}

fn harness(settings: Settings) -> Harness<'static, App> {
    harness_with(settings, catalogue())
}

fn harness_with(settings: Settings, catalogue: Catalogue) -> Harness<'static, App> {
    let app = App::new(settings, catalogue);
    Harness::builder()
        .with_size(egui::vec2(1280.0, 820.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app)
}

fn coord(s: &str) -> Coord {
    s.parse().unwrap()
}

fn click_cell(harness: &mut Harness<'_, App>, cell: &str) {
    harness.get_by_label(&format!("cell {cell}")).click();
    harness.step();
}

fn status(harness: &Harness<'_, App>) -> Status {
    harness.state().play().session().unwrap().status()
}

/// Steps frames (each advances the clock by a quarter second) until `done`.
fn step_until(harness: &mut Harness<'_, App>, max: usize, done: impl Fn(&App) -> bool) {
    for _ in 0..max {
        if done(harness.state()) {
            return;
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert!(
        done(harness.state()),
        "condition not reached in {max} frames"
    );
}

#[test]
fn a_human_move_is_played_and_animated_to_the_end() {
    let mut harness = harness(settings(vec![SeatChoice::Human; 2], Size::JABC));
    harness.step();
    click_cell(&mut harness, "0,0");
    click_cell(&mut harness, "4,5");
    assert_eq!(status(&harness), Status::HumanToMove(Player::A));
    click_cell(&mut harness, "0,0");

    let session = harness.state().play().session().unwrap();
    assert!(session.is_animating(), "the corner reaction is animated");
    let (shown, reacting) = session.shown();
    assert_eq!(reacting, &[coord("0,0")], "the corner is about to react");
    assert_eq!(shown.cell(coord("0,0")).unwrap().atoms(), 2);
    harness.step();
    harness.get_by_label("A: chain reaction…");

    step_until(&mut harness, 20, |app| {
        !app.play().session().unwrap().is_animating()
    });
    let position = *harness.state().play().session().unwrap().shown().0;
    assert!(position.cell(coord("0,0")).unwrap().is_empty());
    for c in ["0,1", "1,0"] {
        let cell = position.cell(coord(c)).unwrap();
        assert_eq!((cell.owner(), cell.atoms()), (Some(Player::A), 1));
    }
    assert_eq!(status(&harness), Status::HumanToMove(Player::B));
    assert!(harness.query_by_label("B to move (Human)").is_some());
}

#[test]
fn an_illegal_click_is_ignored_with_a_hint() {
    let mut harness = harness(settings(vec![SeatChoice::Human; 2], Size::JABC));
    harness.step();
    click_cell(&mut harness, "2,2");
    click_cell(&mut harness, "2,2");
    harness.step();
    let session = harness.state().play().session().unwrap();
    assert_eq!(session.game().moves(), &[coord("2,2")]);
    assert_eq!(status(&harness), Status::HumanToMove(Player::B));
    harness.get_by_label_contains("2,2 belongs to A, so B may not place there");

    click_cell(&mut harness, "2,3");
    harness.step();
    assert!(
        harness.query_by_label_contains("may not place").is_none(),
        "a legal move clears the hint"
    );
}

#[test]
fn a_game_between_two_computer_players_runs_to_a_winner() {
    let computer = SeatChoice::Computer(RANDOM.to_string());
    let mut harness = harness(settings(
        vec![computer.clone(), computer],
        Size::new(3, 3).unwrap(),
    ));
    step_until(&mut harness, 2000, |app| {
        matches!(app.play().session().unwrap().status(), Status::Won(_))
    });
    harness.step();
    let session = harness.state().play().session().unwrap();
    let winner = session.position().winner().unwrap();
    assert_eq!(session.position().alive().collect::<Vec<_>>(), vec![winner]);
    harness.get_by_label_contains("wins after");
    assert!(!session.can_undo(), "computer moves are not undone");

    harness.get_by_label("Play again").click();
    harness.step();
    harness.step();
    let session = harness.state().play().session().unwrap();
    assert!(session.game().moves().len() <= 2, "a new game started");
}

#[test]
fn a_game_between_two_built_in_players_runs_to_a_winner() {
    let seats = vec![
        SeatChoice::Computer("bot:greedy".to_string()),
        SeatChoice::Computer("bot:random".to_string()),
    ];
    let mut settings = settings(seats, Size::new(4, 4).unwrap());
    settings.play.seconds_per_wave = 0.05;
    let mut harness = harness_with(settings, Catalogue::builtin());
    step_until(&mut harness, 3000, |app| {
        matches!(app.play().session().unwrap().status(), Status::Won(_))
    });
    harness.step();
    harness.get_by_label_contains("wins after");
    let session = harness.state().play().session().unwrap();
    assert_eq!(session.label(Player::A), "Greedy");
}

#[test]
fn a_paused_strategy_seat_shows_its_heat_map_and_steps_to_a_best_cell() {
    let catalogue = Catalogue::builtin();
    let strategy = catalogue
        .choices()
        .iter()
        .find(|c| c.is_strategy && c.name.contains("Avoid danger"))
        .unwrap()
        .spec
        .clone();
    let seats = vec![SeatChoice::Human, SeatChoice::Computer(strategy)];
    let mut harness = harness_with(settings(seats, Size::JABC), catalogue);
    harness.step();
    harness.get_by_label("Pause").click();
    harness.step();
    click_cell(&mut harness, "2,2");
    harness.step();
    harness.step();
    assert_eq!(status(&harness), Status::Paused(Player::B));
    harness.get_by_label_contains("values for each cell");
    let heat = harness.state().play().heat_map().unwrap().clone();
    let size = Size::JABC;
    assert_eq!(
        heat.values[size.index(coord("2,2"))],
        None,
        "A's cell is not B's to play"
    );
    assert!(heat.values[size.index(coord("0,0"))].is_some());
    assert!(!heat.best.is_empty());

    harness.get_by_label("Step").click();
    step_until(&mut harness, 500, |app| {
        app.play().session().unwrap().status() == Status::HumanToMove(Player::A)
    });
    let moves = harness
        .state()
        .play()
        .session()
        .unwrap()
        .game()
        .moves()
        .to_vec();
    assert_eq!(moves.len(), 2);
    assert!(
        heat.best.contains(&moves[1]),
        "{:?} not in {:?}",
        moves[1],
        heat.best
    );
}

#[test]
fn undo_takes_back_the_human_move_and_the_computer_reply() {
    let seats = vec![SeatChoice::Human, SeatChoice::Computer(RANDOM.to_string())];
    let mut harness = harness(settings(seats, Size::JABC));
    harness.step();
    click_cell(&mut harness, "1,1");
    step_until(&mut harness, 500, |app| {
        app.play().session().unwrap().status() == Status::HumanToMove(Player::A)
    });
    assert_eq!(
        harness
            .state()
            .play()
            .session()
            .unwrap()
            .game()
            .moves()
            .len(),
        2
    );
    harness.get_by_label("Undo").click();
    harness.step();
    let session = harness.state().play().session().unwrap();
    assert!(session.game().moves().is_empty());
    assert_eq!(session.status(), Status::HumanToMove(Player::A));
}

#[test]
fn new_game_uses_the_chosen_board() {
    let mut harness = harness(settings(vec![SeatChoice::Human; 2], Size::JABC));
    harness.step();
    harness.state_mut().settings_mut().play.rows = 9;
    harness
        .state_mut()
        .settings_mut()
        .play
        .seats
        .push(SeatChoice::Human);
    harness.step();
    harness.get_by_label("New game").click();
    harness.step();
    harness.step();
    let position = *harness.state().play().session().unwrap().position();
    assert_eq!(position.size(), Size::PHONE);
    assert_eq!(position.player_count(), 3);
    harness.get_by_label("cell 8,5");
}

#[test]
fn boards_from_2x2_to_20x20_are_drawn_and_clickable() {
    for size in ["2x2", "20x20", "3x17"] {
        let size: Size = size.parse().unwrap();
        let mut harness = harness(settings(vec![SeatChoice::Human; 2], size));
        harness.step();
        let last = format!("{},{}", size.rows() - 1, size.cols() - 1);
        click_cell(&mut harness, &last);
        let session = harness.state().play().session().unwrap();
        assert_eq!(session.game().moves(), &[coord(&last)], "on {size}");
    }
}

#[test]
fn replay_steps_back_and_forth() {
    let mut harness = harness(settings(vec![SeatChoice::Human; 2], Size::JABC));
    harness.step();
    for cell in ["0,0", "4,5", "0,0", "4,5"] {
        click_cell(&mut harness, cell);
        step_until(&mut harness, 30, |app| {
            !app.play().session().unwrap().is_animating()
        });
    }
    harness.get_by_label("Replay this game").click();
    harness.step();
    harness.step();
    assert_eq!(harness.state().settings().view, View::Replay);
    let replay = harness.state().replay();
    assert_eq!((replay.ply(), replay.move_count()), (Some(0), Some(4)));
    harness.get_by_label("Move 0 of 4");

    harness.get_by_label("Forward ⏵").click();
    harness.step();
    assert_eq!(harness.state().replay().ply(), Some(1));
    harness.get_by_label("End ⏭").click();
    harness.step();
    assert_eq!(harness.state().replay().ply(), Some(4));
    let end = *harness.state().replay().position().unwrap();
    assert_eq!(end, *harness.state().play().session().unwrap().position());
    harness.get_by_label("⏴ Back").click();
    harness.step();
    assert_eq!(harness.state().replay().ply(), Some(3));
    harness.step();
    harness.get_by_label("Move 3 of 4");
    harness.get_by_label("⏮ Start").click();
    harness.step();
    assert_eq!(harness.state().replay().ply(), Some(0));
    assert_eq!(
        harness.state().replay().position().unwrap().total_atoms(),
        0,
        "the start is the empty board"
    );
}

/// A records line (the format `chainlab match --records` writes) of a
/// finished game on 3x3 where each player takes the first legal move, with
/// its moves and winner.
fn first_move_game(game: u64) -> (String, Vec<Coord>, Option<Player>) {
    game_line("3x3", game, |_| 0)
}

/// The same on board `size`, each player taking legal move `pick(ply)`
/// (modulo their number).
fn game_line(
    size: &str,
    game: u64,
    pick: impl Fn(usize) -> usize,
) -> (String, Vec<Coord>, Option<Player>) {
    let size: Size = size.parse().unwrap();
    let mut position = Position::new(size, 2, chainlab::rules::Rules::Standard).unwrap();
    let mut moves = Vec::new();
    loop {
        let legal: Vec<Coord> = position.moves().iter().collect();
        if legal.is_empty() {
            break;
        }
        let m = legal[pick(moves.len()) % legal.len()];
        position.play(m).unwrap();
        moves.push(m);
    }
    let winner = position.winner();
    let text: Vec<String> = moves.iter().map(ToString::to_string).collect();
    let line = serde_json::json!({
        "game": game,
        "seed": 7,
        "size": size.to_string(),
        "rules": "standard",
        "players": ["First", "Second"],
        "sides": "ab",
        "opening": 0,
        "moves": text.join(" "),
        "winner": winner.map(|w| w.to_string()),
        "forfeit": null,
        "reason": "only one player left",
        "ranks": null,
    });
    (line.to_string(), moves, winner)
}

#[test]
fn replay_opens_a_records_file_and_reports_bad_lines() {
    let (first, moves, winner) = first_move_game(0);
    let (second, _, _) = first_move_game(1);
    let text = format!("{first}\nnot a record\n{second}\n");
    let path =
        std::env::temp_dir().join(format!("chainlab-gui-records-{}.jsonl", std::process::id()));
    std::fs::write(&path, text).unwrap();

    let mut settings = settings(vec![SeatChoice::Human; 2], Size::JABC);
    settings.view = View::Replay;
    let mut harness = harness(settings);
    harness.step();
    harness.get_by_label("Records file").click();
    harness.step();
    harness
        .get_by_label("Records file")
        .type_text(&path.to_string_lossy());
    harness.step();
    harness.get_by_label("Open").click();
    harness.step();
    harness.step();
    std::fs::remove_file(&path).unwrap();

    let records = harness.state().replay().records().unwrap();
    assert_eq!((records.games.len(), records.bad_lines), (2, 1));
    harness.get_by_label_contains("1 line could not be read: game record: line 2");
    assert_eq!(harness.state().replay().move_count(), Some(moves.len()));
    harness.get_by_label("End ⏭").click();
    harness.step();
    let end = *harness.state().replay().position().unwrap();
    assert_eq!(end.winner(), winner);
    harness.get_by_label_contains("First vs Second: only one player left");
}

#[test]
fn replay_reads_the_games_before_a_last_line_cut_short() {
    let (first, _, _) = first_move_game(0);
    let (second, _, _) = first_move_game(1);
    // A run stopped while writing its third game: no line break, half a line.
    let text = format!("{first}\n{second}\n{}", &second[..second.len() / 2]);
    let path = std::env::temp_dir().join(format!("chainlab-gui-cut-{}.jsonl", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let mut settings = settings(vec![SeatChoice::Human; 2], Size::JABC);
    settings.view = View::Replay;
    settings.records_path = path.to_string_lossy().into_owned();
    let mut harness = harness(settings);
    harness.step();
    harness.get_by_label("Open").click();
    harness.step();
    harness.step();
    std::fs::remove_file(&path).unwrap();
    let records = harness.state().replay().records().unwrap();
    assert_eq!((records.games.len(), records.bad_lines), (2, 0));
    harness.get_by_label_contains("line 3, the last, is cut short");
    assert!(
        harness
            .query_by_label_contains("could not be read")
            .is_none()
    );
}

#[test]
fn replay_names_a_missing_records_file() {
    let mut settings = settings(vec![SeatChoice::Human; 2], Size::JABC);
    settings.view = View::Replay;
    settings.records_path = "/nonexistent/games.jsonl".to_string();
    let mut harness = harness(settings);
    harness.step();
    harness.get_by_label("Open").click();
    harness.step();
    harness.step();
    harness.get_by_label_contains("cannot read /nonexistent/games.jsonl");
}

#[test]
fn settings_survive_a_round_trip_through_json() {
    let settings = settings(
        vec![SeatChoice::Human, SeatChoice::Computer(RANDOM.to_string())],
        Size::ARCHIMEDES,
    );
    let json = serde_json::to_string(&settings).unwrap();
    let back: Settings = serde_json::from_str(&json).unwrap();
    assert_eq!(back, settings);
    let partial: Settings = serde_json::from_str(r#"{"view":"replay"}"#).unwrap();
    assert_eq!(partial.view, View::Replay);
    assert_eq!(partial.play, PlaySettings::default());
}

/// Issue 11, item 10: Resign ends the game for the human to move.
#[test]
fn resign_ends_the_game() {
    let mut harness = harness(settings(vec![SeatChoice::Human; 2], Size::JABC));
    harness.step();
    click_cell(&mut harness, "0,0");
    step_until(&mut harness, 30, |app| {
        !app.play().session().unwrap().is_animating()
    });
    harness.get_by_label("Resign").click();
    harness.run_steps(2);
    assert_eq!(status(&harness), Status::Resigned(Player::B));
    harness.get_by_label("B (Human) resigned");
    assert!(harness.query_by_label("Resign").is_none());
    click_cell(&mut harness, "2,2");
    assert_eq!(
        harness.state().play().session().unwrap().game().moves(),
        &[coord("0,0")],
        "no move after resigning"
    );
    harness.get_by_label("Play again").click();
    harness.run_steps(2);
    assert_eq!(status(&harness), Status::HumanToMove(Player::A));
}

/// Issue 11, item 10: a changed board size is said to wait for New game.
#[test]
fn a_changed_setup_says_it_applies_at_new_game() {
    let mut harness = harness(settings(vec![SeatChoice::Human; 2], Size::JABC));
    harness.step();
    let pending = "Changed: press New game";
    assert!(harness.query_by_label_contains(pending).is_none());
    harness.state_mut().settings_mut().play.rows = 9;
    harness.run_steps(2);
    assert!(harness.query_by_label_contains(pending).is_some());
    harness.get_by_label("New game").click();
    harness.run_steps(3);
    assert!(harness.query_by_label_contains(pending).is_none());
    harness.state_mut().settings_mut().play.seats[1] = SeatChoice::Computer(RANDOM.to_string());
    harness.run_steps(2);
    assert!(
        harness.query_by_label_contains(pending).is_some(),
        "a seat changed"
    );
}

/// Issue 11, item 10: the replay's move list starts at its top when the
/// board shows move 0, and no tooltip of the slider covers the board.
#[test]
fn the_replay_starts_at_the_top_of_its_moves_and_nothing_covers_the_board() {
    let spread = |ply: usize| ply * 7 + 3;
    let (first, _, _) = game_line("8x8", 0, spread);
    let (second, moves, _) = game_line("8x8", 1, spread);
    assert!(moves.len() > 60, "a long game: {}", moves.len());
    let path = std::env::temp_dir().join(format!("chainlab-gui-long-{}.jsonl", std::process::id()));
    std::fs::write(&path, format!("{first}\n{second}\n")).unwrap();
    let mut settings = settings(vec![SeatChoice::Human; 2], Size::JABC);
    settings.view = View::Replay;
    let mut harness = harness(settings);
    harness.step();
    harness.state_mut().replay_mut().open_records(&path);
    harness.run_steps(2);
    std::fs::remove_file(&path).unwrap();
    harness.get_by_label("End ⏭").click();
    harness.run_steps(3);
    harness.state_mut().replay_mut().select_record(1);
    harness.run_steps(3);
    assert_eq!(harness.state().replay().ply(), Some(0));
    let heading = harness.get_by_label("Moves").rect();
    let row = harness.get_by_label_contains("  1.  A  ").rect();
    assert!(
        row.min.y >= heading.max.y,
        "move 1 is in view: {row:?} below {heading:?}"
    );
    let slider = harness
        .query_all_by_role(egui::accesskit::Role::Slider)
        .next()
        .unwrap()
        .rect();
    harness.hover_at(slider.center());
    harness.run_steps(6);
    let top: Vec<egui::Rect> = (0..8)
        .map(|c| harness.get_by_label(&format!("cell 0,{c}")).rect())
        .collect();
    for text in ["scrub", "arrow keys", "step"] {
        for node in harness.query_all_by_label_contains(text) {
            let r = node.rect();
            assert!(
                !top.iter().any(|cell| cell.intersects(r)),
                "{text:?} covers the board's top row"
            );
        }
    }
}

/// Issue 35, item 11: the board does not move while a game starts with a
/// computer seat and it moves (the status and tip above it keep their
/// height: a strategy seat's tip takes two lines in a narrow window, a
/// human's one), so a click lands on the cell under the pointer.
#[test]
fn the_board_stays_put_while_a_computer_seat_starts_and_moves() {
    let lesson = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies/01-prefer-corners.json");
    let seats = vec![
        SeatChoice::Computer(lesson.to_string_lossy().into_owned()),
        SeatChoice::Human,
    ];
    let mut harness = harness(settings(seats, Size::JABC));
    harness.set_size(egui::vec2(1024.0, 700.0));
    harness.step();
    harness.get_by_label("New game").click();
    let mut seen = Vec::new();
    for _ in 0..200 {
        harness.step();
        seen.push(harness.get_by_label("cell 2,2").rect());
        if harness.state().play().session().unwrap().status() == Status::HumanToMove(Player::B) {
            break;
        }
    }
    harness.step();
    seen.push(harness.get_by_label("cell 2,2").rect());
    assert!(seen.len() > 2, "{seen:?}");
    assert!(
        seen.iter().all(|r| *r == seen[0]),
        "the board moved: {seen:?}"
    );
}
