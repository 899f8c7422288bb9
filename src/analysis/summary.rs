//! Per-player sums of an analysed game or match: how many moves of each
//! quality, the mean win chance given away per move, and an accuracy.

use serde::Serialize;

use super::{GameAnalysis, MoveQuality};

/// The moves of one player (or one side of a match) summed up.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PlayerSummary {
    /// The player's label.
    pub player: String,
    /// Moves counted (the shared opening left out).
    pub moves: usize,
    /// Moves that were among the best.
    pub best: usize,
    /// Inaccuracies.
    pub inaccuracies: usize,
    /// Mistakes.
    pub mistakes: usize,
    /// Blunders.
    pub blunders: usize,
    /// The mean win chance given away per move (0..1).
    pub mean_loss: f64,
    /// `100 × (1 − mean_loss)`: 100 when every move kept the best chance.
    pub accuracy: f64,
    #[serde(skip)]
    total_loss: f64,
}

impl PlayerSummary {
    /// An empty summary for `player`.
    pub fn new(player: impl Into<String>) -> PlayerSummary {
        PlayerSummary {
            player: player.into(),
            accuracy: 100.0,
            ..PlayerSummary::default()
        }
    }

    /// Counts one move.
    pub fn add(&mut self, quality: MoveQuality, loss: f64) {
        self.moves += 1;
        match quality {
            MoveQuality::Best => self.best += 1,
            MoveQuality::Good => {}
            MoveQuality::Inaccuracy => self.inaccuracies += 1,
            MoveQuality::Mistake => self.mistakes += 1,
            MoveQuality::Blunder => self.blunders += 1,
        }
        self.total_loss += loss;
        self.mean_loss = self.total_loss / self.moves as f64;
        self.accuracy = 100.0 * (1.0 - self.mean_loss);
    }
}

/// Adds the moves of `game` to `summaries`: the move of seat `k` goes to the
/// summary `label_of(k)` names (created when missing, in order of first
/// appearance). Opening moves are left out.
pub fn summarise(
    summaries: &mut Vec<PlayerSummary>,
    game: &GameAnalysis,
    label_of: impl Fn(usize) -> String,
) {
    for ply in game.plies.iter().filter(|p| !p.opening) {
        let label = label_of(ply.mover().index());
        let at = match summaries.iter().position(|s| s.player == label) {
            Some(at) => at,
            None => {
                summaries.push(PlayerSummary::new(label));
                summaries.len() - 1
            }
        };
        if let Some(s) = summaries.get_mut(at) {
            s.add(ply.quality, ply.loss);
        }
    }
}
