//! A tuning run in the background, the way the arena plays a match: the
//! [`Tuner`] moves into a [`Job`]'s thread that runs one SPSA iteration
//! after another and sends each as an update. The job's result is how the
//! run ended: every iteration played or cancelled (`Ok`), or the error it
//! stopped on. Cancelling raises the job's flag, the tuner's cancel flag;
//! the tuner then discards only the iteration it cut short, so the values
//! of the iterations finished stay. Dropping the run cancels it, so its
//! thread ends soon.

use crate::gui::job::Job;
use crate::tune::{Iteration, Tuner};

/// A tuning run: iterations as updates, `Ok` once it has played to the
/// end (or was cancelled), or why it stopped.
pub type TuneRun = Job<Result<(), String>, Iteration>;

/// Why tuning cannot run here, if it cannot (no threads: the web page).
pub fn refusal() -> Option<String> {
    (!crate::gui::platform::HAS_THREADS).then(|| {
        "tuning runs in the desktop app: its many matches need threads, which a web page does not have"
            .to_string()
    })
}

/// Starts running `tuner` to the end of its budget on a new thread; `ctx`
/// (if any) is asked to repaint after every iteration. Where there are no
/// threads (the web page) tuning is refused: its many matches would hold
/// the page for minutes.
pub fn start(mut tuner: Tuner, ctx: Option<egui::Context>) -> Result<TuneRun, String> {
    if let Some(why) = refusal() {
        return Err(why);
    }
    Job::spawn("chainlab-tune", ctx, move |job| {
        loop {
            match tuner.step(job.cancel_flag()) {
                Ok(Some(iteration)) => {
                    // Nobody listens when the run was abandoned: stop.
                    if !job.update(iteration) {
                        return Ok(());
                    }
                }
                Ok(None) => return Ok(()),
                Err(e) => return Err(e.to_string()),
            }
        }
    })
}
