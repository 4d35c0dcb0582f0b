//! Uniformly random moves and whole random games, for any width of bit set: the position uses
//! 256 bits, and a playout of a board of side 5 or less runs on 128.

use rand::Rng;

use super::bitboard::{Bitboard, Bits};
use super::board::{Board, DIRECTIONS};
use super::moves::{Color, Move};
use super::outcome::Outcome;

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
///
/// `slide_weight` counts each slide of the superset that many times: 1 is uniform, and more
/// gives the search's playouts the taste for slides a player has (fewer stones wins).
pub(crate) fn random_move_in<const W: usize, R: Rng + ?Sized>(
    board: &Board,
    own: Bits<W>,
    empty: Bits<W>,
    slide_weight: u32,
    rng: &mut R,
) -> Option<Drawn> {
    let placements = empty.count();
    if placements == 0 {
        return None;
    }
    let slides = SlideCandidates::new(board, own, empty);
    // The last sliding stone's group and its size: redraws often pick a stone of it again.
    let mut origin_group: Option<(Bits<W>, u32)> = None;
    loop {
        let pick = rng.random_range(0..placements + slide_weight * slides.total);
        if pick < placements {
            if let Some(index) = empty.nth(pick) {
                return Some(Drawn::Place(index));
            }
            continue;
        }
        let slide = (pick - placements) / slide_weight;
        let Some((origin, landing)) = slides.nth(board, empty, slide) else {
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
        let (group, original) = match origin_group {
            Some((group, size)) if group.contains(origin) => (group, size),
            _ => {
                let found = flood(board, origin, own);
                origin_group = Some(found);
                found
            }
        };
        if 1 + beside >= original {
            continue;
        }
        // Landing back against the rest of its own group, which lifting the stone left in one
        // piece, rebuilds a group as big as the original: no flood needed to refuse that.
        let mut rest_of_group = group;
        rest_of_group.remove(origin);
        let rejoins = board
            .neighbours(landing)
            .iter()
            .any(|&n| rest_of_group.contains(usize::from(n)));
        if rejoins && !may_split_when_lifted(board, origin, own) {
            continue;
        }
        let mut after = own;
        after.remove(origin);
        after.insert(landing);
        if flood(board, landing, after).1 < original {
            return Some(Drawn::Slide { origin, landing });
        }
    }
}

/// Whether lifting the stone on `index` might cut its group in two: only when its neighbours
/// of its colour (`own`) lie in more than one unbroken arc around it, as each arc's stones
/// touch one another in turn (next directions in [`DIRECTIONS`] are next to each other).
fn may_split_when_lifted<const W: usize>(board: &Board, index: usize, own: Bits<W>) -> bool {
    let mut ring = 0u8;
    for (slot, &next) in board.neighbours(index).iter().enumerate() {
        if own.contains(usize::from(next)) {
            ring |= 1 << slot;
        }
    }
    // An arc ends at a member whose next slot round the ring is not one.
    let next_is_member = (ring >> 1 | ring << 5) & 0x3f;
    let arc_ends = ring & !next_is_member;
    arc_ends & arc_ends.wrapping_sub(1) != 0
}

/// The connected part of `within` that holds `start`, and its size.
///
/// It grows the whole front at once, a ring of neighbours per step, with bit operations: on
/// the small boards' two words that beats walking stone by stone with its branches. Growth
/// stops when a step adds nothing, seen by comparing words: counting the stones only once at
/// the end costs less than counting every step to stop early at some bound.
pub(crate) fn flood<const W: usize>(
    board: &Board,
    start: usize,
    within: Bits<W>,
) -> (Bits<W>, u32) {
    let mut found = Bits::single(start);
    loop {
        let grown = board.dilate(found) & within;
        if grown == found {
            return (found, found.count());
        }
        found = grown;
    }
}

/// The slides the random sampler draws from: every straight slide of a stone in a group of
/// three or more, through empty cells, onto an empty cell next to a stone of its colour.
/// They are numbered by direction, then by distance, then by landing cell.
struct SlideCandidates<const W: usize> {
    movable: Bits<W>,
    /// Per direction, the cells some movable stone lands on. Each empty cell has one first
    /// stone behind it in a direction, so no cell is reached twice in one direction.
    landings: [Bits<W>; 6],
    counts: [u32; 6],
    total: u32,
}

impl<const W: usize> SlideCandidates<W> {
    fn new(board: &Board, own: Bits<W>, empty: Bits<W>) -> Self {
        // A stone is in a group of three or more exactly when it has two stones of its colour
        // next to it, or touches a stone that has: bit-parallel counting finds both without
        // tracing any group.
        let (mut one_or_more, mut two_or_more) = (Bits::EMPTY, Bits::EMPTY);
        for slot in 0..DIRECTIONS.len() {
            let beside = board.shift(own, slot);
            two_or_more |= one_or_more & beside;
            one_or_more |= beside;
        }
        let mut candidates = Self {
            movable: Bits::EMPTY,
            landings: [Bits::EMPTY; 6],
            counts: [0; 6],
            total: 0,
        };
        let centres = own & two_or_more;
        if centres.is_empty() {
            return candidates;
        }
        let movable = own & board.dilate(centres);
        let landing_zone = empty & one_or_more;
        candidates.movable = movable;
        for slot in 0..DIRECTIONS.len() {
            // Every stone's ray at once, counted once at the end.
            let landings = board.slide_reach(movable, empty, slot) & landing_zone;
            let count = landings.count();
            candidates.landings[slot] = landings;
            candidates.counts[slot] = count;
            candidates.total += count;
        }
        candidates
    }

    /// The `n`-th candidate as (origin, landing).
    fn nth(&self, board: &Board, empty: Bits<W>, mut n: u32) -> Option<(usize, usize)> {
        let mut slot = 0;
        while n >= self.counts[slot] {
            n -= self.counts[slot];
            slot += 1;
            if slot == DIRECTIONS.len() {
                return None;
            }
        }
        let mut front = self.movable;
        let mut distance = 0;
        loop {
            front = board.shift(front, slot) & empty;
            if front.is_empty() {
                return None;
            }
            distance += 1;
            let landings = front & self.landings[slot];
            let count = landings.count();
            if n < count {
                let landing = landings.nth(n)?;
                let origin = landing as isize - distance * board.offset(slot);
                return Some((origin as usize, landing));
            }
            n -= count;
        }
    }
}

/// Where each side (by [`Color::index`]) placed stones and slid stones to in part of a game:
/// what "all moves as first" counts a move by.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Trace {
    pub placed: [Bitboard; 2],
    pub slid_to: [Bitboard; 2],
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
    /// Whose move it is.
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
        self.random_drawn(1, rng)
            .map(|drawn| drawn.to_move(self.board))
    }

    fn random_drawn<R: Rng + ?Sized>(&self, slide_weight: u32, rng: &mut R) -> Option<Drawn> {
        random_move_in(
            self.board,
            self.stones[self.turn.index()],
            self.empty(),
            slide_weight,
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
        self.play_to_end_weighted(1, rng)
    }

    /// Plays random legal moves until the board is full, each slide `slide_weight` times as
    /// likely as a placement, and says who won.
    pub fn play_to_end_weighted<R: Rng + ?Sized>(
        &mut self,
        slide_weight: u32,
        rng: &mut R,
    ) -> Outcome {
        let slide_weight = slide_weight.max(1);
        while let Some(drawn) = self.random_drawn(slide_weight, rng) {
            self.play_drawn(drawn);
        }
        Outcome::of_counts(self.stones[0].count(), self.stones[1].count())
    }

    /// Like [`Self::play_to_end_weighted`], adding to `trace` where each side placed and slid.
    pub(crate) fn play_to_end_traced<R: Rng + ?Sized>(
        &mut self,
        slide_weight: u32,
        rng: &mut R,
        trace: &mut Trace,
    ) -> Outcome {
        let slide_weight = slide_weight.max(1);
        let mut placed = [Bits::<W>::EMPTY; 2];
        let mut slid_to = [Bits::<W>::EMPTY; 2];
        while let Some(drawn) = self.random_drawn(slide_weight, rng) {
            let side = self.turn.index();
            match drawn {
                Drawn::Place(index) => placed[side].insert(index),
                Drawn::Slide { landing, .. } => slid_to[side].insert(landing),
            }
            self.play_drawn(drawn);
        }
        for side in 0..2 {
            trace.placed[side] |= placed[side].resized();
            trace.slid_to[side] |= slid_to[side].resized();
        }
        Outcome::of_counts(self.stones[0].count(), self.stones[1].count())
    }
}
