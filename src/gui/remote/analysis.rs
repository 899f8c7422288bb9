//! A game analysis run in the worker: the page sends the game once and
//! then only looks for the worker's replies (positions done, then the
//! analysis), so no frame ever holds a search. The worker runs the same
//! [`GameSteps`](crate::analysis::GameSteps) the page would have run, so
//! the analysis is the same. Dropping it cancels the work in the worker.

use super::link;
use super::protocol::{AgentId, Reply, Request};
use crate::analysis::{AnalyserConfig, GameAnalysis};
use crate::rules::{Coord, Position};

/// What a look at a remote analysis found.
#[derive(Debug)]
pub enum News {
    /// Nothing new: the worker is still at it.
    Nothing,
    /// Positions analysed so far.
    Progress(usize),
    /// The analysis, or why there is none (the worker's message).
    Done(Result<Box<GameAnalysis>, String>),
}

/// An analysis of one game held in the worker.
pub struct RemoteAnalysis {
    job: AgentId,
    over: bool,
}

impl RemoteAnalysis {
    /// Sends the game to the worker; `None` when no line to it is open
    /// (the page then analyses in its frames).
    pub fn start(
        config: AnalyserConfig,
        game: u64,
        start: &Position,
        moves: Vec<Coord>,
        opening: usize,
    ) -> Option<RemoteAnalysis> {
        if !link::is_open() {
            return None;
        }
        let job = link::new_id();
        let request = Request::Analyse {
            job,
            config,
            game,
            start: start.to_string(),
            moves,
            opening,
        };
        if !link::post(&request) {
            link::forget(job);
            return None;
        }
        Some(RemoteAnalysis { job, over: false })
    }

    /// What the worker has sent since the last look.
    pub fn poll(&mut self) -> News {
        if self.over {
            return News::Nothing;
        }
        let replies = match link::replies(self.job) {
            Ok(replies) => replies,
            Err(why) => {
                self.over = true;
                return News::Done(Err(format!("the page's worker stopped: {why}")));
            }
        };
        let mut news = News::Nothing;
        for reply in replies {
            match reply {
                Reply::Progress { done, .. } => news = News::Progress(done),
                Reply::Analysed { result, .. } => {
                    self.over = true;
                    return News::Done(result.map(Box::new));
                }
                Reply::Move(_) => {}
            }
        }
        news
    }
}

impl Drop for RemoteAnalysis {
    fn drop(&mut self) {
        link::forget(self.job);
        if !self.over {
            link::post(&Request::Cancel { job: self.job });
        }
    }
}
