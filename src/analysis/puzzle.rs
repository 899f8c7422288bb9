//! Puzzle suites: positions with known best moves, by theme, as engine
//! test suites have them, and scoring any player on them.
//!
//! A suite is a JSON Lines file (`docs/puzzles.md`), one puzzle a line:
//! `{"id","theme","description","position","best":["r,c",…],"partial":{"r,c":0.5,…}}`
//! with the position in the text notation. A best move earns 1 point, a
//! move in `partial` its credit (between 0 and 1), any other move 0; a
//! puzzle is *solved* when the move earned the full point. The shipped
//! suite (`puzzles/*.jsonl`) is built into the program.

use std::collections::BTreeMap;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

pub use super::error::PuzzleError;
use crate::bots::AgentFactory;
use crate::input::Lines;
use crate::rng::{derive_seed, rng_from_seed};
use crate::rules::{Coord, Position};

/// The shipped suites, by file name.
const SHIPPED: [(&str, &str); 3] = [
    ("5x6.jsonl", include_str!("../../puzzles/5x6.jsonl")),
    ("9x6.jsonl", include_str!("../../puzzles/9x6.jsonl")),
    ("perfect.jsonl", include_str!("../../puzzles/perfect.jsonl")),
];

/// The most puzzles a suite may hold.
pub const MAX_PUZZLES: usize = 100_000;

/// The longest line of a suite file (a puzzle on a 20x20 board with 8
/// players takes about 3 KiB).
pub const MAX_PUZZLE_LINE_BYTES: usize = 64 * 1024;

/// A puzzle as written in a suite file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    id: String,
    theme: String,
    #[serde(default)]
    description: String,
    position: String,
    best: Vec<String>,
    #[serde(default)]
    partial: BTreeMap<String, f64>,
}

/// One puzzle: a position, its theme, and the credit of its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// A unique name, e.g. `5x6-capture-012`.
    pub id: String,
    /// The theme, e.g. `take-the-win`.
    pub theme: String,
    /// What the position asks, in a sentence.
    pub description: String,
    /// The position (not over: a player is to move).
    pub position: Position,
    /// The best moves (full credit).
    pub best: Vec<Coord>,
    /// Acceptable alternatives and their credit in `(0, 1)`.
    pub partial: Vec<(Coord, f64)>,
}

impl Puzzle {
    /// The credit of playing `cell`: 1 for a best move, the partial credit
    /// of an alternative, else 0.
    pub fn credit(&self, cell: Coord) -> f64 {
        if self.best.contains(&cell) {
            return 1.0;
        }
        self.partial
            .iter()
            .find(|(c, _)| *c == cell)
            .map_or(0.0, |&(_, credit)| credit)
    }

    /// Checks a raw puzzle into a puzzle.
    fn from_raw(raw: RawPuzzle, line: usize) -> Result<Puzzle, PuzzleError> {
        let content = |problem| PuzzleError::Content {
            line,
            id: raw.id.clone(),
            problem,
        };
        if raw.id.is_empty() || raw.theme.is_empty() {
            return Err(content("the id and the theme must not be empty"));
        }
        let position: Position = raw
            .position
            .parse()
            .map_err(|source| PuzzleError::Position {
                line,
                id: raw.id.clone(),
                source,
            })?;
        if position.is_over() {
            return Err(content("the game is over in the position"));
        }
        let legal = |text: &str| text.parse::<Coord>().ok().filter(|&c| position.is_legal(c));
        let best: Vec<Coord> = raw
            .best
            .iter()
            .map(|t| legal(t).ok_or_else(|| content("a best move is not a legal move")))
            .collect::<Result<_, _>>()?;
        if best.is_empty() {
            return Err(content("there is no best move"));
        }
        let mut partial = Vec::new();
        for (cell, &credit) in &raw.partial {
            let cell = legal(cell).ok_or_else(|| content("a partial move is not a legal move"))?;
            if !(credit > 0.0 && credit < 1.0) {
                return Err(content("a partial credit must be above 0 and below 1"));
            }
            if best.contains(&cell) {
                return Err(content("a move is both best and partial"));
            }
            partial.push((cell, credit));
        }
        Ok(Puzzle {
            id: raw.id,
            theme: raw.theme,
            description: raw.description,
            position,
            best,
            partial,
        })
    }

    /// The puzzle as one line of a suite file.
    pub fn to_line(&self) -> String {
        let raw = RawPuzzle {
            id: self.id.clone(),
            theme: self.theme.clone(),
            description: self.description.clone(),
            position: self.position.to_string(),
            best: self.best.iter().map(Coord::to_string).collect(),
            partial: self
                .partial
                .iter()
                .map(|(c, v)| (c.to_string(), *v))
                .collect(),
        };
        serde_json::to_string(&raw).unwrap_or_default()
    }
}

/// Reads a suite: one puzzle a line, blank lines and lines starting with
/// `#` skipped. Errors name the line.
pub fn parse_suite(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    read_suite(text.as_bytes())
}

/// Reads a suite from a stream, one line at a time: at most
/// [`MAX_PUZZLE_LINE_BYTES`] a line and [`MAX_PUZZLES`] puzzles, so that no
/// input (a device such as `/dev/zero`, a file without line breaks) can
/// hang the reader or exhaust memory. Errors name the line.
pub fn read_suite<R: BufRead>(input: R) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for item in Lines::new(input, MAX_PUZZLE_LINE_BYTES) {
        let (line, l) = item?;
        let trimmed = l.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if puzzles.len() >= MAX_PUZZLES {
            return Err(PuzzleError::TooMany(MAX_PUZZLES));
        }
        let raw: RawPuzzle =
            serde_json::from_str(trimmed).map_err(|source| PuzzleError::Json { line, source })?;
        if !ids.insert(raw.id.clone()) {
            return Err(PuzzleError::DuplicateId { line, id: raw.id });
        }
        puzzles.push(Puzzle::from_raw(raw, line)?);
    }
    Ok(puzzles)
}

/// The shipped suite: every puzzle of `puzzles/*.jsonl`, built in.
pub fn shipped() -> Result<Vec<Puzzle>, PuzzleError> {
    let mut all = Vec::new();
    for (_, text) in SHIPPED {
        all.extend(parse_suite(text)?);
    }
    Ok(all)
}

/// The themes of `puzzles` in order of first appearance.
pub fn themes(puzzles: &[Puzzle]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for p in puzzles {
        if !out.contains(&p.theme) {
            out.push(p.theme.clone());
        }
    }
    out
}

/// What a player did on one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleResult {
    /// The puzzle's id.
    pub id: String,
    /// Its theme.
    pub theme: String,
    /// The move chosen (none when the player failed).
    pub chosen: Option<Coord>,
    /// The credit earned, 0..=1.
    pub credit: f64,
    /// Why the player could not choose, if it failed.
    pub error: Option<String>,
}

impl PuzzleResult {
    /// Whether the move earned the full point.
    pub fn is_solved(&self) -> bool {
        self.credit >= 1.0
    }
}

/// The score on one theme.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ThemeScore {
    /// The theme.
    pub theme: String,
    /// Puzzles solved (full credit).
    pub solved: usize,
    /// Points, partial credit included.
    pub points: f64,
    /// Puzzles in the theme.
    pub total: usize,
}

/// The score of a player on a set of puzzles.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SuiteScore {
    /// Per theme, in order of first appearance.
    pub themes: Vec<ThemeScore>,
    /// Per puzzle, in suite order.
    pub results: Vec<PuzzleResult>,
}

impl SuiteScore {
    /// Puzzles solved over all themes.
    pub fn solved(&self) -> usize {
        self.themes.iter().map(|t| t.solved).sum()
    }

    /// Points over all themes.
    pub fn points(&self) -> f64 {
        self.themes.iter().map(|t| t.points).sum()
    }

    /// Puzzles in all.
    pub fn total(&self) -> usize {
        self.themes.iter().map(|t| t.total).sum()
    }
}

/// The move `factory`'s player chooses on one puzzle, with the seed of its
/// tie-breaks derived from `seed` and the puzzle's id, so that a puzzle gets
/// the same choice whichever puzzles are scored with it (a theme, a board,
/// the whole suite).
pub fn solve(factory: &dyn AgentFactory, puzzle: &Puzzle, seed: u64) -> PuzzleResult {
    let mut rng = rng_from_seed(derive_seed(seed, id_hash(&puzzle.id)));
    let chosen = factory
        .create()
        .and_then(|mut agent| agent.choose(&puzzle.position, &mut rng));
    let (chosen, error) = match chosen {
        Ok(c) => (Some(c), None),
        Err(e) => (None, Some(e.to_string())),
    };
    PuzzleResult {
        id: puzzle.id.clone(),
        theme: puzzle.theme.clone(),
        chosen,
        credit: chosen.map_or(0.0, |c| puzzle.credit(c)),
        error,
    }
}

/// A hash of an id that is the same on every machine and build (FNV-1a).
fn id_hash(id: &str) -> u64 {
    crate::rng::Fnv1a::of(id.as_bytes())
}

/// Scores `factory`'s player on `puzzles` (in parallel; the result does not
/// depend on the threads). Stops early, leaving the rest unscored, when
/// `cancel` is raised; returns `None` then.
pub fn score(
    factory: &dyn AgentFactory,
    puzzles: &[Puzzle],
    seed: u64,
    cancel: &AtomicBool,
) -> Option<SuiteScore> {
    let results: Vec<Option<PuzzleResult>> = puzzles
        .par_iter()
        .map(|p| (!cancel.load(Ordering::Relaxed)).then(|| solve(factory, p, seed)))
        .collect();
    let results: Vec<PuzzleResult> = results.into_iter().collect::<Option<_>>()?;
    Some(tally(results))
}

/// Sums results per theme.
pub fn tally(results: Vec<PuzzleResult>) -> SuiteScore {
    let mut themes: Vec<ThemeScore> = Vec::new();
    for r in &results {
        let at = match themes.iter().position(|t| t.theme == r.theme) {
            Some(at) => at,
            None => {
                themes.push(ThemeScore {
                    theme: r.theme.clone(),
                    solved: 0,
                    points: 0.0,
                    total: 0,
                });
                themes.len() - 1
            }
        };
        if let Some(t) = themes.get_mut(at) {
            t.total += 1;
            t.points += r.credit;
            t.solved += usize::from(r.is_solved());
        }
    }
    SuiteScore { themes, results }
}
