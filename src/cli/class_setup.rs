//! Setting up a class tournament from the command line: the references
//! and their pass marks, the submissions named and found, unique labels,
//! the schedule, and where the outputs go, checked so that no output is
//! written over an input.
//!
//! Players named on the command line (submissions and references) must
//! load: a typo stops the run at once. Submissions found in a folder never
//! stop it: those that do not load play as entrants that forfeit.

use std::path::{Path, PathBuf};

use chainlab::arena::pairings;
use chainlab::bots::PlayerContext;
use chainlab::class::{
    DEFAULT_LADDER, DEFAULT_PASS, Entrant, Logs, Origin, ReferenceSpec, Role, Submission, discover,
    from_submission, labels,
};
use chainlab::input::is_same_file;

use super::arena_args::player_in;
use super::tournament_args::Args;
use super::{EXIT_OUTPUT, Failure, shown};

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
    /// The player specs named on the command line.
    pub specs: Vec<String>,
}

/// Reads the command line and the submission folders into a [`Setup`].
pub fn setup(args: &Args) -> Result<Setup, Failure> {
    let report = report_files(args.report.as_deref())?;
    let records = args
        .records
        .clone()
        .or_else(|| report.as_ref().map(|r| r.dir.join("games.jsonl")));
    let context = records
        .as_deref()
        .map_or_else(PlayerContext::default, PlayerContext::beside);
    let (named, reference_specs) = split_players(args);
    let mut entrants = Vec::new();
    for spec in &named {
        entrants.push(named_entrant(spec, Role::Submission, &context)?);
    }
    for (spec, pass) in &reference_specs {
        let e = named_entrant(spec, Role::Reference { pass: *pass }, &context)?;
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
    let outputs: Vec<PathBuf> = report.iter().map(|r| r.dir.clone()).collect();
    let mut found: Vec<Submission> = Vec::new();
    let mut skipped = Vec::new();
    for dir in &args.dir {
        let d = discover(dir, &outputs).map_err(|e| Failure::new(e.to_string()))?;
        skipped.extend(d.skipped.into_iter().map(|s| {
            (
                dir.join(&s.name).display().to_string(),
                s.reason.to_string(),
            )
        }));
        found.extend(d.submissions);
    }
    let mut inputs: Vec<PathBuf> = named.iter().map(|s| PathBuf::from(s.trim())).collect();
    inputs.extend(reference_specs.iter().map(|(s, _)| PathBuf::from(s.trim())));
    inputs.extend(found.iter().map(|s| s.path.clone()));
    check_outputs(records.as_deref(), report.as_ref(), &inputs)?;
    let taken: Vec<String> = entrants.iter().map(|e| e.label.clone()).collect();
    let mut logs = Logs::new(context, inputs);
    let mut discovered = Vec::with_capacity(found.len());
    for (s, label) in found.iter().zip(labels(&found, &taken)) {
        let e = from_submission(s, label, &mut logs)
            .map_err(|e| Failure::with_code(EXIT_OUTPUT, e.to_string()))?;
        discovered.push(e);
    }
    let first_reference = entrants.iter().position(Entrant::is_reference);
    let at = first_reference.unwrap_or(entrants.len());
    entrants.splice(at..at, discovered);
    let schedule = schedule(args, &entrants, &skipped)?;
    Ok(Setup {
        entrants,
        skipped,
        schedule,
        gauntlet: args.gauntlet,
        records,
        report,
        specs: named
            .into_iter()
            .chain(reference_specs.into_iter().map(|(s, _)| s))
            .collect(),
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
    let trimmed = spec.trim();
    let is_program = trimmed.starts_with("cmd:")
        || Path::new(trimmed)
            .file_name()
            .is_some_and(|n| n == "bot.toml");
    Ok(Entrant::from_factory(
        factory.label(),
        role,
        Origin::Spec(spec.to_string()),
        factory,
        is_program,
    ))
}

/// Numbers the named submissions that share a label with an earlier entrant.
fn number_twins(entrants: &mut [Entrant]) {
    for k in 0..entrants.len() {
        let taken: Vec<String> = entrants.iter().take(k).map(|e| e.label.clone()).collect();
        let Some(e) = entrants.get_mut(k) else {
            continue;
        };
        if e.is_reference() || !taken.contains(&e.label) {
            continue;
        }
        let mut n = 2;
        while taken.contains(&format!("{} ({n})", e.label)) {
            n += 1;
        }
        let label = format!("{} ({n})", e.label);
        *e = Entrant::from_factory(
            label,
            e.role,
            e.origin.clone(),
            e.factory.clone(),
            e.is_program,
        );
    }
}

/// The report folder (made if missing) and its files.
fn report_files(dir: Option<&Path>) -> Result<Option<ReportFiles>, Failure> {
    let Some(dir) = dir else { return Ok(None) };
    let shown_dir = shown(&dir.display().to_string()).into_owned();
    if dir.exists() && !dir.is_dir() {
        return Err(Failure::usage(format!(
            "--report {shown_dir} is a file: give a folder for report.html, report.md and report.csv"
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::with_code(
            EXIT_OUTPUT,
            format!("cannot make the report folder {shown_dir}: {e}"),
        )
    })?;
    Ok(Some(ReportFiles {
        dir: dir.to_path_buf(),
        files: ["report.html", "report.md", "report.csv"].map(|f| dir.join(f)),
    }))
}

/// Refuses outputs that are one of `inputs` or each other.
fn check_outputs(
    records: Option<&Path>,
    report: Option<&ReportFiles>,
    inputs: &[PathBuf],
) -> Result<(), Failure> {
    let mut outputs: Vec<&Path> = report
        .iter()
        .flat_map(|r| r.files.iter().map(PathBuf::as_path))
        .collect();
    if let Some(records) = records {
        let clash = outputs
            .iter()
            .any(|o| *o == records || is_same_file(o, records));
        if clash {
            return Err(Failure::usage(format!(
                "--records {} is a file of the report; choose another file",
                shown(&records.display().to_string())
            )));
        }
        outputs.push(records);
    }
    for o in outputs {
        if let Some(input) = inputs.iter().find(|i| is_same_file(i, o)) {
            return Err(Failure::usage(format!(
                "{} would overwrite the input {}; choose another --report folder or --records file",
                shown(&o.display().to_string()),
                shown(&input.display().to_string())
            )));
        }
    }
    Ok(())
}

/// The pairings: each submission against each reference (gauntlet), else
/// everyone against everyone.
fn schedule(
    args: &Args,
    entrants: &[Entrant],
    skipped: &[(String, String)],
) -> Result<Vec<(usize, usize)>, Failure> {
    let subs: Vec<usize> = (0..entrants.len())
        .filter(|&i| !entrants[i].is_reference())
        .collect();
    let refs: Vec<usize> = (0..entrants.len())
        .filter(|&i| entrants[i].is_reference())
        .collect();
    if subs.is_empty() {
        let folders: Vec<String> = args
            .dir
            .iter()
            .map(|d| shown(&d.display().to_string()).into_owned())
            .collect();
        return Err(Failure::new(if folders.is_empty() {
            "no submissions: name players, or give --dir with a folder of submissions".to_string()
        } else {
            format!(
                "no submissions in {}: expected strategy files (*.json), executable programs or folders with a bot.toml ({} entries skipped)",
                folders.join(", "),
                skipped.len()
            )
        }));
    }
    if args.gauntlet {
        if refs.is_empty() {
            return Err(Failure::usage(
                "a gauntlet needs at least one reference player",
            ));
        }
        return Ok(subs
            .iter()
            .flat_map(|&s| refs.iter().map(move |&r| (s, r)))
            .collect());
    }
    if entrants.len() < 2 {
        return Err(Failure::new(
            "a round robin needs at least two players: add submissions, --reference players, or --gauntlet",
        ));
    }
    Ok(pairings(entrants.len(), false))
}
