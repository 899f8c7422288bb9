//! The solver's transposition table: an open-addressing hash set of 64-bit
//! slots, each an exact position key (at most 56 bits, see `key.rs`) with
//! its value's byte in the top 8 bits.
//!
//! **Invariant: a slot is 0 exactly when it is empty**, because every
//! value's byte is non-zero ([`Value::to_byte`]); keys are exact encodings,
//! so a lookup never confuses two positions. The table holds at most 3/4 of
//! its slots (linear probing stays short) and doubles when it would pass
//! that; it never removes.

use super::value::Value;

/// Bits of a slot that hold the key.
const KEY_BITS: u32 = 56;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

/// An exact table from position keys to values.
#[derive(Clone, Debug)]
pub struct Table {
    slots: Vec<u64>,
    len: usize,
    /// The most bytes the slots took at once (during a doubling, both the
    /// old and the new slots).
    peak_bytes: usize,
}

impl Default for Table {
    fn default() -> Self {
        Table::new()
    }
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        let slots = vec![0; 1 << 10];
        let peak_bytes = slots.len() * 8;
        Table {
            slots,
            len: 0,
            peak_bytes,
        }
    }

    /// The number of positions stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no position is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The most bytes the table's slots took at once.
    pub fn peak_bytes(&self) -> usize {
        self.peak_bytes
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 20) as usize & (self.slots.len() - 1)
    }

    /// The value stored for `key`.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Value> {
        let mask = self.slots.len() - 1;
        let mut at = self.home(key);
        loop {
            let slot = *self.slots.get(at)?;
            if slot == 0 {
                return None;
            }
            if slot & KEY_MASK == key {
                return Some(Value::from_byte((slot >> KEY_BITS) as u8));
            }
            at = (at + 1) & mask;
        }
    }

    /// Stores `value` for `key` (a key below 2^56), replacing any value.
    pub fn insert(&mut self, key: u64, value: Value) {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let slot = (key & KEY_MASK) | u64::from(value.to_byte()) << KEY_BITS;
        if self.put(slot) {
            self.len += 1;
        }
    }

    /// Puts a slot in its place; true when its key was new.
    fn put(&mut self, slot: u64) -> bool {
        let key = slot & KEY_MASK;
        let mask = self.slots.len() - 1;
        let mut at = self.home(key);
        while let Some(here) = self.slots.get_mut(at) {
            if *here == 0 {
                *here = slot;
                return true;
            }
            if *here & KEY_MASK == key {
                *here = slot;
                return false;
            }
            at = (at + 1) & mask;
        }
        false
    }

    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.peak_bytes = self.peak_bytes.max((old.len() + self.slots.len()) * 8);
        for slot in old.into_iter().filter(|&s| s != 0) {
            self.put(slot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Table, Value};

    #[test]
    fn the_table_keeps_every_key_through_growth() {
        let mut table = Table::new();
        for key in 0..5000u64 {
            table.insert(key * 7919, Value::Win((key % 100 + 1) as u8));
        }
        assert_eq!(table.len(), 5000);
        for key in 0..5000u64 {
            assert_eq!(
                table.get(key * 7919),
                Some(Value::Win((key % 100 + 1) as u8))
            );
        }
        assert_eq!(table.get(1), None);
        table.insert(0, Value::Loss(4));
        assert_eq!(table.get(0), Some(Value::Loss(4)));
    }
}
