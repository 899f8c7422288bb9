//! Board sizes, cell coordinates and players: the typed vocabulary of the
//! rules. Plain values that cannot be wrong once made; making one from
//! untrusted numbers or text, with the reason when it cannot be made, is
//! `checked.rs`'s (so that the errors, which quote these values, and the
//! values do not depend on each other).

use std::fmt;

/// The smallest number of rows or columns a board may have.
pub const MIN_SIDE: u8 = 2;
/// The largest number of rows or columns a board may have.
pub const MAX_SIDE: u8 = 20;
/// The largest number of cells on any board (`20x20`).
pub const MAX_CELLS: usize = MAX_SIDE as usize * MAX_SIDE as usize;
/// The fewest players a game may have.
pub const MIN_PLAYERS: u8 = 2;
/// The most players a game may have.
pub const MAX_PLAYERS: u8 = 8;

/// The size of a board, `ROWSxCOLS`, each side in `2..=20`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    rows: u8,
    cols: u8,
}

impl Size {
    /// The jABC board, `5x6`: the default.
    pub const JABC: Size = Size { rows: 5, cols: 6 };
    /// The common phone board, `9x6`.
    pub const PHONE: Size = Size { rows: 9, cols: 6 };
    /// The Archimedes !Chain board, `8x8`.
    pub const ARCHIMEDES: Size = Size { rows: 8, cols: 8 };
    /// The simplecpp board, `10x6`.
    pub const SIMPLECPP: Size = Size { rows: 10, cols: 6 };

    /// A size, if both sides are in `2..=20` ([`Size::new`] says why not).
    pub fn from_sides(rows: usize, cols: usize) -> Option<Size> {
        let side = |n: usize| {
            u8::try_from(n)
                .ok()
                .filter(|n| (MIN_SIDE..=MAX_SIDE).contains(n))
        };
        Some(Size {
            rows: side(rows)?,
            cols: side(cols)?,
        })
    }

    /// Number of rows.
    #[inline]
    pub fn rows(self) -> usize {
        usize::from(self.rows)
    }

    /// Number of columns.
    #[inline]
    pub fn cols(self) -> usize {
        usize::from(self.cols)
    }

    /// Number of cells, `rows * cols`.
    #[inline]
    pub fn cells(self) -> usize {
        self.rows() * self.cols()
    }

    /// The coordinate `(row, col)`, if it lies on this board.
    pub fn coord(self, row: usize, col: usize) -> Option<Coord> {
        (row < self.rows() && col < self.cols()).then(|| Coord::new_unchecked(row, col))
    }

    /// Whether `coord` lies on this board.
    #[inline]
    pub fn contains(self, coord: Coord) -> bool {
        coord.row() < self.rows() && coord.col() < self.cols()
    }

    /// The flat index of an on-board coordinate (row-major).
    #[inline]
    pub fn index(self, coord: Coord) -> usize {
        coord.row() * self.cols() + coord.col()
    }

    /// The coordinate of a flat index (row-major).
    #[inline]
    pub fn coord_of(self, index: usize) -> Coord {
        Coord::new_unchecked(index / self.cols(), index % self.cols())
    }

    /// All coordinates of the board in row-major order.
    pub fn coords(self) -> impl Iterator<Item = Coord> {
        (0..self.cells()).map(move |i| self.coord_of(i))
    }
}

impl Default for Size {
    fn default() -> Self {
        Size::JABC
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// A cell coordinate: zero-based row (0 at the top) and column (0 at the left).
///
/// A `Coord` does not know its board; [`Size::contains`] checks it against one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    row: u8,
    col: u8,
}

impl Coord {
    /// A coordinate, if both parts are below 20 (the largest side).
    pub fn new(row: usize, col: usize) -> Option<Coord> {
        (row < usize::from(MAX_SIDE) && col < usize::from(MAX_SIDE))
            .then(|| Coord::new_unchecked(row, col))
    }

    fn new_unchecked(row: usize, col: usize) -> Coord {
        // Both are below MAX_SIDE by the callers' checks, so they fit in u8.
        Coord {
            row: row as u8,
            col: col as u8,
        }
    }

    /// The zero-based row, 0 at the top.
    pub fn row(self) -> usize {
        usize::from(self.row)
    }

    /// The zero-based column, 0 at the left.
    pub fn col(self) -> usize {
        usize::from(self.col)
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}

/// A player: `A` (moves first), `B`, … up to `H`; numbered from 0 in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(u8);

impl Player {
    /// Player `A`, who moves first.
    pub const A: Player = Player(0);
    /// Player `B`.
    pub const B: Player = Player(1);

    /// The player with this number (0 = `A`), if below 8.
    #[inline]
    pub fn new(index: usize) -> Option<Player> {
        u8::try_from(index)
            .ok()
            .filter(|&i| i < MAX_PLAYERS)
            .map(Player)
    }

    /// The player's number, 0 for `A`.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The player's letter, `A` to `H`.
    pub fn letter(self) -> char {
        char::from(b'A' + self.0)
    }

    /// The player with this letter (upper or lower case), if any.
    pub fn from_letter(letter: char) -> Option<Player> {
        let upper = letter.to_ascii_uppercase();
        ('A'..='H')
            .contains(&upper)
            .then(|| Player(upper as u8 - b'A'))
    }

    /// All players of a game with `count` players, in turn order.
    pub fn all(count: usize) -> impl Iterator<Item = Player> {
        (0..count.min(usize::from(MAX_PLAYERS))).filter_map(Player::new)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One value per player (indexed by [`Player`]), for up to eight players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ByPlayer<T>([T; MAX_PLAYERS as usize]);

impl<T: Copy> ByPlayer<T> {
    /// The same value for every player.
    pub fn splat(value: T) -> Self {
        ByPlayer([value; MAX_PLAYERS as usize])
    }

    /// The value of `player`.
    pub fn get(&self, player: Player) -> T {
        self.0[player.index()]
    }

    /// A mutable reference to the value of `player`.
    pub fn get_mut(&mut self, player: Player) -> &mut T {
        &mut self.0[player.index()]
    }
}

/// A set of players, such as "who has placed at least once".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// The empty set.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Whether `player` is in the set.
    #[inline]
    pub fn contains(self, player: Player) -> bool {
        self.0 & (1 << player.0) != 0
    }

    /// Adds `player`.
    #[inline]
    pub fn insert(&mut self, player: Player) {
        self.0 |= 1 << player.0;
    }

    /// The set as bits: bit `i` for the player of index `i`.
    #[inline]
    pub(super) fn bits(self) -> u8 {
        self.0
    }

    /// Removes `player`.
    pub fn remove(&mut self, player: Player) {
        self.0 &= !(1 << player.0);
    }

    /// Number of players in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players in the set, in turn order.
    pub fn iter(self) -> impl Iterator<Item = Player> {
        (0..MAX_PLAYERS)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Player)
    }
}

impl FromIterator<Player> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = Player>>(iter: I) -> Self {
        let mut set = PlayerSet::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

/// A cell serialises as its text, `"r,c"` (as in records and `--moves`).
impl serde::Serialize for Coord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A player serialises as its letter, `"A"`.
impl serde::Serialize for Player {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A cell is read from its text, checked as `FromStr` checks it.
impl<'de> serde::Deserialize<'de> for Coord {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Coord, D::Error> {
        from_text(d)
    }
}

/// A player is read from its letter, checked as `FromStr` checks it.
impl<'de> serde::Deserialize<'de> for Player {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        from_text(d)
    }
}

/// A value read from its text through its `FromStr`.
fn from_text<'de, T, D>(d: D) -> Result<T, D::Error>
where
    T: std::str::FromStr,
    T::Err: fmt::Display,
    D: serde::Deserializer<'de>,
{
    let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
    text.parse().map_err(serde::de::Error::custom)
}
