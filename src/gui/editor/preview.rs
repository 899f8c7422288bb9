//! The preview board beside the canvas: a position to try the strategy on
//! (an empty board of any size and player count, atoms placed by clicking,
//! or a position file), the strategy's value for every cell it may play
//! (heat map), the cells it would pick, and the cell being explained.

use std::path::Path;

use egui::{RichText, Ui};

use crate::gui::board::{BoardView, Overlay};
use crate::gui::platform;
use crate::gui::players::player_badge;
use crate::gui::theme;
use crate::input::{MAX_POSITION_BYTES, text_from_bytes};
use crate::rules::{Coord, Geometry, Player, PlayerSet, Position, Rules, Setup, Size};

use super::analysis::Analysis;

pub use self::puzzle::ShownPuzzle;

/// What a click on the preview board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Explain the clicked cell: every node shows its value for it.
    Explain,
    /// Change the board: add an atom of the brush's player, or erase.
    Edit,
}

/// What the board editor puts on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// One more atom of this player (taking the cell over).
    Atom(Player),
    /// Empty the cell.
    Erase,
}

/// What the preview asks the editor to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreviewAction {
    /// Choose a position file to load.
    LoadPosition,
    /// Go back to the Puzzles panel (from a puzzle shown here).
    BackToPuzzles,
}

/// The preview's state.
pub struct Preview {
    size: Size,
    rules: Rules,
    players: usize,
    cells: Vec<Option<(Player, u32)>>,
    to_move: Player,
    position: Option<Position>,
    message: Option<String>,
    revision: u64,
    mode: Mode,
    brush: Brush,
    explained: Option<Coord>,
    /// The puzzle shown, with the revision of its position (it goes when
    /// the board changes).
    puzzle: Option<(ShownPuzzle, u64)>,
}

impl Default for Preview {
    fn default() -> Self {
        let mut preview = Preview {
            size: Size::JABC,
            rules: Rules::Standard,
            players: 2,
            cells: vec![None; Size::JABC.cells()],
            to_move: Player::A,
            position: None,
            message: None,
            revision: 0,
            mode: Mode::Explain,
            brush: Brush::Atom(Player::A),
            explained: None,
            puzzle: None,
        };
        preview.rebuild();
        preview
    }
}

impl Preview {
    /// A preview of the position in text notation `text`, or of the empty
    /// `5x6` board when it does not parse.
    pub fn from_text(text: &str) -> Preview {
        let mut preview = Preview::default();
        if let Ok(position) = text.parse::<Position>() {
            preview.set_position(&position);
        }
        preview
    }

    /// The position, if the board describes a valid one.
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    /// The position in text notation (saved with the settings).
    pub fn to_text(&self) -> String {
        self.position.map(|p| p.to_string()).unwrap_or_default()
    }

    /// Counts changes of the position.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The cell being explained.
    pub fn explained(&self) -> Option<Coord> {
        self.explained
    }

    /// Explains `cell` (or stops explaining).
    pub fn explain(&mut self, cell: Option<Coord>) {
        self.explained = cell;
    }

    /// Replaces the board with `position`.
    pub fn set_position(&mut self, position: &Position) {
        let setup = Setup::from_position(position);
        self.size = setup.size;
        self.rules = setup.rules;
        self.players = setup.players;
        self.cells = setup.cells;
        self.to_move = position.to_move().unwrap_or(Player::A);
        self.explained = None;
        self.message = None;
        self.position = Some(*position);
        self.revision += 1;
    }

    /// Loads a position file (text notation, or JSON when it starts with `{`).
    pub fn load_file(&mut self, path: &Path) {
        let parsed = platform::read_file(path, MAX_POSITION_BYTES, "position files")
            .and_then(|bytes| {
                text_from_bytes(bytes).map_err(|e| format!("{}: {e}", path.display()))
            })
            .and_then(|text| {
                text.parse::<Position>()
                    .map_err(|e| format!("{}: {e}", path.display()))
            });
        match parsed {
            Ok(position) => self.set_position(&position),
            Err(e) => self.message = Some(e),
        }
    }

    /// Forgets the puzzle shown and the graph's choice on it (another
    /// graph was opened); the position stays.
    pub fn forget_puzzle(&mut self) {
        self.puzzle = None;
    }

    /// An empty board of the current size, rules and players.
    fn clear(&mut self) {
        self.cells = vec![None; self.size.cells()];
        self.to_move = Player::A;
        self.explained = None;
        self.rebuild();
    }

    /// Builds the position the board describes, keeping the previous one
    /// (and saying why) when it describes none.
    fn rebuild(&mut self) -> bool {
        match self.build() {
            Ok(position) => {
                self.to_move = position.to_move().unwrap_or(self.to_move);
                if self.explained.is_some_and(|c| !position.is_legal(c)) {
                    self.explained = None;
                }
                self.position = Some(position);
                self.message = None;
                self.revision += 1;
                true
            }
            Err(e) => {
                self.message = Some(e);
                false
            }
        }
    }

    /// The board as a position: read as a game in its first round when it
    /// can be, otherwise as one where everybody has placed; a position that
    /// is not over is preferred.
    fn build(&self) -> Result<Position, String> {
        let all: PlayerSet = Player::all(self.players).collect();
        let tries = [
            (None, Some(self.to_move)),
            (Some(all), Some(self.to_move)),
            (None, None),
            (Some(all), None),
        ];
        let mut error = None;
        let mut over = None;
        for (placed, to_move) in tries {
            let setup = Setup {
                size: self.size,
                rules: self.rules,
                players: self.players,
                to_move,
                placed,
                placements: None,
                winner: None,
                cells: self.cells.clone(),
            };
            match setup.into_position() {
                Ok(p) if !p.is_over() => return Ok(p),
                Ok(p) => {
                    over.get_or_insert(p);
                }
                Err(e) => {
                    error.get_or_insert(e.to_string());
                }
            }
        }
        over.ok_or_else(|| error.unwrap_or_default())
    }

    /// Applies the brush to `coord` (or removes one atom when `remove`).
    fn paint(&mut self, coord: Coord, remove: bool) {
        let index = self.size.index(coord);
        let Some(cell) = self.cells.get(index).copied() else {
            return;
        };
        let capacity = Geometry::of(self.size).capacity(index);
        let max = u32::from(self.rules.max_atoms(capacity));
        let new = match (remove, self.brush, cell) {
            (true, _, Some((p, n))) => (n > 1).then_some((p, n - 1)),
            (true, _, None) | (false, Brush::Erase, _) => None,
            (false, Brush::Atom(p), Some((q, n))) if p == q => (n < max).then_some((p, n + 1)),
            (false, Brush::Atom(p), Some((_, n))) => Some((p, n)),
            (false, Brush::Atom(p), None) => Some((p, 1)),
        };
        let before = self.cells.clone();
        if let Some(slot) = self.cells.get_mut(index) {
            *slot = new;
        }
        if !self.rebuild() {
            self.cells = before;
        }
    }

    /// Draws the preview; returns an action for the editor.
    pub fn ui(&mut self, ui: &mut Ui, analysis: &Analysis) -> Option<PreviewAction> {
        let mut action = None;
        ui.horizontal(|ui| {
            ui.heading("Preview");
            ui.add_space(8.0);
            ui.selectable_value(&mut self.mode, Mode::Explain, "Explain cells")
                .on_hover_text("Click a cell: every node shows its value for that cell.");
            ui.selectable_value(&mut self.mode, Mode::Edit, "Edit board")
                .on_hover_text(
                    "Click a cell to add an atom of the chosen player; right-click removes one.",
                );
        });
        if self.setup_ui(ui) {
            action = Some(PreviewAction::LoadPosition);
        }
        if self.mode == Mode::Edit {
            self.brush_ui(ui);
        }
        if self.puzzle_ui(ui, analysis) {
            action = Some(PreviewAction::BackToPuzzles);
        }
        self.board_ui(ui, analysis);
        self.status_ui(ui, analysis);
        action
    }

    fn board_ui(&mut self, ui: &mut Ui, analysis: &Analysis) {
        let Some(position) = self.position else {
            return;
        };
        let overlay = analysis.heat.as_ref().ok().map(|heat| Overlay {
            values: heat.raw.clone(),
            best: analysis.best.clone(),
        });
        let width = ui.available_width();
        let aspect = self.size.rows() as f32 / self.size.cols() as f32;
        let height = (width * aspect).clamp(120.0, 420.0);
        let board = ui
            .allocate_ui(egui::vec2(width, height), |ui| {
                BoardView::new(&position)
                    .interactive(true)
                    .overlay(overlay.as_ref())
                    .marked(self.explained, super::style::VALUE)
                    .ringed(self.answer(), super::style::ANSWER)
                    .max_cell(64.0)
                    .id_salt("preview")
                    .show(ui)
            })
            .inner;
        let secondary = ui.input(|i| i.pointer.secondary_clicked());
        match self.mode {
            Mode::Explain => {
                if let Some(cell) = board.clicked {
                    if position.is_legal(cell) {
                        self.explained = if self.explained == Some(cell) {
                            None
                        } else {
                            Some(cell)
                        };
                    } else {
                        self.message = Some(format!(
                            "{cell} is not valued: the player to move may not place there"
                        ));
                    }
                }
            }
            Mode::Edit => {
                if let Some(cell) = board.clicked {
                    self.paint(cell, false);
                } else if secondary && let Some(cell) = board.hovered {
                    self.paint(cell, true);
                }
            }
        }
    }

    fn status_ui(&mut self, ui: &mut Ui, analysis: &Analysis) {
        if let Some(position) = &self.position {
            ui.horizontal(|ui| {
                match position.to_move() {
                    Some(p) => {
                        player_badge(ui, p);
                        ui.label(format!("{p} to move"));
                    }
                    None => {
                        ui.label("The game is over.");
                    }
                };
            });
        }
        match &analysis.heat {
            Ok(_) if analysis.best.is_empty() => {}
            Ok(heat) => {
                let value = heat.best_value().unwrap_or(0);
                let valued = heat.raw.iter().filter(|v| v.is_some()).count();
                let best = analysis.best.len();
                ui.label(if best > 6 && best == valued {
                    format!("All {best} cells tie (value {value}): picks one at random")
                } else if best > 6 {
                    format!("{best} cells tie (value {value}): picks one at random")
                } else {
                    let cells: Vec<String> = analysis.best.iter().map(|c| c.to_string()).collect();
                    format!("Picks {} (value {value})", cells.join("  "))
                });
            }
            Err(e) if e.is_empty() => {}
            Err(e) => {
                ui.label(RichText::new(e).color(theme::HINT_TEXT));
            }
        }
        if let Some(cell) = self.explained {
            ui.horizontal_wrapped(|ui| {
                let value = match &analysis.explained_value {
                    Some(Ok(Some(v))) => format!("value {v}"),
                    Some(Ok(None)) => "no value".to_string(),
                    Some(Err(e)) => e.clone(),
                    None => String::new(),
                };
                ui.label(
                    RichText::new(format!(
                        "Explaining {cell}: {value}; every node shows its value."
                    ))
                    .color(super::style::VALUE),
                );
                if ui.small_button("Stop").clicked() {
                    self.explained = None;
                }
            });
        } else if self.mode == Mode::Explain {
            ui.label(RichText::new("Click a cell to explain its value.").color(theme::MUTED_TEXT));
        }
        if let Some(message) = &self.message {
            ui.label(RichText::new(message).color(theme::ERROR_TEXT));
        }
    }
}

mod puzzle;
mod setup;
#[cfg(test)]
mod tests;
