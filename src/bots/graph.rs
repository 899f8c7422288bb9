//! Strategy graphs as players: a compiled program chooses by the evaluation contract.

use std::path::Path;
use std::sync::Arc;

use super::{Agent, AgentFactory, BotError, Interrupt};
use crate::eval::{Evaluator, Program};
use crate::rng::GameRng;
use crate::rules::{Coord, Position};
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
