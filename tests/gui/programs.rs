//! UI tests of programs as players (issue 16): the "Program…" dialog of the
//! seat menus (and of the arena's Add player) checks a command off the UI
//! thread and says why a bad one fails, a game is played against `chainlab engine` (the real binary, a
//! process per game) with its info lines beside the board, the recent
//! programs survive saving the settings and are offered in the play and
//! arena menus, and no engine process outlives its game. Text is typed one
//! key event per frame, as a person types.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::editor_ui;

use std::time::{Duration, Instant};

use chainlab::gui::play::SHOWN_INFO_LINES as SHOWN_LINES;
use chainlab::gui::play::session::Status;
use chainlab::gui::play::setup::PlaySettings;
use chainlab::gui::program_dialog::COMMAND_LABEL;
use chainlab::gui::seats::{Catalogue, SeatChoice};
use chainlab::gui::{App, Settings, View};
use chainlab::rules::{Player, Size};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use editor_ui::{click, harness_with_players, key, temp_dir, type_keys};

/// The chainlab binary, which plays any player as an engine.
const CHAINLAB: &str = env!("CARGO_BIN_EXE_chainlab");

/// The command line of `chainlab engine PLAYER`.
fn engine(player: &str) -> String {
    format!("{CHAINLAB} engine {player}")
}

fn play_settings(seats: Vec<SeatChoice>) -> Settings {
    Settings {
        view: View::Play,
        play: PlaySettings {
            rows: Size::JABC.rows(),
            cols: Size::JABC.cols(),
            seats,
            animate: false,
            ..PlaySettings::default()
        },
        ..Settings::default()
    }
}

fn harness(settings: Settings) -> Harness<'static, App> {
    harness_with_players(settings, Catalogue::from_choices(Vec::new()))
}

/// Steps frames (sleeping a little between them, as the window idles)
/// until `done`; fails after `seconds`.
fn wait(harness: &mut Harness<'_, App>, seconds: u64, done: impl Fn(&App) -> bool) {
    let began = Instant::now();
    while !done(harness.state()) {
        assert!(
            began.elapsed() < Duration::from_secs(seconds),
            "not reached within {seconds} s"
        );
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    harness.step();
}

/// Opens the menu of seat `index` (its selected text is `current`).
fn open_seat_menu(harness: &mut Harness<'_, App>, index: usize, current: &str) {
    harness
        .get_all_by_role(Role::ComboBox)
        .filter(|n| n.value().as_deref() == Some(current))
        .nth(index)
        .unwrap()
        .click();
    harness.run_steps(2);
}

/// Chooses "Program…" in the open menu; the dialog shows (a window is
/// laid out in its first frames, before a person can click in it).
fn open_dialog(harness: &mut Harness<'_, App>) {
    click(harness, "Program…");
    harness.run_steps(3);
    assert!(harness.state().play().program_dialog().is_open());
}

/// Replaces the dialog's command line with `line`, typed key by key.
fn type_command(harness: &mut Harness<'_, App>, line: &str) {
    harness.get_by_label(COMMAND_LABEL).focus();
    harness.step();
    key(harness, egui::Modifiers::COMMAND, egui::Key::A);
    key(harness, egui::Modifiers::NONE, egui::Key::Backspace);
    type_keys(harness, line);
    assert_eq!(
        harness
            .get_by_label(COMMAND_LABEL)
            .value()
            .unwrap_or_default(),
        line
    );
}

/// Clicks OK and waits for the check to end; the error, if the dialog
/// stayed open with one.
fn ok(harness: &mut Harness<'_, App>) -> Option<String> {
    click(harness, "OK");
    wait(harness, 30, |app| {
        !app.play().program_dialog().is_checking()
    });
    let dialog = harness.state().play().program_dialog();
    dialog.error().map(str::to_string)
}

/// The processes this test process started whose command line contains
/// `marker` (Linux's /proc; none elsewhere).
fn children_with(marker: &str) -> Vec<u32> {
    let me = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // "pid (name) state ppid …"
            let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
            let ppid = after.split_whitespace().nth(1).unwrap_or("");
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            ppid == me && cmdline.contains(marker)
        })
        .collect()
}

/// Waits until no process of ours has `marker` in its command line.
fn assert_none_left(marker: &str) {
    let began = Instant::now();
    while !children_with(marker).is_empty() {
        assert!(
            began.elapsed() < Duration::from_secs(15),
            "left running: {:?}",
            children_with(marker)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn status(harness: &Harness<'_, App>) -> Status {
    harness.state().play().session().unwrap().status()
}

#[test]
fn a_program_seat_is_checked_then_played_against_with_its_info_beside_the_board() {
    let mut harness = harness(play_settings(vec![SeatChoice::Human; 2]));
    assert!(
        harness
            .query_all_by_label_contains("chose ")
            .next()
            .is_none(),
        "no info panel without an engine"
    );
    open_seat_menu(&mut harness, 1, "Human");
    open_dialog(&mut harness);
    harness.get_by_label("Program for seat B");
    // The dialog says how programs run: here, under the test binary (not
    // the chainlab binary, which starts sandboxed programs), unsandboxed
    // and why.
    for words in [
        "Programs run with your rights, not sandboxed",
        "is not the chainlab binary",
    ] {
        assert!(
            harness.query_all_by_label_contains(words).next().is_some(),
            "the dialog says how programs run: {words}"
        );
    }
    let line = engine("bot:random");
    type_command(&mut harness, &line);
    assert_eq!(ok(&mut harness), None, "the engine passes its check");
    assert!(!harness.state().play().program_dialog().is_open());
    let spec = format!("cmd:{line}");
    let settings = harness.state().settings();
    assert_eq!(
        settings.play.seats[1],
        SeatChoice::Computer(spec.clone()),
        "the seat takes the program"
    );
    assert_eq!(settings.programs.specs(), [spec]);

    click(&mut harness, "New game");
    harness.get_by_label("A to move (Human)");
    for round in 1..=3 {
        let position = *harness.state().play().session().unwrap().position();
        if position.is_over() {
            break;
        }
        // An empty cell: a second atom on A's corner could explode onto
        // B's only cell and end the game after three moves.
        let cell = position
            .moves()
            .iter()
            .find(|&c| position.cell(c).is_some_and(|cell| cell.is_empty()))
            .unwrap();
        click(&mut harness, &format!("cell {cell}"));
        wait(&mut harness, 30, |app| {
            let session = app.play().session().unwrap();
            session.game().moves().len() >= 2 * round || session.position().is_over()
        });
        assert!(
            !matches!(status(&harness), Status::Failed(_)),
            "{:?}",
            status(&harness)
        );
    }
    let session = harness.state().play().session().unwrap();
    assert!(session.game().moves().len() >= 4, "moves were played");
    // The engine's name titles its panel, its info lines are listed.
    let name = session.computer_name(Player::B).unwrap().to_string();
    harness.get_by_label(&name);
    let lines = session.info(Player::B).unwrap().lines();
    assert!(!lines.is_empty(), "chainlab engine says what it chose");
    for line in lines.iter().rev().take(SHOWN_LINES) {
        let shown = harness.query_all_by_label(line).next().is_some();
        assert!(shown, "{line} is shown");
    }
    assert!(
        harness
            .query_all_by_label_contains("chose ")
            .next()
            .is_some()
    );

    drop(harness);
    assert_none_left("engine bot:random");
}

#[test]
fn bad_commands_are_named_and_the_dialog_keeps_the_text() {
    let dir = temp_dir("programs-bad");
    let not_executable = dir.join("bot.py");
    std::fs::write(&not_executable, "print('ready 1')\n").unwrap();
    let not_executable = not_executable.display().to_string();

    let mut harness = harness(play_settings(vec![SeatChoice::Human; 2]));
    open_seat_menu(&mut harness, 1, "Human");
    open_dialog(&mut harness);
    let empty = ok(&mut harness).unwrap();
    assert!(empty.contains("the command is empty"), "{empty}");
    let cases = [
        ("./bot 'my", "the ' quote at character 7 is never closed"),
        (
            "no-such-engine-xyz --fast",
            "cannot start 'no-such-engine-xyz': no such program",
        ),
        (not_executable.as_str(), "permission denied"),
        (
            "sh -c 'echo ready 2'",
            "'sh -c 'echo ready 2'' speaks protocol version 2",
        ),
    ];
    for (line, expected) in cases {
        type_command(&mut harness, line);
        let error = ok(&mut harness).unwrap_or_default();
        assert!(error.contains(expected), "{line}: {error}");
        harness.get_by_label_contains(expected);
        let kept = harness
            .get_by_label(COMMAND_LABEL)
            .value()
            .unwrap_or_default();
        assert_eq!(kept, line, "the text stays for a fix");
    }

    // A program that never answers: the window goes on while it starts,
    // and it is stopped at the start limit.
    type_command(&mut harness, "sleep 30");
    click(&mut harness, "OK");
    harness.get_by_label("Starting…");
    let began = Instant::now();
    wait(&mut harness, 30, |app| {
        !app.play().program_dialog().is_checking()
    });
    assert!(
        began.elapsed() >= Duration::from_secs(5),
        "it was given time"
    );
    let error = harness.state().play().program_dialog().error().unwrap();
    assert!(
        error.contains("'sleep 30' did not finish the handshake within 10000 ms"),
        "{error}"
    );

    click(&mut harness, "Cancel");
    assert!(!harness.state().play().program_dialog().is_open());
    assert_eq!(harness.state().settings().play.seats[1], SeatChoice::Human);
    assert!(harness.state().settings().programs.is_empty());
    drop(harness);
    assert_none_left("sleep 30");
    assert_none_left("echo ready 2");
}

#[test]
fn a_seat_whose_program_cannot_start_says_why_and_can_be_taken_over() {
    let seats = vec![
        SeatChoice::Human,
        SeatChoice::Computer("cmd:no-such-engine-xyz".to_string()),
    ];
    let mut harness = harness(play_settings(seats));
    wait(&mut harness, 30, |app| {
        matches!(app.play().session().unwrap().status(), Status::Failed(_))
    });
    harness.get_by_label("Stopped: B failed");
    harness.get_by_label_contains("B (no-such-engine-xyz) could not start");
    harness.get_by_label_contains("cannot start 'no-such-engine-xyz': no such program");
    click(&mut harness, "Take over");
    assert_eq!(status(&harness), Status::HumanToMove(Player::A));
    click(&mut harness, "cell 0,0");
    assert_eq!(status(&harness), Status::HumanToMove(Player::B));
}

#[test]
fn recent_programs_survive_saving_and_are_offered_in_play_and_arena() {
    let greedy = format!("cmd:{}", engine("bot:greedy"));
    let mut settings = play_settings(vec![SeatChoice::Human; 2]);
    settings.programs.add("cmd:./old-bot");
    settings.programs.add(&greedy);
    let json = serde_json::to_string(&settings).unwrap();
    let loaded: Settings = serde_json::from_str(&json).unwrap();
    assert_eq!(
        loaded.programs.specs(),
        [greedy.clone(), "cmd:./old-bot".into()]
    );

    let mut harness = harness(loaded);
    open_seat_menu(&mut harness, 0, "Human");
    click(&mut harness, "chainlab engine bot:greedy");
    assert_eq!(
        harness.state().settings().play.seats[0],
        SeatChoice::Computer(greedy.clone())
    );

    harness.state_mut().settings_mut().view = View::Arena;
    harness.state_mut().settings_mut().arena.players.clear();
    harness.run_steps(2);
    harness
        .get_all_by_role(Role::ComboBox)
        .find(|n| n.value().as_deref() == Some("Add player"))
        .unwrap()
        .click();
    harness.run_steps(2);
    click(&mut harness, "old-bot");
    assert_eq!(harness.state().settings().arena.players, ["cmd:./old-bot"]);
    // Resolving a program for the table starts nothing.
    harness.get_by_label("old-bot");
    assert!(children_with("old-bot").is_empty());
}

#[test]
fn info_lines_update_beside_the_board_while_the_engine_thinks() {
    let thinker = "cmd:sh tests/data/engines/slow-thinker.sh";
    let seats = vec![SeatChoice::Human, SeatChoice::Computer(thinker.to_string())];
    let mut harness = harness(play_settings(seats));
    wait(&mut harness, 30, |app| {
        app.play().session().unwrap().status() == Status::HumanToMove(Player::A)
    });
    click(&mut harness, "cell 4,5");
    wait(&mut harness, 30, |app| {
        let session = app.play().session().unwrap();
        session
            .info(Player::B)
            .is_some_and(|feed| !feed.lines().is_empty())
    });
    // The first line shows while the engine still thinks.
    assert_eq!(status(&harness), Status::Thinking(Player::B));
    harness.get_by_label("Slow thinker");
    harness.get_by_label("thinking about 0,0");
    assert!(harness.query_by_label("still sure: 0,0").is_none());
    wait(&mut harness, 30, |app| {
        let session = app.play().session().unwrap();
        session.info(Player::B).unwrap().lines().len() == 2
    });
    assert_eq!(status(&harness), Status::Thinking(Player::B));
    harness.get_by_label("still sure: 0,0");
    wait(&mut harness, 30, |app| {
        app.play().session().unwrap().status() == Status::HumanToMove(Player::A)
    });
    let session = harness.state().play().session().unwrap();
    assert_eq!(session.last_move(), Some("0,0".parse().unwrap()));
    harness.get_by_label("thinking about 0,0");
    drop(harness);
    assert_none_left("slow-thinker");
}

#[test]
fn the_arena_adds_a_program_checked_by_the_same_dialog() {
    let mut settings = play_settings(vec![SeatChoice::Human; 2]);
    settings.view = View::Arena;
    settings.arena.players.clear();
    let mut harness = harness(settings);
    harness
        .get_all_by_role(Role::ComboBox)
        .find(|n| n.value().as_deref() == Some("Add player"))
        .unwrap()
        .click();
    harness.run_steps(2);
    click(&mut harness, "Program…");
    harness.run_steps(3);
    harness.get_by_label("Add a program");
    let line = engine("bot:greedy");
    type_command(&mut harness, &line);
    click(&mut harness, "OK");
    let spec = format!("cmd:{line}");
    wait(&mut harness, 30, |app| {
        !app.settings().arena.players.is_empty()
    });
    assert_eq!(
        harness.state().settings().arena.players,
        std::slice::from_ref(&spec)
    );
    assert_eq!(harness.state().settings().programs.specs(), [spec]);
    assert!(harness.query_by_label("Add a program").is_none(), "closed");
    harness.get_by_label("chainlab engine bot:greedy");
    drop(harness);
    assert_none_left("engine bot:greedy");
}
