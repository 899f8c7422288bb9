//! docs/tutorial.md, followed through the UI: a new user builds lessons 1
//! and 2 of the curriculum from an empty graph, tests each against
//! `bot:greedy` in the arena (lesson 1 loses, lesson 2 wins), and plays
//! against the result. The graphs built are checked against the shipped
//! files, so the tutorial, the app and `strategies/` cannot drift apart.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use crate::editor_ui;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chainlab::arena::{MatchReport, run_match};
use chainlab::bots::graph::file_factory;
use chainlab::bots::parse_player;
use chainlab::eval::{Evaluator, Program};
use chainlab::gui::arena::run::Outcome;
use chainlab::gui::arena::settings::{ArenaSettings, Format};
use chainlab::gui::seats::Catalogue;
use chainlab::gui::{App, Settings, View};
use chainlab::rules::Player;
use chainlab::strategy::{NodeId, Strategy};
use editor_ui::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// Sets the constant `id` to `value` by typing into it.
fn set_constant(h: &mut Harness<'_, App>, id: NodeId, value: i64) {
    type_into(h, &format!("node {id} value"), &value.to_string());
}

/// Tidy up and Fit graph, so that every pin is on the screen.
fn tidy(h: &mut Harness<'_, App>) {
    click(h, "Tidy up");
    click(h, "Fit graph");
    h.run_steps(3);
}

/// Whether `built` values every cell of many positions as the shipped lesson does.
fn assert_same_values(built: &Strategy, stem: &str) {
    let shipped = Strategy::load(&common::repo().join(format!("strategies/{stem}.json"))).unwrap();
    let mut ours = Evaluator::new(Arc::new(Program::compile(built).unwrap()));
    let mut theirs = Evaluator::new(Arc::new(Program::compile(&shipped).unwrap()));
    for (k, position) in common::mixed_positions(11, 300).iter().enumerate() {
        let a = ours.heat_map(position, 0).unwrap();
        let b = theirs.heat_map(position, 0).unwrap();
        assert_eq!(
            a.raw, b.raw,
            "position {k} differs from {stem}:\n{position}"
        );
    }
}

/// Starts the arena's match and steps until it has finished.
fn run_arena_match(h: &mut Harness<'_, App>) -> MatchReport {
    click(h, "Start match");
    for _ in 0..20_000 {
        if h.state().arena().outcome().is_some() {
            break;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    h.run_steps(2);
    match h.state().arena().outcome() {
        Some(Outcome::Match(report)) => (**report).clone(),
        other => panic!("the match did not finish: {other:?}"),
    }
}

/// The match the tutorial's arena settings play between a shipped lesson and Greedy.
fn library_match(stem: &str) -> MatchReport {
    let a = file_factory(&common::repo().join(format!("strategies/{stem}.json"))).unwrap();
    let b = parse_player("bot:greedy").unwrap();
    let config = ArenaSettings::default().match_config().unwrap();
    run_match(&a, &b, &config, &AtomicBool::new(false), &mut ()).unwrap()
}

#[test]
fn the_tutorial_builds_a_strategy_that_beats_greedy() {
    let dir = temp_dir("tutorial");
    let settings = Settings {
        view: View::Editor,
        ..Settings::default()
    };
    let mut h = harness_with_players(settings, Catalogue::builtin());
    let out = NodeId(1);
    assert_eq!(strategy(&h).nodes().len(), 1, "step 1: only the Cell value");

    // Lesson 1: Is corner × 6, plus 1.
    type_into(&mut h, "strategy name", "My strategy");
    let corner = add(&mut h, "Is corner");
    let six = add(&mut h, "Constant");
    let times = add(&mut h, "Multiply");
    let one = add(&mut h, "Constant");
    let sum = add(&mut h, "Sum");
    set_constant(&mut h, six, 6);
    set_constant(&mut h, one, 1);
    tidy(&mut h);
    wire(&mut h, corner, times, 0);
    wire(&mut h, six, times, 1);
    wire(&mut h, times, sum, 0);
    wire(&mut h, one, sum, 1);
    wire(&mut h, sum, out, 0);
    assert_eq!(strategy(&h).wires().len(), 5, "{:?}", strategy(&h).wires());
    assert!(h.state().editor().diagnostics().is_empty(), "no problems");
    assert_eq!((heat(&h, 0, 0), heat(&h, 2, 2)), (Some(7), Some(1)));
    assert_eq!(h.state().editor().best().len(), 4, "the four corners");
    assert_same_values(strategy(&h), "01-prefer-corners");
    click(&mut h, "File");
    click(&mut h, "Save");
    choose_file(&mut h, &dir.join("my-strategy.json"), "Save");
    assert!(!h.state().editor().is_dirty(), "saved");

    // Test it: the arena with the strategy first, against Greedy alone.
    click(&mut h, "Test this strategy");
    assert_eq!(h.state().settings().view, View::Arena);
    let players = h.state().settings().arena.players.clone();
    assert_eq!(
        players,
        ["editor:My strategy", "bot:greedy", "bot:greedy:random=50"]
    );
    h.get_by_label("Remove player 3").click();
    h.run_steps(2);
    h.get_by_value("Gauntlet").click();
    h.run_steps(2);
    click(&mut h, "Match");
    assert_eq!(h.state().settings().arena.format, Format::Match);
    let lesson1 = run_arena_match(&mut h);
    assert_eq!(lesson1.tally.games(), 100);
    assert!(
        lesson1.tally.wdl.score().unwrap() < 0.2,
        "corners alone lose: {:?}",
        lesson1.tally.wdl
    );
    h.get_by_label_contains("Finished: 100 games in");

    // Lesson 2: edges, danger, and the gate that makes endangered cells 0.
    click(&mut h, "Editor");
    let edge = add(&mut h, "Is edge");
    let three = add(&mut h, "Constant");
    let times_edge = add(&mut h, "Multiply");
    let danger = add(&mut h, "Critical enemy neighbours");
    let eight = add(&mut h, "Constant");
    let times_danger = add(&mut h, "Multiply");
    let endangered = add(&mut h, "Is endangered");
    let critical = add(&mut h, "Is critical");
    let not = add(&mut h, "Not");
    let and = add(&mut h, "And");
    let zero = add(&mut h, "Constant");
    let choose = add(&mut h, "If then else");
    set_constant(&mut h, three, 3);
    set_constant(&mut h, eight, 8);
    tidy(&mut h);
    wire(&mut h, edge, times_edge, 0);
    wire(&mut h, three, times_edge, 1);
    wire(&mut h, times_edge, sum, 2);
    wire(&mut h, danger, times_danger, 0);
    wire(&mut h, eight, times_danger, 1);
    wire(&mut h, times_danger, sum, 3);
    wire(&mut h, critical, not, 0);
    wire(&mut h, endangered, and, 0);
    wire(&mut h, not, and, 1);
    wire(&mut h, and, choose, 0);
    wire(&mut h, zero, choose, 1);
    wire(&mut h, sum, choose, 2);
    wire(&mut h, choose, out, 0);
    assert_eq!(strategy(&h).wires().len(), 17, "{:?}", strategy(&h).wires());
    assert!(
        h.state().editor().diagnostics().is_empty(),
        "{:?}",
        h.state().editor().diagnostics()
    );
    assert_same_values(strategy(&h), "02-avoid-danger");

    // The tutorial's position: B's critical edge cell next to A's critical corner.
    click(&mut h, "Edit board");
    click(&mut h, "place B");
    click(&mut h, "cell 0,1");
    click(&mut h, "cell 0,1");
    click(&mut h, "place A");
    click(&mut h, "cell 0,0");
    click(&mut h, "cell 3,3");
    let position = *h.state().editor().preview_position().unwrap();
    assert_eq!(position.to_move(), Some(Player::A), "{position}");
    click(&mut h, "Explain cells");
    assert_eq!(heat(&h, 0, 0), Some(15), "explode first: 6 + 1 + 8");
    assert_eq!((heat(&h, 0, 2), heat(&h, 1, 1)), (Some(0), Some(0)));
    assert_eq!(h.state().editor().best().len(), 1);
    click(&mut h, "cell 1,1");
    for (id, value) in [
        (endangered, "yes"),
        (not, "yes"),
        (and, "yes"),
        (choose, "0"),
    ] {
        let label = format!("node {id} = {value}");
        assert!(h.query_by_label(&label).is_some(), "{label}");
    }
    // Saved as a new file: lesson 1's file stays as it was.
    let lesson1_file = std::fs::read_to_string(dir.join("my-strategy.json")).unwrap();
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::S,
    );
    h.run_steps(2);
    choose_file(&mut h, &dir.join("my-strategy-2.json"), "Save");
    assert!(!h.state().editor().is_dirty(), "saved");
    assert_eq!(
        h.state().editor().file(),
        Some(dir.join("my-strategy-2.json").as_path())
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("my-strategy.json")).unwrap(),
        lesson1_file,
        "lesson 1's file is unchanged"
    );

    // Test it again: the same arena settings, now the strategy wins, and
    // exactly as the shipped lesson 2 does.
    click(&mut h, "Test this strategy");
    assert_eq!(
        h.state().settings().arena.players,
        ["editor:My strategy", "bot:greedy"]
    );
    let lesson2 = run_arena_match(&mut h);
    let shipped = library_match("02-avoid-danger");
    assert_eq!(lesson2.tally.wdl, shipped.tally.wdl);
    let wdl = lesson2.tally.wdl;
    assert!(wdl.score().unwrap() > 0.5, "{wdl:?}");
    let (low, high) = wdl.elo_ci95();
    assert!(low.unwrap() > 0.0, "beats Greedy: {wdl:?}");
    println!(
        "lesson 1 vs greedy: {:?}; lesson 2 vs greedy: {wdl:?}, Elo {:+.0} [{:+.0}, {:+.0}]",
        lesson1.tally.wdl,
        wdl.elo().unwrap(),
        low.unwrap(),
        high.unwrap()
    );

    // Play against it.
    click(&mut h, "Editor");
    click(&mut h, "Play against it");
    assert_eq!(h.state().settings().view, View::Play);
    let session = h.state().play().session().unwrap();
    assert!(session.is_human(Player::A));
    assert_eq!(session.label(Player::B), "My strategy");
    let _ = std::fs::remove_dir_all(dir);
}
