//! A seat of a hex game in a room elsewhere, on the window's side: the room's game as each
//! picture has it (nothing of the hex game is hidden, so the picture carries it whole), what
//! the screen is to show of it, and the window's own moves sent to the room.

use abakus_match::hex::wire;
use abakus_rules::hex::Move;
use abakus_server::remote::{Heard, Invite, RemoteSeat};
use serde_json::Value;

use super::super::game::{HexIntent, HexMatch, Seat};
use crate::app::features::joining::Connection;

/// What the room's words mean for the game on the screen.
#[derive(Debug, Clone)]
pub enum Shown {
    /// Moves played since the screen's game: played on it with their animation and sound,
    /// then the intents that ended the game (a loss on time, a player who left), if any.
    Moved(Vec<HexIntent>),
    /// The game as it now is, put in place without a show: the first picture, a new game, or
    /// the screen's game set right.
    Now(Box<HexMatch>),
}

/// The window's seat in a hex game's room elsewhere.
#[derive(bevy::prelude::Resource)]
pub struct HexOnlineSeat {
    remote: RemoteSeat,
    /// What the room said while the link was joined, heard first.
    earlier: Vec<Heard>,
    seat: Option<usize>,
    secret: Option<String>,
    connection: Connection,
    /// The game as the room last pictured it, seen from this seat.
    room: Option<HexMatch>,
    /// How many of the screen's moves the room has, or has been sent: the window's own moves
    /// after them go to the room.
    sent: usize,
    /// The number of the last message sent: the room takes each number once.
    number: u64,
    /// The socket has opened anew, and no picture has come since.
    back: bool,
    /// The game has been put on the screen.
    on_screen: bool,
    /// The seat has asked the room for the next game, which has not come yet.
    asked_again: bool,
    /// The room, as its pictures name it.
    room_id: Option<String>,
}

impl HexOnlineSeat {
    #[must_use]
    pub fn new(remote: RemoteSeat, earlier: Vec<Heard>) -> Self {
        HexOnlineSeat {
            remote,
            earlier,
            seat: None,
            secret: None,
            connection: Connection::Opening,
            room: None,
            sent: 0,
            number: 0,
            back: false,
            on_screen: false,
            asked_again: false,
            room_id: None,
        }
    }

    #[must_use]
    pub fn invite(&self) -> &Invite {
        self.remote.invite()
    }

    #[must_use]
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    #[must_use]
    pub fn secret(&self) -> Option<&str> {
        self.secret.as_deref()
    }

    /// The seat the window plays, once the room has said (none, watching).
    #[must_use]
    pub fn seat(&self) -> Option<usize> {
        self.seat
    }

    /// The room, once its pictures have named it.
    #[must_use]
    pub fn room(&self) -> Option<&str> {
        self.room_id.as_deref()
    }

    #[must_use]
    pub fn is_on_screen(&self) -> bool {
        self.on_screen
    }

    pub fn put_on_screen(&mut self) {
        self.on_screen = true;
    }

    /// The players' names, Black's first, as the room gave them.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.room
            .as_ref()
            .map_or_else(Vec::new, |room| room.names().to_vec())
    }

    /// Whether the room's game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.room
            .as_ref()
            .is_some_and(|room| room.outcome().is_some())
    }

    /// Whether the game on the screen is this seat's: another game put there lets it go.
    #[must_use]
    pub fn shows(&self, game: &HexMatch) -> bool {
        self.room
            .as_ref()
            .is_none_or(|room| room.serial() == game.serial())
    }

    /// Reads what the room said since the last frame, in order, as what the screen is to show
    /// of its game `screen` (the game on the screen, once this seat's is there).
    pub fn hear(&mut self, screen: Option<&HexMatch>) -> Vec<Shown> {
        let mut heard = std::mem::take(&mut self.earlier);
        heard.extend(self.remote.heard());
        let mut shown = Vec::new();
        if heard.is_empty() {
            return shown;
        }
        // The screen's game as the words heard so far leave it.
        let mut now: Option<HexMatch> = screen.filter(|_| self.on_screen).cloned();
        for heard in heard {
            self.connection.follow(&heard);
            match heard {
                Heard::Seated { seat, secret } => {
                    self.seat = seat;
                    self.secret = Some(secret);
                    self.back = true;
                    if self.asked_again && self.is_over() {
                        self.asked_again = false;
                        self.play_again();
                    }
                }
                Heard::Picture(picture) => {
                    let Some(room) = self.picture(&picture) else {
                        continue;
                    };
                    let show = what_changed(now.as_ref(), &room);
                    if let Some(show) = show {
                        if matches!(show, Shown::Now(_)) {
                            // The screen's game is the room's: nothing of it is to be sent.
                            self.sent = played(&room);
                        }
                        now = Some(room.clone());
                        shown.push(show);
                    }
                    self.room = Some(room);
                }
                Heard::NotTaken(code) => {
                    bevy::log::warn!("the room did not take the window's message: {code}");
                    // The screen's game goes back to the room's.
                    if let Some(room) = self.room.clone() {
                        self.sent = played(&room);
                        now = Some(room.clone());
                        shown.push(Shown::Now(Box::new(room)));
                    }
                    self.asked_again &= !self.is_over();
                }
                Heard::Reconnecting { .. } | Heard::Ended(_) => {}
            }
        }
        shown
    }

    /// The room's game from a picture, seen from this seat: its own colour played at the
    /// screen (none, watching), the other person's elsewhere, the computer's kept as the
    /// room's.
    fn picture(&mut self, picture: &Value) -> Option<HexMatch> {
        let taken = picture["taken"].as_u64().unwrap_or(0);
        self.number = self.number.max(taken);
        if let Some(room) = picture["room"].as_str() {
            self.room_id = Some(room.to_owned());
        }
        // A seat's picture before the room has said which seat is not read; a watcher has none.
        let seat = match self.seat {
            None if !self.invite().watching => return None,
            seat => seat,
        };
        let mut room: HexMatch = serde_json::from_value(picture["record"].clone()).ok()?;
        let seats = room.seats();
        let seen = std::array::from_fn(|index| match seats[index] {
            _ if Some(index) == seat => Seat::Human,
            Seat::Computer(level) => Seat::Computer(level),
            Seat::Human | Seat::Elsewhere => Seat::Elsewhere,
        });
        room = room.seated(seen);
        room.set_gathering(picture["gathering"].as_bool().unwrap_or(false));
        let new_game = self
            .room
            .as_ref()
            .is_none_or(|kept| kept.serial() != room.serial());
        if new_game {
            self.asked_again = false;
        }
        if std::mem::take(&mut self.back) || new_game {
            // What the room has is sent no more; the screen's moves after it go again.
            self.sent = played(&room);
        }
        self.sent = self.sent.max(played(&room));
        Some(room)
    }

    /// Sends the room the moves played on the screen's game since the last it has: the
    /// window's own (the board takes no click for anyone else's).
    pub fn send_new_moves(&mut self, screen: &HexMatch) {
        if self.connection != Connection::Seated || self.back || !self.shows(screen) {
            return;
        }
        let history = screen.position().history();
        for &mv in history.iter().skip(self.sent) {
            self.send(mv);
        }
        self.sent = self.sent.max(history.len());
    }

    fn send(&mut self, mv: Move) {
        self.number += 1;
        self.remote.send(wire::message(self.number, mv));
    }

    /// Asks the room for the next game at the same table; it begins once both have asked.
    pub fn play_again(&mut self) {
        if self.is_watching() || self.asked_again || !self.is_over() {
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
}

/// What the screen, showing `screen`, is to show of the room's game `room`: nothing when
/// the screen is ahead of the room by the window's own moves not yet heard back.
pub(in crate::app::hex) fn what_changed(
    screen: Option<&HexMatch>,
    room: &HexMatch,
) -> Option<Shown> {
    let whole = || Some(Shown::Now(Box::new(room.clone())));
    let Some(screen) = screen.filter(|screen| screen.serial() == room.serial()) else {
        return whole();
    };
    let (ours, theirs) = (screen.position().history(), room.position().history());
    let ended = |game: &HexMatch| (game.lost_on_time(), game.left());
    if theirs.len() < ours.len() {
        // The window's moves on their way: the room's picture is older than the screen.
        let on_their_way = ours.starts_with(theirs)
            && ended(room) == (None, None)
            && room.gathering() == screen.gathering();
        return if on_their_way { None } else { whole() };
    }
    if !theirs.starts_with(ours) {
        return whole();
    }
    let mut intents: Vec<HexIntent> = theirs[ours.len()..]
        .iter()
        .map(|&mv| HexIntent::Play(mv))
        .collect();
    match (ended(room), ended(screen)) {
        (same, before) if same == before => {}
        ((Some(_), None), (None, None)) => intents.push(HexIntent::LoseOnTime),
        ((None, Some(_)), (None, None)) => intents.push(HexIntent::Leave),
        _ => return whole(),
    }
    // The same game: seats or gathering may have changed too, which only a whole game
    // put in place carries.
    let same = screen.seats() == room.seats() && screen.gathering() == room.gathering();
    match (same, intents.is_empty()) {
        (false, _) => whole(),
        (true, true) => None,
        (true, false) => Some(Shown::Moved(intents)),
    }
}

/// How many moves a game has played on its board.
fn played(game: &HexMatch) -> usize {
    game.position().history().len()
}
