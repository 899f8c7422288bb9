//! Making the entrants of submissions found in a folder: unique short
//! labels from file and folder names, a player for each kind of submission
//! (a submission that does not load becomes an entrant with its problem),
//! and engines' stderr logs beside the game records.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::discover::{Submission, SubmissionKind};
use super::entrant::{Entrant, MAX_LABEL_CHARS, Origin, Problem, Role, Stage};
use super::error::LogError;
use crate::arena::unique_label;
use crate::bots::external::EngineLog;
use crate::bots::graph::GraphFactory;
use crate::bots::{AgentFactory, BotError, EngineFactory, EngineSpec, PlayerContext};
use crate::input::{is_same_file, printable};
use crate::strategy::Strategy;

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
        let base = if clash {
            long_name(s)
        } else {
            candidate.clone()
        };
        let label = unique_label(&base, |l| used.contains(l));
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
        let base = PlayerContext::log_name(label);
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

/// The entrant of a submission found in a folder, labelled `label`; a
/// submission that does not load becomes an entrant with its problem.
pub fn from_submission(
    s: &Submission,
    label: String,
    logs: &mut Logs,
) -> Result<Entrant, LogError> {
    let origin = Origin::Found(s.clone());
    let loaded = match s.kind {
        SubmissionKind::Strategy | SubmissionKind::FolderStrategy => strategy(&s.path, &label),
        SubmissionKind::Program => program(&s.path),
        SubmissionKind::Manifest => manifest(&s.path),
    };
    let (factory, note, is_program): (Arc<dyn AgentFactory>, _, _) = match loaded {
        Ok(Loaded::Strategy(factory, note)) => (factory, note, false),
        Ok(Loaded::Engine(mut spec, note)) => {
            spec.label = label.clone();
            spec.log = logs.open(&label)?;
            (Arc::new(EngineFactory(Arc::new(spec))), note, true)
        }
        Err(error) => {
            let problem = Problem {
                stage: Stage::Load,
                error: Arc::new(error),
            };
            return Ok(Entrant::unusable(label, Role::Submission, origin, problem));
        }
    };
    let mut e = Entrant::from_factory(label, Role::Submission, origin, factory, is_program);
    e.note = note;
    Ok(e)
}

/// A submission that loaded, with the name it gives itself.
enum Loaded {
    /// A compiled strategy.
    Strategy(Arc<dyn AgentFactory>, Option<String>),
    /// A program (its log is opened by the caller).
    Engine(EngineSpec, Option<String>),
}

/// A strategy file's factory and the strategy's own name.
fn strategy(path: &Path, label: &str) -> Result<Loaded, BotError> {
    let s = Strategy::load(path).map_err(|source| BotError::Strategy {
        path: path.to_path_buf(),
        source,
    })?;
    let factory = GraphFactory::new(label, &s)?;
    let name = s.name.trim().to_string();
    Ok(Loaded::Strategy(
        Arc::new(factory),
        (!name.is_empty()).then_some(name),
    ))
}

/// An executable: the program runs in its folder.
fn program(path: &Path) -> Result<Loaded, BotError> {
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let quoted = format!("'{}'", absolute.to_string_lossy().replace('\'', r"'\''"));
    let mut spec = EngineSpec::from_command_line(&quoted)?;
    spec.launch.program = absolute.clone();
    spec.launch.dir = absolute.parent().map(Path::to_path_buf);
    Ok(Loaded::Engine(spec, None))
}

/// A manifest, and the name it gives when that is not its folder's.
fn manifest(path: &Path) -> Result<Loaded, BotError> {
    let spec = EngineSpec::from_manifest(path)?;
    let folder = path.parent().and_then(Path::file_name);
    let note = folder
        .is_none_or(|f| f.to_string_lossy() != spec.label)
        .then(|| spec.label.clone());
    Ok(Loaded::Engine(spec, note))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(name: &str, kind: SubmissionKind) -> Submission {
        Submission {
            name: name.to_string(),
            kind,
            path: PathBuf::from(name),
        }
    }

    #[test]
    fn labels_are_short_unique_and_printable() {
        let subs = [
            found("alice.json", SubmissionKind::Strategy),
            found("alice", SubmissionKind::Manifest),
            found("bob.json", SubmissionKind::Strategy),
            found("carol", SubmissionKind::Program),
            found("line\nbreak.json", SubmissionKind::Strategy),
            found(
                &format!("{}.json", "x".repeat(80)),
                SubmissionKind::Strategy,
            ),
        ];
        let taken = vec!["bob".to_string()];
        let got = labels(&subs, &taken);
        assert_eq!(got[0], "alice.json");
        assert_eq!(got[1], "alice/");
        assert_eq!(got[2], "bob.json");
        assert_eq!(got[3], "carol");
        assert_eq!(got[4], "line\\nbreak");
        assert_eq!(got[5].chars().count(), MAX_LABEL_CHARS);
        assert!(got[5].ends_with('…'));
        // Two folders of the same name in two class folders.
        let twins = [
            found("dave", SubmissionKind::Manifest),
            found("dave", SubmissionKind::Manifest),
        ];
        assert_eq!(labels(&twins, &[]), ["dave/", "dave/ (2)"]);
    }

    #[test]
    fn log_files_are_named_after_unique_slugs() {
        let mut logs = Logs::new(PlayerContext::beside(Path::new("out/g.jsonl")), Vec::new());
        let a = logs.path_for("a b").unwrap();
        let b = logs.path_for("a-b").unwrap();
        assert_eq!(a, Path::new("out/g.jsonl.a-b.stderr.log"));
        assert_eq!(b, Path::new("out/g.jsonl.a-b-2.stderr.log"));
        assert_eq!(
            logs.path_for("<>").unwrap(),
            Path::new("out/g.jsonl.player.stderr.log")
        );
        assert!(Logs::default().path_for("x").is_none());
    }
}
