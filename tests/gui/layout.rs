//! Every view at a phone's, a tablet's and a small laptop's size (390x844,
//! 768x1024, 1024x700), headless with egui_kittest: the main controls are
//! inside the screen, and clicking them does what it says (the layout rules
//! of `gui::layout`: panels on tabs or toggles, the board and the canvas get
//! the room, tables scroll instead of wrapping).
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chainlab::gui::arena::settings::{ArenaSettings, Format};
use chainlab::gui::command::ReplayGame;
use chainlab::gui::play::setup::PlaySettings;
use chainlab::gui::seats::{Catalogue, SeatChoice};
use chainlab::gui::{App, Command, Settings, View};
use chainlab::rules::{Coord, Position, Rules, Size};
use egui::{Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// A phone, a tablet upright, a small laptop.
const SIZES: [Vec2; 3] = [
    egui::vec2(390.0, 844.0),
    egui::vec2(768.0, 1024.0),
    egui::vec2(1024.0, 700.0),
];

fn harness(settings: Settings, size: Vec2) -> Harness<'static, App> {
    let app = App::new(settings, Catalogue::builtin());
    let mut harness = Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    harness.run_steps(2);
    harness
}

fn screen(size: Vec2) -> Rect {
    Rect::from_min_size(egui::Pos2::ZERO, size)
}

/// The widget labelled `label`, asserted to lie inside the screen.
fn on_screen(harness: &Harness<'_, App>, size: Vec2, label: &str) -> Rect {
    let rect = harness.get_by_label(label).rect();
    assert!(
        screen(size).expand(0.5).contains_rect(rect),
        "{label:?} at {rect:?} is off the {size:?} screen"
    );
    rect
}

/// Makes the widget `probe` show: when it is not on show, clicks the tab or
/// toggle `pane` that shows its panel.
fn reveal(harness: &mut Harness<'_, App>, pane: &str, probe: &str) {
    if harness.query_by_label(probe).is_none() {
        // The tab or toggle is a button (a panel may hold a label of the
        // same name, e.g. the Arena's "Games").
        harness
            .get_by_role_and_label(egui::accesskit::Role::Button, pane)
            .click();
        harness.run_steps(2);
    }
}

fn play_settings() -> Settings {
    Settings {
        view: View::Play,
        play: PlaySettings {
            seats: vec![SeatChoice::Human; 2],
            ..PlaySettings::default()
        },
        ..Settings::default()
    }
}

#[test]
fn play_shows_the_whole_board_its_setup_and_its_players_at_every_size() {
    for size in SIZES {
        let mut h = harness(play_settings(), size);
        // The board's corners are on screen and clickable: a move is played.
        on_screen(&h, size, "cell 0,0");
        let corner = on_screen(&h, size, "cell 4,5");
        assert!(
            corner.width() >= 30.0,
            "{size:?}: the board gets the room, cells {corner:?}"
        );
        h.get_by_label("cell 4,5").click();
        h.run_steps(2);
        let moves = |h: &Harness<'_, App>| h.state().play().session().unwrap().game().moves().len();
        assert_eq!(moves(&h), 1, "{size:?}: the click played a move");

        // The setup's New game starts a new game (and shows its board).
        reveal(&mut h, "Setup", "New game");
        on_screen(&h, size, "New game");
        h.get_by_label("New game").click();
        h.run_steps(3);
        assert_eq!(moves(&h), 0, "{size:?}: New game started a new game");
        on_screen(&h, size, "cell 0,0");

        // The players' panel: its Replay button hands the game over.
        h.get_by_label("cell 0,0").click();
        h.run_steps(2);
        reveal(&mut h, "Players", "Replay this game");
        on_screen(&h, size, "Replay this game");
        h.get_by_label("Replay this game").click();
        h.run_steps(2);
        assert_eq!(h.state().settings().view, View::Replay, "{size:?}");
        assert_eq!(h.state().replay().move_count(), Some(1), "{size:?}");
    }
}

#[test]
fn the_arena_starts_a_match_and_its_results_table_is_not_wrapped_at_every_size() {
    for size in SIZES {
        let settings = Settings {
            view: View::Arena,
            arena: ArenaSettings {
                players: vec!["bot:random".to_string(), "bot:greedy".to_string()],
                format: Format::Match,
                games: 4,
                threads: 1,
                ..ArenaSettings::default()
            },
            ..Settings::default()
        };
        let mut h = harness(settings, size);
        reveal(&mut h, "Setup", "Start match");
        on_screen(&h, size, "Start match");
        h.get_by_label("Start match").click();
        for _ in 0..2000 {
            if h.state().arena().outcome().is_some() {
                break;
            }
            h.step();
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        assert!(h.state().arena().outcome().is_some(), "{size:?}: finished");
        h.run_steps(2);
        // The results show (on a phone, the Results tab comes to the front),
        // and a table's cells keep to one line: a wrapped header stood one
        // letter a line in a column 20 points wide.
        let line = h.get_by_label("losses").rect();
        assert!(
            line.height() < 30.0 && line.width() > 25.0,
            "{size:?}: the table's header is wrapped: {line:?}"
        );
        on_screen(&h, size, "Elo difference");
        // The games' panel lists the games and opens one in the replay.
        reveal(&mut h, "Games", "⏵ 0");
        on_screen(&h, size, "⏵ 0");
        h.get_by_label("⏵ 0").click();
        h.run_steps(2);
        assert_eq!(h.state().settings().view, View::Replay, "{size:?}");
    }
}

fn a_game() -> ReplayGame {
    let start = Position::new(Size::JABC, 2, Rules::Standard).unwrap();
    let moves: Vec<Coord> = ["0,0", "4,5", "1,1"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    ReplayGame {
        title: "A test game".to_string(),
        note: String::new(),
        start,
        moves,
        labels: vec!["A".to_string(), "B".to_string()],
        game: 0,
        opening: 0,
    }
}

#[test]
fn the_replays_open_and_browse_buttons_and_its_board_are_on_screen_at_every_size() {
    for size in SIZES {
        let settings = Settings {
            view: View::Replay,
            records_path: "no/such/records.jsonl".to_string(),
            ..Settings::default()
        };
        let mut h = harness(settings, size);
        on_screen(&h, size, "Browse…");
        on_screen(&h, size, "Open");
        h.get_by_label("Open").click();
        h.run_steps(2);
        assert!(
            h.query_all_by_label_contains("no/such/records.jsonl")
                .next()
                .is_some(),
            "{size:?}: Open names the missing file"
        );

        h.state_mut().send(Command::Replay(Box::new(a_game())));
        h.run_steps(3);
        on_screen(&h, size, "Browse…");
        on_screen(&h, size, "cell 0,0");
        on_screen(&h, size, "cell 4,5");
        on_screen(&h, size, "End ⏭");
        h.get_by_label("End ⏭").click();
        h.run_steps(2);
        assert_eq!(
            h.state().replay().ply(),
            Some(3),
            "{size:?}: End went to the end"
        );
        reveal(&mut h, "Moves", "Players");
        on_screen(&h, size, "Players");

        // A records file, whose games' summaries are longer than a tablet's
        // central area: the board stays clear of the side panel.
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/records/games.jsonl"
        );
        h.state_mut().settings_mut().records_path = path.to_string();
        reveal(&mut h, "Game", "Open");
        h.get_by_label("Open").click();
        h.run_steps(3);
        assert!(
            h.state().replay().ply().is_some(),
            "{size:?}: a game of the file is loaded"
        );
        reveal(&mut h, "Moves", "Players");
        if size.x >= chainlab::gui::layout::NARROW_BELOW {
            let corner = on_screen(&h, size, "cell 4,5");
            let panel = h.get_by_label("Players").rect();
            assert!(
                corner.max.x <= panel.min.x,
                "{size:?}: the board's last column {corner:?} runs under the side panel at {panel:?}"
            );
        }
    }
}

#[test]
fn the_editor_gives_the_canvas_the_room_and_keeps_its_panels_one_click_away() {
    for size in SIZES {
        let settings = Settings {
            view: View::Editor,
            ..Settings::default()
        };
        let mut h = harness(settings, size);
        let canvas = h.state().editor().canvas_rect();
        assert!(
            screen(size).expand(0.5).contains_rect(canvas),
            "{size:?}: the canvas {canvas:?} is on screen"
        );
        assert!(
            canvas.width() >= 0.5 * size.x && canvas.height() >= 0.4 * size.y,
            "{size:?}: the canvas gets the room, {canvas:?}"
        );
        for button in ["File", "Fit graph", "Play against it", "Test this strategy"] {
            on_screen(&h, size, button);
        }

        // A node added from the palette lands on the canvas (on a phone the
        // canvas comes back to the front).
        let nodes = h.state().editor().strategy().nodes().len();
        reveal(&mut h, "Nodes", "Add Constant");
        // The palette is longer than a phone: search it, as a person
        // would, typed one key a frame.
        h.get_by_label("search the palette").click();
        h.run_steps(1);
        crate::editor_ui::type_keys(&mut h, "const");
        h.run_steps(2);
        on_screen(&h, size, "Add Constant");
        h.get_by_label("Add Constant").click();
        h.run_steps(3);
        assert_eq!(
            h.state().editor().strategy().nodes().len(),
            nodes + 1,
            "{size:?}: the palette added a node"
        );
        let canvas = h.state().editor().canvas_rect();
        assert!(
            canvas.width() >= 0.5 * size.x,
            "{size:?}: the canvas is shown"
        );

        // The side panel's tabs are on screen and switch the panel.
        reveal(&mut h, "Preview", "Puzzles");
        on_screen(&h, size, "Puzzles");
        h.get_by_label("Puzzles").click();
        h.run_steps(3);
        on_screen(&h, size, "Strategy");
        // Undo takes the node back; the graph as it was plays.
        h.get_by_label("⟲ Undo").click();
        h.run_steps(2);
        assert_eq!(
            h.state().editor().strategy().nodes().len(),
            nodes,
            "{size:?}"
        );
        h.get_by_label("Play against it").click();
        h.run_steps(2);
        assert_eq!(h.state().settings().view, View::Play, "{size:?}");
    }
}

/// Whether every node of the editor's graph is drawn inside its canvas.
fn graph_in_view(h: &Harness<'_, App>) -> Result<(), String> {
    let editor = h.state().editor();
    let canvas = editor.canvas_rect().expand(0.5);
    for node in editor.strategy().nodes() {
        let rect = editor
            .node_screen_rect(node.id)
            .ok_or(format!("node {} was not drawn", node.id))?;
        if !canvas.contains_rect(rect) {
            return Err(format!(
                "node {} at {rect:?} is outside the canvas {canvas:?}",
                node.id
            ));
        }
    }
    Ok(())
}

#[test]
fn the_graph_stays_in_view_when_a_side_panel_opens_or_closes() {
    // The medium layouts, where a toggle opens and closes a panel beside
    // the canvas: a graph framed as it opened is framed again.
    for size in [SIZES[1], SIZES[2]] {
        let settings = Settings {
            view: View::Editor,
            ..Settings::default()
        };
        let mut h = harness(settings, size);
        crate::editor_ui::open_shipped(&mut h, "08-expert");
        h.run_steps(3);
        graph_in_view(&h).unwrap_or_else(|e| panic!("{size:?}, as opened: {e}"));
        for (toggle, what) in [
            ("Nodes", "the palette toggled"),
            ("Preview", "the preview opened"),
            ("Preview", "the preview closed"),
        ] {
            let before = h.state().editor().canvas_rect();
            h.get_by_role_and_label(egui::accesskit::Role::Button, toggle)
                .click();
            h.run_steps(3);
            assert_ne!(
                h.state().editor().canvas_rect(),
                before,
                "{size:?}: {what} changed the canvas"
            );
            graph_in_view(&h).unwrap_or_else(|e| panic!("{size:?}, {what}: {e}"));
        }
    }
}

#[test]
fn the_arena_setup_keeps_every_control_inside_its_panel_on_a_tablet() {
    // The medium layouts cap a side panel at a share of the width; a row
    // wider than that was cut off at the panel's edge (the players'
    // options, the spec's Add button).
    for size in [SIZES[1], SIZES[2]] {
        let settings = Settings {
            view: View::Arena,
            arena: ArenaSettings {
                players: vec![
                    "bot:greedy".to_string(),
                    "bot:greedy:random=50".to_string(),
                    "bot:master:depth=4".to_string(),
                ],
                ..ArenaSettings::default()
            },
            ..Settings::default()
        };
        let mut h = harness(settings, size);
        reveal(&mut h, "Setup", "Start match");
        let edge = size.x * chainlab::gui::layout::MEDIUM_PANE_SHARE + 0.5;
        let mut controls: Vec<(String, Rect)> =
            ["Add", "Start match", "Strategy file…", "Remove player 3"]
                .iter()
                .map(|label| (label.to_string(), on_screen(&h, size, label)))
                .collect();
        controls.extend(
            h.get_all_by_role(egui::accesskit::Role::SpinButton)
                .map(|n| (format!("a number field {:?}", n.value()), n.rect())),
        );
        assert!(controls.len() >= 7, "{controls:?}");
        for (what, rect) in controls {
            assert!(
                rect.max.x <= edge,
                "{size:?}: {what} at {rect:?} runs past the panel's edge {edge}"
            );
        }
    }
}

#[test]
fn dialogs_stay_whole_on_the_screen_at_every_size() {
    // Dialogs had fixed widths (480 to 720 points): on a phone they were
    // centred past both edges, their Open and Cancel buttons off the screen.
    for size in SIZES {
        let settings = Settings {
            view: View::Editor,
            ..Settings::default()
        };
        let mut h = harness(settings, size);
        // The editor's own file browser.
        h.get_by_label("File").click();
        h.run_steps(2);
        h.get_by_label("Open…").click();
        h.run_steps(3);
        for label in ["⬆ Up", "Cancel", "file name"] {
            on_screen(&h, size, label);
        }
        let open = h
            .query_all_by_label("Open")
            .map(|n| n.rect())
            .next_back()
            .unwrap_or_else(|| panic!("{size:?}: no Open in the browser"));
        assert!(
            screen(size).expand(0.5).contains_rect(open),
            "{size:?}: the browser's Open at {open:?} is off the screen"
        );
        h.get_by_label("Cancel").click();
        h.run_steps(2);
        // The share link's dialog.
        h.get_by_label("Share link").click();
        h.run_steps(3);
        on_screen(&h, size, "Close");
        h.get_by_label("Close").click();
        h.run_steps(2);
        // The file dialog of the other views (egui-file-dialog).
        h.state_mut().settings_mut().view = View::Replay;
        h.run_steps(2);
        reveal(&mut h, "Game", "Browse…");
        h.get_by_label("Browse…").click();
        h.run_steps(3);
        for label in ["Cancel", "Open"] {
            let rect = h
                .query_all_by_label_contains(label)
                .map(|n| n.rect())
                .find(|r| r.min.y > 60.0)
                .unwrap_or_else(|| panic!("{size:?}: no {label} in the file dialog"));
            assert!(
                screen(size).expand(0.5).contains_rect(rect),
                "{size:?}: the file dialog's {label} at {rect:?} is off the screen"
            );
        }
    }
}
