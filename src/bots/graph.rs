//! Strategy graphs as players: a compiled program chooses by the evaluation
//! contract ([`GraphPlayer`]), or orders the moves of a search
//! ([`GraphGuide`], the `graph=` option of `bot:expert` and `bot:master`).

use std::path::Path;
use std::sync::Arc;

use rand::Rng;

use super::search::{MoveGuide, SearchConfig, SearchPlayer, sort_by_value};
use super::{Agent, AgentFactory, BotError, Interrupt};
use crate::eval::{Evaluator, Program, pick_best};
use crate::rng::{GameRng, derive_seed};
use crate::rules::{Coord, MAX_CELLS, Position};
use crate::strategy::Strategy;

/// A player that plays the best-valued cell of a strategy graph.
#[derive(Clone, Debug)]
pub struct GraphPlayer {
    name: String,
    evaluator: Evaluator,
}

impl GraphPlayer {
    /// A player for a compiled program.
    pub fn new(name: impl Into<String>, program: Arc<Program>) -> GraphPlayer {
        GraphPlayer {
            name: name.into(),
            evaluator: Evaluator::new(program),
        }
    }
}

impl Agent for GraphPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose_within(
        &mut self,

        position: &Position,

        rng: &mut GameRng,

        _interrupt: &Interrupt,
    ) -> Result<Coord, BotError> {
        self.evaluator
            .choose(position, rng)
            .map_err(|source| BotError::Eval {
                name: self.name.clone(),
                source,
            })
    }
}

/// Makes players of one compiled strategy (the program is shared, not copied).
#[derive(Clone, Debug)]
pub struct GraphFactory {
    label: String,
    program: Arc<Program>,
}

impl GraphFactory {
    /// Compiles `strategy`; fails with its validation errors.
    pub fn new(label: impl Into<String>, strategy: &Strategy) -> Result<GraphFactory, BotError> {
        let label = label.into();
        match Program::compile(strategy) {
            Ok(program) => Ok(GraphFactory::from_program(label, Arc::new(program))),
            Err(source) => Err(BotError::Compile { label, source }),
        }
    }

    /// Players of an already compiled `program` (shared, e.g. with a heat map).
    pub fn from_program(label: impl Into<String>, program: Arc<Program>) -> GraphFactory {
        GraphFactory {
            label: label.into(),
            program,
        }
    }
}

impl AgentFactory for GraphFactory {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        Ok(Box::new(GraphPlayer::new(
            self.label.clone(),
            Arc::clone(&self.program),
        )))
    }
}

/// Loads and compiles a strategy file; the label is the file's stem.
pub fn file_factory(path: &Path) -> Result<Arc<dyn AgentFactory>, BotError> {
    let strategy = Strategy::load(path).map_err(|source| BotError::Strategy {
        path: path.to_path_buf(),
        source,
    })?;
    let label = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| strategy.name.clone());
    Ok(Arc::new(GraphFactory::new(label, &strategy)?))
}

/// A strategy graph as the [`MoveGuide`] of a search: moves ordered by the
/// cell values the graph gives them for the player to move, as the
/// evaluation contract counts them (below 0 counts as 0), then by the raw
/// value, then by a key drawn from the search's seed.
///
/// At the root it draws from the game's rng exactly as [`GraphPlayer`] does
/// (a seed for the Random nodes, then one draw among the best cells) and puts
/// that player's move first: a search of width 1 plays the graph's move. The
/// inner nodes' seeds derive from the root's seed and a count of the nodes
/// ordered, so a game replays from its seed. Nothing is allocated per node:
/// the evaluator and the sort keys are reused.
#[derive(Clone, Debug)]
pub struct GraphGuide {
    name: String,
    evaluator: Evaluator,
    seed: u64,
    nodes: u64,
    keys: Vec<(i64, i64, u64)>,
}

impl GraphGuide {
    /// A guide for a compiled program; `name` names it in errors.
    pub fn new(name: impl Into<String>, program: Arc<Program>) -> GraphGuide {
        GraphGuide {
            name: name.into(),
            evaluator: Evaluator::new(program),
            seed: 0,
            nodes: 0,
            keys: Vec::with_capacity(MAX_CELLS),
        }
    }

    /// Values `moves` with the Random nodes fed by `seed` and sorts them best
    /// first. A compiled graph values every legal move of a game not over
    /// (the search's inner nodes), so the error, which leaves the moves as
    /// they are, does not arise there.
    fn sort(&mut self, position: &Position, moves: &mut [u16], seed: u64) {
        if let Ok(values) = self.evaluator.values(position, seed, moves) {
            sort_by_keys(&mut self.keys, values, moves, seed);
        }
    }
}

/// Sorts `moves` best first by their `values` (below 0 as 0, then the raw
/// value, then a tie-break drawn from `seed` and the move), in `keys`.
fn sort_by_keys(keys: &mut Vec<(i64, i64, u64)>, values: &[i64], moves: &mut [u16], seed: u64) {
    keys.clear();
    keys.extend(
        values
            .iter()
            .zip(moves.iter())
            .map(|(&v, &m)| (v.max(0), v, derive_seed(seed, u64::from(m)))),
    );
    sort_by_value(moves, keys);
}

impl MoveGuide for GraphGuide {
    fn order_root(
        &mut self,
        position: &Position,
        moves: &mut [u16],
        rng: &mut GameRng,
    ) -> Result<(), BotError> {
        let error = |name: &str, source| BotError::Eval {
            name: name.to_string(),
            source,
        };
        self.seed = rng.next_u64();
        self.nodes = 0;
        let size = position.size();
        let values = self
            .evaluator
            .values(position, self.seed, moves)
            .map_err(|e| error(&self.name, e))?;
        // The graph player's own choice, with its draw from `rng`; then the
        // order, from the same values.
        let first = pick_best(values, moves, size, rng).map(|c| size.index(c));
        sort_by_keys(&mut self.keys, values, moves, self.seed);
        if let Some(at) = first.and_then(|f| moves.iter().position(|&m| usize::from(m) == f))
            && let Some(front) = moves.get_mut(..=at)
        {
            front.rotate_right(1);
        }
        Ok(())
    }

    #[inline]
    fn order(&mut self, position: &Position, moves: &mut [u16]) {
        self.nodes += 1;
        let seed = derive_seed(self.seed, self.nodes);
        self.sort(position, moves, seed);
    }
}

/// A search player called `label` with `config`, guided by the compiled
/// graph `guide` if given (the caller has applied [`SearchConfig::guided`]
/// and its options to `config`).
pub fn search_player(
    label: String,
    config: SearchConfig,
    guide: Option<&Arc<Program>>,
) -> Box<dyn Agent> {
    match guide {
        Some(program) => {
            let guide = GraphGuide::new(label.clone(), Arc::clone(program));
            Box::new(SearchPlayer::guided(label, config, Box::new(guide)))
        }
        None => Box::new(SearchPlayer::new(label, config)),
    }
}
