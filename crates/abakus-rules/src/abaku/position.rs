//! The game state: setup, legality, scoring, turns, the ends of the game and exact undo.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::board::{Layout, Square};
use super::cell::Cell;
use super::error::{PlayError, PositionTextError, SetupError};
use super::eval::{self, Ctx, Scored};
use super::moves::{Laid, Move, Placement};
use super::tiles::{self, Side, Tile};
use super::variants::Variants;

/// Tiles on a full rack.
pub const RACK_SIZE: usize = 5;

/// Squares filled this turn (board indices) with the digit each reads as.
type NewTiles = Vec<(usize, u8)>;
/// The most players a game can have.
pub const MAX_PLAYERS: usize = 4;

/// What a game starts from: everything else follows from the seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// How many play, 1 to [`MAX_PLAYERS`].
    pub players: usize,
    /// The variants played.
    pub variants: Variants,
    /// The seed the bag is shuffled from.
    pub seed: u64,
    /// Board A for two or more players and board B for one, unless given.
    pub layout: Option<Layout>,
}

impl Setup {
    /// A game of `players` with the standard rules, dealt from `seed`.
    #[must_use]
    pub fn new(players: usize, seed: u64) -> Setup {
        Setup {
            players,
            variants: Variants::default(),
            seed,
            layout: None,
        }
    }
}

/// One player's rack, score and the counters the pass rules need.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The tiles the player holds.
    pub rack: Vec<Tile>,
    /// Points so far.
    pub score: i64,
    /// Passes in a row by this player.
    pub passes: u8,
    /// Whether an opponent (not a partner, in a game of pairs) placed an example since this
    /// player's streak of passes began.
    pub rival_placed: bool,
    /// Lost the next turn to a failed challenge.
    pub skip_next: bool,
    /// Conceded or passed away the game: cannot win.
    pub lost: bool,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// The bag was empty and this player laid the last tile of their rack.
    RackEmptied(usize),
    /// Everyone passed twice in a row.
    Blocked,
    /// This player conceded.
    Conceded(usize),
    /// This player passed three times in a row while an opponent placed an example.
    PassedThrice(usize),
    /// The short form's turns were all played (see [`Variants::turns_each`]).
    TurnsPlayed,
}

/// Whether a count is nothing, which a file need not say.
fn is_zero<T: Default + PartialEq>(count: &T) -> bool {
    *count == T::default()
}

/// A move in the challenge variant that the next player has not yet accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// Who played it.
    pub player: usize,
    /// Whether the move obeys the placement rules (hidden from players until challenged).
    pub legal: bool,
    /// Squares it filled.
    pub tiles: usize,
}

/// The part of the state that is cheap to copy whole, so undo can simply put it back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Live {
    /// The player to move, from 0.
    pub to_move: usize,
    /// Every player, in seat order.
    pub players: Vec<Player>,
    /// Passes in a row by anyone.
    pub passes_in_row: u32,
    /// The move waiting to be accepted or challenged, in the challenge variant.
    pub pending: Option<Pending>,
    /// Why the game ended, once it has.
    pub outcome: Option<EndReason>,
    /// In a short form, the player who moved first, whose turn begins each round (0 in other
    /// games, which count no rounds, and left out of their files, so that those read as
    /// before).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub first: usize,
    /// In a short form, the rounds played: how often the turn has come back to the first
    /// player.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rounds: u32,
}

/// Everything one turn changed, enough to reverse it exactly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    /// Who moved.
    pub player: usize,
    /// What they did.
    pub action: Move,
    /// Score change of every player this turn, end-of-game adjustments included.
    pub deltas: Vec<i64>,
    /// Tiles drawn from the bag.
    pub drawn: Vec<Tile>,
    /// Squares filled this turn (the replaced joker's square included).
    pub placed: Vec<usize>,
    /// The replaced joker's square and its colour before.
    pub replaced: Option<(usize, Option<Side>)>,
    /// Squares whose colour turned, with the colour before.
    pub flipped: Vec<(usize, Option<Side>)>,
    /// The bag before an exchange, whose returned tiles are mixed in.
    pub bag_before: Option<Vec<Tile>>,
    /// The live state before the turn.
    pub before: Live,
    /// The move a successful challenge took back.
    pub withdrawn: Option<Box<TurnRecord>>,
}

/// A whole game in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub(crate) layout: Layout,
    pub(crate) variants: Variants,
    pub(crate) seed: u64,
    pub(crate) squares: Vec<Square>,
    pub(crate) colours: Vec<Option<Side>>,
    /// Drawn from the end.
    pub(crate) bag: Vec<Tile>,
    pub(crate) turns: u32,
    pub(crate) live: Live,
    pub(crate) history: Vec<TurnRecord>,
}

impl Position {
    /// Sets up a game: the first player by drawing, then five tiles each.
    pub fn new(setup: Setup) -> Result<Position, SetupError> {
        let n = setup.players;
        if !(1..=MAX_PLAYERS).contains(&n) {
            return Err(SetupError::Players(n));
        }
        if setup.variants.spin && n != 2 && n != 4 {
            return Err(SetupError::SpinPlayers(n));
        }
        let layout = setup.layout.unwrap_or_else(|| {
            if n == 1 {
                Layout::board_b()
            } else {
                Layout::board_a()
            }
        });
        let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
        let mut contenders: Vec<usize> = (0..n).collect();
        // Ties redraw among the tied; a hundred rounds of ties cannot happen in practice.
        for _ in 0..100 {
            if contenders.len() < 2 {
                break;
            }
            let mut bag = tiles::full_set();
            bag.shuffle(&mut rng);
            let best = contenders
                .iter()
                .zip(&bag)
                .map(|(_, t)| t.rank())
                .max()
                .unwrap_or(0);
            contenders = contenders
                .iter()
                .zip(&bag)
                .filter(|(_, t)| t.rank() == best)
                .map(|(&p, _)| p)
                .collect();
        }
        let first = contenders.first().copied().unwrap_or(0);
        let mut bag = tiles::full_set();
        bag.shuffle(&mut rng);
        let mut players = vec![Player::default(); n];
        for k in 0..n {
            let p = (first + k) % n;
            for _ in 0..RACK_SIZE {
                if let Some(t) = bag.pop() {
                    players[p].rack.push(t);
                }
            }
        }
        let size = layout.len();
        // A short form of no turns is no short form.
        let mut variants = setup.variants;
        variants.turns_each = variants.turns_each.filter(|turns| *turns > 0);
        Ok(Position {
            layout,
            variants,
            seed: setup.seed,
            squares: vec![Square::Empty; size],
            colours: vec![None; size],
            bag,
            turns: 0,
            live: Live {
                to_move: first,
                players,
                passes_in_row: 0,
                pending: None,
                outcome: None,
                first: if variants.turns_each.is_some() {
                    first
                } else {
                    0
                },
                rounds: 0,
            },
            history: Vec::new(),
        })
    }

    /// A position for studies and tests: the given tiles lie on the board as old tiles (a `?` as
    /// a blank joker), the racks are as given and the rest of the set is in the bag, mixed by the
    /// seed; `to_move` plays next. Fails if more tiles are named than the set holds.
    pub fn arranged(
        setup: Setup,
        board: &[(Cell, Square)],
        racks: &[Vec<Tile>],
        to_move: usize,
    ) -> Result<Position, PositionTextError> {
        let mut position = Position::new(Setup {
            players: racks.len(),
            ..setup
        })?;
        let mut bag = tiles::full_set();
        let mut remove = |t: Tile| -> Result<(), PositionTextError> {
            let at = bag.iter().position(|&b| b == t).ok_or(match t {
                Tile::Digit(d) => PositionTextError::DigitCount(d),
                Tile::Joker => PositionTextError::Jokers(2),
            })?;
            bag.remove(at);
            Ok(())
        };
        for &(cell, square) in board {
            if !position.layout.contains(cell) {
                return Err(PositionTextError::Inconsistent);
            }
            match square {
                Square::Digit(d) => remove(Tile::Digit(d))?,
                Square::Joker => remove(Tile::Joker)?,
                Square::Empty => {}
            }
            let i = position.layout.index(cell);
            position.squares[i] = square;
        }
        for (p, rack) in racks.iter().enumerate() {
            for &t in rack {
                remove(t)?;
            }
            position.live.players[p].rack.clone_from(rack);
        }
        bag.shuffle(&mut ChaCha8Rng::seed_from_u64(position.seed));
        position.bag = bag;
        if to_move >= racks.len() {
            return Err(PositionTextError::Inconsistent);
        }
        position.live.to_move = to_move;
        if position.variants.turns_each.is_some() {
            position.live.first = to_move;
        }
        Ok(position)
    }

    /// The board layout.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The variants played.
    #[must_use]
    pub fn variants(&self) -> &Variants {
        &self.variants
    }

    /// The seed the game was dealt from; it also mixes exchanged tiles back into the bag.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The player to move, from 0.
    #[must_use]
    pub fn to_move(&self) -> usize {
        self.live.to_move
    }

    /// Every player, in seat order.
    #[must_use]
    pub fn players(&self) -> &[Player] {
        &self.live.players
    }

    /// A player's rack (empty for a seat not in the game).
    #[must_use]
    pub fn rack(&self, player: usize) -> &[Tile] {
        self.live.players.get(player).map_or(&[], |p| &p.rack)
    }

    /// The tiles left to draw, drawn from the end.
    #[must_use]
    pub fn bag(&self) -> &[Tile] {
        &self.bag
    }

    /// The tiles `seat` has not seen, sorted: the bag and every other rack together, which is
    /// what a player can count for themselves from the full set, the board and their own rack
    /// (and never says which tile is where).
    #[must_use]
    pub fn unseen_by(&self, seat: usize) -> Vec<Tile> {
        let mut unseen = self.bag.clone();
        for (other, player) in self.live.players.iter().enumerate() {
            if other != seat {
                unseen.extend_from_slice(&player.rack);
            }
        }
        unseen.sort_unstable();
        unseen
    }

    /// The same position with every tile `seat` cannot see (the other racks and the bag) dealt
    /// again at random, each rack keeping its size: one guess at what is hidden, from what
    /// that player knows.
    #[must_use]
    pub fn with_hidden_dealt_again(&self, seat: usize, rng: &mut impl Rng) -> Position {
        let mut guess = self.clone();
        let mut unseen = self.unseen_by(seat);
        unseen.shuffle(rng);
        for (other, player) in guess.live.players.iter_mut().enumerate() {
            if other != seat {
                let size = player.rack.len();
                player.rack = unseen.split_off(unseen.len() - size);
            }
        }
        guess.bag = unseen;
        guess
    }

    /// Makes `player`'s rack hold `wanted` (and, beside them, as many other tiles as before),
    /// trading only with what `viewer` cannot see: the bag and the racks of everyone but
    /// `viewer` and `player`. A copy of a game kept for one player, whose hidden tiles are a
    /// guess, is set right so with what that player learns: their own rack (`player` being
    /// `viewer`, the rack then in `wanted`'s order), or the tiles another player has just laid.
    /// `None` when the hidden tiles do not hold them (or the rack is too small).
    #[must_use]
    pub fn with_rack_holding(
        &self,
        viewer: usize,
        player: usize,
        wanted: &[Tile],
    ) -> Option<Position> {
        let mut copy = self.clone();
        let rack = &copy.live.players.get(player)?.rack;
        if wanted.len() > rack.len() {
            return None;
        }
        // The rack's tiles that are not wanted, which go where the missing ones come from.
        let mut spare = rack.clone();
        let mut missing = Vec::new();
        for &tile in wanted {
            match spare.iter().position(|&held| held == tile) {
                Some(at) => {
                    spare.remove(at);
                }
                None => missing.push(tile),
            }
        }
        for tile in missing {
            let given = spare.pop()?;
            let from_bag = copy.bag.iter().position(|&t| t == tile);
            if let Some(at) = from_bag {
                copy.bag[at] = given;
            } else {
                let (other, at) = copy
                    .live
                    .players
                    .iter()
                    .enumerate()
                    .filter(|&(other, _)| other != viewer && other != player)
                    .find_map(|(other, p)| {
                        Some((other, p.rack.iter().position(|&t| t == tile)?))
                    })?;
                copy.live.players[other].rack[at] = given;
            }
            let rack = &mut copy.live.players[player].rack;
            let at = rack.iter().position(|&held| held == given)?;
            rack[at] = tile;
        }
        // A whole rack is held in the order given, which its player's moves name tiles by.
        let rack = &mut copy.live.players[player].rack;
        if wanted.len() == rack.len() {
            rack.copy_from_slice(wanted);
        }
        Some(copy)
    }

    /// What lies on a square (empty off the board).
    #[must_use]
    pub fn square(&self, cell: Cell) -> Square {
        if self.layout.contains(cell) {
            self.squares[self.layout.index(cell)]
        } else {
            Square::Empty
        }
    }

    /// The colour a square's tile shows in Spin Abaku: none without spin, on an empty square
    /// and off the board.
    #[must_use]
    pub fn colour(&self, cell: Cell) -> Option<Side> {
        if self.layout.contains(cell) {
            self.colours[self.layout.index(cell)]
        } else {
            None
        }
    }

    /// Turns played so far.
    #[must_use]
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Every turn played, oldest first, enough to undo each.
    #[must_use]
    pub fn history(&self) -> &[TurnRecord] {
        &self.history
    }

    /// The move waiting to be accepted or challenged, in the challenge variant.
    #[must_use]
    pub fn pending(&self) -> Option<Pending> {
        self.live.pending
    }

    /// Why the game ended, once it has.
    #[must_use]
    pub fn outcome(&self) -> Option<EndReason> {
        self.live.outcome
    }

    /// Rounds played: how often the turn has come back to the first player (see
    /// [`Variants::turns_each`]).
    #[must_use]
    pub fn rounds(&self) -> u32 {
        self.live.rounds
    }

    /// The round being played, from 1, in a short form of `turns` each.
    #[must_use]
    pub fn round_of_short_form(&self) -> Option<(u32, u8)> {
        let turns = self.variants.turns_each.filter(|turns| *turns > 0)?;
        Some(((self.live.rounds + 1).min(u32::from(turns)), turns))
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.live.outcome.is_some()
    }

    /// The players with the highest total among those who did not concede or pass the game away.
    #[must_use]
    pub fn winners(&self) -> Vec<usize> {
        let players = &self.live.players;
        if self.plays_in_pairs() {
            // The side wins: partners' points add up, and a side with a player who conceded
            // or lost by passing cannot win.
            let standing = |side: Side| {
                let members = || (0..players.len()).filter(move |&q| Side::of_player(q) == side);
                (!members().any(|q| players[q].lost)).then(|| self.side_score(side))
            };
            let best = [Side::Black, Side::Red]
                .into_iter()
                .filter_map(standing)
                .max();
            return (0..players.len())
                .filter(|&q| best.is_some() && standing(Side::of_player(q)) == best)
                .collect();
        }
        let best = players.iter().filter(|p| !p.lost).map(|p| p.score).max();
        (0..players.len())
            .filter(|&i| !players[i].lost && Some(players[i].score) == best)
            .collect()
    }

    /// Whether the players play as two sides of partners: Spin Abaku with four players, where
    /// players 1 and 3 lay black tiles and players 2 and 4 red.
    #[must_use]
    pub fn plays_in_pairs(&self) -> bool {
        self.variants.spin && self.live.players.len() == 4
    }

    /// Whether two seats play against each other: any two players, except partners when the
    /// game is played in pairs (see [`Position::plays_in_pairs`]).
    fn are_opponents(&self, a: usize, b: usize) -> bool {
        a != b && !(self.plays_in_pairs() && Side::of_player(a) == Side::of_player(b))
    }

    /// A side's total in Spin Abaku: the sum of its players' scores.
    #[must_use]
    pub fn side_score(&self, side: Side) -> i64 {
        let players = &self.live.players;
        (0..players.len())
            .filter(|&q| Side::of_player(q) == side)
            .map(|q| players[q].score)
            .sum()
    }

    /// Tiles in the bag, on the racks and on the board: always 101.
    #[must_use]
    pub fn tile_count(&self) -> usize {
        self.bag.len()
            + self
                .live
                .players
                .iter()
                .map(|p| p.rack.len())
                .sum::<usize>()
            + self.squares.iter().filter(|s| **s != Square::Empty).count()
    }

    pub(crate) fn codes(&self) -> Vec<u8> {
        self.squares.iter().map(|&s| eval::code_of(s)).collect()
    }

    pub(crate) fn is_opening(&self) -> bool {
        self.squares.iter().all(|s| *s == Square::Empty)
    }

    pub(crate) fn ctx(&self) -> Ctx<'_> {
        Ctx {
            layout: &self.layout,
            variants: &self.variants,
        }
    }

    /// The squares and digits a placement fills, after checking the tiles are on the rack and the
    /// squares free; also the rack that remains.
    fn structure(&self, placement: &Placement) -> Result<(NewTiles, Vec<Tile>), PlayError> {
        let mut rack = self.rack(self.live.to_move).to_vec();
        let mut new: Vec<(usize, u8)> = Vec::with_capacity(placement.len());
        if let Some((cell, digit)) = placement.replace {
            if !self.layout.contains(cell) {
                return Err(PlayError::OffBoard(cell));
            }
            let index = self.layout.index(cell);
            if self.squares[index] != Square::Joker {
                return Err(PlayError::NoJokerThere(cell));
            }
            take(&mut rack, Tile::Digit(digit))?;
            rack.push(Tile::Joker);
            new.push((index, digit));
        }
        for put in &placement.puts {
            if !self.layout.contains(put.cell) {
                return Err(PlayError::OffBoard(put.cell));
            }
            let index = self.layout.index(put.cell);
            if new.iter().any(|&(i, _)| i == index) {
                return Err(PlayError::TwiceNamed(put.cell));
            }
            if self.squares[index] != Square::Empty {
                return Err(PlayError::Occupied(put.cell));
            }
            // The notation cannot say `?12`, but a save file or a library caller can.
            if let Laid::Joker(digit) = put.laid
                && digit > 9
            {
                return Err(PlayError::JokerDigit(put.cell, digit));
            }
            take(&mut rack, put.laid.tile())?;
            new.push((index, put.laid.digit()));
        }
        if new.is_empty() {
            return Err(PlayError::NothingPlaced);
        }
        Ok((new, rack))
    }
}

fn take(rack: &mut Vec<Tile>, tile: Tile) -> Result<(), PlayError> {
    let at = rack
        .iter()
        .position(|&t| t == tile)
        .ok_or(PlayError::NotOnRack(tile))?;
    rack.remove(at);
    Ok(())
}

impl Position {
    /// Checks a placement for the player to move and scores it, changing nothing.
    pub fn evaluate(&self, placement: &Placement) -> Result<Scored, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let (new, codes) = self.laid(placement)?;
        eval::evaluate(&self.ctx(), &codes, &new, self.is_opening(), true)
    }

    /// The placement's new tiles and the board's codes with them laid, once its rack, squares
    /// and joker are checked.
    fn laid(&self, placement: &Placement) -> Result<(NewTiles, Vec<u8>), PlayError> {
        let (new, _) = self.structure(placement)?;
        let mut codes = self.codes();
        for &(i, d) in &new {
            codes[i] = d;
        }
        Ok((new, codes))
    }

    /// Whether `play` would take this placement, changing nothing: a legal one, or in the
    /// challenge variant any that passes the rack, squares and joker checks (it would then be
    /// pending). The score is what the move would count for.
    pub fn accepts(&self, placement: &Placement) -> Result<Scored, PlayError> {
        if !self.variants.challenge {
            return self.evaluate(placement);
        }
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let (new, codes) = self.laid(placement)?;
        let opening = self.is_opening();
        eval::evaluate(&self.ctx(), &codes, &new, opening, true)
            .or_else(|_| eval::evaluate(&self.ctx(), &codes, &new, opening, false))
    }

    /// Plays a move for the player to move (or, for a challenge, the named player). An illegal
    /// move is rejected with the reason and leaves the position exactly as it was.
    pub fn play(&mut self, mv: &Move) -> Result<Scored, PlayError> {
        if let Move::Challenge(by) = *mv {
            return self.challenge(by);
        }
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        match mv {
            Move::Place(p) => self.place(p),
            Move::Exchange(t) => self.exchange(t).map(|()| Scored::default()),
            Move::Pass => {
                self.pass();
                Ok(Scored::default())
            }
            Move::Concede => {
                let p = self.live.to_move;
                let mut record = self.record(Move::Concede);
                self.live.pending = None;
                self.finish(EndReason::Conceded(p), &mut record.deltas);
                self.push(record);
                Ok(Scored::default())
            }
            Move::Challenge(_) => Err(PlayError::NothingToChallenge),
        }
    }

    fn record(&self, action: Move) -> TurnRecord {
        TurnRecord {
            player: self.live.to_move,
            action,
            deltas: vec![0; self.live.players.len()],
            drawn: Vec::new(),
            placed: Vec::new(),
            replaced: None,
            flipped: Vec::new(),
            bag_before: None,
            before: self.live.clone(),
            withdrawn: None,
        }
    }

    fn push(&mut self, record: TurnRecord) {
        // Counters and scores read from a file may sit at their limits; they stop there.
        self.turns = self.turns.saturating_add(1);
        self.history.push(record);
    }

    fn add(&mut self, player: usize, points: i64, deltas: &mut [i64]) {
        let score = &mut self.live.players[player].score;
        *score = score.saturating_add(points);
        deltas[player] = deltas[player].saturating_add(points);
    }

    fn place(&mut self, placement: &Placement) -> Result<Scored, PlayError> {
        let (new, rack) = self.structure(placement)?;
        let mut codes = self.codes();
        for &(i, d) in &new {
            codes[i] = d;
        }
        let opening = self.is_opening();
        let checked = eval::evaluate(&self.ctx(), &codes, &new, opening, true);
        let (scored, legal) = match checked {
            Ok(s) => (s, true),
            Err(e) if !self.variants.challenge => return Err(e),
            Err(_) => (
                eval::evaluate(&self.ctx(), &codes, &new, opening, false)?,
                false,
            ),
        };
        let p = self.live.to_move;
        let mut record = self.record(Move::Place(placement.clone()));
        let side = self.variants.spin.then(|| Side::of_player(p));
        if let Some((cell, digit)) = placement.replace {
            let i = self.layout.index(cell);
            record.replaced = Some((i, self.colours[i]));
            self.squares[i] = Square::Digit(digit);
            self.colours[i] = side;
            record.placed.push(i);
        }
        for put in &placement.puts {
            let i = self.layout.index(put.cell);
            self.squares[i] = match put.laid {
                Laid::Digit(d) => Square::Digit(d),
                Laid::Joker(_) => Square::Joker,
            };
            self.colours[i] = side;
            record.placed.push(i);
        }
        if let Some(side) = side {
            for ex in &scored.examples {
                for &c in &ex.cells {
                    if self.colours[c] != Some(side)
                        && !record.placed.contains(&c)
                        && !record.flipped.iter().any(|f| f.0 == c)
                    {
                        record.flipped.push((c, self.colours[c]));
                        self.colours[c] = Some(side);
                    }
                }
            }
        }
        self.add(p, scored.points, &mut record.deltas);
        self.live.players[p].rack = rack;
        self.draw(p, &mut record.drawn);
        for q in 0..self.live.players.len() {
            if self.are_opponents(p, q) && self.live.players[q].passes > 0 {
                self.live.players[q].rival_placed = true;
            }
        }
        let me = &mut self.live.players[p];
        me.passes = 0;
        me.rival_placed = false;
        self.live.passes_in_row = 0;
        self.live.pending = self.variants.challenge.then_some(Pending {
            player: p,
            legal,
            tiles: new.len(),
        });
        if self.bag.is_empty() && self.live.players[p].rack.is_empty() {
            self.finish(EndReason::RackEmptied(p), &mut record.deltas);
        } else {
            self.pass_the_turn(&mut record.deltas);
        }
        self.push(record);
        Ok(scored)
    }

    fn draw(&mut self, player: usize, drawn: &mut Vec<Tile>) {
        while self.live.players[player].rack.len() < RACK_SIZE {
            let Some(t) = self.bag.pop() else { break };
            self.live.players[player].rack.push(t);
            drawn.push(t);
        }
    }

    fn exchange(&mut self, give: &[Tile]) -> Result<(), PlayError> {
        if give.is_empty() || give.len() > RACK_SIZE {
            return Err(PlayError::ExchangeCount);
        }
        let p = self.live.to_move;
        let mut rack = self.rack(p).to_vec();
        for &t in give {
            let at = rack
                .iter()
                .position(|&r| r == t)
                .ok_or(PlayError::NotOnRack(t))?;
            rack.remove(at);
        }
        if self.bag.len() < give.len() {
            return Err(PlayError::BagTooSmall {
                wanted: give.len(),
                left: self.bag.len(),
            });
        }
        let mut record = self.record(Move::Exchange(give.to_vec()));
        record.bag_before = Some(self.bag.clone());
        for _ in give {
            if let Some(t) = self.bag.pop() {
                rack.push(t);
                record.drawn.push(t);
            }
        }
        // The returned tiles are mixed in by a generator derived from the seed and the turn, so
        // replays agree without storing a generator in the state.
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(u64::from(self.turns) + 1);
        for &t in give {
            let at = rng.random_range(0..=self.bag.len());
            self.bag.insert(at, t);
        }
        let me = &mut self.live.players[p];
        me.rack = rack;
        me.passes = 0;
        me.rival_placed = false;
        self.live.passes_in_row = 0;
        self.live.pending = None;
        self.pass_the_turn(&mut record.deltas);
        self.push(record);
        Ok(())
    }

    fn pass(&mut self) {
        let p = self.live.to_move;
        let mut record = self.record(Move::Pass);
        self.live.pending = None;
        let me = &mut self.live.players[p];
        me.passes = me.passes.saturating_add(1);
        let thrice = me.passes >= 3 && me.rival_placed && !self.bag.is_empty();
        self.live.passes_in_row = self.live.passes_in_row.saturating_add(1);
        if thrice {
            self.finish(EndReason::PassedThrice(p), &mut record.deltas);
        } else if self.live.passes_in_row >= 2 * self.live.players.len() as u32 {
            self.finish(EndReason::Blocked, &mut record.deltas);
        } else {
            self.pass_the_turn(&mut record.deltas);
        }
        self.push(record);
    }

    fn challenge(&mut self, by: usize) -> Result<Scored, PlayError> {
        let Some(pending) = self.live.pending else {
            return Err(PlayError::NothingToChallenge);
        };
        if by >= self.live.players.len() || by == pending.player {
            return Err(PlayError::BadChallenger(by));
        }
        if pending.legal {
            let mut record = self.record(Move::Challenge(by));
            self.live.pending = None;
            if self.live.to_move == by && !self.is_over() {
                self.pass_the_turn(&mut record.deltas);
            } else {
                self.live.players[by].skip_next = true;
            }
            self.push(record);
            return Ok(Scored::default());
        }
        let Some(withdrawn) = self.history.last().cloned() else {
            return Err(PlayError::NothingToChallenge);
        };
        self.undo_last();
        let mut record = self.record(Move::Challenge(by));
        record.withdrawn = Some(Box::new(withdrawn));
        let cost = i64::try_from(pending.tiles).unwrap_or(i64::MAX);
        self.add(pending.player, -cost, &mut record.deltas);
        self.live.pending = None;
        self.pass_the_turn(&mut record.deltas);
        self.push(record);
        Ok(Scored::default())
    }

    /// Passes the turn on, or ends a short form's game whose last round this turn ended.
    fn pass_the_turn(&mut self, deltas: &mut [i64]) {
        self.advance();
        let played_out = self
            .variants
            .turns_each
            .is_some_and(|each| each > 0 && self.live.rounds >= u32::from(each));
        if played_out {
            self.finish(EndReason::TurnsPlayed, deltas);
        }
    }

    /// Passes the turn on, skipping a player who lost it to a failed challenge, and counts a
    /// round each time the turn comes past the first player's seat.
    fn advance(&mut self) {
        let next = self.next_seat();
        let n = self.live.players.len();
        let mut seat = (self.live.to_move + 1) % n;
        let short = self.variants.turns_each.is_some();
        for _ in 0..n {
            if short && seat == self.live.first {
                // A first player who lost this turn has still been passed: the round is over.
                self.live.rounds = self.live.rounds.saturating_add(1);
            }
            if seat == next && !self.live.players[seat].skip_next {
                break;
            }
            // A skipped seat has served its lost turn.
            self.live.players[seat].skip_next = false;
            seat = (seat + 1) % n;
        }
        self.live.to_move = next;
    }

    /// The seat that moves after the player to move: the next one round the table that has not
    /// lost its turn to a failed challenge.
    pub(crate) fn next_seat(&self) -> usize {
        let n = self.live.players.len();
        let mut next = (self.live.to_move + 1) % n;
        for _ in 0..n {
            if !self.live.players[next].skip_next {
                break;
            }
            next = (next + 1) % n;
        }
        next
    }

    fn finish(&mut self, reason: EndReason, deltas: &mut [i64]) {
        let scoring = self.variants.scoring;
        let n = self.live.players.len();
        match reason {
            EndReason::RackEmptied(p) => {
                // The finisher gains a point a tile (a joker is one tile), while each other
                // player pays their rack penalty (a joker costs 10).
                for q in (0..n).filter(|&q| q != p) {
                    let rack = &self.live.players[q].rack;
                    let penalty = eval::rack_penalty(scoring, rack);
                    let gain = eval::finisher_gain(scoring, rack);
                    self.add(q, -penalty, deltas);
                    self.add(p, gain, deltas);
                }
            }
            EndReason::Blocked | EndReason::TurnsPlayed => {
                for q in 0..n {
                    let penalty = eval::rack_penalty(scoring, &self.live.players[q].rack);
                    self.add(q, -penalty, deltas);
                }
            }
            EndReason::Conceded(p) | EndReason::PassedThrice(p) => self.live.players[p].lost = true,
        }
        if self.variants.spin {
            let black = self
                .colours
                .iter()
                .filter(|c| **c == Some(Side::Black))
                .count() as i64;
            let red = self
                .colours
                .iter()
                .filter(|c| **c == Some(Side::Red))
                .count() as i64;
            let (side, diff) = if black >= red {
                (Side::Black, black - red)
            } else {
                (Side::Red, red - black)
            };
            // The difference goes to the side once: to its player in a game of two, and in a
            // game of pairs to its first player (1 for black, 2 for red), so the side's total
            // counts it once.
            if let Some(q) = (0..n).find(|&q| Side::of_player(q) == side) {
                self.add(q, diff, deltas);
            }
        }
        self.live.outcome = Some(reason);
    }

    /// Takes back the last turn exactly.
    pub fn undo(&mut self) -> Result<(), PlayError> {
        let Some(record) = self.history.last() else {
            return Err(PlayError::NothingToUndo);
        };
        if let Some(withdrawn) = record.withdrawn.clone() {
            // A record read from a file may not replay; then the position stays as it was.
            let saved = self.clone();
            self.undo_last();
            // Playing the withdrawn move again rebuilds its record exactly: play is deterministic.
            if let Err(e) = self.play(&withdrawn.action) {
                *self = saved;
                return Err(e);
            }
            return Ok(());
        }
        self.undo_last();
        Ok(())
    }

    fn undo_last(&mut self) {
        let Some(record) = self.history.pop() else {
            return;
        };
        self.turns = self.turns.saturating_sub(1);
        for &i in &record.placed {
            self.squares[i] = Square::Empty;
            self.colours[i] = None;
        }
        if let Some((i, colour)) = record.replaced {
            self.squares[i] = Square::Joker;
            self.colours[i] = colour;
        }
        for &(i, colour) in &record.flipped {
            self.colours[i] = colour;
        }
        match record.bag_before {
            Some(bag) => self.bag = bag,
            None => self.bag.extend(record.drawn.iter().rev()),
        }
        self.live = record.before;
    }

    /// The turn's notation for the player to move, read against this board.
    pub fn parse_move(&self, text: &str) -> Result<Move, super::error::NotationError> {
        Move::parse(text, &self.layout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abaku::random::random_move;
    use crate::abaku::tiles::full_set;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// What a seat has not seen, its own rack and the board's tiles are the full set, for every
    /// seat at every turn of random games of one to four players.
    #[test]
    fn the_unseen_tiles_are_the_full_set_less_the_board_and_the_own_rack() {
        for seed in 0..24 {
            let players = 1 + (seed % 4) as usize;
            let mut position = Position::new(Setup::new(players, seed)).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !position.is_over() {
                let on_board = position.squares.iter().filter_map(|square| match square {
                    Square::Empty => None,
                    Square::Digit(d) => Some(Tile::Digit(*d)),
                    Square::Joker => Some(Tile::Joker),
                });
                let board: Vec<Tile> = on_board.collect();
                for seat in 0..players {
                    let mut all = position.unseen_by(seat);
                    assert!(all.is_sorted());
                    all.extend_from_slice(position.rack(seat));
                    all.extend_from_slice(&board);
                    all.sort_unstable();
                    assert_eq!(all, full_set(), "seed {seed}, turn {}", position.turns());
                }
                let mv = random_move(&position, &mut rng);
                position.play(&mv).unwrap();
            }
        }
    }

    /// Dealing again what a seat cannot see keeps that seat's rack, every rack's size, the
    /// board and the tiles hidden from it, and moves the other tiles about.
    #[test]
    fn hidden_tiles_dealt_again_keep_what_the_seat_knows() {
        let mut moved = 0;
        for seed in 0..12 {
            let players = 2 + (seed % 3) as usize;
            let mut position = Position::new(Setup::new(players, seed)).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..6 {
                let mv = random_move(&position, &mut rng);
                position.play(&mv).unwrap();
            }
            let seat = position.to_move();
            let guess = position.with_hidden_dealt_again(seat, &mut rng);
            assert_eq!(guess.rack(seat), position.rack(seat));
            assert_eq!(guess.unseen_by(seat), position.unseen_by(seat));
            assert_eq!(guess.squares, position.squares);
            assert_eq!(guess.bag.len(), position.bag.len());
            for other in 0..players {
                assert_eq!(guess.rack(other).len(), position.rack(other).len());
                moved += usize::from(guess.rack(other) != position.rack(other));
            }
        }
        assert!(moved > 12, "the other racks hardly changed: {moved}");
    }
}
