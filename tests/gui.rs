//! The desktop app driven headless with `egui_kittest`, as one test crate: the editor
//! (canvas, frames, groups, Puzzles and Tune panels), the play, replay and arena views,
//! programs as players, the board widget, the fonts' glyphs and the tutorial. Built only
//! with the `gui` feature: under `--no-default-features` the crate is empty.
#![cfg(feature = "gui")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
#[path = "gui/editor_ui.rs"]
mod editor_ui;

#[path = "gui/arena.rs"]
mod arena;
#[path = "gui/board.rs"]
mod board;
#[path = "gui/book.rs"]
mod book;
#[path = "gui/cancel.rs"]
mod cancel;
#[path = "gui/editor.rs"]
mod editor;
#[path = "gui/frames.rs"]
mod frames;
#[path = "gui/glyphs.rs"]
mod glyphs;
#[path = "gui/groups.rs"]
mod groups;
#[path = "gui/guided.rs"]
mod guided;
#[path = "gui/hands.rs"]
mod hands;
#[path = "gui/layout.rs"]
mod layout;
#[path = "gui/merge.rs"]
mod merge;
#[path = "gui/play.rs"]
mod play;
#[path = "gui/programs.rs"]
mod programs;
#[path = "gui/puzzles.rs"]
mod puzzles;
#[path = "gui/replay.rs"]
mod replay;
#[path = "gui/share.rs"]
mod share;
#[path = "gui/tune.rs"]
mod tune;
#[path = "gui/tutorial.rs"]
mod tutorial;
