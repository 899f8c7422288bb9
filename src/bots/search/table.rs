//! The transposition table of the search: a fixed array of entries indexed
//! by the top bits of a 64-bit position key (see `key`), allocated once per
//! player and never grown, so its memory is known in advance (16 bytes ×
//! 2^bits, at most 2^[`MAX_TABLE_BITS`] entries).

/// The largest table a search allocates: 2^22 entries of 16 bytes (64 MiB).
pub const MAX_TABLE_BITS: u8 = 22;

/// What the table remembers of a searched position.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub key: u64,
    pub value: i32,
    pub best: u16,
    pub depth: u8,
    pub bound: Bound,
}

/// How an entry's value bounds the true value.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// A table of 2^bits entries (none for 0 bits), always replacing.
pub(super) struct Table {
    entries: Vec<Entry>,
    bits: u8,
}

impl Table {
    /// A table of 2^`bits` entries, at most 2^[`MAX_TABLE_BITS`]; empty for 0.
    pub fn new(bits: u8) -> Table {
        let bits = bits.min(MAX_TABLE_BITS);
        let len = if bits == 0 { 0 } else { 1usize << bits };
        Table {
            entries: vec![Entry::default(); len],
            bits,
        }
    }

    /// Whether the table has no entries (the search then skips hashing).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The number of entries.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    fn slot(&self, key: u64) -> usize {
        (key >> (64 - u32::from(self.bits))) as usize
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        if self.is_empty() {
            return None;
        }
        self.entries
            .get(self.slot(key))
            .copied()
            .filter(|e| e.key == key)
    }

    /// Stores `entry` in its slot, replacing what was there.
    pub fn store(&mut self, entry: Entry) {
        if self.is_empty() {
            return;
        }
        let slot = self.slot(entry.key);
        if let Some(e) = self.entries.get_mut(slot) {
            *e = entry;
        }
    }
}
