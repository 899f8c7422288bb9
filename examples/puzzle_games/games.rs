//! What the two puzzle makers (`make_puzzles`, `make_perfect_puzzles`)
//! share: seeded games between players of a pool, their positions once both
//! players have placed, deduplicated up to mirror symmetry, and a seeded
//! shuffle.

use std::collections::HashSet;
use std::sync::Arc;

use chainlab::bots::{AgentFactory, Interrupt};
use chainlab::rng::{derive_seed, rng_from_seed};
use chainlab::rules::{Position, Rules, Size};
use rand::RngExt;
use rayon::prelude::*;

/// The positions of `games` games on `size` (game `k` from seed
/// `derive_seed(base, k)`), each once up to mirror symmetry and colours.
pub fn play_games(
    size: Size,
    games: u64,
    base: u64,
    pool: &[Arc<dyn AgentFactory>],
) -> Result<Vec<Position>, String> {
    let games: Vec<Vec<Position>> = (0..games)
        .into_par_iter()
        .map(|k| play_game(size, pool, derive_seed(base, k)))
        .collect::<Result<_, _>>()?;
    let mut seen = HashSet::new();
    Ok(games
        .into_iter()
        .flatten()
        .filter(|p| seen.insert(canonical(p)))
        .collect())
}

/// One game between two players of the pool; its positions after both
/// players placed, while the game goes on (at most ten placements a cell).
fn play_game(
    size: Size,
    pool: &[Arc<dyn AgentFactory>],
    seed: u64,
) -> Result<Vec<Position>, String> {
    let mut rng = rng_from_seed(seed);
    let a = rng.random_range(0..pool.len());
    let b = rng.random_range(0..pool.len());
    let mut agents = Vec::new();
    for k in [a, b] {
        let factory = pool.get(k).ok_or("pool index")?;
        agents.push(factory.create().map_err(|e| e.to_string())?);
    }
    let mut position = Position::new(size, 2, Rules::Standard).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for _ in 0..10 * size.cells() {
        let Some(mover) = position.to_move() else {
            break;
        };
        if position.placements() >= 2 {
            out.push(position);
        }
        let agent = agents.get_mut(mover.index()).ok_or("seat")?;
        let cell = agent
            .choose_within(&position, &mut rng, &Interrupt::never())
            .map_err(|e| e.to_string())?;
        for agent in &mut agents {
            agent.observe(cell);
        }
        position.play(cell).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// A key equal for positions equal up to mirror symmetry and colours.
fn canonical(position: &Position) -> Vec<u8> {
    let size = position.size();
    let (rows, cols) = (size.rows(), size.cols());
    let mover = position.to_move();
    let cell_code = |r: usize, c: usize| {
        let cell = size.coord(r, c).and_then(|k| position.cell(k));
        cell.map_or(0, |cell| match cell.owner() {
            None => 0,
            Some(o) if Some(o) == mover => 16 + cell.atoms(),
            Some(_) => 32 + cell.atoms(),
        })
    };
    let mut best: Option<Vec<u8>> = None;
    for (flip_r, flip_c) in [(false, false), (false, true), (true, false), (true, true)] {
        let key: Vec<u8> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| {
                let r = if flip_r { rows - 1 - r } else { r };
                let c = if flip_c { cols - 1 - c } else { c };
                cell_code(r, c)
            })
            .collect();
        if best.as_ref().is_none_or(|b| key < *b) {
            best = Some(key);
        }
    }
    best.unwrap_or_default()
}

/// A shuffle (Fisher–Yates) seeded by `seed`, so that the puzzles chosen
/// are spread over the games rather than taken from the first ones.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = rng_from_seed(seed);
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}
