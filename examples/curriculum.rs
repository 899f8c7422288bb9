//! Builds the shipped curriculum in `strategies/` with the library's graph
//! builder: one idea per strategy, each building on the one before.
//!
//! `cargo run --example curriculum` rewrites the files; `-- --check` only
//! checks that the files in `strategies/` are what this program builds.

use std::path::Path;
use std::process::ExitCode;

#[path = "curriculum/grouped.rs"]
mod grouped;
#[path = "curriculum/layout.rs"]
mod layout;

use chainlab::strategy::{
    BoardMeasure, GraphBuilder, Kind, NodeId, NodeKind, OwnerFilter, StateFilter, Strategy, When,
    Whose,
};

/// One lesson: a file name, a name, a description, and the comment shown in the graph.
struct Lesson {
    file: &'static str,
    name: &'static str,
    description: &'static str,
    comment: &'static str,
}

const LESSONS: [Lesson; 10] = [
    Lesson {
        file: "01-prefer-corners.json",
        name: "01 Prefer corners",
        description: "The first idea: where you place matters. Corners react with only two atoms and can be attacked from only two sides, so a corner is worth 7 points and every other cell 1.",
        comment: "Lesson 1: cell position. Is corner and Is edge are yes/no values; multiplying them by a weight turns them into points.",
    },
    Lesson {
        file: "02-avoid-danger.json",
        name: "02 Avoid danger",
        description: "Mind the danger: a cell next to an opponent's critical cell can be taken on their next move, so it is worth 0, unless it is critical itself: then explode it first, 8 points per critical enemy neighbour. Edges are worth 3 more than inner cells.",
        comment: "Lesson 2: cell state and logic. Is endangered is yes when an opponent's critical cell is next to the cell; And and Not combine conditions; If then else picks 0 for dangerous cells. Critical enemy neighbours counts the threats a critical cell can answer by exploding first.",
    },
    Lesson {
        file: "03-grow-critical.json",
        name: "03 Grow critical cells",
        description: "Build up: a cell that becomes critical after placing is a loaded threat. Adds 4 points when the cell is critical after placing here.",
        comment: "Lesson 3: growth. Is critical with 'after placing here' looks one move ahead on this cell.",
    },
    Lesson {
        file: "04-capture.json",
        name: "04 Capture and win",
        description: "Lookahead: never miss a move that wins at once (100000 points), and prefer chains that capture the opponent's cells (3 points each).",
        comment: "Lesson 4: lookahead. Cells captured and Wins the game play the move on a copy of the board and look at what happened.",
    },
    Lesson {
        file: "05-do-not-feed.json",
        name: "05 Do not feed",
        description: "Do not hand the opponent a reaction: after placing here, every cell of yours next to an opponent's critical cell costs 8 points.",
        comment: "Lesson 5: board counts after placing. Count on board (endangered cells, mine, after placing here) is what the opponent could take next move.",
    },
    Lesson {
        file: "06-make-threats.json",
        name: "06 Make threats",
        description: "Put pressure on the opponent: after placing here, each of the opponent's cells next to a critical cell of yours is worth 4 points, and each critical cell the opponent keeps costs 4.",
        comment: "Lesson 6: Count on board works for the opponents too. Their endangered cells are the ones you can take next move.",
    },
    Lesson {
        file: "07-room-to-grow.json",
        name: "07 Room to grow",
        description: "A cell with empty neighbours can spread without a fight: 3 points for each empty neighbour of the cell after placing here.",
        comment: "Lesson 7: Neighbours counts around the cell by owner and state; here the empty ones, after placing.",
    },
    Lesson {
        file: "08-expert.json",
        name: "08 Expert",
        description: "The expert heuristic as far as one cell and its lookahead can express it: on the board after placing here, your atoms (orbs), 2 per critical cell of yours and per critical friend next to this cell (blocks), a large penalty per cell of yours the opponent can take, a bonus for corners when safe, contact with the opponent; a win is worth 100000. Weights tuned by self-play.",
        comment: "Lesson 8: the expert heuristic (orbs, safety, critical cells) applied one move ahead. The groups on the left measure the ideas of lessons 1 to 8 (open one to see its nodes); the Weighted sum 'points' gives each idea, named with its lesson, its weight; the danger gate of lesson 2 is a group too.",
    },
    Lesson {
        file: "09-think-ahead.json",
        name: "09 Think ahead",
        description: "Look at the opponent's answer: value the board after your move and the opponent's strongest reply. Your atoms count, theirs count against you, and so do your cells (fewer, fuller cells are stronger); your critical cells count, your endangered cells, the most cells one reply takes and every threatening reply cost; a safe corner counts, and so do, after your move, the opponent's endangered cells (for you) and critical cells (against you). A cell where the opponent can win next move is worth 0; a win is worth 100000.",
        comment: "Lesson 9: think ahead. Measuring nodes set to 'after the best reply' look at the board after your move and the opponent's strongest answer (the reply that leaves you the fewest atoms). Opponent can win next move gates the whole value (the group 'no losing moves'). Every weight is a term of the Weighted sum 'points'.",
    },
    Lesson {
        file: "10-tuned.json",
        name: "10 Tuned",
        description: "Lesson 9 with its weights tuned automatically by chainlab tune (SPSA, playing against bot:expert:depth=2 and against lesson 9 itself): the same graph, better numbers.",
        comment: "Lesson 10: the graph of lesson 9 with the weights chainlab tune found. Compare the weights of 'points' with lesson 9.",
    },
];

/// The weight of each idea in each lesson (lesson 1 first); 0 leaves the idea out.
/// The expert's weights were tuned by self-play against lesson 7.
struct Weights {
    corner: i64,
    edge: i64,
    critical_after: i64,
    captured: i64,
    win: i64,
    exposed: i64,
    threats: i64,
    their_critical: i64,
    room: i64,
    orbs: i64,
    my_critical: i64,
    block: i64,
    contact: i64,
    strike: i64,
}

const W: [Weights; 8] = [
    w(6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    w(6, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8),
    w(6, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8),
    w(6, 3, 4, 3, 100_000, 0, 0, 0, 0, 0, 0, 0, 0, 8),
    w(6, 3, 4, 3, 100_000, -8, 0, 0, 0, 0, 0, 0, 0, 8),
    w(6, 3, 4, 3, 100_000, -8, 4, -4, 0, 0, 0, 0, 0, 8),
    w(6, 3, 4, 3, 100_000, -8, 4, -4, 3, 0, 0, 0, 0, 8),
    w(9, -1, 2, 23, 100_000, -23, 6, -5, 3, 7, 2, 2, 8, 10),
];

#[allow(clippy::too_many_arguments)]
const fn w(
    corner: i64,
    edge: i64,
    critical_after: i64,
    captured: i64,
    win: i64,
    exposed: i64,
    threats: i64,
    their_critical: i64,
    room: i64,
    orbs: i64,
    my_critical: i64,
    block: i64,
    contact: i64,
    strike: i64,
) -> Weights {
    Weights {
        corner,
        edge,
        critical_after,
        captured,
        win,
        exposed,
        threats,
        their_critical,
        room,
        orbs,
        my_critical,
        block,
        contact,
        strike,
    }
}

/// Adds `node × weight` to `terms` unless the weight is 0.
fn term(g: &mut GraphBuilder, terms: &mut Vec<NodeId>, node: NodeKind, weight: i64) {
    if weight != 0 {
        let n = g.node(node, &[]);
        terms.push(g.weighted(n, weight));
    }
}

/// The weights of lessons 9 and 10 (see [`build_think_ahead`]).
struct Ahead {
    my_atoms: i64,
    their_atoms: i64,
    my_cells: i64,
    my_critical: i64,
    my_endangered: i64,
    most_taken: i64,
    threats: i64,
    safe_corner: i64,
    their_critical: i64,
    their_endangered: i64,
}

/// Lesson 10: the weights `chainlab tune` found for lesson 9 with
/// `chainlab tune strategies/09-think-ahead.json --against
/// bot:expert:depth=2,strategies/09-think-ahead.json --games 80
/// --iterations 300 --seed 6 --openings 4` (docs/tutorial.md).
const AHEAD_10: Ahead = Ahead {
    my_atoms: 2,
    their_atoms: -4,
    my_cells: -1,
    my_critical: 3,
    my_endangered: 0,
    most_taken: 2,
    threats: -1,
    safe_corner: 1,
    their_critical: -1,
    their_endangered: 2,
};

/// Lesson 9: hand-set weights, all ±1.
const AHEAD_09: Ahead = Ahead {
    my_atoms: 1,
    their_atoms: -1,
    my_cells: -1,
    my_critical: 1,
    my_endangered: -1,
    most_taken: -1,
    threats: -1,
    safe_corner: 1,
    their_critical: -1,
    their_endangered: 1,
};

/// Builds lesson `level` (1-based): every lesson adds its idea to the ones
/// before. Lessons 1 to 7 are flat graphs of Multiply and Sum nodes, as a
/// beginner builds them; 8 to 10 use groups and a Weighted sum (see `grouped`).
fn build(level: usize) -> Strategy {
    match level {
        8 => return grouped::build_expert(&LESSONS[7], &W[7]),
        9 => return grouped::build_think_ahead(&LESSONS[8], &AHEAD_09),
        10 => return grouped::build_think_ahead(&LESSONS[9], &AHEAD_10),
        _ => {}
    }
    use NodeKind as N;
    let lesson = &LESSONS[level - 1];
    let w = &W[level - 1];
    let mut g = GraphBuilder::new(lesson.name, lesson.description);
    g.comment(lesson.comment);
    let after = When::After;
    let count = |measure, whose| N::BoardCount {
        measure,
        whose,
        when: When::After,
    };
    let mut terms = Vec::new();
    term(&mut g, &mut terms, N::IsCorner, w.corner);
    term(&mut g, &mut terms, N::IsEdge, w.edge);
    terms.push(g.constant(1));
    term(&mut g, &mut terms, N::Danger { when: When::Now }, w.strike);
    term(
        &mut g,
        &mut terms,
        N::IsCritical { when: after },
        w.critical_after,
    );
    term(&mut g, &mut terms, N::CellsCaptured, w.captured);
    term(&mut g, &mut terms, N::WinsTheGame, w.win);
    term(
        &mut g,
        &mut terms,
        count(BoardMeasure::EndangeredCells, Whose::Mine),
        w.exposed,
    );
    term(
        &mut g,
        &mut terms,
        count(BoardMeasure::EndangeredCells, Whose::Opponents),
        w.threats,
    );
    term(
        &mut g,
        &mut terms,
        count(BoardMeasure::CriticalCells, Whose::Opponents),
        w.their_critical,
    );
    let around = |owner, state| N::Neighbours {
        owner,
        state,
        when: When::After,
    };
    term(
        &mut g,
        &mut terms,
        around(OwnerFilter::Empty, StateFilter::Any),
        w.room,
    );
    term(
        &mut g,
        &mut terms,
        count(BoardMeasure::Atoms, Whose::Mine),
        w.orbs,
    );
    term(
        &mut g,
        &mut terms,
        count(BoardMeasure::CriticalCells, Whose::Mine),
        w.my_critical,
    );
    term(
        &mut g,
        &mut terms,
        around(OwnerFilter::Mine, StateFilter::Critical),
        w.block,
    );
    term(
        &mut g,
        &mut terms,
        around(OwnerFilter::Opponent, StateFilter::Any),
        w.contact,
    );
    let mut value = g.sum(&terms);
    if w.exposed != 0 {
        // Keep values positive: below 0 counts as 0, which would hide differences.
        let floor = g.constant(10_000);
        value = g.op(Kind::Add, &[value, floor]);
    }
    // 2: the danger gate: an endangered cell is worth 0 unless it explodes first.
    if level >= 2 {
        let endangered = g.node(N::IsEndangered { when: When::Now }, &[]);
        let critical = g.node(N::IsCritical { when: When::Now }, &[]);
        let not_critical = g.op(Kind::Not, &[critical]);
        let risky = g.op(Kind::And, &[endangered, not_critical]);
        let zero = g.constant(0);
        value = g.op(Kind::IfThenElse, &[risky, zero, value]);
    }
    g.finish(value)
}

/// The curriculum in teaching order, with file names (also read by `tests/eval/curriculum.rs`).
pub fn curriculum() -> Vec<(&'static str, Strategy)> {
    (1..=LESSONS.len())
        .map(|l| {
            let file = LESSONS[l - 1].file;
            let mut strategy = build(l);
            layout::place(file, &mut strategy);
            (file, strategy)
        })
        .collect()
}

fn main() -> ExitCode {
    let check = std::env::args().any(|a| a == "--check");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
    let mut stale = 0;
    for (file, strategy) in curriculum() {
        let path = dir.join(file);
        let text = strategy.to_json();
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                eprintln!(
                    "{} is not what examples/curriculum.rs builds",
                    path.display()
                );
                stale += 1;
            }
        } else if let Err(e) = strategy.save(&path) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        } else {
            println!("wrote {}", path.display());
        }
    }
    if stale > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
