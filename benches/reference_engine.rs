//! A tight flat-array Chain Reaction engine (standard rules, 2..=8 players,
//! any size 2x2..=20x20), written independently of chainlab as the yardstick
//! of `chainlab bench`'s playout line.
//!
//! It is compiled into the `chainlab` binary (`src/cli/bench/playout.rs`
//! includes this file with `#[path]`) and into `tests/rules/reference.rs`,
//! which checks that it plays every random game exactly as chainlab's
//! `Position` does; it is not a Cargo bench target (`autobenches = false`).
//! It uses no chainlab code, only `rand` for the random move.
//!
//! The board is a handful of flat arrays indexed by cell: owner (0 empty,
//! otherwise player + 1), atoms, capacity and up to four neighbours, plus the
//! cell count of every player. A reaction runs in waves, exactly like
//! chainlab's: every cell of the wave gives up `capacity` atoms, then each of
//! its neighbours gains one and becomes the mover's; a cell that reaches its
//! capacity while receiving reacts in the next wave, in the order in which it
//! reached it. After a wave in which some player lost their last cell, the
//! game ends if only the mover is left, in the middle of the chain. The
//! scratch lists (the two waves and the legal moves) live in the engine, so
//! nothing is cleared or allocated per move.

use rand::{Rng, RngExt};

/// The most cells of a board (20x20).
pub const MAX_CELLS: usize = 400;

/// "No winner yet" in [`RefEngine::winner`]'s byte.
const NOBODY: u8 = u8::MAX;

/// A game in progress on a flat-array board, with its scratch lists.
#[derive(Clone)]
pub struct RefEngine {
    cells: usize,
    players: u8,
    mover: u8,
    winner: u8,
    /// Bit `p` set once player `p` has placed.
    placed: u8,
    /// Cells owned by each player.
    count: [u16; 8],
    /// 0 when empty, otherwise the owner's index + 1.
    owner: [u8; MAX_CELLS],
    atoms: [u8; MAX_CELLS],
    capacity: [u8; MAX_CELLS],
    neighbours: [[u16; 4]; MAX_CELLS],
    /// The current and the next wave, alternating (`which` is current).
    waves: [[u16; MAX_CELLS]; 2],
    /// The legal moves, filled by [`RefEngine::fill_moves`].
    moves: [u16; MAX_CELLS],
}

impl RefEngine {
    /// A new game on an empty `rows x cols` board with `players` players;
    /// `None` when the size or the player count is out of range.
    pub fn new(rows: usize, cols: usize, players: usize) -> Option<RefEngine> {
        let sides = 2..=20;
        if !sides.contains(&rows) || !sides.contains(&cols) || !(2..=8).contains(&players) {
            return None;
        }
        if rows * cols < players {
            return None;
        }
        let mut engine = RefEngine {
            cells: rows * cols,
            players: players as u8,
            mover: 0,
            winner: NOBODY,
            placed: 0,
            count: [0; 8],
            owner: [0; MAX_CELLS],
            atoms: [0; MAX_CELLS],
            capacity: [0; MAX_CELLS],
            neighbours: [[0; 4]; MAX_CELLS],
            waves: [[0; MAX_CELLS]; 2],
            moves: [0; MAX_CELLS],
        };
        for r in 0..rows {
            for c in 0..cols {
                let i = r * cols + c;
                let mut n = 0;
                // Up, left, right, down: chainlab's order (the waves' order
                // depends on it).
                let around = [
                    (r > 0).then(|| i - cols),
                    (c > 0).then(|| i - 1),
                    (c + 1 < cols).then(|| i + 1),
                    (r + 1 < rows).then(|| i + cols),
                ];
                for j in around.into_iter().flatten() {
                    engine.neighbours[i][n] = j as u16;
                    n += 1;
                }
                engine.capacity[i] = n as u8;
            }
        }
        Some(engine)
    }

    /// Empties the board for a new game (the geometry stays).
    pub fn reset(&mut self) {
        self.mover = 0;
        self.winner = NOBODY;
        self.placed = 0;
        self.count = [0; 8];
        self.owner[..self.cells].fill(0);
        self.atoms[..self.cells].fill(0);
    }

    /// Number of cells.
    #[allow(dead_code, reason = "used by tests/rules/reference.rs")]
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The owner (0 empty, otherwise player index + 1) and atoms of cell `i`.
    #[allow(dead_code, reason = "used by tests/rules/reference.rs")]
    pub fn cell(&self, i: usize) -> (u8, u8) {
        (self.owner[i], self.atoms[i])
    }

    /// The winner's index, once the game is over.
    #[allow(dead_code, reason = "used by tests/rules/reference.rs")]
    pub fn winner(&self) -> Option<usize> {
        (self.winner != NOBODY).then_some(usize::from(self.winner))
    }

    /// The index of the player to move (the last mover once the game is over).
    #[allow(dead_code, reason = "used by tests/rules/reference.rs")]
    pub fn mover(&self) -> usize {
        usize::from(self.mover)
    }

    /// Fills the list of legal moves (cells empty or the mover's, in
    /// row-major order; none once the game is over) and returns it.
    #[inline]
    pub fn fill_moves(&mut self) -> &[u16] {
        let mut len = 0;
        if self.winner == NOBODY {
            let own = self.mover + 1;
            for (i, &o) in self.owner[..self.cells].iter().enumerate() {
                self.moves[len] = i as u16;
                len += usize::from(o == 0 || o == own);
            }
        }
        &self.moves[..len]
    }

    /// Plays a random game from the empty board, picking each move
    /// uniformly from the legal moves with `random_range`; returns the
    /// number of moves.
    pub fn random_game<R: Rng>(&mut self, rng: &mut R) -> u64 {
        self.reset();
        let mut moves = 0;
        loop {
            let list = self.fill_moves();
            if list.is_empty() {
                return moves;
            }
            let pick = usize::from(list[rng.random_range(0..list.len())]);
            self.play(pick);
            moves += 1;
        }
    }

    /// Places an atom of the player to move on cell `i`, which must be legal.
    #[inline]
    pub fn play(&mut self, i: usize) {
        let mover = self.mover;
        self.placed |= 1 << mover;
        if self.owner[i] == 0 {
            self.owner[i] = mover + 1;
            self.count[usize::from(mover)] += 1;
        }
        self.atoms[i] += 1;
        if self.atoms[i] == self.capacity[i] {
            self.react(i);
        }
        if self.winner == NOBODY {
            self.mover = self.next_alive(mover);
        }
    }

    /// Whether player `p` is still in the game.
    #[inline]
    fn is_alive(&self, p: u8) -> bool {
        self.placed & (1 << p) == 0 || self.count[usize::from(p)] > 0
    }

    /// The next player after `p` in turn order who is still in the game.
    #[inline]
    fn next_alive(&self, p: u8) -> u8 {
        let mut q = p;
        loop {
            q = if q + 1 == self.players { 0 } else { q + 1 };
            if q == p || self.is_alive(q) {
                return q;
            }
        }
    }

    /// Whether the mover is the only player left.
    fn mover_alone(&self) -> bool {
        (0..self.players).all(|p| p == self.mover || !self.is_alive(p))
    }

    /// Resolves the chain started by cell `start`, wave by wave.
    fn react(&mut self, start: usize) {
        let mover = usize::from(self.mover);
        let own = self.mover + 1;
        let mut cur = 0;
        self.waves[cur][0] = start as u16;
        let mut len = 1;
        loop {
            let [a, b] = &mut self.waves;
            let (wave, next) = if cur == 0 { (a, b) } else { (b, a) };
            for &c in &wave[..len] {
                let c = usize::from(c);
                self.atoms[c] -= self.capacity[c];
                if self.atoms[c] == 0 {
                    self.owner[c] = 0;
                    self.count[mover] -= 1;
                }
            }
            let mut next_len = 0;
            let mut lost = false;
            for &c in &wave[..len] {
                let c = usize::from(c);
                for &n in &self.neighbours[c][..usize::from(self.capacity[c])] {
                    let n = usize::from(n);
                    let o = self.owner[n];
                    if o != own {
                        if o != 0 {
                            let victim = &mut self.count[usize::from(o - 1)];
                            *victim -= 1;
                            lost |= *victim == 0;
                        }
                        self.owner[n] = own;
                        self.count[mover] += 1;
                    }
                    self.atoms[n] += 1;
                    if self.atoms[n] == self.capacity[n] {
                        next[next_len] = n as u16;
                        next_len += 1;
                    }
                }
            }
            if lost && self.mover_alone() {
                self.winner = self.mover;
                return;
            }
            if next_len == 0 {
                return;
            }
            cur ^= 1;
            len = next_len;
        }
    }
}
