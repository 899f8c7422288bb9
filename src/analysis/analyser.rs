//! The analyser: every legal move of a position valued by the master's
//! search at a fixed node budget, as win chances for the player to move.

use serde::{Deserialize, Serialize};

use super::AnalysisError;
use crate::arena::WinModel;
use crate::bots::Interrupt;
use crate::bots::search::{MAX_DEPTH, SearchConfig, Searcher};
use crate::rules::{Coord, Player, Position};

/// The default node budget per position: about a tenth of a second a
/// position on `5x6` and `9x6` in a release build, depth 4 to 5 (see
/// `docs/analysis.md`).
pub const DEFAULT_NODES: u64 = 200_000;

/// How the analyser searches and how it turns values into win chances.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalyserConfig {
    /// Nodes per position (the search deepens until it has used them).
    pub nodes: u64,
    /// The value-to-win-chance model.
    pub model: WinModel,
}

impl Default for AnalyserConfig {
    fn default() -> AnalyserConfig {
        AnalyserConfig {
            nodes: DEFAULT_NODES,
            model: WinModel::default(),
        }
    }
}

impl AnalyserConfig {
    /// The same analyser with `nodes` per position.
    pub fn with_nodes(self, nodes: u64) -> AnalyserConfig {
        AnalyserConfig {
            nodes: nodes.max(1),
            ..self
        }
    }

    /// The nodes a search of a position on `size` really uses: the budget,
    /// or less where the search's cap of nodes × cells
    /// ([`crate::bots::search::DEFAULT_NODE_CELLS`]) is lower (500,000 on
    /// `20x20`). The command line says when it caps.
    pub fn nodes_on(&self, size: crate::rules::Size) -> u64 {
        let cells = (size.cells() as u64).max(1);
        self.nodes
            .max(1)
            .min(crate::bots::search::DEFAULT_NODE_CELLS / cells)
    }

    /// The search: the master's (move ordering, table, quiescence) with the
    /// balanced value, so that values compare the players, and deepening
    /// until the node budget (or the default cap of node × cells) is spent.
    pub fn search(&self) -> SearchConfig {
        SearchConfig {
            nodes: Some(self.nodes.max(1)),
            balanced: true,
            ..SearchConfig::enhanced(MAX_DEPTH)
        }
    }
}

/// The largest job, in millions of node × cells (moves × node budget ×
/// cells of the board): a few minutes on two cores (a million node-cells
/// takes 10 to 60 ms, more on large boards with long chains). A `9x6` game
/// of 100 moves at the default budget is about 1,100.
pub const MAX_WORK: u64 = 20_000;

/// Refuses a job of `positions` searches of `nodes` each on `size` above
/// [`MAX_WORK`] million node-cells with [`AnalysisError::TooLarge`]: the one
/// check of a game's analysis and of a single position's.
pub fn check_work(
    positions: usize,
    size: crate::rules::Size,
    nodes: u64,
) -> Result<(), AnalysisError> {
    let work = (positions as u64)
        .saturating_mul(nodes)
        .saturating_mul(size.cells() as u64)
        / 1_000_000;
    if work > MAX_WORK {
        return Err(AnalysisError::TooLarge {
            plies: positions,
            size: size.to_string(),
            nodes,
            work,
            limit: MAX_WORK,
        });
    }
    Ok(())
}

/// One legal move with its value.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveEval {
    /// The cell.
    pub cell: Coord,
    /// The search value for the player to move after this move (expert units).
    pub value: i32,
    /// The mover's chance to win after this move.
    pub win_chance: f64,
    /// Whether it is one of the best moves (equal to the best value).
    pub best: bool,
}

/// Every legal move of a position with its value, best first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PositionAnalysis {
    /// The player to move.
    pub mover: Player,
    /// The mover's win chance with best play (that of the best move).
    pub win_chance: f64,
    /// The best value.
    pub value: i32,
    /// Every legal move, best first; equal values in board order.
    pub moves: Vec<MoveEval>,
    /// The deepest completed search iteration.
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
}

impl PositionAnalysis {
    /// The first of the best moves.
    pub fn best(&self) -> Option<&MoveEval> {
        self.moves.first()
    }

    /// The evaluation of the move on `cell`, if it is legal.
    pub fn move_at(&self, cell: Coord) -> Option<&MoveEval> {
        self.moves.iter().find(|m| m.cell == cell)
    }

    /// The win chance the move on `cell` gives away against the best move
    /// (0 for a best move), if it is legal.
    pub fn loss(&self, cell: Coord) -> Option<f64> {
        self.move_at(cell)
            .map(|m| (self.win_chance - m.win_chance).max(0.0))
    }

    /// The best moves' cells.
    pub fn best_cells(&self) -> impl Iterator<Item = Coord> + '_ {
        self.moves.iter().filter(|m| m.best).map(|m| m.cell)
    }
}

/// Values positions: a configuration; each position gets a fresh search.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Analyser {
    config: AnalyserConfig,
}

impl Analyser {
    /// An analyser with `config`.
    pub fn new(config: AnalyserConfig) -> Analyser {
        Analyser { config }
    }

    /// The configuration.
    pub fn config(&self) -> AnalyserConfig {
        self.config
    }

    /// Every legal move of `position` with its value and win chance, best
    /// first. Stops with [`AnalysisError::Cancelled`] when `interrupt`
    /// fires before the first search iteration completed.
    pub fn position(
        &self,
        position: &Position,
        interrupt: &Interrupt,
    ) -> Result<PositionAnalysis, AnalysisError> {
        let mover = position.to_move().ok_or(AnalysisError::GameOver)?;
        check_work(1, position.size(), self.config.nodes_on(position.size()))?;
        let mut searcher = Searcher::new(self.config.search());
        let root = searcher.analyse(position, interrupt).map_err(|e| match e {
            crate::bots::BotError::Interrupted => AnalysisError::Cancelled,
            crate::bots::BotError::NoMove => AnalysisError::GameOver,
            other => AnalysisError::Search(other),
        })?;
        let size = position.size();
        let cells = size.cells();
        let players = position.player_count();
        let top = root.moves.first().map_or(0, |m| m.1);
        let moves: Vec<MoveEval> = root
            .moves
            .iter()
            .map(|&(index, value)| MoveEval {
                cell: size.coord_of(index),
                value,
                win_chance: self.config.model.win_chance(value, cells, players),
                best: value == top,
            })
            .collect();
        Ok(PositionAnalysis {
            mover,
            win_chance: moves.first().map_or(0.0, |m| m.win_chance),
            value: top,
            moves,
            depth: root.depth,
            nodes: root.nodes,
        })
    }
}
