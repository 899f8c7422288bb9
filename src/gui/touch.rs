//! Touch screens: a menu opened by a long press stays open when the finger
//! lifts.
//!
//! When a finger lifts, the backends (eframe's web page and egui-winit
//! alike) send egui `PointerGone` after the release, so that nothing stays
//! hovered under a finger that has gone. But the node-graph widget
//! (egui-snarl) shows the canvas's menu only while the pointer has a
//! position, so a menu opened by a long press on the canvas closed the
//! moment the finger lifted, before a person could tap an item in it.
//!
//! The rule: while a popup (a menu) is open, a touch that ends leaves the
//! pointer where the finger lifted, as a mouse stays where it was released.
//! The next tap moves it as usual, and once no popup is open, lifting a
//! finger removes the pointer again. Mouse input is never changed.

use egui::{Context, Event, RawInput, TouchPhase};

/// Installs the rule on `ctx` (once: installing it again does nothing).
pub fn install(ctx: &Context) {
    ctx.add_plugin(MenusStayOpen);
}

/// The plugin that keeps the pointer of a lifted finger while a menu is open.
struct MenusStayOpen;

impl egui::Plugin for MenusStayOpen {
    fn debug_name(&self) -> &'static str {
        "chainlab touch menus"
    }

    fn input_hook(&mut self, ctx: &Context, input: &mut RawInput) {
        keep_pointer_for_menus(egui::Popup::is_any_open(ctx), input);
    }
}

/// Drops the `PointerGone` of a touch that ended in `input` when a menu
/// `is_open`.
fn keep_pointer_for_menus(is_open: bool, input: &mut RawInput) {
    let lifted = input.events.iter().any(|e| {
        matches!(
            e,
            Event::Touch {
                phase: TouchPhase::End | TouchPhase::Cancel,
                ..
            }
        )
    });
    if is_open && lifted {
        input.events.retain(|e| !matches!(e, Event::PointerGone));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lift() -> Vec<Event> {
        vec![
            Event::PointerButton {
                pos: egui::pos2(10.0, 10.0),
                button: egui::PointerButton::Primary,
                pressed: false,
                modifiers: egui::Modifiers::NONE,
            },
            Event::PointerGone,
            Event::Touch {
                device_id: egui::TouchDeviceId(0),
                id: egui::TouchId(0),
                phase: TouchPhase::End,
                pos: egui::pos2(10.0, 10.0),
                force: None,
            },
        ]
    }

    fn gone(events: Vec<Event>, is_open: bool) -> bool {
        let mut input = RawInput {
            events,
            ..RawInput::default()
        };
        keep_pointer_for_menus(is_open, &mut input);
        input.events.contains(&Event::PointerGone)
    }

    #[test]
    fn a_finger_lifted_under_an_open_menu_leaves_the_pointer() {
        assert!(!gone(lift(), true));
        // No menu: the pointer goes with the finger, as before.
        assert!(gone(lift(), false));
        // A mouse leaving the window is never kept.
        assert!(gone(vec![Event::PointerGone], true));
    }
}
