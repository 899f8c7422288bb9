//! Puzzle themes and answers: the checkable rules by which a position and
//! its analysis become a puzzle (`docs/puzzles.md`).
//!
//! Two steps, both pure functions:
//! - [`answer`] turns an analysis into the scoring moves (best moves, and
//!   near-best alternatives with partial credit) when every other move is
//!   *clearly* worse: it gives away at least a margin of win chance, or it
//!   does not win where the best move wins by force, or it loses by force
//!   where the best move does not. No answer when too many moves would score;
//! - [`Theme::holds`] checks a theme's rule on the position's move facts
//!   ([`move_facts`]: what each legal move does on the board, no search) and
//!   the answer. A rule only refers to those facts and to which moves score,
//!   so anyone can check a shipped puzzle's theme (the tests do).
//!
//! The `perfect` theme of the solved small boards is not one of these: its
//! rule (exactly one move keeps the win) needs the exact solver, so it has
//! its own module (`perfect.rs`) and the shipped suite's file of its own.

use crate::analysis::{MISTAKE, PositionAnalysis};
use crate::bots::heuristic::WIN;
use crate::rules::{Coord, Position};

/// The themes of the shipped suite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// A move wins at once, and not every move does.
    TakeTheWin,
    /// The opponent wins next move after some of my moves; the best moves stop it.
    Defend,
    /// The best move's chain captures enemy cells.
    Capture,
    /// A placement next to an enemy critical cell is refuted; the answer
    /// captures nothing.
    DoNotFeed,
    /// The corner is the answer, or every corner move is refuted; the
    /// answer captures nothing.
    CornerTiming,
    /// A quiet move beats every reacting move.
    Tempo,
    /// The best move makes a safe critical cell next to an enemy cell.
    MakeThreat,
}

impl Theme {
    /// Every theme, in suite order.
    pub const ALL: [Theme; 7] = [
        Theme::TakeTheWin,
        Theme::Defend,
        Theme::Capture,
        Theme::DoNotFeed,
        Theme::CornerTiming,
        Theme::Tempo,
        Theme::MakeThreat,
    ];

    /// The name used in suite files, e.g. `take-the-win`.
    pub fn name(self) -> &'static str {
        match self {
            Theme::TakeTheWin => "take-the-win",
            Theme::Defend => "defend",
            Theme::Capture => "capture",
            Theme::DoNotFeed => "do-not-feed",
            Theme::CornerTiming => "corner-timing",
            Theme::Tempo => "tempo",
            Theme::MakeThreat => "make-threat",
        }
    }

    /// The theme called `name`, if any.
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The rule, in a sentence (as in `docs/puzzles.md`).
    pub fn rule(self) -> &'static str {
        match self {
            Theme::TakeTheWin => "every best move wins at once, and some legal move does not",
            Theme::Defend => {
                "no move wins at once; after some moves the opponent can win at once, every such move is refuted and no best move is one"
            }
            Theme::Capture => "no move wins at once; every best move captures enemy cells",
            Theme::DoNotFeed => {
                "no move wins at once; some move feeds (a placement that does not react, next to an enemy critical cell), every feeding move is refuted, and no best move feeds or captures"
            }
            Theme::CornerTiming => {
                "no move wins at once; no best move captures, and every best move is a corner, or no best move is and every corner move is refuted"
            }
            Theme::Tempo => {
                "no move wins at once; every best move is quiet (nothing reacts), some move reacts and every reacting move is refuted"
            }
            Theme::MakeThreat => {
                "no move wins at once; every best move is quiet and leaves its cell critical, next to an enemy cell and to no enemy critical cell"
            }
        }
    }

    /// Whether the theme's rule holds for a position with these move
    /// `facts`, best moves `best` and scoring moves `scoring` (best and
    /// partial); a legal move outside `scoring` is *refuted*.
    pub fn holds(self, facts: &[MoveFacts], best: &[Coord], scoring: &[Coord]) -> bool {
        let of = |c: &Coord| facts.iter().find(|f| f.cell == *c);
        let all_best = |p: &dyn Fn(&MoveFacts) -> bool| {
            !best.is_empty() && best.iter().all(|c| of(c).is_some_and(p))
        };
        let refuted = |f: &&MoveFacts| !scoring.contains(&f.cell);
        let every_refuted = |p: &dyn Fn(&MoveFacts) -> bool| {
            let mut some = facts.iter().filter(|f| p(f)).peekable();
            some.peek().is_some() && some.all(|f| refuted(&f))
        };
        let no_win = !facts.iter().any(|f| f.wins_now);
        match self {
            Theme::TakeTheWin => all_best(&|f| f.wins_now) && facts.iter().any(|f| !f.wins_now),
            Theme::Defend => {
                no_win && all_best(&|f| !f.allows_win) && every_refuted(&|f| f.allows_win)
            }
            Theme::Capture => no_win && all_best(&|f| f.captured > 0),
            Theme::DoNotFeed => {
                no_win && all_best(&|f| !f.feeds && f.captured == 0) && every_refuted(&|f| f.feeds)
            }
            Theme::CornerTiming => {
                no_win
                    && all_best(&|f| f.captured == 0)
                    && (all_best(&|f| f.corner)
                        || (all_best(&|f| !f.corner) && every_refuted(&|f| f.corner)))
            }
            Theme::Tempo => {
                no_win && all_best(&|f| f.reactions == 0) && every_refuted(&|f| f.reactions > 0)
            }
            Theme::MakeThreat => no_win && all_best(&|f| f.threat),
        }
    }

    /// The themes whose rules hold, in the order a generator should prefer
    /// them: a position with a win at once is only `take-the-win`, one with
    /// a threat to stop only `defend`; otherwise every theme that holds.
    pub fn all_holding(facts: &[MoveFacts], best: &[Coord], scoring: &[Coord]) -> Vec<Theme> {
        for exclusive in [Theme::TakeTheWin, Theme::Defend] {
            if exclusive.holds(facts, best, scoring) {
                return vec![exclusive];
            }
        }
        if facts.iter().any(|f| f.wins_now || f.allows_win) {
            return Vec::new();
        }
        Theme::ALL
            .into_iter()
            .filter(|t| t.holds(facts, best, scoring))
            .collect()
    }
}

impl std::fmt::Display for Theme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What one legal move does on the board, as the theme rules see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// The cell.
    pub cell: Coord,
    /// The move wins the game at once.
    pub wins_now: bool,
    /// Cells that reacted.
    pub reactions: u32,
    /// Enemy cells that became the mover's.
    pub captured: u32,
    /// After it the next player has a move that wins at once.
    pub allows_win: bool,
    /// It does not react and its cell has an enemy critical neighbour.
    pub feeds: bool,
    /// The cell is a corner.
    pub corner: bool,
    /// It does not react and leaves its cell critical, next to an enemy
    /// cell and to no enemy critical cell.
    pub threat: bool,
}

/// The facts of every legal move of `position`, in board order (none when
/// the game is over).
pub fn move_facts(position: &Position) -> Vec<MoveFacts> {
    let Some(me) = position.to_move() else {
        return Vec::new();
    };
    let size = position.size();
    let critical_enemy = |p: &Position, c: Coord| {
        p.cell(c).is_some_and(|cell| {
            cell.owner().is_some_and(|o| o != me) && cell.atoms() + 1 == p.threshold(p.capacity(c))
        })
    };
    let neighbours = |c: Coord| {
        let i = size.index(c);
        position
            .geometry()
            .neighbours(i)
            .iter()
            .map(move |&n| size.coord_of(usize::from(n)))
    };
    let mut out = Vec::new();
    for cell in position.moves().iter() {
        let mut after = *position;
        let Ok(outcome) = after.play(cell) else {
            continue;
        };
        let quiet = outcome.reactions == 0;
        let fed = neighbours(cell).any(|n| critical_enemy(position, n));
        let critical_after = after
            .cell(cell)
            .is_some_and(|c| c.atoms() + 1 == after.threshold(after.capacity(cell)));
        let enemy_next = neighbours(cell).any(|n| {
            position
                .cell(n)
                .and_then(|c| c.owner())
                .is_some_and(|o| o != me)
        });
        out.push(MoveFacts {
            cell,
            wins_now: outcome.won,
            reactions: outcome.reactions,
            captured: outcome.captured,
            allows_win: !outcome.won && can_win_now(&after),
            feeds: quiet && fed,
            corner: position.capacity(cell) == 2,
            threat: quiet && critical_after && enemy_next && !fed,
        });
    }
    out
}

/// Whether the player to move in `position` has a move that wins at once.
pub fn can_win_now(position: &Position) -> bool {
    position.moves().iter().any(|c| {
        let mut p = *position;
        p.play(c).is_ok_and(|o| o.won)
    })
}

/// How an analysis becomes an answer: the margins and limits of
/// [`answer`], with the values the shipped suite was made with as default
/// (the margin is the analysis's [`MISTAKE`]: every refuted move is at least
/// a mistake).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Criteria {
    /// A move outside the answer gives away at least this much win chance
    /// (unless the forced-win rules make it clearly worse anyway).
    pub margin: f64,
    /// A move that gives away at most this much earns partial credit.
    pub partial_loss: f64,
    /// The credit of a partial move.
    pub partial_credit: f64,
    /// At most this share of the legal moves may score (at least one may).
    pub max_share: f64,
    /// At most this many best moves.
    pub max_best: usize,
}

impl Default for Criteria {
    fn default() -> Criteria {
        Criteria {
            margin: MISTAKE,
            partial_loss: 0.03,
            partial_credit: 0.5,
            max_share: 0.25,
            max_best: 3,
        }
    }
}

/// The scoring moves of a position and how clearly they stand out.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The best moves (equal best value).
    pub best: Vec<Coord>,
    /// Near-best moves with their credit.
    pub partial: Vec<(Coord, f64)>,
    /// Win chance of the best move minus that of the best refuted move.
    pub gap: f64,
    /// Value of the best move minus that of the best refuted move.
    pub value_gap: i64,
}

impl Answer {
    /// The best and partial moves.
    pub fn scoring(&self) -> Vec<Coord> {
        self.best
            .iter()
            .copied()
            .chain(self.partial.iter().map(|&(c, _)| c))
            .collect()
    }
}

/// Whether a move of value `v` and win-chance loss `loss` is clearly worse
/// than a best move of value `top`.
fn clearly_worse(top: i32, v: i32, loss: f64, margin: f64) -> bool {
    loss >= margin || (top >= WIN && v < WIN) || (top > -WIN && v <= -WIN)
}

/// The answer of an analysis under `criteria`, or `None` when some move
/// outside the best and partial moves is not clearly worse, when no move is
/// refuted, or when too many moves would score.
pub fn answer(analysis: &PositionAnalysis, criteria: &Criteria) -> Option<Answer> {
    let top = analysis.value;
    let mut best = Vec::new();
    let mut partial = Vec::new();
    let mut refuted_top: Option<(f64, i32)> = None;
    for m in &analysis.moves {
        let loss = (analysis.win_chance - m.win_chance).max(0.0);
        if m.best {
            best.push(m.cell);
        } else if loss <= criteria.partial_loss {
            partial.push((m.cell, criteria.partial_credit));
        } else if clearly_worse(top, m.value, loss, criteria.margin) {
            if refuted_top.is_none() {
                refuted_top = Some((m.win_chance, m.value));
            }
        } else {
            return None;
        }
    }
    let (chance, value) = refuted_top?;
    let allowed = ((analysis.moves.len() as f64 * criteria.max_share).floor() as usize).max(1);
    if best.len() > criteria.max_best || best.len() + partial.len() > allowed {
        return None;
    }
    Some(Answer {
        best,
        partial,
        gap: analysis.win_chance - chance,
        value_gap: i64::from(top) - i64::from(value),
    })
}

/// Whether a deeper analysis confirms `answer`: its top move is a best
/// move, every best move stays within the partial loss of its top, and every
/// refuted move is still clearly worse with `margin`.
pub fn confirms(
    deeper: &PositionAnalysis,
    answer: &Answer,
    criteria: &Criteria,
    margin: f64,
) -> bool {
    let Some(first) = deeper.best() else {
        return false;
    };
    if !answer.best.contains(&first.cell) {
        return false;
    }
    let scoring = answer.scoring();
    deeper.moves.iter().all(|m| {
        let loss = (deeper.win_chance - m.win_chance).max(0.0);
        if answer.best.contains(&m.cell) {
            loss <= criteria.partial_loss
        } else if scoring.contains(&m.cell) {
            true
        } else {
            clearly_worse(deeper.value, m.value, loss, margin)
        }
    })
}
