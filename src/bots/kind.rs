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
    /// The heuristic in plain alpha-beta search.
    Expert,
    /// The heuristic in alpha-beta with move ordering and a transposition table.
    Master,
    /// Monte Carlo tree search with random playouts.
    Mcts,
    /// Perfect play from the exact solution (boards of at most 12 cells).
    Perfect,
}

impl BotKind {
    /// Every kind, weakest first.
    pub const ALL: [BotKind; 7] = [
        BotKind::Random,
        BotKind::PreferOwn,
        BotKind::Greedy,
        BotKind::Expert,
        BotKind::Master,
        BotKind::Mcts,
        BotKind::Perfect,
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
            BotKind::Perfect => "perfect",
        }
    }

    /// The options this kind accepts, in the order the docs list them.
    pub fn options(self) -> &'static [BotOption] {
        use BotOption as O;
        match self {
            BotKind::Random | BotKind::Perfect => &[],
            BotKind::PreferOwn | BotKind::Greedy => &[O::Random],
            BotKind::Expert | BotKind::Master => &[
                O::Depth,
                O::Nodes,
                O::Ms,
                O::Quiescence,
                O::Eval,
                O::Graph,
                O::Width,
                O::Random,
            ],
            BotKind::Mcts => &[O::Iters, O::Ms, O::Playout, O::Random],
        }
    }

    /// Whether this kind looks ahead before it moves (a search, playouts or
    /// a solve), so that one move can take long; the others answer at once.
    pub fn searches(self) -> bool {
        match self {
            BotKind::Random | BotKind::PreferOwn | BotKind::Greedy => false,
            BotKind::Expert | BotKind::Master | BotKind::Mcts | BotKind::Perfect => true,
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

/// An option of a built-in spec (`bot:KIND:OPTION=VALUE`). Every option is
/// set by one arm of an exhaustive match in the spec parser and written by
/// one in its `Display`, so an option added here fails to compile until both
/// say what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotOption {
    /// `depth=`: search depth in plies.
    Depth,
    /// `nodes=`: node limit per move.
    Nodes,
    /// `iters=`: playouts per move.
    Iters,
    /// `playout=`: random plies per playout.
    Playout,
    /// `ms=`: time limit per move.
    Ms,
    /// `quiescence=`: quiescence plies at the leaves.
    Quiescence,
    /// `eval=`: the value at the leaves ([`LeafValue`]).
    Eval,
    /// `graph=`: a strategy file that orders the search's moves.
    Graph,
    /// `width=`: how many of the graph's best moves are searched per node.
    Width,
    /// `random=`: percentage of random moves mixed in.
    Random,
}

impl BotOption {
    /// Every option, in the order a canonical spec writes them.
    pub const ALL: [BotOption; 10] = [
        BotOption::Depth,
        BotOption::Nodes,
        BotOption::Iters,
        BotOption::Playout,
        BotOption::Ms,
        BotOption::Quiescence,
        BotOption::Eval,
        BotOption::Graph,
        BotOption::Width,
        BotOption::Random,
    ];

    /// The name used in specs.
    pub fn name(self) -> &'static str {
        match self {
            BotOption::Depth => "depth",
            BotOption::Nodes => "nodes",
            BotOption::Iters => "iters",
            BotOption::Playout => "playout",
            BotOption::Ms => "ms",
            BotOption::Quiescence => "quiescence",
            BotOption::Eval => "eval",
            BotOption::Graph => "graph",
            BotOption::Width => "width",
            BotOption::Random => "random",
        }
    }

    /// The option named `name` (lowercase), if there is one.
    pub fn from_name(name: &str) -> Option<BotOption> {
        BotOption::ALL.into_iter().find(|o| o.name() == name)
    }
}

/// The value a search player gives the positions at its leaves (the spec
/// option `eval=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeafValue {
    /// The heuristic value of the player to move (the default; `eval=expert`
    /// in specs, as users know the heuristic as the expert evaluation).
    Heuristic,
    /// The player's heuristic value minus the best opponent's (`eval=balanced`).
    Balanced,
}

impl LeafValue {
    /// Every value, in the order the docs list them.
    pub const ALL: [LeafValue; 2] = [LeafValue::Heuristic, LeafValue::Balanced];

    /// The name used in specs.
    pub fn name(self) -> &'static str {
        match self {
            LeafValue::Heuristic => "expert",
            LeafValue::Balanced => "balanced",
        }
    }
}
