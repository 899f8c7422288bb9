//! Seeded random numbers: one fixed, portable generator so that every game
//! replays exactly from its seed on every machine and version; and the one
//! stable hash ([`Fnv1a`]) that names contents (books, players' files, ids)
//! the same way on every machine and build.

use rand::SeedableRng;

/// The generator used everywhere a seed must reproduce a game (PCG 64/128 MCG).
pub type GameRng = rand_pcg::Pcg64Mcg;

/// A generator seeded from `seed`.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A well-mixed seed for item `index` of a series started from `base`
/// (SplitMix64), so that game seeds of a match are independent.
pub fn derive_seed(base: u64, index: u64) -> u64 {
    let mut z = base
        ^ index
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(0x6A09_E667_F3BC_C909);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// FNV-1a, 64 bits: a stable hash of bytes (not a secure one), the same on
/// every machine and build; fed in pieces as they are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// The hash of `bytes`.
    pub fn of(bytes: &[u8]) -> u64 {
        let mut hash = Fnv1a::default();
        hash.update(bytes);
        hash.finish()
    }

    /// Feeds `bytes`.
    pub fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash of everything fed.
    pub fn finish(self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        // From the FNV reference (draft-eastlake-fnv): "", "a", "foobar".
        assert_eq!(Fnv1a::of(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(Fnv1a::of(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(Fnv1a::of(b"foobar"), 0x8594_4171_f739_67e8);
        let mut pieces = Fnv1a::default();
        pieces.update(b"foo");
        pieces.update(b"bar");
        assert_eq!(pieces.finish(), Fnv1a::of(b"foobar"));
    }
}
