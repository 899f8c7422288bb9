//! Evaluation of strategy graphs: compile the editable graph to a flat
//! program, then run it on every cell the player may play.
//!
//! Never interpret the editable graph directly: [`Program::compile`] validates,
//! orders nodes topologically (without recursion), assigns value slots, folds
//! constants, hoists what depends only on the position out of the per-cell
//! loop, and notes whether the lookahead board is needed at all. An
//! [`Evaluator`] then values cells without allocating.
//!
//! A folder per concern: `compile/` (the compiler: its driver and passes),
//! `run/` (the interpreter, its context and slots, the heat map and the
//! explain trace), `measure/` (what the measuring nodes measure, and the
//! strongest-reply rule); `ir.rs` is the program's vocabulary the compiler
//! writes and the interpreter reads, and `error.rs` the layer's error.

mod compile;
mod error;
mod ir;
mod measure;
mod run;

pub use compile::{Program, ProgramSize};
pub use error::{EvalError, MAX_LISTED_ERRORS};
pub use measure::reply::{ReplyScan, scan_replies};
pub use measure::{BoardStats, danger, is_critical, neighbours};
pub use run::Evaluator;
pub use run::heat::{HeatMap, pick_best};
pub use run::trace::{TermTrace, Trace};
