//! Seeded random numbers: one fixed, portable generator so that every game
//! replays exactly from its seed on every machine and version.

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
