//! Screenshots of docs/tutorial.md: the app as it opens, lesson 1 and
//! lesson 2 as a learner builds them (the shipped lessons without their
//! comment, laid out by Tidy up), and lesson 2 beating Greedy in the arena.

use std::path::{Path, PathBuf};

use chainlab::gui::seats::Catalogue;
use chainlab::gui::{Settings, View};
use chainlab::rules::{Coord, Position};
use chainlab::strategy::{NodeKind, Strategy};
use egui_kittest::kittest::Queryable;

use super::editor::{editor_with, settle_editor};
use super::{new_harness, save};

/// Renders the tutorial's screenshots into `dir`.
pub fn tutorial_shots(dir: &Path) -> Result<(), String> {
    let mut start = new_harness(
        Settings {
            view: View::Editor,
            ..Settings::default()
        },
        Catalogue::builtin(),
    );
    settle_editor(&mut start);
    save(&mut start, &dir.join("tutorial-start.png"))?;

    let empty: Position = "size 5x6\n".parse().map_err(|e| format!("{e}"))?;
    let file = learner_copy("01-prefer-corners")?;
    let mut lesson1 = editor_with(&file, &empty, Coord::new(0, 0), 1.0, Catalogue::builtin());
    save(&mut lesson1, &dir.join("tutorial-lesson1.png"))?;

    // A corner of A's that is critical next to B's critical edge cell: it
    // may explode first; the cells beside B's are endangered and worth 0.
    let position: Position =
        "size 5x6\nto-move A\nplaced A B\nmoves 4\nA1 B2 . . . .\n. . . . . .\n. . . . . .\n. . . A1 . .\n. . . . . .\n"
            .parse()
            .map_err(|e| format!("tutorial position: {e}"))?;
    let file = learner_copy("02-avoid-danger")?;
    let mut lesson2 = editor_with(
        &file,
        &position,
        Coord::new(1, 1),
        1.0,
        Catalogue::builtin(),
    );
    save(&mut lesson2, &dir.join("tutorial-lesson2.png"))?;

    // Test this strategy: against Greedy alone, as a match.
    click(&mut lesson2, "Test this strategy");
    lesson2.get_by_label("Remove player 3").click();
    lesson2.run_steps(2);
    lesson2.get_by_value("Gauntlet").click();
    lesson2.run_steps(2);
    click(&mut lesson2, "Match");
    click(&mut lesson2, "Start match");
    for _ in 0..100_000 {
        if lesson2.state().arena().outcome().is_some() {
            break;
        }
        lesson2.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    if lesson2.state().arena().outcome().is_none() {
        return Err("the tutorial's match did not finish".to_string());
    }
    lesson2.remove_cursor();
    lesson2.run_steps(2);
    save(&mut lesson2, &dir.join("tutorial-arena.png"))?;
    let _ = std::fs::remove_dir_all(learner_dir());
    Ok(())
}

fn click(harness: &mut egui_kittest::Harness<'_, chainlab::gui::App>, label: &str) {
    harness.get_by_label(label).click();
    harness.run_steps(2);
}

fn learner_dir() -> PathBuf {
    std::env::temp_dir().join("chainlab-tutorial-shots")
}

/// The shipped lesson `stem` as a learner has built it: no comment, named
/// "My strategy", laid out by Tidy up; saved as `my-strategy.json`.
fn learner_copy(stem: &str) -> Result<PathBuf, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut s =
        Strategy::load(&root.join(format!("strategies/{stem}.json"))).map_err(|e| e.to_string())?;
    let comments: Vec<_> = s
        .nodes()
        .iter()
        .filter(|n| matches!(n.kind, NodeKind::Comment { .. }))
        .map(|n| n.id)
        .collect();
    for id in comments {
        s.remove(id);
    }
    s.name = "My strategy".to_string();
    s.description.clear();
    s.arrange();
    std::fs::create_dir_all(learner_dir()).map_err(|e| e.to_string())?;
    let path = learner_dir().join("my-strategy.json");
    s.save(&path).map_err(|e| e.to_string())?;
    Ok(path)
}
