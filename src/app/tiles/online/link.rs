//! One seat's link to a tile game's room elsewhere, on the window's side: the copy of the game
//! made from what the room tells that seat, what its person at the screen asks sent to the
//! room, and the state of its connection.

use abakus_match::tiles::copy::{SeatCopy, SeatRecord};
use abakus_match::tiles::wire;
use abakus_server::remote::{Heard, Invite, RemoteSeat};
use rand::Rng;
use serde_json::Value;

use crate::app::features::joining::Connection;

use super::super::game::{
    SeatKind, Stage, TilesChange, TilesIntent, TilesMatch, TilesSetup, apply,
};

/// What the room's words mean for the game on the screen.
#[derive(Debug, Clone)]
pub enum Shown {
    /// A move played: the game after it, and what it did, to be shown and heard.
    Moved(Box<TilesMatch>, Vec<TilesChange>),
    /// The game as it now is, put in place without a show: the first picture, a new deal, a
    /// seat taken or the copy set right.
    Now(Box<TilesMatch>),
}

/// A seat the window plays in a room elsewhere, by its own socket.
pub struct SeatLink {
    remote: RemoteSeat,
    /// What the room said while the link was joined, heard first.
    earlier: Vec<Heard>,
    seat: Option<usize>,
    secret: Option<String>,
    /// The game as this seat knows it, from the room's words alone.
    copy: Option<SeatCopy>,
    /// The table the copy was made for (its deal left out): a new one is a new game.
    table: Option<TilesSetup>,
    /// How many of the record's moves the copy has played.
    played: usize,
    /// The intents of the seat's turn so far, as they were sent: sent again when the socket
    /// opens anew in the middle of the turn.
    turn: Vec<TilesIntent>,
    /// The number of the last message sent: the room takes each number once.
    number: u64,
    connection: Connection,
    /// The game was over in the last picture.
    over: bool,
    /// The seat has asked the room for the next game.
    asked_again: bool,
    /// The socket has opened anew, and no picture has come since.
    back: bool,
    /// What ended the seat's turn, sent and not yet played by the room (Submit, Pass, an
    /// exchange, a concession): sent again, after the turn's tiles, on a new socket.
    ending: Option<TilesIntent>,
    /// The room, as its pictures name it.
    room: Option<String>,
    /// The last picture, read again when the seats played at the window change.
    last_picture: Option<Value>,
    /// Every seat the window plays in the room, this one with them: the window shows each of
    /// them as played at the screen.
    here: Vec<usize>,
}

impl SeatLink {
    #[must_use]
    pub fn new(remote: RemoteSeat, earlier: Vec<Heard>) -> Self {
        SeatLink {
            remote,
            earlier,
            seat: None,
            secret: None,
            copy: None,
            table: None,
            played: 0,
            turn: Vec::new(),
            number: 0,
            connection: Connection::Opening,
            over: false,
            asked_again: false,
            back: false,
            ending: None,
            room: None,
            last_picture: None,
            here: Vec::new(),
        }
    }

    /// The room, once its first picture has named it.
    #[must_use]
    pub fn room(&self) -> Option<&str> {
        self.room.as_deref()
    }

    /// How far the copy has come: its table, the moves played and whether it is over; `None`
    /// before the first picture.
    #[must_use]
    pub fn progress(&self) -> Option<(&TilesSetup, usize, bool)> {
        Some((self.table.as_ref()?, self.played, self.over))
    }

    /// Whether it is this seat's turn in its copy (the curtain may still be drawn over it).
    #[must_use]
    pub fn is_to_move(&self) -> bool {
        let copy = self.copy.as_ref().map(SeatCopy::game);
        let position = copy.map(TilesMatch::position);
        !self.over && self.seat.is_some() && position.map(|p| p.to_move()) == self.seat
    }

    /// The copy as the screen would show it now (the turn laid so far left out).
    #[must_use]
    pub fn now(&self) -> Option<TilesMatch> {
        self.copy.as_ref().map(|copy| on_this_screen(copy.game()))
    }

    /// The seats the window plays changed: the copy is made again with all of them shown as
    /// played at the screen, from the last picture.
    pub fn seen_from(&mut self, here: &[usize]) -> Option<Shown> {
        let mut shown_here = self.seats_here(self.seat);
        shown_here.sort_unstable();
        let mut wanted = here.to_vec();
        wanted.sort_unstable();
        self.here = wanted.clone();
        if shown_here == wanted {
            return None;
        }
        let picture = self.last_picture.clone()?;
        self.copy = None;
        self.table = None;
        self.over = false;
        // A socket being opened anew is still owed the turn once its own first picture comes.
        let back = self.back;
        let shown = self.picture(&picture);
        self.back = back;
        shown
    }

    /// The players' names, as the room gave them.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.table.as_ref().map_or_else(Vec::new, |table| {
            table.seats.iter().map(|seat| seat.name.clone()).collect()
        })
    }

    #[must_use]
    pub fn invite(&self) -> &Invite {
        self.remote.invite()
    }

    #[must_use]
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    /// The seat the window plays, once the room has said.
    #[must_use]
    pub fn seat(&self) -> Option<usize> {
        self.seat
    }

    /// The secret that brings the window back to its seat, once the room has given it.
    #[must_use]
    pub fn secret(&self) -> Option<&str> {
        self.secret.as_deref()
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Reads what the room said since the last frame, in order, as what the screen is to show.
    pub fn hear(&mut self) -> Vec<Shown> {
        let mut shown: Vec<Shown> = Vec::new();
        let mut heard = std::mem::take(&mut self.earlier);
        heard.extend(self.remote.heard());
        for heard in heard {
            self.connection.follow(&heard);
            match heard {
                Heard::Seated { seat, secret } => {
                    self.seat = seat;
                    self.secret = Some(secret);
                    // What was lost with the socket is known from the first picture.
                    self.back = true;
                    if self.over && self.asked_again {
                        self.asked_again = false;
                        self.play_again();
                    }
                }
                Heard::Picture(picture) => {
                    if let Some(room) = picture["room"].as_str() {
                        self.room = Some(room.to_owned());
                    }
                    shown.extend(self.picture(&picture));
                    self.last_picture = Some(*picture);
                }
                Heard::NotTaken(code) => {
                    bevy::log::warn!("the room did not take the window's message: {code}");
                    // Play again may be asked once more.
                    self.asked_again &= !self.over;
                }
                Heard::Reconnecting { .. } | Heard::Ended(_) => {}
            }
        }
        shown
    }

    /// A picture of the game: its record played on the copy, move by move.
    fn picture(&mut self, picture: &Value) -> Option<Shown> {
        let taken = picture["taken"].as_u64().unwrap_or(0);
        self.number = self.number.max(taken);
        // A seat's picture before the room has said which seat is not read; a watcher has none.
        let seat = match self.seat {
            None if !self.invite().watching => return None,
            seat => seat,
        };
        let record: SeatRecord = serde_json::from_value(picture["record"].clone()).ok()?;
        let gathering = picture["gathering"].as_bool().unwrap_or(false);
        let was_over = std::mem::replace(&mut self.over, record.record.is_some());
        let back = std::mem::take(&mut self.back);
        if let Some(whole) = &record.record {
            // Told already: the later pictures of a finished game change nothing of it.
            if was_over && self.table.as_ref() == Some(&record.table) {
                return None;
            }
            // The game over: every rack may be seen, so the whole game replaces the copy, its
            // last moves shown as they come.
            let mut save = whole.clone();
            save.setup = as_seen_from(&save.setup, &self.seats_here(seat));
            let game = TilesMatch::replay(&save).ok()?;
            let changes = self.play_on(&record).unwrap_or_default();
            self.played = record.seen.len();
            self.table = Some(record.table.clone());
            self.turn.clear();
            return Some(Shown::Moved(Box::new(game), changes));
        }
        // The same game a few moves on is played on; anything else is made afresh.
        let same_table = self.table.as_ref() == Some(&record.table);
        let mut changes = None;
        if same_table && record.seen.len() >= self.played {
            changes = self.play_on(&record);
        }
        if changes.is_none() {
            self.copy = None;
        }
        let fresh = self.copy.is_none();
        if fresh {
            // Until a copy is made, this link has heard nothing the others wait for.
            self.table = None;
            let mut seen = record.clone();
            seen.table = as_seen_from(&record.table, &self.seats_here(seat));
            let guess = rand::rng().random();
            let copy = match seat {
                Some(seat) => SeatCopy::from_record(&seen, seat, guess),
                None => SeatCopy::watching(&seen, guess),
            }
            .ok()?;
            self.copy = Some(copy);
            self.table = Some(record.table.clone());
            self.played = record.seen.len();
            self.asked_again = false;
        }
        let copy = self.copy.as_mut()?;
        let gathering_changed = copy.game().gathering() != gathering;
        copy.set_gathering(gathering);
        let bare = on_this_screen(copy.game());
        let moved = changes.as_ref().is_some_and(|changes| !changes.is_empty());
        let game = Box::new(self.keep_the_turn(bare, fresh, moved, back));
        match changes.filter(|changes| !changes.is_empty()) {
            Some(changes) if !fresh => Some(Shown::Moved(game, changes)),
            // Tiles laid and not yet played, who is connected: the copy shows none of it.
            _ if !fresh && !gathering_changed => None,
            _ => Some(Shown::Now(game)),
        }
    }

    /// What becomes of the turn the seat was laying, on the copy's game `bare` after a
    /// picture: the game to show, with the turn's tiles laid again where they still are.
    fn keep_the_turn(
        &mut self,
        bare: TilesMatch,
        fresh: bool,
        moved: bool,
        back: bool,
    ) -> TilesMatch {
        let mut game = bare.clone();
        let laying = self.laying(&game);
        let behind_the_curtain = game.stage() == Stage::HandOver
            && !game.gathering()
            && Some(game.position().to_move()) == self.seat;
        if fresh && behind_the_curtain {
            // The curtain drawn again over the seat's turn (another person at the window has
            // taken a seat): the turn's tiles go back to the rack, at the room too.
            self.turn.clear();
            self.ending = None;
            self.send(&TilesIntent::CancelJoker);
            self.send(&TilesIntent::RecallAll);
        } else if moved || (fresh && !laying) {
            self.turn.clear();
            self.ending = None;
        } else if fresh {
            // A copy made afresh in the seat's turn (the server started again, a window
            // started again, a player named anew): the tiles laid so far are laid again on
            // it, and the room is told the turn whole, its rack made whole there first.
            let turn = std::mem::take(&mut self.turn);
            let fits = turn.iter().all(|intent| {
                apply(&mut game, intent.clone()).first() != Some(&TilesChange::Refused)
            });
            if fits {
                self.turn = turn;
            } else {
                game = bare;
                self.ending = None;
            }
            self.send_the_turn_again();
            if self.turn.is_empty() && self.ending.is_none() {
                self.send(&TilesIntent::CancelJoker);
                self.send(&TilesIntent::RecallAll);
            }
        } else if back {
            // Back after a dropped socket in the same turn: the turn's tiles again, in case
            // some of them did not reach the room.
            self.send_the_turn_again();
        }
        game
    }

    /// The seats shown as played at the screen: every one the window plays (none, watching).
    fn seats_here(&self, seat: Option<usize>) -> Vec<usize> {
        let mut here = self.here.clone();
        here.extend(seat.filter(|seat| !here.contains(seat)));
        here
    }

    /// The record's moves the copy has not played yet, played; `None` when one does not fit.
    fn play_on(&mut self, record: &SeatRecord) -> Option<Vec<TilesChange>> {
        let copy = self.copy.as_mut()?;
        let mut changes = Vec::new();
        for (seen, rack) in record.seen.iter().skip(self.played) {
            let rack = abakus_match::tiles::copy::tiles_of(rack)?;
            changes.extend(copy.play(seen, &rack).ok()?);
            self.played += 1;
        }
        Some(changes)
    }

    /// What a person at the screen asks, on `game` (the copy with the turn laid so far): the
    /// turn's laying shown at once and sent; the turn's end, an answer to a challenge, sent
    /// only (the room's next picture plays it). Returns the intent to play on the screen, if
    /// any.
    pub fn ask(&mut self, game: &TilesMatch, intent: TilesIntent) -> Option<TilesIntent> {
        let seat = self.seat?;
        let position = game.position();
        let over = position.is_over();
        let laying = self.laying(game);
        let answering = !over
            && game.stage() == Stage::ChallengeWindow
            && position
                .pending()
                .is_some_and(|pending| pending.player != seat);
        match intent {
            TilesIntent::Hold(_)
            | TilesIntent::Lay { .. }
            | TilesIntent::TapSquare(_)
            | TilesIntent::Shift { .. }
            | TilesIntent::TakeBack(_)
            | TilesIntent::RecallAll
            | TilesIntent::Declare(_)
            | TilesIntent::CancelJoker
                if laying =>
            {
                self.send(&intent);
                self.turn.push(intent.clone());
                Some(intent)
            }
            // Undo takes back this turn's tiles; the turns before are the room's.
            TilesIntent::Undo if laying => self.ask(game, TilesIntent::RecallAll),
            // The rack's order is the screen's own.
            TilesIntent::Shuffle(_) | TilesIntent::Reorder { .. } if laying => Some(intent),
            TilesIntent::Submit
            | TilesIntent::Pass
            | TilesIntent::Exchange(_)
            | TilesIntent::Concede
                if laying =>
            {
                self.send(&intent);
                self.ending = Some(intent);
                None
            }
            TilesIntent::Challenge(_) | TilesIntent::Accept if answering => {
                self.send(&intent);
                None
            }
            // A hint, the computer's advice and the screen's curtain are the window's own.
            TilesIntent::Hint
            | TilesIntent::AdviseExchange(_)
            | TilesIntent::NothingToLay
            | TilesIntent::Reveal
            | TilesIntent::HideRack => Some(intent),
            // The room's clock ends a turn, and the room's computer plays.
            _ => None,
        }
    }

    /// Whether the seat may lay tiles in `game` now.
    fn laying(&self, game: &TilesMatch) -> bool {
        !game.position().is_over()
            && !game.gathering()
            && Some(game.position().to_move()) == self.seat
            && matches!(game.stage(), Stage::Turn | Stage::JokerDigit { .. })
    }

    /// Asks the room for the next game at the same table; it is dealt once every person has.
    pub fn play_again(&mut self) {
        if self.is_watching() || self.asked_again || !self.over {
            return;
        }
        self.number += 1;
        let asked = serde_json::json!({"type": "play-again", "n": self.number});
        self.remote.send(asked.to_string());
        self.asked_again = true;
    }

    /// Whether the window only watches the room's game: it plays no seat, and the next game
    /// is the players' to ask for.
    #[must_use]
    pub fn is_watching(&self) -> bool {
        self.remote.invite().watching
    }

    /// Whether the seat has asked for the next game, which has not come yet.
    #[must_use]
    pub fn asked_again(&self) -> bool {
        self.asked_again
    }

    /// Sends a page's message for `intent`, numbered on; nothing while the socket is being
    /// opened anew (the turn is sent whole once the room's first picture has come).
    fn send(&mut self, intent: &TilesIntent) {
        if self.connection != Connection::Seated || self.back {
            return;
        }
        let number = self.number + 1;
        if let Some(message) = wire::message(number, intent) {
            self.number = number;
            self.remote.send(message);
        }
    }

    /// The socket opened anew in the middle of the seat's turn: the room is told the turn's
    /// tiles again from the rack, in case some of them did not reach it.
    fn send_the_turn_again(&mut self) {
        if self.turn.is_empty() && self.ending.is_none() {
            return;
        }
        let turn = std::mem::take(&mut self.turn);
        self.send(&TilesIntent::CancelJoker);
        self.send(&TilesIntent::RecallAll);
        for intent in &turn {
            self.send(intent);
        }
        self.turn = turn;
        if let Some(ending) = self.ending.clone() {
            self.send(&ending);
        }
    }
}

/// The copy's game as this screen shows it: a seat played alone at the window needs no
/// curtain before its turn, while several keep it between them.
fn on_this_screen(copy: &TilesMatch) -> TilesMatch {
    let mut game = copy.clone();
    let at_the_screen = game.setup().seats.iter();
    let at_the_screen = at_the_screen.filter(|seat| seat.kind == SeatKind::Human);
    if game.stage() == Stage::HandOver && at_the_screen.count() < 2 {
        apply(&mut game, TilesIntent::Reveal);
    }
    game
}

/// A room's table as the window shows it: the seats it plays (none, watching) played at the
/// screen, the other people on their devices, the computer's seats the room's.
#[must_use]
pub fn as_seen_from(table: &TilesSetup, here: &[usize]) -> TilesSetup {
    let mut table = table.clone();
    for (index, at) in table.seats.iter_mut().enumerate() {
        at.kind = match at.kind {
            _ if here.contains(&index) => SeatKind::Human,
            SeatKind::Computer(level) => SeatKind::Computer(level),
            SeatKind::Human | SeatKind::Phone => SeatKind::Phone,
        };
    }
    table
}
