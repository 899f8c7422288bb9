//! The command line's outputs, all written through `chainlab::output`: the
//! inputs of a run (the players' files, a class tournament's folders), the
//! records file, and how a refused or failed output is worded and which
//! exit code it gets (2 for an output the command line should not have
//! named, 3 for one that cannot be written: `docs/limits.md`).

use std::path::{Path, PathBuf};

use chainlab::arena::RecordWriter;
use chainlab::bots::PlayerSpec;
use chainlab::output::{InputPath, Inputs, LineFile, OutputError, Target, check, open_lines};

use super::{EXIT_OUTPUT, EXIT_USAGE, Failure, shown};

/// The inputs of a run whose players are `specs` (specs that do not parse
/// read nothing; they are refused elsewhere).
pub fn run_inputs<S: AsRef<str>>(specs: &[S]) -> Inputs {
    let mut inputs = Inputs::none();
    for spec in specs {
        if let Ok(spec) = PlayerSpec::parse(spec.as_ref()) {
            let name = spec.input_name();
            for path in spec.input_paths() {
                inputs.add(path, name.clone());
            }
        }
    }
    inputs
}

/// Adds every file under each of `dirs` (a class tournament's submissions).
pub fn add_folders(inputs: &mut Inputs, dirs: &[PathBuf]) {
    for dir in dirs {
        inputs.add(
            InputPath::Folder(dir.clone()),
            format!(
                "a file of the submissions folder {}",
                shown(&dir.display().to_string())
            ),
        );
    }
}

/// The failure of an output named by `option` (`--records`, `--out`).
pub fn output_failure(option: &str, e: &OutputError) -> Failure {
    let code = if e.is_refusal() {
        EXIT_USAGE
    } else {
        EXIT_OUTPUT
    };
    let message = match e {
        OutputError::Io { .. } | OutputError::InUse { .. } => e.to_string(),
        _ => format!("{option} {e}"),
    };
    Failure::with_code(code, message)
}

/// Checks an output before the run starts (nothing is written).
pub fn check_output(option: &str, path: &Path, inputs: &Inputs) -> Result<Target, Failure> {
    check(path, inputs).map_err(|e| output_failure(option, &e))
}

/// The records file of a run, if any: checked, locked and emptied.
pub fn records_writer(
    path: Option<&PathBuf>,
    inputs: &Inputs,
) -> Result<Option<RecordWriter<LineFile>>, Failure> {
    let Some(path) = path else {
        return Ok(None);
    };
    let file = open_lines(path, inputs).map_err(|e| output_failure("--records", &e))?;
    Ok(Some(RecordWriter::new(file)))
}

/// The failure of a records file that could not be written to the end
/// (a full disk): exit code 3, saying how many games it keeps.
pub fn records_failure(path: &Path, e: &std::io::Error, kept: u64) -> Failure {
    Failure::with_code(
        EXIT_OUTPUT,
        format!(
            "cannot write {}: {e}; the run stopped, and the file keeps the {kept} games written before",
            shown(&path.display().to_string())
        ),
    )
}
