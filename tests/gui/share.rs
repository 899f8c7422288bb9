//! Share links in the editor: "Share link" shows the strategy's link (which
//! reads back to the same strategy), File › Open link… opens a pasted link
//! as unsaved work named after its strategy (typed one key event per frame),
//! a damaged or foreign link changes nothing and says why, and unsaved work
//! is offered for saving first.

use chainlab::strategy::{DEFAULT_SHARE_BASE, Kind, Strategy, share_link, strategy_from_link};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::editor_ui::{click, field_text, harness, type_into, type_keys};
use chainlab::gui::App;

fn tiny() -> Strategy {
    let mut s = Strategy::new("Tiny");
    s.add(Kind::Output, [0.0, 0.0]);
    s
}

/// File › Open link…, the link typed one key per frame, then Open.
fn open_link(h: &mut Harness<'_, App>, link: &str) {
    click(h, "File");
    click(h, "Open link…");
    // The field has the keys already, as a person pasting expects.
    h.step();
    type_keys(h, link);
    click(h, "Open");
}

#[test]
fn share_link_shows_a_link_that_reads_back_to_the_strategy() {
    let mut h = harness();
    click(&mut h, "Share link");
    let link = field_text(&h, "share link");
    assert!(
        link.starts_with(&format!("{DEFAULT_SHARE_BASE}#s=")),
        "{link}"
    );
    let back = strategy_from_link(&link).unwrap();
    assert_eq!(back.to_json(), h.state().editor().strategy().to_json());
    click(&mut h, "Close");
    assert!(h.query_by_label("share link").is_none());
}

#[test]
fn a_pasted_link_opens_its_strategy_as_unsaved_work() {
    let mut h = harness();
    let link = share_link("https://example.org/", &tiny());
    open_link(&mut h, &link);
    let editor = h.state().editor();
    assert_eq!(editor.strategy().name, "Tiny");
    assert_eq!(editor.strategy().to_json(), tiny().to_json());
    assert!(editor.is_dirty());
    assert!(
        editor.window_title().starts_with("Tiny •"),
        "{}",
        editor.window_title()
    );
    assert!(editor.load_error().is_none());
}

#[test]
fn a_damaged_or_foreign_link_changes_nothing_and_says_why() {
    let mut h = harness();
    let before = h.state().editor().strategy().to_json();
    for (link, why) in [
        ("https://example.org/#s=abc+def", "this link is damaged"),
        ("https://example.org/#play", "holds no strategy"),
    ] {
        open_link(&mut h, link);
        let editor = h.state().editor();
        let error = editor.load_error().unwrap_or_default();
        assert!(error.contains(why), "{link}: {error}");
        assert_eq!(editor.strategy().to_json(), before);
        assert!(!editor.is_dirty());
    }
}

#[test]
fn a_link_over_unsaved_work_asks_first() {
    let mut h = harness();
    type_into(&mut h, "strategy name", "Mine");
    assert!(h.state().editor().is_dirty());
    let link = share_link("https://example.org/", &tiny());
    let ctx = h.ctx.clone();
    h.state_mut().open_link(&link, &ctx);
    h.run_steps(2);
    assert!(
        h.query_by_label("Discard").is_some(),
        "the unsaved-changes prompt"
    );
    assert_eq!(h.state().editor().strategy().name, "Mine");
    click(&mut h, "Discard");
    assert_eq!(h.state().editor().strategy().name, "Tiny");
}
