//! The "Program…" dialog of the seat menus: a command line (typed, or its
//! program chosen with Browse…), checked before a seat takes it.
//!
//! Invariant: the window never waits for the program. OK splits the line
//! at once (an empty line or an unclosed quote is said right away), then a
//! thread of its own starts the program, does the handshake and ends it
//! again (the agent is dropped on that thread, which quits the process).
//! While it runs the dialog says "Starting…"; a failure is shown naming the
//! command, with the text kept for a fix; success hands the spec to the
//! caller once. Cancel (or a new dialog) drops the check: its thread still
//! ends its program, as every started agent ends when dropped.

use crate::gui::files::{FileKind, FilePicker};
use crate::gui::job::{Job, Poll};
use crate::gui::programs::{command_line, program_spec, start_error, with_program};
use crate::gui::theme;

/// The field's label (tests find it by this).
pub const COMMAND_LABEL: &str = "Command line";

/// A check in progress: the spec being started, and the answer to come.
struct Check {
    spec: String,
    job: Job<Result<(), String>>,
}

/// The dialog while it is open.
struct Open<T> {
    target: T,
    title: String,
    text: String,
    error: Option<String>,
    check: Option<Check>,
    /// For how many more frames the field asks for the keyboard focus (a
    /// new window lays itself out first, and the click that opened it ends).
    focus: u8,
}

/// A dialog asking for a program for `T` (a seat, the arena's players).
pub struct ProgramDialog<T> {
    open: Option<Open<T>>,
    files: FilePicker<()>,
}

impl<T> Default for ProgramDialog<T> {
    fn default() -> Self {
        ProgramDialog {
            open: None,
            files: FilePicker::default(),
        }
    }
}

/// What the buttons asked for in one frame.
#[derive(Default)]
struct Clicks {
    ok: bool,
    cancel: bool,
    browse: bool,
}

impl<T> ProgramDialog<T> {
    /// Opens the dialog for `target` under `title`, with `spec` (a program
    /// spec, if the seat holds one) as the text to start from.
    pub fn open(&mut self, target: T, title: String, spec: Option<&str>) {
        self.open = Some(Open {
            target,
            title,
            text: spec.map(command_line).unwrap_or_default().to_string(),
            error: None,
            check: None,
            focus: 3,
        });
    }

    /// Whether the dialog is showing.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Whether a program is being started to check it.
    pub fn is_checking(&self) -> bool {
        self.open.as_ref().is_some_and(|o| o.check.is_some())
    }

    /// The error shown, if any.
    pub fn error(&self) -> Option<&str> {
        self.open.as_ref()?.error.as_deref()
    }

    /// Draws the dialog (if open) and its file dialog; returns the target
    /// and the spec (`cmd:…`) once a program has passed its check.
    pub fn ui(&mut self, ctx: &egui::Context) -> Option<(T, String)> {
        // Escape in the file dialog closes that dialog only.
        let browsing = self.files.is_open();
        if let Some(((), path)) = self.files.update(ctx)
            && let Some(open) = &mut self.open
        {
            open.text = with_program(&open.text, &path);
            open.error = None;
        }
        let open = self.open.as_mut()?;
        if let Some(done) = poll(open) {
            return self.open.take().map(|o| (o.target, done));
        }
        let mut clicks = window(ctx, open);
        if !browsing && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            clicks.cancel = true;
        }
        if clicks.cancel {
            self.open = None;
        } else if clicks.ok {
            submit(open, ctx);
        } else if clicks.browse {
            self.files
                .open((), FileKind::Program, "Choose the program", None);
        }
        None
    }
}

/// The spec, once the check in progress has passed; a failure is kept as
/// the error.
fn poll<T>(open: &mut Open<T>) -> Option<String> {
    let check = open.check.as_mut()?;
    let answer = match check.job.poll() {
        Poll::Pending => return None,
        Poll::Ready(answer) => answer,
        Poll::Crashed => Err("the check ended without an answer".to_string()),
    };
    let spec = open.check.take().map(|c| c.spec)?;
    match answer {
        Ok(()) => Some(spec),
        Err(e) => {
            open.error = Some(e);
            None
        }
    }
}

/// OK: splits the line, then starts the check on a thread.
fn submit<T>(open: &mut Open<T>, ctx: &egui::Context) {
    if open.check.is_some() {
        return;
    }
    open.error = None;
    let started = program_spec(&open.text).and_then(|spec| start_check(spec, ctx.clone()));
    match started {
        Ok(check) => open.check = Some(check),
        Err(e) => open.error = Some(e),
    }
}

/// Starts the program of `spec` on a thread, then ends it; the answer
/// comes through the check.
fn start_check(spec: String, ctx: egui::Context) -> Result<Check, String> {
    crate::gui::platform::can_run_programs()?;
    let factory = crate::gui::seats::program_player(&spec)?;
    let line = command_line(&spec).to_string();
    let job = Job::spawn("chainlab-program-check", Some(ctx), move |_| {
        // The agent is dropped here, on this thread: its process ends.
        factory
            .create()
            .map(drop)
            .map_err(|e| start_error(&line, &e))
    })?;
    Ok(Check { spec, job })
}

/// Draws the window; what its buttons (and Enter) asked for.
fn window<T>(ctx: &egui::Context, open: &mut Open<T>) -> Clicks {
    let mut clicks = Clicks::default();
    let checking = open.check.is_some();
    egui::Window::new(open.title.as_str())
        .id(egui::Id::new("program_dialog"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -60.0))
        .default_width(crate::gui::layout::dialog_width(ctx, 520.0))
        .max_width(crate::gui::layout::dialog_width(ctx, 520.0))
        .show(ctx, |ui| {
            ui.label(
                "A program that plays by the chainlab engine protocol (see docs/protocol.md). \
                 It is started directly, not through a shell; quote words with spaces.",
            );
            ui.add_space(4.0);
            ui.label(egui::RichText::new(crate::gui::seats::sandbox_note()).small());
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let label = ui.label(COMMAND_LABEL);
                let edit = ui
                    .add_enabled(
                        !checking,
                        egui::TextEdit::singleline(&mut open.text)
                            .hint_text("python3 examples/engines/starter_bot.py")
                            .desired_width(ui.available_width().min(360.0)),
                    )
                    .labelled_by(label.id);
                if open.focus > 0 {
                    open.focus -= 1;
                    if !edit.has_focus() {
                        edit.request_focus();
                    }
                }
                if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    clicks.ok = true;
                }
                clicks.browse = ui
                    .add_enabled(!checking, egui::Button::new("Browse…"))
                    .on_hover_text("Choose the program's file; the arguments typed stay.")
                    .clicked();
            });
            if let Some(error) = &open.error {
                ui.add_space(4.0);
                ui.add(
                    egui::Label::new(egui::RichText::new(error).color(theme::ERROR_TEXT)).wrap(),
                );
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                clicks.ok |= ui
                    .add_enabled(!checking, egui::Button::new("OK"))
                    .on_hover_text("Start the program once to check it, then use it.")
                    .clicked();
                clicks.cancel = ui.button("Cancel").clicked();
                if checking {
                    ui.spinner();
                    ui.label("Starting…");
                }
            });
        });
    clicks
}
