//! Fits the weights of the tuned evaluation (`chainlab::bots::tuned`) to the
//! results of games: plays games between two copies of a player from random
//! openings, keeps every position with the player to move and whether that
//! player went on to win, and fits a logistic model of the result on the
//! position's terms (Newton's method; the model is convex). Every fifth game
//! is held out to compare the fit with the expert weights on games it did not
//! see.
//!
//! `cargo run --release --example tune_eval -- --games 1500 --sizes 5x6,9x6`
//!
//! Prints the weights, 100 units to a logit, ready for `tuned::WEIGHTS`.

use std::error::Error;
use std::sync::Arc;

use chainlab::bots::tuned::{EXPERT_WEIGHTS, SIDE_TERM_NAMES, SIDE_TERMS, TERMS, terms};
use chainlab::bots::{AgentFactory, parse_player};
use chainlab::rng::rng_from_seed;
use chainlab::rules::{Position, Rules, Size};
use rand::RngExt;

/// One kept position: its terms for the player to move, and whether that
/// player won.
struct Sample {
    terms: [f64; TERMS],
    won: bool,
    held_out: bool,
}

struct Options {
    games: u64,
    sizes: Vec<Size>,
    player: String,
    seed: u64,
    threads: u64,
}

fn options() -> Result<Options, Box<dyn Error>> {
    let mut o = Options {
        games: 600,
        sizes: vec![Size::new(5, 6)?, Size::new(9, 6)?],
        player: "bot:master:depth=3".to_string(),
        seed: 1,
        threads: 2,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let [key, value] = pair else {
            return Err(format!("{} needs a value", pair[0]).into());
        };
        match key.as_str() {
            "--games" => o.games = value.parse()?,
            "--player" => o.player = value.clone(),
            "--seed" => o.seed = value.parse()?,
            "--threads" => o.threads = value.parse::<u64>()?.max(1),
            "--sizes" => {
                o.sizes = value
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()?;
            }
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    Ok(o)
}

/// Plays game `index` on `size` and returns its positions (none when it
/// did not end within the ply limit).
fn play_game(
    factory: &Arc<dyn AgentFactory>,
    size: Size,
    index: u64,
    seed: u64,
) -> Result<Vec<Sample>, Box<dyn Error>> {
    let mut rng = rng_from_seed(seed.wrapping_mul(1_000_003).wrapping_add(index));
    let mut position = Position::new(size, 2, Rules::Standard)?;
    for _ in 0..rng.random_range(2..=8) {
        let moves = position.moves();
        if moves.is_empty() {
            break;
        }
        let m = moves.indices()[rng.random_range(0..moves.len())];
        position.play_index(usize::from(m));
    }
    let mut agents = [factory.create()?, factory.create()?];
    let mut kept = Vec::new();
    let limit = 8 * size.cells();
    while !position.is_over() {
        if kept.len() > limit {
            return Ok(Vec::new());
        }
        let mover = position.mover();
        kept.push((mover, terms(&position, mover)));
        let coord = agents[mover.index()].choose(&position, &mut rng)?;
        for agent in &mut agents {
            agent.observe(coord);
        }
        position.play(coord)?;
    }
    let winner = position.winner();
    Ok(kept
        .into_iter()
        .map(|(mover, t)| Sample {
            terms: t.map(f64::from),
            won: winner == Some(mover),
            held_out: index % 5 == 4,
        })
        .collect())
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean log loss of the model `w` on the samples `held_out` says.
fn loss(samples: &[Sample], w: &[f64], held_out: bool) -> f64 {
    let chosen: Vec<&Sample> = samples.iter().filter(|s| s.held_out == held_out).collect();
    let sum: f64 = chosen
        .iter()
        .map(|s| {
            let p = sigmoid(s.terms.iter().zip(w).map(|(t, w)| t * w).sum()).clamp(1e-12, 1.0 - 1e-12);
            if s.won { -p.ln() } else { -(1.0 - p).ln() }
        })
        .sum();
    sum / chosen.len().max(1) as f64
}

/// Fits a logistic model on the training samples, over the terms
/// `features(terms)` (Newton's method with a little ridge).
fn fit(samples: &[Sample], features: &dyn Fn(&[f64; TERMS]) -> Vec<f64>) -> Vec<f64> {
    let n = features(&[0.0; TERMS]).len();
    let mut w = vec![0.0; n];
    for _ in 0..30 {
        let mut grad = vec![0.0; n];
        let mut hess = vec![vec![0.0; n]; n];
        for s in samples.iter().filter(|s| !s.held_out) {
            let x = features(&s.terms);
            let p = sigmoid(x.iter().zip(&w).map(|(x, w)| x * w).sum());
            let y = if s.won { 1.0 } else { 0.0 };
            for i in 0..n {
                grad[i] += (p - y) * x[i];
                for j in 0..n {
                    hess[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        for (i, row) in hess.iter_mut().enumerate() {
            row[i] += 1e-3;
        }
        let step = solve(hess, grad);
        let size: f64 = step.iter().map(|s| s.abs()).sum();
        for (w, s) in w.iter_mut().zip(step) {
            *w -= s;
        }
        if size < 1e-9 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-12 {
            continue;
        }
        let (upper, lower) = a.split_at_mut(col + 1);
        let pivot_row = &upper[col];
        for (offset, row) in lower.iter_mut().enumerate() {
            let f = row[col] / d;
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[col + 1 + offset] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = if a[row][row].abs() < 1e-12 {
            0.0
        } else {
            (b[row] - rest) / a[row][row]
        };
    }
    x
}

/// The scale of the printed weights: a value of this many units means odds
/// of e to 1 (a logit of 1).
const UNITS_PER_LOGIT: f64 = 100.0;


fn main() -> Result<(), Box<dyn Error>> {
    let o = options()?;
    let factory = parse_player(&o.player)?;
    let mut samples = Vec::new();
    for &size in &o.sizes {
        let chunks: Vec<Vec<Sample>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..o.threads)
                .map(|t| {
                    let factory = &factory;
                    let (games, seed, threads) = (o.games, o.seed, o.threads);
                    scope.spawn(move || {
                        let mut out = Vec::new();
                        for g in (t..games).step_by(threads as usize) {
                            match play_game(factory, size, g, seed) {
                                Ok(s) => out.extend(s),
                                Err(e) => eprintln!("game {g}: {e}"),
                            }
                        }
                        out
                    })
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        let before = samples.len();
        samples.extend(chunks.into_iter().flatten());
        eprintln!("{size}: {} positions from {} games", samples.len() - before, o.games);
    }
    let expert = |t: &[f64; TERMS]| {
        let v = t.iter().zip(EXPERT_WEIGHTS).map(|(t, w)| t * f64::from(w));
        vec![v.sum::<f64>()]
    };
    let all = |t: &[f64; TERMS]| t.to_vec();
    let k = fit(&samples, &expert)[0];
    let w = fit(&samples, &all);
    let mut expert_w = vec![0.0; TERMS];
    for (e, w) in expert_w.iter_mut().zip(EXPERT_WEIGHTS) {
        *e = f64::from(w) * k;
    }
    println!("expert scale k = {k:.5}");
    println!(
        "log loss, held-out games: expert {:.5}, tuned {:.5} (training: {:.5}, {:.5})",
        loss(&samples, &expert_w, true),
        loss(&samples, &w, true),
        loss(&samples, &expert_w, false),
        loss(&samples, &w, false)
    );
    println!("{:<22} {:>9} {:>9}", "term", "expert", "tuned");
    let names = SIDE_TERM_NAMES
        .iter()
        .map(|n| n.to_string())
        .chain(SIDE_TERM_NAMES.iter().map(|n| format!("their {n}")))
        .chain(["to move".to_string(), "move x contact".to_string()]);
    for (i, name) in names.enumerate() {
        let e = if i < SIDE_TERMS { f64::from(EXPERT_WEIGHTS[i]) } else { 0.0 };
        println!("{name:<22} {e:>9.2} {:>9.1}", w[i] * UNITS_PER_LOGIT);
    }
    let rounded: Vec<String> = w
        .iter()
        .map(|w| format!("{}", (w * UNITS_PER_LOGIT).round()))
        .collect();
    println!("pub const WEIGHTS: [i32; TERMS] = [{}];", rounded.join(", "));
    Ok(())
}
