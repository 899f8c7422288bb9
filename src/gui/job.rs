//! The app's background jobs: work that must not hold up the window (a
//! computer move, a player starting, a program check, a tuning run, a puzzle
//! check, an arena run, a game analysis), in one type. A [`Job`] runs its
//! work on a thread of its own ([`Job::spawn`]) or, where there are no
//! threads (the web page, see [`platform`]), in slices of at most
//! [`platform::SLICE_BUDGET`] per frame on the window's thread
//! ([`Job::sliced`], the same results through the same type).
//!
//! The window polls the job every frame and never waits: [`Job::poll`]
//! returns at once, taking in the updates the work sent ([`Job::take_updates`])
//! and, once, its result. The work counts its progress in a counter the
//! window reads ([`Job::done`]), reads the cancel flag between its steps,
//! and asks the window for a frame whenever it has news. Dropping a job
//! cancels it, so its thread ends soon and its result is never read.
//!
//! Invariants: the result is given once, after every update sent before
//! it; then the job is over and polls find nothing. A thread that ends
//! without a result (its work panicked) is reported once, as
//! [`Poll::Crashed`]. A sliced job's work runs only inside [`Job::poll`].
//!
//! Each job keeps only what is its own: what runs (a closure for a thread,
//! [`Slices`] for the web), what an update and its progress count, and what
//! its result is.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

use crate::gui::platform;
use crate::time::Instant;

/// What the work sends the window.
enum Message<R, U> {
    /// News on the way (a tuning iteration).
    Update(U),
    /// The result: the work is over.
    Done(R),
}

/// What a job's work holds of its job: the cancel flag, the progress
/// counter, and the way back to the window (updates, the result, frames).
pub struct Reporter<R, U = ()> {
    tx: Sender<Message<R, U>>,
    cancel: Arc<AtomicBool>,
    done: Arc<AtomicU64>,
    ctx: Option<egui::Context>,
}

impl<R, U> Reporter<R, U> {
    /// The cancel flag, for work that reads it itself (a player's
    /// interrupt, the arena's runners, the analyser).
    pub fn cancel_flag(&self) -> &Arc<AtomicBool> {
        &self.cancel
    }

    /// Counts `done` units of work as finished (the count never goes back)
    /// and asks the window for a frame.
    pub fn progress(&self, done: u64) {
        self.done.fetch_max(done, Ordering::Relaxed);
        self.repaint();
    }

    /// Sends `update` to the window and asks for a frame; `false` when
    /// nobody listens any more (the job was dropped: the work may stop).
    pub fn update(&self, update: U) -> bool {
        let sent = self.tx.send(Message::Update(update)).is_ok();
        self.repaint();
        sent
    }

    /// Asks the window for a frame (when the job has a window to ask).
    pub fn repaint(&self) {
        if let Some(ctx) = &self.ctx {
            ctx.request_repaint();
        }
    }

    /// Sends the result. When nobody listens it is dropped here, on the
    /// work's thread (a player made for nobody ends its process there).
    fn finish(&self, result: R) {
        let _ = self.tx.send(Message::Done(result));
        self.repaint();
    }
}

/// Work played in slices on the window's thread, a small step at a time.
pub trait Slices<R, U = ()> {
    /// Does the next small piece of the work (a move, a position); the
    /// result once the work is over (then it is not called again).
    fn step(&mut self, job: &Reporter<R, U>) -> Option<R>;

    /// Whether the last step made no progress because the work waits for an
    /// answer from elsewhere (the page's worker, which asks for a frame when
    /// it answers): the frame's slice ends at once instead of asking again.
    fn is_waiting(&self) -> bool {
        false
    }
}

/// What a poll found.
#[derive(Debug)]
pub enum Poll<R> {
    /// No result: the work goes on (or its result was given already).
    Pending,
    /// The result; the job is over.
    Ready(R),
    /// The thread ended without a result (its work panicked); the job is over.
    Crashed,
}

/// Work played in slices, and what it holds of its job.
struct Sliced<R, U> {
    slices: Box<dyn Slices<R, U>>,
    reporter: Reporter<R, U>,
}

/// Where the work runs.
enum Engine<R, U> {
    /// On a thread of its own, which sends the result.
    Thread,
    /// In slices on the window's thread, each poll.
    Sliced(Box<Sliced<R, U>>),
    /// Played to the end in slices.
    Played,
}

/// Work going on in the background, polled each frame.
pub struct Job<R, U = ()> {
    rx: Receiver<Message<R, U>>,
    engine: Engine<R, U>,
    cancel: Arc<AtomicBool>,
    done: Arc<AtomicU64>,
    updates: Vec<U>,
    over: bool,
}

impl<R: Send + 'static, U: Send + 'static> Job<R, U> {
    /// Runs `work` on a new thread named `name`; `ctx` (if any) is asked for
    /// a frame whenever the work reports and when it ends. Where there are
    /// no threads the work runs at once (short work only: long work is
    /// [`sliced`](Job::sliced) there).
    pub fn spawn(
        name: &str,
        ctx: Option<egui::Context>,
        work: impl FnOnce(&Reporter<R, U>) -> R + Send + 'static,
    ) -> Result<Job<R, U>, String> {
        let (job, reporter) = Job::new(ctx);
        platform::spawn(name, move || {
            let result = work(&reporter);
            reporter.finish(result);
        })?;
        Ok(job)
    }
}

impl<R: 'static, U: 'static> Job<R, U> {
    /// Plays the slices `make` returns on the window's thread, for up to
    /// [`platform::SLICE_BUDGET`] in each [`poll`](Job::poll); `ctx` (if
    /// any) is asked for the next frame while work is left.
    pub fn sliced<S: Slices<R, U> + 'static>(
        ctx: Option<egui::Context>,
        make: impl FnOnce(&Reporter<R, U>) -> S,
    ) -> Job<R, U> {
        let (mut job, reporter) = Job::new(ctx);
        let slices = make(&reporter);
        reporter.repaint();
        job.engine = Engine::Sliced(Box::new(Sliced {
            slices: Box::new(slices),
            reporter,
        }));
        job
    }
}

impl<R, U> Job<R, U> {
    /// A job not started yet, and what its work will hold of it.
    fn new(ctx: Option<egui::Context>) -> (Job<R, U>, Reporter<R, U>) {
        let (tx, rx) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicU64::new(0));
        let reporter = Reporter {
            tx,
            cancel: Arc::clone(&cancel),
            done: Arc::clone(&done),
            ctx,
        };
        let job = Job {
            rx,
            engine: Engine::Thread,
            cancel,
            done,
            updates: Vec::new(),
            over: false,
        };
        (job, reporter)
    }

    /// Takes in what the work sent (playing its next slices first, when it
    /// runs in slices); the result once it has arrived.
    pub fn poll(&mut self) -> Poll<R> {
        if self.over {
            return Poll::Pending;
        }
        self.play_slices();
        loop {
            match self.rx.try_recv() {
                Ok(Message::Update(update)) => self.updates.push(update),
                Ok(Message::Done(result)) => {
                    self.over = true;
                    return Poll::Ready(result);
                }
                Err(TryRecvError::Empty) => return Poll::Pending,
                Err(TryRecvError::Disconnected) => {
                    self.over = true;
                    return Poll::Crashed;
                }
            }
        }
    }

    /// Plays slices for up to a slice of the frame, when the job runs in slices.
    fn play_slices(&mut self) {
        let Engine::Sliced(sliced) = &mut self.engine else {
            return;
        };
        let Sliced { slices, reporter } = sliced.as_mut();
        let began = Instant::now();
        loop {
            if let Some(result) = slices.step(reporter) {
                reporter.finish(result);
                self.engine = Engine::Played;
                return;
            }
            if slices.is_waiting() {
                return;
            }
            if began.elapsed() >= platform::SLICE_BUDGET {
                reporter.repaint();
                return;
            }
        }
    }

    /// The updates taken in by the polls since the last call, in order.
    pub fn take_updates(&mut self) -> Vec<U> {
        std::mem::take(&mut self.updates)
    }

    /// The units of work counted as finished (what a unit is is the job's own).
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Asks the work to stop; it ends soon (how soon is the work's own).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether cancel was asked for.
    pub fn is_cancelling(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Whether the result (or the crash) has been given.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whether the work runs (or ran) in slices on the window's thread.
    pub fn is_sliced(&self) -> bool {
        matches!(self.engine, Engine::Sliced(_) | Engine::Played)
    }
}

impl<R, U> Drop for Job<R, U> {
    /// The work is no longer wanted: it is cancelled, so its thread ends soon.
    fn drop(&mut self) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Polls `job` until it is over (bounded).
    fn wait<R, U>(job: &mut Job<R, U>) -> Poll<R> {
        for _ in 0..10_000 {
            match job.poll() {
                Poll::Pending => std::thread::sleep(Duration::from_millis(1)),
                over => return over,
            }
        }
        panic!("the job never ended");
    }

    /// Counts to `to`, one update per step.
    struct Count {
        at: u64,
        to: u64,
    }

    impl Slices<u64, u64> for Count {
        fn step(&mut self, job: &Reporter<u64, u64>) -> Option<u64> {
            if self.at == self.to || job.cancel_flag().load(Ordering::Relaxed) {
                return Some(self.at);
            }
            self.at += 1;
            job.update(self.at);
            job.progress(self.at);
            None
        }
    }

    #[test]
    fn a_threaded_and_a_sliced_job_give_the_same_updates_and_result() {
        let mut threaded = Job::spawn("test", None, |job: &Reporter<u64, u64>| {
            let mut count = Count { at: 0, to: 5 };
            loop {
                if let Some(result) = count.step(job) {
                    return result;
                }
            }
        })
        .unwrap();
        let mut sliced = Job::sliced(None, |_| Count { at: 0, to: 5 });
        assert!(!threaded.is_sliced() && sliced.is_sliced());
        for job in [&mut threaded, &mut sliced] {
            assert!(matches!(wait(job), Poll::Ready(5)));
            assert_eq!(job.take_updates(), vec![1, 2, 3, 4, 5]);
            assert_eq!(job.done(), 5);
            assert!(job.is_over());
            assert!(matches!(job.poll(), Poll::Pending), "given once");
        }
        assert!(sliced.is_sliced(), "still sliced once played");
    }

    #[test]
    fn cancelling_stops_the_work_and_a_panic_is_a_crash() {
        let mut sliced = Job::sliced(None, |_| Count {
            at: 0,
            to: u64::MAX,
        });
        sliced.cancel();
        assert!(sliced.is_cancelling());
        assert!(matches!(wait(&mut sliced), Poll::Ready(0)));
        let mut crashed: Job<u64> = Job::spawn("test", None, |_| panic!("on purpose")).unwrap();
        assert!(matches!(wait(&mut crashed), Poll::Crashed));
        assert!(matches!(crashed.poll(), Poll::Pending), "told once");
    }
}
