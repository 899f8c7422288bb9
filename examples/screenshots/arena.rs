//! Screenshots of the arena.

use std::path::Path;

use chainlab::gui::arena::settings::{ArenaSettings, Format};
use chainlab::gui::seats::Catalogue;
use chainlab::gui::{App, Settings, View};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::{new_harness, save};

/// The arena in the middle of a match (progress bar, results so far, the
/// score plot) and after a round robin (ranking and crosstable).
pub fn arena_shots(dir: &Path) -> Result<(), String> {
    let catalogue = Catalogue::builtin();
    let shipped = |name: &str| {
        catalogue
            .choices()
            .iter()
            .find(|c| c.is_strategy && c.name.contains(name))
            .map(|c| c.spec.clone())
            .ok_or_else(|| format!("the shipped strategy {name} was not found"))
    };
    let settings = Settings {
        view: View::Arena,
        arena: ArenaSettings {
            players: vec![shipped("Room to grow")?, shipped("Expert")?],
            games: 1000,
            openings: 4,
            threads: 2,
            ..ArenaSettings::default()
        },
        ..Settings::default()
    };
    let mut arena = new_harness(settings, catalogue.clone());
    arena.get_by_label("Start match").click();
    wait_for_games(&mut arena, 300)?;
    arena.remove_cursor();
    arena.step();
    save(&mut arena, &dir.join("arena-match.png"))?;
    arena.state().arena().cancel();

    let settings = Settings {
        view: View::Arena,
        arena: ArenaSettings {
            players: vec![
                "bot:greedy".to_string(),
                "bot:expert:depth=1".to_string(),
                shipped("Avoid danger")?,
                shipped("Do not feed")?,
                shipped("Expert")?,
            ],
            format: Format::RoundRobin,
            games: 20,
            openings: 4,
            threads: 2,
            ..ArenaSettings::default()
        },
        ..Settings::default()
    };
    let mut tournament = new_harness(settings, catalogue);
    tournament
        .get_by_label("Start round robin (10 pairings)")
        .click();
    for _ in 0..100_000 {
        if tournament.state().arena().outcome().is_some() {
            break;
        }
        tournament.step();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    if tournament.state().arena().outcome().is_none() {
        return Err("the round robin did not finish".to_string());
    }
    tournament.remove_cursor();
    tournament.step();
    save(&mut tournament, &dir.join("arena-tournament.png"))
}

/// Steps until the arena has finished `games` games.
pub fn wait_for_games(harness: &mut Harness<'_, App>, games: u64) -> Result<(), String> {
    for _ in 0..100_000 {
        if harness.state().arena().live().games >= games {
            return Ok(());
        }
        if harness.state().arena().outcome().is_some() {
            return Err("the match ended early".to_string());
        }
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    Err(format!("fewer than {games} games were played"))
}
