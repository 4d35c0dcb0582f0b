//! The hex game's match: what players ask for, what the rules say, and what changed.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::clock::TurnLimit;

pub mod view;
pub mod wire;
use abakus_rules::hex::ai::Level;
use abakus_rules::hex::{
    Cell, Color, DEFAULT_SIDE, Move, Outcome, ParseMoveError, PlayError, Position,
};

/// What the setup screen chose for the next game, and last time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
#[serde(default)]
pub struct HexSetup {
    pub side: u8,
    /// Who plays Black and White.
    pub seats: [Seat; 2],
    /// The people's names, Black's first, for the statistics; blank is "Player 1" or 2.
    pub names: [String; 2],
    /// The time a person has for a move.
    pub turn_limit: TurnLimit,
    /// What running out of that time does.
    pub on_time_out: TimeOut,
}

impl Default for HexSetup {
    fn default() -> Self {
        Self {
            side: DEFAULT_SIDE,
            seats: [Seat::Human; 2],
            names: Default::default(),
            turn_limit: TurnLimit::Off,
            on_time_out: TimeOut::RandomMove,
        }
    }
}

/// redo can bring back, and the current selection and message.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
pub struct HexMatch {
    position: Position,
    redo: Vec<Move>,
    /// Who plays Black and White; a save from before computer players holds two people.
    #[serde(default)]
    seats: [Seat; 2],
    /// The time a person has for a move; when it runs out a random legal move is played.
    #[serde(default)]
    turn_limit: TurnLimit,
    /// What happens when a person's time runs out.
    #[serde(default)]
    on_time_out: TimeOut,
    /// The player whose time ran out, when that lost them the game.
    #[serde(default)]
    lost_on_time: Option<Color>,
    /// The people's names, Black's first (blank for a game from before names).
    #[serde(default)]
    names: [String; 2],
    /// Tells this game from every other, however often it is saved and loaded; a restart is a
    /// new game.
    #[serde(default = "fresh_serial")]
    serial: u64,
    /// A room still waits for its people to open their links: nobody moves yet.
    #[serde(skip)]
    gathering: bool,
    /// The computer's level playing a person's colour while that person is away.
    #[serde(skip)]
    stand_ins: [Option<Level>; 2],
    /// The player who left the game, which lost it for them.
    #[serde(default)]
    left: Option<Color>,
    #[serde(skip)]
    selection: Option<Selection>,
    #[serde(skip)]
    notice: Option<Notice>,
}

/// What a person's running out of time does: a random legal move is played for them, or
/// they lose the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TimeOut {
    #[default]
    RandomMove,
    Loses,
}

/// Who plays one colour: a person at the machine, the computer at a level, or a person at
/// another device or machine, whose moves reach this board from a room (it takes no click
/// for them; the computer plays them only as a stand-in the room chose while they are away).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Seat {
    #[default]
    Human,
    Computer(Level),
    Elsewhere,
}

/// A stone picked up to slide: its group and where it may go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    pub from: Cell,
    pub group: Vec<Cell>,
    pub targets: Vec<Cell>,
}

/// The sentence under the turn indicator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// How to place a stone, before the first move.
    HowToPlace,
    Refused(PlayError),
    Selected {
        group: usize,
        targets: usize,
    },
    NotYours(Color),
    /// What the hard computer would play here, asked for with the Hint button.
    Suggested(Move),
    /// The person's time ran out and this random legal move was played for them.
    TimeRanOut(Move),
    /// This player's time ran out, and that lost them the game.
    LostOnTime(Color),
    /// This player left the game, and that lost it for them.
    Left(Color),
}

impl HexMatch {
    /// The rules position: the single source of truth.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves taken back, latest last, which a redo plays again.
    #[must_use]
    pub fn redo(&self) -> &[Move] {
        &self.redo
    }

    /// Who plays Black and White.
    #[must_use]
    pub fn seats(&self) -> [Seat; 2] {
        self.seats
    }

    /// The time a person has for a move.
    #[must_use]
    pub fn turn_limit(&self) -> TurnLimit {
        self.turn_limit
    }

    /// What happens when a person's time runs out.
    #[must_use]
    pub fn on_time_out(&self) -> TimeOut {
        self.on_time_out
    }

    /// The player whose time ran out, when that lost them the game.
    #[must_use]
    pub fn lost_on_time(&self) -> Option<Color> {
        self.lost_on_time
    }

    /// The stone picked up to slide, with where it may go.
    #[must_use]
    pub fn selection(&self) -> Option<&Selection> {
        self.selection.as_ref()
    }

    /// The sentence under the turn indicator.
    #[must_use]
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    #[must_use]
    pub fn new(side: u8) -> Self {
        let position = Position::new(u32::from(side)).unwrap_or_else(|_| {
            Position::new(u32::from(abakus_rules::hex::DEFAULT_SIDE))
                .expect("the default side exists")
        });
        Self::from_position(position)
    }

    #[must_use]
    pub fn from_position(position: Position) -> Self {
        Self {
            position,
            redo: Vec::new(),
            seats: [Seat::Human; 2],
            turn_limit: TurnLimit::Off,
            on_time_out: TimeOut::RandomMove,
            lost_on_time: None,
            names: Default::default(),
            serial: fresh_serial(),
            gathering: false,
            stand_ins: [None; 2],
            left: None,
            selection: None,
            notice: Some(Notice::HowToPlace),
        }
    }

    /// This game with these people's names, Black's first.
    #[must_use]
    pub fn named(self, names: [String; 2]) -> Self {
        Self { names, ..self }
    }

    /// Names one colour's player anew (a person choosing their name as they take the seat).
    pub fn rename(&mut self, color: Color, name: String) {
        self.names[color.index()] = name;
    }

    /// The players' names as typed at setup, Black's first (empty where none was typed).
    #[must_use]
    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// A new game of this side with these seats (Black's first).
    #[must_use]
    pub fn with_seats(side: u8, seats: [Seat; 2]) -> Self {
        Self {
            seats,
            ..Self::new(side)
        }
    }

    /// This game with these seats (Black's first).
    #[must_use]
    pub fn seated(self, seats: [Seat; 2]) -> Self {
        Self { seats, ..self }
    }

    /// This game with this turn clock, and what running out of time does.
    #[must_use]
    pub fn timed(self, turn_limit: TurnLimit, on_time_out: TimeOut) -> Self {
        Self {
            turn_limit,
            on_time_out,
            ..self
        }
    }

    /// A lesson's game from its position: two people's seats, no clock, and no hint under the
    /// turn indicator, since the lesson card does the telling.
    #[must_use]
    pub fn for_lesson(position: Position) -> Self {
        Self {
            notice: None,
            ..Self::from_position(position)
        }
    }

    /// How the game ended, if it has: a full board, or a player out of time.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.lost_on_time.or(self.left) {
            Some(loser) => Some(Outcome {
                winner: loser.opponent(),
                black: self.position.count(Color::Black),
                white: self.position.count(Color::White),
            }),
            None => self.position.outcome(),
        }
    }

    /// Tells this game from every other, however often it is saved and loaded.
    #[must_use]
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// Gives this game the number that tells it from every other: a room names its game after
    /// itself, so the game replayed from its store after a restart is the same game to all
    /// who saw it before.
    pub fn set_serial(&mut self, serial: u64) {
        self.serial = serial;
    }

    /// Whether a room still waits for its people: nobody moves until they have all come.
    #[must_use]
    pub fn gathering(&self) -> bool {
        self.gathering
    }

    /// Holds the first move until every person's seat is taken, or lets the game begin.
    pub fn set_gathering(&mut self, gathering: bool) {
        self.gathering = gathering;
    }

    /// A new game at this table.
    #[must_use]
    pub fn from_setup(setup: &HexSetup) -> Self {
        Self::with_seats(setup.side, setup.seats)
            .timed(setup.turn_limit, setup.on_time_out)
            .named(setup.names.clone())
    }

    /// How many lines [`HexMatch::moves`] gives.
    #[must_use]
    pub fn move_count(&self) -> usize {
        self.position.history().len()
            + usize::from(self.lost_on_time.is_some())
            + usize::from(self.left.is_some())
    }

    /// Every move that made this game, as a store keeps them: the rules' record of each move,
    /// then [`LOST_ON_TIME`] if the player to move lost on time.
    #[must_use]
    pub fn moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = self
            .position
            .history()
            .iter()
            .map(ToString::to_string)
            .collect();
        if self.lost_on_time.is_some() {
            moves.push(LOST_ON_TIME.to_owned());
        }
        if self.left.is_some() {
            moves.push(LEFT.to_owned());
        }
        moves
    }

    /// The game at `setup` after `moves` (as [`HexMatch::moves`] gives them), each one checked
    /// by the rules.
    ///
    /// # Errors
    /// A move that cannot be read or that the rules refuse, or anything after a loss on time.
    pub fn replay(setup: &HexSetup, moves: &[String]) -> Result<Self, HexReplayError> {
        let mut game = Self::from_setup(setup);
        if game.position.side() != setup.side {
            return Err(HexReplayError::Side(setup.side));
        }
        for (index, text) in moves.iter().enumerate() {
            let turn = index + 1;
            let refused = |why: String| HexReplayError::Refused {
                turn,
                text: text.clone(),
                why,
            };
            if game.outcome().is_some() {
                return Err(refused("the game was over".to_owned()));
            }
            if text == LOST_ON_TIME {
                apply(&mut game, HexIntent::LoseOnTime);
                continue;
            }
            if text == LEFT {
                apply(&mut game, HexIntent::Leave);
                continue;
            }
            let mv: Move = text
                .parse()
                .map_err(|why: ParseMoveError| refused(why.to_string()))?;
            game.position
                .play(mv)
                .map_err(|why| refused(why.to_string()))?;
        }
        // A game that ended by a loss on time or a player leaving says so, as it did when
        // played; the sentences of a game under way were for that moment alone.
        game.notice = game
            .lost_on_time
            .map(Notice::LostOnTime)
            .or(game.left.map(Notice::Left));
        Ok(game)
    }

    /// The computer's level when it is the computer's turn.
    #[must_use]
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.outcome().is_some() || self.gathering {
            return None;
        }
        self.computer_at(self.position.turn())
    }

    /// The computer's level playing `color`: a computer's seat, or a person's it plays while
    /// they are away.
    #[must_use]
    pub fn computer_at(&self, color: Color) -> Option<Level> {
        match self.seats[color.index()] {
            Seat::Computer(level) => Some(level),
            Seat::Human | Seat::Elsewhere => self.stand_ins[color.index()],
        }
    }

    /// Whether a person at another device plays the colour to move: the board here waits.
    #[must_use]
    pub fn elsewhere_to_move(&self) -> bool {
        self.outcome().is_none() && self.seats[self.position.turn().index()] == Seat::Elsewhere
    }

    /// Whether someone plays at another device: no move is taken back, and the game is not
    /// begun afresh, at this board alone.
    #[must_use]
    pub fn has_players_elsewhere(&self) -> bool {
        self.seats.contains(&Seat::Elsewhere)
    }

    /// Lets the computer at `level` play a person's colour while they are away, or (`None`)
    /// gives it back to them.
    pub fn set_stand_in(&mut self, color: Color, level: Option<Level>) {
        self.stand_ins[color.index()] = level;
        if level.is_some() && color == self.position.turn() {
            self.selection = None;
        }
    }

    /// The player who left the game, which lost it for them.
    #[must_use]
    pub fn left(&self) -> Option<Color> {
        self.left
    }
}

/// The store's word for a game lost on time, after its last move.
pub const LOST_ON_TIME: &str = "lost-on-time";
/// The store's word for a game the player to move left, after its last move.
pub const LEFT: &str = "left";

/// Why a kept game does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexReplayError {
    #[error("a board of side {0} is not one of the game's")]
    Side(u8),
    #[error("move {turn}: {text}: {why}")]
    Refused {
        turn: usize,
        text: String,
        why: String,
    },
}

/// A number no other game is likely to have: the clock's nanoseconds, mixed.
fn fresh_serial() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64);
    // SplitMix64's finaliser: nearby times give unrelated numbers.
    let mut mixed = nanos.wrapping_add(0x9E37_79B9_7F4A_7C15);
    mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    mixed ^ (mixed >> 31)
}

/// What the host's clock running out for the person to move does, as intents: a uniformly
/// random legal move played for them (which keeps a queue at a booth moving), or, where the
/// table chose so, the game lost. `entropy` varies the move (the host's time will do).
#[must_use]
pub fn time_up(game: &HexMatch, entropy: u64) -> Vec<HexIntent> {
    if game.on_time_out == TimeOut::Loses {
        return vec![HexIntent::LoseOnTime];
    }
    let turn = game.position.history().len() as u64;
    let mut rng = ChaCha8Rng::seed_from_u64(entropy ^ turn);
    game.position
        .random_move(&mut rng)
        .map(|mv| vec![HexIntent::Play(mv), HexIntent::TimedOut(mv)])
        .unwrap_or_default()
}

/// What a player asks for, from a click, a tap, a key or a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::message::Message))]
pub enum HexIntent {
    Click(Cell),
    /// A whole move, from the computer player (or a script).
    Play(Move),
    /// Shows a suggested move: for a slide its stone is picked up, so its targets show.
    Suggest(Move),
    /// Says the move just played was chosen because the person's time ran out.
    TimedOut(Move),
    /// The person to move ran out of time at a table where that loses.
    LoseOnTime,
    /// The person to move left the game (away too long, and the other ended it): they lose.
    Leave,
    /// Asks what the hard computer would play for the person to move.
    Hint,
    Cancel,
    Undo,
    Redo,
    Restart,
}

/// What changed, for the board and the sound to show and play.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::message::Message))]
pub enum HexChange {
    Played(Move),
    Undone(Move),
    Redone(Move),
    Selected(Cell),
    Deselected,
    /// A refused move; `stone` is the stone to shake, if any.
    Refused {
        stone: Option<Cell>,
    },
    Restarted,
    Finished(Outcome),
    /// A hint was asked for; the computer works it out beside the frames.
    HintAsked,
}

/// Applies one intent to the match and says what changed. This is the whole turn flow; the
/// rules core decides every question of legality.
pub fn apply(game: &mut HexMatch, intent: HexIntent) -> Vec<HexChange> {
    match intent {
        // The board is the computer's while it is its turn, and waits for a player elsewhere.
        HexIntent::Click(_)
            if game.computer_to_move().is_some() || game.elsewhere_to_move() || game.gathering =>
        {
            Vec::new()
        }
        // The game is played at other devices too: what was played there stays played.
        HexIntent::Undo | HexIntent::Redo | HexIntent::Restart if game.has_players_elsewhere() => {
            Vec::new()
        }
        HexIntent::Click(cell) => click(game, cell),
        HexIntent::Play(mv) => {
            game.selection = None;
            play(game, mv, None)
        }
        HexIntent::TimedOut(mv) => {
            game.notice = Some(Notice::TimeRanOut(mv));
            Vec::new()
        }
        HexIntent::LoseOnTime => {
            if game.outcome().is_some() {
                return Vec::new();
            }
            let loser = game.position.turn();
            game.lost_on_time = Some(loser);
            game.selection = None;
            game.notice = Some(Notice::LostOnTime(loser));
            game.outcome()
                .map(HexChange::Finished)
                .into_iter()
                .collect()
        }
        HexIntent::Leave => {
            if game.outcome().is_some() {
                return Vec::new();
            }
            let loser = game.position.turn();
            game.left = Some(loser);
            game.selection = None;
            game.notice = Some(Notice::Left(loser));
            game.outcome()
                .map(HexChange::Finished)
                .into_iter()
                .collect()
        }
        HexIntent::Suggest(mv) => {
            let mut changes = match mv {
                Move::Slide { from, .. } => select(game, from),
                Move::Place(_) => deselect(game),
            };
            game.notice = Some(Notice::Suggested(mv));
            changes.retain(|change| *change != HexChange::Deselected);
            changes
        }
        HexIntent::Hint
            if game.computer_to_move().is_none()
                && !game.elsewhere_to_move()
                && game.outcome().is_none() =>
        {
            vec![HexChange::HintAsked]
        }
        HexIntent::Hint => Vec::new(),
        HexIntent::Cancel => deselect(game),
        HexIntent::Undo => {
            // Taking a move back after a loss on time takes the loss back too.
            game.lost_on_time = None;
            game.left = None;
            let Some(mv) = game.position.undo() else {
                return Vec::new();
            };
            game.redo.push(mv);
            let mut changes = vec![HexChange::Undone(mv)];
            // Against the computer, its reply goes too: the person is to move again.
            let someone_plays = game.seats.contains(&Seat::Human);
            while someone_plays && game.computer_to_move().is_some() {
                let Some(mv) = game.position.undo() else {
                    break;
                };
                game.redo.push(mv);
                changes.push(HexChange::Undone(mv));
            }
            game.selection = None;
            game.notice = None;
            changes
        }
        HexIntent::Redo if game.lost_on_time.is_some() || game.left.is_some() => Vec::new(),
        HexIntent::Redo => {
            let Some(mv) = game.redo.pop() else {
                return Vec::new();
            };
            if game.position.play(mv).is_err() {
                // Cannot happen for a move that was undone, but a stale list is dropped, not trusted.
                game.redo.clear();
                return Vec::new();
            }
            game.selection = None;
            game.notice = None;
            finish_if_over(game, vec![HexChange::Redone(mv)])
        }
        HexIntent::Restart => {
            let side = game.position.side();
            let (limit, on_time_out) = (game.turn_limit, game.on_time_out);
            let names = std::mem::take(&mut game.names);
            *game = HexMatch::with_seats(side, game.seats).named(names);
            game.turn_limit = limit;
            game.on_time_out = on_time_out;
            vec![HexChange::Restarted]
        }
    }
}

fn deselect(game: &mut HexMatch) -> Vec<HexChange> {
    if game.selection.take().is_some() {
        game.notice = None;
        vec![HexChange::Deselected]
    } else {
        Vec::new()
    }
}

fn click(game: &mut HexMatch, cell: Cell) -> Vec<HexChange> {
    if game.outcome().is_some() {
        return Vec::new();
    }
    let mover = game.position.turn();
    let occupant = game.position.stone_at(cell);
    if let Some(selection) = game.selection.clone() {
        if cell == selection.from {
            return deselect(game);
        }
        match occupant {
            Some(color) if color == mover => return select(game, cell),
            Some(_) => return deselect(game),
            None => {
                let mv = Move::Slide {
                    from: selection.from,
                    to: cell,
                };
                return play(game, mv, Some(selection.from));
            }
        }
    }
    match occupant {
        None => play(game, Move::Place(cell), None),
        Some(color) if color == mover => select(game, cell),
        Some(owner) => {
            game.notice = Some(Notice::NotYours(owner));
            vec![HexChange::Refused { stone: Some(cell) }]
        }
    }
}

fn select(game: &mut HexMatch, cell: Cell) -> Vec<HexChange> {
    let group = game.position.group_of(cell);
    let targets = game.position.slide_targets(cell);
    game.notice = Some(Notice::Selected {
        group: group.len(),
        targets: targets.len(),
    });
    game.selection = Some(Selection {
        from: cell,
        group,
        targets,
    });
    vec![HexChange::Selected(cell)]
}

fn play(game: &mut HexMatch, mv: Move, stone: Option<Cell>) -> Vec<HexChange> {
    // A game lost on time takes no more moves (the rules alone would, the board not being full).
    if game.lost_on_time.is_some() || game.left.is_some() {
        return Vec::new();
    }
    match game.position.play(mv) {
        Ok(()) => {
            game.redo.clear();
            game.selection = None;
            game.notice = None;
            finish_if_over(game, vec![HexChange::Played(mv)])
        }
        Err(error) => {
            game.notice = Some(Notice::Refused(error));
            vec![HexChange::Refused { stone }]
        }
    }
}

fn finish_if_over(game: &mut HexMatch, mut changes: Vec<HexChange>) -> Vec<HexChange> {
    if let Some(outcome) = game.position.outcome() {
        changes.push(HexChange::Finished(outcome));
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn clicks_place_select_and_slide() {
        let mut game = HexMatch::from_position(
            Position::setup(
                5,
                &[
                    cell("E5"),
                    cell("E6"),
                    cell("E7"),
                    cell("E8"),
                    cell("H5"),
                    cell("I5"),
                ],
                &[],
                Color::Black,
            )
            .unwrap(),
        );
        assert_eq!(
            apply(&mut game, HexIntent::Click(cell("E5"))),
            vec![HexChange::Selected(cell("E5"))]
        );
        assert!(
            game.selection
                .as_ref()
                .unwrap()
                .targets
                .contains(&cell("G5"))
        );
        // F5 is not a legal landing: refused with the reason, selection kept, nothing played.
        let refused = apply(&mut game, HexIntent::Click(cell("F5")));
        assert_eq!(
            refused,
            vec![HexChange::Refused {
                stone: Some(cell("E5"))
            }]
        );
        assert!(matches!(
            game.notice,
            Some(Notice::Refused(PlayError::Alone { .. }))
        ));
        assert!(game.position.history().is_empty());
        let slid = apply(&mut game, HexIntent::Click(cell("G5")));
        assert_eq!(slid, vec![HexChange::Played("E5-G5".parse().unwrap())]);
        assert_eq!(game.position.turn(), Color::White);
        assert!(game.selection.is_none());
    }

    #[test]
    fn running_out_of_time_loses_where_the_table_chose_so_and_undo_takes_it_back() {
        let mut game = HexMatch::new(5);
        game.on_time_out = TimeOut::Loses;
        apply(&mut game, HexIntent::Click(cell("E5")));
        assert_eq!(game.position.turn(), Color::White);
        let changes = apply(&mut game, HexIntent::LoseOnTime);
        let outcome = game.outcome().expect("the game is over");
        assert_eq!(
            (outcome.winner, outcome.black, outcome.white),
            (Color::Black, 1, 0)
        );
        assert_eq!(changes, vec![HexChange::Finished(outcome)]);
        assert_eq!(game.notice, Some(Notice::LostOnTime(Color::White)));
        assert_eq!(game.computer_to_move(), None);
        // Over is over: no more moves, no second loss.
        assert!(apply(&mut game, HexIntent::Click(cell("A1"))).is_empty());
        assert!(apply(&mut game, HexIntent::Play(Move::Place(cell("A1")))).is_empty());
        assert!(apply(&mut game, HexIntent::LoseOnTime).is_empty());
        assert_eq!(game.position.record(), "E5");
        // A saved game keeps the loss.
        let saved: HexMatch =
            serde_json::from_str(&serde_json::to_string(&game).expect("saves")).expect("loads");
        assert_eq!(saved.outcome(), Some(outcome));
        // Undo takes the last move and the loss back.
        apply(&mut game, HexIntent::Undo);
        assert_eq!(game.outcome(), None);
        assert_eq!(game.position.record(), "");
        // Restart keeps the table's choice.
        apply(&mut game, HexIntent::Restart);
        assert_eq!(game.on_time_out, TimeOut::Loses);
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut game = HexMatch::new(3);
        apply(&mut game, HexIntent::Click(cell("A1")));
        apply(&mut game, HexIntent::Click(cell("B2")));
        assert_eq!(game.position.record(), "A1 B2");
        apply(&mut game, HexIntent::Undo);
        apply(&mut game, HexIntent::Undo);
        assert!(
            apply(&mut game, HexIntent::Undo).is_empty(),
            "nothing left to undo"
        );
        apply(&mut game, HexIntent::Redo);
        assert_eq!(game.position.record(), "A1");
        apply(&mut game, HexIntent::Click(cell("C3")));
        assert!(game.redo.is_empty(), "a new move ends the redo list");
        assert!(apply(&mut game, HexIntent::Redo).is_empty());
    }

    #[test]
    fn a_player_elsewhere_is_waited_for_and_nothing_is_taken_back() {
        let mut game = HexMatch::with_seats(3, [Seat::Human, Seat::Elsewhere]);
        apply(&mut game, HexIntent::Click(cell("A1")));
        assert!(game.elsewhere_to_move());
        assert_eq!(
            game.computer_to_move(),
            None,
            "the computer here plays nobody"
        );
        assert!(
            apply(&mut game, HexIntent::Click(cell("B2"))).is_empty(),
            "the board takes no click for the player elsewhere"
        );
        assert!(apply(&mut game, HexIntent::Hint).is_empty());
        // Their move comes from the room, whole.
        apply(&mut game, HexIntent::Play(Move::Place(cell("B2"))));
        assert_eq!(game.position.record(), "A1 B2");
        for intent in [HexIntent::Undo, HexIntent::Restart] {
            assert!(apply(&mut game, intent).is_empty(), "{intent:?}");
        }
        assert_eq!(
            game.position.record(),
            "A1 B2",
            "what was played stays played"
        );
        apply(&mut game, HexIntent::Click(cell("C3")));
        assert_eq!(game.position.record(), "A1 B2 C3");
    }
}
