//! The board widget, shared by the play view, the replay view and the
//! editor's preview board: draws any board from `2x2` to `20x20` with square
//! cells scaled to the space it is given, orbs in each player's colour,
//! critical cells ringed, cells about to react flashing, an optional overlay of
//! numbers per cell (the heat map), row numbers on the left and column
//! numbers on top (the coordinates the docs use, `ROW,COL`), the coordinate of
//! the cell under the pointer in the corner between them, and reports the
//! cell that was clicked.
//!
//! Every cell is an accessible widget labelled `cell ROW,COL`, so screen
//! readers and UI tests can find and click it; the labels are accessible as
//! `row R` and `column C`, the pointer's cell as `pointer at ROW,COL`.

use egui::{
    Align2, Color32, CornerRadius, CursorIcon, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2,
    WidgetInfo, WidgetType, vec2,
};

mod orbs;

use self::orbs::paint_orbs;
use super::theme;
use crate::rules::{Coord, Player, Position};

/// Numbers drawn over the cells (for example each cell's strategy value) and
/// the cells marked as best.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlay {
    /// One value per cell in row-major order; `None` draws nothing there.
    pub values: Vec<Option<i64>>,
    /// Cells drawn with a "best" marker.
    pub best: Vec<Coord>,
}

/// What the board did this frame.
#[derive(Debug)]
pub struct BoardResponse {
    /// The response of the whole board area.
    pub response: egui::Response,
    /// The cell clicked this frame, legal or not.
    pub clicked: Option<Coord>,
    /// The cell under the pointer.
    pub hovered: Option<Coord>,
}

/// A board to draw: build it with [`BoardView::new`], set options, then [`BoardView::show`].
#[derive(Clone, Copy)]
pub struct BoardView<'a> {
    position: &'a Position,
    reacting: &'a [Coord],
    last_move: Option<Coord>,
    interactive: bool,
    overlay: Option<&'a Overlay>,
    marked: Option<(Coord, Color32)>,
    ringed: (&'a [Coord], Color32),
    show_letters: bool,
    max_cell: f32,
    id_salt: &'a str,
}

impl<'a> BoardView<'a> {
    /// A non-interactive view of `position`.
    pub fn new(position: &'a Position) -> Self {
        BoardView {
            position,
            reacting: &[],
            last_move: None,
            interactive: false,
            overlay: None,
            marked: None,
            ringed: (&[], Color32::TRANSPARENT),
            show_letters: true,
            max_cell: 96.0,
            id_salt: "board",
        }
    }

    /// Cells drawn as about to react (flashing).
    pub fn reacting(mut self, cells: &'a [Coord]) -> Self {
        self.reacting = cells;
        self
    }

    /// The cell of the last placement, marked with a small dot.
    pub fn last_move(mut self, coord: Option<Coord>) -> Self {
        self.last_move = coord;
        self
    }

    /// Whether cells react to the pointer: legal cells highlight on hover,
    /// and clicks are reported.
    pub fn interactive(mut self, interactive: bool) -> Self {
        self.interactive = interactive;
        self
    }

    /// Numbers and "best" markers drawn over the cells.
    pub fn overlay(mut self, overlay: Option<&'a Overlay>) -> Self {
        self.overlay = overlay;
        self
    }

    /// A cell ringed in `colour` (the editor's explained cell).
    pub fn marked(mut self, cell: Option<Coord>, colour: Color32) -> Self {
        self.marked = cell.map(|c| (c, colour));
        self
    }

    /// Cells circled in `colour`: a round ring, apart from the square
    /// rings of critical, best and marked cells (the answer of a puzzle).
    pub fn ringed(mut self, cells: &'a [Coord], colour: Color32) -> Self {
        self.ringed = (cells, colour);
        self
    }

    /// Whether owned cells show their owner's letter (on by default).
    pub fn show_letters(mut self, show: bool) -> Self {
        self.show_letters = show;
        self
    }

    /// The largest cell side in points (96 by default).
    pub fn max_cell(mut self, side: f32) -> Self {
        self.max_cell = side;
        self
    }

    /// Distinguishes two boards on one screen.
    pub fn id_salt(mut self, salt: &'a str) -> Self {
        self.id_salt = salt;
        self
    }

    /// Draws the board in the available space, centred, and handles the pointer.
    pub fn show(self, ui: &mut egui::Ui) -> BoardResponse {
        let size = self.position.size();
        let (rows, cols) = (size.rows() as f32, size.cols() as f32);
        let avail = ui.available_size();
        let pad = 6.0;
        let cell = ((avail.x - 2.0 * pad - GUTTER) / cols)
            .min((avail.y - 2.0 * pad - GUTTER) / rows)
            .clamp(12.0, self.max_cell)
            .floor();
        let board = vec2(
            cell * cols + 2.0 * pad + GUTTER,
            cell * rows + 2.0 * pad + GUTTER,
        );
        let (outer, response) = ui.allocate_exact_size(
            vec2(avail.x.max(board.x), avail.y.max(board.y)),
            Sense::hover(),
        );
        let board_rect = Rect::from_center_size(outer.center(), board);
        let grid = Rect::from_min_max(
            board_rect.min + vec2(pad + GUTTER, pad + GUTTER),
            board_rect.max - vec2(pad, pad),
        );
        let painter = ui.painter_at(outer);

        let turn = self.position.to_move();
        let frame_colour = match (self.position.winner(), turn) {
            (Some(w), _) => theme::player_colour(w),
            (None, Some(p)) if self.interactive => theme::player_colour(p),
            _ => theme::BOARD_GRID,
        };
        painter.rect_filled(board_rect, CornerRadius::same(8), theme::BOARD_BACKGROUND);
        painter.rect_stroke(
            board_rect,
            CornerRadius::same(8),
            Stroke::new(2.0, frame_colour.gamma_multiply(0.8)),
            StrokeKind::Inside,
        );

        let base_id = ui.id().with(self.id_salt);
        let mut clicked = None;
        let mut hovered = None;
        for coord in size.coords() {
            let rect = Rect::from_min_size(
                grid.min + vec2(coord.col() as f32 * cell, coord.row() as f32 * cell),
                Vec2::splat(cell),
            );
            let sense = if self.interactive {
                Sense::click()
            } else {
                Sense::hover()
            };
            let cell_response = ui.interact(rect, base_id.with(size.index(coord)), sense);
            cell_response.widget_info(|| {
                WidgetInfo::labeled(WidgetType::Button, self.interactive, cell_label(coord))
            });
            let legal = self.interactive && self.position.is_legal(coord);
            let is_hovered = cell_response.hovered();
            if is_hovered {
                hovered = Some(coord);
                if self.interactive && !legal {
                    ui.ctx().set_cursor_icon(CursorIcon::NotAllowed);
                } else if legal {
                    ui.ctx().set_cursor_icon(CursorIcon::PointingHand);
                }
            }
            if cell_response.clicked() {
                clicked = Some(coord);
            }
            self.paint_cell(&painter, coord, rect, legal && is_hovered);
        }
        self.paint_labels(ui, &painter, grid, cell, hovered);
        BoardResponse {
            response,
            clicked,
            hovered,
        }
    }

    /// Row numbers left of the grid, column numbers above it (the hovered
    /// cell's brighter), and the hovered cell's coordinate in the corner.
    fn paint_labels(
        &self,
        ui: &egui::Ui,
        painter: &egui::Painter,
        grid: Rect,
        cell: f32,
        hovered: Option<Coord>,
    ) {
        let size = self.position.size();
        let font = FontId::proportional((cell * 0.4).clamp(9.0, 12.0));
        let base_id = ui.id().with(self.id_salt).with("labels");
        let colour = |on: bool| {
            if on {
                Color32::WHITE
            } else {
                theme::MUTED_TEXT
            }
        };
        let label = |rect: Rect, text: String, name: String, on: bool| {
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                text,
                font.clone(),
                colour(on),
            );
            let r = ui.interact(rect, base_id.with(&name), Sense::hover());
            r.widget_info(|| WidgetInfo::labeled(WidgetType::Label, true, &name));
        };
        for row in 0..size.rows() {
            let top = grid.min.y + row as f32 * cell;
            let rect = Rect::from_min_size(Pos2::new(grid.min.x - GUTTER, top), vec2(GUTTER, cell));
            let on = hovered.is_some_and(|h| h.row() == row);
            label(rect, row.to_string(), format!("row {row}"), on);
        }
        for col in 0..size.cols() {
            let left = grid.min.x + col as f32 * cell;
            let rect =
                Rect::from_min_size(Pos2::new(left, grid.min.y - GUTTER), vec2(cell, GUTTER));
            let on = hovered.is_some_and(|h| h.col() == col);
            label(rect, col.to_string(), format!("column {col}"), on);
        }
        if let Some(coord) = hovered {
            let corner = Rect::from_min_size(grid.min - Vec2::splat(GUTTER), Vec2::splat(GUTTER));
            let text = coord.to_string();
            painter.text(
                corner.center(),
                Align2::CENTER_CENTER,
                &text,
                FontId::proportional(9.0),
                Color32::WHITE,
            );
            let r = ui.interact(corner, base_id.with("pointer"), Sense::hover());
            r.widget_info(|| {
                WidgetInfo::labeled(WidgetType::Label, true, format!("pointer at {text}"))
            });
        }
    }

    /// One cell: its tinted square (and the overlay's shading), the outline
    /// that says critical, hovered or reacting, the orbs and owner's letter,
    /// the overlay's value, and the marks of the marked cell and last move.
    fn paint_cell(&self, painter: &egui::Painter, coord: Coord, rect: Rect, hover: bool) {
        let cell = self.position.cell(coord).unwrap_or_default();
        let side = rect.width();
        let reacting = self.reacting.contains(&coord);
        let capacity = self.position.capacity(coord);
        let look = CellLook {
            inner: rect.shrink((side * 0.04).clamp(1.0, 3.0)),
            radius: CornerRadius::same((side * 0.12).clamp(2.0, 10.0) as u8),
            side,
            owner: cell.owner(),
            critical: cell.atoms() + 1 >= self.position.threshold(capacity) && !reacting,
            reacting,
        };
        painter.rect_filled(look.inner, look.radius, look.fill(hover));
        if let Some(overlay) = self.overlay {
            self.paint_heat(painter, overlay, coord, look.inner);
        }
        self.paint_outline(painter, &look, hover);
        if let Some(owner) = look.owner {
            paint_orbs(painter, look.inner.center(), side, cell.atoms(), owner);
            if self.show_letters && side >= 30.0 {
                painter.text(
                    look.inner.left_top() + vec2(side * 0.1, side * 0.07),
                    Align2::LEFT_TOP,
                    owner.letter(),
                    FontId::proportional((side * 0.17).clamp(9.0, 14.0)),
                    theme::player_colour(owner).gamma_multiply(0.85),
                );
            }
        }
        if let Some(overlay) = self.overlay {
            self.paint_value(painter, overlay, coord, look.inner);
        }
        self.paint_marks(painter, coord, rect, &look);
    }

    /// The cell's outline: the owner's ring when critical, else the mover's
    /// colour when hovered; the flash's edge while it reacts.
    fn paint_outline(&self, painter: &egui::Painter, look: &CellLook, hover: bool) {
        let (inner, radius, side) = (look.inner, look.radius, look.side);
        if let (true, Some(owner)) = (look.critical, look.owner) {
            let colour = theme::player_colour(owner);
            painter.rect_stroke(
                inner.shrink(1.0),
                radius,
                Stroke::new((side * 0.05).clamp(1.5, 4.0), colour),
                StrokeKind::Inside,
            );
        } else if hover {
            let colour = self
                .position
                .to_move()
                .map_or(Color32::WHITE, theme::player_colour);
            painter.rect_stroke(inner, radius, Stroke::new(1.5, colour), StrokeKind::Inside);
        }
        if look.reacting {
            painter.rect_stroke(
                inner,
                radius,
                Stroke::new(2.0, theme::REACTION_FLASH),
                StrokeKind::Inside,
            );
        }
    }

    /// The circles of the ringed cells and the frame of the marked cell (on
    /// the whole `rect`), and the dot of the last move.
    fn paint_marks(&self, painter: &egui::Painter, coord: Coord, rect: Rect, look: &CellLook) {
        let side = look.side;
        let (ringed, colour) = self.ringed;
        if ringed.contains(&coord) {
            let width = (side * 0.07).clamp(2.5, 5.0);
            painter.circle_stroke(
                rect.center(),
                side * 0.5 - width,
                Stroke::new(width, colour),
            );
        }
        if let Some((cell, colour)) = self.marked
            && cell == coord
        {
            painter.rect_stroke(
                rect,
                CornerRadius::same(6),
                Stroke::new((side * 0.06).clamp(2.0, 4.0), colour),
                StrokeKind::Inside,
            );
        }
        if self.last_move == Some(coord) {
            painter.circle_filled(
                look.inner.right_top() + vec2(-side * 0.12, side * 0.12),
                (side * 0.05).clamp(2.0, 5.0),
                Color32::from_gray(0xF0),
            );
        }
    }

    /// The overlay's shading under the cell's contents: brighter for higher values.
    fn paint_heat(&self, painter: &egui::Painter, overlay: &Overlay, coord: Coord, rect: Rect) {
        let index = self.position.size().index(coord);
        if let Some(Some(value)) = overlay.values.get(index) {
            let max = overlay.max_value().max(1);
            let t = (*value).clamp(0, max) as f32 / max as f32;
            let heat = Color32::from_white_alpha((6.0 + 46.0 * t) as u8);
            painter.rect_filled(rect, CornerRadius::same(4), heat);
        }
    }

    /// The overlay's number (on a dark pill, readable over orbs) and the
    /// "best" ring, above the cell's contents.
    fn paint_value(&self, painter: &egui::Painter, overlay: &Overlay, coord: Coord, rect: Rect) {
        let index = self.position.size().index(coord);
        let side = rect.width();
        let best = overlay.best.contains(&coord);
        if best {
            painter.rect_stroke(
                rect.shrink((side * 0.06).clamp(2.0, 5.0)),
                CornerRadius::same(4),
                Stroke::new((side * 0.035).clamp(1.5, 3.0), BEST_MARK),
                StrokeKind::Inside,
            );
        }
        if let Some(Some(value)) = overlay.values.get(index) {
            let font = FontId::monospace((side * 0.2).clamp(9.0, 15.0));
            let colour = if best {
                BEST_MARK
            } else {
                Color32::from_gray(0xE6)
            };
            let galley = painter.layout_no_wrap(value.to_string(), font, colour);
            let size = galley.size() + vec2(6.0, 2.0);
            let pill = Rect::from_center_size(
                rect.center_bottom() - vec2(0.0, size.y * 0.5 + side * 0.08),
                size,
            );
            painter.rect_filled(pill, CornerRadius::same(4), Color32::from_black_alpha(170));
            painter.galley(pill.min + vec2(3.0, 1.0), galley, colour);
        }
    }
}

/// The width of the row numbers' column and the height of the column numbers' row.
const GUTTER: f32 = 16.0;

/// The colour of the "best cell" ring and its number.
const BEST_MARK: Color32 = Color32::from_rgb(0xFF, 0xFF, 0xFF);

impl Overlay {
    /// The highest value, 0 when there is none.
    pub fn max_value(&self) -> i64 {
        self.values.iter().flatten().copied().max().unwrap_or(0)
    }
}

/// The accessible label of a cell: `cell ROW,COL`.
pub fn cell_label(coord: Coord) -> String {
    format!("cell {coord}")
}

/// How one cell is drawn: its square inside the cell's rectangle, and the
/// state that picks its colours.
struct CellLook {
    /// The square, a little inside the cell.
    inner: Rect,
    /// The square's corner radius.
    radius: CornerRadius,
    /// The cell's side in points.
    side: f32,
    /// Who owns the cell, if anyone.
    owner: Option<Player>,
    /// One atom from reacting (and not reacting now).
    critical: bool,
    /// Part of the reaction shown now.
    reacting: bool,
}

impl CellLook {
    /// The square's fill: the owner's tint (lighter when hovered, stronger
    /// when critical), flashing while it reacts.
    fn fill(&self, hover: bool) -> Color32 {
        let mut fill = self.owner.map_or(theme::BOARD_CELL, theme::player_tint);
        if hover {
            fill = fill.lerp_to_gamma(Color32::WHITE, 0.12);
        }
        if let (true, Some(owner)) = (self.critical, self.owner) {
            // One atom from reacting: a stronger tint under the ring.
            fill = fill.lerp_to_gamma(theme::player_colour(owner), 0.14);
        }
        if self.reacting {
            fill = fill.lerp_to_gamma(theme::REACTION_FLASH, 0.55);
        }
        fill
    }
}
