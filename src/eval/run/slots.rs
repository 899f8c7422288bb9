//! Where the interpreter keeps its values: one `i64` per slot.
//!
//! Every slot a program names is below its slot count (the compiler hands
//! them out as indices into `Program::init`), yet a plain slice still tests
//! every index it is given. A program of at most [`SMALL`] slots (every
//! shipped strategy, and any graph a learner draws by hand) keeps its values
//! in a fixed array of that length and reads it at `slot % SMALL`: the index
//! is below the length by construction, so the compiler drops the test, and
//! for such a program `slot % SMALL == slot`, so it is the same place. Larger
//! programs keep a vector of their own length, tested as before. The crate
//! forbids `unsafe`; this is how the hot loop goes without bounds checks.

use crate::eval::ir::Slot;

/// The largest program kept in a fixed array (32 KiB of values).
pub(super) const SMALL: usize = 4096;

/// Reads and writes a value slot.
pub(super) trait Store {
    /// The value in `slot`.
    fn at(&self, slot: Slot) -> i64;
    /// Sets the value in `slot`.
    fn put(&mut self, slot: Slot, value: i64);
}

impl Store for [i64; SMALL] {
    #[inline(always)]
    fn at(&self, slot: Slot) -> i64 {
        self[slot as usize % SMALL]
    }

    #[inline(always)]
    fn put(&mut self, slot: Slot, value: i64) {
        self[slot as usize % SMALL] = value;
    }
}

impl Store for [i64] {
    #[inline(always)]
    fn at(&self, slot: Slot) -> i64 {
        self[slot as usize]
    }

    #[inline(always)]
    fn put(&mut self, slot: Slot, value: i64) {
        self[slot as usize] = value;
    }
}

/// The values of one evaluator's program (see the module documentation).
#[derive(Clone, Debug)]
pub(super) enum Slots {
    /// A program of at most [`SMALL`] slots.
    Small(Box<[i64; SMALL]>),
    /// A larger program: exactly its slots.
    Large(Vec<i64>),
}

impl Slots {
    /// The slots of a program whose initial values are `init`.
    pub(super) fn new(init: &[i64]) -> Slots {
        if init.len() <= SMALL {
            let array: Result<Box<[i64; SMALL]>, _> = vec![0; SMALL].into_boxed_slice().try_into();
            if let Ok(mut array) = array {
                array[..init.len()].copy_from_slice(init);
                return Slots::Small(array);
            }
        }
        Slots::Large(init.to_vec())
    }

    /// All values, by slot (a small program's followed by unused zeros).
    pub(super) fn as_slice(&self) -> &[i64] {
        match self {
            Slots::Small(array) => &array[..],
            Slots::Large(values) => values,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_large_programs_keep_their_initial_values() {
        let init: Vec<i64> = (0..10).map(|k| k * 7).collect();
        let small = Slots::new(&init);
        assert!(matches!(small, Slots::Small(_)));
        assert_eq!(&small.as_slice()[..10], &init[..]);

        let big: Vec<i64> = (0..SMALL as i64 + 1).collect();
        let large = Slots::new(&big);
        assert!(matches!(large, Slots::Large(_)));
        assert_eq!(large.as_slice(), &big[..]);
    }

    #[test]
    fn both_stores_read_what_they_wrote() {
        let mut array = [0i64; SMALL];
        let mut vector = vec![0i64; SMALL];
        for slot in [0, 1, 17, SMALL as Slot - 1] {
            array.put(slot, i64::from(slot) - 5);
            vector[..].put(slot, i64::from(slot) - 5);
            assert_eq!(array.at(slot), i64::from(slot) - 5);
            assert_eq!(vector[..].at(slot), array.at(slot));
        }
    }
}
