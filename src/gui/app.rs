//! The app: persisted settings, the views' runtime state, the top bar that
//! switches views, and the running of the commands views send each other
//! (the commands themselves are in [`crate::gui::command`], which the views
//! import directly: the app depends on the views, never the reverse).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::gui::arena::ArenaView;
use crate::gui::arena::settings::ArenaSettings;
use crate::gui::command::{Command, ReplayGame};
use crate::gui::editor::{EditorSettings, EditorView};
use crate::gui::layout::Layout;
use crate::gui::play::PlayView;
use crate::gui::play::session::Pace;
use crate::gui::play::session::Session;
use crate::gui::play::setup::PlaySettings;
use crate::gui::programs::RecentPrograms;
use crate::gui::replay::ReplayView;
use crate::gui::seats::{Catalogue, IN_MEMORY, SeatChoice};
use crate::gui::view::View;
use crate::gui::window::WindowFit;
use crate::gui::{platform, theme, touch};

/// Everything the app remembers between runs (window size and panel widths
/// are remembered by eframe itself).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The view shown.
    pub view: View,
    /// The play view's setup and display choices.
    pub play: PlaySettings,
    /// The last records file typed into the replay view.
    pub records_path: String,
    /// The editor's files and preview position.
    pub editor: EditorSettings,
    /// The arena's players and match settings.
    pub arena: ArenaSettings,
    /// The programs chosen last for seats and players, most recent first.
    pub programs: RecentPrograms,
}

/// The desktop app.
pub struct App {
    settings: Settings,
    catalogue: Catalogue,
    play: PlayView,
    replay: ReplayView,
    editor: EditorView,
    arena: ArenaView,
    commands: Vec<Command>,
    context_ready: bool,
    window: WindowFit,
}

impl App {
    /// An app with `settings` offering the players of `catalogue`; a game
    /// starts in the play view at once.
    pub fn new(mut settings: Settings, mut catalogue: Catalogue) -> App {
        // Graphs handed over by the editor last time are gone, but the
        // editor's graph as it opens again (its last file) is offered under
        // its name; strategy files chosen in earlier runs are offered again.
        let editor = EditorView::new(&mut settings.editor);
        let label = editor.strategy().name.clone();
        let spec = format!("{IN_MEMORY}{label}");
        let used = settings.arena.players.contains(&spec)
            || settings.play.seats.contains(&SeatChoice::Computer(spec));
        let kept = used
            .then(|| catalogue.add_strategy(&label, editor.strategy()).ok())
            .flatten();
        settings.play.forget_in_memory(kept.as_deref());
        settings.arena.forget_in_memory(kept.as_deref());
        let seats = settings.play.seats.iter().filter_map(|s| match s {
            SeatChoice::Computer(spec) => Some(spec.as_str()),
            SeatChoice::Human => None,
        });
        let players = settings.arena.players.iter().map(String::as_str);
        catalogue.add_files(seats.chain(players));
        let mut play = PlayView::default();
        play.new_game(&settings.play, &catalogue);
        App {
            settings,
            catalogue,
            play,
            replay: ReplayView::default(),
            editor,
            arena: ArenaView::default(),
            commands: Vec::new(),
            context_ready: false,
            window: WindowFit::default(),
        }
    }

    /// The app as eframe creates it: saved settings (or first-start
    /// defaults) and the built-in computer players; `file` (from the command
    /// line) opens in the editor.
    pub fn from_creation(cc: &eframe::CreationContext<'_>, file: Option<PathBuf>) -> App {
        let catalogue = Catalogue::builtin();
        let settings = cc
            .storage
            .and_then(|s| eframe::get_value::<Settings>(s, eframe::APP_KEY))
            .unwrap_or_else(|| Settings {
                play: PlaySettings::first_start(&catalogue),
                ..Settings::default()
            });
        let mut app = App::new(settings, catalogue);
        if let Some(view) = platform::start_view() {
            app.settings.view = view;
        }
        if let Some(dir) = platform::data_dir() {
            app.editor.enable_recovery(dir.join("recovery.json"));
        }
        if let Some(file) = file {
            app.open_file(&file);
        }
        if let Some(link) = platform::start_link() {
            app.open_link(&link, &cc.egui_ctx);
        }
        app
    }

    /// Opens `file` in the editor and shows it, as when the app is started
    /// with a file; a file that does not load leaves its error on show.
    pub fn open_file(&mut self, file: &Path) {
        self.editor.open(file, &mut self.settings.editor);
        self.settings.view = View::Editor;
    }

    /// Opens the strategy of the share link `link` in the editor as unsaved
    /// work and shows it; a link that cannot be read leaves its message on
    /// show and changes nothing else.
    pub fn open_link(&mut self, link: &str, ctx: &egui::Context) {
        self.editor.open_link(link, &mut self.settings.editor, ctx);
        self.settings.view = View::Editor;
    }

    /// The saved settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The saved settings, for changes.
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// The play view.
    pub fn play(&self) -> &PlayView {
        &self.play
    }

    /// The play view, for changes.
    pub fn play_mut(&mut self) -> &mut PlayView {
        &mut self.play
    }

    /// The replay view.
    pub fn replay(&self) -> &ReplayView {
        &self.replay
    }

    /// The replay view, for changes.
    pub fn replay_mut(&mut self) -> &mut ReplayView {
        &mut self.replay
    }

    /// The editor view.
    pub fn editor(&self) -> &EditorView {
        &self.editor
    }

    /// The editor view, for changes.
    pub fn editor_mut(&mut self) -> &mut EditorView {
        &mut self.editor
    }

    /// The editor view and the settings it uses, for changes.
    pub fn editor_and_settings(&mut self) -> (&mut EditorView, &mut EditorSettings) {
        (&mut self.editor, &mut self.settings.editor)
    }

    /// The arena view.
    pub fn arena(&self) -> &ArenaView {
        &self.arena
    }

    /// The arena view, for changes.
    pub fn arena_mut(&mut self) -> &mut ArenaView {
        &mut self.arena
    }

    /// The computer players on offer.
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// Queues `command` to run at the end of the frame.
    pub fn send(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// Draws one frame of the whole app into `ui` and runs the queued commands.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        if !self.context_ready {
            theme::apply(ui.ctx());
            touch::install(ui.ctx());
            self.context_ready = true;
        }
        self.window.ui(ui.ctx());
        match platform::address_changed(self.settings.view) {
            Some(platform::Address::View(view)) => self.settings.view = view,
            Some(platform::Address::Link(link)) => self.open_link(&link, ui.ctx()),
            None => {}
        }
        self.editor.background(ui.ctx(), &mut self.commands);
        self.top_bar(ui);
        let pace = Pace {
            animate: self.settings.play.animate,
            seconds_per_wave: f64::from(self.settings.play.seconds_per_wave),
        };
        match self.settings.view {
            View::Play => self.play.ui(
                ui,
                &mut self.settings.play,
                &mut self.catalogue,
                &mut self.settings.programs,
                &mut self.commands,
            ),
            View::Replay => self.replay.ui(
                ui,
                pace,
                self.settings.play.show_letters,
                &mut self.settings.records_path,
                (&self.catalogue, self.editor.strategy()),
            ),
            View::Editor => self.editor.ui(
                ui,
                &mut self.settings.editor,
                &self.catalogue,
                &mut self.commands,
            ),
            View::Arena => self.arena.ui(
                ui,
                &mut self.settings.arena,
                &mut self.catalogue,
                &mut self.settings.programs,
                &mut self.commands,
            ),
        }
        self.run_commands();
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        egui::Panel::top("top_bar").show(ui, |ui| {
            // On a phone the tabs need the room the app's name takes.
            let narrow = Layout::of_ui(ui) == Layout::Narrow;
            ui.horizontal_wrapped(|ui| {
                if !narrow {
                    ui.add_space(4.0);
                    ui.label(egui::RichText::new("chainlab").heading().strong());
                    ui.add_space(16.0);
                }
                for &view in View::ALL {
                    let selected = self.settings.view == view;
                    let title = if view == View::Editor && self.editor.is_dirty() {
                        "Editor •"
                    } else {
                        view.title()
                    };
                    let text = egui::RichText::new(title).size(15.0);
                    if ui.selectable_label(selected, text).clicked() {
                        self.commands.push(Command::Show(view));
                    }
                }
                if self.settings.view != View::Arena
                    && self.arena.badge_ui(ui).is_some_and(|r| r.clicked())
                {
                    self.commands.push(Command::Show(View::Arena));
                }
            });
        });
    }

    fn run_commands(&mut self) {
        for command in std::mem::take(&mut self.commands) {
            match command {
                Command::Show(view) => self.settings.view = view,
                Command::NewGame => self.play.new_game(&self.settings.play, &self.catalogue),
                Command::Replay(game) => self.replay.load(*game),
                Command::ReplayPlayed => {
                    if let Some(session) = self.play.session() {
                        self.replay.load(replay_of(session));
                    }
                }
                Command::TestInArena(entry) => {
                    let (settings, catalogue) = (&mut self.settings.arena, &mut self.catalogue);
                    self.arena.test_strategy(&entry, settings, catalogue, false);
                    self.settings.view = View::Arena;
                }
                Command::TestInSearch(entry) => {
                    let (settings, catalogue) = (&mut self.settings.arena, &mut self.catalogue);
                    self.arena.test_strategy(&entry, settings, catalogue, true);
                    self.settings.view = View::Arena;
                }
                Command::PlayAgainst(entry) => {
                    self.play
                        .play_against(&entry, &mut self.settings.play, &mut self.catalogue);
                    self.settings.view = View::Play;
                }
            }
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        App::ui(self, ui);
        platform::frame_drawn(ui.ctx());
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.editor.flush_recovery();
        eframe::set_value(storage, eframe::APP_KEY, &self.settings);
    }
}

/// The game of a play-view session, to replay ("Replay this game"): the app
/// composes the two views, so neither knows the other.
fn replay_of(session: &Session) -> ReplayGame {
    let game = session.game();
    let labels = game
        .start()
        .players()
        .map(|p| session.label(p).to_string())
        .collect::<Vec<_>>();
    let start = game.start();
    let position = game.position();
    let result = match position.winner() {
        Some(w) => format!(
            "{w} ({}) won after {} moves",
            session.label(w),
            game.moves().len()
        ),
        None => format!("unfinished after {} moves", game.moves().len()),
    };
    ReplayGame {
        title: format!(
            "Game on the {} board, {} rules",
            start.size(),
            start.rules()
        ),
        note: format!("{}: {result}", labels.join(" vs ")),
        start: *start,
        moves: game.moves().to_vec(),
        labels,
        game: 0,
        opening: 0,
    }
}
