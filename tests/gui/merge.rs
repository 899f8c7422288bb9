//! "Merge records…" and Resume in the arena (issue 34): the shards of a
//! match, typed into the list one key a frame and merged, show the report
//! of the whole match; a list with a shard missing shows why it is
//! refused; a file cut short resumes to the whole match's report and
//! games; a cancelled run resumes to the report of the run unbroken.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use chainlab::arena::report::{Infinity, elo_summary};
use chainlab::arena::run::{
    Plan, PlayerId, RecordsHeader, RunIdentity, RunKind, Shard, join, read_run,
};
use chainlab::arena::{
    MatchConfig, MatchPlan, MatchReport, RecordWriter, Stop, run_match, run_match_plan,
};
use chainlab::bots::{parse_player, relabel};
use chainlab::gui::arena::merged::MergedRun;
use chainlab::gui::arena::run::Outcome;
use chainlab::gui::arena::settings::{ArenaSettings, Format};
use chainlab::gui::seats::Catalogue;
use chainlab::gui::{App, Settings, View};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::editor_ui::{key, type_keys};

const SPECS: [&str; 2] = ["bot:greedy", "bot:random"];

fn config() -> MatchConfig {
    MatchConfig {
        games: 8,
        seed: 5,
        threads: 1,
        ..MatchConfig::default()
    }
}

/// Plays shards 1..=n of the match into `dir`; the paths.
fn shards(dir: &Path, n: u32) -> Vec<PathBuf> {
    let [a, b] = SPECS.map(|s| parse_player(s).unwrap());
    let never = AtomicBool::new(false);
    (1..=n)
        .map(|k| {
            let shard = Shard::new(k, n).unwrap();
            let players = vec![
                PlayerId::of(&a.label(), SPECS[0]),
                PlayerId::of(&b.label(), SPECS[1]),
            ];
            let identity =
                RunIdentity::new(RunKind::Match, players, vec![(0, 1)], &config(), false);
            let path = dir.join(format!("s{k}.jsonl"));
            let mut writer = RecordWriter::new(std::fs::File::create(&path).unwrap());
            writer
                .write_header(&RecordsHeader::new(identity, shard))
                .unwrap();
            let plan = Plan {
                shard: Some(shard),
                ..Plan::default()
            };
            let matched = MatchPlan {
                plan: &plan,
                pairing: 0,
            };
            run_match_plan(&a, &b, &config(), &matched, &never, &mut writer).unwrap();
            writer.finish().unwrap();
            path
        })
        .collect()
}

fn harness() -> Harness<'static, App> {
    let settings = Settings {
        view: View::Arena,
        ..Settings::default()
    };
    harness_with(settings)
}

fn harness_with(settings: Settings) -> Harness<'static, App> {
    let app = App::new(settings, Catalogue::builtin());
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    harness.step();
    harness
}

/// Types the paths into the list, one a line, and presses Merge records….
fn merge(harness: &mut Harness<'_, App>, paths: &[PathBuf]) {
    harness.get_by_label("Records files").click();
    harness.step();
    for path in paths {
        type_keys(harness, &path.display().to_string());
        key(harness, egui::Modifiers::NONE, egui::Key::Enter);
    }
    harness.step();
    harness.get_by_label("Merge records…").click();
    merged(harness);
}

/// Steps frames until the merge (read and joined in the background) is
/// shown.
fn merged(harness: &mut Harness<'_, App>) {
    harness.step();
    for _ in 0..2000 {
        if !harness.state().arena().merged().is_merging() {
            harness.run_steps(2);
            return;
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the merge did not end");
}

#[test]
fn merged_shards_show_the_report_of_the_whole_match() {
    let dir = std::env::temp_dir().join(format!("chainlab-gui-merge-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let paths = shards(&dir, 3);
    let [a, b] = SPECS.map(|s| parse_player(s).unwrap());
    let whole = run_match(&a, &b, &config(), &AtomicBool::new(false), &mut ()).unwrap();

    let mut harness = harness();
    merge(&mut harness, &paths);
    harness.get_by_label("Merged: 8 games from 3 records files");
    let Some(MergedRun::Match(report)) = harness.state().arena().merged().run() else {
        panic!(
            "no merged match: {:?}",
            harness.state().arena().merged().error()
        );
    };
    assert_eq!(report.tally.wdl, whole.tally.wdl);
    assert_eq!(report.tally.placements, whole.tally.placements);
    harness.get_by_label(&elo_summary(
        &whole.tally.counts(),
        &whole.a,
        &whole.b,
        Infinity::Symbol,
    ));

    // Without shard 2 the merge is refused and says which games are missing.
    let mut harness = self::harness();
    merge(&mut harness, &[paths[0].clone(), paths[2].clone()]);
    harness.get_by_label_contains("game(s) missing: games 2-3");
    assert!(harness.state().arena().merged().run().is_none());
}

/// Steps frames until `done`, sleeping a little between them.
fn step_until(harness: &mut Harness<'_, App>, done: impl Fn(&App) -> bool) {
    for _ in 0..20_000 {
        if done(harness.state()) {
            harness.step();
            return;
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the run did not end");
}

fn match_outcome(app: &App) -> Option<&MatchReport> {
    match app.arena().outcome() {
        Some(Outcome::Match(report)) => Some(report),
        _ => None,
    }
}

#[test]
fn a_records_file_cut_short_resumes_to_the_whole_match() {
    let dir = std::env::temp_dir().join(format!("chainlab-gui-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let [a, b] = SPECS.map(|s| parse_player(s).unwrap());
    let players = vec![
        PlayerId::of(&a.label(), SPECS[0]),
        PlayerId::of(&b.label(), SPECS[1]),
    ];
    let identity = RunIdentity::new(RunKind::Match, players, vec![(0, 1)], &config(), false);
    let mut header = RecordsHeader::new(identity, Shard::WHOLE);
    header.specs = SPECS.map(String::from).to_vec();
    let mut bytes = Vec::new();
    let mut writer = RecordWriter::new(&mut bytes);
    writer.write_header(&header).unwrap();
    let whole = run_match(&a, &b, &config(), &AtomicBool::new(false), &mut writer).unwrap();
    writer.finish().unwrap();
    // The header, three games and half of the fourth: a run killed.
    let text = String::from_utf8(bytes).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let fourth = lines[4];
    let cut = format!("{}\n{}", lines[..4].join("\n"), &fourth[..fourth.len() / 2]);
    let path = dir.join("cut.jsonl");
    std::fs::write(&path, cut).unwrap();

    let mut harness = harness();
    merge(&mut harness, std::slice::from_ref(&path));
    harness.get_by_label_contains("game(s) missing: games 3-7");
    harness.get_by_label("Resume").click();
    harness.step();
    step_until(&mut harness, |app| app.arena().outcome().is_some());
    let report = match_outcome(harness.state())
        .expect("a match report")
        .clone();
    assert_eq!(report.tally, whole.tally);
    assert_eq!(harness.state().arena().live().games, 8);
    // The file now holds the whole match: it merges, with nothing missing.
    let read = read_run(
        "cut",
        std::io::BufReader::new(std::fs::File::open(&path).unwrap()),
    )
    .unwrap();
    assert!(!read.truncated);
    assert_eq!(read.records.len(), 8);
    let joined = join(&[read]).unwrap();
    assert_eq!(
        chainlab::arena::run::match_report(&joined).tally,
        whole.tally
    );
    // Merged again, the file is the whole match, and Resume is not offered.
    harness.get_by_label("Merge records…").click();
    merged(&mut harness);
    harness.get_by_label("Merged: 8 games from 1 records files");
    assert!(harness.query_by_label("Resume").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cancelled_run_resumes_to_the_report_of_the_run_unbroken() {
    let specs = ["bot:expert", "bot:expert:depth=2"];
    let settings = Settings {
        view: View::Arena,
        arena: ArenaSettings {
            players: specs.map(String::from).to_vec(),
            format: Format::Match,
            games: 24,
            rows: 9,
            cols: 6,
            threads: 2,
            ..ArenaSettings::default()
        },
        ..Settings::default()
    };
    let mut harness = harness_with(settings);
    harness.get_by_label("Start match").click();
    step_until(&mut harness, |app| app.arena().live().games >= 2);
    harness.get_by_label("Cancel").click();
    step_until(&mut harness, |app| app.arena().outcome().is_some());
    let cut = match_outcome(harness.state())
        .expect("a match report")
        .clone();
    assert_eq!(cut.stop, Stop::Cancelled, "the run ended before Cancel");
    let kept = cut.tally.games();
    assert!(kept < 24);

    harness.get_by_label("Resume the cancelled run").click();
    harness.step();
    assert!(harness.state().arena().live().games >= kept);
    step_until(&mut harness, |app| app.arena().outcome().is_some());
    let Some(resumed) = match_outcome(harness.state()).cloned() else {
        panic!(
            "no match report: {:?} {:?}",
            harness.state().arena().outcome(),
            harness.state().arena().error()
        );
    };
    assert_eq!(resumed.stop, Stop::Completed);
    assert_eq!(harness.state().arena().live().games, 24);

    // The same match unbroken, under the names the app gave the players.
    let [a, b] = specs.map(|s| parse_player(s).unwrap());
    let a = relabel(a, resumed.a.clone());
    let b = relabel(b, resumed.b.clone());
    let whole = run_match(&a, &b, &resumed.config, &AtomicBool::new(false), &mut ()).unwrap();
    assert_eq!(resumed.tally, whole.tally);
    assert!(harness.query_by_label("Resume the cancelled run").is_none());
}
