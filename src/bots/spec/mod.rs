//! Player specs: how a player is named on the command line, in the app and
//! in a class tournament's folder. [`PlayerSpec`] decides what a spec names
//! (the one owner of the prefixes `bot:` and `cmd:`, the `.json` extension
//! and the `bot.toml` name); [`BotSpec`] is a built-in's spec with its
//! options; [`PlayerContext`] says where a run's players keep their logs.
//! Grammar in `docs/players.md`.

mod builtin;
mod context;
mod inputs;
mod path;
mod player;

pub use builtin::{BotSpec, BuiltinInfo, DEFAULT_ITERS, builtins};
pub use context::PlayerContext;
pub use player::{
    BUILTIN_PREFIX, PROGRAM_PREFIX, PlayerSpec, STRATEGY_EXTENSION, SpecKind, is_strategy_path,
    parse_player, parse_player_in,
};
