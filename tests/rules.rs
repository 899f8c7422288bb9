//! The rules of the game from outside the library, as one test crate: hand-checked
//! fixtures with their reaction waves, the position notation's errors, property tests
//! against an independent reference, and the reference engine of `chainlab bench`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "rules/fixtures.rs"]
mod fixtures;
#[path = "rules/notation.rs"]
mod notation;
#[path = "rules/props.rs"]
mod props;
#[path = "rules/reference.rs"]
mod reference;
#[path = "rules/solve.rs"]
mod solve;
