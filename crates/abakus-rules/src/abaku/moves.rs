//! Moves and their notation: `H8=1 H9=2 J8=?6`, `replace K5=1`, `exchange 3 7`, `pass`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::Layout;
use super::cell::Cell;
use super::error::NotationError;
use super::tiles::Tile;

/// A tile laid this turn: a digit, or the joker with its declared digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Laid {
    /// A digit tile.
    Digit(u8),
    /// The joker, with the digit it stands for this turn.
    Joker(u8),
}

impl Laid {
    /// The digit the tile reads as this turn.
    #[must_use]
    pub fn digit(self) -> u8 {
        match self {
            Laid::Digit(d) | Laid::Joker(d) => d,
        }
    }

    /// The rack tile it uses.
    #[must_use]
    pub fn tile(self) -> Tile {
        match self {
            Laid::Digit(d) => Tile::Digit(d),
            Laid::Joker(_) => Tile::Joker,
        }
    }
}

/// One tile put on one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Put {
    /// The square.
    pub cell: Cell,
    /// The tile laid there.
    pub laid: Laid,
}

/// Tiles laid in one line, possibly after swapping the joker on the board for a rack digit.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// The blank joker's square and the digit tile that replaces it.
    pub replace: Option<(Cell, u8)>,
    /// The rack tiles laid on empty squares.
    pub puts: Vec<Put>,
}

impl Placement {
    /// Every square filled this turn with the digit it reads as, the replaced joker first.
    pub fn new_tiles(&self) -> impl Iterator<Item = (Cell, u8)> + '_ {
        self.replace
            .into_iter()
            .chain(self.puts.iter().map(|p| (p.cell, p.laid.digit())))
    }

    /// Squares filled this turn, the replaced joker's included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.puts.len() + usize::from(self.replace.is_some())
    }

    /// Whether it fills no square.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Anything a player can do on a turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Tiles laid on the board.
    Place(Placement),
    /// Tiles from the rack to swap for tiles from the bag.
    Exchange(Vec<Tile>),
    /// Nothing this turn.
    Pass,
    /// Giving up: the player cannot win, and the game ends.
    Concede,
    /// In the challenge variant: the given player (0-based) challenges the move just played.
    Challenge(usize),
}

impl Move {
    /// Reads a move, checking every square against the layout.
    pub fn parse(text: &str, layout: &Layout) -> Result<Move, NotationError> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let Some((&first, rest)) = tokens.split_first() else {
            return Err(NotationError::Empty);
        };
        match first.to_ascii_lowercase().as_str() {
            "pass" if rest.is_empty() => Ok(Move::Pass),
            "concede" if rest.is_empty() => Ok(Move::Concede),
            "challenge" => match rest {
                [who] => who
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| (1..=4).contains(&n))
                    .map(|n| Move::Challenge(n - 1))
                    .ok_or_else(|| NotationError::BadToken((*who).to_string())),
                _ => Err(NotationError::BadToken(text.trim().to_string())),
            },
            "exchange" => {
                let tiles = rest
                    .iter()
                    .map(|t| {
                        let mut chars = t.chars();
                        match (chars.next().and_then(Tile::from_char), chars.next()) {
                            (Some(tile), None) => Ok(tile),
                            _ => Err(NotationError::BadTile((*t).to_string())),
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Move::Exchange(tiles))
            }
            "replace" => {
                let Some((&swap, others)) = rest.split_first() else {
                    return Err(NotationError::BadReplace);
                };
                let put = parse_put(swap, layout)?;
                let Laid::Digit(digit) = put.laid else {
                    return Err(NotationError::BadReplace);
                };
                let puts = others
                    .iter()
                    .map(|t| parse_put(t, layout))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Move::Place(Placement {
                    replace: Some((put.cell, digit)),
                    puts,
                }))
            }
            _ => {
                let puts = tokens
                    .iter()
                    .map(|t| parse_put(t, layout))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Move::Place(Placement {
                    replace: None,
                    puts,
                }))
            }
        }
    }
}

fn parse_put(token: &str, layout: &Layout) -> Result<Put, NotationError> {
    let Some((cell, tile)) = token.split_once('=') else {
        return Err(NotationError::BadToken(token.to_string()));
    };
    let cell = layout.parse_cell(cell)?;
    let laid = match tile.as_bytes() {
        [d @ b'0'..=b'9'] => Laid::Digit(d - b'0'),
        [b'?', d @ b'0'..=b'9'] => Laid::Joker(d - b'0'),
        [b'?'] => return Err(NotationError::UndeclaredJoker(cell.to_string())),
        _ => return Err(NotationError::BadTile(tile.to_string())),
    };
    Ok(Put { cell, laid })
}

impl fmt::Display for Put {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.laid {
            Laid::Digit(d) => write!(f, "{}={d}", self.cell),
            Laid::Joker(d) => write!(f, "{}=?{d}", self.cell),
        }
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        if let Some((cell, d)) = self.replace {
            write!(f, "replace {cell}={d}")?;
            sep = " ";
        }
        for put in &self.puts {
            write!(f, "{sep}{put}")?;
            sep = " ";
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(p) => write!(f, "{p}"),
            Move::Exchange(tiles) => {
                f.write_str("exchange")?;
                for t in tiles {
                    write!(f, " {t}")?;
                }
                Ok(())
            }
            Move::Pass => f.write_str("pass"),
            Move::Concede => f.write_str("concede"),
            Move::Challenge(p) => write!(f, "challenge {}", p + 1),
        }
    }
}
