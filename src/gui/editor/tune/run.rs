//! A tuning run on its own thread, the way the arena plays a match: the
//! [`Tuner`] moves into a worker thread that runs one SPSA iteration after
//! another and sends each over a channel, asking the window to repaint.
//! Cancelling raises the player interrupt; the tuner then discards only the
//! iteration it cut short, so the values of the iterations finished stay.
//! Dropping a [`TuneRun`] cancels it, so its thread ends soon.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::tune::{Iteration, Tuner};

/// What the worker reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// An iteration finished.
    Iteration(Iteration),
    /// The run is over: every iteration done, or cancelled.
    Finished,
    /// The run stopped on an error (a player that cannot be made, a match
    /// that cannot be played), or its thread ended without a word.
    Failed(String),
}

/// A tuning run in the background.
pub struct TuneRun {
    rx: Receiver<Report>,
    stop: Arc<AtomicBool>,
    over: bool,
}

impl TuneRun {
    /// Starts running `tuner` to the end of its budget on a new thread;
    /// `ctx` (if any) is asked to repaint after every iteration.
    /// Where there are no threads (the web page) tuning is refused: its
    /// many matches would hold the page for minutes.
    pub fn start(mut tuner: Tuner, ctx: Option<egui::Context>) -> Result<TuneRun, String> {
        if !crate::gui::platform::HAS_THREADS {
            return Err(
                "tuning runs in the desktop app: its many matches need threads, which a web page does not have"
                    .to_string(),
            );
        }
        let (tx, rx) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let cancel = Arc::clone(&stop);
        crate::gui::platform::spawn("chainlab-tune", move || {
            let repaint = || {
                if let Some(ctx) = &ctx {
                    ctx.request_repaint();
                }
            };
            loop {
                let report = match tuner.step(&cancel) {
                    Ok(Some(iteration)) => Report::Iteration(iteration),
                    Ok(None) => Report::Finished,
                    Err(e) => Report::Failed(e.to_string()),
                };
                let last = !matches!(report, Report::Iteration(_));
                // The receiver is gone when the run was abandoned: stop.
                if tx.send(report).is_err() {
                    break;
                }
                repaint();
                if last {
                    break;
                }
            }
        })?;
        Ok(TuneRun {
            rx,
            stop,
            over: false,
        })
    }

    /// The reports that arrived since the last call; a thread that ended
    /// without its last report is reported as failed.
    pub fn poll(&mut self) -> Vec<Report> {
        let mut reports = Vec::new();
        while !self.over {
            match self.rx.try_recv() {
                Ok(report) => {
                    self.over = !matches!(report, Report::Iteration(_));
                    reports.push(report);
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.over = true;
                    reports.push(Report::Failed(
                        "the tuning thread stopped unexpectedly".to_string(),
                    ));
                }
            }
        }
        reports
    }

    /// Asks the run to stop after the games in progress; the values of the
    /// iterations finished are kept.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether cancel was asked for.
    pub fn is_cancelling(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether the last report has arrived.
    pub fn is_over(&self) -> bool {
        self.over
    }
}

impl Drop for TuneRun {
    /// The run is no longer wanted: its thread stops.
    fn drop(&mut self) {
        self.cancel();
    }
}
