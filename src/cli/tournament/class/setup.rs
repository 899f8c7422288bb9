//! Setting up a class tournament from the command line: the references
//! and their pass marks, the submissions named and found, unique labels,
//! the schedule (`chainlab::class::schedule`), and where the outputs go,
//! checked so that no output is written over an input.
//!
//! Players named on the command line (submissions and references) must
//! load: a typo stops the run at once. Submissions found in a folder never
//! stop it: those that do not load play as entrants that forfeit.

use crate::cli::program_args::{WhenMissing, cpu_seconds};
use chainlab::bots::external::Sandbox;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

use chainlab::arena::{RecordWriter, unique_label};
use chainlab::bots::{PlayerContext, SpecKind};
use chainlab::class::{
    DEFAULT_LADDER, DEFAULT_PASS, Entrant, Logs, Origin, ReferenceSpec, Role, ScheduleError,
    Submission, discover, from_submission, labels, schedule,
};
use chainlab::input::is_same_file;
use chainlab::output::{Inputs, LineFile};

use crate::cli::arena_args::player_in;
use crate::cli::outputs::{add_folders, check_output, records_writer, run_inputs};
use crate::cli::tournament::Args;
use crate::cli::{EXIT_OUTPUT, Failure, shown};

/// The files a report is written to.
pub struct ReportFiles {
    /// The folder.
    pub dir: PathBuf,
    /// `report.html`, `report.md` and `report.csv` in it.
    pub files: [PathBuf; 3],
}

/// A class tournament ready to play.
pub struct Setup {
    /// Submissions first (named, then found), then references.
    pub entrants: Vec<Entrant>,
    /// Entries of the folders that are not submissions: path and why.
    pub skipped: Vec<(String, String)>,
    /// The pairings to play (entrant indices).
    pub schedule: Vec<(usize, usize)>,
    /// Whether each submission plays only the references.
    pub gauntlet: bool,
    /// The records file, if the games are recorded.
    pub records: Option<PathBuf>,
    /// The report's files, if a report is written.
    pub report: Option<ReportFiles>,
    /// The records file, open and locked.
    pub writer: Option<RecordWriter<LineFile>>,
    /// The inputs of the run, which no output may overwrite.
    pub inputs: Inputs,
    /// Whether the programs run sandboxed, for the summary.
    pub sandboxed: bool,
}

/// The records file, open and emptied; `None` when resuming (a resumed
/// run opens its records after reading them: `cli::runs`).
fn records_unless_resuming(
    args: &Args,
    records: Option<&PathBuf>,
    run: &Inputs,
) -> Result<Option<RecordWriter<LineFile>>, Failure> {
    if args.split.resume {
        return Ok(None);
    }
    records_writer(records, run)
}

/// Reads the command line and the submission folders into a [`Setup`].
///
/// Order matters: everything that can be refused (a player named that does
/// not load, a bad folder, an output over an input, no submissions) is
/// checked before anything is written; then the report folder is made and
/// the records file locked (so a second run into the same folder is refused
/// before it touches the first run's engine logs); then the engine logs are
/// opened.
pub fn setup(args: &Args) -> Result<Setup, Failure> {
    let report = report_files(args.report.as_deref())?;
    let records = args
        .records
        .clone()
        .or_else(|| report.as_ref().map(|r| r.dir.join("games.jsonl")));
    let (named, references) = split_players(args);
    let sandbox = submissions_sandbox(args)?;
    let first = PlayerContext {
        sandbox: sandbox.clone(),
        ..PlayerContext::default()
    };
    let mut entrants = named_entrants(&named, &references, &first)?;
    let (found, skipped) = discover_all(&args.dir, report.as_ref())?;
    let mut inputs: Vec<PathBuf> = named.iter().map(|s| PathBuf::from(s.trim())).collect();
    inputs.extend(references.iter().map(|(s, _)| PathBuf::from(s.trim())));
    inputs.extend(found.iter().map(|s| s.path.clone()));
    let mut run = run_inputs(&named);
    run.extend(run_inputs(
        &references.iter().map(|(s, _)| s).collect::<Vec<_>>(),
    ));
    add_folders(&mut run, &args.dir);
    if let Some(r) = &report {
        run.except(&r.dir);
    }
    check_outputs(records.as_deref(), report.as_ref(), &run)?;
    if named.is_empty() && found.is_empty() {
        return Err(no_submissions(&args.dir, skipped.len()));
    }
    if let Some(r) = &report {
        std::fs::create_dir_all(&r.dir).map_err(|e| {
            Failure::with_code(
                EXIT_OUTPUT,
                format!(
                    "cannot make the report folder {}: {e}",
                    shown(&r.dir.display().to_string())
                ),
            )
        })?;
    }
    let writer = records_unless_resuming(args, records.as_ref(), &run)?;
    let mut context = records
        .as_deref()
        .map_or_else(PlayerContext::default, PlayerContext::beside);
    let sandboxed = sandbox.is_on();
    context.sandbox = sandbox;
    if context.logs.is_some() && entrants.iter().any(|e| e.is_program) {
        // Again, now with their stderr logs beside the records.
        entrants = named_entrants(&named, &references, &context)?;
    }
    let taken: Vec<String> = entrants.iter().map(|e| e.label.clone()).collect();
    let mut logs = Logs::new(context, inputs);
    let mut discovered = Vec::with_capacity(found.len());
    for (s, label) in found.iter().zip(labels(&found, &taken)) {
        let e = from_submission(s, label, &mut logs)
            .map_err(|e| Failure::with_code(EXIT_OUTPUT, e.to_string()))?;
        discovered.push(e);
    }
    let at = entrants
        .iter()
        .position(Entrant::is_reference)
        .unwrap_or(entrants.len());
    entrants.splice(at..at, discovered);
    let schedule = schedule(args.gauntlet, &entrants).map_err(|e| match e {
        ScheduleError::NoReferences => Failure::usage(e.to_string()),
        ScheduleError::TooFewPlayers => Failure::new(e.to_string()),
    })?;
    Ok(Setup {
        entrants,
        skipped,
        schedule,
        gauntlet: args.gauntlet,
        records,
        report,
        writer,
        inputs: run,
        sandboxed,
    })
}

/// The sandbox of the submissions' programs: refused where the system
/// cannot sandbox, unless --no-sandbox; options come from each bot.toml.
fn submissions_sandbox(args: &Args) -> Result<Sandbox, Failure> {
    if !args.game.programs.engine_option.is_empty() {
        return Err(Failure::usage(
            "--engine-option is for named players; a submission sets its options in its bot.toml ([options])",
        ));
    }
    let cpu = cpu_seconds(&args.game.config(1, None)?);
    args.game.programs.sandbox(true, cpu, WhenMissing::Refuse)
}

/// The entrants of the players named: submissions, then references (each
/// given once); submissions that share a label are numbered.
fn named_entrants(
    named: &[String],
    references: &[(String, f64)],
    context: &PlayerContext,
) -> Result<Vec<Entrant>, Failure> {
    let mut entrants = Vec::new();
    for spec in named {
        entrants.push(named_entrant(spec, Role::Submission, context)?);
    }
    for (spec, pass) in references {
        let e = named_entrant(spec, Role::Reference { pass: *pass }, context)?;
        if let Some(twin) = entrants
            .iter()
            .find(|x| x.is_reference() && x.label == e.label)
        {
            return Err(Failure::usage(format!(
                "the reference {} is given twice",
                shown(&twin.label)
            )));
        }
        entrants.push(e);
    }
    number_twins(&mut entrants);
    Ok(entrants)
}

/// The submissions found and the entries skipped (path and why).
type Found = (Vec<Submission>, Vec<(String, String)>);

/// The submissions of every folder and the entries skipped (path and why);
/// the report folder, where it is inside one, is skipped.
fn discover_all(dirs: &[PathBuf], report: Option<&ReportFiles>) -> Result<Found, Failure> {
    let outputs: Vec<PathBuf> = report.iter().map(|r| r.dir.clone()).collect();
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    for dir in dirs {
        let d = discover(dir, &outputs).map_err(|e| Failure::new(e.to_string()))?;
        skipped.extend(d.skipped.into_iter().map(|s| {
            (
                dir.join(&s.name).display().to_string(),
                s.reason.to_string(),
            )
        }));
        found.extend(d.submissions);
    }
    Ok((found, skipped))
}

/// The error of a class tournament without submissions.
fn no_submissions(dirs: &[PathBuf], skipped: usize) -> Failure {
    let folders: Vec<String> = dirs
        .iter()
        .map(|d| shown(&d.display().to_string()).into_owned())
        .collect();
    Failure::new(if folders.is_empty() {
        "no submissions: name players, or give --dir with a folder of submissions".to_string()
    } else {
        format!(
            "no submissions in {}: expected strategy files (*.json), executable programs or folders with a bot.toml ({skipped} entries skipped)",
            folders.join(", ")
        )
    })
}

/// The submissions named and the references with their pass marks: the
/// `--reference` players; with `--gauntlet` and none, the default ladder
/// when there are folders, else the players after the first (the first
/// plays each of the others).
fn split_players(args: &Args) -> (Vec<String>, Vec<(String, f64)>) {
    let default_pass = args.pass.unwrap_or(DEFAULT_PASS);
    let mut named = args.entrants.clone();
    let references: Vec<ReferenceSpec> = if !args.reference.is_empty() || !args.gauntlet {
        args.reference
            .iter()
            .map(|r| {
                r.parse().unwrap_or(ReferenceSpec {
                    spec: r.clone(),
                    pass: None,
                })
            })
            .collect()
    } else if !args.dir.is_empty() {
        DEFAULT_LADDER
            .iter()
            .map(|s| ReferenceSpec {
                spec: s.to_string(),
                pass: None,
            })
            .collect()
    } else {
        let rest = named.split_off(named.len().min(1));
        rest.into_iter()
            .map(|spec| ReferenceSpec { spec, pass: None })
            .collect()
    };
    let references = references
        .into_iter()
        .map(|r| (r.spec, r.pass.unwrap_or(default_pass)))
        .collect();
    (named, references)
}

/// Checks every `--reference`'s pass mark (before anything is played).
pub fn check_references(args: &Args) -> Result<(), Failure> {
    for r in &args.reference {
        r.parse::<ReferenceSpec>()
            .map_err(|e| Failure::usage(format!("--reference {}: {e}", shown(r))))?;
    }
    Ok(())
}

/// The entrant of a player named on the command line (it must load).
fn named_entrant(spec: &str, role: Role, context: &PlayerContext) -> Result<Entrant, Failure> {
    let factory = player_in(spec, context)?;
    let is_program = SpecKind::of(spec).is_some_and(SpecKind::is_program);
    Ok(Entrant::from_factory(
        factory.label(),
        role,
        Origin::Spec(spec.to_string()),
        factory,
        is_program,
    ))
}

/// Numbers the named submissions that share a label with a reference or an
/// earlier submission.
fn number_twins(entrants: &mut [Entrant]) {
    let mut taken: HashSet<String> = entrants
        .iter()
        .filter(|e| e.is_reference())
        .map(|e| e.label.clone())
        .collect();
    for e in entrants.iter_mut().filter(|e| !e.is_reference()) {
        if taken.contains(&e.label) {
            let label = unique_label(&e.label, |l| taken.contains(l));
            *e = Entrant::from_factory(
                label,
                e.role,
                e.origin.clone(),
                e.factory.clone(),
                e.is_program,
            );
        }
        taken.insert(e.label.clone());
    }
}

/// The report folder (made later, once the run is sure to start) and its files.
fn report_files(dir: Option<&Path>) -> Result<Option<ReportFiles>, Failure> {
    let Some(dir) = dir else { return Ok(None) };
    if dir.exists() && !dir.is_dir() {
        return Err(Failure::usage(format!(
            "--report {} is a file: give a folder for report.html, report.md and report.csv",
            shown(&dir.display().to_string())
        )));
    }
    Ok(Some(ReportFiles {
        dir: dir.to_path_buf(),
        files: ["report.html", "report.md", "report.csv"].map(|f| dir.join(f)),
    }))
}

/// Refuses outputs that are one of `inputs` or each other, or are no
/// files (see `chainlab::output::check`).
fn check_outputs(
    records: Option<&Path>,
    report: Option<&ReportFiles>,
    inputs: &Inputs,
) -> Result<(), Failure> {
    let files: Vec<&Path> = report
        .iter()
        .flat_map(|r| r.files.iter().map(PathBuf::as_path))
        .collect();
    if let Some(records) = records {
        let clash = files
            .iter()
            .any(|o| *o == records || is_same_file(o, records));
        if clash {
            return Err(Failure::usage(format!(
                "--records {} is a file of the report; choose another file",
                shown(&records.display().to_string())
            )));
        }
        // In a report folder not made yet it is new (and checked again
        // when it is opened).
        if folder_exists(records) {
            check_output("--records", records, inputs)?;
        }
    }
    for file in files {
        // The report folder may not exist yet: its files are then new.
        if folder_exists(file) {
            check_output("--report", file, inputs)?;
        }
    }
    Ok(())
}

/// Whether the folder `file` would be in exists.
fn folder_exists(file: &Path) -> bool {
    match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.is_dir(),
        _ => true,
    }
}
