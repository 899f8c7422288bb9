//! The play view's status line and game buttons: whose turn it is (or who
//! is starting or thinking, or how the game ended), the tip under it, and the
//! buttons that fit: Play again, Resign, Undo, Pause/Resume, Step, Skip, and
//! after a computer seat failed, Retry and Take over.

use crate::gui::command::Command;
use crate::gui::players::player_badge;
use crate::gui::theme;
use crate::rules::Player;

use super::session::{Session, Status};

/// The line under the status: what the user can do now.
pub fn tip(session: &Session) -> String {
    match session.status() {
        Status::HumanToMove(p) => {
            format!("{p}: click an empty cell or one of your own.")
        }
        Status::Animating => "Click the board or Skip to see the end of the reaction.".to_string(),
        Status::Thinking(p) | Status::Paused(p) if session.program(p).is_some() => format!(
            "The numbers are {p}'s values for each cell it may play; it picks a ringed one."
        ),
        Status::Paused(_) => "Resume, or Step for one move.".to_string(),
        Status::Starting(p) => {
            format!("Starting {p}'s program. A program that does not answer is stopped after 10 s.")
        }
        Status::Thinking(_) => String::new(),
        Status::Won(_) | Status::Resigned(_) => {
            "Press Play again for a new game with the same seats.".to_string()
        }
        Status::Failed(_) => match session.failed_seat() {
            Some(p) => format!(
                "Retry {p}, take {p}'s seat over and play on, or choose another player for \
                 seat {p} and press New game."
            ),
            None => "Start a new game to go on.".to_string(),
        },
    }
}

/// The height kept for the status line and the tip under it (a heading's
/// row and two lines of text), so that the board under them stays put.
pub const STATUS_HEIGHT: f32 = 90.0;

/// The status line: whose turn, or the result, and the buttons that fit.
pub fn status_ui(ui: &mut egui::Ui, session: &mut Session, commands: &mut Vec<Command>) {
    let status = session.status();
    ui.horizontal(|ui| {
        // The buttons first, at the right; the status takes the space left
        // (wrapped: a long seat name in a narrow window goes on a second line).
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            game_buttons(ui, session, &status, commands);
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                // During an animation the shown position still has the mover of the move.
                let mover = session.shown().0.mover();
                player_badge(ui, mover);
                if matches!(status, Status::Thinking(_) | Status::Starting(_)) {
                    ui.spinner();
                }
                let colour = match status {
                    Status::Failed(_) => theme::ERROR_TEXT,
                    _ => theme::player_colour(mover),
                };
                let text = status_text(session, &status, mover);
                ui.add(egui::Label::new(egui::RichText::new(text).heading().color(colour)).wrap());
            });
        });
    });
    if let Status::Failed(reason) = &status {
        // The whole reason, wrapped: a program's error can be long.
        ui.add(egui::Label::new(egui::RichText::new(reason).color(theme::ERROR_TEXT)).wrap());
    }
}

/// What the status line says: who is to move or thinking (`mover` during a
/// reaction), or how the game ended.
fn status_text(session: &Session, status: &Status, mover: Player) -> String {
    match status {
        Status::HumanToMove(p) => format!("{p} to move ({})", session.label(*p)),
        // The name last: a long one is cut, not what the seat is doing.
        Status::Starting(p) => format!("{p} is starting… ({})", session.label(*p)),
        Status::Thinking(p) => format!("{p} is thinking… ({})", session.label(*p)),
        Status::Paused(p) => format!("{p} to move, paused ({})", session.label(*p)),
        Status::Animating => format!("{mover}: chain reaction…"),
        Status::Won(w) => format!(
            "{w} ({}) wins after {} moves!",
            session.label(*w),
            session.game().moves().len()
        ),
        Status::Resigned(p) => format!("{p} ({}) resigned", session.label(*p)),
        // The reason, naming the seat's player, is the line below.
        Status::Failed(_) => match session.failed_seat() {
            Some(p) => format!("Stopped: {p} failed"),
            None => "Stopped".to_string(),
        },
    }
}

/// The buttons that fit the game's state, right to left: Play again, Retry
/// and Take over (a failed computer seat), Resign, Undo (also Ctrl+Z),
/// Pause or Resume, Step and Skip.
fn game_buttons(
    ui: &mut egui::Ui,
    session: &mut Session,
    status: &Status,
    commands: &mut Vec<Command>,
) {
    if matches!(
        status,
        Status::Won(_) | Status::Resigned(_) | Status::Failed(_)
    ) && ui
        .button(egui::RichText::new("Play again").strong())
        .clicked()
    {
        commands.push(Command::NewGame);
    }
    if let Some(p) = session.failed_seat() {
        if ui
            .button("Take over")
            .on_hover_text(format!("Play seat {p} yourself from here."))
            .clicked()
        {
            session.take_over();
        }
        if ui
            .button("Retry")
            .on_hover_text(format!("Let {p}'s computer player try again."))
            .clicked()
        {
            session.retry();
        }
    }
    if session.can_resign()
        && ui
            .button("Resign")
            .on_hover_text("Give up this game.")
            .clicked()
    {
        session.resign();
    }
    let undo_key = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Z);
    let undo_pressed = ui.input_mut(|i| i.consume_shortcut(&undo_key));
    if ui
        .add_enabled(session.can_undo(), egui::Button::new("Undo"))
        .on_hover_text(format!(
            "Take back your last move (and the computer moves after it). {}",
            ui.ctx().format_shortcut(&undo_key)
        ))
        .clicked()
        || undo_pressed
    {
        session.undo();
    }
    let has_computer = session.position().players().any(|p| !session.is_human(p));
    if has_computer {
        let label = if session.is_paused() {
            "Resume"
        } else {
            "Pause"
        };
        if ui
            .button(label)
            .on_hover_text("Pause or resume the computer players.")
            .clicked()
        {
            let paused = session.is_paused();
            session.set_paused(!paused);
        }
    }
    if matches!(status, Status::Paused(_))
        && ui
            .button("Step")
            .on_hover_text("Let the computer player to move make one move.")
            .clicked()
    {
        session.step_once();
    }
    if session.is_animating() && ui.button("Skip").clicked() {
        session.skip_animation();
    }
}
