//! The players of a class tournament: submissions (found in a folder or
//! named on the command line) and references, each with a unique short
//! label, and what keeps a submission from playing.
//!
//! Invariant: building an entrant never fails because of the submission. A
//! strategy that does not load or compile, a manifest with errors, or a
//! program that fails its start check ([`probe`]) becomes an entrant with a
//! [`Problem`] whose factory fails at once, so every game it plays is
//! forfeited with the reason in the game record, and the tournament goes on.

use std::fmt;
use std::sync::Arc;

use super::discover::Submission;
use crate::bots::{Agent, AgentFactory, BotError, relabel};

/// The longest label made from a file or folder name, in characters.
pub const MAX_LABEL_CHARS: usize = 40;

/// The part an entrant plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Role {
    /// A submission: graded against the references.
    Submission,
    /// A reference player with a pass mark in percent.
    Reference {
        /// The score a submission needs against it, in percent.
        pass: f64,
    },
}

/// Where an entrant comes from.
#[derive(Clone, Debug)]
pub enum Origin {
    /// A player spec given on the command line.
    Spec(String),
    /// A submission found in a folder.
    Found(Submission),
}

impl fmt::Display for Origin {
    /// The spec as given, or the file found and what kind of player it is
    /// (`subs/alice.json (strategy)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Spec(spec) => write!(f, "{spec}"),
            Origin::Found(s) => write!(f, "{} ({})", s.path.display(), s.kind.word()),
        }
    }
}

/// At which step a submission failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Reading or compiling it (a strategy file, a manifest).
    Load,
    /// Starting it once before the games (a program).
    Start,
}

/// Why a submission cannot play: every game it plays is forfeited.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The step that failed.
    pub stage: Stage,
    /// The error.
    pub error: Arc<BotError>,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.stage {
            Stage::Load => write!(f, "does not load: {}", self.error),
            Stage::Start => write!(f, "does not start: {}", self.error),
        }
    }
}

impl std::error::Error for Problem {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.error)
    }
}

/// One player of a class tournament.
#[derive(Clone)]
pub struct Entrant {
    /// The unique short name in tables and game records.
    pub label: String,
    /// Submission or reference.
    pub role: Role,
    /// Where it comes from.
    pub origin: Origin,
    /// Makes its players (fails at once when there is a problem).
    pub factory: Arc<dyn AgentFactory>,
    /// Why it cannot play, if it cannot.
    pub problem: Option<Problem>,
    /// The name it gives itself (a manifest's or strategy's name), if any.
    pub note: Option<String>,
    /// Whether it runs as a program (and so is started once by [`probe`]).
    pub is_program: bool,
}

impl Entrant {
    /// An entrant of an already resolved player `factory`, shown as `label`.
    pub fn from_factory(
        label: String,
        role: Role,
        origin: Origin,
        factory: Arc<dyn AgentFactory>,
        is_program: bool,
    ) -> Entrant {
        let factory = relabel(factory, label.clone());
        Entrant {
            label,
            role,
            origin,
            factory,
            problem: None,
            note: None,
            is_program,
        }
    }

    /// An entrant that cannot play because of `problem`: every game it
    /// plays is forfeited with that reason.
    pub fn unusable(label: String, role: Role, origin: Origin, problem: Problem) -> Entrant {
        Entrant {
            factory: Arc::new(Unusable {
                label: label.clone(),
                problem: problem.clone(),
            }),
            label,
            role,
            origin,
            problem: Some(problem),
            note: None,
            is_program: false,
        }
    }

    /// Whether it is a reference.
    pub fn is_reference(&self) -> bool {
        matches!(self.role, Role::Reference { .. })
    }

    /// Marks it as unable to play because of `problem`.
    fn fail(&mut self, problem: Problem) {
        self.factory = Arc::new(Unusable {
            label: self.label.clone(),
            problem: problem.clone(),
        });
        self.problem = Some(problem);
    }
}

/// The factory of a submission that cannot play: it fails with its problem.
struct Unusable {
    label: String,
    problem: Problem,
}

impl AgentFactory for Unusable {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        Err(BotError::Other(Box::new(self.problem.clone())))
    }
}

/// Starts every program among `entrants` once (several at a time) and
/// marks those that cannot start or fail the handshake, so that their games
/// are forfeited at once instead of each waiting for the same failure.
pub fn probe(entrants: &mut [Entrant]) {
    const AT_ONCE: usize = 8;
    let mut waiting: Vec<&mut Entrant> = entrants
        .iter_mut()
        .filter(|e| e.is_program && e.problem.is_none())
        .collect();
    for chunk in waiting.chunks_mut(AT_ONCE) {
        let errors: Vec<Option<BotError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = chunk
                .iter()
                .map(|e| {
                    let factory = Arc::clone(&e.factory);
                    scope.spawn(move || factory.create().err())
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Some(BotError::Other("panicked while starting".into())))
                })
                .collect()
        });
        for (e, error) in chunk.iter_mut().zip(errors) {
            if let Some(error) = error {
                e.fail(Problem {
                    stage: Stage::Start,
                    error: Arc::new(error),
                });
            }
        }
    }
}
