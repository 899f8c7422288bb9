//! Analysing a whole game: every position before a move is valued (in
//! parallel: positions are independent), and each move played is graded by its quality
//! the win chance it gave away. [`GameSteps`] does the same one position per
//! step on the caller's thread (the web page analyses a few per frame); both
//! check the game with `plan` and value a position with `analyse_ply`, so
//! they give the same analysis.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::{Analyser, AnalysisError, MoveQuality, PositionAnalysis};
use crate::arena::GameRecord;
use crate::bots::Interrupt;
use crate::rules::{Coord, Player, Position, Size};

use super::analyser::check_work;

/// One move of a game with the analysis of the position before it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyAnalysis {
    /// The move's index in the game, from 0.
    pub ply: usize,
    /// The cell played.
    pub played: Coord,
    /// Whether the move belongs to the shared random opening (not chosen by
    /// the player: left out of the summaries).
    pub opening: bool,
    /// The win chance the move gave away against the best move.
    pub loss: f64,
    /// How good it was (written as `class` in JSON, as chess tools do).
    #[serde(rename = "class")]
    pub quality: MoveQuality,
    /// The position before the move, every legal move valued.
    pub position: PositionAnalysis,
}

impl PlyAnalysis {
    /// The player who made the move.
    pub fn mover(&self) -> Player {
        self.position.mover
    }

    /// The mover's win chance after the move played.
    pub fn win_chance_after(&self) -> f64 {
        self.position
            .move_at(self.played)
            .map_or(0.0, |m| m.win_chance)
    }
}

/// Every move of a game, analysed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameAnalysis {
    /// The board size.
    #[serde(serialize_with = "as_text", deserialize_with = "size_from_text")]
    pub size: Size,
    /// The number of players.
    pub players: usize,
    /// The moves in order.
    pub plies: Vec<PlyAnalysis>,
    /// The winner of the final position, if the game ended.
    pub winner: Option<Player>,
}

fn as_text<S: serde::Serializer>(size: &Size, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(size)
}

fn size_from_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Size, D::Error> {
    let text = <std::borrow::Cow<'de, str> as Deserialize>::deserialize(d)?;
    text.parse().map_err(serde::de::Error::custom)
}

impl GameAnalysis {
    /// The win chance of `player` before move `ply` (from 0; `plies.len()`
    /// is the final position). Known for the player to move; with two
    /// players also for the other one (the complement).
    pub fn win_chance(&self, ply: usize, player: Player) -> Option<f64> {
        let Some(at) = self.plies.get(ply) else {
            return (ply == self.plies.len())
                .then(|| self.winner.map(|w| if w == player { 1.0 } else { 0.0 }))
                .flatten();
        };
        if at.mover() == player {
            Some(at.position.win_chance)
        } else if self.players == 2 {
            Some(1.0 - at.position.win_chance)
        } else {
            None
        }
    }

    /// The first marked move (inaccuracy or worse) after `ply`, wrapping
    /// around to the start; `None` when no move is marked.
    pub fn next_marked(&self, ply: Option<usize>) -> Option<usize> {
        let start = ply.map_or(0, |p| p + 1);
        let n = self.plies.len();
        (0..n).map(|k| (start + k) % n.max(1)).find(|&k| {
            self.plies
                .get(k)
                .is_some_and(|p| p.quality.is_marked() && !p.opening)
        })
    }
}

/// Checks `moves` from `start`, then analyses every position before a
/// move. `opening` moves at the start are marked as such. `progress` is
/// called with (done, total) as positions finish (from worker threads);
/// raising `cancel` stops the run with [`AnalysisError::Cancelled`]. Jobs
/// above [`super::MAX_WORK`] are refused with [`AnalysisError::TooLarge`].
pub fn analyse_game(
    analyser: &Analyser,
    game: u64,
    start: &Position,
    moves: &[Coord],
    opening: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &Arc<AtomicBool>,
) -> Result<GameAnalysis, AnalysisError> {
    let plan = plan(analyser, game, start, moves)?;
    let done = AtomicUsize::new(0);
    let total = moves.len();
    progress(0, total);
    let interrupt = Interrupt::on_flag(Arc::clone(cancel));
    let plies = plan
        .positions
        .par_iter()
        .zip(moves.par_iter())
        .enumerate()
        .map(|(ply, (before, &played))| {
            if cancel.load(Ordering::Relaxed) {
                return Err(AnalysisError::Cancelled);
            }
            let analysis = analyse_ply(analyser, ply, before, played, opening, &interrupt)?;
            if cancel.load(Ordering::Relaxed) {
                return Err(AnalysisError::Cancelled);
            }
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
            Ok(analysis)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(plan.finish(start, plies))
}

/// A game checked for analysis: the position before every move.
struct Plan {
    positions: Vec<Position>,
    end: Position,
}

impl Plan {
    fn finish(self, start: &Position, plies: Vec<PlyAnalysis>) -> GameAnalysis {
        GameAnalysis {
            size: start.size(),
            players: start.player_count(),
            plies,
            winner: self.end.winner(),
        }
    }
}

/// The analysis of the position before move `ply` (`played`).
fn analyse_ply(
    analyser: &Analyser,
    ply: usize,
    before: &Position,
    played: Coord,
    opening: usize,
    interrupt: &Interrupt,
) -> Result<PlyAnalysis, AnalysisError> {
    let analysis = analyser.position(before, interrupt)?;
    Ok(annotate(ply, played, ply < opening, analysis))
}

/// Plays `moves` from `start` (an error names an illegal one) and checks
/// that the job is not too large.
fn plan(
    analyser: &Analyser,
    game: u64,
    start: &Position,
    moves: &[Coord],
) -> Result<Plan, AnalysisError> {
    let mut positions = Vec::with_capacity(moves.len());
    let mut position = *start;
    for (ply, &coord) in moves.iter().enumerate() {
        positions.push(position);
        position
            .play(coord)
            .map_err(|source| AnalysisError::IllegalMove {
                game,
                ply: ply + 1,
                coord,
                source,
            })?;
    }
    let size = start.size();
    check_work(moves.len(), size, analyser.config().nodes_on(size))?;
    Ok(Plan {
        positions,
        end: position,
    })
}

/// A game analysed one position per [`step`](GameSteps::step), in order,
/// with the result of [`analyse_game`].
pub struct GameSteps {
    analyser: Analyser,
    start: Position,
    moves: Vec<Coord>,
    opening: usize,
    plan: Option<Plan>,
    plies: Vec<PlyAnalysis>,
    interrupt: Interrupt,
}

impl GameSteps {
    /// Checks the game as [`analyse_game`] does (an illegal move, too large
    /// a job); `cancel` stops the analysis at the next step.
    pub fn new(
        analyser: Analyser,
        game: u64,
        start: &Position,
        moves: Vec<Coord>,
        opening: usize,
        cancel: &Arc<AtomicBool>,
    ) -> Result<GameSteps, AnalysisError> {
        let plan = plan(&analyser, game, start, &moves)?;
        Ok(GameSteps {
            analyser,
            start: *start,
            opening,
            plies: Vec::with_capacity(moves.len()),
            moves,
            plan: Some(plan),
            interrupt: Interrupt::on_flag(Arc::clone(cancel)),
        })
    }

    /// Positions analysed so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.plies.len(), self.moves.len())
    }

    /// Analyses the next position; the whole analysis (or why not) once
    /// every position is done or the analysis was cancelled, `None` before
    /// and after.
    pub fn step(&mut self) -> Option<Result<GameAnalysis, AnalysisError>> {
        let ply = self.plies.len();
        if self.interrupt.is_raised() {
            self.plan = None;
            return Some(Err(AnalysisError::Cancelled));
        }
        let plan = self.plan.as_ref()?;
        if let (Some(before), Some(&played)) = (plan.positions.get(ply), self.moves.get(ply)) {
            let analysed = analyse_ply(
                &self.analyser,
                ply,
                before,
                played,
                self.opening,
                &self.interrupt,
            );
            match analysed {
                Ok(analysis) => self.plies.push(analysis),
                Err(e) => {
                    self.plan = None;
                    return Some(Err(e));
                }
            }
            if self.plies.len() < self.moves.len() {
                return None;
            }
        }
        let plan = self.plan.take()?;
        Some(Ok(plan.finish(&self.start, std::mem::take(&mut self.plies))))
    }
}

/// The analysis of a recorded game (its opening marked).
pub fn analyse_record(
    analyser: &Analyser,
    record: &GameRecord,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &Arc<AtomicBool>,
) -> Result<GameAnalysis, AnalysisError> {
    let start = record.start()?;
    analyse_game(
        analyser,
        record.game,
        &start,
        &record.moves,
        record.opening as usize,
        progress,
        cancel,
    )
}

/// A move classed against the analysis of the position before it.
fn annotate(ply: usize, played: Coord, opening: bool, position: PositionAnalysis) -> PlyAnalysis {
    let best = position.move_at(played).is_some_and(|m| m.best);
    // Rounded to a tenth of a per cent, as printed, so that a loss shown as
    // 10.0% is classed as the 10% threshold says.
    let loss = (position.loss(played).unwrap_or(0.0) * 1000.0).round() / 1000.0;
    PlyAnalysis {
        ply,
        played,
        opening,
        loss,
        quality: MoveQuality::of(loss, best),
        position,
    }
}
