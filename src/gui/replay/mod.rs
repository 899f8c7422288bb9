//! The replay view: step forwards and backwards through a finished (or
//! unfinished) game, scrub to any move, or let it play by itself. Stepping
//! forwards animates the move's reaction like the play view does.
//! The game shown is a [`ReplayGame`] (in [`crate::gui::command`]: the app
//! makes one of the play view's game, the arena and the records file of a
//! game record).
//! Analyse values every move in the background (`replay/analyse.rs`): a
//! win-chance plot under the board, class marks on the move list, and at a
//! marked move what the player's graph valued beside the analyser's choice.

use std::path::PathBuf;

use crate::analysis::{AnalyserConfig, GameAnalysis};
use crate::gui::anim::MoveAnimation;
use crate::gui::board::BoardView;
use crate::gui::files::FilePicker;
use crate::gui::layout::{Pane, Panes, Part, Side};
use crate::gui::play::session::Pace;
use crate::gui::players::{move_list, players_table};
use crate::gui::records::RecordsFile;
use crate::gui::seats::{Catalogue, shipped_strategies_dir};
use crate::gui::theme;
use crate::rules::{Coord, Player, Position, WaveLog};
use crate::strategy::Strategy;

mod analyse;
mod controls;
mod graphs;
mod job;
mod plot;
mod verdict;

use self::analyse::{AnalysisPanel, BarAction};
use self::controls::{Action, controls_ui};
use self::graphs::Sources;
use self::job::Request;
pub use self::plot::PLOT_LABEL;
pub use crate::gui::command::ReplayGame;

/// The replay's parts when a game is loaded: the game and the moves' panel.
const PANES: Panes<'static> = Panes {
    id: "replay",
    main: "Game",
    panes: &[Pane {
        id: "replay_side",
        title: "Moves",
        side: Side::Right,
        width: 260.0,
        min: 220.0,
    }],
    first: Some(0),
    bare: false,
};

/// The replay before a game is loaded: the main area alone.
const BARE: Panes<'static> = Panes {
    panes: &[],
    ..PANES
};

/// Seconds between moves when the replay plays by itself.
const AUTO_PLAY_SECONDS: f64 = 0.7;

/// The height of the win-chance plot.
const PLOT_HEIGHT: f32 = 150.0;

/// The board's least height when the plot takes the space below it.
const MIN_BOARD_HEIGHT: f32 = 180.0;

/// The plot's least height: on a short window it gives up height down to
/// this before anything is pushed off the window's bottom.
const MIN_PLOT_HEIGHT: f32 = 90.0;

/// Names a seat by the game's labels.
fn labeller(labels: &[String]) -> impl Fn(Player) -> String + use<> {
    let labels = labels.to_vec();
    move |p: Player| labels.get(p.index()).cloned().unwrap_or_default()
}

/// A loaded game and where the replay stands in it.
struct Loaded {
    game: ReplayGame,
    /// `positions[k]` is the position after `k` moves.
    positions: Vec<Position>,
    /// The move at which the game could not be replayed, if any.
    error: Option<String>,
    ply: usize,
}

/// The replay view's runtime state.
#[derive(Default)]
pub struct ReplayView {
    loaded: Option<Loaded>,
    anim: Option<MoveAnimation>,
    playing: bool,
    next_auto: Option<f64>,
    follow: bool,
    records: Option<RecordsFile>,
    records_error: Option<String>,
    record: Option<usize>,
    files: FilePicker<()>,
    analysis: AnalysisPanel,
}

impl ReplayView {
    /// Loads `game` and shows its start.
    pub fn load(&mut self, game: ReplayGame) {
        let mut positions = Vec::with_capacity(game.moves.len() + 1);
        let mut position = game.start;
        positions.push(position);
        let mut error = None;
        for (i, &coord) in game.moves.iter().enumerate() {
            if let Err(e) = position.play(coord) {
                error = Some(format!("move {} ({coord}) cannot be replayed: {e}", i + 1));
                break;
            }
            positions.push(position);
        }
        self.loaded = Some(Loaded {
            game,
            positions,
            error,
            ply: 0,
        });
        self.anim = None;
        self.playing = false;
        self.next_auto = None;
        self.follow = true;
        self.analysis.reset();
        // A game from elsewhere (the play view, the arena) is no game of the
        // records file: the picker shows none (select_record sets it after).
        self.record = None;
    }

    /// Opens a records file written by `chainlab match` and shows its first game.
    pub fn open_records(&mut self, path: &std::path::Path) {
        match RecordsFile::open(path) {
            Ok(records) => {
                self.records_error = None;
                self.records = Some(records);
                self.select_record(0);
            }
            Err(e) => self.records_error = Some(e),
        }
    }

    /// Shows game `index` of the open records file.
    pub fn select_record(&mut self, index: usize) {
        let Some(record) = self.records.as_ref().and_then(|r| r.games.get(index)) else {
            return;
        };
        match ReplayGame::from_record(record) {
            Ok(game) => {
                self.load(game);
                self.record = Some(index);
                self.records_error = None;
            }
            Err(e) => self.records_error = Some(e),
        }
    }

    /// The open records file, if any.
    pub fn records(&self) -> Option<&RecordsFile> {
        self.records.as_ref()
    }

    /// The number of moves shown on the board (0 at the start), if a game is loaded.
    pub fn ply(&self) -> Option<usize> {
        self.loaded.as_ref().map(|l| l.ply)
    }

    /// The number of moves that can be replayed, if a game is loaded.
    pub fn move_count(&self) -> Option<usize> {
        self.loaded.as_ref().map(|l| l.positions.len() - 1)
    }

    /// The position shown (after the animation, if one runs).
    pub fn position(&self) -> Option<&Position> {
        let loaded = self.loaded.as_ref()?;
        loaded.positions.get(loaded.ply)
    }

    /// The finished analysis of the game shown, if any.
    pub fn analysis(&self) -> Option<&GameAnalysis> {
        self.analysis.analysis()
    }

    /// Whether the game is being analysed.
    pub fn is_analysing(&self) -> bool {
        self.analysis.is_running()
    }

    /// Analyses with `config` from the next Analyse on (the default is the
    /// CLI's; tests use smaller budgets).
    pub fn set_analyser(&mut self, config: AnalyserConfig) {
        self.analysis.set_config(config);
    }

    /// The analyser's configuration for the next Analyse.
    pub fn analyser(&self) -> AnalyserConfig {
        self.analysis.config()
    }

    /// Whether a move's reaction is being animated.
    pub fn is_animating(&self) -> bool {
        self.anim.is_some()
    }

    /// Goes to the position after `ply` moves (clamped), without animation.
    pub fn seek(&mut self, ply: usize) {
        if let Some(loaded) = &mut self.loaded {
            loaded.ply = ply.min(loaded.positions.len() - 1);
            self.anim = None;
            self.follow = true;
        }
    }

    /// One move forwards, animated at `pace`.
    pub fn forward(&mut self, pace: Pace) {
        let Some(loaded) = &mut self.loaded else {
            return;
        };
        if loaded.ply + 1 >= loaded.positions.len() {
            self.playing = false;
            return;
        }
        let (Some(&before), Some(&coord)) = (
            loaded.positions.get(loaded.ply),
            loaded.game.moves.get(loaded.ply),
        ) else {
            return;
        };
        loaded.ply += 1;
        self.follow = true;
        let mut log = WaveLog::default();
        let mut position = before;
        self.anim = match (pace.animate, position.play_observed(coord, &mut log)) {
            (true, Ok(_)) => MoveAnimation::from_log(&log, pace.seconds_per_wave),
            _ => None,
        };
    }

    /// One move backwards.
    pub fn back(&mut self) {
        if let Some(ply) = self.ply() {
            self.seek(ply.saturating_sub(1));
        }
    }

    /// Draws the view; `records_path` is the records file field's text;
    /// `catalogue` is where the players' strategy graphs are looked up, and
    /// `editing` (the editor's graph) names the nodes of one it handed over.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        pace: Pace,
        show_letters: bool,
        records_path: &mut String,
        players: (&Catalogue, &Strategy),
    ) {
        if let Some(((), path)) = self.files.update(ui.ctx()) {
            *records_path = path.to_string_lossy().into_owned();
            self.open_records(&path);
        }
        let now = ui.input(|i| i.time);
        self.tick(ui.ctx(), now, pace);
        self.analysis.poll();
        self.keys(ui, pace);
        let panes = if self.loaded.is_some() { PANES } else { BARE };
        panes.show(ui, |ui, part| match part {
            Part::Pane(_) => self.side_ui(ui),
            Part::Main => self.central_ui(ui, pace, show_letters, records_path, players),
        });
    }

    fn side_ui(&mut self, ui: &mut egui::Ui) {
        let follow = std::mem::take(&mut self.follow);
        let Some(loaded) = &self.loaded else {
            return;
        };
        let label = labeller(&loaded.game.labels);
        let marks = self.analysis.marks();
        let moves: Vec<(Player, Coord)> = loaded
            .game
            .moves
            .iter()
            .zip(&loaded.positions)
            .map(|(&m, p)| (p.mover(), m))
            .collect();
        let shown = loaded.positions.get(loaded.ply).copied();
        ui.heading("Players");
        ui.add_space(4.0);
        if let Some(position) = &shown {
            players_table(ui, position, &label);
        }
        ui.add_space(8.0);
        ui.separator();
        ui.label(egui::RichText::new("Moves").strong());
        let jump = move_list(ui, &moves, Some(loaded.ply), follow, &marks);
        if let Some(ply) = jump {
            self.seek(ply);
        }
    }

    fn tick(&mut self, ctx: &egui::Context, now: f64, pace: Pace) {
        if let Some(anim) = &mut self.anim {
            match anim.advance(now) {
                Some(next) => {
                    ctx.request_repaint_after_secs((next - now).max(0.0) as f32);
                    return;
                }
                None => self.anim = None,
            }
        }
        if self.playing {
            let due = *self.next_auto.get_or_insert(now + AUTO_PLAY_SECONDS);
            if now >= due {
                self.next_auto = None;
                self.forward(pace);
                ctx.request_repaint();
            } else {
                ctx.request_repaint_after_secs((due - now) as f32);
            }
        }
    }

    fn keys(&mut self, ui: &egui::Ui, pace: Pace) {
        if ui.memory(|m| m.focused().is_some()) {
            return;
        }
        let (left, right, home, end) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowLeft),
                i.key_pressed(egui::Key::ArrowRight),
                i.key_pressed(egui::Key::Home),
                i.key_pressed(egui::Key::End),
            )
        });
        if left {
            self.back();
        }
        if right {
            self.forward(pace);
        }
        if home {
            self.seek(0);
        }
        if end {
            self.seek(usize::MAX);
        }
    }

    /// The loaded game: its title, note and replay error, the controls, the
    /// analysis bar and headline, the board at the current move (or the
    /// animation of the last step, or the verdict at a marked move), and
    /// the win-chance plot; the actions run after everything is drawn.
    fn main_ui(
        &mut self,
        ui: &mut egui::Ui,
        pace: Pace,
        show_letters: bool,
        players: (&Catalogue, &Strategy),
    ) {
        let Some(loaded) = &self.loaded else {
            return;
        };
        ui.label(egui::RichText::new(&loaded.game.title).heading());
        if !loaded.game.note.is_empty() {
            ui.label(egui::RichText::new(&loaded.game.note).color(theme::MUTED_TEXT));
        }
        if let Some(error) = &loaded.error {
            ui.colored_label(theme::ERROR_TEXT, error);
        }
        let last = loaded.positions.len() - 1;
        let mut action = controls_ui(ui, loaded.ply, last, self.playing);
        let label = labeller(&loaded.game.labels);
        let bar = self.analysis.bar_ui(ui, loaded.ply, &label);
        self.analysis.headline_ui(ui, loaded.ply, &label);
        ui.add_space(6.0);
        let room = ui.available_height() - 8.0;
        let plot_height = if self.analysis.analysis().is_some() {
            PLOT_HEIGHT
                .min(room - MIN_BOARD_HEIGHT)
                .max(MIN_PLOT_HEIGHT)
        } else {
            0.0
        };
        let board_height = (room - plot_height).max(MIN_BOARD_HEIGHT);
        let before = loaded
            .ply
            .checked_sub(1)
            .and_then(|i| loaded.positions.get(i))
            .copied();
        let verdict = if self.anim.is_none() {
            self.analysis.verdict_at(loaded.ply, before)
        } else {
            None
        };
        ui.allocate_ui(
            egui::vec2(ui.available_width(), board_height),
            |ui| match verdict {
                Some(index) => self.analysis.verdict_ui(ui, index, show_letters),
                None => self.board_ui(ui, loaded, show_letters),
            },
        );
        if let Some(ply) = self.analysis.plot_ui(ui, loaded.ply, &label, plot_height) {
            action = Some(Action::Seek(ply));
        }
        match bar {
            Some(BarAction::Seek(ply)) => action = Some(Action::Seek(ply)),
            Some(BarAction::Start) => self.start_analysis(ui.ctx(), players.0, Some(players.1)),
            None => {}
        }
        self.act(action, pace);
    }

    fn act(&mut self, action: Option<Action>, pace: Pace) {
        match action {
            Some(Action::Seek(p)) => self.seek(p),
            Some(Action::Back) => self.back(),
            Some(Action::Forward) => self.forward(pace),
            Some(Action::TogglePlay) => {
                self.playing = !self.playing;
                self.next_auto = None;
            }
            None => {}
        }
    }

    /// Starts analysing the game shown; its players' graphs are looked up
    /// in `catalogue`, beside the records file and among the shipped
    /// strategies (`editing`, the editor's graph, names the nodes of a graph
    /// it handed over).
    pub fn start_analysis(
        &mut self,
        ctx: &egui::Context,
        catalogue: &Catalogue,
        editing: Option<&Strategy>,
    ) {
        let Some(loaded) = &self.loaded else {
            return;
        };
        let mut dirs: Vec<PathBuf> = Vec::new();
        if self.record.is_some()
            && let Some(dir) = self.records.as_ref().and_then(|r| r.path.parent())
        {
            dirs.push(dir.to_path_buf());
        }
        dirs.extend(shipped_strategies_dir());
        let sources = Sources {
            catalogue,
            dirs,
            editing,
        };
        let request = Request::of(&loaded.game);
        self.analysis
            .start(request, &loaded.game.labels, &sources, ctx);
    }

    /// The board after `loaded.ply` moves with the last move marked, or the
    /// frame of the animation running.
    fn board_ui(&self, ui: &mut egui::Ui, loaded: &Loaded, show_letters: bool) {
        let ply = loaded.ply;
        let (position, reacting) = match self.anim.as_ref().and_then(MoveAnimation::frame) {
            Some(frame) => (frame.position, frame.reacting.clone()),
            None => (
                loaded
                    .positions
                    .get(ply)
                    .copied()
                    .unwrap_or(loaded.game.start),
                Vec::new(),
            ),
        };
        let last_move = (self.anim.is_none() && ply > 0)
            .then(|| loaded.game.moves.get(ply - 1).copied())
            .flatten();
        BoardView::new(&position)
            .reacting(&reacting)
            .last_move(last_move)
            .show_letters(show_letters)
            .id_salt("replay_board")
            .show(ui);
    }
}
