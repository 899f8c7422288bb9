//! The word-level arithmetic of the bit board: bit-sliced counting on the
//! atom planes (bit `i` of plane `k` is bit `k` of cell `i`'s atom count),
//! one operation for all 64 cells at once, and the mixing of its key.

use super::PLANES;

/// The atom planes of a board.
pub(super) type Planes = [u64; PLANES];

/// Adds one atom to each cell of `cells`.
#[inline]
pub(super) fn increment(planes: &mut Planes, cells: u64) {
    let mut carry = cells;
    for plane in planes {
        let old = *plane;
        *plane = old ^ carry;
        carry &= old;
    }
}

/// The cells of `all` holding exactly `count` atoms (`count` below 16).
#[inline]
pub(super) fn with_count(planes: &Planes, all: u64, count: u8) -> u64 {
    planes.iter().enumerate().fold(all, |cells, (k, &plane)| {
        if (count >> k) & 1 == 1 {
            cells & plane
        } else {
            cells & !plane
        }
    })
}

/// Empties the cells of `cells`.
#[inline]
pub(super) fn clear(planes: &mut Planes, cells: u64) {
    for plane in planes {
        *plane &= !cells;
    }
}

/// Takes its capacity from each cell of `cells` (each holds at least
/// that many atoms): a bit-sliced subtraction of 2 = `0b010` from the
/// cells of capacity 2, 3 = `0b011` from those of capacity 3 and 4 =
/// `0b100` from those of capacity 4, given as `c3`, `c23` (capacity 2 or
/// 3) and `c4`.
#[inline]
pub(super) fn subtract_capacity(planes: &mut Planes, cells: u64, c3: u64, c23: u64, c4: u64) {
    let [a0, a1, a2, a3] = *planes;
    let (s0, s1, s2) = (cells & c3, cells & c23, cells & c4);
    // A borrow out of a bit: more taken than it holds, with the borrow in.
    let b0 = !a0 & s0;
    let b1 = (!a1 & (s1 | b0)) | (s1 & b0);
    let b2 = (!a2 & (s2 | b1)) | (s2 & b1);
    *planes = [a0 ^ s0, a1 ^ s1 ^ b0, a2 ^ s2 ^ b1, a3 ^ b2];
}

/// Adds to each cell the number of the four masks of `sides` it is in
/// (0 to 4): the masks are summed by a small adder network into a 3-bit
/// count, which is ripple-added into the planes (a cell never goes
/// over 15 atoms, see the parent module).
#[inline]
pub(super) fn add_sides(planes: &mut Planes, [up, down, left, right]: [u64; 4]) {
    let (s, c) = (up ^ down, up & down);
    let (t, d) = (left ^ right, left & right);
    // Each pair sums to `s + 2c` and `t + 2d`, where `c` excludes `s`
    // and `d` excludes `t`: so bit 1 of the total is `c ^ d` or `s & t`,
    // never both, and bit 2 is `c & d`.
    let r0 = s ^ t;
    let r1 = (c ^ d) | (s & t);
    let r2 = c & d;
    let [a0, a1, a2, a3] = *planes;
    let k0 = a0 & r0;
    let n1 = a1 ^ r1;
    let k1 = (a1 & r1) | (n1 & k0);
    let n2 = a2 ^ r2;
    let k2 = (a2 & r2) | (n2 & k1);
    *planes = [a0 ^ r0, n1 ^ k0, n2 ^ k1, a3 ^ k2];
}

/// Under `standard` and `empties` rules, the cells at or over their
/// capacity (2, 3 or 4 atoms; `c2` and `c3` are the cells of capacity 2
/// and 3, the others have capacity 4).
#[inline]
pub(super) fn at_capacity(&[a0, a1, a2, a3]: &Planes, c2: u64, c3: u64) -> u64 {
    (a2 | a3) | (a1 & (c2 | (c3 & a0)))
}

/// Under `overflow` rules, the cells over their capacity (3, 4 or 5
/// atoms).
#[inline]
pub(super) fn over_capacity(&[a0, a1, a2, a3]: &Planes, c2: u64, c3: u64) -> u64 {
    a3 | (a2 & (c2 | c3 | a1 | a0)) | (c2 & a1 & a0)
}

/// Multiplies two words into 128 bits and folds the halves together: every
/// bit of the result depends on every bit of both words.
#[inline]
pub(super) fn fold(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    (product as u64) ^ ((product >> 64) as u64)
}

/// Random odd constants of the key.
pub(super) const KEYS: [u64; 13] = [
    0xd1a6_e55e_9b9b_1325,
    0x566b_f9d7_c55a_45f9,
    0xcf0c_26ef_4243_ed53,
    0x5d96_cf7f_265b_eda9,
    0xc1d7_7cff_b7de_cc0d,
    0x5e6a_0a2e_dd70_e34d,
    0x0463_5137_55ac_0ecd,
    0xb375_23a5_3b4a_3ee3,
    0x4de4_5321_ad91_5a37,
    0x9823_beb1_e6ba_3ad7,
    0xdd4e_abbd_1fcf_b981,
    0x6834_47c1_0cc8_af11,
    0xbfb6_37dd_5bae_2d27,
];
