//! UI tests of the arena view and of the commands that cross into it and
//! into the play view, headless with egui_kittest: matches and tournaments
//! run on their background thread while the test steps frames.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use chainlab::arena::report::{Infinity, elo_summary};
use chainlab::arena::{MatchReport, Stop, TournamentReport, read_records};
use chainlab::bots::{Agent, AgentFactory, BotError, Interrupt};
use chainlab::gui::arena::run::Outcome;
use chainlab::gui::arena::settings::{ArenaSettings, Format};
use chainlab::gui::seats::{Catalogue, ComputerChoice};
use chainlab::gui::{App, Command, Settings, StrategyEntry, View};
use chainlab::rng::GameRng;
use chainlab::rules::{Coord, Player, Position};
use chainlab::strategy::Strategy;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::editor_ui;
use editor_ui::{key, type_keys};

/// A test-only player that takes its time: the first legal move, after a pause.
struct SlowBot;

impl Agent for SlowBot {
    fn name(&self) -> String {
        "slow".to_string()
    }

    fn choose_within(
        &mut self,

        position: &Position,

        _rng: &mut GameRng,

        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        std::thread::sleep(Duration::from_millis(5));
        position.moves().iter().next().ok_or(BotError::NoMove)
    }
}

struct SlowFactory;

impl AgentFactory for SlowFactory {
    fn label(&self) -> String {
        "slow".to_string()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        Ok(Box::new(SlowBot))
    }
}

/// The app's catalogue and a slow test player, `test:slow`.
fn catalogue() -> Catalogue {
    let mut choices = Catalogue::builtin().choices().to_vec();
    choices.push(ComputerChoice {
        spec: "test:slow".to_string(),
        name: "Slow".to_string(),
        description: "Takes its time.".to_string(),
        is_strategy: false,
        program: None,
        factory: Arc::new(SlowFactory),
    });
    Catalogue::from_choices(choices)
}

fn arena_settings(players: &[&str], format: Format, games: u64) -> Settings {
    Settings {
        view: View::Arena,
        arena: ArenaSettings {
            players: players.iter().map(|p| p.to_string()).collect(),
            format,
            games,
            threads: 2,
            ..ArenaSettings::default()
        },
        ..Settings::default()
    }
}

fn harness(settings: Settings) -> Harness<'static, App> {
    let app = App::new(settings, catalogue());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 820.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    harness.step();
    harness
}

/// Steps frames until `done`, sleeping a little between them.
fn step_until(harness: &mut Harness<'_, App>, max: usize, done: impl Fn(&App) -> bool) {
    for _ in 0..max {
        if done(harness.state()) {
            return;
        }
        harness.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        done(harness.state()),
        "condition not reached in {max} frames"
    );
}

fn finished(app: &App) -> bool {
    app.arena().outcome().is_some()
}

fn match_report(harness: &Harness<'_, App>) -> MatchReport {
    match harness.state().arena().outcome() {
        Some(Outcome::Match(report)) => (**report).clone(),
        other => panic!("not a match report: {other:?}"),
    }
}

fn tournament_report(harness: &Harness<'_, App>) -> TournamentReport {
    match harness.state().arena().outcome() {
        Some(Outcome::Tournament(report)) => (**report).clone(),
        other => panic!("not a tournament report: {other:?}"),
    }
}

/// Plays a 20-game match between Greedy and Greedy-half-random to the end.
fn small_match() -> Harness<'static, App> {
    let mut harness = harness(arena_settings(
        &["bot:greedy", "bot:greedy:random=50"],
        Format::Match,
        20,
    ));
    harness.get_by_label("Start match").click();
    step_until(&mut harness, 4000, finished);
    harness.step();
    harness
}

#[test]
fn a_small_match_runs_to_completion_with_its_results_shown() {
    let harness = small_match();
    let report = match_report(&harness);
    assert_eq!(report.stop, Stop::Completed);
    assert_eq!(report.tally.games(), 20);
    assert_eq!(harness.state().arena().live().games, 20);
    assert_eq!(report.a, "Greedy");
    assert_eq!(report.b, "Greedy, half random");

    harness.get_by_label_contains("20 / 20 games");
    harness.get_by_label_contains("Finished: 20 games in");
    harness.get_by_label("Elo difference");
    harness.get_by_label(&elo_summary(
        &report.tally.counts(),
        &report.a,
        &report.b,
        Infinity::Symbol,
    ));
    let w = report.tally.wdl;
    let score = format!("{:.1}%", 100.0 * w.score().unwrap());
    assert!(harness.query_all_by_label(&score).count() >= 1);
    harness.get_by_label("LOS");
    harness.get_by_label_contains("Score of Greedy as games come in");
    // Games are numbered from 0, as in records: the 20th is "⏵ 19".
    harness.get_by_label("⏵ 19");
    assert!(harness.query_by_label("⏵ 20").is_none());
}

#[test]
fn cancel_stops_a_running_match() {
    let mut harness = harness(arena_settings(
        &["test:slow", "bot:random"],
        Format::Match,
        1000,
    ));
    harness.get_by_label("Start match").click();
    step_until(&mut harness, 2000, |app| app.arena().live().games >= 2);
    assert!(harness.state().arena().is_running());
    harness.get_by_label("Cancel").click();
    step_until(&mut harness, 2000, finished);
    harness.step();
    let report = match_report(&harness);
    assert_eq!(report.stop, Stop::Cancelled);
    assert!(report.tally.games() < 1000, "{}", report.tally.games());
    harness.get_by_label_contains("Cancelled after");
    assert!(!harness.state().arena().is_running());
    // A new run can start at once.
    harness.get_by_label("Start match").click();
    harness.step();
    assert!(harness.state().arena().is_running());
    harness.state().arena().cancel();
    step_until(&mut harness, 2000, finished);
}

#[test]
fn a_round_robin_of_three_players_shows_its_crosstable() {
    let mut harness = harness(arena_settings(
        &["bot:random", "bot:greedy", "bot:greedy:random=50"],
        Format::RoundRobin,
        6,
    ));
    harness
        .get_by_label("Start round robin (3 pairings)")
        .click();
    step_until(&mut harness, 4000, finished);
    harness.step();
    let report = tournament_report(&harness);
    assert!(!report.cancelled);
    assert_eq!(report.pairings.len(), 3);
    assert_eq!(harness.state().arena().live().games, 18);
    harness.get_by_label("Ranking");
    harness.get_by_label("Crosstable");
    harness.get_by_label_contains("Round robin: 3 players, 3 pairings of 6 games");
    // Every pairing's points appear in the crosstable, both ways round.
    for p in &report.pairings {
        let (points, games) = report.cross(p.a, p.b).unwrap();
        assert_eq!(games, 6);
        for value in [points, games as f64 - points] {
            let text = format!("{value:.1}");
            assert!(
                harness.query_all_by_label(&text).count() >= 1,
                "{text} missing"
            );
        }
    }
    let best = &report.standings[0].player;
    assert_ne!(best, "Random", "Random does not win the round robin");
}

#[test]
fn a_finished_game_opens_in_the_replay_view() {
    let mut harness = small_match();
    harness.get_by_label("⏵ 3").click();
    harness.step();
    harness.step();
    assert_eq!(harness.state().settings().view, View::Replay);
    let replay = harness.state().replay();
    let moves = replay.move_count().unwrap();
    assert!(moves > 0);
    harness.get_by_label_contains("Game 3 (5x6 board, standard rules, seed");
    harness.get_by_label("End ⏭").click();
    harness.step();
    let end = *harness.state().replay().position().unwrap();
    assert!(end.is_over(), "the game replays to its end");

    // Any game by number, also one no longer kept in memory.
    // Numbered from 0, as records and `chainlab replay --game` number them.
    let game = harness.state().arena().replay_game(0).unwrap();
    assert!(game.title.starts_with("Game 0 ("), "{}", game.title);
    assert!(harness.state().arena().replay_game(20).is_err());
}

#[test]
fn export_writes_records_that_read_back() {
    let harness = small_match();
    let path = std::env::temp_dir().join(format!(
        "chainlab-gui-arena-export-{}.jsonl",
        std::process::id()
    ));
    assert_eq!(harness.state().arena().export_records(&path).unwrap(), 20);
    let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
    let records: Vec<_> = read_records(file).map(Result::unwrap).collect();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(records.len(), 20);
    for (i, record) in records.iter().enumerate() {
        assert_eq!(record.game, i as u64);
        record.check().unwrap();
        assert_eq!(record.players.len(), 2);
    }
    let wins = records.iter().map(|r| r.result_for_a().wins).sum::<u64>();
    assert_eq!(wins, match_report(&harness).tally.wdl.wins);
}

fn shipped(name: &str) -> StrategyEntry {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("strategies")
        .join(name);
    StrategyEntry {
        label: "My graph".to_string(),
        strategy: Strategy::load(&path).unwrap(),
    }
}

fn first_strategy_file() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    names.remove(0)
}

#[test]
fn test_in_arena_adds_the_strategy_and_plays_it() {
    let mut settings = arena_settings(&["bot:greedy", "bot:random"], Format::Match, 4);
    settings.view = View::Play;
    let mut harness = harness(settings);
    harness
        .state_mut()
        .send(Command::TestInArena(Box::new(shipped(
            &first_strategy_file(),
        ))));
    harness.step();
    harness.step();
    let app = harness.state();
    assert_eq!(app.settings().view, View::Arena);
    let arena = &app.settings().arena;
    assert_eq!(arena.players[0], "editor:My graph");
    assert_eq!(
        arena.format,
        Format::Gauntlet,
        "tested against each other player"
    );
    harness.get_by_label("My graph");
    harness.get_by_label("Start gauntlet (2 pairings)").click();
    step_until(&mut harness, 4000, finished);
    let report = tournament_report(&harness);
    assert_eq!(report.players[0], "My graph");
    assert_eq!(report.pairings.len(), 2);
    assert!(report.pairings.iter().all(|p| p.a == 0));
}

#[test]
fn play_against_starts_a_game_of_a_human_against_the_strategy() {
    let mut harness = harness(arena_settings(
        &["bot:greedy", "bot:random"],
        Format::Match,
        4,
    ));
    harness
        .state_mut()
        .send(Command::PlayAgainst(Box::new(shipped(
            &first_strategy_file(),
        ))));
    harness.step();
    harness.step();
    let app = harness.state();
    assert_eq!(app.settings().view, View::Play);
    let session = app.play().session().unwrap();
    assert!(session.is_human(Player::A));
    assert!(!session.is_human(Player::B));
    assert_eq!(session.label(Player::B), "My graph");
    assert!(
        session.program(Player::B).is_some(),
        "its heat map can be shown"
    );
    assert!(session.game().moves().is_empty());
    harness.get_by_label("A to move (Human)");
    harness.get_by_label("cell 2,2").click();
    step_until(&mut harness, 2000, |app| {
        app.play().session().unwrap().game().moves().len() == 2
    });
}

#[test]
fn a_player_spec_with_options_is_added_and_a_bad_one_named() {
    let mut harness = harness(arena_settings(&["bot:greedy"], Format::Match, 4));
    harness.get_by_label("Spec").click();
    harness
        .get_by_label("Spec")
        .type_text("bot:expert:depth=1,random=5");
    harness.step();
    harness.get_by_label("Add").click();
    harness.step();
    harness.step();
    let players = &harness.state().settings().arena.players;
    assert_eq!(players.len(), 2);
    assert_eq!(players[1], "bot:expert:depth=1,random=5");
    harness.get_by_label("Start match");

    harness.get_by_label("Spec").click();
    harness.get_by_label("Spec").type_text("bot:nonsense");
    harness.step();
    harness.get_by_label("Add").click();
    harness.step();
    harness.step();
    assert_eq!(harness.state().settings().arena.players.len(), 2);
    harness.get_by_label_contains("unknown built-in 'nonsense'");
}

/// Typed one key a frame, a spec confirmed with Enter is added and the field
/// keeps the focus, so the next spec can be typed at once.
#[test]
fn specs_typed_one_after_another_with_enter_are_all_added() {
    let mut harness = harness(arena_settings(&[], Format::Match, 4));
    harness.get_by_label("Spec").click();
    harness.step();
    for spec in ["bot:greedy", "bot:expert:depth=1"] {
        type_keys(&mut harness, spec);
        key(&mut harness, egui::Modifiers::NONE, egui::Key::Enter);
        harness.run_steps(2);
    }
    let players = &harness.state().settings().arena.players;
    assert_eq!(players, &["bot:greedy", "bot:expert:depth=1"]);
}

#[test]
fn a_running_match_shows_in_the_top_bar_of_other_views() {
    let mut harness = harness(arena_settings(
        &["test:slow", "bot:random"],
        Format::Match,
        1000,
    ));
    harness.get_by_label("Start match").click();
    step_until(&mut harness, 2000, |app| app.arena().live().games >= 1);
    harness.get_by_label("Play").click();
    harness.step();
    harness.step();
    assert_eq!(harness.state().settings().view, View::Play);
    harness.get_by_label_contains("Arena: ").click();
    harness.step();
    harness.step();
    assert_eq!(harness.state().settings().view, View::Arena);
    harness.get_by_label("Cancel").click();
    step_until(&mut harness, 2000, finished);
}

#[test]
fn strategies_from_the_editor_are_forgotten_after_a_restart() {
    let mut settings = arena_settings(
        &["editor:Old", "bot:greedy", "bot:random"],
        Format::Match,
        4,
    );
    settings.play.seats = vec![
        chainlab::gui::seats::SeatChoice::Human,
        chainlab::gui::seats::SeatChoice::Computer("editor:Old".to_string()),
    ];
    let harness = harness(settings);
    let settings = harness.state().settings();
    assert_eq!(settings.arena.players, vec!["bot:greedy", "bot:random"]);
    assert_eq!(
        settings.play.seats,
        vec![chainlab::gui::seats::SeatChoice::Human; 2]
    );
    assert!(harness.state().play().error().is_none());
}

/// Issue 11, item 7: with one player the hint asks for another (not to
/// remove players); an empty list asks for two.
#[test]
fn one_player_asks_for_another() {
    let mut harness = harness(arena_settings(&["bot:greedy"], Format::Match, 4));
    harness.step();
    assert!(harness.query_by_label("Add one more player.").is_some());
    assert!(harness.query_by_label_contains("remove players").is_none());
    harness.get_by_label("Remove player 1").click();
    harness.run_steps(2);
    assert!(harness.query_by_label("Add two players.").is_some());
}

/// Issue 11, item 7: the format's description follows the format chosen
/// (Test this strategy's notice used to keep the gauntlet's).
#[test]
fn switching_to_a_match_leaves_no_gauntlet_hint() {
    let mut settings = arena_settings(&["bot:greedy", "bot:random"], Format::Match, 4);
    settings.view = View::Editor;
    let mut harness = harness(settings);
    harness
        .state_mut()
        .send(Command::TestInArena(Box::new(shipped(
            "01-prefer-corners.json",
        ))));
    harness.run_steps(2);
    let gauntlet = Format::Gauntlet.description();
    assert!(harness.query_by_label_contains(gauntlet).is_some());
    harness.get_by_label("Remove player 3").click();
    harness.run_steps(2);
    harness.get_by_value("Gauntlet").click();
    harness.run_steps(2);
    harness.get_by_label("Match").click();
    harness.run_steps(3);
    assert_eq!(harness.state().settings().arena.format, Format::Match);
    assert!(
        harness.query_by_label_contains(gauntlet).is_none(),
        "no gauntlet hint for a match"
    );
    assert!(
        harness
            .query_by_label_contains(Format::Match.description())
            .is_some()
    );
}

/// Issue 11, item 7: removing a player does not move the other players'
/// buttons (the next click lands where the user aims).
#[test]
fn removing_a_player_keeps_the_buttons_in_place() {
    let mut harness = harness(arena_settings(
        &["bot:random", "bot:greedy", "bot:greedy:random=50"],
        Format::RoundRobin,
        4,
    ));
    harness.run_steps(2);
    let before = harness.get_by_label("Remove player 2").rect();
    harness.get_by_label("Remove player 3").click();
    harness.run_steps(3);
    assert_eq!(harness.state().settings().arena.players.len(), 2);
    let after = harness.get_by_label("Remove player 2").rect();
    assert_eq!(before, after);
}

/// Issue 11, item 7: the editor's strategy stays in the arena (and its play
/// seat) after a restart, as the editor opens its file again.
#[test]
fn the_editors_strategy_stays_in_the_arena_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("chainlab-arena-keep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mine.json");
    let mut strategy = shipped("01-prefer-corners.json").strategy;
    strategy.name = "Mine".to_string();
    strategy.save(&file).unwrap();
    let mut settings = arena_settings(
        &["editor:Mine", "editor:Old", "bot:greedy"],
        Format::Gauntlet,
        4,
    );
    settings.editor.last_file = Some(file);
    settings.play.seats = vec![
        chainlab::gui::seats::SeatChoice::Human,
        chainlab::gui::seats::SeatChoice::Computer("editor:Mine".to_string()),
    ];
    let mut harness = harness(settings);
    let settings = harness.state().settings();
    assert_eq!(settings.arena.players, ["editor:Mine", "bot:greedy"]);
    assert_eq!(
        settings.play.seats[1],
        chainlab::gui::seats::SeatChoice::Computer("editor:Mine".to_string())
    );
    assert!(harness.state().play().error().is_none());
    harness.get_by_label("Start gauntlet (1 pairing)").click();
    step_until(&mut harness, 4000, finished);
    assert_eq!(tournament_report(&harness).players[0], "Mine");
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 11, item 7: results of an earlier graph are marked as such when
/// the editor sends the graph again, until Start is pressed.
#[test]
fn results_of_an_earlier_graph_are_marked_until_start() {
    let mut harness = harness(arena_settings(&["bot:greedy"], Format::Match, 4));
    let entry = shipped("01-prefer-corners.json");
    harness
        .state_mut()
        .send(Command::TestInArena(Box::new(entry.clone())));
    harness.run_steps(2);
    harness.get_by_label("Start match").click();
    step_until(&mut harness, 4000, finished);
    harness.step();
    assert!(!harness.state().arena().is_stale());
    let mut changed = entry;
    changed.strategy = shipped("02-avoid-danger.json").strategy;
    harness
        .state_mut()
        .send(Command::TestInArena(Box::new(changed)));
    harness.run_steps(2);
    assert!(harness.state().arena().is_stale());
    assert!(
        harness
            .query_by_label_contains("Earlier results: My graph")
            .is_some()
    );
    harness.get_by_label("Start match").click();
    harness.run_steps(2);
    assert!(!harness.state().arena().is_stale());
    assert!(harness.query_by_label_contains("Earlier results").is_none());
    step_until(&mut harness, 4000, finished);
}
