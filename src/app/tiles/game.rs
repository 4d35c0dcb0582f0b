//! The tile game's turn flow: the rules position, the tiles laid tentatively this turn, the
//! joker's declared digit, the live preview, and who may see which rack.
//!
//! Everything here is plain data and functions: the screens send [`TilesIntent`]s, [`apply`]
//! answers with [`TilesChange`]s, and the rules core decides every question of legality.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::turn_clock::TurnLimit;
use abakus_rules::abaku::ai::Level;
use abakus_rules::abaku::{
    Cell, EndReason, Laid, Layout, Move, NotationError, Placement, PlayError, Position,
    PositionTextError, Put, Scored, Setup, SetupError, Square, Tile, Variants,
};

/// Who sits at each seat, and which variants the game is played with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TilesSetup {
    pub seats: Vec<Seat>,
    pub variants: Variants,
    /// Board B, the bare board with only the start square; board A otherwise.
    pub board_b: bool,
    pub seed: u64,
    /// The time each person has for a turn; when it runs out their tiles go back and they pass.
    #[serde(default)]
    pub turn_limit: TurnLimit,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub kind: SeatKind,
}

/// A person at the table, or the computer at a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SeatKind {
    #[default]
    Human,
    Computer(Level),
}

impl TilesSetup {
    /// The rules core's setup for this table.
    #[must_use]
    pub fn rules_setup(&self) -> Setup {
        Setup {
            players: self.seats.len(),
            variants: self.variants,
            seed: self.seed,
            layout: Some(if self.board_b {
                Layout::board_b()
            } else {
                Layout::board_a()
            }),
        }
    }

    /// How many people share the machine: with two or more, racks are hidden between turns.
    #[must_use]
    pub fn humans(&self) -> usize {
        self.seats
            .iter()
            .filter(|seat| seat.kind == SeatKind::Human)
            .count()
    }
}

/// A tile on the board this turn, not yet submitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tentative {
    /// Which tile of the turn's rack (see [`TilesMatch::turn_rack`]).
    pub slot: usize,
    pub cell: Cell,
    /// The digit a joker stands for; `None` for a digit tile.
    pub declared: Option<u8>,
}

/// Where the turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Stage {
    /// Between turns with several people at the table: every rack is hidden until the
    /// player to move asks to see theirs.
    HandOver,
    /// The player to move sees their rack and lays tiles.
    #[default]
    Turn,
    /// A joker was laid on this square: which digit does it stand for?
    JokerDigit {
        slot: usize,
        cell: Cell,
    },
    /// Challenge mode: the move just played waits for the other players to accept or
    /// challenge it.
    ChallengeWindow,
    Over,
}

/// A sentence for the player, in the words of `super::words`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TilesNotice {
    Refused(PlayError),
    JokerUndeclared,
    NotYourTurn,
    Scored {
        player: usize,
        points: i64,
    },
    Exchanged {
        player: usize,
        tiles: usize,
    },
    Passed {
        player: usize,
    },
    Challenged {
        challenger: usize,
        upheld: bool,
    },
    /// The hint found nothing to lay: an exchange or a pass is the move.
    NothingToLay,
    /// This player's time ran out: their tiles went back and they passed.
    TimeRanOut {
        player: usize,
    },
    /// The hint advises exchanging this many tiles (all but the joker) instead of laying.
    ExchangeAdvised {
        tiles: usize,
    },
}

/// One submitted turn, for the turn log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    pub player: usize,
    /// The move in the game's notation, as the turn log shows it.
    pub text: String,
    /// The move itself, so that nothing needs to read it back from its text.
    pub action: Move,
    pub points: i64,
    /// The examples the turn scored.
    pub examples: Vec<LoggedExample>,
}

/// One example a turn scored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedExample {
    /// The example read as a sum, like `12-4=8` (the panels set it as an equation).
    pub reading: String,
    pub points: i64,
    /// Its squares, to light them up.
    pub cells: Vec<Cell>,
}

/// The game in progress.
#[derive(Resource, Debug, Clone)]
pub struct TilesMatch {
    setup: TilesSetup,
    /// The rules position: the single source of truth.
    position: Position,
    /// The moves played, in notation, which is what a save holds.
    moves: Vec<String>,
    tentative: Vec<Tentative>,
    /// A blank joker on the board swapped this turn for a rack digit, which frees the joker.
    replacing: Option<(Cell, usize)>,
    /// A rack tile picked up to be laid with the next tap on a square.
    held: Option<usize>,
    stage: Stage,
    notice: Option<TilesNotice>,
    log: Vec<LogEntry>,
    /// The order the player arranged their rack in: turn-rack slots, left to right.
    rack_order: Vec<usize>,
}

/// What a save holds: the table and the moves, replayed through the rules core when loaded,
/// so a save that does not replay is refused rather than trusted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TilesSave {
    pub setup: TilesSetup,
    pub moves: Vec<String>,
}

/// Why a save does not replay: its table, or the first move the rules cannot read or refuse.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("turn {turn}: {text}: {why}")]
    Unreadable {
        turn: usize,
        text: String,
        why: NotationError,
    },
    #[error("turn {turn}: {text}: {}", .why.as_ref().map_or_else(|| "refused".to_owned(), ToString::to_string))]
    Refused {
        turn: usize,
        text: String,
        why: Option<PlayError>,
    },
}

/// What a player asks for, from a tap, a drag, a key, a button or a script.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum TilesIntent {
    /// Picks a rack tile up, or puts it back when it is already held.
    Hold(usize),
    /// Lays a rack tile on a square: a drop, or a tap on a square while a tile is held.
    Lay {
        slot: usize,
        cell: Cell,
    },
    /// A tap on a square: lays the held tile there, or takes back a tentative tile.
    TapSquare(Cell),
    /// Moves a tentative tile to another square.
    Shift {
        from: Cell,
        to: Cell,
    },
    /// Takes a tentative tile back to the rack.
    TakeBack(Cell),
    RecallAll,
    /// Mixes the order of the rack, by a number the caller chose at random.
    Shuffle(u64),
    /// Moves a rack tile to another place on the rack.
    Reorder {
        slot: usize,
        before: usize,
    },
    Declare(u8),
    CancelJoker,
    Submit,
    Pass,
    /// Exchanges these rack tiles (by slot) for tiles from the bag.
    Exchange(Vec<usize>),
    Concede,
    /// Challenge mode: this player challenges the move just played.
    Challenge(usize),
    /// The turn clock ran out for the person to move.
    TimeUp,
    /// Challenge mode: nobody challenges; the next turn begins.
    Accept,
    /// The player to move shows their rack.
    Reveal,
    /// Takes the last submitted turn back, where the rules of the table allow it.
    Undo,
    /// The computer's whole turn, chosen by its search.
    Computer(Move),
    /// A person asks what the computer would lay from their rack.
    Hint,
    /// The hint's answer when laying is not the best move: exchange this many tiles.
    AdviseExchange(usize),
    /// The hint's answer when it finds nothing to lay.
    NothingToLay,
    /// Whoever comes to the table next may not be the player whose rack was showing: with
    /// several people at it, the rack goes behind the hand-over curtain.
    HideRack,
}

/// What changed, for the board, the panels and the sound.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum TilesChange {
    Held(Option<usize>),
    Laid(Cell),
    TakenBack(Cell),
    JokerAsked(Cell),
    Refused,
    Submitted {
        player: usize,
        points: i64,
    },
    Exchanged,
    Passed,
    Conceded,
    Challenged {
        upheld: bool,
    },
    HandedOver {
        to: usize,
    },
    Revealed,
    /// A person asked for a hint; the computer works it out beside the frames.
    HintAsked,
    Undone,
    Finished(EndReason),
}

impl TilesMatch {
    /// A new game for this table, or why the rules core refuses it.
    pub fn new(setup: TilesSetup) -> Result<Self, SetupError> {
        let position = Position::new(setup.rules_setup())?;
        let mut game = Self {
            setup,
            position,
            moves: Vec::new(),
            tentative: Vec::new(),
            replacing: None,
            held: None,
            stage: Stage::Turn,
            notice: None,
            log: Vec::new(),
            rack_order: Vec::new(),
        };
        game.stage = game.stage_between_turns();
        Ok(game)
    }

    /// A game for studies and lessons: the given tiles lie on the board as old tiles, the
    /// racks are as given, and `to_move` plays next with their rack showing.
    pub fn arranged(
        setup: TilesSetup,
        board: &[(Cell, Square)],
        racks: &[Vec<Tile>],
        to_move: usize,
    ) -> Result<Self, PositionTextError> {
        let position = Position::arranged(setup.rules_setup(), board, racks, to_move)?;
        let mut game = Self::new(setup)?;
        game.position = position;
        game.stage = Stage::Turn;
        Ok(game)
    }

    /// The table this game is played at.
    #[must_use]
    pub fn setup(&self) -> &TilesSetup {
        &self.setup
    }

    /// The rules position: the single source of truth.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in notation, which is what a save holds.
    #[must_use]
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The tiles laid on the board this turn and not yet submitted.
    #[must_use]
    pub fn tentative(&self) -> &[Tentative] {
        &self.tentative
    }

    /// A blank joker on the board swapped this turn for a rack digit, which frees the joker.
    #[must_use]
    pub fn replacing(&self) -> Option<(Cell, usize)> {
        self.replacing
    }

    /// A rack tile picked up to be laid with the next tap on a square.
    #[must_use]
    pub fn held(&self) -> Option<usize> {
        self.held
    }

    /// Where the turn flow stands.
    #[must_use]
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// What the players are told about the last thing that happened.
    #[must_use]
    pub fn notice(&self) -> Option<&TilesNotice> {
        self.notice.as_ref()
    }

    /// The turn log, oldest first.
    #[must_use]
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The save of this game.
    #[must_use]
    pub fn save(&self) -> TilesSave {
        TilesSave {
            setup: self.setup.clone(),
            moves: self.moves.clone(),
        }
    }

    /// Rebuilds a saved game by replaying its moves; the first move that does not replay is
    /// named in the error.
    pub fn replay(save: &TilesSave) -> Result<Self, ReplayError> {
        let mut game = Self::new(save.setup.clone())?;
        for (index, text) in save.moves.iter().enumerate() {
            let turn = index + 1;
            let mv = game
                .position
                .parse_move(text)
                .map_err(|why| ReplayError::Unreadable {
                    turn,
                    text: text.clone(),
                    why,
                })?;
            let changes = match mv {
                Move::Challenge(player) => challenge(&mut game, player),
                mv => play_turn(&mut game, mv),
            };
            if changes.first() == Some(&TilesChange::Refused) {
                let why = match &game.notice {
                    Some(TilesNotice::Refused(error)) => Some(error.clone()),
                    _ => None,
                };
                return Err(ReplayError::Refused {
                    turn,
                    text: text.clone(),
                    why,
                });
            }
        }
        game.notice = None;
        // A game saved between turns resumes with the racks hidden, whatever it was showing.
        game.stage = game.stage_between_turns();
        Ok(game)
    }

    /// The rack slots still on the rack, in the order the player arranged them.
    #[must_use]
    pub fn rack_in_order(&self) -> Vec<usize> {
        let free = self.free_slots();
        let mut ordered: Vec<usize> = self
            .rack_order
            .iter()
            .copied()
            .filter(|slot| free.contains(slot))
            .collect();
        ordered.extend(
            free.into_iter()
                .filter(|slot| !self.rack_order.contains(slot)),
        );
        ordered
    }

    /// The tiles the player to move may lay this turn: their rack, and the joker a
    /// replacement on the board has freed.
    #[must_use]
    pub fn turn_rack(&self) -> Vec<Tile> {
        let mut rack = self.position.rack(self.position.to_move()).to_vec();
        if let Some((_, slot)) = self.replacing
            && slot < rack.len()
        {
            rack.remove(slot);
            rack.push(Tile::Joker);
        }
        rack
    }

    /// Rack slots still on the rack (not laid tentatively, not used to replace the joker).
    #[must_use]
    pub fn free_slots(&self) -> Vec<usize> {
        (0..self.turn_rack().len())
            .filter(|&slot| !self.tentative.iter().any(|t| t.slot == slot))
            .collect()
    }

    /// Whether the racks may be drawn now: never while the table hands over, and never the
    /// computer's.
    #[must_use]
    pub fn rack_visible(&self) -> bool {
        matches!(self.stage, Stage::Turn | Stage::JokerDigit { .. })
            && self.computer_to_move().is_none()
    }

    /// The computer's level when it is the computer's turn to lay tiles.
    #[must_use]
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.position.is_over() {
            return None;
        }
        match self.setup.seats.get(self.position.to_move())?.kind {
            SeatKind::Computer(level) => Some(level),
            SeatKind::Human => None,
        }
    }

    /// The tentative tiles as a placement for the rules core; `None` while a joker has no
    /// declared digit or nothing is laid.
    #[must_use]
    pub fn placement(&self) -> Option<Placement> {
        if self.tentative.is_empty() && self.replacing.is_none() {
            return None;
        }
        let rack = self.turn_rack();
        let mut puts = Vec::with_capacity(self.tentative.len());
        for tentative in &self.tentative {
            let laid = match (rack.get(tentative.slot)?, tentative.declared) {
                (Tile::Digit(d), _) => Laid::Digit(*d),
                (Tile::Joker, Some(d)) => Laid::Joker(d),
                (Tile::Joker, None) => return None,
            };
            puts.push(Put {
                cell: tentative.cell,
                laid,
            });
        }
        let replace = match self.replacing {
            Some((cell, slot)) => {
                let own = self.position.rack(self.position.to_move());
                match own.get(slot)? {
                    Tile::Digit(d) => Some((cell, *d)),
                    Tile::Joker => return None,
                }
            }
            None => None,
        };
        Some(Placement { replace, puts })
    }

    /// The rules core's verdict on the tiles laid so far: their examples and points, or the
    /// reason they cannot be submitted. `None` while nothing is laid.
    #[must_use]
    pub fn preview(&self) -> Option<Result<Scored, PlayError>> {
        let placement = self.placement()?;
        Some(self.position.evaluate(&placement))
    }

    /// Whether Submit may be pressed: a legal placement, or in challenge mode any placement
    /// the rules accept as pending.
    #[must_use]
    pub fn can_submit(&self) -> bool {
        self.placement()
            .is_some_and(|placement| self.position.accepts(&placement).is_ok())
    }

    fn stage_between_turns(&self) -> Stage {
        if self.position.is_over() {
            Stage::Over
        } else if self.position.pending().is_some() {
            Stage::ChallengeWindow
        } else if self.computer_to_move().is_some() {
            // The computer needs no curtain: its rack is never drawn.
            Stage::Turn
        } else if self.setup.humans() >= 2 {
            Stage::HandOver
        } else {
            Stage::Turn
        }
    }

    fn clear_turn(&mut self) {
        self.tentative.clear();
        self.replacing = None;
        self.held = None;
        self.rack_order.clear();
    }
}

/// Applies one intent and says what changed. This is the whole turn flow.
pub fn apply(game: &mut TilesMatch, intent: TilesIntent) -> Vec<TilesChange> {
    match (game.stage, intent) {
        (_, TilesIntent::HideRack) => hide_rack(game),
        (Stage::Over, TilesIntent::Undo) => undo(game),
        (Stage::Over, _) => Vec::new(),
        (Stage::HandOver, TilesIntent::Reveal) => {
            game.stage = Stage::Turn;
            vec![TilesChange::Revealed]
        }
        (Stage::HandOver, TilesIntent::Undo) => undo(game),
        (Stage::HandOver, _) => Vec::new(),
        (Stage::ChallengeWindow, TilesIntent::Challenge(player)) => challenge(game, player),
        (Stage::ChallengeWindow, TilesIntent::Accept) => {
            game.stage = if game.setup.humans() >= 2 && game.computer_to_move().is_none() {
                Stage::HandOver
            } else {
                Stage::Turn
            };
            handed_over(game)
        }
        (Stage::ChallengeWindow, _) => Vec::new(),
        (Stage::JokerDigit { slot, cell }, TilesIntent::Declare(digit)) if digit <= 9 => {
            game.stage = Stage::Turn;
            game.tentative.retain(|t| t.cell != cell);
            game.tentative.push(Tentative {
                slot,
                cell,
                declared: Some(digit),
            });
            vec![TilesChange::Laid(cell)]
        }
        (Stage::JokerDigit { .. }, TilesIntent::CancelJoker) => {
            game.stage = Stage::Turn;
            Vec::new()
        }
        (Stage::JokerDigit { .. } | Stage::Turn, TilesIntent::TimeUp)
            if game.computer_to_move().is_none() =>
        {
            // The tiles laid go back to the rack and the turn is passed.
            let player = game.position.to_move();
            game.stage = Stage::Turn;
            game.clear_turn();
            let changes = play_turn(game, Move::Pass);
            game.notice = Some(TilesNotice::TimeRanOut { player });
            changes
        }
        (Stage::JokerDigit { .. }, _) => Vec::new(),
        (Stage::Turn, TilesIntent::Computer(mv)) if game.computer_to_move().is_some() => {
            game.clear_turn();
            let changes = play_turn(game, mv);
            if changes.first() == Some(&TilesChange::Refused) {
                // Never expected; but a computer stuck on a refused move would hold the table.
                return play_turn(game, Move::Pass);
            }
            changes
        }
        (Stage::Turn, TilesIntent::Undo) => turn(game, TilesIntent::Undo),
        // While the computer lays tiles, the board and buttons are not the people's.
        (Stage::Turn, _) if game.computer_to_move().is_some() => Vec::new(),
        (Stage::Turn, intent) => turn(game, intent),
    }
}

/// The tiles laid this turn stay where they were, and a joker still waiting for its digit goes
/// back to the rack.
fn hide_rack(game: &mut TilesMatch) -> Vec<TilesChange> {
    let rack_was_showing = matches!(game.stage, Stage::Turn | Stage::JokerDigit { .. })
        && game.computer_to_move().is_none();
    if !rack_was_showing || game.setup.humans() < 2 {
        return Vec::new();
    }
    if let Stage::JokerDigit { cell, .. } = game.stage {
        game.tentative
            .retain(|tentative| tentative.cell != cell || tentative.declared.is_some());
    }
    game.held = None;
    game.stage = Stage::HandOver;
    Vec::new()
}

fn turn(game: &mut TilesMatch, intent: TilesIntent) -> Vec<TilesChange> {
    match intent {
        TilesIntent::Hold(slot) => hold(game, slot),
        TilesIntent::Lay { slot, cell } => lay(game, slot, cell),
        TilesIntent::TapSquare(cell) => match game.held {
            Some(slot) => lay(game, slot, cell),
            None if game.tentative.iter().any(|t| t.cell == cell)
                || game.replacing.is_some_and(|(at, _)| at == cell) =>
            {
                take_back(game, cell)
            }
            None => Vec::new(),
        },
        TilesIntent::Shift { from, to } => shift(game, from, to),
        TilesIntent::TakeBack(cell) => take_back(game, cell),
        TilesIntent::RecallAll => {
            let cells: Vec<Cell> = game.tentative.iter().map(|t| t.cell).collect();
            let order = std::mem::take(&mut game.rack_order);
            game.clear_turn();
            game.rack_order = order;
            cells.into_iter().map(TilesChange::TakenBack).collect()
        }
        TilesIntent::Shuffle(seed) => shuffle(game, seed),
        TilesIntent::Reorder { slot, before } => reorder(game, slot, before),
        TilesIntent::Submit => submit(game),
        TilesIntent::Pass => play_turn(game, Move::Pass),
        TilesIntent::Exchange(slots) => exchange(game, &slots),
        TilesIntent::Concede => {
            game.clear_turn();
            play_turn(game, Move::Concede)
        }
        TilesIntent::Undo => {
            if game.tentative.is_empty() && game.replacing.is_none() {
                undo(game)
            } else {
                apply(game, TilesIntent::RecallAll)
            }
        }
        TilesIntent::Hint => vec![TilesChange::HintAsked],
        TilesIntent::AdviseExchange(tiles) => {
            game.notice = Some(TilesNotice::ExchangeAdvised { tiles });
            Vec::new()
        }
        TilesIntent::NothingToLay => {
            game.notice = Some(TilesNotice::NothingToLay);
            Vec::new()
        }
        TilesIntent::Declare(_)
        | TilesIntent::CancelJoker
        | TilesIntent::Challenge(_)
        | TilesIntent::Accept
        | TilesIntent::Reveal
        | TilesIntent::TimeUp
        | TilesIntent::HideRack
        | TilesIntent::Computer(_) => Vec::new(),
    }
}

/// Picks a rack tile up, or puts the held one down.
fn hold(game: &mut TilesMatch, slot: usize) -> Vec<TilesChange> {
    if !game.free_slots().contains(&slot) {
        return Vec::new();
    }
    game.held = if game.held == Some(slot) {
        None
    } else {
        Some(slot)
    };
    vec![TilesChange::Held(game.held)]
}

/// Moves a tile laid this turn to another square.
fn shift(game: &mut TilesMatch, from: Cell, to: Cell) -> Vec<TilesChange> {
    let Some(moved) = game.tentative.iter().find(|t| t.cell == from).copied() else {
        return Vec::new();
    };
    if from == to {
        return Vec::new();
    }
    take_back(game, from);
    lay(game, moved.slot, to)
}

/// Shuffles the rack's order on screen (the rack itself is a set).
fn shuffle(game: &mut TilesMatch, mut seed: u64) -> Vec<TilesChange> {
    let mut order = game.rack_in_order();
    // A small Fisher-Yates with a xorshift: no need for more randomness than that.
    for i in (1..order.len()).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        order.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    game.rack_order = order;
    vec![TilesChange::Held(game.held)]
}

/// Moves a rack tile to just before another on screen (or to the end).
fn reorder(game: &mut TilesMatch, slot: usize, before: usize) -> Vec<TilesChange> {
    let mut order = game.rack_in_order();
    let Some(from) = order.iter().position(|&s| s == slot) else {
        return Vec::new();
    };
    order.remove(from);
    let to = order
        .iter()
        .position(|&s| s == before)
        .unwrap_or(order.len());
    order.insert(to, slot);
    game.rack_order = order;
    vec![TilesChange::Held(game.held)]
}

/// Swaps the rack tiles in these slots for tiles from the bag.
fn exchange(game: &mut TilesMatch, slots: &[usize]) -> Vec<TilesChange> {
    let rack = game.position.rack(game.position.to_move()).to_vec();
    let mut tiles = Vec::new();
    for &slot in slots {
        match rack.get(slot) {
            Some(tile) => tiles.push(*tile),
            None => return Vec::new(),
        }
    }
    game.clear_turn();
    play_turn(game, Move::Exchange(tiles))
}

fn lay(game: &mut TilesMatch, slot: usize, cell: Cell) -> Vec<TilesChange> {
    game.held = None;
    let rack = game.turn_rack();
    let Some(&tile) = rack.get(slot) else {
        return Vec::new();
    };
    if !game.position.layout().contains(cell) {
        return Vec::new();
    }
    // A slot already on the board moves to the new square.
    if let Some(index) = game.tentative.iter().position(|t| t.slot == slot) {
        game.tentative.remove(index);
    }
    match game.position.square(cell) {
        // A rack digit dropped on the blank joker replaces it; the joker comes to the rack.
        Square::Joker if game.replacing.is_none() => {
            let Tile::Digit(_) = tile else {
                game.notice = Some(TilesNotice::Refused(PlayError::Occupied(cell)));
                return vec![TilesChange::Refused];
            };
            // Slots are of the turn's rack; replacing changes that rack, so only a rack with
            // nothing laid yet may replace (the usual order: swap first, then lay).
            if !game.tentative.is_empty() {
                game.notice = Some(TilesNotice::Refused(PlayError::Occupied(cell)));
                return vec![TilesChange::Refused];
            }
            game.replacing = Some((cell, slot));
            vec![TilesChange::Laid(cell)]
        }
        Square::Empty => {
            if game.tentative.iter().any(|t| t.cell == cell) {
                game.notice = Some(TilesNotice::Refused(PlayError::Occupied(cell)));
                return vec![TilesChange::Refused];
            }
            match tile {
                Tile::Joker => {
                    game.stage = Stage::JokerDigit { slot, cell };
                    vec![TilesChange::JokerAsked(cell)]
                }
                Tile::Digit(_) => {
                    game.tentative.push(Tentative {
                        slot,
                        cell,
                        declared: None,
                    });
                    game.notice = None;
                    vec![TilesChange::Laid(cell)]
                }
            }
        }
        _ => {
            game.notice = Some(TilesNotice::Refused(PlayError::Occupied(cell)));
            vec![TilesChange::Refused]
        }
    }
}

fn take_back(game: &mut TilesMatch, cell: Cell) -> Vec<TilesChange> {
    if game.replacing.is_some_and(|(at, _)| at == cell) {
        // Undoing the swap takes back the freed joker too, wherever it was laid.
        game.clear_turn();
        return vec![TilesChange::TakenBack(cell)];
    }
    let before = game.tentative.len();
    game.tentative.retain(|t| t.cell != cell);
    if game.tentative.len() == before {
        return Vec::new();
    }
    vec![TilesChange::TakenBack(cell)]
}

fn submit(game: &mut TilesMatch) -> Vec<TilesChange> {
    let Some(placement) = game.placement() else {
        game.notice = Some(if game.tentative.iter().any(|t| t.declared.is_none()) {
            TilesNotice::JokerUndeclared
        } else {
            TilesNotice::Refused(PlayError::NothingPlaced)
        });
        return vec![TilesChange::Refused];
    };
    play_turn(game, Move::Place(placement))
}

/// Plays a whole turn through the rules core and moves the table on.
fn play_turn(game: &mut TilesMatch, mv: Move) -> Vec<TilesChange> {
    let player = game.position.to_move();
    let preview = match &mv {
        Move::Place(placement) => game.position.evaluate(placement).ok(),
        _ => None,
    };
    let text = mv.to_string();
    match game.position.play(&mv) {
        Ok(scored) => {
            game.moves.push(text.clone());
            game.clear_turn();
            let rules = game.position.variants().read_rules();
            let examples = preview
                .unwrap_or(scored.clone())
                .examples
                .iter()
                .map(|formed| LoggedExample {
                    reading: formed
                        .readings(rules)
                        .into_iter()
                        .next()
                        .unwrap_or_else(|| formed.digits.clone()),
                    points: formed.points,
                    cells: formed
                        .cells
                        .iter()
                        .map(|&index| game.position.layout().cell(index))
                        .collect(),
                })
                .collect();
            game.log.push(LogEntry {
                player,
                text,
                action: mv.clone(),
                points: scored.points,
                examples,
            });
            let mut changes = vec![match mv {
                Move::Place(_) => {
                    game.notice = Some(TilesNotice::Scored {
                        player,
                        points: scored.points,
                    });
                    TilesChange::Submitted {
                        player,
                        points: scored.points,
                    }
                }
                Move::Exchange(tiles) => {
                    game.notice = Some(TilesNotice::Exchanged {
                        player,
                        tiles: tiles.len(),
                    });
                    TilesChange::Exchanged
                }
                Move::Pass => {
                    game.notice = Some(TilesNotice::Passed { player });
                    TilesChange::Passed
                }
                Move::Concede => TilesChange::Conceded,
                Move::Challenge(_) => TilesChange::Challenged { upheld: false },
            }];
            game.stage = game.stage_between_turns();
            changes.extend(handed_over(game));
            changes
        }
        Err(error) => {
            game.notice = Some(TilesNotice::Refused(error));
            vec![TilesChange::Refused]
        }
    }
}

/// What follows a finished turn: the end, or the hand-over to the next player.
fn handed_over(game: &TilesMatch) -> Vec<TilesChange> {
    match (game.stage, game.position.outcome()) {
        (Stage::Over, Some(reason)) => vec![TilesChange::Finished(reason)],
        (Stage::HandOver, _) => vec![TilesChange::HandedOver {
            to: game.position.to_move(),
        }],
        _ => Vec::new(),
    }
}

fn challenge(game: &mut TilesMatch, challenger: usize) -> Vec<TilesChange> {
    let Some(pending) = game.position.pending() else {
        return Vec::new();
    };
    let before = game.position.players()[pending.player].score;
    match game.position.play(&Move::Challenge(challenger)) {
        Ok(_) => {
            game.moves.push(Move::Challenge(challenger).to_string());
            // A wrong move is taken back and costs its player; a right one costs the
            // challenger their next turn.
            let upheld = game.position.players()[pending.player].score < before;
            game.notice = Some(TilesNotice::Challenged { challenger, upheld });
            game.stage = game.stage_between_turns();
            let mut changes = vec![TilesChange::Challenged { upheld }];
            changes.extend(handed_over(game));
            changes
        }
        Err(error) => {
            game.notice = Some(TilesNotice::Refused(error));
            vec![TilesChange::Refused]
        }
    }
}

/// Takes the last turn back: always in solo play; with several people only the turn just
/// submitted, before the next player has seen their rack (the drawn tiles go back unseen).
fn undo(game: &mut TilesMatch) -> Vec<TilesChange> {
    let allowed = match game.stage {
        Stage::HandOver | Stage::Over => true,
        Stage::Turn => game.setup.humans() < 2,
        _ => false,
    };
    if !allowed || game.position.undo().is_err() {
        return Vec::new();
    }
    game.moves.pop();
    game.log.pop();
    // Against the computer, its turn goes back too: the person is to move again.
    while game.setup.humans() > 0
        && game.computer_to_move().is_some()
        && game.position.undo().is_ok()
    {
        game.moves.pop();
        game.log.pop();
    }
    game.clear_turn();
    game.notice = None;
    game.stage = Stage::Turn;
    vec![TilesChange::Undone]
}

/// The intents that lay a placement tile by tile from the rack of the player to move; `game`
/// follows along so that each tile takes a slot not yet used.
pub fn lay_intents(game: &mut TilesMatch, placement: &Placement) -> Vec<TilesIntent> {
    let mut intents = Vec::new();
    let mut step = |game: &mut TilesMatch, intent: TilesIntent| {
        apply(game, intent.clone());
        intents.push(intent);
    };
    if let Some((cell, digit)) = placement.replace {
        let rack = game.turn_rack();
        if let Some(slot) = game
            .free_slots()
            .into_iter()
            .find(|&slot| rack[slot] == Tile::Digit(digit))
        {
            step(game, TilesIntent::Lay { slot, cell });
        }
    }
    for put in &placement.puts {
        let rack = game.turn_rack();
        let wanted = put.laid.tile();
        let Some(slot) = game
            .free_slots()
            .into_iter()
            .find(|&slot| rack[slot] == wanted)
        else {
            continue;
        };
        step(
            game,
            TilesIntent::Lay {
                slot,
                cell: put.cell,
            },
        );
        if let Laid::Joker(digit) = put.laid {
            step(game, TilesIntent::Declare(digit));
        }
    }
    intents
}

#[cfg(test)]
mod tests {
    use super::*;
    use abakus_rules::abaku::full_set;

    fn seats(n: usize) -> Vec<Seat> {
        (0..n)
            .map(|i| Seat {
                name: format!("P{}", i + 1),
                kind: SeatKind::Human,
            })
            .collect()
    }

    fn table(players: usize, seed: u64) -> TilesMatch {
        TilesMatch::new(TilesSetup {
            seats: seats(players),
            variants: Variants::default(),
            board_b: players == 1,
            seed,
            turn_limit: TurnLimit::Off,
        })
        .unwrap()
    }

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    /// A game whose player to move holds exactly these tiles, with `board` already laid.
    fn arranged(players: usize, board: &[(&str, Square)], rack: &str) -> TilesMatch {
        let mut game = table(players, 3);
        let racks: Vec<Vec<Tile>> = (0..players)
            .map(|p| {
                if p == 0 {
                    rack.chars().map(|c| Tile::from_char(c).unwrap()).collect()
                } else {
                    vec![Tile::Digit(9); 5]
                }
            })
            .collect();
        let squares: Vec<(Cell, Square)> = board.iter().map(|(c, s)| (cell(c), *s)).collect();
        game.position = Position::arranged(game.setup.rules_setup(), &squares, &racks, 0).unwrap();
        game.stage = Stage::Turn;
        game
    }

    fn slot_of(game: &TilesMatch, tile: Tile) -> usize {
        let free = game.free_slots();
        let rack = game.turn_rack();
        *free.iter().find(|&&s| rack[s] == tile).unwrap()
    }

    fn tiles_everywhere(game: &TilesMatch) -> usize {
        game.position.tile_count()
    }

    #[test]
    fn tentative_tiles_never_touch_the_rules_position_until_submitted() {
        let mut game = arranged(2, &[("H8", Square::Digit(3))], "25");
        let before = game.position.clone();
        let two = slot_of(&game, Tile::Digit(2));
        assert_eq!(
            apply(
                &mut game,
                TilesIntent::Lay {
                    slot: two,
                    cell: cell("G8")
                }
            ),
            [TilesChange::Laid(cell("G8"))]
        );
        assert_eq!(game.position, before);
        // 2 alone beside the 3 reads nothing: the preview says why, submit is refused.
        assert!(matches!(game.preview(), Some(Err(_))));
        assert!(!game.can_submit());
        let five = slot_of(&game, Tile::Digit(5));
        apply(&mut game, TilesIntent::Hold(five));
        apply(&mut game, TilesIntent::TapSquare(cell("I8")));
        let preview = game.preview().unwrap().unwrap();
        assert_eq!(preview.points, 3);
        assert!(game.can_submit());
        assert_eq!(game.position, before, "a preview changes nothing");
        let changes = apply(&mut game, TilesIntent::Submit);
        assert_eq!(
            changes[0],
            TilesChange::Submitted {
                player: 0,
                points: 3
            }
        );
        assert_eq!(game.position.players()[0].score, 3);
        assert_eq!(game.moves, ["G8=2 I8=5"]);
        let logged = &game.log[0].examples;
        assert_eq!(logged.len(), 1);
        assert_eq!((logged[0].reading.as_str(), logged[0].points), ("2+3=5", 3));
        assert_eq!(logged[0].cells.len(), 3);
        assert_eq!(tiles_everywhere(&game), full_set().len());
        // Two people at the table: the racks hide until the next player reveals theirs.
        assert_eq!(game.stage, Stage::HandOver);
        assert!(!game.rack_visible());
        assert_eq!(changes[1], TilesChange::HandedOver { to: 1 });
        apply(&mut game, TilesIntent::Reveal);
        assert!(game.rack_visible());
    }

    #[test]
    fn an_illegal_submit_is_refused_with_its_reason_and_changes_nothing() {
        // 38 reads as nothing (where 39 would be 3² = 9).
        let mut game = arranged(2, &[("H8", Square::Digit(3))], "28");
        let before = game.position.clone();
        let eight = slot_of(&game, Tile::Digit(8));
        apply(
            &mut game,
            TilesIntent::Lay {
                slot: eight,
                cell: cell("I8"),
            },
        );
        assert_eq!(
            apply(&mut game, TilesIntent::Submit),
            [TilesChange::Refused]
        );
        assert!(matches!(game.notice, Some(TilesNotice::Refused(_))));
        assert_eq!(game.position, before);
        assert_eq!(game.tentative.len(), 1, "the tile stays where it was laid");
    }

    #[test]
    fn the_joker_asks_for_its_digit_and_cannot_be_submitted_without_one() {
        let mut game = arranged(
            2,
            &[
                ("C4", Square::Digit(2)),
                ("E4", Square::Digit(1)),
                ("D5", Square::Digit(3)),
                ("D6", Square::Digit(5)),
            ],
            "?",
        );
        let joker = slot_of(&game, Tile::Joker);
        assert_eq!(
            apply(
                &mut game,
                TilesIntent::Lay {
                    slot: joker,
                    cell: cell("D4")
                }
            ),
            [TilesChange::JokerAsked(cell("D4"))]
        );
        assert_eq!(
            game.stage,
            Stage::JokerDigit {
                slot: joker,
                cell: cell("D4")
            }
        );
        // Nothing else happens until a digit is chosen or the prompt is cancelled.
        assert!(apply(&mut game, TilesIntent::Submit).is_empty());
        assert!(!game.can_submit());
        apply(&mut game, TilesIntent::CancelJoker);
        assert!(game.tentative.is_empty());
        apply(
            &mut game,
            TilesIntent::Lay {
                slot: joker,
                cell: cell("D4"),
            },
        );
        assert!(
            apply(&mut game, TilesIntent::Declare(12)).is_empty(),
            "one digit only"
        );
        apply(&mut game, TilesIntent::Declare(2));
        let preview = game.preview().unwrap().unwrap();
        assert_eq!(preview.points, 6);
        apply(&mut game, TilesIntent::Submit);
        assert_eq!(game.moves, ["D4=?2"]);
    }

    #[test]
    fn a_rack_digit_dropped_on_the_blank_joker_frees_it_for_this_turn() {
        // The joker on H9 stood for 2 in 3 - 2 = 1 down column H.
        let mut game = arranged(
            2,
            &[
                ("H8", Square::Digit(3)),
                ("H9", Square::Joker),
                ("H10", Square::Digit(1)),
            ],
            "2",
        );
        let two = slot_of(&game, Tile::Digit(2));
        apply(
            &mut game,
            TilesIntent::Lay {
                slot: two,
                cell: cell("H9"),
            },
        );
        assert_eq!(game.replacing, Some((cell("H9"), two)));
        // The joker is back on the rack and may be laid again at once.
        let rack = game.turn_rack();
        assert_eq!(rack, [Tile::Joker], "the 2 left the rack for the board");
        assert!(game.can_submit(), "{:?}", game.preview());
        apply(&mut game, TilesIntent::Submit);
        assert_eq!(
            game.position
                .rack(0)
                .iter()
                .filter(|t| **t == Tile::Joker)
                .count(),
            1
        );
        assert_eq!(tiles_everywhere(&game), full_set().len());
    }

    #[test]
    fn tentative_tiles_move_come_back_and_recall() {
        let mut game = arranged(2, &[("H8", Square::Digit(3))], "25");
        let two = slot_of(&game, Tile::Digit(2));
        apply(
            &mut game,
            TilesIntent::Lay {
                slot: two,
                cell: cell("G8"),
            },
        );
        apply(
            &mut game,
            TilesIntent::Shift {
                from: cell("G8"),
                to: cell("H7"),
            },
        );
        assert_eq!(game.tentative[0].cell, cell("H7"));
        // A tap on a tentative tile with nothing held takes it back.
        apply(&mut game, TilesIntent::TapSquare(cell("H7")));
        assert!(game.tentative.is_empty());
        apply(
            &mut game,
            TilesIntent::Lay {
                slot: two,
                cell: cell("G8"),
            },
        );
        // An occupied square refuses.
        let five = slot_of(&game, Tile::Digit(5));
        assert_eq!(
            apply(
                &mut game,
                TilesIntent::Lay {
                    slot: five,
                    cell: cell("H8")
                }
            ),
            [TilesChange::Refused]
        );
        apply(&mut game, TilesIntent::RecallAll);
        assert!(game.tentative.is_empty());
        assert_eq!(game.free_slots().len(), 2);
    }

    #[test]
    fn undo_takes_back_a_turn_only_before_the_next_player_looks() {
        let mut game = arranged(2, &[("H8", Square::Digit(3))], "25");
        apply(
            &mut game,
            TilesIntent::Lay {
                slot: 0,
                cell: cell("G8"),
            },
        );
        apply(
            &mut game,
            TilesIntent::Lay {
                slot: 1,
                cell: cell("I8"),
            },
        );
        let before = game.position.clone();
        apply(&mut game, TilesIntent::Submit);
        assert_eq!(game.stage, Stage::HandOver);
        // The mover is still at the machine: their turn comes back, the drawn tiles unseen.
        assert_eq!(apply(&mut game, TilesIntent::Undo), [TilesChange::Undone]);
        assert_eq!(game.position, before);
        assert!(game.moves.is_empty());
        apply(
            &mut game,
            TilesIntent::Lay {
                slot: 0,
                cell: cell("G8"),
            },
        );
        apply(
            &mut game,
            TilesIntent::Lay {
                slot: 1,
                cell: cell("I8"),
            },
        );
        apply(&mut game, TilesIntent::Submit);
        apply(&mut game, TilesIntent::Reveal);
        // Once the next player has seen their rack, the turn before stands.
        assert!(apply(&mut game, TilesIntent::Undo).is_empty());
        assert_eq!(game.moves.len(), 1);
    }

    #[test]
    fn a_save_replays_to_the_same_game_and_a_tampered_one_is_refused() {
        let mut game = table(2, 11);
        for _ in 0..3 {
            apply(&mut game, TilesIntent::Reveal);
            apply(&mut game, TilesIntent::Exchange(vec![0]));
            apply(&mut game, TilesIntent::Reveal);
            apply(&mut game, TilesIntent::Pass);
        }
        let save = game.save();
        let text = serde_json::to_string(&save).unwrap();
        let again = TilesMatch::replay(&serde_json::from_str(&text).unwrap()).unwrap();
        assert_eq!(
            again.position, game.position,
            "racks, bag order and scores alike"
        );
        assert_eq!(again.log, game.log);
        assert_eq!(again.stage, Stage::HandOver);
        let mut tampered = save.clone();
        tampered.moves.insert(0, "H8=1 H9=1".into());
        let error = TilesMatch::replay(&tampered).unwrap_err().to_string();
        assert!(error.starts_with("turn 1: H8=1 H9=1"), "{error}");
    }

    #[test]
    fn the_rack_shuffles_and_reorders_without_changing_the_tiles() {
        let mut game = table(1, 4);
        let before: Vec<Tile> = game.turn_rack();
        apply(&mut game, TilesIntent::Reorder { slot: 4, before: 0 });
        assert_eq!(game.rack_in_order(), [4, 0, 1, 2, 3]);
        apply(&mut game, TilesIntent::Shuffle(0x9e37_79b9_7f4a_7c15));
        let mut order = game.rack_in_order();
        order.sort_unstable();
        assert_eq!(order, [0, 1, 2, 3, 4]);
        assert_eq!(game.turn_rack(), before);
    }

    #[test]
    fn solo_play_never_hands_over_and_undoes_freely() {
        let mut game = table(1, 5);
        assert_eq!(game.stage, Stage::Turn);
        apply(&mut game, TilesIntent::Pass);
        assert_eq!(game.stage, Stage::Turn);
        assert_eq!(apply(&mut game, TilesIntent::Undo), [TilesChange::Undone]);
        assert!(game.moves.is_empty());
    }

    #[test]
    fn exchange_pass_and_concede_go_through_the_rules() {
        let mut game = table(2, 9);
        assert_eq!(game.stage, Stage::HandOver);
        apply(&mut game, TilesIntent::Reveal);
        let mover = game.position.to_move();
        assert_eq!(
            apply(&mut game, TilesIntent::Exchange(vec![0, 1]))[0],
            TilesChange::Exchanged
        );
        assert_eq!(game.position.rack(mover).len(), 5);
        assert_eq!(tiles_everywhere(&game), full_set().len());
        apply(&mut game, TilesIntent::Reveal);
        assert_eq!(apply(&mut game, TilesIntent::Pass)[0], TilesChange::Passed);
        apply(&mut game, TilesIntent::Reveal);
        let changes = apply(&mut game, TilesIntent::Concede);
        assert_eq!(changes[0], TilesChange::Conceded);
        assert!(matches!(
            changes[1],
            TilesChange::Finished(EndReason::Conceded(_))
        ));
        assert_eq!(game.stage, Stage::Over);
        assert!(apply(&mut game, TilesIntent::Pass).is_empty());
    }

    #[test]
    fn challenge_mode_waits_for_the_table_and_a_wrong_move_goes_back() {
        let mut game = arranged(2, &[("H8", Square::Digit(1))], "321");
        game.position = Position::arranged(
            Setup {
                variants: Variants {
                    challenge: true,
                    ..Variants::default()
                },
                ..game.setup.rules_setup()
            },
            &[(cell("H8"), Square::Digit(1))],
            &[
                "321".chars().map(|c| Tile::from_char(c).unwrap()).collect(),
                vec![Tile::Digit(9); 5],
            ],
            0,
        )
        .unwrap();
        game.setup.variants.challenge = true;
        // 3 - 2 = 1, but the new 2 forms nothing with the old 1 above it: wrong, yet accepted
        // as pending.
        for (slot, name) in [(0, "G9"), (1, "H9"), (2, "I9")] {
            apply(
                &mut game,
                TilesIntent::Lay {
                    slot,
                    cell: cell(name),
                },
            );
        }
        assert!(game.can_submit());
        apply(&mut game, TilesIntent::Submit);
        assert_eq!(game.stage, Stage::ChallengeWindow);
        assert_eq!(
            apply(&mut game, TilesIntent::Challenge(1))[0],
            TilesChange::Challenged { upheld: true }
        );
        assert_eq!(game.position.players()[0].score, -3);
        assert_eq!(game.position.rack(0).len(), 3);
    }
}
