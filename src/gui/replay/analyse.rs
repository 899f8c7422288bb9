//! The replay's game analysis: the Analyse button, the background run with
//! its progress bar and Cancel, and, once done, the class marks for the move
//! list, "Next mistake", the per-player counts, the win-chance plot, and the
//! verdict at a marked move. The analyser is the CLI's (`chainlab analyze`
//! with its default budget), so the two give the same values for a game.
//!
//! Invariant: the panel belongs to one game. Loading another game calls
//! [`AnalysisPanel::reset`], which drops the job (cancelling it) and the
//! results, so no result is ever shown against a game it was not made for.

use std::sync::Arc;

use egui::{RichText, Ui};

use crate::analysis::{
    Analyser, AnalyserConfig, DEFAULT_NODES, GameAnalysis, MoveQuality, summarise,
};
use crate::arena::report::time_left;
use crate::gui::theme;
use crate::rules::{Player, Position};

use super::graphs::{Graph, Sources, find_graphs};
use super::job::{AnalysisJob, Finished, Request};
use super::plot::win_chance_plot;
use super::verdict::{Verdict, headline, verdict_ui};

/// The label of the button that starts an analysis.
pub const ANALYSE: &str = "Analyse";
/// The label of the button that jumps to the next marked move.
pub const NEXT_MISTAKE: &str = "Next mistake ⏭";

/// Where the analysis stands.
enum State {
    Idle,
    Running(AnalysisJob),
    Done(Box<GameAnalysis>),
    Cancelled,
    Failed(String),
}

/// The analysis of the game shown.
pub struct AnalysisPanel {
    analyser: Analyser,
    state: State,
    graphs: Vec<Option<Arc<Graph>>>,
    verdict: Option<Verdict>,
    /// Whether a marked move shows the two boards of the verdict.
    pub compare: bool,
}

impl Default for AnalysisPanel {
    fn default() -> Self {
        AnalysisPanel {
            analyser: Analyser::new(AnalyserConfig::default()),
            state: State::Idle,
            graphs: Vec::new(),
            verdict: None,
            compare: true,
        }
    }
}

/// What the analysis bar asked for.
pub enum BarAction {
    /// Start analysing the game.
    Start,
    /// Go to the position after this many moves.
    Seek(usize),
}

impl AnalysisPanel {
    /// Forgets the analysis (cancelling a run): another game is shown.
    pub fn reset(&mut self) {
        self.state = State::Idle;
        self.graphs.clear();
        self.verdict = None;
    }

    /// The configuration of the next analysis.
    pub fn config(&self) -> AnalyserConfig {
        self.analyser.config()
    }

    /// Uses `config` from the next analysis on.
    pub fn set_config(&mut self, config: AnalyserConfig) {
        self.analyser = Analyser::new(config);
    }

    /// The finished analysis, if any.
    pub fn analysis(&self) -> Option<&GameAnalysis> {
        match &self.state {
            State::Done(a) => Some(a),
            _ => None,
        }
    }

    /// Whether a run is going on.
    pub fn is_running(&self) -> bool {
        matches!(self.state, State::Running(_))
    }

    /// The graph of the player in seat `player`, if found.
    pub fn graph(&self, player: Player) -> Option<&Graph> {
        self.graphs.get(player.index())?.as_deref()
    }

    /// Starts analysing `request` in the background, after looking up the
    /// players' graphs (named by `labels`) in `sources`.
    pub fn start(
        &mut self,
        request: Request,
        labels: &[String],
        sources: &Sources<'_>,
        ctx: &egui::Context,
    ) {
        self.reset();
        self.graphs = find_graphs(labels, sources);
        self.state = match AnalysisJob::start(self.analyser, request, Some(ctx.clone())) {
            Ok(job) => State::Running(job),
            Err(e) => State::Failed(e),
        };
    }

    /// Takes in the job's result when it has arrived.
    pub fn poll(&mut self) {
        let State::Running(job) = &mut self.state else {
            return;
        };
        match job.poll() {
            Some(Finished::Done(analysis)) => self.state = State::Done(analysis),
            Some(Finished::Cancelled) => self.state = State::Cancelled,
            Some(Finished::Failed(e)) => self.state = State::Failed(e),
            None => {}
        }
    }

    /// The class of every move, for the move list (empty before an analysis).
    pub fn marks(&self) -> Vec<MoveQuality> {
        self.analysis().map_or_else(Vec::new, |a| {
            a.plies
                .iter()
                .map(|p| {
                    if p.opening {
                        MoveQuality::Good
                    } else {
                        p.quality
                    }
                })
                .collect()
        })
    }

    /// The bar under the replay's controls at move `ply`: Analyse, or the
    /// progress and Cancel, or Next mistake and the per-player counts.
    pub fn bar_ui(
        &mut self,
        ui: &mut Ui,
        ply: usize,
        label: &dyn Fn(Player) -> String,
    ) -> Option<BarAction> {
        let mut action = None;
        ui.horizontal_wrapped(|ui| match &self.state {
            State::Running(job) => {
                let (done, total) = job.progress();
                ui.add(
                    egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                        .desired_width(260.0)
                        .text(format!("Analysing: {done} of {total} moves")),
                );
                if let Some(secs) = job.seconds_left() {
                    ui.label(RichText::new(time_left(secs)).color(theme::MUTED_TEXT));
                }
                let text = if job.is_cancelling() {
                    "Cancelling…"
                } else {
                    "Cancel"
                };
                if ui
                    .add_enabled(!job.is_cancelling(), egui::Button::new(text))
                    .on_hover_text("Stop the analysis.")
                    .clicked()
                {
                    job.cancel();
                }
            }
            State::Done(analysis) => {
                let next = analysis.next_marked(ply.checked_sub(1));
                if ui
                    .add_enabled(next.is_some(), egui::Button::new(NEXT_MISTAKE))
                    .on_hover_text("Go to the next move marked ?!, ? or ?? (from the start after the last).")
                    .on_disabled_hover_text("No move of this game is marked.")
                    .clicked()
                    && let Some(next) = next
                {
                    action = Some(BarAction::Seek(next + 1));
                }
                ui.checkbox(&mut self.compare, "Compare at marked moves")
                    .on_hover_text("At a marked move, show what the player valued beside what the analyser prefers.");
                counts_ui(ui, analysis, label);
            }
            State::Idle | State::Cancelled | State::Failed(_) => {
                if analyse_button(ui).clicked() {
                    action = Some(BarAction::Start);
                }
                budget_ui(ui, &mut self.analyser);
                if matches!(self.state, State::Idle) {
                    ui.label(
                        RichText::new("Find the mistakes: a win chance for every move")
                            .color(theme::MUTED_TEXT),
                    );
                }
                match &self.state {
                    State::Cancelled => {
                        ui.label(RichText::new("The analysis was cancelled.").color(theme::MUTED_TEXT));
                    }
                    State::Failed(e) => {
                        ui.colored_label(theme::ERROR_TEXT, e);
                    }
                    _ => {}
                }
            }
        });
        action
    }

    /// The win-chance plot at `height`; the ply clicked.
    pub fn plot_ui(
        &self,
        ui: &mut Ui,
        ply: usize,
        label: &dyn Fn(Player) -> String,
        height: f32,
    ) -> Option<usize> {
        win_chance_plot(ui, self.analysis()?, ply, label, height)
    }

    /// The index of the move that led to the position after `ply` moves,
    /// when the analysis is done, the comparison is on and the move is
    /// marked; the verdict on it is brought up to date from `before` (the
    /// position before the move), once per move selected.
    pub fn verdict_at(&mut self, ply: usize, before: Option<Position>) -> Option<usize> {
        let index = ply.checked_sub(1)?;
        let analysed = self.analysis()?.plies.get(index)?;
        if !self.compare || !analysed.quality.is_marked() {
            return None;
        }
        if self.verdict.as_ref().is_none_or(|v| v.ply != index) {
            let graph = self.graph(analysed.mover());
            self.verdict = Some(Verdict::new(analysed, before?, graph));
        }
        Some(index)
    }

    /// The headline of the move that led to the position after `ply` moves.
    pub fn headline_ui(&self, ui: &mut Ui, ply: usize, label: &dyn Fn(Player) -> String) {
        let Some(analysed) = ply
            .checked_sub(1)
            .and_then(|i| self.analysis()?.plies.get(i))
        else {
            return;
        };
        let colour = if analysed.quality.is_marked() {
            theme::quality_colour(analysed.quality)
        } else {
            theme::MUTED_TEXT
        };
        ui.label(RichText::new(headline(analysed, label)).color(colour));
    }

    /// The two boards and the trace of the verdict on move `index`.
    pub fn verdict_ui(&self, ui: &mut Ui, index: usize, show_letters: bool) {
        let (Some(verdict), Some(analysed)) = (
            self.verdict.as_ref().filter(|v| v.ply == index),
            self.analysis().and_then(|a| a.plies.get(index)),
        ) else {
            return;
        };
        verdict_ui(
            ui,
            verdict,
            analysed,
            self.graph(analysed.mover()),
            show_letters,
        );
    }
}

/// The analyser's node budgets offered: name, nodes per move.
const BUDGETS: [(&str, u64); 3] = [
    ("Quick", 20_000),
    ("Normal", DEFAULT_NODES),
    ("Deep", 1_000_000),
];

/// The drop-down of the analyser's budget per move.
fn budget_ui(ui: &mut Ui, analyser: &mut Analyser) {
    let nodes = analyser.config().nodes;
    let name = |(name, n): (&str, u64)| format!("{name}: {} nodes a move", thousands(n));
    let current = BUDGETS.iter().find(|b| b.1 == nodes).map_or_else(
        || format!("{} nodes a move", thousands(nodes)),
        |&b| name(b),
    );
    egui::ComboBox::from_label("Budget")
        .selected_text(current)
        .show_ui(ui, |ui| {
            for budget in BUDGETS {
                if ui
                    .selectable_label(budget.1 == nodes, name(budget))
                    .clicked()
                {
                    *analyser = Analyser::new(analyser.config().with_nodes(budget.1));
                }
            }
        })
        .response
        .on_hover_text(
            "How hard the analyser searches each position. Normal is chainlab analyze's default; \
             Quick is for long games on large boards, Deep for a closer look.",
        );
}

/// 200000 as "200,000".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The Analyse button, findable by a first-time user.
fn analyse_button(ui: &mut Ui) -> egui::Response {
    ui.button(RichText::new(ANALYSE).strong()).on_hover_text(
        "Value every move of this game with the analyser (as chainlab analyze does), in the \
         background: a win-chance plot under the board, marks on the move list (?! inaccuracy, \
         ? mistake, ?? blunder), and at each marked move what the player's graph valued beside \
         the analyser's best move.",
    )
}

/// "A (name): 2 ?!, 1 ?, 0 ??, accuracy 91%" for each seat.
fn counts_ui(ui: &mut Ui, analysis: &GameAnalysis, label: &dyn Fn(Player) -> String) {
    let mut summaries = Vec::new();
    summarise(&mut summaries, analysis, |k| {
        let player = Player::all(analysis.players).nth(k).unwrap_or(Player::A);
        format!("{player} ({})", label(player))
    });
    for s in summaries {
        ui.label(
            RichText::new(format!(
                "{}: {} ?!, {} ?, {} ??, accuracy {:.0}%",
                s.player, s.inaccuracies, s.mistakes, s.blunders, s.accuracy
            ))
            .color(theme::MUTED_TEXT),
        );
    }
}
