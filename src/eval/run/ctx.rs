//! The interpreter's context: what one decision and the current cell have
//! computed so far (the after board, the reply scan, board statistics, the
//! danger table), each built at most once per cell and only when asked for.

use crate::eval::ir::Board;
use crate::eval::measure::reply::Replies;
use crate::eval::measure::{BoardStats, is_critical};
use crate::rules::{MAX_CELLS, MoveOutcome, Player, Position};

/// Per-decision and per-cell context of the interpreter.
pub(super) struct Ctx<'p> {
    /// The position being valued (borrowed: copying it costs per decision).
    pub(super) now: &'p Position,
    pub(super) me: Player,
    pub(super) now_stats: BoardStats,
    /// The after board and the reply buffers, reused across decisions.
    pub(super) boards: Box<Boards>,
    /// Whether `boards.after` is the board after placing on the current cell.
    pub(super) after_ready: bool,
    pub(super) outcome: MoveOutcome,
    pub(super) after_stats: BoardStats,
    pub(super) want_after_stats: bool,
    pub(super) endangered: bool,
    pub(super) seed: u64,
}

/// The boards a decision works on, kept by the `Evaluator` between
/// decisions so that starting one copies no board.
#[derive(Clone, Debug)]
pub(super) struct Boards {
    /// The board after placing on the current cell, computed on first use.
    pub(super) after: Position,
    /// The next player's strongest reply to the current cell, on first use.
    pub(super) replies: Replies,
    /// Every cell's critical enemy neighbours now (filled per decision when
    /// the program reads them; see `measure::danger_all`).
    pub(super) danger: [u8; MAX_CELLS],
}

impl Ctx<'_> {
    /// The current cell's critical enemy neighbours on the board as it is
    /// (from the table `begin` fills for programs that read it).
    #[inline(always)]
    pub(super) fn danger_now(&self, index: usize) -> i64 {
        i64::from(self.boards.danger.get(index).copied().unwrap_or(0))
    }

    /// The danger gate: the current cell is endangered now and not critical now.
    #[inline(always)]
    pub(super) fn danger_gate(&self, index: usize) -> bool {
        self.danger_now(index) > 0 && !is_critical(self.now, index, self.now.cells()[index])
    }

    /// Plays the current cell on a copy of the board, once per cell, when first needed.
    #[inline(always)]
    pub(super) fn ensure_after(&mut self, index: usize) {
        if !self.after_ready {
            self.play_after(index);
        }
    }

    /// Scans the replies to the current cell, once per cell, when first needed.
    #[inline(always)]
    pub(super) fn ensure_reply(&mut self, index: usize) {
        self.ensure_after(index);
        if !self.boards.replies.ready {
            self.boards.replies.build(&self.boards.after, self.me);
        }
    }

    /// Makes the board `b` of the current cell available.
    #[inline(always)]
    pub(super) fn ensure(&mut self, b: Board, index: usize) {
        match b {
            Board::Now => {}
            Board::After => self.ensure_after(index),
            Board::Reply => self.ensure_reply(index),
        }
    }

    /// The work of `ensure_after`, kept out of line: it runs once per cell.
    #[inline(never)]
    fn play_after(&mut self, index: usize) {
        // Only the board's cells are copied (see `Position::copy_from`).
        self.boards.after.copy_from(self.now);
        self.outcome = self.boards.after.play_index(index).unwrap_or_default();
        if self.want_after_stats {
            self.after_stats = BoardStats::measure(&self.boards.after, self.me, self.endangered);
        }
        self.after_ready = true;
    }
}
