//! Builds an opening book from real games: prefixes of 4 to 8 plies of the
//! games in a records file, kept when the analyser gives the side to move a
//! win chance from 40% to 60% (balanced), one per line in the `--moves`
//! notation with the chance as a comment.
//!
//! `cargo run --release --no-default-features --example make_openings -- RECORDS SIZE COUNT [NODES]`
//! prints the book to standard output: at most `COUNT` openings of the
//! games of board `SIZE` (e.g. `5x6`), taken in a shuffled order (seed 1)
//! from the distinct prefixes, each analysed with `NODES` search nodes
//! (default the analyser's). `scripts/openings.sh` runs it; see
//! `docs/statistics.md`.

use std::collections::BTreeSet;
use std::process::ExitCode;

use chainlab::analysis::{Analyser, AnalyserConfig, DEFAULT_NODES};
use chainlab::arena::read_records;
use chainlab::bots::Interrupt;
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Coord, Position, Size};
use rand::RngExt;

/// The shortest and longest openings.
const PLIES: std::ops::RangeInclusive<usize> = 4..=8;
/// The win chance range of a balanced opening.
const BALANCED: std::ops::RangeInclusive<f64> = 0.40..=0.60;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(size), Some(count)) = (
        args.first(),
        args.get(1).and_then(|s| s.parse::<Size>().ok()),
        args.get(2).and_then(|s| s.parse::<usize>().ok()),
    ) else {
        eprintln!("usage: make_openings RECORDS SIZE COUNT [NODES]");
        return ExitCode::from(2);
    };
    let nodes: u64 = args
        .get(3)
        .and_then(|a| a.parse().ok())
        .unwrap_or(DEFAULT_NODES);
    let text = match std::fs::read(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut prefixes: BTreeSet<Vec<Coord>> = BTreeSet::new();
    let mut games = 0;
    for record in read_records(&text[..]).flatten() {
        if record.size != size || record.players.len() != 2 {
            continue;
        }
        games += 1;
        for plies in PLIES {
            if let Some(moves) = record
                .moves
                .get(..plies)
                .filter(|_| record.moves.len() > plies + 1)
            {
                prefixes.insert(moves.to_vec());
            }
        }
    }
    let mut order: Vec<Vec<Coord>> = prefixes.into_iter().collect();
    let mut rng = rng_from_seed(1);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let analyser = Analyser::new(AnalyserConfig::default().with_nodes(nodes));
    let never = Interrupt::never();
    let Ok(start) = Position::new(size, 2, Default::default()) else {
        eprintln!("bad size {size}");
        return ExitCode::from(2);
    };
    let (mut kept, mut tried) = (Vec::new(), 0);
    for moves in order {
        if kept.len() == count {
            break;
        }
        let mut p = start;
        if moves.iter().any(|&c| p.play(c).is_err()) || p.is_over() {
            continue;
        }
        tried += 1;
        let Ok(analysis) = analyser.position(&p, &never) else {
            continue;
        };
        if BALANCED.contains(&analysis.win_chance) {
            let text: Vec<String> = moves.iter().map(Coord::to_string).collect();
            kept.push(format!("{}  # {:.2}", text.join(" "), analysis.win_chance));
        }
    }
    println!(
        "# Balanced openings for {size}, standard rules, two players: chainlab's opening book."
    );
    println!("# Built by scripts/openings.sh from {games} games of ladder players:");
    println!("# prefixes of 4 to 8 plies whose side to move has a win chance from 40% to 60%");
    println!(
        "# (the analyser at {nodes} nodes; the chance is the comment). {} of {tried} analysed kept.",
        kept.len()
    );
    println!("# Use: chainlab match A B --book openings/{size}.txt (see docs/statistics.md).");
    for line in &kept {
        println!("{line}");
    }
    eprintln!(
        "{size}: {} of {tried} prefixes balanced ({games} games)",
        kept.len()
    );
    ExitCode::SUCCESS
}
