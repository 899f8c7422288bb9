//! "Merge records…" in the arena (issue 34): the shards of a match, typed
//! into the list one key a frame and merged, show the report of the whole
//! match; a list with a shard missing shows why it is refused.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use chainlab::arena::report::{Infinity, elo_summary};
use chainlab::arena::run::{Plan, PlayerId, RecordsHeader, RunIdentity, RunKind, Shard};
use chainlab::arena::{MatchConfig, MatchPlan, RecordWriter, run_match, run_match_plan};
use chainlab::bots::parse_player;
use chainlab::gui::arena::merged::MergedRun;
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
    harness.run_steps(2);
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
        &whole.tally.wdl,
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
