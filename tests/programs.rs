//! Programs as players and the clock, as one test crate: the engine protocol with
//! real processes (broken engines, the starter kits, `chainlab engine`, signals), and
//! `chainlab match` stopped by move limits and a time control, and the sandbox
//! programs run in, tried by hostile programs.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod cli_util;

#[path = "programs/engine_protocol.rs"]
mod engine_protocol;
#[path = "programs/sandbox.rs"]
mod sandbox;
#[path = "programs/time_control.rs"]
mod time_control;
