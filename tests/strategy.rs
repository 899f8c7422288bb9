//! Strategy graphs as files and models, as one test crate: the node documentation,
//! the file format and its round trips, fuzzed files and graphs, groups (as operations
//! and in format version 2) and validation.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod group_util;

#[path = "strategy/docs.rs"]
mod docs;
#[path = "strategy/format.rs"]
mod format;
#[path = "strategy/fuzz.rs"]
mod fuzz;
#[path = "strategy/grouping.rs"]
mod grouping;
#[path = "strategy/groups.rs"]
mod groups;
#[path = "strategy/share.rs"]
mod share;
#[path = "strategy/validate.rs"]
mod validate;
