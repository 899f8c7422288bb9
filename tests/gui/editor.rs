//! UI tests of the strategy editor, headless with egui_kittest: menus, the
//! palette, the canvas (pins dragged with the pointer like a user would),
//! the preview board, files, undo and redo.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::editor_ui;

use chainlab::gui::editor::PinKey;
use chainlab::gui::{Settings, View};
use chainlab::strategy::{NodeId, NodeKind, Strategy, Tuning};
use editor_ui::*;
use egui_kittest::kittest::Queryable;

#[test]
fn opens_a_shipped_strategy_and_shows_its_heat_map() {
    let mut h = harness();
    open_shipped(&mut h, "01-prefer-corners");
    let editor = h.state().editor();
    assert!(editor.is_shipped());
    assert_eq!(editor.strategy().name, "01 Prefer corners");
    assert!(!editor.is_dirty());
    let best = editor.best().to_vec();
    assert_eq!(best.len(), 4, "the four corners: {best:?}");
    assert!(h.query_by_label("node 2: Is corner").is_some());
}

#[test]
fn a_node_added_from_the_menu_and_wired_changes_the_heat_map() {
    let mut h = harness();
    open_shipped(&mut h, "01-prefer-corners");
    // Corners 7 (6 + 1), every other cell 1.
    assert_eq!(heat(&h, 0, 0), Some(7));
    assert_eq!(heat(&h, 0, 2), Some(1));
    assert_eq!(heat(&h, 2, 2), Some(1));
    right_click_canvas(&mut h);
    assert!(
        h.query_by_label("Add a node").is_some(),
        "the add-node menu is open"
    );
    click(&mut h, "Cell position ⏵");
    click(&mut h, "Is centre");
    let centre = last_id(&h);
    assert_eq!(strategy(&h).node(centre).unwrap().kind, NodeKind::IsCentre);
    // Into the Add's second input, in place of the constant 1.
    let add = NodeId(6);
    wire(&mut h, centre, add, 1);
    assert!(strategy(&h).feeds(add, 1).all(|w| w.from == centre));
    assert_eq!(heat(&h, 0, 0), Some(6), "a corner is no centre");
    assert_eq!(heat(&h, 0, 2), Some(0), "an edge is no centre");
    assert_eq!(heat(&h, 2, 2), Some(1), "a centre cell");
    assert!(h.state().editor().is_dirty());
    assert!(
        h.query_by_label("Editor •").is_some(),
        "the tab shows the unsaved marker"
    );
}

/// One finger on the screen at `pos`, as a browser or a touch screen sends
/// it: the pointer's press (or release) and the touch, in one frame; a lift
/// also says the pointer is gone.
fn finger(h: &mut egui_kittest::Harness<'_, chainlab::gui::App>, pos: egui::Pos2, down: bool) {
    let mut events = vec![egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed: down,
        modifiers: egui::Modifiers::NONE,
    }];
    if !down {
        events.push(egui::Event::PointerGone);
    }
    events.push(egui::Event::Touch {
        device_id: egui::TouchDeviceId(1),
        id: egui::TouchId(1),
        phase: if down {
            egui::TouchPhase::Start
        } else {
            egui::TouchPhase::End
        },
        pos,
        force: None,
    });
    h.input_mut().events.extend(events);
    h.step();
}

#[test]
fn a_long_press_opens_the_canvas_menu_and_it_stays_open_when_the_finger_lifts() {
    let mut h = harness();
    let rect = h.state().editor().canvas_rect();
    let at = rect.center_bottom() - egui::vec2(0.0, 40.0);
    h.hover_at(at);
    h.step();
    finger(&mut h, at, true);
    // A frame is a quarter of a second here: held for 1.25 s (the press
    // turns into a menu after 0.8 s).
    h.run_steps(5);
    assert!(
        h.query_by_label("Add a node").is_some(),
        "a long press opens the menu"
    );
    finger(&mut h, at, false);
    h.run_steps(3);
    assert!(
        h.query_by_label("Add a node").is_some(),
        "the menu stays open when the finger lifts"
    );
    let before = strategy(&h).nodes().len();
    click(&mut h, "Cell position ⏵");
    click(&mut h, "Is centre");
    assert_eq!(
        strategy(&h).nodes().len(),
        before + 1,
        "an item of the menu was tapped"
    );
    assert_eq!(
        strategy(&h).node(last_id(&h)).unwrap().kind,
        NodeKind::IsCentre
    );
}

/// A finger dragged from `from` to `to` on a touch screen, with the events
/// a browser gives egui through eframe: the press twice (the pointer event and
/// the touch), moves as touch moves, the release twice, then the pointer gone.
fn finger_drag(
    h: &mut egui_kittest::Harness<'_, chainlab::gui::App>,
    from: egui::Pos2,
    to: egui::Pos2,
) {
    let touch = |phase, pos| egui::Event::Touch {
        device_id: egui::TouchDeviceId(1),
        id: egui::TouchId(1),
        phase,
        pos,
        force: None,
    };
    let button = |pos, pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    h.input_mut().events.extend([
        button(from, true),
        button(from, true),
        touch(egui::TouchPhase::Start, from),
    ]);
    h.step();
    for k in 1..=8 {
        let at = from + (to - from) * (k as f32 / 8.0);
        h.input_mut().events.extend([
            egui::Event::PointerMoved(at),
            touch(egui::TouchPhase::Move, at),
        ]);
        h.step();
    }
    h.input_mut().events.extend([
        button(to, false),
        button(to, false),
        egui::Event::PointerGone,
        touch(egui::TouchPhase::End, to),
    ]);
    h.run_steps(3);
}

#[test]
fn a_finger_dragged_from_pin_to_pin_wires_them() {
    let mut h = harness();
    let constant = add(&mut h, "Constant");
    let value = NodeId(1);
    assert_eq!(strategy(&h).node(value).unwrap().kind, NodeKind::Output);
    let (a, b) = (
        pin(&h, PinKey::Output(constant)),
        pin(&h, PinKey::Input(value, 0)),
    );
    bring_into_view(&mut h, a, b);
    let (a, b) = (
        pin(&h, PinKey::Output(constant)),
        pin(&h, PinKey::Input(value, 0)),
    );
    finger_drag(&mut h, a, b);
    assert!(
        strategy(&h).feeds(value, 0).any(|w| w.from == constant),
        "the finger's drag wired Constant into Cell value: {:?}",
        strategy(&h).wires()
    );
}

#[test]
fn a_wrong_type_or_a_cycle_is_refused_with_the_reason() {
    let mut h = harness();
    let constant = add(&mut h, "Constant");
    let not = add(&mut h, "Not");
    wire(&mut h, constant, not, 0);
    assert!(
        strategy(&h).wires().is_empty(),
        "a number does not go into a yes/no input"
    );
    let message = h.state().editor().message().unwrap_or_default().to_string();
    assert!(message.contains("needs a yes/no"), "{message}");
    assert!(
        h.query_by_label_contains("needs a yes/no").is_some(),
        "the reason is on screen"
    );

    let a = add(&mut h, "Add");
    let b = add(&mut h, "Negate");
    wire(&mut h, a, b, 0);
    assert_eq!(strategy(&h).wires().len(), 1);
    wire(&mut h, b, a, 0);
    assert_eq!(strategy(&h).wires().len(), 1, "a cycle is refused");
    let message = h.state().editor().message().unwrap_or_default().to_string();
    assert!(message.contains("cycle"), "{message}");
}

#[test]
fn undo_and_redo_walk_back_and_forth_through_every_edit() {
    let mut h = harness();
    let corner = add(&mut h, "Is corner");
    let out = NodeId(1);
    wire(&mut h, corner, out, 0);
    assert_eq!(strategy(&h).wires().len(), 1);
    ctrl(&mut h, egui::Key::Z);
    assert!(strategy(&h).wires().is_empty(), "undo takes the wire back");
    assert_eq!(strategy(&h).nodes().len(), 2);
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(strategy(&h).nodes().len(), 1, "undo takes the node back");
    assert!(!h.state().editor().is_dirty(), "back to the state opened");
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run_steps(2);
    assert_eq!(strategy(&h).nodes().len(), 2, "redo adds the node again");
    ctrl(&mut h, egui::Key::Y);
    assert_eq!(strategy(&h).wires().len(), 1, "and the wire");
    click(&mut h, "⟲ Undo");
    assert!(strategy(&h).wires().is_empty(), "the toolbar's Undo");
    click(&mut h, "⟳ Redo");
    assert_eq!(strategy(&h).wires().len(), 1, "the toolbar's Redo");
}

#[test]
fn a_constant_is_edited_in_place_and_undone_in_one_step() {
    let mut h = harness();
    let constant = add(&mut h, "Constant");
    type_into(&mut h, &format!("node {constant} value"), "42");
    assert_eq!(
        strategy(&h).node(constant).unwrap().kind,
        NodeKind::Constant {
            value: 42,
            tune: Tuning::Auto
        }
    );
    // Out of the field, Ctrl+Z is the editor's undo: typing was one step.
    h.get_by_label("node 1: Cell value").click_accesskit();
    h.run_steps(2);
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(
        strategy(&h).node(constant).unwrap().kind,
        NodeKind::Constant {
            value: 0,
            tune: Tuning::Auto
        }
    );
}

#[test]
fn saving_and_reopening_gives_the_same_file() {
    let dir = temp_dir("save");
    let mut settings = Settings {
        view: View::Editor,
        ..Settings::default()
    };
    settings.editor.user_dir = Some(dir.clone());
    let mut h = harness_with(settings);
    open_shipped(&mut h, "04-capture");
    let shipped = h.state().editor().file().unwrap().to_path_buf();
    let original = std::fs::read_to_string(&shipped).unwrap();
    // A shipped strategy is never overwritten: Save asks where, in the user's folder.
    ctrl(&mut h, egui::Key::S);
    assert!(
        h.query_by_label("Save the strategy as").is_some(),
        "Save acts as Save as"
    );
    click(&mut h, "Save");
    let saved = dir.join("04-capture.json");
    assert_eq!(
        std::fs::read_to_string(&saved).unwrap(),
        original,
        "the same bytes"
    );
    assert_eq!(
        std::fs::read_to_string(&shipped).unwrap(),
        original,
        "the shipped file is untouched"
    );
    assert_eq!(h.state().editor().file(), Some(saved.as_path()));
    assert!(!h.state().editor().is_dirty());

    // Rename it, save (now to the user's file), start anew, open it again.
    type_into(&mut h, "strategy name", "My capture");
    assert!(h.state().editor().is_dirty());
    ctrl(&mut h, egui::Key::S);
    let renamed = std::fs::read_to_string(&saved).unwrap();
    assert!(renamed.contains("\"name\": \"My capture\""));
    let before = strategy(&h).clone();
    click(&mut h, "File");
    click(&mut h, "New");
    assert_eq!(strategy(&h).nodes().len(), 1);
    click(&mut h, "File");
    click(&mut h, "Open…");
    choose_file(&mut h, &saved, "Open");
    assert_eq!(strategy(&h), &before);
    assert!(!h.state().editor().is_dirty());
    ctrl(&mut h, egui::Key::S);
    assert_eq!(
        std::fs::read_to_string(&saved).unwrap(),
        renamed,
        "saving again changes nothing"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_broken_file_shows_its_error_and_keeps_the_graph() {
    let dir = temp_dir("broken");
    let path = dir.join("broken.json");
    std::fs::write(
        &path,
        r#"{"format": "chainlab-strategy", "version": 1, "name": "b", "description": "",
  "nodes": [{"id": 1, "kind": "output", "at": [0, 0]}, {"id": 3, "kind": "is_cornr", "at": [0, 0]}],
  "wires": []}"#,
    )
    .unwrap();
    let mut h = harness();
    let before = strategy(&h).clone();
    click(&mut h, "File");
    click(&mut h, "Open…");
    choose_file(&mut h, &path, "Open");
    let error = h
        .state()
        .editor()
        .load_error()
        .unwrap_or_default()
        .to_string();
    assert!(
        error.contains("node 3") && error.contains("is_cornr"),
        "{error}"
    );
    assert!(
        h.query_by_label_contains("unknown kind \"is_cornr\"")
            .is_some(),
        "shown above the canvas"
    );
    assert_eq!(strategy(&h), &before);
    click(&mut h, "Dismiss");
    assert!(h.state().editor().load_error().is_none());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn unsaved_changes_are_not_lost_without_asking() {
    let mut h = harness();
    add(&mut h, "Is corner");
    click(&mut h, "File");
    click(&mut h, "New");
    assert!(h.query_by_label("Unsaved changes").is_some());
    click(&mut h, "Cancel");
    assert_eq!(strategy(&h).nodes().len(), 2, "cancelled: nothing lost");
    click(&mut h, "File");
    click(&mut h, "New");
    click(&mut h, "Discard");
    assert_eq!(strategy(&h).nodes().len(), 1, "discarded on request");
    assert!(!h.state().editor().is_dirty());
}

/// What the unsaved-changes prompt's Save was to do next belongs to its
/// save: when that save is refused (a shipped strategy is never
/// overwritten), it is forgotten, so a later "Save as…" saves and does
/// nothing more.
#[test]
fn a_refused_save_forgets_what_was_to_follow() {
    let dir = temp_dir("refused-save");
    let path = dir.join("kept.json");
    let shipped = chainlab::gui::seats::shipped_strategies_dir()
        .unwrap()
        .join("01-prefer-corners.json");
    let mut h = harness();
    add(&mut h, "Is corner");
    click(&mut h, "File");
    click(&mut h, "New");
    click(&mut h, "Save");
    h.run_steps(2);
    choose_file(&mut h, &shipped, "Save");
    assert!(
        h.query_by_label("file name").is_none(),
        "the browser closed"
    );
    let refused = h.state().editor().message().unwrap_or_default().to_string();
    assert!(refused.contains("never overwritten"), "{refused}");
    assert_eq!(strategy(&h).nodes().len(), 2, "nothing replaced");
    click(&mut h, "File");
    click(&mut h, "Save as…");
    choose_file(&mut h, &path, "Save");
    assert!(path.is_file(), "saved");
    assert_eq!(
        strategy(&h).nodes().len(),
        2,
        "and not replaced by a new one"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Asks to close the window, as its close button does.
fn close_window(h: &mut egui_kittest::Harness<'_, chainlab::gui::App>) {
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
}

#[test]
fn closing_the_window_with_unsaved_work_asks_first() {
    let mut h = harness();
    add(&mut h, "Is corner");
    close_window(&mut h);
    h.step();
    let cancelled = h
        .output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .is_some_and(|v| v.commands.contains(&egui::ViewportCommand::CancelClose));
    assert!(cancelled, "the window stays open");
    h.step();
    assert!(
        h.query_by_label("Unsaved changes").is_some(),
        "the prompt is shown"
    );
    click(&mut h, "Cancel");
    assert_eq!(strategy(&h).nodes().len(), 2);
}

/// The close request's prompt comes over a dialog that is open; cancelled,
/// it gives the dialog back as it was.
#[test]
fn a_cancelled_close_prompt_gives_back_the_dialog_it_came_over() {
    let mut h = harness();
    add(&mut h, "Is corner");
    click(&mut h, "File");
    click(&mut h, "Open…");
    h.run_steps(2);
    assert!(
        h.query_by_label("file name").is_some(),
        "the browser is open"
    );
    close_window(&mut h);
    h.run_steps(2);
    assert!(
        h.query_by_label("Unsaved changes").is_some(),
        "the prompt is shown"
    );
    click(&mut h, "Cancel");
    h.run_steps(2);
    assert!(
        h.query_by_label("Unsaved changes").is_none(),
        "the prompt is gone"
    );
    assert!(
        h.query_by_label("file name").is_some(),
        "the browser is back"
    );
}

#[test]
fn a_problem_in_the_list_selects_its_node() {
    let mut h = harness();
    add(&mut h, "Is corner");
    assert!(
        h.state().editor().selection().contains(&NodeId(2)),
        "a new node is selected"
    );
    let problem = h
        .query_all_by_label_contains("problem 0:")
        .next()
        .expect("the unconnected Cell value is a problem");
    problem.click();
    h.run_steps(2);
    let selection: Vec<NodeId> = h.state().editor().selection().iter().copied().collect();
    assert_eq!(selection, vec![NodeId(1)]);
}

#[test]
fn a_cell_is_explained_on_every_node() {
    let mut h = harness();
    open_shipped(&mut h, "01-prefer-corners");
    click(&mut h, "cell 0,0");
    let editor = h.state().editor();
    assert_eq!(
        editor.node_value(NodeId(2)),
        Some(Some(1)),
        "Is corner: yes"
    );
    assert_eq!(editor.node_value(NodeId(6)), Some(Some(7)), "the sum");
    assert!(
        h.query_by_label("node 2 = yes").is_some(),
        "yes/no shown as yes/no"
    );
    assert!(h.query_by_label("node 6 = 7").is_some());
    click(&mut h, "cell 2,2");
    assert!(h.query_by_label("node 2 = no").is_some());
    assert!(h.query_by_label("node 6 = 1").is_some());
}

#[test]
fn nodes_are_selected_copied_pasted_duplicated_and_deleted() {
    let mut h = harness();
    let corner = add(&mut h, "Is corner");
    let multiply = add(&mut h, "Multiply");
    wire(&mut h, corner, multiply, 0);
    // The Cell value out of the way, to the canvas's bottom right corner.
    let out = h.state().editor().node_screen_rect(NodeId(1)).unwrap();
    let grip = out.center_top() + egui::vec2(0.0, 4.0);
    let corner_of_canvas = h.state().editor().canvas_rect().right_bottom();
    drag(&mut h, grip, corner_of_canvas - egui::vec2(60.0, 50.0));
    // Box-select both with Shift+drag around them.
    let a = h.state().editor().node_screen_rect(corner).unwrap();
    let b = h.state().editor().node_screen_rect(multiply).unwrap();
    let canvas = h.state().editor().canvas_rect().shrink(4.0);
    let area = a.union(b).expand(12.0).intersect(canvas);
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::SHIFT));
    h.hover_at(area.left_top());
    h.step();
    h.event(egui::Event::PointerButton {
        pos: area.left_top(),
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::SHIFT,
    });
    h.step();
    for k in 1..=4 {
        h.hover_at(area.left_top() + area.size() * (k as f32 / 4.0));
        h.step();
    }
    h.event(egui::Event::PointerButton {
        pos: area.right_bottom(),
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::SHIFT,
    });
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
    h.run_steps(2);
    let selected: Vec<NodeId> = h.state().editor().selection().iter().copied().collect();
    assert_eq!(selected, vec![corner, multiply]);
    let seen = h.state().editor().node_screen_rect(corner).unwrap();
    ctrl(&mut h, egui::Key::C);
    ctrl(&mut h, egui::Key::V);
    let after = h.state().editor().node_screen_rect(corner).unwrap();
    assert!(
        (seen.min - after.min).length() < 2.0,
        "the view stays: {seen:?} {after:?}"
    );
    assert_eq!(strategy(&h).nodes().len(), 5, "two pasted");
    assert_eq!(strategy(&h).wires().len(), 2, "with the wire between them");
    let pasted: Vec<NodeId> = h.state().editor().selection().iter().copied().collect();
    assert_eq!(pasted.len(), 2);
    assert!(
        pasted.iter().all(|id| *id != corner && *id != multiply),
        "under new ids"
    );
    h.key_press(egui::Key::Delete);
    h.run_steps(2);
    assert_eq!(strategy(&h).nodes().len(), 3, "the pasted pair deleted");
    click_canvas(&mut h, &format!("node {corner}: Is corner"));
    assert_eq!(h.state().editor().selection().len(), 1);
    ctrl(&mut h, egui::Key::D);
    assert_eq!(strategy(&h).nodes().len(), 4, "duplicated");
}

#[test]
fn a_wire_dropped_on_empty_canvas_offers_only_nodes_that_fit() {
    let mut h = harness();
    let corner = add(&mut h, "Is corner");
    let from = pin(&h, PinKey::Output(corner));
    let rect = h.state().editor().canvas_rect();
    drag(&mut h, from, rect.center_bottom() - egui::vec2(0.0, 60.0));
    assert!(
        h.query_by_label("Add a node that takes this yes/no")
            .is_some()
    );
    assert!(
        h.query_by_label("Cell position ⏵").is_none(),
        "nothing there takes an input"
    );
    click(&mut h, "Logic ⏵");
    click(&mut h, "Not");
    let not = last_id(&h);
    assert_eq!(strategy(&h).node(not).unwrap().kind, NodeKind::Not);
    assert!(
        strategy(&h).feeds(not, 0).any(|w| w.from == corner),
        "and wired"
    );
}

/// The editor autosaving to a recovery file in a folder for test `name`,
/// with one unsaved node: (folder, recovery file, harness).
fn unsaved_with_recovery(
    name: &str,
) -> (
    std::path::PathBuf,
    std::path::PathBuf,
    egui_kittest::Harness<'static, chainlab::gui::App>,
) {
    let dir = temp_dir(name);
    let recovery = dir.join("recovery.json");
    let mut h = harness();
    h.state_mut().editor_mut().enable_recovery(recovery.clone());
    add(&mut h, "Is corner");
    (dir, recovery, h)
}

#[test]
fn unsaved_work_is_recovered_after_a_crash() {
    let (dir, recovery, mut h) = unsaved_with_recovery("recovery");
    assert!(!recovery.exists(), "not at once");
    h.run_steps(130);
    assert!(recovery.exists(), "written 30 seconds after the change");
    let work = strategy(&h).clone();
    drop(h);

    let mut h = harness();
    h.state_mut().editor_mut().enable_recovery(recovery.clone());
    h.run_steps(2);
    assert!(h.query_by_label("Restore unsaved work?").is_some());
    click(&mut h, "Restore");
    assert_eq!(strategy(&h), &work);
    assert!(
        h.state().editor().is_dirty(),
        "restored work is not saved yet"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// The issue's "done when": a new user builds "prefer corners, avoid
/// endangered cells" from an empty graph through the UI only, sees the heat
/// map agree on a preview position, saves it and opens it again.
#[test]
fn a_new_user_builds_prefer_corners_avoid_endangered_cells() {
    let dir = temp_dir("done");
    let path = dir.join("corners-not-endangered.json");
    let mut h = harness();
    let out = NodeId(1);
    assert_eq!(
        strategy(&h).nodes().len(),
        1,
        "a new graph: only the Cell value"
    );

    // Is corner × 10, or 0 when the cell is endangered.
    let corner = add(&mut h, "Is corner");
    let ten = add(&mut h, "Constant");
    let times = add(&mut h, "Multiply");
    let endangered = add(&mut h, "Is endangered");
    let choose = add(&mut h, "If then else");
    type_into(&mut h, &format!("node {ten} value"), "10");
    wire(&mut h, corner, times, 0);
    wire(&mut h, ten, times, 1);
    wire(&mut h, endangered, choose, 0);
    wire(&mut h, times, choose, 2);
    wire(&mut h, choose, out, 0);
    assert_eq!(strategy(&h).wires().len(), 5, "{:?}", strategy(&h).wires());
    assert!(
        h.state()
            .editor()
            .diagnostics()
            .iter()
            .all(|d| !d.starts_with("error"))
    );
    type_into(&mut h, "strategy name", "Corners, not endangered");

    // On the empty board the four corners are best.
    let corners = [(0, 0), (0, 5), (4, 0), (4, 5)];
    for (r, c) in corners {
        assert_eq!(heat(&h, r, c), Some(10));
    }
    assert_eq!(heat(&h, 2, 2), Some(0));
    assert_eq!(h.state().editor().best().len(), 4);

    // A position: B has a critical edge cell next to the corner 0,0; A is to move.
    click(&mut h, "Edit board");
    click(&mut h, "place B");
    click(&mut h, "cell 0,1");
    click(&mut h, "cell 0,1");
    click(&mut h, "place A");
    click(&mut h, "cell 3,3");
    click(&mut h, "Explain cells");
    let position = *h.state().editor().preview_position().unwrap();
    assert_eq!(
        position.to_move(),
        Some(chainlab::rules::Player::A),
        "{position}"
    );
    assert_eq!(
        heat(&h, 0, 0),
        Some(0),
        "an endangered corner is worth nothing"
    );
    assert_eq!(heat(&h, 1, 1), Some(0), "nor is an endangered cell");
    assert_eq!(heat(&h, 0, 1), None, "B's cell is not A's to play");
    for (r, c) in &corners[1..] {
        assert_eq!(heat(&h, *r, *c), Some(10), "a safe corner");
    }
    let best: Vec<String> = h
        .state()
        .editor()
        .best()
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(best, vec!["0,5", "4,0", "4,5"]);
    // Explaining the endangered corner shows why.
    click(&mut h, "cell 0,0");
    assert!(
        h.query_by_label(&format!("node {endangered} = yes"))
            .is_some()
    );
    assert!(h.query_by_label(&format!("node {times} = 10")).is_some());
    assert!(h.query_by_label(&format!("node {choose} = 0")).is_some());

    // Save, start anew, open it again.
    click(&mut h, "File");
    click(&mut h, "Save");
    choose_file(&mut h, &path, "Save");
    assert!(path.is_file(), "saved");
    assert!(!h.state().editor().is_dirty());
    let built = strategy(&h).clone();
    click(&mut h, "File");
    click(&mut h, "New");
    assert_eq!(strategy(&h).nodes().len(), 1);
    click(&mut h, "File");
    click(&mut h, "Open…");
    choose_file(&mut h, &path, "Open");
    assert_eq!(strategy(&h), &built);
    assert_eq!(Strategy::load(&path).unwrap(), built);
    for (r, c) in &corners[1..] {
        assert_eq!(heat(&h, *r, *c), Some(10), "the reopened graph agrees");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_kind_dragged_from_the_palette_lands_where_it_is_dropped() {
    let mut h = harness();
    let from = h.get_by_label("Add Is corner").rect().center();
    let to = h.state().editor().canvas_rect().center() + egui::vec2(-150.0, 100.0);
    drag(&mut h, from, to);
    assert_eq!(strategy(&h).nodes().len(), 2);
    let id = last_id(&h);
    let rect = h.state().editor().node_screen_rect(id).unwrap();
    assert!(rect.expand(40.0).contains(to), "{rect:?} around {to:?}");
}

#[test]
fn hovering_a_node_or_a_pin_shows_its_documentation() {
    let mut h = harness();
    let corner = add(&mut h, "Is corner");
    let multiply = add(&mut h, "Multiply");
    h.remove_cursor();
    h.run_steps(2);
    let summary = "Yes when the evaluated cell is a corner";
    assert!(h.query_by_label_contains(summary).is_none());
    let rect = h.state().editor().node_screen_rect(corner).unwrap();
    h.hover_at(rect.center());
    h.run_steps(4);
    assert!(
        h.query_by_label_contains(summary).is_some(),
        "the node's documentation"
    );
    h.hover_at(pin(&h, PinKey::Input(multiply, 1)));
    h.run_steps(4);
    assert!(
        h.query_by_label_contains("second number").is_some(),
        "the pin's documentation"
    );
}

#[test]
fn the_node_menu_deletes_and_disconnects() {
    let mut h = harness();
    let corner = add(&mut h, "Is corner");
    wire(&mut h, corner, NodeId(1), 0);
    let rect = h.state().editor().node_screen_rect(corner).unwrap();
    right_click(&mut h, rect.center());
    click(&mut h, "Disconnect output");
    assert!(strategy(&h).wires().is_empty());
    right_click(&mut h, rect.center());
    click(&mut h, "Delete node");
    assert!(strategy(&h).node(corner).is_none());
}

#[test]
fn moving_a_node_is_one_undo_step() {
    let mut h = harness();
    let corner = add(&mut h, "Is corner");
    assert!(
        h.query_by_label("Editor •").is_some(),
        "unsaved: the tab is marked"
    );
    let before = strategy(&h).node(corner).unwrap().pos;
    let rect = h.state().editor().node_screen_rect(corner).unwrap();
    let grip = rect.center_top() + egui::vec2(0.0, 4.0);
    drag(&mut h, grip, grip + egui::vec2(60.0, 80.0));
    let after = strategy(&h).node(corner).unwrap().pos;
    assert!(
        after[0] > before[0] + 30.0 && after[1] > before[1] + 40.0,
        "{before:?} -> {after:?}"
    );
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(
        strategy(&h).node(corner).unwrap().pos,
        before,
        "the whole drag is one step"
    );
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(strategy(&h).nodes().len(), 1);
    assert!(
        h.query_by_label("Editor").is_some(),
        "back to the state opened: no marker"
    );
    assert!(h.query_by_label("Editor •").is_none());
}

/// Issue 11, items 1 and 9: the palette's search keeps every key typed one
/// per frame (it kept only the first: its id changed when the clear button
/// appeared) and filters; Escape leaves it; Ctrl shortcuts work when the
/// focused search is empty.
#[test]
fn the_palette_search_keeps_every_key_and_lets_shortcuts_through() {
    let mut h = harness();
    let corner = add(&mut h, "Is corner");
    h.get_by_label("search the palette").click();
    h.step();
    type_keys(&mut h, "critical");
    assert_eq!(field_text(&h, "search the palette"), "critical");
    assert!(h.get_by_label("search the palette").is_focused());
    assert!(h.query_by_label("Add Is critical").is_some());
    assert!(
        h.query_by_label("Add Is corner").is_none(),
        "the list is filtered"
    );
    for _ in 0.."critical".len() {
        key(&mut h, egui::Modifiers::NONE, egui::Key::Backspace);
    }
    assert_eq!(field_text(&h, "search the palette"), "");
    assert!(h.get_by_label("search the palette").is_focused());
    assert!(
        strategy(&h).node(corner).is_some(),
        "Backspace stays in the field"
    );
    key(&mut h, egui::Modifiers::COMMAND, egui::Key::Z);
    assert!(
        strategy(&h).node(corner).is_none(),
        "Ctrl+Z undoes while the empty search has the focus"
    );
    key(&mut h, egui::Modifiers::COMMAND, egui::Key::Y);
    assert!(strategy(&h).node(corner).is_some(), "and Ctrl+Y redoes");
    type_keys(&mut h, "sum");
    key(&mut h, egui::Modifiers::NONE, egui::Key::Escape);
    assert!(
        !h.get_by_label("search the palette").is_focused(),
        "Escape leaves the field"
    );
    assert_eq!(field_text(&h, "search the palette"), "sum");
    key(&mut h, egui::Modifiers::COMMAND, egui::Key::Z);
    assert!(strategy(&h).node(corner).is_none(), "shortcuts work again");
}

/// Issue 11, item 2: Enter in the right-click menu takes the best match.
#[test]
fn enter_in_the_add_menu_takes_the_exact_name_first() {
    let mut h = harness();
    for (typed, kind) in [("not", NodeKind::Not), ("and", NodeKind::And)] {
        right_click_canvas(&mut h);
        type_keys(&mut h, typed);
        key(&mut h, egui::Modifiers::NONE, egui::Key::Enter);
        h.run_steps(2);
        let last = strategy(&h).nodes().last().unwrap();
        assert_eq!(last.kind, kind, "{typed}");
    }
}

/// Issue 11, item 3: nodes added from the palette land in the visible
/// canvas, on no other node, one after another as in the tutorial (they
/// used to spiral out under the palette and the preview).
#[test]
fn nodes_added_from_the_palette_land_in_view_on_no_other_node() {
    let mut h = harness();
    let titles = [
        "Is corner",
        "Constant",
        "Constant",
        "Multiply",
        "Sum",
        "Is edge",
        "Constant",
        "Multiply",
        "Is critical",
        "Not",
        "And",
    ];
    for title in titles {
        let id = add(&mut h, title);
        h.run_steps(2);
        let editor = h.state().editor();
        let canvas = editor.canvas_rect();
        let rect = editor.node_screen_rect(id).unwrap();
        assert!(
            canvas.contains_rect(rect),
            "{title}: {rect:?} not in {canvas:?}"
        );
        for n in strategy(&h).nodes().iter().filter(|n| n.id != id) {
            let other = editor.node_screen_rect(n.id).unwrap();
            assert!(!other.intersects(rect), "{title} over node {}", n.id);
        }
    }
}

/// Issue 11, item 6: after Discard on close, the next start does not offer
/// the discarded work.
#[test]
fn discarded_work_is_not_offered_at_the_next_start() {
    let (dir, recovery, mut h) = unsaved_with_recovery("discard");
    close_window(&mut h);
    h.run_steps(2);
    click(&mut h, "Discard");
    // What eframe does as the window closes.
    h.state_mut().editor_mut().flush_recovery();
    drop(h);
    assert!(!recovery.exists(), "discarded: no recovery file");
    let mut h = harness();
    h.state_mut().editor_mut().enable_recovery(recovery.clone());
    h.run_steps(2);
    assert!(h.query_by_label("Restore unsaved work?").is_none());
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 12, item 12: an unreadable recovery file is kept aside and the
/// user is told, once.
#[test]
fn an_unreadable_recovery_file_is_reported_once() {
    let dir = temp_dir("unreadable");
    let recovery = dir.join("recovery.json");
    std::fs::write(&recovery, "{\"format\": \"chainlab-recovery\"").unwrap();
    let mut h = harness();
    h.state_mut().editor_mut().enable_recovery(recovery.clone());
    h.run_steps(2);
    let shown = "could not be restored";
    assert!(h.query_by_label_contains(shown).is_some(), "told");
    assert!(dir.join("recovery.json.unreadable").exists(), "kept aside");
    click(&mut h, "Dismiss");
    drop(h);
    let mut h = harness();
    h.state_mut().editor_mut().enable_recovery(recovery.clone());
    h.run_steps(2);
    assert!(h.query_by_label_contains(shown).is_none(), "told once");
    let _ = std::fs::remove_dir_all(dir);
}

/// The window titles the app asked for since the last frame.
fn titles(h: &egui_kittest::Harness<'_, chainlab::gui::App>) -> Vec<String> {
    h.output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .map(|v| {
            v.commands
                .iter()
                .filter_map(|c| match c {
                    egui::ViewportCommand::Title(t) => Some(t.clone()),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Issue 11, item 11: a file given at start opens in the editor; the
/// window title names it and marks unsaved changes; a broken file shows its
/// error (with its path once, item 10).
#[test]
fn a_file_given_at_start_opens_and_names_the_window() {
    let dir = temp_dir("start-file");
    let path = dir.join("04-capture.json");
    std::fs::copy(
        chainlab::gui::seats::shipped_strategies_dir()
            .unwrap()
            .join("04-capture.json"),
        &path,
    )
    .unwrap();
    let mut h = harness_with(Settings {
        view: View::Play,
        ..Settings::default()
    });
    h.state_mut().open_file(&path);
    h.step();
    assert_eq!(h.state().settings().view, View::Editor);
    assert_eq!(h.state().editor().file(), Some(path.as_path()));
    assert_eq!(titles(&h), ["04-capture.json — chainlab"]);
    add(&mut h, "Is corner");
    assert_eq!(
        h.state().editor().window_title(),
        "04-capture.json • — chainlab"
    );

    let broken = dir.join("broken.json");
    std::fs::write(
        &broken,
        "{\"format\": \"chainlab-strategy\", \"version\": 1,",
    )
    .unwrap();
    let mut h = harness_with(Settings {
        view: View::Play,
        ..Settings::default()
    });
    h.state_mut().open_file(&broken);
    h.run_steps(2);
    assert_eq!(h.state().settings().view, View::Editor);
    let error = h.state().editor().load_error().unwrap().to_string();
    assert_eq!(
        error.matches(&broken.display().to_string()).count(),
        1,
        "the path once: {error}"
    );
    assert!(h.query_by_label_contains("Could not open").is_some());
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 11, item 10: a connected pin's tooltip says what it is connected to.
#[test]
fn a_connected_pin_says_what_feeds_it() {
    let mut h = harness();
    let corner = add(&mut h, "Is corner");
    let multiply = add(&mut h, "Multiply");
    wire(&mut h, corner, multiply, 0);
    // Left to right, so that the wire passes over no pin.
    click(&mut h, "Tidy up");
    h.run_steps(4);
    // The tooltip of pin `input` (on the pin or its name, right of it).
    let tooltip = |h: &mut egui_kittest::Harness<'_, chainlab::gui::App>, input, text: &str| {
        (0..12).any(|k| {
            h.remove_cursor();
            h.run_steps(2);
            let at = pin(h, PinKey::Input(multiply, input)) + egui::vec2(2.0 * k as f32, 0.0);
            h.hover_at(at);
            h.run_steps(4);
            h.query_by_label_contains(text).is_some()
        })
    };
    let connected = format!("Connected to Is corner (node {corner})");
    assert!(tooltip(&mut h, 0, &connected), "{connected}");
    assert!(!tooltip(&mut h, 0, "Unconnected"));
    assert!(tooltip(&mut h, 1, "Unconnected, it is 1"));
}

/// Issue 11, item 4 (and issue 35, item 1): where the zoom makes node text
/// too small to read, nodes show their titles only; at readable zooms all.
#[test]
fn node_text_is_dropped_only_where_it_is_too_small() {
    let dir = temp_dir("zoom");
    let path = dir.join("wide.json");
    let mut wide = Strategy::new("wide");
    wide.add(chainlab::strategy::Kind::Output, [0.0, 0.0]);
    wide.add(chainlab::strategy::Kind::IsCorner, [6000.0, 3000.0]);
    wide.save(&path).unwrap();
    let mut h = harness();
    assert!(h.state().editor().zoom() >= 0.99);
    assert!(h.state().editor().shows_node_text());
    h.state_mut().open_file(&path);
    h.run_steps(4);
    let zoom = h.state().editor().zoom();
    assert!(zoom < 0.2, "framed far out: {zoom}");
    assert!(!h.state().editor().shows_node_text(), "{zoom}");
    let hint = "Zoomed out: nodes show their titles only (Ctrl+scroll or pinch to zoom in)";
    assert!(
        h.query_by_label(hint).is_some(),
        "the canvas says how to read the nodes"
    );
    let centre = h.state().editor().canvas_rect().center();
    h.hover_at(centre);
    h.step();
    h.event(egui::Event::Zoom(8.0));
    h.run_steps(3);
    let zoom = h.state().editor().zoom();
    assert!(zoom >= 0.7, "zoomed in: {zoom}");
    assert!(h.state().editor().shows_node_text(), "{zoom}");
    assert!(
        h.query_by_label(hint).is_none(),
        "no hint while text is drawn"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Reply lookahead through the UI: a measuring node's when-choice offers
/// "after the best reply", the wide nodes' switch steps now → after →
/// reply, the reply nodes are in the palette, and the choice is one
/// undoable edit.
#[test]
fn a_measure_is_set_to_after_the_best_reply() {
    use chainlab::strategy::{BoardMeasure, When, Whose};
    let mut h = harness();
    let atoms = add(&mut h, "Atoms here");
    click_canvas(&mut h, &format!("node {atoms} when"));
    assert!(h.query_by_label("after placing here").is_some());
    h.get_by_label("after the best reply").click();
    h.run_steps(2);
    assert_eq!(
        strategy(&h).node(atoms).unwrap().kind,
        NodeKind::Atoms { when: When::Reply }
    );
    assert_eq!(
        h.get_by_label(&format!("node {atoms} when"))
            .value()
            .unwrap_or_default(),
        "after the best reply",
        "the node shows the choice"
    );
    ctrl(&mut h, egui::Key::Z);
    assert_eq!(
        strategy(&h).node(atoms).unwrap().kind,
        NodeKind::Atoms { when: When::Now }
    );
    let count = add(&mut h, "Count on board");
    let switch = format!("node {count} when");
    for _ in 0..2 {
        click_canvas(&mut h, &switch);
    }
    assert_eq!(
        strategy(&h).node(count).unwrap().kind,
        NodeKind::BoardCount {
            measure: BoardMeasure::Cells,
            whose: Whose::Mine,
            when: When::Reply
        }
    );
    let threat = add(&mut h, "Opponent can win next move");
    assert_eq!(
        strategy(&h).node(threat).unwrap().kind,
        NodeKind::ReplyCanWin
    );
    assert!(
        h.query_by_label(&format!("node {threat}: Opponent can win next move"))
            .is_some()
    );
}
