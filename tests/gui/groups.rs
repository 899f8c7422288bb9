//! UI tests of groups in the editor, headless with egui_kittest: nodes
//! selected with the pointer are grouped (Ctrl+G or the node menu), the group
//! is opened (menu or double-click on its title) and edited inside, the
//! breadcrumb and Escape lead back out, undo and redo take every step back
//! (switching to the group an edit was made in), an instance is ungrouped,
//! a cyclic grouping is refused with the reason shown, and a group is
//! imported from another strategy.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::editor_ui;

use std::collections::BTreeSet;

use chainlab::gui::App;
use chainlab::strategy::{NodeId, NodeKind};
use editor_ui::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// The measures, weights and products of lesson 8's "after" terms.
const TERMS: &[u32] = &[24, 25, 26, 27, 28, 29, 30, 31, 32];

/// Presses and releases the primary button at `at` with `modifiers`.
fn press(h: &mut Harness<'_, App>, at: egui::Pos2, modifiers: egui::Modifiers) {
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers,
        });
    }
}

/// Shift+clicks the bottom edge of node `id` (adds it to the selection).
fn shift_click(h: &mut Harness<'_, App>, id: u32) {
    let rect = h.state().editor().node_screen_rect(NodeId(id)).unwrap();
    let at = rect.center_bottom() - egui::vec2(0.0, 2.0);
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::SHIFT));
    h.hover_at(at);
    h.step();
    press(h, at, egui::Modifiers::SHIFT);
    h.step();
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
    h.run_steps(2);
}

/// Opens lesson 8 as it was before its rework (a flat graph of some forty
/// nodes, kept as a fixture): the node ids below are its.
fn open_flat_expert(h: &mut Harness<'_, App>) {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/strategies/v1/08-expert.json");
    h.state_mut().open_file(&file);
    h.run_steps(3);
}

/// Selects the nodes `ids` with Shift+clicks.
fn select(h: &mut Harness<'_, App>, ids: &[u32]) {
    for &id in ids {
        shift_click(h, id);
    }
    let selected: Vec<u32> = h.state().editor().selection().iter().map(|n| n.0).collect();
    assert_eq!(selected, ids, "selected with Shift+clicks");
}

/// Adds a node of the kind titled `title` from the palette to the graph
/// shown (a group's body); returns its id.
fn add_inside(h: &mut Harness<'_, App>, title: &str) -> NodeId {
    let before = h.state().editor().graph().nodes().len();
    h.get_by_label("search the palette").click();
    h.step();
    type_keys(h, title);
    h.run_steps(2);
    click(h, &format!("Add {title}"));
    click(h, "clear search");
    let graph = h.state().editor().graph();
    assert_eq!(graph.nodes().len(), before + 1, "{title} was not added");
    *h.state().editor().selection().iter().next().unwrap()
}

/// Opens the menu of node `id` with a right-click on its frame: left of
/// the middle for an instance (which has no inputs there; its output rows
/// fill the right), at the bottom for other nodes.
fn node_menu(h: &mut Harness<'_, App>, id: NodeId) {
    let rect = h.state().editor().node_screen_rect(id).unwrap();
    let instance = matches!(strategy(h).node(id).unwrap().kind, NodeKind::Group { .. });
    let at = if instance {
        rect.left_center() + egui::vec2(3.0, 0.0)
    } else {
        rect.center_bottom() - egui::vec2(0.0, 2.0)
    };
    right_click(h, at);
}

/// Double-clicks the widget labelled `label` inside the canvas.
fn double_click_canvas(h: &mut Harness<'_, App>, label: &str) {
    let bounds = h.get_by_label(label).rect();
    let at = h.state().editor().canvas_to_screen(bounds).center();
    h.hover_at(at);
    h.step();
    // Both clicks in one frame (the harness runs a frame of a quarter
    // second per queued event, longer than a double-click may take).
    for pressed in [true, false, true, false] {
        h.input_mut().events.push(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.run_steps(3);
}

fn shift_ctrl(h: &mut Harness<'_, App>, key: egui::Key) {
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, key);
    h.run_steps(2);
}

/// Groups lesson 8's "after" terms with Ctrl+G; returns the instance.
fn group_terms(h: &mut Harness<'_, App>) -> NodeId {
    open_flat_expert(h);
    select(h, TERMS);
    ctrl(h, egui::Key::G);
    let s = strategy(h);
    assert_eq!(s.groups().len(), 1);
    let instance = *h.state().editor().selection().iter().next().unwrap();
    assert!(matches!(
        s.node(instance).unwrap().kind,
        NodeKind::Group { .. }
    ));
    instance
}

#[test]
fn a_selection_is_grouped_opened_edited_inside_and_left() {
    let mut h = harness();
    open_flat_expert(&mut h);
    let original = strategy(&h).clone();
    let instance = group_terms(&mut h);
    let s = strategy(&h).clone();
    let def = s.groups().keys().next().unwrap().clone();
    let group = s.group(&def).unwrap();
    assert_eq!(group.name(), "group 1");
    assert!(group.inputs.is_empty());
    assert_eq!(
        group.outputs.len(),
        3,
        "three products feed the Sum outside"
    );
    assert_eq!(s.nodes().len(), original.nodes().len() - TERMS.len() + 1);
    assert!(
        h.state()
            .editor()
            .message()
            .unwrap()
            .contains("Grouped 9 nodes")
    );
    assert!(
        h.query_by_label(&format!("node {instance}: Group"))
            .is_some()
    );
    // Undo and redo the grouping.
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(strategy(&h), &original);
    shift_ctrl(&mut h, egui::Key::Z);
    assert_eq!(strategy(&h), &s);
    h.run_steps(20);
    // Open it from its menu: the breadcrumb shows the way back.
    node_menu(&mut h, instance);
    click(&mut h, "Open group");
    assert_eq!(h.state().editor().scope(), std::slice::from_ref(&def));
    assert!(h.query_by_label("editing group group 1").is_some());
    assert_eq!(h.state().editor().graph(), &group.body);
    assert!(
        h.query_by_label("Add Group input").is_some(),
        "offered inside"
    );
    // Edit inside: a node added goes into the body, not the top level.
    let added = add_inside(&mut h, "Capacity");
    assert!(h.state().editor().graph().node(added).is_some());
    assert_eq!(strategy(&h).nodes(), s.nodes());
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(h.state().editor().graph(), &group.body, "undone inside");
    shift_ctrl(&mut h, egui::Key::Z);
    assert!(h.state().editor().graph().node(added).is_some(), "redone");
    // Pins: renamed and reordered from the group panel.
    type_into(&mut h, "output 0 name", "endangered after");
    let outputs = |h: &Harness<'_, App>| -> Vec<String> {
        let g = strategy(h).group(&def).unwrap();
        g.outputs.iter().map(|p| p.name.clone()).collect()
    };
    assert_eq!(outputs(&h)[0], "endangered after");
    click(&mut h, "move output 0 down");
    assert_eq!(outputs(&h)[1], "endangered after");
    // Back out with the breadcrumb: the instance shows the renamed pins.
    click(&mut h, "go to 08 Expert");
    assert!(h.state().editor().scope().is_empty());
    assert!(h.query_by_label("Add Group input").is_none(), "top level");
    assert!(
        h.query_by_label(&format!("node {instance} output endangered after"))
            .is_some()
    );
    // Undo goes back into the group the edit was made in.
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(h.state().editor().scope(), std::slice::from_ref(&def));
    assert_eq!(outputs(&h)[0], "endangered after");
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.state().editor().scope().is_empty(), "Escape leaves");
    // Double-clicking the instance's title opens it again.
    double_click_canvas(&mut h, &format!("node {instance}: Group"));
    assert_eq!(h.state().editor().scope(), std::slice::from_ref(&def));
    click(&mut h, "⬅ Back");
    assert!(h.state().editor().scope().is_empty());
}

#[test]
fn an_instance_is_ungrouped_and_the_ungrouping_undone() {
    let mut h = harness();
    let instance = group_terms(&mut h);
    let grouped = strategy(&h).clone();
    shift_ctrl(&mut h, egui::Key::G);
    let s = strategy(&h);
    assert!(s.groups().is_empty());
    assert!(s.node(instance).is_none());
    let selected: BTreeSet<u32> = h.state().editor().selection().iter().map(|n| n.0).collect();
    assert_eq!(
        selected,
        TERMS.iter().copied().collect(),
        "the nodes are back"
    );
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(strategy(&h), &grouped);
    node_menu(&mut h, instance);
    click(&mut h, "Ungroup");
    assert!(strategy(&h).groups().is_empty());
}

#[test]
fn a_cyclic_grouping_is_refused_and_the_reason_shown() {
    let mut h = harness();
    open_flat_expert(&mut h);
    let original = strategy(&h).clone();
    // The first Sum (45) and the Add (48) it reaches through the second Sum (46).
    select(&mut h, &[45, 48]);
    node_menu(&mut h, NodeId(48));
    click(&mut h, "Group selected nodes");
    assert_eq!(strategy(&h), &original);
    let message = h.state().editor().message().unwrap().to_string();
    assert!(message.contains("depend on itself"), "{message}");
    assert!(message.contains("node 46 'Sum'"), "{message}");
}

#[test]
fn pins_are_added_and_removed_from_the_group_panel() {
    let mut h = harness();
    let instance = group_terms(&mut h);
    node_menu(&mut h, instance);
    click(&mut h, "Open group");
    let def = h.state().editor().scope()[0].clone();
    type_into(&mut h, "group name", "threats");
    assert_eq!(strategy(&h).group_name(&def), "threats");
    assert!(h.query_by_label("editing group threats").is_some());
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(
        strategy(&h).group_name(&def),
        "group 1",
        "renaming is one step"
    );
    click(&mut h, "add yes/no input");
    let g = strategy(&h).group(&def).unwrap();
    assert_eq!(g.inputs.len(), 1);
    let inputs = |h: &Harness<'_, App>| strategy(h).group(&def).unwrap().inputs.len();
    let interface = h
        .state()
        .editor()
        .graph()
        .nodes()
        .iter()
        .filter(|n| matches!(n.kind, NodeKind::GroupInput { .. }))
        .count();
    assert_eq!(interface, 1, "with its node inside");
    click(&mut h, "remove input 0");
    assert_eq!(inputs(&h), 0);
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(inputs(&h), 1);
    let outputs_before = strategy(&h).group(&def).unwrap().outputs.len();
    click(&mut h, "remove output 2");
    let g = strategy(&h).group(&def).unwrap();
    assert_eq!(g.outputs.len(), outputs_before - 1);
    let instance_outputs = strategy(&h).node(instance).unwrap().output_count();
    assert_eq!(instance_outputs, outputs_before - 1, "the instance follows");
}

#[test]
fn a_group_is_imported_from_another_strategy() {
    let mut h = harness();
    open_flat_expert(&mut h);
    let mut lib = strategy(&h).clone();
    lib.name = "library".into();
    let ids: BTreeSet<NodeId> = TERMS.iter().map(|&i| NodeId(i)).collect();
    lib.group_nodes(&ids, "threats").unwrap();
    // The File menu's import goes through the file browser; a file without
    // groups says so.
    click(&mut h, "File");
    click(&mut h, "Import group…");
    assert!(h.query_by_label("file name").is_some());
    let shipped = common_shipped("01-prefer-corners.json");
    choose_file(&mut h, &shipped, "Open");
    let message = h.state().editor().message().unwrap_or_default().to_string();
    assert!(message.contains("has no groups"), "{message}");
    // A strategy with groups offers them; the one chosen is copied in and
    // an instance placed.
    let before = strategy(&h).clone();
    h.state_mut()
        .editor_mut()
        .offer_import(lib.clone(), "library.json".into());
    h.run_steps(2);
    click(&mut h, "▣ threats");
    let s = strategy(&h);
    assert_eq!(s.group("threats"), lib.group("threats"));
    assert_eq!(s.nodes().len(), before.nodes().len() + 1);
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(strategy(&h), &before, "one undo step");
}

/// A shipped strategy's path.
fn common_shipped(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("strategies")
        .join(name)
}
