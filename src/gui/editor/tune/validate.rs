//! The Tune panel's validation match, as `chainlab tune` plays one: the
//! tuned graph against the original, colour-swapped, on fresh seeds (the
//! tuning's seed salted, [`crate::tune::validation_seed`]), in the
//! background. Its result says whether the tuned values really play
//! better, with the Elo's 95 % interval, before (or after) they are applied.

use crate::arena::MatchReport;
use crate::gui::job::{Job, Poll};
use crate::strategy::Strategy;
use crate::tune::{TuneConfig, Tuned, validate, with_values};

/// Games of the validation match (as `chainlab tune`'s default).
pub const VALIDATION_GAMES: u64 = 200;

/// A validation match in the background: its report, or why it stopped.
pub type ValidationRun = Job<Result<MatchReport, String>, ()>;

/// Where the panel's validation stands.
pub enum Validation {
    /// The match is being played.
    Running(ValidationRun),
    /// What it found, in words.
    Done(String),
    /// Why it could not be played.
    Failed(String),
}

impl Validation {
    /// Starts the match of `strategy` with the tuned `values` of `tuned`
    /// against `strategy` with their values at the start, on the board and
    /// seed of `config`.
    pub fn start(
        strategy: &Strategy,
        tuned: &[Tuned],
        values: &[i64],
        config: TuneConfig,
        ctx: &egui::Context,
    ) -> Validation {
        if !crate::gui::platform::HAS_THREADS {
            return Validation::Failed(
                "validation runs in the desktop app: its match needs threads".to_string(),
            );
        }
        let starting: Vec<i64> = tuned.iter().map(|t| t.value).collect();
        let original = with_values(strategy, tuned, &starting);
        let better = with_values(strategy, tuned, values);
        let spawned = Job::spawn("chainlab-validate", Some(ctx.clone()), move |job| {
            validate(
                &original,
                &better,
                &config,
                VALIDATION_GAMES,
                job.cancel_flag(),
                &mut (),
            )
            .map_err(|e| e.to_string())
        });
        match spawned {
            Ok(job) => Validation::Running(job),
            Err(e) => Validation::Failed(e),
        }
    }

    /// Takes in the result once the match is over.
    pub fn poll(&mut self) {
        let Validation::Running(job) = self else {
            return;
        };
        *self = match job.poll() {
            Poll::Pending => return,
            Poll::Ready(Ok(report)) => Validation::Done(summary(&report)),
            Poll::Ready(Err(e)) => Validation::Failed(e),
            Poll::Crashed => {
                Validation::Failed("the validation thread stopped unexpectedly".to_string())
            }
        };
    }

    /// Whether the match is being played.
    pub fn is_running(&self) -> bool {
        matches!(self, Validation::Running(_))
    }
}

/// "Validation, tuned vs original over 200 games: 55.0 % (100-10-90),
/// Elo +35 (95 %: −10 to +80): the tuned values play better." and the like.
fn summary(report: &MatchReport) -> String {
    let w = report.tally.wdl;
    let score = w
        .score()
        .map_or_else(|| "-".to_string(), |s| format!("{:.1} %", s * 100.0));
    let elo = |e: Option<f64>| e.map_or_else(|| "∞".to_string(), |e| format!("{e:+.0}"));
    let (lo, hi) = w.elo_ci95();
    let verdict = match (lo, hi) {
        (Some(lo), _) if lo > 0.0 => "the tuned values play better",
        (_, Some(hi)) if hi < 0.0 => "the tuned values play worse: do not apply them",
        _ => "no difference shown at this many games",
    };
    format!(
        "Validation, tuned vs original over {} games: {score} ({}-{}-{}), Elo {} (95 %: {} to {}): {verdict}.",
        w.games(),
        w.wins,
        w.draws,
        w.losses,
        elo(w.elo()),
        elo(lo),
        elo(hi),
    )
}
