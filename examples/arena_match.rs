//! A match run the way a GUI runs one: on a background thread, reporting each
//! finished game through an observer, with a cancel flag.
//!
//! `cargo run --release --example arena_match -- bot:expert bot:greedy 40`

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use chainlab::arena::{GameRecord, MatchConfig, MatchObserver, Tally, run_match};
use chainlab::bots::parse_player;

/// Sends the running score to the "UI" thread after every game.
struct Live(mpsc::Sender<(u64, f64)>);

impl MatchObserver for Live {
    fn game_finished(&mut self, _record: &GameRecord, tally: &Tally) {
        let score = tally.wdl.score().unwrap_or(0.5);
        // A closed receiver only means nobody is watching any more.
        let _ = self.0.send((tally.games(), score));
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = parse_player(args.first().map_or("bot:expert", String::as_str))?;
    let b = parse_player(args.get(1).map_or("bot:greedy", String::as_str))?;
    let games = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(40);
    let config = MatchConfig {
        games,
        opening_plies: 4,
        ..MatchConfig::default()
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    let worker = {
        let cancel = Arc::clone(&cancel);
        std::thread::spawn(move || run_match(&a, &b, &config, &cancel, &mut Live(sender)))
    };
    for (played, score) in receiver {
        println!("after {played:>4} games: {:5.1}%", 100.0 * score);
        if played >= 1000 {
            // The GUI's cancel button does this.
            cancel.store(true, Ordering::Relaxed);
        }
    }
    let report = worker.join().map_err(|_| "the match thread panicked")??;
    println!(
        "{} vs {}: {:?}, Elo {:?}",
        report.a,
        report.b,
        report.tally.wdl,
        report.tally.wdl.elo()
    );
    Ok(())
}
