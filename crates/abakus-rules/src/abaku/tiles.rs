//! Tiles, the two spin colours and the full set of 101 tiles.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A tile in the bag or on a rack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Tile {
    /// A digit tile, 0 to 9.
    Digit(u8),
    /// The joker, which stands for any digit.
    Joker,
}

impl Tile {
    /// Reads `0`-`9` or `?`.
    #[must_use]
    pub fn from_char(c: char) -> Option<Tile> {
        match c {
            '?' => Some(Tile::Joker),
            _ => c.to_digit(10).map(|d| Tile::Digit(d as u8)),
        }
    }

    /// The tile as `0`-`9` or `?`.
    #[must_use]
    pub fn to_char(self) -> char {
        match self {
            Tile::Digit(d) => char::from(b'0' + d),
            Tile::Joker => '?',
        }
    }

    /// Rank for choosing the first player: digits by value, the joker below every digit.
    #[must_use]
    pub fn rank(self) -> i8 {
        match self {
            Tile::Digit(d) => d as i8,
            Tile::Joker => -1,
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// The 100 digit tiles (ten of each) and the joker.
#[must_use]
pub fn full_set() -> Vec<Tile> {
    let mut tiles: Vec<Tile> = (0..10u8)
        .flat_map(|d| std::iter::repeat_n(Tile::Digit(d), 10))
        .collect();
    tiles.push(Tile::Joker);
    tiles
}

/// Tiles in a full set.
pub const TILE_COUNT: usize = 101;

/// The two colours of Spin Abaku.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// Players 1 and 3.
    Black,
    /// Players 2 and 4.
    Red,
}

impl Side {
    /// Players 1 and 3 play black, 2 and 4 red.
    #[must_use]
    pub fn of_player(player: usize) -> Side {
        if player.is_multiple_of(2) {
            Side::Black
        } else {
            Side::Red
        }
    }

    /// The side as `b` or `r`, as in position files.
    #[must_use]
    pub fn to_char(self) -> char {
        match self {
            Side::Black => 'b',
            Side::Red => 'r',
        }
    }

    /// Reads `b` or `r`.
    #[must_use]
    pub fn from_char(c: char) -> Option<Side> {
        match c {
            'b' => Some(Side::Black),
            'r' => Some(Side::Red),
            _ => None,
        }
    }
}
