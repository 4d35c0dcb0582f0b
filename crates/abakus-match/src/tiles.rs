//! The tile game's turn flow: the rules position, the tiles laid tentatively this turn, the
//! joker's declared digit, the live preview, and who may see which rack.
//!
//! Everything here is plain data and functions: the screens send [`TilesIntent`]s, [`apply`]
//! answers with [`TilesChange`]s, and the rules core decides every question of legality.

use serde::{Deserialize, Serialize};

use crate::clock::TurnLimit;
use abakus_rules::abaku::ai::Level;
use abakus_rules::abaku::{
    Cell, EndReason, Laid, Layout, Move, NotationError, Placement, PlayError, Position,
    PositionTextError, Put, Scored, Setup, SetupError, Square, Tile, Variants,
};

pub mod copy;
mod turn;
pub mod view;
pub mod wire;

pub use turn::{apply, computers_answer, lay_intents, random_turn};
use turn::{challenge, play_turn};

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

/// A person at the screen, a person playing on their phone, or the computer at a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SeatKind {
    #[default]
    Human,
    /// A person whose rack is on their own phone: the screen never shows it.
    Phone,
    Computer(Level),
}

impl SeatKind {
    /// A seat as a script or the command line names it: `human`, `phone` or a computer level.
    ///
    /// # Errors
    /// Any other word, with what is accepted.
    pub fn from_word(word: &str) -> Result<Self, String> {
        Ok(match word {
            "human" => Self::Human,
            "phone" => Self::Phone,
            "easy" => Self::Computer(Level::Easy),
            "normal" => Self::Computer(Level::Normal),
            "hard" => Self::Computer(Level::Hard),
            "expert" => Self::Computer(Level::Expert),
            other => {
                return Err(format!(
                    "{other} is not a player: human, phone, easy, normal, hard or expert"
                ));
            }
        })
    }
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

    /// How many people play, at the screen or on a phone: with two or more, a rack shown on
    /// the screen is hidden between turns (a phone's player looks at the screen too).
    #[must_use]
    pub fn humans(&self) -> usize {
        self.seats
            .iter()
            .filter(|seat| matches!(seat.kind, SeatKind::Human | SeatKind::Phone))
            .count()
    }

    /// Each seat's name, in seat order.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|seat| seat.name.clone()).collect()
    }

    /// The seats played on phones.
    #[must_use]
    pub fn phone_seats(&self) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|&seat| self.seats[seat].kind == SeatKind::Phone)
            .collect()
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

impl Stage {
    /// The stage's name in scripts and in the phones' views.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Stage::HandOver => "hand-over",
            Stage::Turn => "turn",
            Stage::JokerDigit { .. } => "joker",
            Stage::ChallengeWindow => "challenge",
            Stage::Over => "over",
        }
    }
}

/// A sentence for the player, which each host puts in its own words.
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
    /// The move in the game's notation; the turn log tells a turn without sums in words
    /// instead, and an exchange only by how many tiles went back.
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

/// An example read as a sum, like `12-4=8`: its first reading, or its digits where none
/// reads (a move the challenge mode let through).
fn first_reading(
    formed: &abakus_rules::abaku::Formed,
    rules: abakus_rules::abaku::ReadRules,
) -> String {
    formed
        .readings(rules)
        .into_iter()
        .next()
        .unwrap_or_else(|| formed.digits.clone())
}

/// The game in progress.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
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
    /// Phone seats still to be taken before the first turn: nobody lays a tile, no computer
    /// thinks and no clock runs until every phone has come (or the seat goes to the screen).
    gathering: bool,
    /// The computer's level playing a person's seat while that person is away, by seat.
    stand_ins: Vec<Option<Level>>,
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
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::message::Message))]
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

impl TilesIntent {
    /// Whether the intent is the player to move's own: laying, the turn's actions, showing the
    /// rack, asking for a hint. While a phone's seat is to move, only its phone makes these.
    #[must_use]
    pub fn is_the_movers(&self) -> bool {
        matches!(
            self,
            TilesIntent::Hold(_)
                | TilesIntent::Lay { .. }
                | TilesIntent::TapSquare(_)
                | TilesIntent::Shift { .. }
                | TilesIntent::TakeBack(_)
                | TilesIntent::RecallAll
                | TilesIntent::Shuffle(_)
                | TilesIntent::Reorder { .. }
                | TilesIntent::Declare(_)
                | TilesIntent::CancelJoker
                | TilesIntent::Submit
                | TilesIntent::Pass
                | TilesIntent::Exchange(_)
                | TilesIntent::Concede
                | TilesIntent::Reveal
                | TilesIntent::Hint
                | TilesIntent::AdviseExchange(_)
                | TilesIntent::NothingToLay
        )
    }
}

/// What changed, for the board, the panels and the sound.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::message::Message))]
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
            gathering: false,
            stand_ins: Vec::new(),
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

    /// This game with the player to move's rack showing, even where several people share the
    /// table (a move tried again after the game, when every rack may be seen).
    #[must_use]
    pub fn rack_showing(mut self) -> Self {
        if self.stage == Stage::HandOver {
            self.stage = Stage::Turn;
        }
        self
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

    /// Whether the racks may be drawn now: never while the table hands over, never the
    /// computer's, and never on the screen a rack that is on its player's phone.
    #[must_use]
    pub fn rack_visible(&self) -> bool {
        self.laid_visible() && !self.phone_to_move()
    }

    /// Whether the tiles laid this turn and their preview may be drawn now: whenever a
    /// person lays them, at the screen or on a phone, as everyone at a real table sees them.
    #[must_use]
    pub fn laid_visible(&self) -> bool {
        matches!(self.stage, Stage::Turn | Stage::JokerDigit { .. })
            && self.computer_to_move().is_none()
    }

    /// A phone's seat is played at the screen from now on (its phone was lost, or never came):
    /// if it is to move and others are at the table, its rack waits behind the curtain.
    pub fn seat_to_the_screen(&mut self, seat: usize) {
        let Some(at) = self.setup.seats.get_mut(seat) else {
            return;
        };
        if at.kind != SeatKind::Phone {
            return;
        }
        at.kind = SeatKind::Human;
        if self.position.to_move() == seat && self.stage == Stage::Turn {
            self.stage = self.stage_between_turns();
        }
    }

    /// Whether the game waits for phone seats to be taken before its first turn.
    #[must_use]
    pub fn gathering(&self) -> bool {
        self.gathering
    }

    /// The game waits for its phones, or no longer: only before the first move, when every
    /// player is still to come to the table.
    pub fn set_gathering(&mut self, waiting: bool) {
        self.gathering = waiting && self.moves.is_empty();
    }

    /// Whether the seat to lay tiles is played on a phone.
    #[must_use]
    pub fn phone_to_move(&self) -> bool {
        !self.position.is_over()
            && self
                .setup
                .seats
                .get(self.position.to_move())
                .is_some_and(|seat| seat.kind == SeatKind::Phone)
    }

    /// Whether the people at the big screen may make `intent` now. A phone's seat plays its
    /// turn on its phone alone; nobody plays before every phone has come; no turn is taken
    /// back, as every page has it.
    /// The computer's turns are the game's own, and its clock times the phones' turns.
    #[must_use]
    pub fn screen_may(&self, intent: &TilesIntent) -> bool {
        if intent.is_the_movers() && (self.phone_to_move() || self.gathering) {
            return false;
        }
        let at_the_screen = |seat: usize| {
            self.setup
                .seats
                .get(seat)
                .is_some_and(|at| at.kind == SeatKind::Human)
                && self.computer_at(seat).is_none()
        };
        match intent {
            // A room keeps no move taken back: its store and every page have it.
            TilesIntent::Computer(_) | TilesIntent::Undo => false,
            // The screen times its own seats' turns.
            TilesIntent::TimeUp => {
                !self.position.is_over()
                    && !self.gathering
                    && at_the_screen(self.position.to_move())
            }
            TilesIntent::Challenge(seat) => at_the_screen(*seat),
            TilesIntent::Accept => self.position.pending().is_some_and(|pending| {
                (0..self.setup.seats.len())
                    .any(|seat| seat != pending.player && at_the_screen(seat))
            }),
            _ if intent.is_the_movers() => {
                self.position.is_over() || at_the_screen(self.position.to_move())
            }
            _ => true,
        }
    }

    /// The computer's level when it is the computer's turn to lay tiles.
    #[must_use]
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.position.is_over() {
            return None;
        }
        self.computer_at(self.position.to_move())
    }

    /// Names a seat anew (a person choosing their name as they take it).
    pub fn rename(&mut self, seat: usize, name: String) {
        if let Some(seat) = self.setup.seats.get_mut(seat) {
            seat.name = name;
        }
    }

    /// The computer's level at `seat`: a computer's seat, or a person's the computer plays
    /// while they are away.
    #[must_use]
    pub fn computer_at(&self, seat: usize) -> Option<Level> {
        match self.setup.seats.get(seat)?.kind {
            SeatKind::Computer(level) => Some(level),
            SeatKind::Human | SeatKind::Phone => self.stand_ins.get(seat).copied().flatten(),
        }
    }

    /// Lets the computer at `level` play a person's seat while they are away, or (`None`) gives
    /// the seat back to them.
    pub fn set_stand_in(&mut self, seat: usize, level: Option<Level>) {
        if seat >= self.setup.seats.len() {
            return;
        }
        if self.stand_ins.len() < self.setup.seats.len() {
            self.stand_ins.resize(self.setup.seats.len(), None);
        }
        self.stand_ins[seat] = level;
        // The seat changes hands within its turn: what the person had laid goes back, and a
        // joker waiting for their digit with it.
        if seat == self.position.to_move() && level.is_some() {
            self.clear_turn();
            if matches!(self.stage, Stage::JokerDigit { .. }) {
                self.stage = Stage::Turn;
            }
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
        } else if self.computer_to_move().is_some() || self.phone_to_move() {
            // The computer needs no curtain, nor a phone's player: neither rack is drawn.
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

    /// A board where a joker on D4 makes 2?1 across and ?35 down, the joker alone on the rack.
    fn a_joker_for_d4() -> TilesMatch {
        arranged(
            2,
            &[
                ("C4", Square::Digit(2)),
                ("E4", Square::Digit(1)),
                ("D5", Square::Digit(3)),
                ("D6", Square::Digit(5)),
            ],
            "?",
        )
    }

    #[test]
    fn the_joker_asks_for_its_digit_and_cannot_be_submitted_without_one() {
        let mut game = a_joker_for_d4();
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
    fn the_computer_standing_in_mid_turn_takes_the_seat_with_nothing_laid_or_asked() {
        let mut game = a_joker_for_d4();
        let joker = slot_of(&game, Tile::Joker);
        apply(
            &mut game,
            TilesIntent::Lay {
                slot: joker,
                cell: cell("D4"),
            },
        );
        assert!(matches!(game.stage, Stage::JokerDigit { .. }));
        let mover = game.position.to_move();
        game.set_stand_in(mover, Some(Level::Easy));
        assert_eq!(
            game.stage,
            Stage::Turn,
            "no joker waits for the person's digit"
        );
        assert!(game.tentative.is_empty());
        assert_eq!(game.computer_to_move(), Some(Level::Easy));
        game.set_stand_in(mover, None);
        assert_eq!(
            game.computer_to_move(),
            None,
            "the seat is the person's again"
        );
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
