//! Issue 35: a learner reads every graph at the size it opens, and the
//! editor behaves as hands expect. Each test drives the app as a person
//! does (clicks by position or label, keys one per frame) on the window a
//! 1280x800 laptop screen gives, or a smaller one.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeSet;

use chainlab::gui::window::{DEFAULT_SIZE, MIN_SIZE, fitted_size};
use chainlab::gui::{Settings, View};
use chainlab::strategy::{NodeId, Strategy};
use egui::{Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::editor_ui::{
    click, harness_with, key, open_shipped, right_click, right_click_canvas, strategy, temp_dir,
    type_keys,
};
use chainlab::gui::App;

/// The shipped lessons, by file stem.
const LESSONS: [&str; 10] = [
    "01-prefer-corners",
    "02-avoid-danger",
    "03-grow-critical",
    "04-capture",
    "05-do-not-feed",
    "06-make-threats",
    "07-room-to-grow",
    "08-expert",
    "09-think-ahead",
    "10-tuned",
];

/// The zoom a shipped lesson must open at, at least: node text 9 pixels
/// high and more.
const READABLE: f32 = 0.7;

/// The lessons larger than the canvas at [`READABLE`] (04-07: 28 to 43
/// nodes; 08-10: groups and a Weighted sum with room for its explained
/// contributions): they open at [`WHOLE`] at least, where text is whole.
const CROWDED: [&str; 7] = [
    "04-capture",
    "05-do-not-feed",
    "06-make-threats",
    "07-room-to-grow",
    "08-expert",
    "09-think-ahead",
    "10-tuned",
];

/// Above the zoom where nodes show all their text (40 %), with a margin.
const WHOLE: f32 = 0.45;

/// The window the app opens at on a 1280x800 screen.
fn laptop_window() -> Vec2 {
    fitted_size(DEFAULT_SIZE, egui::vec2(1280.0, 800.0), MIN_SIZE).unwrap()
}

/// The editor in a window of `size`.
fn editor_at(size: Vec2) -> Harness<'static, App> {
    let mut h = harness_with(Settings {
        view: View::Editor,
        ..Settings::default()
    });
    h.set_size(size);
    h.run_steps(3);
    h
}

/// Where on screen a node's title is: the start of its header.
fn title_at(h: &Harness<'_, App>, id: NodeId) -> Pos2 {
    let rect = h.state().editor().node_screen_rect(id).unwrap();
    let zoom = h.state().editor().zoom();
    rect.left_top() + egui::vec2(22.0, 14.0) * zoom
}

/// A press and release of `button` on node `id`'s title, with `modifiers` held.
fn click_title(
    h: &mut Harness<'_, App>,
    id: NodeId,
    button: egui::PointerButton,
    modifiers: egui::Modifiers,
) {
    let at = title_at(h, id);
    h.hover_at(at);
    h.step();
    h.event(egui::Event::ModifiersChanged(modifiers));
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button,
            pressed,
            modifiers,
        });
        h.step();
    }
    h.event(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
    h.run_steps(2);
}

fn selection(h: &Harness<'_, App>) -> BTreeSet<NodeId> {
    h.state().editor().selection().clone()
}

/// Item 1: every shipped lesson opens framed at a zoom where its nodes show
/// all their text, in the window of a 1280x800 screen.
#[test]
fn every_lesson_opens_readable_on_a_laptop_screen() {
    let size = laptop_window();
    let mut h = editor_at(size);
    let mut zooms = Vec::new();
    for stem in LESSONS {
        open_shipped(&mut h, stem);
        h.run_steps(4);
        let zoom = h.state().editor().zoom();
        zooms.push(format!("{stem} {:.0}%", zoom * 100.0));
        assert!(h.state().editor().shows_node_text(), "{stem} at {zoom}");
        assert!(h.state().editor().titles_only().is_empty(), "{stem}");
    }
    eprintln!("zoom on {size:?}: {}", zooms.join(", "));
    let low: Vec<String> = LESSONS
        .iter()
        .filter(|stem| {
            open_shipped(&mut h, stem);
            h.run_steps(4);
            let least = if CROWDED.contains(stem) {
                WHOLE
            } else {
                READABLE
            };
            h.state().editor().zoom() < least
        })
        .map(|stem| stem.to_string())
        .collect();
    assert!(
        low.is_empty(),
        "too far out: {low:?} ({})",
        zooms.join(", ")
    );
}

/// Item 1: zoomed out below where text is whole, every node still shows
/// its title (never an empty box); zoomed in to 45 % all text is back.
#[test]
fn far_out_nodes_show_their_titles_and_text_returns_at_45_percent() {
    let dir = temp_dir("titles-only");
    let path = dir.join("wide.json");
    let mut wide = Strategy::new("wide");
    let out = wide.add(chainlab::strategy::Kind::Output, [0.0, 0.0]);
    let corner = wide.add(chainlab::strategy::Kind::IsCorner, [5000.0, 2000.0]);
    wide.save(&path).unwrap();
    let mut h = editor_at(laptop_window());
    h.state_mut().open_file(&path);
    h.run_steps(4);
    let zoom = h.state().editor().zoom();
    assert!(zoom < 0.4, "{zoom}");
    let titles: Vec<(NodeId, String)> = h.state().editor().titles_only().to_vec();
    assert_eq!(
        titles,
        vec![
            (out, "Cell value".to_string()),
            (corner, "Is corner".to_string())
        ]
    );
    assert!(
        h.query_by_label(
            "Zoomed out: nodes show their titles only (Ctrl+scroll or pinch to zoom in)"
        )
        .is_some()
    );
    // Ctrl+scroll in, a notch a frame, until the zoom passes 45 %.
    let centre = h.state().editor().canvas_rect().center();
    h.hover_at(centre);
    h.step();
    while h.state().editor().zoom() < 0.45 {
        h.event(egui::Event::Zoom(1.1));
        h.step();
    }
    h.run_steps(2);
    assert!(h.state().editor().shows_node_text());
    assert!(h.state().editor().titles_only().is_empty());
    let _ = std::fs::remove_dir_all(dir);
}

/// Item 2: a window larger than a 1280x800 screen leaves room for is made
/// to fit on the first frames; the size saved from a smaller window stays.
#[test]
fn the_window_fits_the_monitor_it_opens_on() {
    let app = App::new(
        Settings::default(),
        chainlab::gui::seats::Catalogue::from_choices(Vec::new()),
    );
    let mut h = Harness::builder()
        .with_size(DEFAULT_SIZE)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    let root = h
        .input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default();
    root.monitor_size = Some(egui::vec2(1280.0, 800.0));
    root.inner_rect = Some(egui::Rect::from_min_size(Pos2::ZERO, DEFAULT_SIZE));
    h.step();
    let asked: Vec<egui::ViewportCommand> = h
        .output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .map(|v| v.commands.clone())
        .unwrap_or_default();
    assert!(
        asked.contains(&egui::ViewportCommand::InnerSize(egui::vec2(1264.0, 736.0))),
        "{asked:?}"
    );
    assert_eq!(
        fitted_size(
            egui::vec2(1100.0, 700.0),
            egui::vec2(1280.0, 800.0),
            MIN_SIZE
        ),
        None
    );
}

/// Item 3: a right click on a node's title selects the node and opens its
/// menu, as one on its body does.
#[test]
fn right_click_on_a_title_opens_the_node_menu() {
    let mut h = editor_at(laptop_window());
    open_shipped(&mut h, "01-prefer-corners");
    h.run_steps(3);
    let id = NodeId(2);
    assert!(h.query_by_label("Rename…").is_none());
    let at = title_at(&h, id);
    right_click(&mut h, at);
    assert!(h.query_by_label("Rename…").is_some(), "no node menu");
    assert_eq!(selection(&h), BTreeSet::from([id]));
}

/// Item 4: Shift+click and Ctrl+click add a node to the selection or take
/// it out; a plain click selects one node.
#[test]
fn shift_and_ctrl_click_add_to_and_toggle_the_selection() {
    use egui::Modifiers;
    use egui::PointerButton::Primary;
    let mut h = editor_at(laptop_window());
    open_shipped(&mut h, "02-avoid-danger");
    h.run_steps(3);
    let (a, b, c) = (NodeId(2), NodeId(4), NodeId(12));
    click_title(&mut h, a, Primary, Modifiers::NONE);
    assert_eq!(selection(&h), BTreeSet::from([a]));
    click_title(&mut h, b, Primary, Modifiers::SHIFT);
    assert_eq!(selection(&h), BTreeSet::from([a, b]));
    click_title(&mut h, c, Primary, Modifiers::COMMAND);
    assert_eq!(selection(&h), BTreeSet::from([a, b, c]));
    click_title(&mut h, a, Primary, Modifiers::SHIFT);
    assert_eq!(selection(&h), BTreeSet::from([b, c]));
    click_title(&mut h, b, Primary, Modifiers::COMMAND);
    assert_eq!(selection(&h), BTreeSet::from([c]));
    click_title(&mut h, a, Primary, Modifiers::NONE);
    assert_eq!(selection(&h), BTreeSet::from([a]));
}

/// Item 2: in a 1024x700 window the play view's status line is whole on
/// screen.
#[test]
fn nothing_is_clipped_in_a_1024x700_window() {
    let size = egui::vec2(1024.0, 700.0);
    let screen = egui::Rect::from_min_size(Pos2::ZERO, size);
    let mut h = harness_with(Settings {
        view: View::Play,
        ..Settings::default()
    });
    h.set_size(size);
    h.run_steps(3);
    let status: Vec<egui::Rect> = h
        .query_all_by_label_contains("to move")
        .map(|n| n.rect())
        .collect();
    assert!(!status.is_empty());
    for r in status {
        assert!(screen.contains_rect(r), "{r:?}");
    }
    // The replay's plot: tests/gui/replay.rs, the_plot_is_whole_in_a_short_window.
}

/// Item 5: F2 on a group instance edits the group's one name (the one the
/// breadcrumb shows), starting from it.
#[test]
fn f2_on_a_group_renames_the_group() {
    let mut h = editor_at(laptop_window());
    open_shipped(&mut h, "09-think-ahead");
    h.run_steps(3);
    let id = NodeId(2);
    let def = match &strategy(&h).node(id).unwrap().kind {
        chainlab::strategy::NodeKind::Group { def, .. } => def.clone(),
        other => panic!("node 2 is a {other:?}"),
    };
    let name = strategy(&h).group(&def).unwrap().name().to_string();
    click_title(
        &mut h,
        id,
        egui::PointerButton::Primary,
        egui::Modifiers::NONE,
    );
    key(&mut h, egui::Modifiers::NONE, egui::Key::F2);
    h.run_steps(2);
    assert_eq!(crate::editor_ui::field_text(&h, "node 2 name"), name);
    key(&mut h, egui::Modifiers::COMMAND, egui::Key::A);
    type_keys(&mut h, "corners");
    key(&mut h, egui::Modifiers::NONE, egui::Key::Enter);
    h.run_steps(2);
    assert_eq!(strategy(&h).group(&def).unwrap().name(), "corners");
    assert_eq!(strategy(&h).node(id).unwrap().label, None, "one name");
}

/// Item 6: with nodes selected, the canvas's menu offers "Frame selection",
/// which frames them.
#[test]
fn the_canvas_menu_frames_the_selection() {
    use egui::Modifiers;
    use egui::PointerButton::Primary;
    let mut h = editor_at(laptop_window());
    open_shipped(&mut h, "02-avoid-danger");
    h.run_steps(3);
    right_click_canvas(&mut h);
    assert!(
        h.query_by_label("Frame selection").is_none(),
        "nothing selected"
    );
    key(&mut h, Modifiers::NONE, egui::Key::Escape);
    click_title(&mut h, NodeId(2), Primary, Modifiers::NONE);
    click_title(&mut h, NodeId(4), Primary, Modifiers::SHIFT);
    right_click_canvas(&mut h);
    let before = strategy(&h).frames.len();
    click(&mut h, "Frame selection");
    assert_eq!(strategy(&h).frames.len(), before + 1);
}

/// Item 10: Enter in the palette's search adds its first match.
#[test]
fn enter_in_the_palette_search_adds_the_first_match() {
    let mut h = editor_at(laptop_window());
    let before = strategy(&h).nodes().len();
    h.get_by_label("search the palette").click();
    h.step();
    type_keys(&mut h, "corner");
    key(&mut h, egui::Modifiers::NONE, egui::Key::Enter);
    h.run_steps(2);
    let nodes = strategy(&h).nodes();
    assert_eq!(nodes.len(), before + 1);
    assert_eq!(
        nodes.last().unwrap().kind.kind(),
        chainlab::strategy::Kind::IsCorner
    );
}

/// Item 7: a Weighted sum's terms show how they are tuned ("tune -8..8",
/// as lesson 10's text says), and explaining a cell does not widen the node
/// over its neighbour.
#[test]
fn weighted_sum_terms_show_their_tuning_and_keep_their_width() {
    let mut h = editor_at(laptop_window());
    open_shipped(&mut h, "10-tuned");
    h.run_steps(3);
    assert!(h.query_by_label("node 6 term 0 tune -8..8").is_some());
    assert!(h.query_by_label("node 6 term 10 tune off").is_some());
    let auto = "node 6 term 0 tune auto";
    assert!(h.query_by_label(auto).is_none(), "the default goes unsaid");
    let before = h.state().editor().node_screen_rect(NodeId(6)).unwrap();
    click(&mut h, "cell 0,2");
    h.run_steps(2);
    assert!(h.query_by_label_contains("node 6 term 0 = ").is_some());
    let after = h.state().editor().node_screen_rect(NodeId(6)).unwrap();
    assert_eq!(before.width(), after.width());
    let gate = h.state().editor().node_screen_rect(NodeId(7)).unwrap();
    assert!(
        !after.intersects(gate),
        "over its neighbour: {after:?} {gate:?}"
    );
}

/// Item 10: a node added from the canvas's menu, right-clicked on top of
/// another node's spot, lands where it covers no node.
#[test]
fn a_node_added_from_the_canvas_menu_lands_on_no_other() {
    let mut h = editor_at(laptop_window());
    open_shipped(&mut h, "02-avoid-danger");
    h.run_steps(3);
    // On the empty canvas just left of the Sum's box, where a new node
    // (placed with its corner at the click) would cover the Sum.
    let sum = h.state().editor().node_screen_rect(NodeId(12)).unwrap();
    let at = sum.left_center() - egui::vec2(8.0, 0.0);
    for n in strategy(&h).nodes() {
        let r = h.state().editor().node_screen_rect(n.id).unwrap();
        assert!(!r.contains(at), "the click is on node {}", n.id);
    }
    right_click(&mut h, at);
    let before = strategy(&h).nodes().len();
    // The menu's search field has the keyboard.
    type_keys(&mut h, "Is corner");
    key(&mut h, egui::Modifiers::NONE, egui::Key::Enter);
    h.run_steps(4);
    assert_eq!(strategy(&h).nodes().len(), before + 1);
    let new = strategy(&h).nodes().last().unwrap().id;
    let rect = h.state().editor().node_screen_rect(new).unwrap();
    for n in strategy(&h).nodes().iter().filter(|n| n.id != new) {
        if let Some(r) = h.state().editor().node_screen_rect(n.id) {
            assert!(
                !r.intersects(rect),
                "lands on node {} ({r:?} / {rect:?})",
                n.id
            );
        }
    }
}
