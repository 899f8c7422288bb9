//! The play view: set up a game (board, rules, seats), play it on the board
//! against people or computer players, watch reactions wave by wave, undo,
//! and hand the finished game to the replay view. "Play against it" from the
//! editor starts a game of a human against the editor's graph. A seat can be
//! a program ("Program…"); what engines report shows beside the board.

mod computer;
mod info;
pub mod session;
pub mod setup;
mod status;

use crate::eval::Evaluator;
use crate::gui::board::{BoardView, Overlay};
use crate::gui::command::Command;
use crate::gui::command::StrategyEntry;
use crate::gui::files::{FileKind, FilePicker};
use crate::gui::layout::{Pane, Panes, Part, Side};
use crate::gui::players::{move_list, players_table};
use crate::gui::program_dialog::ProgramDialog;
use crate::gui::programs::RecentPrograms;
use crate::gui::seats::is_program_spec;
use crate::gui::seats::{Catalogue, SeatChoice, player_name, shipped_strategies_dir};
use crate::gui::theme;
use crate::gui::view::View;
use crate::rules::{Player, Position};

pub use self::info::SHOWN_LINES as SHOWN_INFO_LINES;

use self::info::info_panels;
use self::session::{Pace, SeatSpec, Session, Status};
use self::setup::{PlaySettings, SetupAction, setup_ui};
use self::status::{STATUS_HEIGHT, status_ui, tip};

/// The play view's parts: the board, the setup and the players' panel.
const PANES: Panes<'static> = Panes {
    id: "play",
    main: "Board",
    panes: &[
        Pane {
            id: "play_setup",
            title: "Setup",
            side: Side::Left,
            width: 270.0,
            min: 240.0,
        },
        Pane {
            id: "play_side",
            title: "Players",
            side: Side::Right,
            width: 260.0,
            min: 220.0,
        },
    ],
    first: Some(0),
    bare: false,
};

/// The play view's runtime state: the game being played.
#[derive(Default)]
pub struct PlayView {
    session: Option<Session>,
    error: Option<String>,
    games_started: u64,
    /// The heat map shown, with the position it belongs to.
    heat: Option<(Position, Overlay)>,
    /// The dialog choosing a strategy file for a seat (by index).
    files: FilePicker<usize>,
    /// The dialog choosing a program for a seat (by index).
    programs: ProgramDialog<usize>,
}

impl PlayView {
    /// The game being played, if one has started.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// The game being played, for changes.
    pub fn session_mut(&mut self) -> Option<&mut Session> {
        self.session.as_mut()
    }

    /// The strategy heat map shown last, if any.
    pub fn heat_map(&self) -> Option<&Overlay> {
        self.heat.as_ref().map(|(_, overlay)| overlay)
    }

    /// Why the last game could not start, if it could not.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The "Program…" dialog of the seat menus.
    pub fn program_dialog(&self) -> &ProgramDialog<usize> {
        &self.programs
    }

    /// Starts a new game from `settings`, replacing the current one.
    pub fn new_game(&mut self, settings: &PlaySettings, catalogue: &Catalogue) {
        self.games_started += 1;
        match start_session(settings, catalogue, self.games_started) {
            Ok(session) => {
                self.session = Some(session);
                self.error = None;
            }
            Err(e) => self.error = Some(format!("Cannot start the game: {e}")),
        }
    }

    /// Starts a game of a human (A) against `entry` (B) on the board and
    /// rules of `settings`; the strategy is offered in the seat menus from now on.
    pub fn play_against(
        &mut self,
        entry: &StrategyEntry,
        settings: &mut PlaySettings,
        catalogue: &mut Catalogue,
    ) {
        match catalogue.add_strategy(&entry.label, &entry.strategy) {
            Ok(spec) => {
                settings.seats = vec![SeatChoice::Human, SeatChoice::Computer(spec)];
                self.new_game(settings, catalogue);
            }
            Err(e) => self.error = Some(format!("Cannot start the game: {e}")),
        }
    }

    /// Puts the strategy file at `path` in seat `seat` (shown in the seat
    /// menus from now on); an error under the board when it does not load.
    pub fn seat_file(
        &mut self,
        seat: usize,
        path: &std::path::Path,
        settings: &mut PlaySettings,
        catalogue: &mut Catalogue,
    ) {
        match catalogue.add_file(path) {
            Ok(spec) => {
                if let Some(s) = settings.seats.get_mut(seat) {
                    *s = SeatChoice::Computer(spec);
                }
                self.error = None;
            }
            Err(e) => self.error = Some(format!("Cannot load the strategy file: {e}")),
        }
    }

    /// Draws the view and moves the game along; `recent` lists the
    /// programs offered in the seat menus (a program chosen goes first).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut PlaySettings,
        catalogue: &mut Catalogue,
        recent: &mut RecentPrograms,
        commands: &mut Vec<Command>,
    ) {
        if let Some((seat, path)) = self.files.update(ui.ctx()) {
            self.seat_file(seat, &path, settings, catalogue);
        }
        if let Some((seat, spec)) = self.programs.ui(ui.ctx()) {
            if let Some(s) = settings.seats.get_mut(seat) {
                *s = SeatChoice::Computer(spec.clone());
            }
            recent.add(&spec);
            self.error = None;
        }
        let pace = pace(settings);
        if let Some(session) = &mut self.session {
            let now = ui.input(|i| i.time);
            if let Some(next) = session.update(now, pace, Some(ui.ctx())) {
                ui.ctx()
                    .request_repaint_after_secs((next - now).max(0.0) as f32);
            }
        }

        PANES.show(ui, |ui, part| match part {
            Part::Pane(0) => {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    self.setup_panel_ui(ui, settings, catalogue, recent, commands);
                });
            }
            Part::Pane(_) => {
                egui::ScrollArea::vertical()
                    .id_salt("play_side_scroll")
                    .show(ui, |ui| self.side_ui(ui, commands));
            }
            Part::Main => self.board_ui(ui, settings, pace, commands),
        });
    }

    /// The setup panel and what its buttons ask for.
    fn setup_panel_ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut PlaySettings,
        catalogue: &mut Catalogue,
        recent: &RecentPrograms,
        commands: &mut Vec<Command>,
    ) {
        let pending = self.pending_change(settings, catalogue);
        match setup_ui(ui, settings, catalogue, recent, pending) {
            Some(SetupAction::NewGame) => {
                // On a phone the board is on another tab: show the new game.
                PANES.reveal_main(ui.ctx());
                commands.push(Command::NewGame);
            }
            Some(SetupAction::PickProgram(seat)) => {
                self.open_program_dialog(seat, settings);
            }
            Some(SetupAction::PickFile(seat)) => self.files.open(
                seat,
                FileKind::Strategy,
                "Strategy file for the seat",
                shipped_strategies_dir().as_deref(),
            ),
            None => {}
        }
    }

    /// Opens the "Program…" dialog for `seat`, starting from the program
    /// it holds, if any.
    fn open_program_dialog(&mut self, seat: usize, settings: &PlaySettings) {
        let Some(player) = Player::new(seat) else {
            return;
        };
        let current = match settings.seats.get(seat) {
            Some(SeatChoice::Computer(spec)) if is_program_spec(spec) => Some(spec.as_str()),
            _ => None,
        };
        self.programs
            .open(seat, format!("Program for seat {player}"), current);
    }

    fn side_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let Some(session) = &self.session else {
            return;
        };
        ui.heading("Players");
        ui.add_space(4.0);
        let shown = *session.shown().0;
        players_table(ui, &shown, &|p| session.label(p).to_string());
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    !session.game().moves().is_empty(),
                    egui::Button::new("Replay this game"),
                )
                .on_hover_text("Step through this game's moves in the replay view.")
                .clicked()
            {
                commands.push(Command::ReplayPlayed);
                commands.push(Command::Show(View::Replay));
            }
        });
        ui.add_space(8.0);
        if info_panels(ui, session) {
            ui.add_space(4.0);
        }
        ui.separator();
        ui.label(egui::RichText::new("Moves").strong());
        let game = session.game();
        let moves: Vec<(Player, crate::rules::Coord)> = game
            .moves()
            .iter()
            .enumerate()
            .map(|(ply, &m)| {
                let mover = game.position_at(ply).map_or(Player::A, |p| p.mover());
                (mover, m)
            })
            .collect();
        move_list(ui, &moves, None, false, &[]);
    }

    /// Whether the setup differs from the game being played (board, rules
    /// or seats): the change applies at the next New game.
    fn pending_change(&self, settings: &PlaySettings, catalogue: &Catalogue) -> bool {
        let Some(session) = &self.session else {
            return false;
        };
        let playing = session.position();
        let Ok(start) = settings.start() else {
            return true;
        };
        let seats_differ = settings.seats.iter().enumerate().any(|(i, seat)| {
            let label = match seat {
                SeatChoice::Human => "Human".to_string(),
                SeatChoice::Computer(spec) => player_name(spec, catalogue),
            };
            Player::new(i).is_none_or(|p| session.label(p) != label)
        });
        start.size() != playing.size()
            || start.rules() != playing.rules()
            || start.player_count() != playing.player_count()
            || seats_differ
    }

    fn board_ui(
        &mut self,
        ui: &mut egui::Ui,
        settings: &PlaySettings,
        pace: Pace,
        commands: &mut Vec<Command>,
    ) {
        if let Some(error) = &self.error {
            ui.colored_label(theme::ERROR_TEXT, error);
        }
        let Some(session) = &mut self.session else {
            ui.label("Choose a board and seats, then press New game.");
            return;
        };
        // The status and the tip in a band of fixed height: the board under
        // them starts at the same place whatever they say (one line or
        // two), so that it does not move under the pointer when a game
        // starts or a program moves.
        let band = egui::vec2(ui.available_width(), STATUS_HEIGHT);
        let (rect, _) = ui.allocate_exact_size(band, egui::Sense::hover());
        let mut top = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(rect)
                .layout(egui::Layout::top_down(egui::Align::Min)),
        );
        status_ui(&mut top, session, commands);
        let hint = session.hint().map(str::to_string);
        top.add_space(2.0);
        match hint {
            Some(hint) => top.colored_label(theme::HINT_TEXT, hint),
            None => top.colored_label(theme::MUTED_TEXT, tip(session)),
        };
        ui.add_space(6.0);
        let (position, reacting) = session.shown();
        let position = *position;
        let reacting = reacting.to_vec();
        let human_turn = matches!(session.status(), Status::HumanToMove(_));
        let overlay = if settings.show_heat_map && !session.is_animating() {
            heat_overlay(&mut self.heat, session, &position)
        } else {
            None
        };
        let response = BoardView::new(&position)
            .overlay(overlay.as_ref())
            .reacting(&reacting)
            .last_move(if session.is_animating() {
                None
            } else {
                session.last_move()
            })
            .interactive(human_turn || session.is_animating())
            .show_letters(settings.show_letters)
            .id_salt("play_board")
            .show(ui);
        if let Some(coord) = response.clicked {
            session.click(coord, pace);
            ui.ctx().request_repaint();
        }
    }
}

/// The heat map of the strategy seat to move in `position`, if it is one;
/// computed once per position and kept in `cache`.
fn heat_overlay(
    cache: &mut Option<(Position, Overlay)>,
    session: &Session,
    position: &Position,
) -> Option<Overlay> {
    let program = session.program(position.to_move()?)?;
    if let Some((cached, overlay)) = cache.as_ref()
        && cached == position
    {
        return Some(overlay.clone());
    }
    let heat = Evaluator::new(program.clone()).heat_map(position, 0).ok()?;
    let overlay = Overlay {
        values: (0..heat.raw.len()).map(|i| heat.value(i)).collect(),
        best: heat.best(),
    };
    *cache = Some((*position, overlay.clone()));
    Some(overlay)
}

fn pace(settings: &PlaySettings) -> Pace {
    Pace {
        animate: settings.animate,
        seconds_per_wave: f64::from(settings.seconds_per_wave),
    }
}

fn start_session(
    settings: &PlaySettings,
    catalogue: &Catalogue,
    game_number: u64,
) -> Result<Session, String> {
    let start = settings.start()?;
    let mut seats = Vec::with_capacity(settings.seats.len());
    for seat in &settings.seats {
        seats.push(match seat {
            SeatChoice::Human => SeatSpec {
                label: "Human".to_string(),
                computer: None,
                program: None,
            },
            SeatChoice::Computer(spec) => {
                let choice = catalogue.resolve(spec)?;
                SeatSpec {
                    label: choice.name.clone(),
                    computer: Some(choice.factory.clone()),
                    program: choice.program.clone(),
                }
            }
        });
    }
    Session::new(start, seats, seed_for(game_number))
}

/// A fresh seed for each game, from the clock and the game's number.
fn seed_for(game_number: u64) -> u64 {
    // web-time: std's clock panics in the browser.
    let nanos = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    crate::rng::derive_seed(nanos, game_number)
}
