//! Matches, tournaments, tuning, analysis and puzzles through the library, and the
//! command line run as a real process (`CARGO_BIN_EXE_chainlab`), as one test crate;
//! with the typed errors, the resource limits and the fuzzed inputs of every file kind.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod cli_util;
mod common;

#[path = "arena_cli/analysis.rs"]
mod analysis;
#[path = "arena_cli/arena.rs"]
mod arena;
#[path = "arena_cli/cli_analyze.rs"]
mod cli_analyze;
#[path = "arena_cli/cli_arena.rs"]
mod cli_arena;
#[path = "arena_cli/cli_book.rs"]
mod cli_book;
#[path = "arena_cli/cli_class.rs"]
mod cli_class;
#[path = "arena_cli/cli_damaged.rs"]
mod cli_damaged;
#[path = "arena_cli/cli_limits.rs"]
mod cli_limits;
#[path = "arena_cli/cli_outputs.rs"]
mod cli_outputs;
#[path = "arena_cli/cli_rules.rs"]
mod cli_rules;
#[path = "arena_cli/cli_shards.rs"]
mod cli_shards;
#[path = "arena_cli/cli_strategy.rs"]
mod cli_strategy;
#[path = "arena_cli/cli_tune.rs"]
mod cli_tune;
#[path = "arena_cli/errors.rs"]
mod errors;
#[path = "arena_cli/fuzz_inputs.rs"]
mod fuzz_inputs;
#[path = "arena_cli/guided.rs"]
mod guided;
#[path = "arena_cli/limits.rs"]
mod limits;
#[path = "arena_cli/perfect.rs"]
mod perfect;
#[path = "arena_cli/perfect_puzzles.rs"]
mod perfect_puzzles;
#[path = "arena_cli/puzzles.rs"]
mod puzzles;
#[path = "arena_cli/tune.rs"]
mod tune;
