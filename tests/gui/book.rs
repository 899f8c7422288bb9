//! The arena's opening book, chosen in its settings: typed into the field,
//! read when the match starts, every pair played from one of its openings.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use chainlab::arena::report::{Infinity, elo_summary};
use chainlab::gui::arena::run::Outcome;
use chainlab::gui::arena::settings::ArenaSettings;
use chainlab::gui::seats::Catalogue;
use chainlab::gui::{App, Settings, View};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::editor_ui::type_keys;

const BOOK: &str = "# three openings\n0,0 4,5\n2,2 2,3 1,1 3,3\n4,0 0,5 1,2\n";

fn harness(games: u64) -> Harness<'static, App> {
    let settings = Settings {
        view: View::Arena,
        arena: ArenaSettings {
            players: vec!["bot:greedy".into(), "bot:greedy:random=50".into()],
            games,
            threads: 2,
            ..ArenaSettings::default()
        },
        ..Settings::default()
    };
    let app = App::new(settings, Catalogue::builtin());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 820.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    harness.step();
    harness
}

/// Opens "More options" and types `path` into the book field.
fn choose_book(harness: &mut Harness<'_, App>, path: &str) {
    harness.get_by_label("More options").click();
    harness.run_steps(2);
    harness.get_by_label("Opening book").click();
    harness.step();
    type_keys(harness, path);
    harness.step();
}

#[test]
fn a_book_typed_in_the_settings_plays_every_pair_from_its_openings() {
    let path = std::env::temp_dir().join(format!("chainlab-gui-book-{}.txt", std::process::id()));
    std::fs::write(&path, BOOK).unwrap();
    let mut harness = harness(8);
    choose_book(&mut harness, &path.display().to_string());
    assert_eq!(
        harness.state().settings().arena.book,
        path.display().to_string()
    );
    harness.get_by_label("Start match").click();
    for _ in 0..4000 {
        if harness.state().arena().outcome().is_some() {
            break;
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    harness.step();
    let report = match harness.state().arena().outcome() {
        Some(Outcome::Match(report)) => (**report).clone(),
        other => panic!("not a match report: {other:?}"),
    };
    std::fs::remove_file(&path).unwrap();
    let book = report.config.book.as_ref().expect("the book was read");
    assert_eq!(book.len(), 3);
    harness.get_by_label_contains(&format!("book {} (3 openings)", book.name));
    // Four pairs from a book of three: every opening played, one twice.
    let mut openings: Vec<String> = (0..4)
        .map(|k| {
            let moves: Vec<String> = book.opening(k).iter().map(|c| c.to_string()).collect();
            moves.join(" ")
        })
        .collect();
    assert_eq!(openings[3], openings[0]);
    openings.sort();
    openings.dedup();
    assert_eq!(openings, ["0,0 4,5", "2,2 2,3 1,1 3,3", "4,0 0,5 1,2"]);
    assert_eq!(report.tally.pentanomial.pairs(), 4);
    harness.get_by_label("Pairs");
    let elo = elo_summary(
        &report.tally.counts(),
        &report.a,
        &report.b,
        Infinity::Symbol,
    );
    harness.get_by_label(&elo);
}

#[test]
fn a_bad_book_is_named_when_the_match_starts() {
    let path = std::env::temp_dir().join(format!("chainlab-gui-bad-{}.txt", std::process::id()));
    std::fs::write(&path, "0,0\n0,0 9,9\n").unwrap();
    let mut harness = harness(4);
    choose_book(&mut harness, &path.display().to_string());
    harness.get_by_label("Start match").click();
    harness.run_steps(3);
    std::fs::remove_file(&path).unwrap();
    assert!(harness.state().arena().outcome().is_none());
    harness.get_by_label_contains("line 2: move 2 (9,9) is illegal");
}
