//! "Search with this graph" in the app (issue 38): a strategy in an arena
//! row or a play seat is ticked to guide a search, with its depth and
//! width, and the match plays it; the editor's "Test in a search" sends the
//! graph in memory to the arena as a search.

use std::path::Path;
use std::time::Duration;

use chainlab::arena::Stop;
use chainlab::gui::arena::run::Outcome;
use chainlab::gui::arena::settings::{ArenaSettings, Format};
use chainlab::gui::guided::Guided;
use chainlab::gui::play::setup::PlaySettings;
use chainlab::gui::seats::{Catalogue, SeatChoice};
use chainlab::gui::{App, Command, Settings, StrategyEntry, View};
use chainlab::strategy::Strategy;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn tuned() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("strategies/02-avoid-danger.json")
        .display()
        .to_string()
}

fn harness(settings: Settings) -> Harness<'static, App> {
    let app = App::new(settings, Catalogue::builtin());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 860.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    harness.step();
    harness
}

fn arena(players: &[String]) -> Settings {
    Settings {
        view: View::Arena,
        arena: ArenaSettings {
            players: players.to_vec(),
            format: Format::Match,
            games: 4,
            threads: 2,
            ..ArenaSettings::default()
        },
        ..Settings::default()
    }
}

fn play_out(harness: &mut Harness<'_, App>) {
    for _ in 0..20_000 {
        if harness.state().arena().outcome().is_some() {
            harness.step();
            return;
        }
        harness.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the match did not end");
}

#[test]
fn a_strategy_row_ticked_to_search_plays_as_a_guided_search() {
    let file = tuned();
    let mut harness = harness(arena(&[file.clone(), "bot:greedy".to_string()]));
    harness.get_by_label("search").click();
    harness.step();
    let spec = harness.state().settings().arena.players[0].clone();
    assert_eq!(
        spec,
        format!("bot:expert:graph={file},width=5,depth=4"),
        "the command line's grammar for a file"
    );
    assert_eq!(Guided::of(&spec).map(|g| (g.depth, g.width)), Some((4, 5)));
    harness.step();
    harness.get_by_label_contains("searched (depth 4, width 5)");
    harness.get_by_label("Start match").click();
    play_out(&mut harness);
    let Some(Outcome::Match(report)) = harness.state().arena().outcome() else {
        panic!("{:?}", harness.state().arena().error());
    };
    assert_eq!(report.stop, Stop::Completed);
    assert_eq!(report.tally.games(), 4);
    assert!(
        report.a.contains("searched (depth 4, width 5)"),
        "{}",
        report.a
    );
    assert_eq!(report.tally.forfeits_a, 0);
    // Unticked, the row is the strategy again.
    harness.get_by_label("search").click();
    harness.step();
    assert_eq!(harness.state().settings().arena.players[0], file);
}

#[test]
fn the_editors_test_in_a_search_sends_its_graph_to_the_arena() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies/02-avoid-danger.json");
    let entry = StrategyEntry {
        label: "My graph".to_string(),
        strategy: Strategy::load(&path).unwrap(),
    };
    let mut harness = harness(arena(&["bot:greedy".to_string()]));
    harness
        .state_mut()
        .send(Command::TestInSearch(Box::new(entry)));
    harness.run_steps(2);
    let spec = harness.state().settings().arena.players[0].clone();
    assert_eq!(spec, "search:depth=4,width=5:editor:My graph");
    harness.get_by_label("My graph, searched (depth 4, width 5)");
    harness.get_by_label("Start match").click();
    play_out(&mut harness);
    let Some(Outcome::Match(report)) = harness.state().arena().outcome() else {
        panic!("{:?}", harness.state().arena().error());
    };
    assert_eq!(report.tally.games(), 4);
    assert_eq!(report.a, "My graph, searched (depth 4, width 5)");
}

#[test]
fn the_editor_offers_test_in_a_search() {
    let mut harness = harness(Settings {
        view: View::Editor,
        ..Settings::default()
    });
    harness.get_by_label("Test in a search").click();
    harness.run_steps(2);
    let app = harness.state();
    assert_eq!(app.settings().view, View::Arena);
    let first = &app.settings().arena.players[0];
    assert!(
        first.starts_with("search:depth=4,width=5:editor:"),
        "{first}"
    );
}

#[test]
fn a_play_seat_can_search_with_its_strategy() {
    let file = tuned();
    let settings = Settings {
        view: View::Play,
        play: PlaySettings {
            seats: vec![SeatChoice::Human, SeatChoice::Computer(file.clone())],
            ..PlaySettings::default()
        },
        ..Settings::default()
    };
    let mut harness = harness(settings);
    harness.get_by_label("search").click();
    harness.step();
    assert_eq!(
        harness.state().settings().play.seats[1],
        SeatChoice::Computer(format!("bot:expert:graph={file},width=5,depth=4"))
    );
}
