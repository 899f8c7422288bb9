//! The graph interpreter, as one test crate: the compiler against an unoptimised
//! evaluation, the evaluation contract, groups that cost what their flat twins cost,
//! every node kind by hand, the native twins, and the shipped curriculum (before and
//! after its rework).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod cli_util;
mod common;
mod group_util;

#[path = "eval/compile.rs"]
mod compile;
#[path = "eval/contract.rs"]
mod contract;
// It includes `examples/curriculum.rs` as its own module `curriculum`, as it did as a crate.
#[allow(clippy::module_inception)]
#[path = "eval/curriculum.rs"]
mod curriculum;
#[path = "eval/curriculum_rework.rs"]
mod curriculum_rework;
#[path = "eval/export.rs"]
mod export;
#[path = "eval/groups.rs"]
mod groups;
#[path = "eval/native_twin.rs"]
mod native_twin;
#[path = "eval/nodes.rs"]
mod nodes;
