//! A game analysis as a [`Job`] on its own thread, the way the arena plays
//! a match: the analyser and the game move into the job's thread that runs
//! [`analyse_game`] (which spreads the positions over rayon's threads) and
//! gives back the result; the job's progress counts the positions done so
//! far, which the progress bar reads. Dropping an [`AnalysisJob`] (leaving
//! the game, loading another) raises the job's cancel flag, which stops the
//! searches in progress, so its threads end soon.
//!
//! Where there are no threads (the web page, see [`platform`]) the game is
//! analysed in the page's worker ([`RemoteAnalysis`]) and the job's
//! [`Slices`] only look for its news; without a worker they are a
//! [`GameSteps`] that [`poll`](AnalysisJob::poll) advances for up to
//! [`platform::SLICE_BUDGET`] per frame. Both give the threaded job's
//! result (tested below).

use crate::analysis::{Analyser, AnalysisError, GameAnalysis, GameSteps, analyse_game};
use crate::bots::BotError;
use crate::gui::command::ReplayGame;
use crate::gui::job::{Job, Poll, Reporter, Slices};
use crate::gui::platform;
use crate::gui::remote::analysis::{News, RemoteAnalysis};
use crate::rules::{Coord, Position};
use crate::time::Instant;

/// What is analysed: a game from its start, with its opening's length.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The game's index in its records (named in error messages).
    pub game: u64,
    /// The starting position.
    pub start: Position,
    /// The moves in order.
    pub moves: Vec<Coord>,
    /// How many moves at the start are the shared random opening.
    pub opening: usize,
}

impl Request {
    /// What the analyser is asked to value of `game`: the whole game, as
    /// `chainlab analyze` values a record (its opening marked).
    pub fn of(game: &ReplayGame) -> Request {
        Request {
            game: game.game,
            start: game.start,
            moves: game.moves.clone(),
            opening: game.opening,
        }
    }
}

/// How a job ended.
#[derive(Debug)]
pub enum Finished {
    /// Every move analysed.
    Done(Box<GameAnalysis>),
    /// Stopped on request.
    Cancelled,
    /// Refused (too large a job) or failed: the message to show.
    Failed(String),
}

type Outcome = Result<GameAnalysis, AnalysisError>;

/// The analysis run in the page's worker ([`RemoteAnalysis`]): each step
/// looks for the worker's news.
struct Remote {
    analysis: RemoteAnalysis,
    waiting: bool,
    /// The number of positions.
    total: usize,
}

impl Slices<Outcome> for Remote {
    fn step(&mut self, job: &Reporter<Outcome>) -> Option<Outcome> {
        if job.cancel_flag().load(std::sync::atomic::Ordering::Relaxed) {
            return Some(Err(AnalysisError::Cancelled));
        }
        let news = self.analysis.poll();
        self.waiting = matches!(news, News::Nothing);
        match news {
            News::Nothing => None,
            News::Progress(done) => {
                job.progress(done as u64);
                None
            }
            News::Done(result) => {
                if result.is_ok() {
                    job.progress(self.total as u64);
                }
                Some(
                    result
                        .map(|analysis| *analysis)
                        .map_err(|why| AnalysisError::Search(BotError::Other(why.into()))),
                )
            }
        }
    }

    fn is_waiting(&self) -> bool {
        self.waiting
    }
}

/// The analysis played in slices: one position per step.
struct Sliced {
    /// The positions to analyse, or why the analysis was refused (given once).
    steps: Result<Box<GameSteps>, Option<AnalysisError>>,
    /// The number of positions.
    total: usize,
}

impl Slices<Outcome> for Sliced {
    fn step(&mut self, job: &Reporter<Outcome>) -> Option<Outcome> {
        let game = match &mut self.steps {
            Ok(game) => game,
            Err(refused) => return refused.take().map(Err),
        };
        let outcome = game.step();
        match &outcome {
            Some(Ok(_)) => job.progress(self.total as u64),
            Some(Err(_)) => {}
            None => job.progress(game.progress().0 as u64),
        }
        outcome
    }
}

/// A game analysis running in the background; its progress counts the
/// positions analysed.
pub struct AnalysisJob {
    job: Job<Outcome>,
    total: usize,
    began: Instant,
}

impl AnalysisJob {
    /// Starts analysing `request` with `analyser` on a new thread; `ctx`
    /// (if any) is asked to repaint as positions finish and at the end.
    pub fn start(
        analyser: Analyser,
        request: Request,
        ctx: Option<egui::Context>,
    ) -> Result<AnalysisJob, String> {
        AnalysisJob::start_on(analyser, request, ctx, platform::HAS_THREADS)
    }

    /// Starts the analysis on a thread (`threaded`) or to be run in slices
    /// by [`poll`](AnalysisJob::poll) (as on the web; tests run both).
    pub fn start_on(
        analyser: Analyser,
        request: Request,
        ctx: Option<egui::Context>,
        threaded: bool,
    ) -> Result<AnalysisJob, String> {
        let total = request.moves.len();
        let job = if threaded {
            Job::spawn("chainlab-analyse", ctx, move |job| {
                let progress = |finished: usize, _total: usize| job.progress(finished as u64);
                analyse_game(
                    &analyser,
                    request.game,
                    &request.start,
                    &request.moves,
                    request.opening,
                    &progress,
                    job.cancel_flag(),
                )
            })?
        } else if let Some(analysis) = RemoteAnalysis::start(
            analyser.config(),
            request.game,
            &request.start,
            request.moves.clone(),
            request.opening,
        ) {
            Job::sliced(ctx, |_| Remote {
                analysis,
                waiting: false,
                total,
            })
        } else {
            Job::sliced(ctx, |job| {
                let steps = GameSteps::new(
                    analyser,
                    request.game,
                    &request.start,
                    request.moves,
                    request.opening,
                    job.cancel_flag(),
                );
                Sliced {
                    steps: steps.map(Box::new).map_err(Some),
                    total,
                }
            })
        };
        Ok(AnalysisJob {
            job,
            total,
            began: Instant::now(),
        })
    }

    /// Positions analysed so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.job.done() as usize, self.total)
    }

    /// Seconds left at the pace so far, once a position is done.
    pub fn seconds_left(&self) -> Option<f64> {
        let (done, total) = self.progress();
        (done > 0).then(|| {
            let pace = self.began.elapsed().as_secs_f64() / done as f64;
            pace * total.saturating_sub(done) as f64
        })
    }

    /// How the job ended, once it is over (given once); a thread that ended
    /// without a word is reported as failed. A job run in slices analyses
    /// its next positions here first.
    pub fn poll(&mut self) -> Option<Finished> {
        match self.job.poll() {
            Poll::Pending => None,
            Poll::Ready(outcome) => Some(finished(outcome)),
            Poll::Crashed => Some(Finished::Failed(
                "the analysis thread stopped unexpectedly".to_string(),
            )),
        }
    }

    /// Asks the analysis to stop; the searches in progress end soon.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Whether cancel was asked for.
    pub fn is_cancelling(&self) -> bool {
        self.job.is_cancelling()
    }
}

/// What the view shows of an outcome.
fn finished(outcome: Outcome) -> Finished {
    match outcome {
        Ok(analysis) => Finished::Done(Box::new(analysis)),
        Err(AnalysisError::Cancelled) => Finished::Cancelled,
        Err(e) => Finished::Failed(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::AnalyserConfig;
    use crate::rules::{Rules, Size};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    /// Plays up to `n` moves on `size`, taking legal cells in a fixed pattern.
    fn first_moves(size: Size, players: usize, n: usize) -> Request {
        let start = Position::new(size, players, Rules::Standard).unwrap();
        let mut position = start;
        let mut moves = Vec::new();
        while moves.len() < n && !position.is_over() {
            let legal: Vec<Coord> = position.moves().iter().collect();
            let coord = legal[(moves.len() * 7) % legal.len()];
            position.play(coord).unwrap();
            moves.push(coord);
        }
        Request {
            game: 0,
            start,
            moves,
            opening: 0,
        }
    }

    fn wait(job: &mut AnalysisJob) -> Finished {
        let began = Instant::now();
        loop {
            if let Some(outcome) = job.poll() {
                return outcome;
            }
            assert!(began.elapsed() < Duration::from_secs(300), "no answer");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn the_job_gives_what_analyse_game_gives() {
        let analyser = Analyser::new(AnalyserConfig::default().with_nodes(200));
        let request = first_moves(Size::JABC, 2, 8);
        let mut job = AnalysisJob::start(analyser, request.clone(), None).unwrap();
        let Finished::Done(got) = wait(&mut job) else {
            panic!("not done")
        };
        let n = request.moves.len();
        assert!(n > 3);
        assert_eq!(job.progress(), (n, n));
        let never = Arc::new(AtomicBool::new(false));
        let direct = analyse_game(
            &analyser,
            0,
            &request.start,
            &request.moves,
            0,
            &|_, _| {},
            &never,
        )
        .unwrap();
        assert_eq!(*got, direct);
    }

    #[test]
    fn a_sliced_job_gives_what_a_threaded_one_gives() {
        let analyser = Analyser::new(AnalyserConfig::default().with_nodes(200));
        let request = first_moves(Size::JABC, 2, 10);
        let mut threaded = AnalysisJob::start_on(analyser, request.clone(), None, true).unwrap();
        let mut sliced = AnalysisJob::start_on(analyser, request.clone(), None, false).unwrap();
        let (Finished::Done(a), Finished::Done(b)) = (wait(&mut threaded), wait(&mut sliced))
        else {
            panic!("not done")
        };
        assert_eq!(a, b);
        assert_eq!(sliced.progress(), (10, 10));
        assert!(sliced.poll().is_none(), "the outcome is given once");
    }

    #[test]
    fn a_job_in_the_worker_gives_what_a_threaded_one_gives() {
        use crate::gui::remote::link::{InProcess, install, uninstall};
        let analyser = Analyser::new(AnalyserConfig::default().with_nodes(200));
        let request = first_moves(Size::JABC, 2, 10);
        let mut threaded = AnalysisJob::start_on(analyser, request.clone(), None, true).unwrap();
        install(Box::new(InProcess::default()));
        let mut remote = AnalysisJob::start_on(analyser, request.clone(), None, false).unwrap();
        assert!(remote.job.is_sliced());
        let outcome = wait(&mut remote);
        let mut cancelled = AnalysisJob::start_on(analyser, request.clone(), None, false).unwrap();
        cancelled.cancel();
        let cancelled = wait(&mut cancelled);
        uninstall();
        let (Finished::Done(a), Finished::Done(b)) = (wait(&mut threaded), outcome) else {
            panic!("not done")
        };
        assert_eq!(a, b);
        assert_eq!(remote.progress(), (10, 10));
        assert!(matches!(cancelled, Finished::Cancelled));
    }

    #[test]
    fn a_cancelled_sliced_job_says_so() {
        let analyser = Analyser::new(AnalyserConfig::default().with_nodes(200));
        let mut job =
            AnalysisJob::start_on(analyser, first_moves(Size::JABC, 2, 10), None, false).unwrap();
        job.cancel();
        assert!(matches!(wait(&mut job), Finished::Cancelled));
    }

    #[test]
    fn a_cancelled_job_says_so() {
        let analyser = Analyser::new(AnalyserConfig::default().with_nodes(1_000_000));
        let mut job = AnalysisJob::start(
            analyser,
            first_moves(Size::new(20, 20).unwrap(), 8, 40),
            None,
        )
        .unwrap();
        job.cancel();
        assert!(matches!(wait(&mut job), Finished::Cancelled));
    }
}
