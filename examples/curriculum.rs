//! Builds the shipped curriculum in `strategies/` with the library's graph
//! builder: one idea per strategy, each building on the one before.
//!
//! `cargo run --example curriculum` rewrites the files; `-- --check` only
//! checks that the files in `strategies/` are what this program builds.

use std::path::Path;
use std::process::ExitCode;

use chainlab::strategy::{
    BoardMeasure, CompareOp, GraphBuilder, Kind, NodeId, NodeKind, OwnerFilter, StateFilter,
    Strategy, When, Whose,
};

/// One lesson: a file name, a name, a description, and the comment shown in the graph.
struct Lesson {
    file: &'static str,
    name: &'static str,
    description: &'static str,
    comment: &'static str,
}

const LESSONS: [Lesson; 8] = [
    Lesson {
        file: "01-prefer-corners.json",
        name: "01 Prefer corners",
        description: "The first idea: where you place matters. Corners react with only two atoms and can be attacked from only two sides, so they are worth 6 points, edges 3, and every other cell 1.",
        comment: "Lesson 1: cell position. Is corner and Is edge are yes/no values; multiplying them by a weight turns them into points.",
    },
    Lesson {
        file: "02-avoid-danger.json",
        name: "02 Avoid danger",
        description: "Prefer corners, avoid endangered cells: a cell next to an opponent's critical cell can be taken on their next move, so it is worth 0, unless it is critical itself and explodes first.",
        comment: "Lesson 2: cell state and logic. Is endangered is yes when an opponent's critical cell is next to the cell; And and Not combine conditions; If then else picks 0 for dangerous cells.",
    },
    Lesson {
        file: "03-grow-critical.json",
        name: "03 Grow critical cells",
        description: "Build up: a cell that becomes critical after placing is a loaded threat. Adds 8 points when the cell is critical after placing here.",
        comment: "Lesson 3: growth. Is critical with 'after placing here' looks one move ahead on this cell.",
    },
    Lesson {
        file: "04-capture.json",
        name: "04 Capture and win",
        description: "Lookahead: count the opponent's cells a chain started here would capture, 20 points each, and never miss a move that wins at once (100000 points).",
        comment: "Lesson 4: lookahead. Cells captured and Wins the game play the move on a copy of the board and look at what happened.",
    },
    Lesson {
        file: "05-do-not-feed.json",
        name: "05 Do not feed",
        description: "Do not hand the opponent a reaction: after placing here, every cell of yours next to an opponent's critical cell costs 12 points.",
        comment: "Lesson 5: board counts after placing. Count on board (endangered cells, mine, after placing here) is what the opponent could take next move.",
    },
    Lesson {
        file: "06-strike-first.json",
        name: "06 Strike first",
        description: "When your critical cell faces a critical enemy, explode first: whoever reacts first captures the other. Adds 30 points for placing on your own critical cell that has critical enemy neighbours.",
        comment: "Lesson 6: Compare turns a count into yes/no; And combines it with Is critical.",
    },
    Lesson {
        file: "07-count-the-board.json",
        name: "07 Count the board",
        description: "Judge the whole board after your move: 3 points per atom you are ahead of the opponents and 2 per critical cell of yours, on top of everything before.",
        comment: "Lesson 7: Count on board with 'after placing here' compares the material after your move.",
    },
    Lesson {
        file: "08-expert.json",
        name: "08 Expert",
        description: "The expert heuristic as far as one cell and its lookahead can express it: on the board after placing here, your atoms, 2 per critical cell of yours, minus 4 per cell of yours the opponent can take and per atom the opponent keeps, a bonus for safe corners and edges; a win is worth 100000.",
        comment: "Lesson 8: the expert heuristic (orbs, safety, critical cells) applied one move ahead.",
    },
];

fn count(g: &mut GraphBuilder, measure: BoardMeasure, whose: Whose, when: When) -> NodeId {
    g.node(
        NodeKind::BoardCount {
            measure,
            whose,
            when,
        },
        &[],
    )
}

/// Builds lesson `level` (1-based): every lesson adds its idea to the ones before.
fn build(level: usize) -> Strategy {
    let lesson = &LESSONS[level - 1];
    let mut g = GraphBuilder::new(lesson.name, lesson.description);
    g.comment(lesson.comment);
    // 1: position.
    let corner = g.op(Kind::IsCorner, &[]);
    let edge = g.op(Kind::IsEdge, &[]);
    let c = g.weighted(corner, 6);
    let e = g.weighted(edge, 3);
    let one = g.constant(1);
    let mut terms = vec![c, e, one];
    // 3: growth.
    if level >= 3 {
        let critical_after = g.node(NodeKind::IsCritical { when: When::After }, &[]);
        terms.push(g.weighted(critical_after, 8));
    }
    // 4: captures and wins.
    if level >= 4 {
        let captured = g.op(Kind::CellsCaptured, &[]);
        terms.push(g.weighted(captured, 20));
        let wins = g.op(Kind::WinsTheGame, &[]);
        terms.push(g.weighted(wins, 100_000));
    }
    // 5: exposure after the move.
    if level >= 5 {
        let exposed = count(
            &mut g,
            BoardMeasure::EndangeredCells,
            Whose::Mine,
            When::After,
        );
        terms.push(g.weighted(exposed, -12));
    }
    // 6: strike first.
    if level >= 6 {
        let critical_now = g.node(NodeKind::IsCritical { when: When::Now }, &[]);
        let danger = g.node(NodeKind::Danger { when: When::Now }, &[]);
        let zero = g.constant(0);
        let threatened = g.node(
            NodeKind::Compare {
                op: CompareOp::Greater,
            },
            &[danger, zero],
        );
        let strike = g.op(Kind::And, &[critical_now, threatened]);
        terms.push(g.weighted(strike, 30));
    }
    // 7: material after the move.
    if level >= 7 {
        let mine = count(&mut g, BoardMeasure::Atoms, Whose::Mine, When::After);
        let theirs = count(&mut g, BoardMeasure::Atoms, Whose::Opponents, When::After);
        let ahead = g.op(Kind::Subtract, &[mine, theirs]);
        terms.push(g.weighted(ahead, 3));
        let critical = count(
            &mut g,
            BoardMeasure::CriticalCells,
            Whose::Mine,
            When::After,
        );
        terms.push(g.weighted(critical, 2));
    }
    // 8: friendly critical neighbours form blocks that explode together.
    if level >= 8 {
        let block = g.node(
            NodeKind::Neighbours {
                owner: OwnerFilter::Mine,
                state: StateFilter::Critical,
                when: When::After,
            },
            &[],
        );
        terms.push(g.weighted(block, 2));
    }
    let mut value = g.sum(&terms);
    if level >= 5 {
        // Keep values positive: below 0 counts as 0, which would hide differences.
        let floor = g.constant(10_000);
        value = g.op(Kind::Add, &[value, floor]);
    }
    // 2: the danger gate: an endangered cell is worth 0 unless it explodes first.
    if level >= 2 {
        let endangered = g.node(NodeKind::IsEndangered { when: When::Now }, &[]);
        let critical = g.node(NodeKind::IsCritical { when: When::Now }, &[]);
        let not_critical = g.op(Kind::Not, &[critical]);
        let risky = g.op(Kind::And, &[endangered, not_critical]);
        let zero = g.constant(0);
        value = g.op(Kind::IfThenElse, &[risky, zero, value]);
    }
    g.finish(value)
}

/// The curriculum in teaching order, with file names.
fn curriculum() -> Vec<(&'static str, Strategy)> {
    (1..=LESSONS.len())
        .map(|l| (LESSONS[l - 1].file, build(l)))
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
