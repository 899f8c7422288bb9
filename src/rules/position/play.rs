//! Playing a move: the placement, then the chain of reactions in waves
//! (see the parent module), reported to a [`ReactionObserver`] as it
//! happens. Ordinary play passes `()`, which compiles to the same code as
//! playing without an observer.

use super::observer::{MoveOutcome, ReactionObserver};
use super::{COUNT_SLOTS, Position, WAVE_LIMIT};
use crate::rules::RulesError;
use crate::rules::cell::Cell;
use crate::rules::coord::{Coord, MAX_CELLS};

/// Masks an owner byte into the range of the position's counts.
const COUNT_MASK: usize = COUNT_SLOTS - 1;

/// Boards of at most this many cells (every common size up to 8x8)
/// resolve reactions with short wave lists, which are cheap to clear.
const SMALL_BOARD: usize = 64;

impl Position {
    /// Plays `coord` for the player to move; on error the position is unchanged.
    pub fn play(&mut self, coord: Coord) -> Result<MoveOutcome, RulesError> {
        self.play_observed(coord, &mut ())
    }

    /// Plays `coord`, reporting the placement and every reaction wave to `observer`.
    pub fn play_observed<O: ReactionObserver>(
        &mut self,
        coord: Coord,
        observer: &mut O,
    ) -> Result<MoveOutcome, RulesError> {
        self.check_move(coord)?;
        let index = self.size().index(coord);
        let outcome = self.place(index, observer);
        Ok(outcome)
    }

    /// Plays the legal move at flat `index` (from [`Position::moves`]); the
    /// fast path for searches and playouts. Returns `None`, leaving the
    /// position unchanged, when the move is not legal.
    #[inline]
    pub fn play_index(&mut self, index: usize) -> Option<MoveOutcome> {
        self.play_index_observed(index, &mut ())
    }

    /// [`Position::play_index`], reporting the placement, every wave and
    /// every cell change to `observer`.
    #[inline]
    pub fn play_index_observed<O: ReactionObserver>(
        &mut self,
        index: usize,
        observer: &mut O,
    ) -> Option<MoveOutcome> {
        self.is_legal_index(index)
            .then(|| self.place(index, observer))
    }

    #[inline]
    fn place<O: ReactionObserver>(&mut self, index: usize, observer: &mut O) -> MoveOutcome {
        let mover = self.mover;
        let own = mover.index() as u8 + 1;
        self.placed.insert(mover);
        self.placements += 1;
        let cell = &mut self.cells[index];
        let before = *cell;
        if cell.owner == 0 {
            cell.owner = own;
            self.counts[usize::from(own) & COUNT_MASK] += 1;
        }
        cell.atoms += 1;
        let after = *cell;
        observer.cell_changed(index, before, after);
        let reacts = after.atoms >= self.rules.threshold(self.geo.capacity(index));
        observer.placed(self, self.size().coord_of(index));
        let mut outcome = MoveOutcome::default();
        if reacts {
            if self.geo.cells() <= SMALL_BOARD {
                self.react::<SMALL_BOARD, O>(index, observer, &mut outcome);
            } else {
                self.react::<MAX_CELLS, O>(index, observer, &mut outcome);
            }
        }
        if self.winner.is_none() {
            self.mover = self.next_alive(mover);
        }
        outcome
    }

    /// Resolves the chain that cell `start` begins, wave by wave, on a
    /// board of at most `N` cells (the wave lists are `N` long: a cell
    /// joins a wave at most once, when its atoms reach the threshold).
    #[inline]
    fn react<const N: usize, O: ReactionObserver>(
        &mut self,
        start: usize,
        observer: &mut O,
        outcome: &mut MoveOutcome,
    ) {
        let geo = self.geo;
        let rules = self.rules;
        // Every rule's threshold is the capacity plus this.
        let extra = rules.threshold(0);
        let mover = self.mover;
        let own = mover.index() as u8 + 1;
        let own_slot = usize::from(own) & COUNT_MASK;
        // The current wave and the next one, alternating (`cur` is current).
        let mut waves = [[0u16; N]; 2];
        let mut cur = 0;
        waves[0][0] = start as u16;
        let mut current_len = 1;
        loop {
            let [a, b] = &mut waves;
            let (current, next) = if cur == 0 { (a, b) } else { (b, a) };
            let current = &current[..current_len];
            // Every reacting cell gives up its atoms first ...
            for &c in current {
                let c = usize::from(c);
                let cell = &mut self.cells[c];
                let before = *cell;
                cell.atoms = rules.after_reaction(cell.atoms, geo.capacity(c));
                if cell.atoms == 0 {
                    cell.owner = 0;
                    self.counts[own_slot] -= 1;
                }
                observer.cell_changed(c, before, *cell);
            }
            // ... then every neighbour receives one and becomes the mover's.
            let mut next_len = 0;
            let mut someone_lost_all = false;
            let mut captured = 0;
            for &c in current {
                for nb in geo.around(usize::from(c)) {
                    let n = usize::from(nb.index);
                    let cell = &mut self.cells[n];
                    let before = *cell;
                    if before.owner != own {
                        if before.owner != 0 {
                            let victim = &mut self.counts[usize::from(before.owner) & COUNT_MASK];
                            *victim -= 1;
                            someone_lost_all |= *victim == 0;
                            captured += 1;
                        }
                        self.counts[own_slot] += 1;
                    }
                    // Whoever held it, the cell is now the mover's: one write.
                    *cell = Cell {
                        owner: own,
                        atoms: before.atoms + 1,
                    };
                    observer.cell_changed(n, before, *cell);
                    if before.atoms + 1 == nb.capacity + extra {
                        next[next_len] = n as u16;
                        next_len += 1;
                    }
                }
            }
            outcome.captured += captured;
            outcome.reactions += current_len as u32;
            outcome.waves += 1;
            if someone_lost_all && self.sole_survivor() == Some(mover) {
                self.winner = Some(mover);
                outcome.won = true;
            }
            observer.wave(self, current);
            if outcome.won || next_len == 0 || outcome.waves >= WAVE_LIMIT {
                return;
            }
            cur ^= 1;
            current_len = next_len;
        }
    }
}
