//! The arena's setup panel: the players (from the catalogue, a strategy
//! file, a program, or a typed spec; built-ins with their main option), the format,
//! the board and rules, and how the games are played.

use crate::arena::{MAX_GAMES, MAX_MOVE_TIME, MAX_OPENING_PLIES, MAX_THREADS, Sprt};
use crate::bots::{BotKind, BotSpec};
use crate::gui::guided::{self, Guided};
use crate::gui::play::setup::{board_rows, rules_ui};
use crate::gui::programs::{RecentPrograms, programs_menu};
use crate::gui::seats::{Catalogue, choices_menu, is_strategy_spec, player_name};
use crate::gui::theme;
use crate::rules::{MAX_PLAYERS, MIN_PLAYERS};

use super::settings::{ArenaSettings, Format};

/// The deepest search offered by the depth field (deeper is very slow).
const MAX_UI_DEPTH: u8 = 12;

/// What the user asked for in the setup panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupAction {
    /// Start the run.
    Start,
    /// Choose a strategy file to add as a player.
    PickFile,
    /// Choose a program to add as a player ("Program…").
    PickProgram,
    /// Add the player typed as a spec.
    AddSpec(String),
}

/// Draws the setup panel; `recent` lists the programs offered to add;
/// `running` disables starting.
pub fn setup_ui(
    ui: &mut egui::Ui,
    settings: &mut ArenaSettings,
    catalogue: &Catalogue,
    recent: &RecentPrograms,
    spec_text: &mut String,
    running: bool,
) -> Option<SetupAction> {
    ui.heading("Arena");
    ui.add_space(4.0);
    ui.label(egui::RichText::new("Players").strong());
    players_ui(ui, settings, catalogue);
    let mut action = add_player_ui(ui, settings, (catalogue, recent), spec_text);
    ui.add_space(8.0);
    egui::Grid::new("arena_setup_grid")
        .num_columns(2)
        .spacing([10.0, 8.0])
        .show(ui, |ui| games_grid_ui(ui, settings));
    ui.add_space(4.0);
    egui::CollapsingHeader::new("More options")
        .id_salt("arena_more")
        .show(ui, |ui| more_ui(ui, settings));
    ui.add_space(8.0);
    if start_ui(ui, settings, running) {
        action = Some(SetupAction::Start);
    }
    action
}

/// The ways to add a player: the menu of built-ins, known strategies and
/// programs (the catalogue and the recent programs), a strategy file, or a
/// typed spec (added with Add or Enter).
fn add_player_ui(
    ui: &mut egui::Ui,
    settings: &mut ArenaSettings,
    players: (&Catalogue, &RecentPrograms),
    spec_text: &mut String,
) -> Option<SetupAction> {
    let mut action = None;
    ui.horizontal(|ui| {
        add_menu(ui, settings, players, &mut action);
        if ui
            .button("Strategy file…")
            .on_hover_text("Add a strategy file (.json) as a player.")
            .clicked()
        {
            action = Some(SetupAction::PickFile);
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label("Spec");
        let edit = ui
            .add(
                egui::TextEdit::singleline(spec_text)
                    // A fixed id: rows of players appear above it.
                    .id_salt("arena_spec")
                    .hint_text("bot:expert:depth=4, a file.json or cmd:./bot")
                    // Room for Add: the button (about 41 points), the
                    // spacing and the field's own margins.
                    .desired_width(ui.available_width() - 64.0),
            )
            .labelled_by(label.id)
            .on_hover_text(
                "Any player the command line takes: a built-in with options, such as \
                 bot:master:depth=6 or bot:mcts:iters=500, a strategy file's path, or a \
                 program as cmd:COMMAND ARGS.",
            );
        let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if entered {
            // Enter adds the player; the field stays ready for the next one.
            edit.request_focus();
        }
        if (ui.button("Add").clicked() || entered) && !spec_text.trim().is_empty() {
            action = Some(SetupAction::AddSpec(spec_text.trim().to_string()));
        }
    });
    action
}

/// The rows of the setup grid: the format (with what it plays), the number
/// of games, the board, the rules and the seed.
fn games_grid_ui(ui: &mut egui::Ui, settings: &mut ArenaSettings) {
    let format_label = ui.label("Format");
    egui::ComboBox::from_id_salt("arena_format")
        .selected_text(settings.format.name())
        .width(150.0)
        .show_ui(ui, |ui| {
            for format in Format::ALL {
                ui.selectable_value(&mut settings.format, format, format.name())
                    .on_hover_text(format.description());
            }
        })
        .response
        .labelled_by(format_label.id);
    ui.end_row();
    // What the format plays, for the format chosen now.
    ui.label("");
    ui.add(
        egui::Label::new(
            egui::RichText::new(settings.format.description())
                .small()
                .color(theme::MUTED_TEXT),
        )
        .wrap(),
    );
    ui.end_row();

    ui.label(if settings.format.is_tournament() {
        "Games per pairing"
    } else {
        "Games"
    });
    ui.add(
        egui::DragValue::new(&mut settings.games)
            .range(1..=MAX_GAMES)
            .speed(2.0),
    )
    .on_hover_text("Games are played in pairs from the same opening with the seats swapped.");
    ui.end_row();

    board_rows(ui, "arena", &mut settings.rows, &mut settings.cols);

    ui.label("Rules");
    rules_ui(ui, "arena_rules", &mut settings.rules);
    ui.end_row();

    ui.label("Seed");
    ui.add(egui::DragValue::new(&mut settings.seed))
        .on_hover_text("The same seed plays the same games again (without time limits).");
    ui.end_row();
}

/// Why the run cannot start (if it cannot), and the Start button naming
/// what it starts; whether it was clicked. `running` disables it.
fn start_ui(ui: &mut egui::Ui, settings: &ArenaSettings, running: bool) -> bool {
    let problem = settings
        .players_problem()
        .or_else(|| settings.match_config().err());
    if let Some(problem) = &problem {
        ui.colored_label(theme::HINT_TEXT, problem);
    }
    let start = match settings.format {
        Format::Match => "Start match".to_string(),
        Format::RoundRobin | Format::Gauntlet => match settings.pairing_count() {
            1 => format!(
                "Start {} (1 pairing)",
                settings.format.name().to_lowercase()
            ),
            n => format!(
                "Start {} ({n} pairings)",
                settings.format.name().to_lowercase()
            ),
        },
    };
    ui.add_enabled(
        problem.is_none() && !running,
        egui::Button::new(egui::RichText::new(start).strong())
            .min_size(egui::vec2(ui.available_width(), 30.0)),
    )
    .clicked()
}

/// The rows of the openings: random plies, or a book that replaces them.
fn openings_rows(ui: &mut egui::Ui, settings: &mut ArenaSettings) {
    ui.label("Opening plies");
    let random = settings.book.trim().is_empty();
    ui.add_enabled(
        random,
        egui::DragValue::new(&mut settings.openings).range(0..=MAX_OPENING_PLIES),
    )
    .on_hover_text("Each pair of games starts from the same random opening of this many moves.");
    ui.end_row();

    let label = ui.label("Opening book");
    ui.add(
        egui::TextEdit::singleline(&mut settings.book)
            .hint_text("none: random openings")
            .desired_width(180.0),
    )
    .on_hover_text(
        "A file of openings, one per line as moves 'r,c r,c …' ('#' for comments), \
             such as openings/5x6.txt: each pair of games plays the next one (shuffled by \
             the seed). Read when the run starts.",
    )
    .labelled_by(label.id);
    ui.end_row();
}

fn more_ui(ui: &mut egui::Ui, settings: &mut ArenaSettings) {
    egui::Grid::new("arena_more_grid")
        .num_columns(2)
        .spacing([10.0, 8.0])
        .show(ui, |ui| {
            ui.label("Seats per game");
            ui.add(
                egui::DragValue::new(&mut settings.seats)
                    .range(usize::from(MIN_PLAYERS)..=usize::from(MAX_PLAYERS)),
            )
            .on_hover_text("With more than two seats, the two players alternate seats: A B A B …");
            ui.end_row();

            openings_rows(ui, settings);

            ui.label("Threads");
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            ui.add(
                egui::DragValue::new(&mut settings.threads)
                    .range(0..=MAX_THREADS)
                    .custom_formatter(move |n, _| {
                        if n == 0.0 {
                            format!("all ({cores})")
                        } else {
                            format!("{n}")
                        }
                    }),
            )
            .on_hover_text("Games played at once. Results do not depend on it.");
            ui.end_row();

            ui.label("Move time limit");
            ui.add(
                egui::DragValue::new(&mut settings.move_limit_ms)
                    .range(0..=MAX_MOVE_TIME.as_millis() as u64)
                    .speed(10.0)
                    .custom_formatter(|n, _| {
                        if n == 0.0 {
                            "none".to_string()
                        } else {
                            format!("{n} ms")
                        }
                    }),
            )
            .on_hover_text(
                "A player whose move takes longer forfeits the game (not replayable exactly).",
            );
            ui.end_row();
        });
    ui.add_enabled_ui(settings.format == Format::Match, |ui| {
        ui.checkbox(&mut settings.sprt, "Stop early (SPRT)")
            .on_hover_text(
                "Stop the match as soon as the sequential probability ratio test decides \
                 whether the first player is at least Elo 1 stronger (α = β = 5%).",
            );
        ui.add_enabled_ui(settings.sprt, |ui| {
            ui.horizontal(|ui| {
                ui.label("Elo 0");
                let elo = -Sprt::MAX_ELO..=Sprt::MAX_ELO;
                ui.add(
                    egui::DragValue::new(&mut settings.elo0)
                        .speed(1.0)
                        .range(elo.clone()),
                );
                ui.label("Elo 1");
                ui.add(
                    egui::DragValue::new(&mut settings.elo1)
                        .speed(1.0)
                        .range(elo),
                );
            });
        });
    });
}

fn players_ui(ui: &mut egui::Ui, settings: &mut ArenaSettings, catalogue: &Catalogue) {
    let mut remove = None;
    let mut raise = None;
    let count = settings.players.len();
    if count == 0 {
        ui.label(egui::RichText::new("No players yet: add two or more.").color(theme::MUTED_TEXT));
    }
    // A name longer than the panel leaves is cut short (whole on hover), so
    // that a tablet's narrow panel keeps every row's option in view: the
    // number, the two buttons and an option take about 200 points.
    let name_room = (ui.available_width() - 200.0).max(60.0);
    egui::Grid::new("arena_players")
        .num_columns(4)
        .min_col_width(0.0)
        .spacing([6.0, 4.0])
        .show(ui, |ui| {
            // The buttons come first: removing a player with a long name
            // must not move the buttons of the others (the next click).
            for (i, spec) in settings.players.iter_mut().enumerate() {
                ui.label(egui::RichText::new(format!("{}", i + 1)).color(theme::MUTED_TEXT));
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(i > 0, egui::Button::new("⏶").small())
                        .on_hover_text("Move up (the first player is side A; a gauntlet's head)")
                        .clicked()
                    {
                        raise = Some(i);
                    }
                    let remove_button = ui.add(egui::Button::new("✖").small());
                    let name = format!("Remove player {}", i + 1);
                    remove_button.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &name)
                    });
                    if remove_button.on_hover_text(&name).clicked() {
                        remove = Some(i);
                    }
                });
                let hover = catalogue.find(spec).map_or_else(
                    || spec.clone(),
                    |c| format!("{}\n{}", c.description, c.spec),
                );
                ui.scope(|ui| {
                    ui.set_max_width(name_room);
                    ui.add(egui::Label::new(player_name(spec, catalogue)).truncate())
                })
                .inner
                .on_hover_text(hover);
                let is_strategy = is_strategy_spec(spec, catalogue);
                let searched = Guided::of(spec).is_some();
                ui.horizontal(|ui| {
                    if !is_strategy && !searched {
                        ui.push_id(("arena_player_options", i), |ui| options_ui(ui, spec));
                    }
                });
                ui.end_row();
                // A strategy can guide a search: on a row of its own under
                // its name, so that depth and width do not widen the panel.
                if is_strategy || searched {
                    ui.label("");
                    ui.label("");
                    ui.horizontal(|ui| {
                        ui.push_id(("arena_player_search", i), |ui| {
                            guided::search_ui(ui, spec, is_strategy)
                        });
                    });
                    ui.label("");
                    ui.end_row();
                }
            }
        });
    if let Some(i) = raise {
        settings.players.swap(i - 1, i);
    }
    if let Some(i) = remove {
        settings.players.remove(i);
    }
}

/// The main option of a built-in player, edited in place in its spec.
fn options_ui(ui: &mut egui::Ui, spec: &mut String) {
    let Ok(mut parsed) = spec.parse::<BotSpec>() else {
        return;
    };
    let before = parsed.clone();
    match parsed.kind {
        BotKind::Expert | BotKind::Master => {
            let default = parsed.kind.default_depth();
            let mut depth = parsed.depth.unwrap_or(default);
            ui.add(
                egui::DragValue::new(&mut depth)
                    .range(1..=MAX_UI_DEPTH)
                    .prefix("depth "),
            )
            .on_hover_text("Search depth in plies: deeper is stronger and slower.");
            parsed.depth = (depth != default).then_some(depth);
        }
        BotKind::Mcts => {
            let default = crate::bots::DEFAULT_ITERS;
            let mut iters = parsed.iters.unwrap_or(default);
            ui.add(
                egui::DragValue::new(&mut iters)
                    .range(10..=1_000_000)
                    .speed(20.0)
                    .suffix(" playouts"),
            )
            .on_hover_text("Playouts per move: more is stronger and slower.");
            parsed.iters = (iters != default).then_some(iters);
        }
        BotKind::Greedy | BotKind::PreferOwn => {
            let mut random = parsed.random.unwrap_or(0);
            ui.add(
                egui::DragValue::new(&mut random)
                    .range(0..=100)
                    .suffix("% random"),
            )
            .on_hover_text("The share of uniformly random moves mixed in.");
            parsed.random = (random != 0).then_some(random);
        }
        BotKind::Random | BotKind::Perfect => {}
    }
    if parsed != before {
        *spec = parsed.to_string();
    }
}

fn add_menu(
    ui: &mut egui::Ui,
    settings: &mut ArenaSettings,
    (catalogue, recent): (&Catalogue, &RecentPrograms),
    action: &mut Option<SetupAction>,
) {
    egui::ComboBox::from_id_salt("arena_add_player")
        .selected_text("Add player")
        .width(130.0)
        .height(560.0)
        .show_ui(ui, |ui| {
            if ui.selectable_label(false, "Strategy file…").clicked() {
                *action = Some(SetupAction::PickFile);
            }
            let program = programs_menu(ui, recent, |ui, spec, name| {
                let response = ui.selectable_label(false, name);
                if response.clicked() {
                    add(settings, spec);
                }
                response
            });
            if program {
                *action = Some(SetupAction::PickProgram);
            }
            choices_menu(ui, catalogue, |ui, choice| {
                if ui
                    .selectable_label(false, &choice.name)
                    .on_hover_text(&choice.description)
                    .clicked()
                {
                    add(settings, &choice.spec);
                }
            });
        });
}

/// Adds the player `spec`; a third player makes a match a round robin.
fn add(settings: &mut ArenaSettings, spec: &str) {
    settings.players.push(spec.to_string());
    if settings.format == Format::Match && settings.players.len() > 2 {
        settings.format = Format::RoundRobin;
    }
}
