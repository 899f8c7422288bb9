//! The play view's settings (saved between runs) and the "new game" panel
//! that edits them: board size with the source material's presets, rule
//! variant, seats, and how reactions are shown.

use serde::{Deserialize, Serialize};

use crate::gui::guided;
use crate::gui::players::player_badge;
use crate::gui::programs::{RecentPrograms, programs_menu};
use crate::gui::seats::{
    Catalogue, IN_MEMORY, SeatChoice, choices_menu, is_strategy_spec, player_name,
};
use crate::gui::theme;
use crate::rules::{MAX_PLAYERS, MAX_SIDE, MIN_PLAYERS, MIN_SIDE, Player, Position, Rules, Size};

/// The boards of the source material, with the name of their origin.
pub const PRESETS: [(Size, &str); 4] = [
    (Size::JABC, "jABC"),
    (Size::PHONE, "phone"),
    (Size::ARCHIMEDES, "Archimedes"),
    (Size::SIMPLECPP, "simplecpp"),
];

/// What the presets' names mean, shown above them.
pub const PRESETS_HELP: &str = "Rows × columns, and where the board comes from: jABC is the \
     handouts of the jABC course, phone the phone app, Archimedes !Chain on the Acorn \
     Archimedes, simplecpp the simplecpp version.";

/// The play view's choices, saved with the app's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlaySettings {
    /// Board rows, 2 to 20.
    pub rows: usize,
    /// Board columns, 2 to 20.
    pub cols: usize,
    /// The rule variant.
    pub rules: Rules,
    /// One seat per player, `A` first.
    pub seats: Vec<SeatChoice>,
    /// Whether reactions are animated.
    pub animate: bool,
    /// Seconds per reaction wave.
    pub seconds_per_wave: f32,
    /// Whether cells show their owner's letter.
    pub show_letters: bool,
    /// Whether a strategy seat about to move shows its values per cell.
    pub show_heat_map: bool,
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings {
            rows: Size::JABC.rows(),
            cols: Size::JABC.cols(),
            rules: Rules::Standard,
            seats: vec![SeatChoice::Human, SeatChoice::Human],
            animate: true,
            seconds_per_wave: 0.25,
            show_letters: true,
            show_heat_map: true,
        }
    }
}

impl PlaySettings {
    /// The defaults for a first start: a human against Greedy (or the first
    /// computer player on offer).
    pub fn first_start(catalogue: &Catalogue) -> PlaySettings {
        let mut settings = PlaySettings::default();
        let opponent = catalogue
            .find("bot:greedy")
            .or_else(|| catalogue.choices().first());
        if let Some(choice) = opponent {
            settings.seats[1] = SeatChoice::Computer(choice.spec.clone());
        }
        settings
    }

    /// Makes the seats of strategies handed over in memory (by the editor)
    /// human, but `keep`: after a restart only the editor's current
    /// strategy is there again.
    pub fn forget_in_memory(&mut self, keep: Option<&str>) {
        for seat in &mut self.seats {
            if matches!(seat, SeatChoice::Computer(spec)
                if spec.starts_with(IN_MEMORY) && Some(spec.as_str()) != keep)
            {
                *seat = SeatChoice::Human;
            }
        }
    }

    /// The board size, if the rows and columns are in range.
    pub fn size(&self) -> Option<Size> {
        Size::new(self.rows, self.cols).ok()
    }

    /// The starting position these settings describe, or why there is none.
    pub fn start(&self) -> Result<Position, String> {
        let size = Size::new(self.rows, self.cols).map_err(|e| e.to_string())?;
        Position::new(size, self.seats.len(), self.rules).map_err(|e| e.to_string())
    }
}

/// What the user asked for in the new-game panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupAction {
    /// "New game" with a valid setup.
    NewGame,
    /// Choose a strategy file for the seat with this index.
    PickFile(usize),
    /// Choose a program for the seat with this index ("Program…").
    PickProgram(usize),
}

/// Draws the new-game panel; returns what the user asked for, if anything.
/// `recent`: the programs offered in the seat menus. `pending`: the setup
/// differs from the game on the board (said under New game, which applies it).
pub fn setup_ui(
    ui: &mut egui::Ui,
    settings: &mut PlaySettings,
    catalogue: &Catalogue,
    recent: &RecentPrograms,
    pending: bool,
) -> Option<SetupAction> {
    ui.heading("Game setup");
    ui.add_space(4.0);
    egui::Grid::new("play_setup_grid")
        .num_columns(2)
        .spacing([10.0, 8.0])
        .show(ui, |ui| {
            board_rows(ui, "play", &mut settings.rows, &mut settings.cols);
            ui.label("Rules");
            rules_ui(ui, "play_rules", &mut settings.rules);
            ui.end_row();
        });

    ui.add_space(8.0);
    ui.label(egui::RichText::new("Seats").strong());
    let pick = seats_ui(ui, settings, catalogue, recent);

    ui.add_space(8.0);
    let start = settings.start();
    if let Err(e) = &start {
        ui.colored_label(theme::ERROR_TEXT, e);
    }
    let new_game = ui
        .add_enabled(
            start.is_ok(),
            egui::Button::new(egui::RichText::new("New game").strong())
                .min_size(egui::vec2(ui.available_width(), 30.0)),
        )
        .clicked();
    if pending && start.is_ok() {
        ui.colored_label(
            theme::HINT_TEXT,
            "Changed: press New game to play with this board, these rules and seats.",
        );
    }

    ui.add_space(12.0);
    ui.separator();
    ui.label(egui::RichText::new("Display").strong());
    ui.checkbox(&mut settings.animate, "Animate reactions");
    ui.add_enabled_ui(settings.animate, |ui| {
        ui.horizontal(|ui| {
            ui.label("Wave time");
            ui.add(
                egui::Slider::new(&mut settings.seconds_per_wave, 0.05..=1.0)
                    .suffix(" s")
                    .fixed_decimals(2),
            );
        });
    });
    ui.checkbox(&mut settings.show_letters, "Show player letters");
    ui.checkbox(&mut settings.show_heat_map, "Show strategy heat map")
        .on_hover_text(
            "When a strategy seat is to move, show the value it gives each cell and ring its best \
             cells. Pause to study a move before it is made.",
        );
    if new_game && start.is_ok() {
        Some(SetupAction::NewGame)
    } else {
        pick
    }
}

/// Two rows of a setup grid: the board presets, and rows × columns
/// (`id` keeps the widgets of different panels apart).
pub fn board_rows(ui: &mut egui::Ui, id: &str, rows: &mut usize, cols: &mut usize) {
    ui.label("Board");
    size_ui(ui, id, rows, cols);
    ui.end_row();

    ui.label("Rows × cols");
    ui.horizontal(|ui| {
        let range = usize::from(MIN_SIDE)..=usize::from(MAX_SIDE);
        ui.add(egui::DragValue::new(rows).range(range.clone()));
        ui.label("×");
        ui.add(egui::DragValue::new(cols).range(range));
    });
    ui.end_row();
}

fn size_ui(ui: &mut egui::Ui, id: &str, rows: &mut usize, cols: &mut usize) {
    let current = Size::new(*rows, *cols).ok();
    let selected = match PRESETS.iter().find(|(size, _)| Some(*size) == current) {
        Some((size, name)) => format!("{size} {name}"),
        None => "custom".to_string(),
    };
    egui::ComboBox::from_id_salt((id, "size"))
        .selected_text(selected)
        .width(150.0)
        .show_ui(ui, |ui| {
            ui.label(
                egui::RichText::new(PRESETS_HELP)
                    .small()
                    .color(theme::MUTED_TEXT),
            );
            for (size, name) in PRESETS {
                if ui
                    .selectable_label(current == Some(size), format!("{size} {name}"))
                    .clicked()
                {
                    *rows = size.rows();
                    *cols = size.cols();
                }
            }
        });
}

/// The rule variant menu.
pub fn rules_ui(ui: &mut egui::Ui, id: &str, current: &mut Rules) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(current.name())
        .width(150.0)
        .show_ui(ui, |ui| {
            for rules in Rules::ALL {
                ui.selectable_value(current, rules, rules.name())
                    .on_hover_text(rules_description(rules));
            }
        })
        .response
        .on_hover_text(rules_description(*current));
}

/// One line on what a rule variant does.
pub fn rules_description(rules: Rules) -> &'static str {
    match rules {
        Rules::Standard => {
            "A cell reacts when its atoms reach its capacity (the phone app and most versions)."
        }
        Rules::Overflow => {
            "A cell reacts only when its atoms exceed its capacity and keeps the rest (Archimedes !Chain)."
        }
        Rules::Empties => {
            "A cell reacts at its capacity and is emptied; extra atoms are lost (jABC handouts)."
        }
    }
}

/// Under a strategy's seat, its search box (search with this graph), on
/// a row of its own so that depth and width do not widen the panel.
fn search_row(ui: &mut egui::Ui, i: usize, seat: &mut SeatChoice, catalogue: &Catalogue) {
    let SeatChoice::Computer(spec) = seat else {
        return;
    };
    let is_strategy = is_strategy_spec(spec, catalogue);
    if is_strategy || guided::Guided::of(spec).is_some() {
        ui.label("");
        ui.horizontal(|ui| {
            ui.push_id(("play_seat_search", i), |ui| {
                guided::search_ui(ui, spec, is_strategy)
            });
        });
        ui.end_row();
    }
}

/// The seats grid; returns the seat whose "Strategy file…" or "Program…"
/// was chosen.
fn seats_ui(
    ui: &mut egui::Ui,
    settings: &mut PlaySettings,
    catalogue: &Catalogue,
    recent: &RecentPrograms,
) -> Option<SetupAction> {
    let mut remove = None;
    let mut pick = None;
    let can_remove = settings.seats.len() > usize::from(MIN_PLAYERS);
    egui::Grid::new("play_seats_grid")
        .num_columns(3)
        .spacing([6.0, 6.0])
        .show(ui, |ui| {
            for (i, seat) in settings.seats.iter_mut().enumerate() {
                let Some(player) = Player::new(i) else {
                    continue;
                };
                player_badge(ui, player);
                egui::ComboBox::from_id_salt(("play_seat", i))
                    .selected_text(seat.label(catalogue))
                    .width(150.0)
                    .truncate()
                    .height(560.0)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(seat, SeatChoice::Human, "Human")
                            .on_hover_text("You, clicking on the board.");
                        if ui
                            .selectable_label(false, "Strategy file…")
                            .on_hover_text("Choose a strategy file (.json) for this seat.")
                            .clicked()
                        {
                            pick = Some(SetupAction::PickFile(i));
                        }
                        let program = programs_menu(ui, recent, |ui, spec, name| {
                            let value = SeatChoice::Computer(spec.to_string());
                            ui.selectable_value(seat, value, name)
                        });
                        if program {
                            pick = Some(SetupAction::PickProgram(i));
                        }
                        choices_menu(ui, catalogue, |ui, choice| {
                            let value = SeatChoice::Computer(choice.spec.clone());
                            ui.selectable_value(seat, value, &choice.name)
                                .on_hover_text(&choice.description);
                        });
                        if let SeatChoice::Computer(spec) = seat
                            && catalogue.find(spec).is_none()
                            && !recent.specs().contains(spec)
                        {
                            let name = player_name(spec, catalogue);
                            let _ = ui.selectable_label(true, name);
                        }
                    });
                if ui
                    .add_enabled(can_remove, egui::Button::new("✖").small())
                    .on_hover_text(format!("Remove seat {player}"))
                    .clicked()
                {
                    remove = Some(i);
                }
                ui.end_row();
                search_row(ui, i, seat, catalogue);
            }
        });
    if let Some(i) = remove {
        settings.seats.remove(i);
    }
    if settings.seats.len() < usize::from(MAX_PLAYERS) && ui.button("Add seat").clicked() {
        settings.seats.push(SeatChoice::Human);
    }
    pick
}
