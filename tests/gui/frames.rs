//! UI tests of what makes a graph readable in the editor: node names,
//! frames (made from the selection, moved, resized, collapsed, recoloured,
//! deleted) and Weighted sums (terms added, labelled, weighted, removed with
//! their wires), each undone in one step. Keys are typed one per frame.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::editor_ui;

use chainlab::gui::App;
use chainlab::rules::Coord;
use chainlab::strategy::{NodeId, NodeKind};
use editor_ui::*;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn label(h: &Harness<'_, App>, id: NodeId) -> Option<String> {
    strategy(h).node(id).unwrap().label.clone()
}

/// Selects every node and frames them (Ctrl+A, Ctrl+Shift+F).
fn frame_all(h: &mut Harness<'_, App>) {
    key(h, Modifiers::COMMAND, Key::A);
    key(h, Modifiers::COMMAND | Modifiers::SHIFT, Key::F);
    h.run_steps(2);
}

fn bar(h: &Harness<'_, App>, index: usize) -> egui::Rect {
    h.state()
        .editor()
        .frame_bar_screen_rect(index)
        .unwrap_or_else(|| panic!("frame {index} has no title bar on screen"))
}

/// A click of the primary button at `at` (screen), pressed and released in
/// one frame.
fn click_at(h: &mut Harness<'_, App>, at: Pos2) {
    h.hover_at(at);
    h.step();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.step();
}

/// Two clicks at `at` in one frame: a double-click. (Queued events get a
/// frame each, a quarter of a second in the harness: too slow for egui's
/// double-click delay, so these go straight into the frame's input.)
fn double_click(h: &mut Harness<'_, App>, at: Pos2) {
    h.hover_at(at);
    h.step();
    for pressed in [true, false, true, false] {
        h.input_mut().events.push(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.run_steps(3);
}

#[test]
fn f2_names_a_node_in_one_undo_step_and_the_title_shows_it() {
    let mut h = harness();
    let m = add(&mut h, "Multiply");
    key(&mut h, Modifiers::NONE, Key::F2);
    h.run_steps(2);
    assert!(
        h.query_by_label(&format!("node {m} name")).is_some(),
        "F2 opens the field"
    );
    type_keys(&mut h, "safety penalty");
    key(&mut h, Modifiers::NONE, Key::Enter);
    h.run_steps(2);
    assert_eq!(label(&h, m).as_deref(), Some("safety penalty"));
    assert!(
        h.query_by_label(&format!("node {m} name")).is_none(),
        "Enter closes it"
    );
    let title = format!("node {m}: safety penalty (Multiply)");
    assert!(h.query_by_label(&title).is_some(), "the label is the title");
    assert!(
        h.query_by_label_contains("'safety penalty'").is_some(),
        "the problems list names the node by its label"
    );
    ctrl(&mut h, Key::Z);
    assert_eq!(label(&h, m), None, "typing the name was one step");
    assert!(h.query_by_label(&format!("node {m}: Multiply")).is_some());
    ctrl(&mut h, Key::Y);
    assert_eq!(label(&h, m).as_deref(), Some("safety penalty"));
}

#[test]
fn rename_from_the_node_menu_and_an_empty_name_is_no_name() {
    let mut h = harness();
    let m = add(&mut h, "Negate");
    let at = h.state().editor().node_screen_rect(m).unwrap().center();
    right_click(&mut h, at);
    click(&mut h, "Rename…");
    type_keys(&mut h, "flip");
    key(&mut h, Modifiers::NONE, Key::Enter);
    h.run_steps(2);
    assert_eq!(label(&h, m).as_deref(), Some("flip"));
    // The side panel's Name field of the selected node clears it.
    let field = "selected node name";
    h.get_by_label(field).focus();
    h.step();
    key(&mut h, Modifiers::COMMAND, Key::A);
    key(&mut h, Modifiers::NONE, Key::Backspace);
    h.run_steps(2);
    assert_eq!(label(&h, m), None, "an empty name removes the label");
    assert_eq!(
        strategy(&h).nodes().len(),
        2,
        "Backspace in the field deletes no node"
    );
}

#[test]
fn a_double_click_on_a_title_names_the_node() {
    let mut h = harness();
    let m = add(&mut h, "Abs");
    // Accessible bounds of canvas widgets are in canvas units, from the
    // node's position (its top left corner).
    let title = h.get_by_label(&format!("node {m}: Abs")).rect().center();
    let pos = strategy(&h).node(m).unwrap().pos;
    let offset = title - Pos2::new(pos[0], pos[1]);
    let at = h.state().editor().node_screen_rect(m).unwrap().left_top()
        + offset * h.state().editor().zoom();
    double_click(&mut h, at);
    assert!(h.query_by_label(&format!("node {m} name")).is_some());
    type_keys(&mut h, "size");
    key(&mut h, Modifiers::NONE, Key::Escape);
    h.run_steps(2);
    assert_eq!(label(&h, m).as_deref(), Some("size"));
    assert!(
        h.query_by_label(&format!("node {m} name")).is_none(),
        "Escape closes it"
    );
}

#[test]
fn frame_selection_makes_a_frame_around_the_nodes_and_types_its_title() {
    let mut h = harness();
    add(&mut h, "Is corner");
    add(&mut h, "Is edge");
    frame_all(&mut h);
    assert_eq!(strategy(&h).frames.len(), 1);
    let all: Vec<NodeId> = strategy(&h).nodes().iter().map(|n| n.id).collect();
    assert_eq!(
        strategy(&h).frame_members(0),
        all,
        "every selected node is inside"
    );
    type_keys(&mut h, "Corners");
    key(&mut h, Modifiers::NONE, Key::Enter);
    h.run_steps(2);
    assert_eq!(
        strategy(&h).frames[0].title,
        "Corners",
        "typing replaced the title"
    );
    assert!(
        h.query_by_label("frame title").is_none(),
        "Enter closed the editor"
    );
    assert!(h.query_by_label("frame 0: Corners").is_some());
    ctrl(&mut h, Key::Z);
    assert_eq!(
        strategy(&h).frames[0].title,
        "Frame",
        "the title was one step"
    );
    ctrl(&mut h, Key::Z);
    assert!(strategy(&h).frames.is_empty());
    ctrl(&mut h, Key::Y);
    ctrl(&mut h, Key::Y);
    assert_eq!(strategy(&h).frames[0].title, "Corners");
}

#[test]
fn dragging_a_title_moves_the_frame_and_its_nodes_in_one_step() {
    let mut h = harness();
    add(&mut h, "Is corner");
    add(&mut h, "Is edge");
    frame_all(&mut h);
    key(&mut h, Modifiers::NONE, Key::Enter);
    h.run_steps(2);
    let before = strategy(&h).clone();
    let zoom = h.state().editor().zoom();
    let from = bar(&h, 0).center();
    drag(&mut h, from, from + egui::vec2(90.0, 45.0));
    let after = strategy(&h).clone();
    let (dx, dy) = (90.0 / zoom, 45.0 / zoom);
    let [x, y, w, hh] = before.frames[0].rect;
    let [x2, y2, w2, h2] = after.frames[0].rect;
    assert!(
        (x2 - x - dx).abs() < 1.0 && (y2 - y - dy).abs() < 1.0,
        "{x},{y} + {dx},{dy} -> {x2},{y2}"
    );
    assert_eq!((w2, h2), (w, hh));
    for (a, b) in before.nodes().iter().zip(after.nodes()) {
        assert!(
            (b.pos[0] - a.pos[0] - dx).abs() < 1.0,
            "node {} moved along",
            a.id
        );
        assert!((b.pos[1] - a.pos[1] - dy).abs() < 1.0);
    }
    ctrl(&mut h, Key::Z);
    assert_eq!(strategy(&h), &before, "one undo takes the whole drag back");

    let grip = h
        .state()
        .editor()
        .frame_grip_screen_rect(0)
        .unwrap()
        .center();
    drag(&mut h, grip, grip + egui::vec2(60.0, 30.0));
    let [_, _, w3, h3] = strategy(&h).frames[0].rect;
    assert!((w3 - w - 60.0 / zoom).abs() < 1.0 && (h3 - hh - 30.0 / zoom).abs() < 1.0);
    assert_eq!(
        strategy(&h).nodes(),
        before.nodes(),
        "resizing moves no node"
    );
    ctrl(&mut h, Key::Z);
    assert_eq!(strategy(&h), &before);
}

#[test]
fn a_collapsed_frame_hides_its_nodes_which_still_count() {
    let mut h = harness();
    open_shipped(&mut h, "01-prefer-corners");
    assert_eq!(heat(&h, 0, 0), Some(7));
    let corner = NodeId(2);
    click_canvas(&mut h, "node 2: Is corner");
    key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::F);
    key(&mut h, Modifiers::NONE, Key::Enter);
    h.run_steps(2);
    assert_eq!(strategy(&h).frame_members(0), vec![corner]);
    let arrow = h
        .state()
        .editor()
        .frame_arrow_screen_rect(0)
        .unwrap()
        .center();
    click_at(&mut h, arrow);
    h.run_steps(2);
    assert!(strategy(&h).frames[0].collapsed);
    h.run_steps(2);
    assert!(
        h.state().editor().node_screen_rect(corner).is_none(),
        "hidden"
    );
    assert!(h.query_by_label("node 2: Is corner").is_none());
    assert!(
        h.state().editor().selection().is_empty(),
        "a hidden node is not selected"
    );
    assert_eq!(heat(&h, 0, 0), Some(7), "it still counts");
    let nodes = strategy(&h).nodes().len();
    key(&mut h, Modifiers::COMMAND, Key::A);
    key(&mut h, Modifiers::NONE, Key::Delete);
    h.run_steps(2);
    assert!(
        strategy(&h).node(corner).is_some(),
        "select all leaves hidden nodes out"
    );
    ctrl(&mut h, Key::Z);
    assert_eq!(strategy(&h).nodes().len(), nodes);
    let at = bar(&h, 0).center();
    right_click(&mut h, at);
    click(&mut h, "Expand");
    assert!(!strategy(&h).frames[0].collapsed);
    h.run_steps(2);
    assert!(h.state().editor().node_screen_rect(corner).is_some());
}

#[test]
fn the_frame_menu_recolours_notes_and_deletes_keeping_the_nodes() {
    let mut h = harness();
    add(&mut h, "Is corner");
    frame_all(&mut h);
    key(&mut h, Modifiers::NONE, Key::Enter);
    h.run_steps(2);
    let at = bar(&h, 0).center();
    right_click(&mut h, at);
    click(&mut h, "frame colour 5");
    assert_eq!(strategy(&h).frames[0].colour, 5);
    let at = bar(&h, 0).center();
    right_click(&mut h, at);
    click(&mut h, "Notes…");
    type_keys(&mut h, "Corners are safe");
    key(&mut h, Modifiers::NONE, Key::Escape);
    h.run_steps(2);
    assert_eq!(strategy(&h).frames[0].notes, "Corners are safe");
    assert!(
        h.query_by_label("frame notes").is_none(),
        "Escape closed the editor"
    );
    let at = bar(&h, 0).center();
    double_click(&mut h, at);
    assert!(
        h.query_by_label("frame title").is_some(),
        "a double-click renames"
    );
    key(&mut h, Modifiers::NONE, Key::Escape);
    h.run_steps(2);
    let nodes = strategy(&h).nodes().len();
    let at = bar(&h, 0).center();
    right_click(&mut h, at);
    click(&mut h, "Delete frame");
    assert!(strategy(&h).frames.is_empty());
    assert_eq!(strategy(&h).nodes().len(), nodes, "the nodes stay");
    ctrl(&mut h, Key::Z);
    assert_eq!(strategy(&h).frames.len(), 1);
}

#[test]
fn add_frame_from_the_canvas_menu() {
    let mut h = harness();
    right_click_canvas(&mut h);
    click(&mut h, "Add frame here");
    assert_eq!(strategy(&h).frames.len(), 1);
    type_keys(&mut h, "Ideas");
    key(&mut h, Modifiers::NONE, Key::Enter);
    h.run_steps(2);
    assert_eq!(strategy(&h).frames[0].title, "Ideas");
}

fn terms(h: &Harness<'_, App>, id: NodeId) -> Vec<(String, i64)> {
    match &strategy(h).node(id).unwrap().kind {
        NodeKind::WeightedSum { terms } => {
            terms.iter().map(|t| (t.label.clone(), t.weight)).collect()
        }
        other => panic!("not a Weighted sum: {other:?}"),
    }
}

/// Focuses the field `label`, selects its text and types `text`, one key a frame.
fn retype(h: &mut Harness<'_, App>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.step();
    key(h, Modifiers::COMMAND, Key::A);
    type_keys(h, text);
    key(h, Modifiers::NONE, Key::Enter);
    h.run_steps(2);
}

#[test]
fn weighted_sum_terms_are_edited_on_the_node_and_removed_with_their_wires() {
    let mut h = harness();
    let ws = add(&mut h, "Weighted sum");
    let corner = add(&mut h, "Is corner");
    let edge = add(&mut h, "Is edge");
    wire(&mut h, corner, ws, 0);
    wire(&mut h, edge, ws, 1);
    click_canvas(&mut h, &format!("node {ws} add term"));
    assert_eq!(terms(&h, ws).len(), 3);
    let capacity = add(&mut h, "Capacity");
    wire(&mut h, capacity, ws, 2);
    retype(&mut h, &format!("node {ws} term 0 label"), "corners");
    retype(&mut h, &format!("node {ws} term 0 weight"), "7");
    assert_eq!(terms(&h, ws)[0], ("corners".to_string(), 7));
    let pin = strategy(&h)
        .node(ws)
        .unwrap()
        .input(0)
        .unwrap()
        .name
        .to_string();
    assert_eq!(pin, "corners", "the label names the pin");

    // Explain a corner: each term shows weight × input.
    h.state_mut().editor_mut().explain(Coord::new(0, 0));
    h.run_steps(2);
    assert!(h.query_by_label(&format!("node {ws} term 0 = 7")).is_some());
    assert!(h.query_by_label(&format!("node {ws} term 2 = 2")).is_some());

    let before = strategy(&h).clone();
    click_canvas(&mut h, &format!("node {ws} remove term 1"));
    assert_eq!(terms(&h, ws), [("corners".into(), 7), ("term 3".into(), 1)]);
    let into: Vec<(usize, NodeId)> = strategy(&h)
        .wires_into(ws)
        .map(|w| (w.input, w.from))
        .collect();
    assert_eq!(
        into,
        vec![(0, corner), (1, capacity)],
        "later wires move down"
    );
    ctrl(&mut h, Key::Z);
    assert_eq!(
        strategy(&h),
        &before,
        "undo restores terms and wires exactly"
    );
}

#[test]
fn the_palette_offers_weighted_sums_but_no_group_kinds() {
    let mut h = harness();
    h.get_by_label("search the palette").click();
    h.step();
    type_keys(&mut h, "group");
    h.run_steps(2);
    for hidden in ["Add Group", "Add Group input", "Add Group output"] {
        assert!(h.query_by_label(hidden).is_none(), "{hidden} is offered");
    }
    click(&mut h, "clear search");
    let ws = add(&mut h, "Weighted sum");
    wire(&mut h, ws, NodeId(1), 0);
    assert_eq!(strategy(&h).wires().len(), 1, "wired like any node");
}
