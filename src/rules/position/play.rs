//! Playing a move: the placement, then the chain of reactions in waves
//! (see the parent module), reported to a [`ReactionObserver`] as it
//! happens. Ordinary play passes `()`, which compiles to the same code as
//! playing without an observer.

use super::observer::{MoveOutcome, ReactionObserver};
use super::{Position, WAVE_LIMIT};
use crate::rules::RulesError;
use crate::rules::coord::{Coord, MAX_CELLS, Player};

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
            *self.counts.get_mut(mover) += 1;
        }
        cell.atoms += 1;
        observer.cell_changed(index, before, *cell);
        let reacts = cell.atoms >= self.rules.threshold(self.geo.capacity(index));
        observer.placed(self, self.size().coord_of(index));
        let mut outcome = MoveOutcome::default();
        if reacts {
            self.react(index, observer, &mut outcome);
        }
        if self.winner.is_none() {
            self.mover = self.next_alive(mover);
        }
        outcome
    }

    fn react<O: ReactionObserver>(
        &mut self,
        start: usize,
        observer: &mut O,
        outcome: &mut MoveOutcome,
    ) {
        let geo = self.geo;
        let rules = self.rules;
        let mover = self.mover;
        let own = mover.index() as u8 + 1;
        let mut current = [0u16; MAX_CELLS];
        let mut next = [0u16; MAX_CELLS];
        current[0] = start as u16;
        let mut current_len = 1;
        loop {
            // Every reacting cell gives up its atoms first ...
            for &c in &current[..current_len] {
                let c = usize::from(c);
                let cell = &mut self.cells[c];
                let before = *cell;
                cell.atoms = rules.after_reaction(cell.atoms, geo.capacity(c));
                if cell.atoms == 0 {
                    cell.owner = 0;
                    *self.counts.get_mut(mover) -= 1;
                }
                observer.cell_changed(c, before, *cell);
            }
            // ... then every neighbour receives one and becomes the mover's.
            let mut next_len = 0;
            let mut someone_lost_all = false;
            for &c in &current[..current_len] {
                for &n in geo.neighbours(usize::from(c)) {
                    let n = usize::from(n);
                    let cell = &mut self.cells[n];
                    let before = *cell;
                    if cell.owner != own {
                        if cell.owner != 0 {
                            let victim = self.counts.get_mut(Player::from_owner(cell.owner));
                            *victim -= 1;
                            someone_lost_all |= *victim == 0;
                            outcome.captured += 1;
                        }
                        cell.owner = own;
                        *self.counts.get_mut(mover) += 1;
                    }
                    cell.atoms += 1;
                    observer.cell_changed(n, before, *cell);
                    if cell.atoms == rules.threshold(geo.capacity(n)) {
                        next[next_len] = n as u16;
                        next_len += 1;
                    }
                }
            }
            outcome.reactions += current_len as u32;
            outcome.waves += 1;
            if someone_lost_all && self.sole_survivor() == Some(mover) {
                self.winner = Some(mover);
                outcome.won = true;
            }
            observer.wave(self, &current[..current_len]);
            if outcome.won || next_len == 0 || outcome.waves >= WAVE_LIMIT {
                return;
            }
            std::mem::swap(&mut current, &mut next);
            current_len = next_len;
        }
    }
}
