//! Helpers of the editor's UI tests: a harness, and the steps a user takes
//! (search the palette, drag between pins, type into fields, choose files).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use chainlab::gui::editor::PinKey;
use chainlab::gui::seats::Catalogue;
use chainlab::gui::{App, Settings, View};
use chainlab::rules::Coord;
use chainlab::strategy::{NodeId, Strategy};
use egui::Pos2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// The app with `settings` and no computer players, after its first frames.
pub fn harness_with(settings: Settings) -> Harness<'static, App> {
    harness_with_players(settings, Catalogue::from_choices(Vec::new()))
}

/// The app with `settings` offering the players of `catalogue`.
pub fn harness_with_players(settings: Settings, catalogue: Catalogue) -> Harness<'static, App> {
    let app = App::new(settings, catalogue);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 820.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    harness.run_steps(3);
    harness
}

/// The app on the editor tab.
pub fn harness() -> Harness<'static, App> {
    harness_with(Settings {
        view: View::Editor,
        ..Settings::default()
    })
}

/// A fresh temporary folder for test `name`.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chainlab-editor-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Clicks the widget labelled `label` and lets the app react.
pub fn click(harness: &mut Harness<'_, App>, label: &str) {
    harness.get_by_label(label).click();
    harness.run_steps(2);
}

/// Clicks a widget inside the scaled canvas (its accessible bounds are in canvas units).
pub fn click_canvas(harness: &mut Harness<'_, App>, label: &str) {
    harness.get_by_label(label).click_accesskit();
    harness.run_steps(2);
}

/// Sends one key event (pressed or released) and steps a frame.
fn key_event(
    harness: &mut Harness<'_, App>,
    key: egui::Key,
    pressed: bool,
    modifiers: egui::Modifiers,
) {
    harness.event(egui::Event::Key {
        key,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers,
    });
    harness.step();
}

/// Sends one key, pressed and released, with `modifiers`, a frame each.
pub fn key(harness: &mut Harness<'_, App>, modifiers: egui::Modifiers, key: egui::Key) {
    key_event(harness, key, true, modifiers);
    key_event(harness, key, false, modifiers);
}

/// Types `text` as a person does: for each character its key press, the
/// character, and the key release, one event per frame.
pub fn type_keys(harness: &mut Harness<'_, App>, text: &str) {
    for c in text.chars() {
        let name = c.to_uppercase().to_string();
        let key = egui::Key::from_name(&name).filter(|_| c != ' ');
        let modifiers = if c.is_uppercase() {
            egui::Modifiers::SHIFT
        } else {
            egui::Modifiers::NONE
        };
        if let Some(key) = key {
            key_event(harness, key, true, modifiers);
        }
        harness.event(egui::Event::Text(c.to_string()));
        harness.step();
        if let Some(key) = key {
            key_event(harness, key, false, modifiers);
        }
    }
}

/// The text of the field labelled `label`.
pub fn field_text(harness: &Harness<'_, App>, label: &str) -> String {
    harness.get_by_label(label).value().unwrap_or_default()
}

/// Adds a node of the kind titled `title` from the palette, found by its
/// search (typed one key per frame).
pub fn add(harness: &mut Harness<'_, App>, title: &str) -> NodeId {
    let before = strategy(harness).nodes().len();
    harness.get_by_label("search the palette").click();
    harness.step();
    type_keys(harness, title);
    harness.run_steps(2);
    assert_eq!(field_text(harness, "search the palette"), title);
    click(harness, &format!("Add {title}"));
    click(harness, "clear search");
    assert_eq!(
        strategy(harness).nodes().len(),
        before + 1,
        "{title} was not added"
    );
    last_id(harness)
}

/// The editor's graph.
pub fn strategy<'a>(harness: &'a Harness<'_, App>) -> &'a Strategy {
    harness.state().editor().strategy()
}

/// The id of the node added last.
pub fn last_id(harness: &Harness<'_, App>) -> NodeId {
    strategy(harness).nodes().last().unwrap().id
}

/// The centre of a pin on the screen.
pub fn pin(harness: &Harness<'_, App>, key: PinKey) -> Pos2 {
    harness
        .state()
        .editor()
        .pin_screen_rect(key)
        .unwrap_or_else(|| panic!("pin {key:?} is not on the canvas"))
        .center()
}

/// Drags with the primary button from `from` to `to`, in small steps.
pub fn drag(harness: &mut Harness<'_, App>, from: Pos2, to: Pos2) {
    harness.hover_at(from);
    harness.step();
    harness.drag_at(from);
    harness.step();
    for k in 1..=6 {
        harness.hover_at(from + (to - from) * (k as f32 / 6.0));
        harness.step();
    }
    // Released over the target (kittest's `drop_at` also removes the pointer,
    // which would leave no pin hovered at the release).
    harness.event(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run_steps(3);
}

/// Wires `from`'s output into input `input` of `to` by dragging between the
/// pins (first panning the canvas, as a person would, when one is out of view).
pub fn wire(harness: &mut Harness<'_, App>, from: NodeId, to: NodeId, input: usize) {
    let (out, inp) = (PinKey::Output(from), PinKey::Input(to, input));
    bring_into_view(harness, pin(harness, out), pin(harness, inp));
    let a = pin(harness, out);
    let b = pin(harness, inp);
    drag(harness, a, b);
}

/// Pans the canvas (dragging its empty background) so that `a` and `b`
/// are both in view, if one is not.
pub fn bring_into_view(harness: &mut Harness<'_, App>, a: Pos2, b: Pos2) {
    let view = harness.state().editor().canvas_rect().shrink(24.0);
    if view.contains(a) && view.contains(b) {
        return;
    }
    let delta = view.center() - (a + (b - a) / 2.0);
    let nodes: Vec<egui::Rect> = strategy(harness)
        .nodes()
        .iter()
        .filter_map(|n| harness.state().editor().node_screen_rect(n.id))
        .map(|r| r.expand(16.0))
        .collect();
    let empty = |p: Pos2| view.contains(p) && !nodes.iter().any(|r| r.contains(p));
    let start = (0..20)
        .flat_map(|i| (0..20).map(move |j| (i, j)))
        .map(|(i, j)| view.min + view.size() * egui::vec2(i as f32 / 19.0, j as f32 / 19.0))
        .find(|p| empty(*p) && view.contains(*p + delta))
        .unwrap_or_else(|| panic!("no empty canvas to pan by {delta:?}"));
    drag(harness, start, start + delta);
}

/// Opens the shipped strategy `stem` from the File menu.
pub fn open_shipped(harness: &mut Harness<'_, App>, stem: &str) {
    click(harness, "File");
    click(harness, "Open shipped strategy ⏵");
    click(harness, stem);
}

/// The preview's value of cell `r,c` (raw), if it is valued.
pub fn heat(harness: &Harness<'_, App>, r: usize, c: usize) -> Option<i64> {
    let heat = harness.state().editor().heat_map()?;
    let coord = Coord::new(r, c)?;
    heat.raw.get(heat.size.index(coord)).copied().flatten()
}

/// Right-clicks an empty spot of the canvas (its bottom middle) to open the add-node menu.
pub fn right_click_canvas(harness: &mut Harness<'_, App>) {
    let rect = harness.state().editor().canvas_rect();
    right_click(harness, rect.center_bottom() - egui::vec2(0.0, 40.0));
}

/// Right-clicks the screen at `at` (a node's or the canvas's menu).
pub fn right_click(harness: &mut Harness<'_, App>, at: Pos2) {
    harness.hover_at(at);
    harness.step();
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Secondary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    harness.run_steps(2);
}

/// Types `text` into the focused field and presses Enter.
pub fn type_into(harness: &mut Harness<'_, App>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.step();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.step();
    harness.get_by_label(label).type_text(text);
    harness.step();
    harness.key_press(egui::Key::Enter);
    harness.run_steps(2);
}

/// Types `path` into the open file dialog and confirms with `button`.
pub fn choose_file(harness: &mut Harness<'_, App>, path: &Path, button: &str) {
    type_into(harness, "file name", &path.display().to_string());
    if harness.query_by_label("file name").is_some() {
        click(harness, button);
    }
}

/// Presses Ctrl (Cmd) + `key`.
pub fn ctrl(harness: &mut Harness<'_, App>, key: egui::Key) {
    harness.key_press_modifiers(egui::Modifiers::COMMAND, key);
    harness.run_steps(2);
}
