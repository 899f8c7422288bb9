//! Ctrl+C (and SIGTERM, SIGHUP) for long commands (`match`, `tournament`,
//! `tune`, `analyze`): the first press raises a flag that the run polls, so
//! it stops cleanly, ends every engine process and reports what it has; the
//! second kills the engines' process groups and exits at once with
//! [`EXIT_INTERRUPTED`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use super::Failure;

/// Exit code of a run stopped by Ctrl+C (as a shell reports SIGINT).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Installs the Ctrl+C handler: the first press raises the returned flag
/// and prints `what` (e.g. "stopping after the current game"), the second
/// exits at once.
pub fn ctrl_c(what: &'static str) -> Result<Arc<AtomicBool>, Failure> {
    let flag = Arc::new(AtomicBool::new(false));
    let raised = Arc::clone(&flag);
    let presses = AtomicU8::new(0);
    ctrlc::set_handler(move || {
        if presses.fetch_add(1, Ordering::SeqCst) == 0 {
            raised.store(true, Ordering::SeqCst);
            super::write_err(format_args!(
                "chainlab: {what} (Ctrl+C again to quit at once)"
            ));
        } else {
            // No destructor runs after exit: end the engines' processes first.
            chainlab::bots::external::kill_all_engines();
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
    })
    .map_err(|e| Failure::new(format!("cannot catch Ctrl+C: {e}")))?;
    Ok(flag)
}

/// For `chainlab engine`, which answers one message at a time and has
/// nothing to stop cleanly: Ctrl+C, SIGTERM or SIGHUP end the engine
/// processes it started (a `cmd:` player's whole process tree) and exit.
pub fn end_engines_on_signal() -> Result<(), Failure> {
    ctrlc::set_handler(|| {
        chainlab::bots::external::kill_all_engines();
        std::process::exit(i32::from(EXIT_INTERRUPTED));
    })
    .map_err(|e| Failure::new(format!("cannot catch Ctrl+C: {e}")))
}
