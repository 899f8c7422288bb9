//! The documentation of every node kind, in one place: file names, titles,
//! categories, summaries, explanations, pins and their defaults. The editor's
//! tooltips and `docs/nodes.md` are both produced from this table.

use super::pins::PinType;
use super::{Kind, NodeKind};

/// The palette groups node kinds into categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// Where the evaluated cell is.
    CellPosition,
    /// What is on and around the evaluated cell.
    CellState,
    /// Counts over the whole board.
    Board,
    /// What placing on the evaluated cell would do.
    Lookahead,
    /// Numbers.
    Arithmetic,
    /// Yes/no values and choices.
    Logic,
    /// Comments and the result.
    Structure,
}

impl Category {
    /// All categories in palette order.
    pub const ALL: [Category; 7] = [
        Category::CellPosition,
        Category::CellState,
        Category::Board,
        Category::Lookahead,
        Category::Arithmetic,
        Category::Logic,
        Category::Structure,
    ];

    /// The category's name.
    pub fn title(self) -> &'static str {
        match self {
            Category::CellPosition => "Cell position",
            Category::CellState => "Cell state",
            Category::Board => "Whole board",
            Category::Lookahead => "Lookahead",
            Category::Arithmetic => "Arithmetic",
            Category::Logic => "Logic",
            Category::Structure => "Notes and result",
        }
    }
}

/// One input pin: its name, type, the value it takes when unconnected, and what it means.
///
/// The pins of most kinds are fixed (`PinInfo<'static>`, from [`KINDS`]); a
/// Weighted sum's and a group's pins are named by the node's data and borrow
/// from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PinInfo<'a> {
    /// The pin's name, used in files (`"input": "a"`).
    pub name: &'a str,
    /// The pin's type.
    pub ty: PinType,
    /// The value an unconnected input takes (for yes/no pins 0 = no, 1 = yes).
    pub default: i64,
    /// What the pin means.
    pub doc: &'a str,
}

/// Everything a user needs to know about a node kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindInfo {
    /// The kind.
    pub kind: Kind,
    /// The name in strategy files, such as `is_corner`.
    pub key: &'static str,
    /// The title shown on the node, such as `Is corner`.
    pub title: &'static str,
    /// The palette category.
    pub category: Category,
    /// One line: what the node gives.
    pub summary: &'static str,
    /// A paragraph: how to use it, and its fine print.
    pub doc: &'static str,
    /// The input pins, in order.
    pub inputs: &'static [PinInfo<'static>],
    /// The output's type; `None` for nodes without an output.
    pub output: Option<PinType>,
    /// The parameters, as `(file name, what it means)`.
    pub params: &'static [(&'static str, &'static str)],
}

const fn int(name: &'static str, default: i64, doc: &'static str) -> PinInfo<'static> {
    PinInfo {
        name,
        ty: PinType::Int,
        default,
        doc,
    }
}

const fn boolean(name: &'static str, default: bool, doc: &'static str) -> PinInfo<'static> {
    PinInfo {
        name,
        ty: PinType::Bool,
        default: default as i64,
        doc,
    }
}

const WHEN: (&str, &str) = (
    "when",
    "`now` measures the board as it is; `after` measures the board after placing an atom on the evaluated cell and resolving the chain (one-step lookahead); `reply` measures that board after the next player's strongest reply (see Opponent can win next move for the rule; when my move ends the game it is the board after placing here).",
);
const A_B: &[PinInfo<'static>] = &[int("a", 0, "first number"), int("b", 0, "second number")];

use Category::*;
use Kind as K;
use PinType::{Bool as B, Int as I};

/// The documentation table, one entry per kind in palette order.
pub static KINDS: &[KindInfo] = &[
    KindInfo {
        kind: K::IsCorner,
        key: "is_corner",
        title: "Is corner",
        category: CellPosition,
        summary: "Yes when the evaluated cell is a corner (capacity 2).",
        doc: "Corners react with only two atoms and can be attacked from only two sides, which makes them the classic first choice of beginners.",
        inputs: &[],
        output: Some(B),
        params: &[],
    },
    KindInfo {
        kind: K::IsEdge,
        key: "is_edge",
        title: "Is edge",
        category: CellPosition,
        summary: "Yes when the evaluated cell is on the border but not a corner (capacity 3).",
        doc: "Edge cells react with three atoms. Corners are not counted as edges; use Or with Is corner for the whole border.",
        inputs: &[],
        output: Some(B),
        params: &[],
    },
    KindInfo {
        kind: K::IsCentre,
        key: "is_centre",
        title: "Is centre",
        category: CellPosition,
        summary: "Yes when the evaluated cell is inside the board (capacity 4).",
        doc: "Inner cells need four atoms to react and can be attacked from four sides.",
        inputs: &[],
        output: Some(B),
        params: &[],
    },
    KindInfo {
        kind: K::Capacity,
        key: "capacity",
        title: "Capacity",
        category: CellPosition,
        summary: "The evaluated cell's capacity: its number of neighbours (2, 3 or 4).",
        doc: "Under the standard and empties rules a cell reacts when its atoms reach its capacity; under overflow, when they exceed it.",
        inputs: &[],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Row,
        key: "row",
        title: "Row",
        category: CellPosition,
        summary: "The evaluated cell's row, counting from 0 at the top.",
        doc: "Useful with Board size to prefer regions of the board.",
        inputs: &[],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Column,
        key: "column",
        title: "Column",
        category: CellPosition,
        summary: "The evaluated cell's column, counting from 0 at the left.",
        doc: "Useful with Board size to prefer regions of the board.",
        inputs: &[],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Atoms,
        key: "atoms",
        title: "Atoms here",
        category: CellState,
        summary: "The number of atoms on the evaluated cell (0 when empty).",
        doc: "After placing here, a cell that reacted holds what it kept (often 0).",
        inputs: &[],
        output: Some(I),
        params: &[WHEN],
    },
    KindInfo {
        kind: K::IsEmpty,
        key: "is_empty",
        title: "Is empty",
        category: CellState,
        summary: "Yes when the evaluated cell holds no atoms.",
        doc: "Now, an active cell is either empty or yours.",
        inputs: &[],
        output: Some(B),
        params: &[WHEN],
    },
    KindInfo {
        kind: K::IsMine,
        key: "is_mine",
        title: "Is mine",
        category: CellState,
        summary: "Yes when the player to move owns the evaluated cell.",
        doc: "\"Mine\" is always the player the strategy is choosing for, also on the board after placing here.",
        inputs: &[],
        output: Some(B),
        params: &[WHEN],
    },
    KindInfo {
        kind: K::IsCritical,
        key: "is_critical",
        title: "Is critical",
        category: CellState,
        summary: "Yes when the evaluated cell is one atom short of reacting.",
        doc: "Critical means atoms = capacity − 1 under the standard and empties rules, atoms = capacity under overflow. Placing on your own critical cell starts a reaction.",
        inputs: &[],
        output: Some(B),
        params: &[WHEN],
    },
    KindInfo {
        kind: K::IsEndangered,
        key: "is_endangered",
        title: "Is endangered",
        category: CellState,
        summary: "Yes when an opponent's critical cell is next to the evaluated cell.",
        doc: "An opponent can capture an endangered cell on their next move by setting off the critical neighbour. Atoms placed there may be lost.",
        inputs: &[],
        output: Some(B),
        params: &[WHEN],
    },
    KindInfo {
        kind: K::Danger,
        key: "danger",
        title: "Critical enemy neighbours",
        category: CellState,
        summary: "How many of the evaluated cell's neighbours are opponents' critical cells (\"danger\").",
        doc: "0 means the cell is safe for now. The same as Neighbours with owner opponent's and state critical.",
        inputs: &[],
        output: Some(I),
        params: &[WHEN],
    },
    KindInfo {
        kind: K::Neighbours,
        key: "neighbours",
        title: "Neighbours",
        category: CellState,
        summary: "How many of the evaluated cell's neighbours match an owner and a state.",
        doc: "Choose the owner (any, mine, opponent's, empty) and the state (any, critical, not critical). For example mine + critical counts the friendly cells a reaction here would set off.",
        inputs: &[],
        output: Some(I),
        params: &[
            ("owner", "`any`, `mine`, `opponent` or `empty`."),
            ("state", "`any`, `critical` or `not_critical`."),
            WHEN,
        ],
    },
    KindInfo {
        kind: K::BoardCount,
        key: "board_count",
        title: "Count on board",
        category: Board,
        summary: "Counts cells, atoms, critical cells or endangered cells of mine or of the opponents over the whole board.",
        doc: "Endangered cells of mine are my cells next to an opponent's critical cell; endangered cells of the opponents are their cells next to a critical cell of mine. With `after`, compare against `now` to see what a move changes.",
        inputs: &[],
        output: Some(I),
        params: &[
            (
                "measure",
                "`cells`, `atoms`, `critical_cells` or `endangered_cells`.",
            ),
            ("whose", "`mine` or `opponents`."),
            WHEN,
        ],
    },
    KindInfo {
        kind: K::PlayersLeft,
        key: "players_left",
        title: "Players left",
        category: Board,
        summary: "The number of players still in the game.",
        doc: "A player is out once they have placed and own no cell. After a winning move this is 1.",
        inputs: &[],
        output: Some(I),
        params: &[WHEN],
    },
    KindInfo {
        kind: K::TurnNumber,
        key: "turn_number",
        title: "Turn number",
        category: Board,
        summary: "The number of placements made so far in the game (0 on the first move).",
        doc: "Lets a strategy play differently in the opening.",
        inputs: &[],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::BoardSize,
        key: "board_size",
        title: "Board size",
        category: Board,
        summary: "The number of cells, rows or columns of the board.",
        doc: "Compare with Row and Column to find the middle of the board on any size.",
        inputs: &[],
        output: Some(I),
        params: &[("measure", "`cells`, `rows` or `columns`.")],
    },
    KindInfo {
        kind: K::AtomsGained,
        key: "atoms_gained",
        title: "Atoms gained",
        category: Lookahead,
        summary: "How many atoms of mine more are on the board after placing here.",
        doc: "1 for a quiet move; more when the chain captures opponents' atoms. Under the empties rules it can be less, since reacting cells lose surplus atoms.",
        inputs: &[],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::CellsCaptured,
        key: "cells_captured",
        title: "Cells captured",
        category: Lookahead,
        summary: "How many opponents' cells become mine by placing here.",
        doc: "Counts every opponent's cell taken over by the chain this move sets off.",
        inputs: &[],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::ReactionsCaused,
        key: "reactions_caused",
        title: "Reactions caused",
        category: Lookahead,
        summary: "How many cell reactions (explosions) placing here sets off.",
        doc: "0 for a quiet move. A long chain is not always good: it can leave many of your cells critical next to the opponent.",
        inputs: &[],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::WinsTheGame,
        key: "wins_the_game",
        title: "Wins the game",
        category: Lookahead,
        summary: "Yes when placing here wins the game at once.",
        doc: "Give this a huge weight: nothing is better than winning now.",
        inputs: &[],
        output: Some(B),
        params: &[],
    },
    KindInfo {
        kind: K::ReplyCanWin,
        key: "reply_can_win",
        title: "Opponent can win next move",
        category: Lookahead,
        summary: "Yes when, after placing here, some reply of the next player wins the game or knocks me out.",
        doc: "The reply nodes and every measure set to `reply` look at the next player's answer to placing here. The next player's strongest reply is the legal reply that leaves me the fewest atoms (one that wins or knocks me out leaves 0, so it comes first); among equally strong replies the lowest cell in row-major order (top row first, left to right), so results repeat. With more than 2 players only the next player to move replies: what the others could do later is not looked at. No when placing here ends the game.",
        inputs: &[],
        output: Some(B),
        params: &[],
    },
    KindInfo {
        kind: K::ReplyMostTaken,
        key: "reply_most_taken",
        title: "Most of my cells one reply takes",
        category: Lookahead,
        summary: "After placing here, the most of my cells that one reply of the next player takes.",
        doc: "Looks at every legal reply of the next player to move (see Opponent can win next move) and counts the cells of mine each one captures; gives the largest count. 0 when no reply reaches my cells or when placing here ends the game.",
        inputs: &[],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::ThreateningReplies,
        key: "threatening_replies",
        title: "Threatening replies",
        category: Lookahead,
        summary: "After placing here, how many legal replies of the next player take at least one of my cells.",
        doc: "0 means every reply is safe for me. Only a reply that sets off a reaction can take cells, so this counts some of the next player's critical cells. 0 when placing here ends the game.",
        inputs: &[],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Constant,
        key: "constant",
        title: "Constant",
        category: Arithmetic,
        summary: "A fixed number.",
        doc: "Use constants as weights: multiply a measurement by a constant to say how much it matters.",
        inputs: &[],
        output: Some(I),
        params: &[("value", "the number (a 64-bit integer).")],
    },
    KindInfo {
        kind: K::Add,
        key: "add",
        title: "Add",
        category: Arithmetic,
        summary: "a + b.",
        doc: "Saturates at the largest and smallest 64-bit numbers instead of overflowing.",
        inputs: A_B,
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Sum,
        key: "sum",
        title: "Sum",
        category: Arithmetic,
        summary: "a + b + c + … + h: adds up to eight numbers.",
        doc: "The natural way to add up the points of a strategy: wire each weighted idea into one input. Unconnected inputs count as 0 and are not reported. Adds from a to h and saturates instead of overflowing.",
        inputs: &[
            int("a", 0, "a number"),
            int("b", 0, "a number"),
            int("c", 0, "a number"),
            int("d", 0, "a number"),
            int("e", 0, "a number"),
            int("f", 0, "a number"),
            int("g", 0, "a number"),
            int("h", 0, "a number"),
        ],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::WeightedSum,
        key: "weighted_sum",
        title: "Weighted sum",
        category: Arithmetic,
        summary: "Σ weight × input: adds labelled ideas, each times its weight.",
        doc: "The readable form of \"features times weights\": each term has a label (what the idea is, such as \"corners (lesson 1)\"), a weight, and one input. Unconnected terms count as 0. Explain shows each term's contribution, and `chainlab tune` can tune the weights like Constant values. Multiplies and adds with saturation, term by term in order, exactly like Multiply nodes wired into a Sum.",
        inputs: &[],
        output: Some(I),
        params: &[(
            "terms",
            "the terms in order, each `{\"label\": …, \"weight\": …}` with an optional `\"tune\"` as for Constant; the labels name the input pins.",
        )],
    },
    KindInfo {
        kind: K::Subtract,
        key: "subtract",
        title: "Subtract",
        category: Arithmetic,
        summary: "a − b.",
        doc: "Saturates instead of overflowing.",
        inputs: A_B,
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Multiply,
        key: "multiply",
        title: "Multiply",
        category: Arithmetic,
        summary: "a × b.",
        doc: "Multiplying a yes/no by a number gives the number or 0. Saturates instead of overflowing.",
        inputs: &[int("a", 1, "first number"), int("b", 1, "second number")],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Divide,
        key: "divide",
        title: "Divide",
        category: Arithmetic,
        summary: "a ÷ b, rounded toward zero; 0 when b is 0.",
        doc: "Integer division. Dividing by zero gives 0 rather than an error (the validator warns when b is the constant 0).",
        inputs: &[int("a", 0, "dividend"), int("b", 1, "divisor")],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Min,
        key: "min",
        title: "Min",
        category: Arithmetic,
        summary: "The smaller of a and b.",
        doc: "Caps a value: min(x, 10) is never above 10.",
        inputs: A_B,
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Max,
        key: "max",
        title: "Max",
        category: Arithmetic,
        summary: "The larger of a and b.",
        doc: "Floors a value: max(x, 0) is never negative.",
        inputs: A_B,
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Abs,
        key: "abs",
        title: "Abs",
        category: Arithmetic,
        summary: "The absolute value of x.",
        doc: "Turns a difference into a distance.",
        inputs: &[int("x", 0, "a number")],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Negate,
        key: "negate",
        title: "Negate",
        category: Arithmetic,
        summary: "−x.",
        doc: "Turns a reward into a penalty.",
        inputs: &[int("x", 0, "a number")],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Clamp,
        key: "clamp",
        title: "Clamp",
        category: Arithmetic,
        summary: "x limited to the range low..=high.",
        doc: "Gives low when x is below low and high when x is above high (low wins when low > high).",
        inputs: &[
            int("x", 0, "the number to limit"),
            int("low", 0, "the smallest result"),
            int("high", 100, "the largest result"),
        ],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Random,
        key: "random",
        title: "Random",
        category: Arithmetic,
        summary: "A random whole number from low to high (both included).",
        doc: "Drawn from the game's seeded generator, so a game replays exactly from its seed; each cell gets its own draw. Swaps low and high when low > high.",
        inputs: &[
            int("low", 0, "the smallest result"),
            int("high", 9, "the largest result"),
        ],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Truth,
        key: "truth",
        title: "Yes / no",
        category: Logic,
        summary: "A fixed yes or no.",
        doc: "Switch parts of a graph on or off while experimenting.",
        inputs: &[],
        output: Some(B),
        params: &[("value", "`true` or `false`.")],
    },
    KindInfo {
        kind: K::Compare,
        key: "compare",
        title: "Compare",
        category: Logic,
        summary: "Yes when a < b, a ≤ b, a = b, a ≠ b, a ≥ b or a > b.",
        doc: "Turns numbers into a yes/no, for example \"danger > 0\".",
        inputs: A_B,
        output: Some(B),
        params: &[("op", "`lt`, `le`, `eq`, `ne`, `ge` or `gt`.")],
    },
    KindInfo {
        kind: K::And,
        key: "and",
        title: "And",
        category: Logic,
        summary: "Yes when both a and b are yes.",
        doc: "An unconnected input counts as yes.",
        inputs: &[
            boolean("a", true, "first condition"),
            boolean("b", true, "second condition"),
        ],
        output: Some(B),
        params: &[],
    },
    KindInfo {
        kind: K::Or,
        key: "or",
        title: "Or",
        category: Logic,
        summary: "Yes when a or b (or both) is yes.",
        doc: "An unconnected input counts as no.",
        inputs: &[
            boolean("a", false, "first condition"),
            boolean("b", false, "second condition"),
        ],
        output: Some(B),
        params: &[],
    },
    KindInfo {
        kind: K::Not,
        key: "not",
        title: "Not",
        category: Logic,
        summary: "Yes when x is no.",
        doc: "\"Not endangered\" is a safe cell.",
        inputs: &[boolean("x", false, "a condition")],
        output: Some(B),
        params: &[],
    },
    KindInfo {
        kind: K::IfThenElse,
        key: "if",
        title: "If then else",
        category: Logic,
        summary: "`then` when the condition is yes, otherwise `else`.",
        doc: "Chooses between two numbers. Both sides are computed; only one is used.",
        inputs: &[
            boolean("condition", false, "which number to take"),
            int("then", 0, "the result when the condition is yes"),
            int("else", 0, "the result when the condition is no"),
        ],
        output: Some(I),
        params: &[],
    },
    KindInfo {
        kind: K::Comment,
        key: "comment",
        title: "Comment",
        category: Structure,
        summary: "A note for whoever reads the graph. It does nothing.",
        doc: "Explain what a part of the graph is for; teachers use comments to guide students.",
        inputs: &[],
        output: None,
        params: &[("text", "the note.")],
    },
    KindInfo {
        kind: K::Output,
        key: "output",
        title: "Cell value",
        category: Structure,
        summary: "The value of the evaluated cell: the result of the graph.",
        doc: "Every strategy has exactly one. The graph runs once for every cell the player may place on; values below 0 count as 0, the highest value is played, and ties are broken at random.",
        inputs: &[int("value", 0, "the cell's value")],
        output: None,
        params: &[],
    },
    KindInfo {
        kind: K::Group,
        key: "group",
        title: "Group",
        category: Structure,
        summary: "A group (sub-model) used as one node: its pins are the group's inputs and outputs.",
        doc: "Select nodes and choose Group to make one; open it to edit inside. Every use of a group shares its definition, and the evaluator inlines it, so a group costs exactly what its nodes cost.",
        inputs: &[],
        output: None,
        params: &[(
            "def",
            "the id of the group's definition in the file's `groups`.",
        )],
    },
    KindInfo {
        kind: K::GroupInput,
        key: "group_input",
        title: "Group input",
        category: Structure,
        summary: "Inside a group: the value wired into one of the group's inputs.",
        doc: "Only inside a group. An unconnected group input gives 0 (no).",
        inputs: &[],
        output: None,
        params: &[("index", "which of the group's inputs, counting from 0.")],
    },
    KindInfo {
        kind: K::GroupOutput,
        key: "group_output",
        title: "Group output",
        category: Structure,
        summary: "Inside a group: the value one of the group's outputs gives.",
        doc: "Only inside a group; each of the group's outputs has exactly one.",
        inputs: &[],
        output: None,
        params: &[("index", "which of the group's outputs, counting from 0.")],
    },
];

/// The documentation of `kind`.
pub fn info(kind: Kind) -> &'static KindInfo {
    // KINDS lists every kind in the order of Kind::ALL (checked by a test).
    &KINDS[kind as usize]
}

/// The kind with this file name.
pub fn kind_by_key(key: &str) -> Option<Kind> {
    KINDS.iter().find(|i| i.key == key).map(|i| i.kind)
}

// The title lives beside the table it reads, so that the kinds (`mod.rs`)
// do not depend on their documentation.
impl NodeKind {
    /// The node's title: the kind's title plus its parameters, such as
    /// `Neighbours (opponent's, critical, after placing here)`.
    pub fn title(&self) -> String {
        let base = info(self.kind()).title;
        // Every kind is named here: a new kind or parameter does not compile
        // until its title says whether the parameter shows (comments,
        // Weighted sums and tuning ranges show elsewhere, not in the title).
        let params: Vec<String> = match self {
            NodeKind::Neighbours { owner, state, when } => {
                vec![owner.to_string(), state.to_string(), when.to_string()]
            }
            NodeKind::BoardCount {
                measure,
                whose,
                when,
            } => vec![format!("{whose} {measure}"), when.to_string()],
            NodeKind::BoardSize { measure } => vec![measure.to_string()],
            NodeKind::Constant { value, tune: _ } => vec![value.to_string()],
            NodeKind::Truth { value } => vec![if *value { "yes" } else { "no" }.to_string()],
            NodeKind::Compare { op } => vec![format!("a {op} b")],
            NodeKind::Group {
                def,
                inputs: _,
                outputs: _,
            } => return def.clone(),
            NodeKind::GroupInput { index: _, pin } => return format!("Input '{}'", pin.name),
            NodeKind::GroupOutput { index: _, pin } => return format!("Output '{}'", pin.name),
            NodeKind::Atoms { when }
            | NodeKind::IsEmpty { when }
            | NodeKind::IsMine { when }
            | NodeKind::IsCritical { when }
            | NodeKind::IsEndangered { when }
            | NodeKind::Danger { when }
            | NodeKind::PlayersLeft { when } => vec![when.to_string()],
            NodeKind::IsCorner
            | NodeKind::IsEdge
            | NodeKind::IsCentre
            | NodeKind::Capacity
            | NodeKind::Row
            | NodeKind::Column
            | NodeKind::TurnNumber
            | NodeKind::AtomsGained
            | NodeKind::CellsCaptured
            | NodeKind::ReactionsCaused
            | NodeKind::WinsTheGame
            | NodeKind::ReplyCanWin
            | NodeKind::ReplyMostTaken
            | NodeKind::ThreateningReplies
            | NodeKind::Add
            | NodeKind::Sum
            | NodeKind::WeightedSum { .. }
            | NodeKind::Subtract
            | NodeKind::Multiply
            | NodeKind::Divide
            | NodeKind::Min
            | NodeKind::Max
            | NodeKind::Abs
            | NodeKind::Negate
            | NodeKind::Clamp
            | NodeKind::Random
            | NodeKind::And
            | NodeKind::Or
            | NodeKind::Not
            | NodeKind::IfThenElse
            | NodeKind::Comment { .. }
            | NodeKind::Output => Vec::new(),
        };
        if params.is_empty() {
            base.to_string()
        } else {
            format!("{base} ({})", params.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_follows_kind_order() {
        assert_eq!(KINDS.len(), Kind::ALL.len());
        for (i, kind) in Kind::ALL.iter().enumerate() {
            assert_eq!(KINDS[i].kind, *kind);
            assert_eq!(info(*kind).kind, *kind);
            assert_eq!(kind_by_key(KINDS[i].key), Some(*kind));
        }
    }
}
