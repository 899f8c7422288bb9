//! The players of a class tournament: submissions (found in a folder or
//! named on the command line) and references, each with a unique short
//! label, and what keeps a submission from playing.
//!
//! Invariant: building an entrant never fails because of the submission. A
//! strategy that does not load or compile, a manifest with errors, or a
//! program that fails its start check ([`probe`]) becomes an entrant with a
//! [`Problem`] whose factory fails at once, so every game it plays is
//! forfeited with the reason in the game record, and the tournament goes on.

use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::discover::{Submission, SubmissionKind};
use crate::bots::external::EngineLog;
use crate::bots::graph::GraphFactory;
use crate::bots::{Agent, AgentFactory, BotError, EngineFactory, EngineSpec, PlayerContext};
use crate::input::{is_same_file, printable};
use crate::strategy::Strategy;

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
        let factory: Arc<dyn AgentFactory> = if factory.label() == label {
            factory
        } else {
            Arc::new(Relabeled {
                label: label.clone(),
                inner: factory,
            })
        };
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

/// A factory shown under another label.
struct Relabeled {
    label: String,
    inner: Arc<dyn AgentFactory>,
}

impl AgentFactory for Relabeled {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn create(&self) -> Result<Box<dyn Agent>, BotError> {
        self.inner.create()
    }

    fn is_deterministic(&self) -> bool {
        self.inner.is_deterministic()
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

/// Unique labels for `submissions`, none of them in `taken`: the short name
/// (a strategy file's stem, a program's or folder's name), or where two would
/// be the same the full name (`alice.json`, `alice/`), numbered if need be.
pub fn labels(submissions: &[Submission], taken: &[String]) -> Vec<String> {
    let short: Vec<String> = submissions.iter().map(short_name).collect();
    let mut used: HashSet<String> = taken.iter().cloned().collect();
    let mut out = Vec::with_capacity(submissions.len());
    for (k, s) in submissions.iter().enumerate() {
        let candidate = &short[k];
        let clash =
            used.contains(candidate) || short.iter().filter(|x| *x == candidate).count() > 1;
        let mut label = if clash {
            long_name(s)
        } else {
            candidate.clone()
        };
        let base = label.clone();
        let mut n = 2;
        while used.contains(&label) {
            label = format!("{base} ({n})");
            n += 1;
        }
        used.insert(label.clone());
        out.push(label);
    }
    out
}

/// `name` printable and cut to [`MAX_LABEL_CHARS`].
fn clean(name: &str) -> String {
    let shown = printable(name);
    if shown.chars().count() <= MAX_LABEL_CHARS {
        return shown.into_owned();
    }
    let mut cut: String = shown.chars().take(MAX_LABEL_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// The label a submission would like.
fn short_name(s: &Submission) -> String {
    match s.kind {
        SubmissionKind::Strategy => clean(
            Path::new(&s.name)
                .file_stem()
                .map_or(s.name.as_str(), |n| n.to_str().unwrap_or(&s.name)),
        ),
        _ => clean(&s.name),
    }
}

/// The label of a submission whose short name clashes.
fn long_name(s: &Submission) -> String {
    match s.kind {
        SubmissionKind::Strategy | SubmissionKind::Program => clean(&s.name),
        SubmissionKind::Manifest | SubmissionKind::FolderStrategy => clean(&format!("{}/", s.name)),
    }
}

/// Where engines' stderr logs go: one file per entrant, named after its label.
#[derive(Debug, Default)]
pub struct Logs {
    context: PlayerContext,
    used: HashSet<String>,
    inputs: Vec<PathBuf>,
}

impl Logs {
    /// Logs as `context` says (none without a records file); a log is
    /// never written over one of `inputs`.
    pub fn new(context: PlayerContext, inputs: Vec<PathBuf>) -> Logs {
        Logs {
            context,
            used: HashSet::new(),
            inputs,
        }
    }

    /// The path of the log of `label`, unique in this run; `None` without logs.
    pub fn path_for(&mut self, label: &str) -> Option<PathBuf> {
        let (dir, prefix) = self.context.logs.as_ref()?;
        let mut slug: String = label
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' {
                    c
                } else {
                    '-'
                }
            })
            .collect::<String>()
            .split('-')
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        slug.truncate(60);
        let base = if slug.is_empty() {
            "player".to_string()
        } else {
            slug
        };
        let mut name = base.clone();
        let mut n = 2;
        while !self.used.insert(name.clone()) {
            name = format!("{base}-{n}");
            n += 1;
        }
        Some(dir.join(format!("{prefix}{name}.stderr.log")))
    }

    /// The log of `label`, created empty.
    fn open(&mut self, label: &str) -> Result<Option<Arc<EngineLog>>, LogError> {
        let Some(path) = self.path_for(label) else {
            return Ok(None);
        };
        if self.inputs.iter().any(|i| is_same_file(i, &path)) {
            return Err(LogError::Input { path });
        }
        EngineLog::create(&path)
            .map(|log| Some(Arc::new(log)))
            .map_err(|source| LogError::Write { path, source })
    }
}

/// An engine log that cannot be written (a problem of the run, not of the
/// submission).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LogError {
    /// The file cannot be created.
    #[error("cannot write the engine log {}: {source}", .path.display())]
    Write {
        /// The log file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The log would overwrite an input of the run.
    #[error(
        "the engine log {} would overwrite an input of this run; choose another --records file",
        .path.display()
    )]
    Input {
        /// The log file.
        path: PathBuf,
    },
}

/// The entrant of a submission found in a folder, labelled `label`; a
/// submission that does not load becomes an entrant with its problem.
pub fn from_submission(
    s: &Submission,
    label: String,
    logs: &mut Logs,
) -> Result<Entrant, LogError> {
    let origin = Origin::Found(s.clone());
    let loaded = match s.kind {
        SubmissionKind::Strategy | SubmissionKind::FolderStrategy => {
            strategy(&s.path, &label).map(|(f, note)| (f, note, false))
        }
        SubmissionKind::Program => program(&s.path, &label, logs)?.map(|f| (f, None, true)),
        SubmissionKind::Manifest => manifest(&s.path, &label, logs)?.map(|(f, n)| (f, n, true)),
    };
    Ok(match loaded {
        Ok((factory, note, is_program)) => {
            let mut e = Entrant::from_factory(label, Role::Submission, origin, factory, is_program);
            e.note = note;
            e
        }
        Err(error) => Entrant::unusable(
            label,
            Role::Submission,
            origin,
            Problem {
                stage: Stage::Load,
                error: Arc::new(error),
            },
        ),
    })
}

/// A strategy file's factory and the strategy's own name.
fn strategy(path: &Path, label: &str) -> Result<(Arc<dyn AgentFactory>, Option<String>), BotError> {
    let s = Strategy::load(path).map_err(|source| BotError::Strategy {
        path: path.to_path_buf(),
        source,
    })?;
    let factory = GraphFactory::new(label, &s)?;
    let name = s.name.trim().to_string();
    Ok((Arc::new(factory), (!name.is_empty()).then_some(name)))
}

/// An executable's factory: the program runs in its folder.
fn program(
    path: &Path,
    label: &str,
    logs: &mut Logs,
) -> Result<Result<Arc<dyn AgentFactory>, BotError>, LogError> {
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let quoted = format!("'{}'", absolute.to_string_lossy().replace('\'', r"'\''"));
    let mut spec = match EngineSpec::from_command_line(&quoted) {
        Ok(spec) => spec,
        Err(e) => return Ok(Err(e.into())),
    };
    spec.label = label.to_string();
    spec.launch.program = absolute.clone();
    spec.launch.dir = absolute.parent().map(Path::to_path_buf);
    spec.log = logs.open(label)?;
    Ok(Ok(Arc::new(EngineFactory(Arc::new(spec)))))
}

/// A manifest's factory and the name it gives.
#[allow(clippy::type_complexity)]
fn manifest(
    path: &Path,
    label: &str,
    logs: &mut Logs,
) -> Result<Result<(Arc<dyn AgentFactory>, Option<String>), BotError>, LogError> {
    let mut spec = match EngineSpec::from_manifest(path) {
        Ok(spec) => spec,
        Err(e) => return Ok(Err(e.into())),
    };
    let folder = path.parent().and_then(Path::file_name);
    let note = folder
        .is_none_or(|f| f.to_string_lossy() != spec.label)
        .then(|| spec.label.clone());
    spec.label = label.to_string();
    spec.log = logs.open(label)?;
    Ok(Ok((Arc::new(EngineFactory(Arc::new(spec))), note)))
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
