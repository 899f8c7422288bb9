//! The kinds of built-in players and the options each accepts: the
//! vocabulary of player specs (`bot:KIND:OPTION=VALUE`), shared by the spec
//! parser and its errors. Plain names, no behaviour.

/// The kinds of built-in players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// A uniformly random legal move.
    Random,
    /// A random own cell, else a random empty cell.
    PreferOwn,
    /// Greedy one-ply: win, else the most atoms after the move.
    Greedy,
    /// The expert evaluation in plain alpha-beta search.
    Expert,
    /// The expert evaluation in alpha-beta with move ordering and a transposition table.
    Master,
    /// Monte Carlo tree search with random playouts.
    Mcts,
}

impl BotKind {
    /// Every kind, weakest first.
    pub const ALL: [BotKind; 6] = [
        BotKind::Random,
        BotKind::PreferOwn,
        BotKind::Greedy,
        BotKind::Expert,
        BotKind::Master,
        BotKind::Mcts,
    ];

    /// The name used in specs.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::PreferOwn => "prefer-own",
            BotKind::Greedy => "greedy",
            BotKind::Expert => "expert",
            BotKind::Master => "master",
            BotKind::Mcts => "mcts",
        }
    }

    /// The options this kind accepts.
    pub fn options(self) -> &'static [&'static str] {
        match self {
            BotKind::Random => &[],
            BotKind::PreferOwn | BotKind::Greedy => &["random"],
            BotKind::Expert | BotKind::Master => {
                &["depth", "nodes", "ms", "quiescence", "eval", "random"]
            }
            BotKind::Mcts => &["iters", "ms", "playout", "random"],
        }
    }

    /// The default search depth (expert and master).
    pub fn default_depth(self) -> u8 {
        match self {
            BotKind::Master => 5,
            _ => 3,
        }
    }
}

/// The evaluation a search player uses at its leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// The expert value of the player to move (the default).
    Expert,
    /// The player's expert value minus the best opponent's.
    Balanced,
}

impl Eval {
    /// The name used in specs.
    pub fn name(self) -> &'static str {
        match self {
            Eval::Expert => "expert",
            Eval::Balanced => "balanced",
        }
    }
}
