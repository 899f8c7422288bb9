//! The interpreter: runs a compiled program on every active cell of a
//! position, without allocating per cell, and gives the heat map, the chosen
//! cell (by the evaluation contract) and the explain trace. Beside it: what
//! one decision has computed so far (`ctx.rs`), where the values are kept
//! (`slots.rs`), the heat map and the contract's choice (`heat.rs`), and the
//! explain trace (`trace.rs`).

mod ctx;
pub(super) mod heat;
mod slots;
pub(super) mod trace;

use std::sync::Arc;

use rand::Rng;

use crate::eval::compile::Program;
use crate::eval::compile::code::Code;
use crate::eval::error::EvalError;
use crate::eval::ir::{Board, CellFact, Instr, Op, Slot, Term};
use crate::eval::measure::reply::Replies;
use crate::eval::measure::{BoardStats, danger, danger_all, is_critical, neighbours};
use crate::rng::{GameRng, derive_seed};
use crate::rules::{Coord, MAX_CELLS, MoveOutcome, Position, Size};
use crate::strategy::{PureOp, SizeMeasure};
use ctx::{Boards, Ctx};
use heat::{HeatMap, pick_best};
use slots::{SMALL, Slots, Store};
use trace::Trace;

/// Runs `$body` with `$s` bound to the evaluator's value store, as a fixed
/// array or a slice (see `slots`): the body is compiled once for each.
macro_rules! with_store {
    ($slots:expr, $s:ident => $body:expr) => {
        match $slots {
            Slots::Small(array) => {
                let $s: &mut [i64; SMALL] = &mut **array;
                $body
            }
            Slots::Large(values) => {
                let $s: &mut [i64] = &mut values[..];
                $body
            }
        }
    };
}

/// Runs one program; reuses its buffers across cells and positions.
#[derive(Clone, Debug)]
pub struct Evaluator {
    program: Arc<Program>,
    slots: Slots,
    values: Vec<i64>,
    /// Per cell, the exported static values for `static_size`.
    static_table: Vec<i64>,
    static_size: Option<Size>,
    /// Cells whose replies were scanned so far (see [`Evaluator::reply_scans`]).
    reply_scans: u64,
    /// The boards of the last decision, for the next one (`None` before the first).
    boards: Option<Box<Boards>>,
}

impl Evaluator {
    /// An evaluator for `program`.
    pub fn new(program: Arc<Program>) -> Evaluator {
        let slots = Slots::new(&program.init);
        Evaluator {
            program,
            slots,
            values: vec![0; MAX_CELLS],
            static_table: Vec::new(),
            static_size: None,
            reply_scans: 0,
            boards: None,
        }
    }

    /// The program being run.
    pub fn program(&self) -> &Arc<Program> {
        &self.program
    }

    /// How many times this evaluator scanned the next player's replies (at
    /// most once per evaluated cell, and only for programs that use them):
    /// for tests and measurements of the lazy reply board.
    pub fn reply_scans(&self) -> u64 {
        self.reply_scans
    }

    fn begin<'p>(&mut self, position: &'p Position, seed: u64) -> Result<Ctx<'p>, EvalError> {
        let me = position.to_move().ok_or(EvalError::GameOver)?;
        let p = &self.program;
        let now_stats = if p.now_stats {
            BoardStats::measure(position, me, p.endangered)
        } else {
            BoardStats::default()
        };
        let mut boards = self.boards.take().unwrap_or_else(|| {
            Box::new(Boards {
                after: *position,
                replies: Replies::new(position, false, false, false),
                danger: [0; MAX_CELLS],
            })
        });
        if p.danger_table {
            danger_all(position, me, &mut boards.danger);
        }
        boards
            .replies
            .configure(p.reply_board, p.reply_stats, p.endangered);
        let mut ctx = Ctx {
            now: position,
            me,
            now_stats,
            boards,
            after_ready: false,
            outcome: MoveOutcome::default(),
            after_stats: BoardStats::default(),
            want_after_stats: p.after_stats,
            endangered: p.endangered,
            seed,
        };
        let prelude = &self.program.prelude;
        with_store!(&mut self.slots, s => run_instrs(prelude, s, &mut ctx, 0));
        if self.static_size != Some(position.size()) {
            self.fill_statics(&mut ctx);
        }
        Ok(ctx)
    }

    /// Ends a decision: counts its reply scans and keeps its boards.
    fn end(&mut self, ctx: Ctx) {
        self.reply_scans += ctx.boards.replies.scans;
        self.boards = Some(ctx.boards);
    }

    /// Computes the values that depend only on where a cell is, for every
    /// cell of this board size (once per size, not per decision).
    fn fill_statics(&mut self, ctx: &mut Ctx) {
        let p = &*self.program;
        let cells = ctx.now.size().cells();
        self.static_table.clear();
        let table = &mut self.static_table;
        with_store!(&mut self.slots, s => {
            for i in 0..cells {
                run_instrs(&p.statics, s, ctx, i);
                table.extend(p.static_exports.iter().map(|&slot| s.at(slot)));
            }
        });
        self.static_size = Some(ctx.now.size());
    }

    /// The raw values of the cells `cells` into `self.values`.
    fn run_cells(&mut self, ctx: &mut Ctx, cells: &[u16]) {
        let p = &*self.program;
        let (table, values) = (&self.static_table, &mut self.values);
        with_store!(&mut self.slots, s => {
            for (value, &i) in values.iter_mut().zip(cells) {
                *value = run_cell(p, table, s, ctx, usize::from(i), false).unwrap_or(0);
            }
        });
    }

    /// The value of every cell of `position` for the player to move; `seed`
    /// feeds the Random nodes.
    pub fn heat_map(&mut self, position: &Position, seed: u64) -> Result<HeatMap, EvalError> {
        if !self.program.has_output() {
            return Err(EvalError::NoOutput);
        }
        let mut ctx = self.begin(position, seed)?;
        let moves = position.moves();
        self.run_cells(&mut ctx, moves.indices());
        self.end(ctx);
        // The program has an output, so every active cell has a value.
        let mut raw = vec![None; position.size().cells()];
        for (&i, &v) in moves.indices().iter().zip(&self.values) {
            if let Some(slot) = raw.get_mut(usize::from(i)) {
                *slot = Some(v);
            }
        }
        Ok(HeatMap {
            size: position.size(),
            raw,
        })
    }

    /// Chooses a move by the evaluation contract: only active cells, values
    /// below 0 count as 0, the highest wins, ties broken uniformly at random
    /// with `rng`. Allocates nothing.
    pub fn choose(&mut self, position: &Position, rng: &mut GameRng) -> Result<Coord, EvalError> {
        if !self.program.has_output() {
            return Err(EvalError::NoOutput);
        }
        let seed = rng.next_u64();
        let moves = position.moves();
        let values = self.values(position, seed, moves.indices())?;
        pick_best(values, moves.indices(), position.size(), rng).ok_or(EvalError::GameOver)
    }

    /// The raw value of every cell of `cells` (legal moves of `position`, at
    /// most [`MAX_CELLS`]) for the player to move, in the same order; `seed`
    /// feeds the Random nodes. What [`Evaluator::choose`] chooses among; a
    /// search asks it at every node, so it allocates nothing and reuses the
    /// table of static values and the boards of the last call.
    pub fn values(
        &mut self,
        position: &Position,
        seed: u64,
        cells: &[u16],
    ) -> Result<&[i64], EvalError> {
        if !self.program.has_output() {
            return Err(EvalError::NoOutput);
        }
        let static_output = self.program.static_output;
        match static_output {
            // Every value is in the table of static values (see `Program`),
            // once it is filled for this size: nothing else to set up.
            Some(k) if self.static_size == Some(position.size()) => {
                position.to_move().ok_or(EvalError::GameOver)?;
                self.static_values(cells, k);
            }
            _ => {
                let mut ctx = self.begin(position, seed)?;
                if let Some(k) = static_output {
                    self.static_values(cells, k);
                } else {
                    self.run_cells(&mut ctx, cells);
                }
                self.end(ctx);
            }
        }
        Ok(self.values.get(..cells.len()).unwrap_or_default())
    }

    /// Copies the static value at `k` of every cell in `cells` to `values`.
    fn static_values(&mut self, cells: &[u16], k: usize) {
        let n = self.program.static_exports.len();
        for (v, &i) in self.values.iter_mut().zip(cells) {
            *v = self
                .static_table
                .get(usize::from(i) * n + k)
                .copied()
                .unwrap_or(0);
        }
    }

    /// Every node's value for the cell `coord` (which must be active).
    pub fn explain(
        &mut self,
        position: &Position,
        coord: Coord,
        seed: u64,
    ) -> Result<Trace, EvalError> {
        if !position.size().contains(coord) {
            return Err(EvalError::OffBoard(coord, position.size()));
        }
        let index = position.size().index(coord);
        if !position.is_legal_index(index) {
            return Err(EvalError::Inactive(coord));
        }
        let mut ctx = self.begin(position, seed)?;
        let p = &*self.program;
        let table = &self.static_table;
        let output =
            with_store!(&mut self.slots, s => run_cell(p, table, s, &mut ctx, index, true));
        self.end(ctx);
        Ok(trace::trace(
            &self.program,
            self.slots.as_slice(),
            coord,
            output,
        ))
    }
}

/// Runs the instructions `instrs` (the prelude, or a cell's statics).
fn run_instrs<S: Store + ?Sized>(instrs: &[Instr], slots: &mut S, ctx: &mut Ctx, index: usize) {
    for instr in instrs {
        let v = exec(instr, slots, ctx, index);
        slots.put(instr.dst, v);
    }
}

/// Runs the per-cell code of `p` for the cell at `index`; returns the raw
/// output. `table` holds every cell's exported static values. With `eager`,
/// the statics run again and every block runs (for the explain trace);
/// otherwise blocks whose If branch is not taken are skipped.
#[inline(always)]
fn run_cell<S: Store + ?Sized>(
    p: &Program,
    table: &[i64],
    slots: &mut S,
    ctx: &mut Ctx,
    index: usize,
    eager: bool,
) -> Option<i64> {
    if eager {
        run_instrs(&p.statics, slots, ctx, index);
    } else {
        let exports = &p.static_exports;
        let start = index * exports.len();
        if let Some(row) = table.get(start..start + exports.len()) {
            for (&slot, &v) in exports.iter().zip(row) {
                slots.put(slot, v);
            }
        }
    }
    ctx.after_ready = false;
    ctx.boards.replies.ready = false;
    let mut codes = p.code.iter();
    while let Some(code) = codes.next() {
        if let Code::Skip(slot, want, len) = *code {
            if !eager && (slots.at(slot) != 0) != want && len > 0 {
                codes.nth(len as usize - 1);
            }
            continue;
        }
        step(code, slots, &p.terms, ctx, index);
    }
    p.output.map(|s| slots.at(s))
}

/// A fused weighted sum, added in order with saturation (see `fuse`).
#[inline(always)]
fn sum<S: Store + ?Sized>(start: u32, len: u32, terms: &[Term], slots: &S) -> i64 {
    let (start, len) = (start as usize, len as usize);
    // Starting from 0 is the same as starting from the first term: adding a
    // number to 0 never saturates. Likewise a weight of 1 never saturates, so
    // every term is multiplied (cheaper than testing for 1).
    let mut acc: i64 = 0;
    for t in terms.get(start..start + len).unwrap_or_default() {
        acc = acc.saturating_add(slots.at(t.slot).saturating_mul(t.weight));
    }
    acc
}

/// Runs one step of per-cell code.
#[inline(always)]
fn step<S: Store + ?Sized>(
    code: &Code,
    slots: &mut S,
    terms: &[Term],
    ctx: &mut Ctx,
    index: usize,
) {
    let get = |s: Slot| slots.at(s);
    let (dst, v) = match *code {
        Code::Add(d, a, b) => (d, PureOp::Add.apply(get(a), get(b), 0)),
        Code::Subtract(d, a, b) => (d, PureOp::Subtract.apply(get(a), get(b), 0)),
        Code::Multiply(d, a, b) => (d, PureOp::Multiply.apply(get(a), get(b), 0)),
        Code::Min(d, a, b) => (d, PureOp::Min.apply(get(a), get(b), 0)),
        Code::Max(d, a, b) => (d, PureOp::Max.apply(get(a), get(b), 0)),
        Code::And(d, a, b) => (d, PureOp::And.apply(get(a), get(b), 0)),
        Code::Or(d, a, b) => (d, PureOp::Or.apply(get(a), get(b), 0)),
        Code::Not(d, a) => (d, PureOp::Not.apply(get(a), 0, 0)),
        Code::If(d, a, b, c) => (d, PureOp::If.apply(get(a), get(b), get(c))),
        Code::Sum(d, start, len) => (d, sum(start, len, terms, slots)),
        Code::DangerNow(d) => (d, ctx.danger_now(index)),
        Code::IsEndangeredNow(d) => (d, i64::from(ctx.danger_now(index) > 0)),
        Code::DangerGate(d, danger) => {
            slots.put(danger, ctx.danger_now(index));
            (d, i64::from(ctx.danger_gate(index)))
        }
        Code::IsCritical(d, b) => {
            ctx.ensure(b, index);
            let board = board(ctx, b);
            (
                d,
                i64::from(is_critical(board, index, board.cells()[index])),
            )
        }
        Code::CellsCaptured(d) => {
            ctx.ensure_after(index);
            (d, i64::from(ctx.outcome.captured))
        }
        Code::Wins(d) => {
            ctx.ensure_after(index);
            (d, i64::from(ctx.outcome.won))
        }
        Code::CountAfter(d, m, w) => {
            ctx.ensure_after(index);
            (d, ctx.after_stats.get(m, w))
        }
        Code::Neighbours(d, o, s, b) => {
            ctx.ensure(b, index);
            (d, neighbours(board(ctx, b), ctx.me, index, o, s))
        }
        Code::Skip(..) => return, // run by `run_cell`
        Code::General(ref instr) => (instr.dst, exec(instr, slots, ctx, index)),
    };
    slots.put(dst, v);
}

fn board<'c>(ctx: &'c Ctx<'_>, b: Board) -> &'c Position {
    match b {
        Board::Now => ctx.now,
        Board::After => &ctx.boards.after,
        Board::Reply => &ctx.boards.replies.board,
    }
}

#[inline(always)]
fn exec<S: Store + ?Sized>(instr: &Instr, slots: &S, ctx: &mut Ctx, index: usize) -> i64 {
    let arg = |k: usize| slots.at(instr.args[k]);
    match instr.op {
        Op::Pure(p) => p.apply(arg(0), arg(1), arg(2)),
        Op::Random(node) => {
            let (lo, hi) = (arg(0).min(arg(1)), arg(0).max(arg(1)));
            let span = (i128::from(hi) - i128::from(lo) + 1) as u128;
            let h = derive_seed(
                ctx.seed ^ (index as u64).wrapping_mul(0x9E37_79B9),
                u64::from(node.0),
            );
            (i128::from(lo) + (u128::from(h) % span) as i128) as i64
        }
        Op::Cell(fact) => {
            ctx.ensure(fact.board(), index);
            cell_fact(fact, ctx, index)
        }
        Op::BoardCount(m, w, Board::Now) => ctx.now_stats.get(m, w),
        Op::BoardCount(m, w, Board::After) => {
            ctx.ensure_after(index);
            ctx.after_stats.get(m, w)
        }
        Op::BoardCount(m, w, Board::Reply) => {
            ctx.ensure_reply(index);
            ctx.boards.replies.stats.get(m, w)
        }
        Op::PlayersLeft(b) => {
            ctx.ensure(b, index);
            board(ctx, b).alive().count() as i64
        }
        Op::TurnNumber => i64::from(ctx.now.placements()),
        Op::BoardSize(m) => {
            let size = ctx.now.size();
            (match m {
                SizeMeasure::Cells => size.cells(),
                SizeMeasure::Rows => size.rows(),
                SizeMeasure::Columns => size.cols(),
            }) as i64
        }
        Op::AtomsGained => {
            ctx.ensure_after(index);
            ctx.after_stats.atoms[0] - ctx.now_stats.atoms[0]
        }
        Op::CellsCaptured => {
            ctx.ensure_after(index);
            i64::from(ctx.outcome.captured)
        }
        Op::ReactionsCaused => {
            ctx.ensure_after(index);
            i64::from(ctx.outcome.reactions)
        }
        Op::Wins => {
            ctx.ensure_after(index);
            i64::from(ctx.outcome.won)
        }
        Op::ReplyCanWin => {
            ctx.ensure_reply(index);
            i64::from(ctx.boards.replies.scan.can_win)
        }
        Op::ReplyMostTaken => {
            ctx.ensure_reply(index);
            ctx.boards.replies.scan.most_taken
        }
        Op::ThreateningReplies => {
            ctx.ensure_reply(index);
            ctx.boards.replies.scan.threatening
        }
        Op::DangerGate { .. } => i64::from(ctx.danger_gate(index)), // lowered to `Code::DangerGate`
        Op::Sum => 0, // lowered to `Code::Sum`, which has the term table
    }
}

#[inline(always)]
fn cell_fact(fact: CellFact, ctx: &Ctx, index: usize) -> i64 {
    let capacity = ctx.now.geometry().capacity(index);
    let size = ctx.now.size();
    let cell = |b: Board| board(ctx, b).cells()[index];
    match fact {
        CellFact::IsCorner => i64::from(capacity == 2),
        CellFact::IsEdge => i64::from(capacity == 3),
        CellFact::IsCentre => i64::from(capacity == 4),
        CellFact::Capacity => i64::from(capacity),
        CellFact::Row => (index / size.cols()) as i64,
        CellFact::Column => (index % size.cols()) as i64,
        CellFact::Atoms(b) => i64::from(cell(b).atoms()),
        CellFact::IsEmpty(b) => i64::from(cell(b).is_empty()),
        CellFact::IsMine(b) => i64::from(cell(b).is_owned_by(ctx.me)),
        CellFact::IsCritical(b) => i64::from(is_critical(board(ctx, b), index, cell(b))),
        CellFact::IsEndangered(b) => i64::from(danger(board(ctx, b), ctx.me, index) > 0),
        CellFact::Danger(b) => danger(board(ctx, b), ctx.me, index),
        CellFact::Neighbours(o, s, b) => neighbours(board(ctx, b), ctx.me, index, o, s),
    }
}
