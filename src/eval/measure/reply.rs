//! Reply lookahead: the next player's answer to placing on the evaluated
//! cell, found by one scan over that player's legal replies on the board
//! after the move (the "after" board).
//!
//! **The strongest-reply rule.** When the game is over on the after board,
//! there is no reply: the reply board is the after board and the three reply
//! figures are 0/no. Otherwise the next player to move on the after board
//! (with more than 2 players: that one player, never the ones after it) plays
//! the legal reply that leaves the evaluating player ("me") the fewest atoms;
//! a reply that wins the game or knocks me out leaves 0, so it comes first.
//! Among equally strong replies the lowest cell index (row-major) is played,
//! so results repeat. The same scan gives the figures of the reply nodes:
//! whether some reply leaves me no cell (it wins, or with more than 2 players
//! knocks me out), the most of my cells one reply takes, and how many replies
//! take at least one of my cells.
//!
//! **Why the fast path is exact.** Only a reply whose placement reaches its
//! cell's threshold sets off a reaction, and only a reaction moves atoms
//! between players: a quiet reply adds one atom to an empty cell or one of
//! the replier's own, so it takes none of my cells and none of my atoms, and
//! it cannot end the game or knock anyone out (nobody loses a cell). Its
//! figures are therefore known without playing it: 0 cells taken, 0 atoms
//! lost. A reacting reply can only take: every cell a chain touches becomes
//! the replier's, never mine, so my atoms never grow. Hence "fewest atoms
//! left to me" is "most of my atoms lost", every quiet reply ties at 0, and
//! the scan plays (on a reused scratch board) exactly the reacting replies,
//! counting my lost atoms as cells change hands (a cell that left me never
//! comes back within the reply). It keeps the first reply with a strictly
//! larger loss, scanning in row-major order, which is the lowest index among
//! the strongest. The chosen reply is then played once on the reply board,
//! and only when some measure reads that board. Nothing here allocates.

use super::BoardStats;
use crate::rules::{Cell, Player, Position, ReactionObserver};

/// What one scan over the replies found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplyScan {
    /// Some reply leaves me no cell (it wins or knocks me out).
    pub can_win: bool,
    /// The most of my cells one reply takes.
    pub most_taken: i64,
    /// How many replies take at least one of my cells.
    pub threatening: i64,
    /// The strongest reply's cell index, `None` when there is no reply.
    pub best: Option<usize>,
}

/// Counts the atoms a reply takes from `me` as cells change hands.
struct Loss {
    me: Player,
    atoms: u32,
}

impl ReactionObserver for Loss {
    #[inline(always)]
    fn cell_changed(&mut self, _index: usize, before: Cell, after: Cell) {
        if before.is_owned_by(self.me) && !after.is_owned_by(self.me) {
            self.atoms += u32::from(before.atoms());
        }
    }
}

/// Scans the replies to `after` (the board after my move) of the next
/// player, from `me`'s point of view, by the rule of the module
/// documentation. `scratch` is overwritten (a reused buffer).
pub fn scan_replies(after: &Position, me: Player, scratch: &mut Position) -> ReplyScan {
    let mut found = ReplyScan::default();
    let Some(replier) = after.to_move() else {
        return found;
    };
    let my_cells = after.cells_of(me);
    let geo = after.geometry();
    let mut best_loss = 0;
    for (i, cell) in after.cells().iter().enumerate() {
        if !cell.is_empty() && !cell.is_owned_by(replier) {
            continue;
        }
        if found.best.is_none() {
            found.best = Some(i);
        }
        if cell.atoms() + 1 < after.threshold(geo.capacity(i)) {
            continue; // quiet: takes nothing (see the module documentation)
        }
        scratch.copy_from(after); // the board's cells only
        let mut loss = Loss { me, atoms: 0 };
        if scratch.play_index_observed(i, &mut loss).is_none() {
            continue;
        }
        let left = scratch.cells_of(me);
        let taken = my_cells.saturating_sub(left) as i64;
        if taken > 0 {
            found.threatening += 1;
            found.most_taken = found.most_taken.max(taken);
        }
        found.can_win |= left == 0;
        if loss.atoms > best_loss {
            best_loss = loss.atoms;
            found.best = Some(i);
        }
    }
    found
}

/// The reply board, its statistics and the scan's figures for the cell
/// being evaluated, built at most once per cell and only when asked for.
#[derive(Clone, Debug)]
pub(in crate::eval) struct Replies {
    /// The board after the strongest reply (valid when `ready` and `want_board`).
    pub board: Position,
    /// The scan's figures (valid when `ready`).
    pub scan: ReplyScan,
    /// Board statistics of `board` (valid when `ready` and `want_stats`).
    pub stats: BoardStats,
    /// Whether the current cell's replies were scanned.
    pub ready: bool,
    /// Scans made so far (one per cell whose replies were needed).
    pub scans: u64,
    scratch: Position,
    want_board: bool,
    want_stats: bool,
    endangered: bool,
}

impl Replies {
    /// Buffers for a position like `position`; `want_board` and `want_stats`
    /// say whether the reply board and its statistics are read at all.
    pub fn new(position: &Position, want_board: bool, want_stats: bool, endangered: bool) -> Self {
        Replies {
            board: *position,
            scan: ReplyScan::default(),
            stats: BoardStats::default(),
            ready: false,
            scans: 0,
            scratch: *position,
            want_board: want_board || want_stats,
            want_stats,
            endangered,
        }
    }

    /// Sets what is wanted for a new decision (the boards are kept as
    /// buffers) and resets the scan count.
    pub fn configure(&mut self, want_board: bool, want_stats: bool, endangered: bool) {
        self.want_board = want_board || want_stats;
        self.want_stats = want_stats;
        self.endangered = endangered;
        self.ready = false;
        self.scans = 0;
    }

    /// Scans the replies to `after` for `me` and builds what is wanted.
    #[inline(never)]
    pub fn build(&mut self, after: &Position, me: Player) {
        self.scan = scan_replies(after, me, &mut self.scratch);
        self.scans += 1;
        if self.want_board {
            self.board.copy_from(after);
            if let Some(best) = self.scan.best {
                self.board.play_index(best);
            }
            if self.want_stats {
                self.stats = BoardStats::measure(&self.board, me, self.endangered);
            }
        }
        self.ready = true;
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use crate::rng::rng_from_seed;
    use crate::rules::{Rules, Size};
    use proptest::prelude::*;
    use rand::RngExt;

    /// The rule the slow way: every legal reply played on a copy; the one
    /// leaving `me` the fewest atoms, ties to the lowest index. Returns the
    /// figures and the reply board.
    fn slow(after: &Position, me: Player) -> (ReplyScan, Position) {
        let mine = |p: &Position| (p.cells_of(me) as i64, p.atoms_of(me));
        let (my_cells, _) = mine(after);
        let mut found = ReplyScan::default();
        let mut board = *after;
        let mut fewest = usize::MAX;
        for i in 0..after.size().cells() {
            let mut p = *after;
            let Some(outcome) = p.play_index(i) else {
                continue;
            };
            let (cells, atoms) = mine(&p);
            found.can_win |= outcome.won || cells == 0;
            found.most_taken = found.most_taken.max(my_cells - cells);
            found.threatening += i64::from(cells < my_cells);
            if atoms < fewest {
                (fewest, found.best, board) = (atoms, Some(i), p);
            }
        }
        (found, board)
    }

    /// What the positions of one seed covered (so the test cannot pass on
    /// positions that miss the interesting cases).
    #[derive(Default)]
    struct Seen {
        my_win: usize,
        knock_out: usize,
        knock_out_game_goes_on: usize,
        reacting_best: usize,
        compared: usize,
    }

    /// Plays a random game on a random size, variant and player count, and
    /// checks the fast scan against the slow rule for every legal move of
    /// every position on the way.
    fn check_game(seed: u64, seen: &mut Seen) {
        let mut rng = rng_from_seed(seed);
        let (rows, cols) = if rng.random_bool(0.9) {
            (rng.random_range(2..=6), rng.random_range(2..=6))
        } else {
            (rng.random_range(2..=20), rng.random_range(2..=20))
        };
        let size = Size::new(rows, cols).unwrap();
        let players = rng.random_range(2..=8usize).min(size.cells());
        let rules = Rules::ALL[rng.random_range(0..3usize)];
        let mut p = Position::new(size, players, rules).unwrap();
        let mut scratch = p;
        let mut plies = 0;
        while let Some(me) = p.to_move() {
            let moves = p.moves();
            for &i in moves.indices() {
                let mut after = p;
                let outcome = after.play_index(usize::from(i)).unwrap();
                let fast = scan_replies(&after, me, &mut scratch);
                let (reference, board) = slow(&after, me);
                assert_eq!(fast, reference, "{p:?} move {i}");
                let mut replies = Replies::new(&p, true, true, true);
                replies.build(&after, me);
                assert_eq!(replies.board, board, "{p:?} move {i}");
                assert_eq!(replies.stats, BoardStats::measure(&board, me, true));
                seen.compared += 1;
                seen.my_win += usize::from(outcome.won);
                if fast.can_win {
                    seen.knock_out += 1;
                    seen.knock_out_game_goes_on += usize::from(!board.is_over());
                }
                if let Some(best) = fast.best {
                    let cell = after.cells()[best];
                    let cap = after.geometry().capacity(best);
                    seen.reacting_best += usize::from(cell.atoms() + 1 >= after.threshold(cap));
                }
            }
            let pick = moves.indices()[rng.random_range(0..moves.len())];
            p.play_index(usize::from(pick));
            plies += 1;
            if plies > 300 {
                break; // empties can run long; the positions so far suffice
            }
        }
    }

    /// Many seeded games of every kind: every case the rule distinguishes occurs.
    #[test]
    fn fast_scan_equals_the_slow_rule_on_many_games() {
        let mut seen = Seen::default();
        for seed in 0..150 {
            check_game(seed, &mut seen);
        }
        assert!(seen.compared > 10_000, "{}", seen.compared);
        assert!(seen.my_win > 50, "my move wins: {}", seen.my_win);
        assert!(
            seen.knock_out > 200,
            "a reply knocks me out: {}",
            seen.knock_out
        );
        assert!(
            seen.knock_out_game_goes_on > 10,
            "knocked out with more than 2 players: {}",
            seen.knock_out_game_goes_on
        );
        assert!(seen.reacting_best > 1000, "{}", seen.reacting_best);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

        /// Random games: the fast scan equals the slow rule.
        #[test]
        fn fast_scan_equals_the_slow_rule(seed in any::<u64>()) {
            check_game(seed, &mut Seen::default());
        }
    }
}
