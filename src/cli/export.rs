//! `chainlab export --python`: a strategy file written as a Python module
//! (the generator is `chainlab::export`; this file reads, words and writes).

use std::path::PathBuf;
use std::process::ExitCode;

use chainlab::export::python_module;
use chainlab::output::{InputPath, Inputs};

use super::outputs::check_output;
use super::strategy_cmds::load_strategy;
use super::{CmdResult, EXIT_OUTPUT, Failure, shown};

/// Arguments of `chainlab export`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  chainlab export --python strategies/04-capture.json -o capture.py\n  chainlab match 'cmd:python3 capture.py' bot:random\n\nThe module needs the chainlab Python package (pip install ./python; see docs/python.md).\nExit code 1 for a strategy that cannot be read or has errors, 2 for a wrong command line\nor an output that is an input, 3 for an output that cannot be written (see docs/limits.md)."
)]
pub struct Args {
    /// The strategy file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Write a Python module: one line per node in evaluation order, a function per group.
    #[arg(long, required = true)]
    python: bool,
    /// Write the module to this file instead of stdout.
    #[arg(short = 'o', long = "out", value_name = "OUT")]
    out: Option<PathBuf>,
}

/// Runs `chainlab export`.
pub fn run(args: &Args) -> CmdResult {
    let strategy = load_strategy(&args.file)?;
    let name = args.file.display().to_string();
    let module = python_module(&strategy, &name)
        .map_err(|e| Failure::new(format!("{}: {e}", shown(&name))))?;
    let Some(out) = &args.out else {
        out!("{module}");
        return Ok(ExitCode::SUCCESS);
    };
    let mut inputs = Inputs::none();
    inputs.add(InputPath::File(args.file.clone()), "the strategy file");
    let target = check_output("--out", out, &inputs)?;
    target
        .write_with(|w| w.write_all(module.as_bytes()))
        .map_err(|e| {
            Failure::with_code(
                EXIT_OUTPUT,
                format!("cannot write {}: {e}", shown(&out.display().to_string())),
            )
        })?;
    Ok(ExitCode::SUCCESS)
}
