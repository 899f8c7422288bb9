//! UI tests of the editor's Tune panel, headless with egui_kittest: a run
//! against a built-in player in the background, the live progress, Apply as
//! one undoable edit, Cancel keeping the values found so far, a graph edited
//! during a run, the messages for bad settings; and the tuning range of a
//! constant set in its parameters on the node.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::editor_ui;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use chainlab::bots::{AgentFactory, parse_player};
use chainlab::gui::seats::{Catalogue, ComputerChoice};
use chainlab::gui::{App, Settings, View};
use chainlab::rules::Size;
use chainlab::strategy::{NodeId, NodeKind, Strategy, Tuning};
use chainlab::tune::{TuneConfig, Tuner};
use editor_ui::*;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// The opponent every run here plays: about as strong as lesson 01, so
/// that the two trial graphs of an iteration score differently.
const OPPONENT: &str = "bot:greedy:random=50";
/// Its name in the menu.
const OPPONENT_NAME: &str = "Greedy, half random";
/// The seed typed into the panel.
const SEED: u64 = 3;
/// Games per iteration of the runs to the end.
const GAMES: u64 = 8;

/// The editor with lesson 04 open and the Tune tab shown, offering the opponent.
fn tune_harness() -> Harness<'static, App> {
    let catalogue = Catalogue::from_choices(vec![
        ComputerChoice::builtin("bot:random").unwrap(),
        ComputerChoice::builtin(OPPONENT).unwrap(),
    ]);
    let settings = Settings {
        view: View::Editor,
        ..Settings::default()
    };
    let mut h = harness_with_players(settings, catalogue);
    open_shipped(&mut h, "04-capture");
    click(&mut h, "Tune");
    h
}

/// Types `text` into the field labelled `label` one key event per frame,
/// replacing what it held, and confirms with Enter.
fn type_field(h: &mut Harness<'_, App>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.step();
    key(h, egui::Modifiers::COMMAND, egui::Key::A);
    type_keys(h, text);
    key(h, egui::Modifiers::NONE, egui::Key::Enter);
    h.run_steps(2);
}

/// Picks the opponent and sets the budget and the seed.
fn set_up(h: &mut Harness<'_, App>, iterations: u64, games: u64) {
    click(h, "Add opponent");
    click(h, OPPONENT_NAME);
    type_field(h, "Iterations", &iterations.to_string());
    type_field(h, "Games per iteration", &games.to_string());
    type_field(h, "Seed", &SEED.to_string());
}

/// Runs frames until a label containing `text` shows (the worker plays in
/// the background; bounded, so a run that never ends fails the test).
fn run_until(h: &mut Harness<'_, App>, text: &str) {
    for _ in 0..6000 {
        if h.query_by_label_contains(text).is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    panic!("'{text}' never showed");
}

/// The iterations done, as the panel says ("Iteration k of K").
fn iterations_done(h: &Harness<'_, App>) -> u64 {
    h.state()
        .editor()
        .tune_progress()
        .map_or(0, |(done, _)| done)
}

/// Clicks a button of the Tune panel (through accessibility: the panel
/// scrolls, and a pointer click would need it at rest).
fn press(h: &mut Harness<'_, App>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run_steps(2);
}

/// Chooses `item` from the drop-down `combo` on the canvas (opened first
/// unless it is open).
fn choose(h: &mut Harness<'_, App>, combo: &str, item: &str) {
    if h.query_by_label(item).is_none() {
        h.get_by_label(combo).click_accesskit();
        h.run_steps(2);
    }
    click_canvas(h, item);
}

/// The values of the graph's Constant nodes.
fn constants(s: &Strategy) -> Vec<(NodeId, i64)> {
    s.nodes()
        .iter()
        .filter_map(|n| match n.kind {
            NodeKind::Constant { value, .. } => Some((n.id, value)),
            _ => None,
        })
        .collect()
}

/// The values the library finds for lesson 04 after `steps` of `iterations`
/// iterations with the panel's settings.
fn tuned_by_library(s: &Strategy, iterations: u64, games: u64, steps: u64) -> Vec<(NodeId, i64)> {
    let opponent: Arc<dyn AgentFactory> = parse_player(OPPONENT).unwrap();
    let mut config = TuneConfig::new(vec![opponent]);
    config.iterations = iterations;
    config.games = games;
    config.seed = SEED;
    config.play.size = Size::JABC;
    let mut tuner = Tuner::new(s, config).unwrap();
    for _ in 0..steps {
        assert!(tuner.step(&AtomicBool::new(false)).unwrap().is_some());
    }
    tuner
        .values()
        .into_iter()
        .map(|(at, v)| (at.node, v))
        .collect()
}

#[test]
fn a_run_plots_its_progress_and_applies_as_one_undoable_edit() {
    let mut h = tune_harness();
    let original = strategy(&h).clone();
    let expected = tuned_by_library(&original, 2, GAMES, 2);
    let before = constants(&original);
    assert!(
        expected.iter().any(|e| !before.contains(e)),
        "the run changes a value: {expected:?}"
    );
    set_up(&mut h, 2, GAMES);
    press(&mut h, "Start tuning");
    // A run of two short iterations may end within the two frames of the
    // press on a busy machine: either it still runs or it is done (that it
    // runs in the background is what `cancel_keeps_the_values_found_so_far` tests).
    assert!(
        h.query_by_label("Cancel").is_some() || h.query_by_label_contains("Done:").is_some(),
        "the run started"
    );
    run_until(&mut h, "Done: 2 iterations");
    assert!(h.query_by_label("Iteration 2 of 2").is_some());
    assert!(h.query_by_label_contains("Estimated Elo").is_some());
    press(&mut h, "Apply tuned values");
    let after = constants(strategy(&h));
    for (id, value) in &expected {
        assert!(after.contains(&(*id, *value)), "{id} is {value}: {after:?}");
    }
    assert!(h.query_by_label_contains("Applied tuned values").is_some());
    // No field has the focus: Ctrl+Z is the editor's undo, one step for all.
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(constants(strategy(&h)), before);
    assert_eq!(strategy(&h), &original, "nothing else was changed");
}

#[test]
fn cancel_keeps_the_values_found_so_far() {
    let mut h = tune_harness();
    let original = strategy(&h).clone();
    set_up(&mut h, 400, 4);
    press(&mut h, "Start tuning");
    for _ in 0..6000 {
        if iterations_done(&h) >= 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        h.step();
    }
    press(&mut h, "Cancel");
    run_until(&mut h, "Cancelled after");
    let done = iterations_done(&h);
    assert!((2..400).contains(&done), "{done} iterations");
    let expected = tuned_by_library(&original, 400, 4, done);
    if expected == constants(&original) {
        assert!(h.query_by_label_contains("Apply tuned values").is_some());
        return;
    }
    press(&mut h, "Apply tuned values");
    let after = constants(strategy(&h));
    for (id, value) in &expected {
        assert!(after.contains(&(*id, *value)), "{id} is {value}: {after:?}");
    }
}

#[test]
fn values_are_not_applied_to_a_graph_whose_constants_changed_during_the_run() {
    let mut h = tune_harness();
    set_up(&mut h, 2, GAMES);
    press(&mut h, "Start tuning");
    // The user goes on editing while the run plays: deletes a tuned constant.
    click_canvas(&mut h, "node 3: Constant");
    key(&mut h, egui::Modifiers::NONE, egui::Key::Delete);
    h.run_steps(2);
    assert!(strategy(&h).node(NodeId(3)).is_none(), "node 3 deleted");
    run_until(&mut h, "Done: 2 iterations");
    let edited = strategy(&h).clone();
    press(&mut h, "Apply tuned values");
    assert!(
        h.query_by_label_contains("the graph changed while tuning")
            .is_some(),
        "the refusal is said"
    );
    assert_eq!(strategy(&h), &edited, "nothing was applied");
}

#[test]
fn bad_settings_are_named_and_start_is_disabled() {
    let mut h = tune_harness();
    assert!(h.query_by_label("Add at least one opponent.").is_some());
    assert!(
        h.get_by_label("Start tuning")
            .accesskit_node()
            .is_disabled()
    );
    // Enter adds what the Spec field holds.
    type_field(&mut h, "Spec", "bot:nonsense");
    assert!(h.query_by_label_contains("Not added:").is_some());
    set_up(&mut h, 0, 4);
    assert!(
        h.query_by_label("Cannot tune: iterations must be at least 1")
            .is_some()
    );
    assert!(
        h.get_by_label("Start tuning")
            .accesskit_node()
            .is_disabled()
    );
    type_field(&mut h, "Iterations", "3");
    type_field(&mut h, "Games per iteration", "0");
    assert!(
        h.query_by_label("Cannot tune: games per iteration must be at least 1")
            .is_some()
    );
    assert!(
        h.get_by_label("Start tuning")
            .accesskit_node()
            .is_disabled()
    );
    // A graph with errors: a new one, whose Cell value has no input.
    ctrl(&mut h, egui::Key::N);
    assert!(h.query_by_label_contains("Cannot tune: ").is_some());
    assert!(
        h.get_by_label("Start tuning")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn a_constant_gets_a_tuning_range_on_its_node_and_undo_takes_it_back() {
    let mut h = harness();
    let constant = add(&mut h, "Constant");
    type_field(&mut h, &format!("node {constant} value"), "4");
    let tune = format!("node {constant} tune");
    assert_eq!(field_text(&h, &tune), "tune auto", "shown on the node");
    let kind = |h: &Harness<'_, App>| strategy(h).node(constant).unwrap().kind.clone();
    choose(&mut h, &tune, "off");
    assert_eq!(
        kind(&h),
        NodeKind::Constant {
            value: 4,
            tune: Tuning::Off
        }
    );
    assert_eq!(field_text(&h, &tune), "tune off");
    choose(&mut h, &tune, "range");
    assert_eq!(
        kind(&h),
        NodeKind::Constant {
            value: 4,
            tune: Tuning::Range { min: -1, max: 9 }
        },
        "a range starts as the automatic one"
    );
    type_field(&mut h, &format!("node {constant} tune max"), "20");
    type_field(&mut h, &format!("node {constant} tune min"), "0");
    assert_eq!(
        kind(&h),
        NodeKind::Constant {
            value: 4,
            tune: Tuning::Range { min: 0, max: 20 }
        }
    );
    assert_eq!(field_text(&h, &tune), "tune 0..20", "the node shows it");
    ctrl(&mut h, egui::Key::Z);
    assert!(
        !matches!(
            kind(&h),
            NodeKind::Constant {
                tune: Tuning::Range { min: 0, max: 20 },
                ..
            }
        ),
        "undone"
    );
}

/// Issue 35, item 8: a finished run says whether any constant changed, its
/// results do not widen the panel over the canvas, and they go when another
/// strategy is opened.
#[test]
fn a_run_says_what_changed_keeps_the_canvas_wide_and_goes_with_its_file() {
    let mut h = tune_harness();
    let canvas = h.state().editor().canvas_rect().width();
    set_up(&mut h, 2, 2);
    press(&mut h, "Start tuning");
    run_until(&mut h, "Done: 2 iterations");
    h.run_steps(3);
    let changed = constants(strategy(&h)) != tuned_by_library(strategy(&h), 2, 2, 2);
    let said = h.query_by_label_contains("No constant changed").is_some();
    assert_eq!(said, !changed, "says so exactly when nothing changed");
    let now = h.state().editor().canvas_rect().width();
    assert!(now >= canvas - 1.0, "canvas {canvas} -> {now}");
    open_shipped(&mut h, "02-avoid-danger");
    h.run_steps(2);
    assert!(h.query_by_label_contains("Done: 2 iterations").is_none());
}

#[test]
fn validate_plays_the_tuned_values_against_the_original_as_the_cli_does() {
    let mut h = tune_harness();
    let original = strategy(&h).clone();
    set_up(&mut h, 2, GAMES);
    press(&mut h, "Start tuning");
    run_until(&mut h, "Done: 2 iterations");
    // The library's validation match of the same values, for the numbers.
    let opponent: Arc<dyn AgentFactory> = parse_player(OPPONENT).unwrap();
    let mut config = TuneConfig::new(vec![opponent]);
    config.iterations = 2;
    config.games = GAMES;
    config.seed = SEED;
    config.play.size = Size::JABC;
    let mut tuner = Tuner::new(&original, config.clone()).unwrap();
    for _ in 0..2 {
        tuner.step(&AtomicBool::new(false)).unwrap();
    }
    let tuned = chainlab::tune::with_values(
        &original,
        tuner.params(),
        &tuner
            .values()
            .into_iter()
            .map(|(_, v)| v)
            .collect::<Vec<_>>(),
    );
    let report = chainlab::tune::validate(
        &original,
        &tuned,
        &config,
        200,
        &AtomicBool::new(false),
        &mut (),
    )
    .unwrap();
    let w = report.tally.wdl;
    press(&mut h, "Validate (200 games against the original)");
    run_until(&mut h, "Validation, tuned vs original over 200 games");
    let expected = format!("({}-{}-{})", w.wins, w.draws, w.losses);
    assert!(
        h.query_by_label_contains(&expected).is_some(),
        "the panel's numbers are the library's: {expected}"
    );
    assert_eq!(strategy(&h), &original, "validating applies nothing");
}
