//! Pairs against single games on real paired games: how many games an SPRT
//! needs to decide, at the same error rates, when it counts pairs (the
//! pentanomial GSPRT) and when it counts games (the trinomial), and how many
//! games a given Elo difference needs.
//!
//! `cargo run --release --no-default-features --example pair_sprt -- RECORDS [RUNS] [DELTA]`
//! reads the two-player games of `RECORDS` (a `chainlab match --records`
//! file), cuts them into their colour-swapped pairs, and measures the pairs'
//! Elo difference `e`. Then, `RUNS` times (default 2000) for each of two
//! tests, it replays a match by drawing pairs at random (with replacement)
//! from the real ones and stops when the SPRT decides:
//! - `[e − DELTA, e]` (default DELTA = 20): H1 is true;
//! - `[e, e + DELTA]`: H0 is true.
//!
//! Each test is run on the same draws by both counts; it prints the mean
//! games to a decision and the error rate (the wrong hypothesis accepted),
//! then a table of games needed per Elo difference: the fixed number of
//! games whose 95% interval excludes 0 (from the per-game variance of
//! games and of pairs), and the pentanomial SPRT's mean length for [0, d]
//! when the difference is d. Numbers are in `docs/statistics.md`.

use std::process::ExitCode;

use chainlab::arena::read_records;
use chainlab::arena::stats::{Pentanomial, Sprt, SprtDecision, Wdl, score_from_elo};
use chainlab::rng::rng_from_seed;
use rand::RngExt;

/// A match stops here if the SPRT has not decided (counted as no decision).
const MAX_PAIRS: usize = 200_000;

/// The outcome of one simulated match: games played and the decision.
struct Run {
    games: usize,
    decision: Option<SprtDecision>,
}

/// Plays pairs drawn from `pairs` (A's results in each game) until `sprt`
/// decides, counting them as pairs or as games.
fn simulate(pairs: &[(Wdl, Wdl)], sprt: &Sprt, by_pairs: bool, seed: u64) -> Run {
    let mut rng = rng_from_seed(seed);
    let (mut wdl, mut penta) = (Wdl::default(), Pentanomial::default());
    for n in 1..=MAX_PAIRS {
        let (x, y) = pairs[rng.random_range(0..pairs.len())];
        for g in [x, y] {
            wdl.wins += g.wins;
            wdl.draws += g.draws;
            wdl.losses += g.losses;
        }
        penta.add_games(&x, &y);
        let decision = if by_pairs {
            sprt.decide_pairs(&penta)
        } else {
            sprt.decide(&wdl)
        };
        if decision.is_some() {
            return Run {
                games: 2 * n,
                decision,
            };
        }
    }
    Run {
        games: 2 * MAX_PAIRS,
        decision: None,
    }
}

/// Mean games and the rate of `wrong` decisions over `runs` matches.
fn measure(
    pairs: &[(Wdl, Wdl)],
    sprt: &Sprt,
    by_pairs: bool,
    runs: u64,
    wrong: SprtDecision,
) -> (f64, f64) {
    let (mut games, mut errors) = (0usize, 0u64);
    for seed in 0..runs {
        let run = simulate(pairs, sprt, by_pairs, seed);
        games += run.games;
        errors += u64::from(run.decision == Some(wrong));
    }
    (games as f64 / runs as f64, errors as f64 / runs as f64)
}

/// The colour-swapped pairs of the two-player games in `text`.
fn pairs_of(text: &[u8]) -> Vec<(Wdl, Wdl)> {
    let mut games: Vec<(Option<u32>, u64, Wdl)> = read_records(text)
        .flatten()
        .filter(|r| r.players.len() == 2)
        .map(|r| (r.pairing, r.game, r.result_for_a()))
        .collect();
    games.sort_by_key(|&(p, g, _)| (p, g));
    games
        .windows(2)
        .filter(|w| w[0].0 == w[1].0 && w[0].1 % 2 == 0 && w[1].1 == w[0].1 + 1)
        .map(|w| (w[0].2, w[1].2))
        .collect()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: pair_sprt RECORDS [RUNS] [DELTA]");
        return ExitCode::from(2);
    };
    let runs: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let delta: f64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20.0);
    let text = match std::fs::read(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let pairs = pairs_of(&text);
    let mut penta = Pentanomial::default();
    let mut wdl = Wdl::default();
    for (x, y) in &pairs {
        penta.add_games(x, y);
        for g in [x, y] {
            wdl.wins += g.wins;
            wdl.draws += g.draws;
            wdl.losses += g.losses;
        }
    }
    let (Some(e), Some(v_pair), Some(s)) = (penta.elo(), penta.variance(), penta.score()) else {
        eprintln!("{path}: no pairs with a finite Elo difference");
        return ExitCode::FAILURE;
    };
    let v_game = (wdl.wins as f64 * (1.0 - s).powi(2)
        + wdl.draws as f64 * (0.5 - s).powi(2)
        + wdl.losses as f64 * s.powi(2))
        / wdl.games() as f64;
    let split = penta.0[2] as f64 / penta.pairs() as f64;
    println!(
        "pairs {} {:?}: Elo {e:+.1}, score {:.4}",
        penta.pairs(),
        penta.0,
        s
    );
    println!(
        "variance per game: games {v_game:.4}, pairs {:.4} (2 v_pair); pairs scoring 1 (DD+WL): {:.1}%",
        2.0 * v_pair,
        100.0 * split
    );
    println!("{runs} matches per test, alpha = beta = 0.05");
    println!("| test | truth | counted as | mean games | wrong decisions |");
    println!("| --- | --- | --- | --: | --: |");
    for (elo0, elo1, truth, wrong) in [
        (e - delta, e, "H1", SprtDecision::H0),
        (e, e + delta, "H0", SprtDecision::H1),
    ] {
        let sprt = Sprt::new(elo0, elo1);
        for (by_pairs, name) in [(false, "games"), (true, "pairs")] {
            let (games, errors) = measure(&pairs, &sprt, by_pairs, runs, wrong);
            println!(
                "| [{elo0:+.1}, {elo1:+.1}] | {truth} | {name} | {games:.0} | {:.1}% |",
                100.0 * errors
            );
        }
    }
    println!();
    println!("| Elo difference | games (95% excludes 0), games counted | same, pairs counted |");
    println!("| --: | --: | --: |");
    for d in [5.0, 10.0, 20.0, 50.0, 100.0, 200.0] {
        let gap = score_from_elo(d) - 0.5;
        let need = |v: f64| (1.959_964 * v.sqrt() / gap).powi(2).ceil();
        println!("| {d} | {} | {} |", need(v_game), need(2.0 * v_pair));
    }
    ExitCode::SUCCESS
}
