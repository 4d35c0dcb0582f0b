//! Uniformly random moves and whole random games, for any width of bit set: the position uses
//! 256 bits, and a playout of a board of side 5 or less runs on 128.

use rand::Rng;

use super::bitboard::Bits;
use super::board::{Board, DIRECTIONS};
use super::moves::{Color, Move};
use super::position::Outcome;

/// A move drawn by [`random_move_in`], by board index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Drawn {
    Place(usize),
    Slide { origin: usize, landing: usize },
}

impl Drawn {
    pub(crate) fn to_move(self, board: &Board) -> Move {
        match self {
            Drawn::Place(index) => Move::Place(board.cell(index)),
            Drawn::Slide { origin, landing } => Move::Slide {
                from: board.cell(origin),
                to: board.cell(landing),
            },
        }
    }
}

/// A uniformly random legal move for the side whose stones are `own`, or `None` when no cell
/// is empty.
///
/// Rather than listing every slide, this draws from a cheap superset (every placement, and
/// every straight slide of a stone in a group of three or more onto an empty cell next to a
/// stone of its colour) and redraws until the draw is legal. Every legal move is in that
/// superset exactly once, so the result is uniform over the legal moves.
pub(crate) fn random_move_in<const W: usize, R: Rng + ?Sized>(
    board: &Board,
    own: Bits<W>,
    empty: Bits<W>,
    rng: &mut R,
) -> Option<Drawn> {
    let placements = empty.count();
    if placements == 0 {
        return None;
    }
    // A stone is in a group of three or more exactly when it has two stones of its colour
    // next to it, or touches a stone that has: bit-parallel counting finds both without
    // tracing any group.
    let (mut one_or_more, mut two_or_more) = (Bits::EMPTY, Bits::EMPTY);
    for slot in 0..DIRECTIONS.len() {
        let beside = board.shift(own, slot);
        two_or_more |= one_or_more & beside;
        one_or_more |= beside;
    }
    let movable = own & board.dilate(own & two_or_more);
    let landing_zone = empty & one_or_more;
    let slides = count_slide_candidates(board, movable, empty, landing_zone);
    // The last sliding stone's group size: redraws often pick the same stone again.
    let mut origin_size: Option<(usize, u32)> = None;
    loop {
        let pick = rng.random_range(0..placements + slides);
        if pick < placements {
            if let Some(index) = empty.nth(pick) {
                return Some(Drawn::Place(index));
            }
            continue;
        }
        let Some((origin, landing)) =
            nth_slide_candidate(board, movable, empty, landing_zone, pick - placements)
        else {
            continue;
        };
        // Cheap refusals first: the landing stone's own neighbours (the sliding stone aside)
        // are all in the group it forms, so none means it would stand alone, and as many as
        // the group it left means the new group is not smaller.
        let beside = board
            .neighbours(landing)
            .iter()
            .filter(|&&n| usize::from(n) != origin && own.contains(usize::from(n)))
            .count() as u32;
        if beside == 0 {
            continue;
        }
        let original = match origin_size {
            Some((at, size)) if at == origin => size,
            _ => {
                let size = flood(board, origin, own, u32::MAX).1;
                origin_size = Some((origin, size));
                size
            }
        };
        if 1 + beside >= original {
            continue;
        }
        let mut after = own;
        after.remove(origin);
        after.insert(landing);
        if flood(board, landing, after, original).1 < original {
            return Some(Drawn::Slide { origin, landing });
        }
    }
}

/// The connected part of `within` that holds `start`, and its size, stopping early once the
/// size reaches `cap` (callers that only compare against a bound need no more).
///
/// It grows the whole front at once, a ring of neighbours per step, with bit operations: on
/// the small boards' two words that beats walking stone by stone with its branches.
pub(crate) fn flood<const W: usize>(
    board: &Board,
    start: usize,
    within: Bits<W>,
    cap: u32,
) -> (Bits<W>, u32) {
    let mut found = Bits::single(start);
    let mut size = 1;
    loop {
        let grown = board.dilate(found) & within;
        let grown_size = grown.count();
        if grown_size == size {
            return (found, size);
        }
        found = grown;
        size = grown_size;
        if size >= cap {
            return (found, size);
        }
    }
}

/// How many (stone, landing) pairs the random sampler draws slides from.
fn count_slide_candidates<const W: usize>(
    board: &Board,
    movable: Bits<W>,
    empty: Bits<W>,
    landing_zone: Bits<W>,
) -> u32 {
    let mut total = 0;
    for slot in 0..DIRECTIONS.len() {
        let mut front = movable;
        loop {
            front = board.shift(front, slot) & empty;
            if front.is_empty() {
                break;
            }
            total += (front & landing_zone).count();
        }
    }
    total
}

/// The `n`-th candidate in the order [`count_slide_candidates`] counts them.
fn nth_slide_candidate<const W: usize>(
    board: &Board,
    movable: Bits<W>,
    empty: Bits<W>,
    landing_zone: Bits<W>,
    mut n: u32,
) -> Option<(usize, usize)> {
    for slot in 0..DIRECTIONS.len() {
        let mut front = movable;
        let mut distance = 0;
        loop {
            front = board.shift(front, slot) & empty;
            if front.is_empty() {
                break;
            }
            distance += 1;
            let landings = front & landing_zone;
            let count = landings.count();
            if n < count {
                let landing = landings.nth(n)?;
                let origin = landing as isize - distance * board.offset(slot);
                return Some((origin as usize, landing));
            }
            n -= count;
        }
    }
    None
}

/// A position reduced to what random play needs: both colours' stones and whose turn it is.
/// It is `Copy` and keeps no history, so a search can start thousands of playouts from one
/// position cheaply (see [`super::Position::playout`]).
#[derive(Debug, Clone, Copy)]
pub struct Playout<const W: usize> {
    pub(crate) board: &'static Board,
    pub(crate) stones: [Bits<W>; 2],
    pub(crate) turn: Color,
    /// Moves played since the copy was made.
    pub plies: u32,
}

impl<const W: usize> Playout<W> {
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    fn empty(&self) -> Bits<W> {
        let mask: Bits<W> = self.board.mask().resized();
        mask & !(self.stones[0] | self.stones[1])
    }

    /// A uniformly random legal move, or `None` when the board is full; the same draw as
    /// [`super::Position::random_move`] makes from the same position with the same generator.
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        self.random_drawn(rng)
            .map(|drawn| drawn.to_move(self.board))
    }

    fn random_drawn<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Drawn> {
        random_move_in(
            self.board,
            self.stones[self.turn.index()],
            self.empty(),
            rng,
        )
    }

    /// Plays a move known to be legal, such as one from [`Self::random_move`].
    pub fn play_unchecked(&mut self, mv: Move) {
        let drawn = match mv {
            Move::Place(cell) => Drawn::Place(self.board.index(cell)),
            Move::Slide { from, to } => Drawn::Slide {
                origin: self.board.index(from),
                landing: self.board.index(to),
            },
        };
        self.play_drawn(drawn);
    }

    /// How many stones of `color` are on the board.
    #[must_use]
    pub fn count(&self, color: Color) -> u32 {
        self.stones[color.index()].count()
    }

    fn play_drawn(&mut self, drawn: Drawn) {
        let own = &mut self.stones[self.turn.index()];
        match drawn {
            Drawn::Place(index) => own.insert(index),
            Drawn::Slide { origin, landing } => {
                own.remove(origin);
                own.insert(landing);
            }
        }
        self.turn = self.turn.opponent();
        self.plies += 1;
    }

    /// Plays uniformly random legal moves until the board is full, and says who won.
    pub fn play_to_end<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Outcome {
        while let Some(drawn) = self.random_drawn(rng) {
            self.play_drawn(drawn);
        }
        Outcome::of_counts(self.stones[0].count(), self.stones[1].count())
    }
}
