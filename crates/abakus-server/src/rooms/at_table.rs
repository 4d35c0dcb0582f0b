//! A game window's own table as a room: the window hears of every change (the intents applied,
//! in order, and the game as it then stands), and the people at its big screen act through the
//! room for the seats played there, as a page acts for its seat.

use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

use abakus_match::room::Key;
use abakus_match::tiles::TilesSetup;
use abakus_words::Language;

use super::{Outgoing, Room, Rooms, lock};
use crate::table::{Intent, Table};

/// Wakes the window's frame loop: a window that draws only on input must not sleep through
/// a phone's move.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The window a room tells of its changes.
pub(crate) struct Feed {
    news: Sender<TableNews>,
    wake: Waker,
    /// The intents applied since the last news.
    pub(super) applied: Vec<Intent>,
}

/// What changed in a window's room since its last news.
#[derive(Debug, Clone)]
pub struct TableNews {
    /// The intents the room applied, in order: the window plays them on its copy of the game,
    /// for their animation and sound.
    pub applied: Vec<Intent>,
    /// The game as the room has it now, which the window's copy then is.
    pub table: Table,
    /// Each seat played on a device.
    pub seats: Vec<SeatNews>,
    /// Which game at the table this is: it grows with each new game, so news of an earlier
    /// one can be told apart.
    pub round: usize,
}

/// A seat played on a device, as the window's card shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatNews {
    pub seat: usize,
    /// Its link's key, while no device holds the seat.
    pub token: Option<Key>,
    /// Whether a device has taken it.
    pub held: bool,
    /// Whether that device's page is open now.
    pub connected: bool,
}

/// What the window asks of its room, in the order it asked.
#[derive(Debug, Clone)]
pub enum TableAct {
    /// The people at the screen act; refused quietly when it is not theirs to do.
    Intent(Intent),
    /// The game is on the screen: its first turn may begin once every device has come.
    Begin,
    /// A seat is played at the screen from now on; its device is sent away.
    ToTheScreen(usize),
    /// A seat's link anew, for another device; the one that held it is sent away.
    Reopen(usize),
    /// The pages speak this language from now on.
    Language(Language),
    /// The next game of the tile game at the same table, as the window set it.
    Rematch(TilesSetup),
    /// The next game at the same table, as the last one was set (the hex game's Play again).
    Again,
    /// The least time the computer takes over a turn, as at the window's screen.
    Pace(std::time::Duration),
    /// A booth's visitor at this seat picks a name from those offered for `seed`.
    OfferNames { seat: usize, seed: u64 },
    /// A booth's visitor at this seat is given the result card of their game (its fields as
    /// the page reads them).
    BoothResult {
        seat: usize,
        card: serde_json::Value,
    },
}

impl Rooms {
    /// Makes the window's table hear of every change to room `id`, beginning with the game as
    /// it stands; a window heard before is heard no more.
    pub fn attach_table(
        &self,
        id: &str,
        news: Sender<TableNews>,
        wake: Waker,
    ) -> Option<Arc<Mutex<Room>>> {
        let shared = self.room(id)?;
        let mut room = lock(&shared);
        room.table = Some(Feed {
            news,
            wake,
            applied: Vec::new(),
        });
        room.tell_the_table();
        drop(room);
        Some(shared)
    }

    /// Does what the window asked of its room.
    pub fn act_at_table(self: &Arc<Self>, shared: &Arc<Mutex<Room>>, act: TableAct) {
        let mut room = lock(shared);
        let done = match act {
            TableAct::Intent(intent) => {
                if room.game.screen_may(&intent) {
                    room.apply(vec![intent], &self.store)
                        .map_err(|why| why.to_string())
                } else {
                    Ok(())
                }
            }
            TableAct::Begin => {
                room.table_waits = false;
                if room.everyone_came() {
                    room.game.set_gathering(false);
                }
                room.send_views();
                Ok(())
            }
            TableAct::ToTheScreen(seat) => self.seat_to_the_screen(&mut room, seat),
            TableAct::Reopen(seat) => self.reopen(&mut room, seat),
            TableAct::Language(language) => room.speak(language, &self.store),
            TableAct::Rematch(setup) => room.rematch_with(setup, &self.store),
            TableAct::Again => room.play_the_next_game(&self.store),
            TableAct::Pace(pace) => {
                room.pace = pace;
                Ok(())
            }
            TableAct::OfferNames { seat, seed } => {
                room.offer_names(seat, seed);
                Ok(())
            }
            TableAct::BoothResult { seat, card } => {
                room.give_booth_result(seat, &card);
                Ok(())
            }
        };
        if let Err(why) = done {
            tracing::error!(room = %room.id, %why, "the table's wish not kept, so not done");
        }
        drop(room);
        self.play_on(shared);
    }

    fn seat_to_the_screen(&self, room: &mut Room, seat: usize) -> Result<(), String> {
        if !room.game.is_persons(seat) {
            return Ok(());
        }
        let mut moved = room.game.clone();
        moved.seat_to_the_screen(seat);
        let setup = moved.setup_json().map_err(|why| why.to_string())?;
        self.store
            .seat_to_the_screen(&room.id, seat, &setup)
            .map_err(|why| why.to_string())?;
        room.game = moved;
        self.forget_keys(room, seat);
        room.seats.release(seat);
        room.away_since[seat] = None;
        room.close_seat(seat, "released");
        // The seat no longer awaited, everyone may have come.
        if room.everyone_came() && !room.table_waits {
            room.game.set_gathering(false);
        }
        room.send_views();
        Ok(())
    }

    fn reopen(&self, room: &mut Room, seat: usize) -> Result<(), String> {
        let mut seats = room.seats.clone();
        let Some(new) = seats.reopen(seat) else {
            return Ok(());
        };
        self.store
            .set_token(&room.id, seat, &new.to_string())
            .map_err(|why| why.to_string())?;
        self.forget_keys(room, seat);
        room.seats = seats;
        lock(&self.keys).insert(new.to_string(), (room.id.clone(), super::Door::Token));
        room.close_seat(seat, "reopened");
        room.send_views();
        Ok(())
    }

    /// The keys of a seat open nothing any more.
    fn forget_keys(&self, room: &Room, seat: usize) {
        let Some(keys) = room.seats.kept().iter().find(|keys| keys.seat == seat) else {
            return;
        };
        let mut known = lock(&self.keys);
        known.remove(&keys.token.to_string());
        if let Some(holder) = keys.holder {
            known.remove(&holder.to_string());
        }
    }
}

impl Room {
    /// Tells the window whose table this is what changed.
    pub(super) fn tell_the_table(&mut self) {
        if self.table.is_none() {
            return;
        }
        let connected = |seat: usize| self.links.iter().any(|l| l.seat == Some(seat));
        let seats = self
            .seats
            .kept()
            .iter()
            .map(|keys| SeatNews {
                seat: keys.seat,
                token: keys.holder.is_none().then_some(keys.token),
                held: keys.holder.is_some(),
                connected: connected(keys.seat),
            })
            .collect();
        let table = self.game.clone();
        let Some(feed) = self.table.as_mut() else {
            return;
        };
        let news = TableNews {
            applied: std::mem::take(&mut feed.applied),
            table,
            seats,
            round: self.round_start,
        };
        if feed.news.send(news).is_err() {
            // The window has gone: its next one attaches anew.
            self.table = None;
            return;
        }
        (feed.wake)();
    }

    /// Sends a seat's pages away with this reason.
    fn close_seat(&mut self, seat: usize, reason: &'static str) {
        let gone: Vec<usize> = (0..self.links.len())
            .rev()
            .filter(|&index| self.links[index].seat == Some(seat))
            .collect();
        for index in gone {
            let _ = self.links[index].outbox.try_send(Outgoing::Close(reason));
            self.links.remove(index);
        }
    }

    /// The pages speak `language` from now on: each is sent its words again, and its picture.
    fn speak(&mut self, language: Language, store: &crate::Store) -> Result<(), String> {
        if language == self.language {
            return Ok(());
        }
        store
            .set_language(&self.id, language.code())
            .map_err(|why| why.to_string())?;
        self.language = language;
        self.send_words();
        self.send_views();
        Ok(())
    }

    /// The next game at the window's table as the last one was set, once it is over.
    fn play_the_next_game(&mut self, store: &crate::Store) -> Result<(), String> {
        if !self.game.is_over() {
            return Ok(());
        }
        let (game, line) = self.game.rematch()?;
        store
            .rematch(&self.id, self.kept, &line)
            .map_err(|why| why.to_string())?;
        self.begin_next_game(game);
        let everyone_came = self.everyone_came();
        self.game.set_gathering(!everyone_came);
        self.send_views();
        Ok(())
    }

    /// The next game at the window's table: its deal and names as the window set them.
    fn rematch_with(&mut self, setup: TilesSetup, store: &crate::Store) -> Result<(), String> {
        let (game, line) = self.game.rematch_with(setup)?;
        let table = game.setup_json().map_err(|why| why.to_string())?;
        store
            .rematch(&self.id, self.kept, &line)
            .and_then(|()| store.set_setup(&self.id, &table))
            .map_err(|why| why.to_string())?;
        self.begin_next_game(game);
        let everyone_came = self.everyone_came();
        self.game.set_gathering(!everyone_came);
        self.send_words();
        self.send_views();
        Ok(())
    }
}

/// The window's way to its room: what it asks goes to the room in order, on the server's
/// runtime; what changed comes back as news.
pub struct TableLink {
    pub(crate) acts: tokio::sync::mpsc::UnboundedSender<TableAct>,
    /// Behind a lock only so that a game's resources may hold it: one reader takes it.
    pub(crate) news: Mutex<std::sync::mpsc::Receiver<TableNews>>,
    pub(crate) id: String,
}

impl TableLink {
    /// The room's id.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Asks the room; the news says what came of it.
    pub fn ask(&self, act: TableAct) {
        let _ = self.acts.send(act);
    }

    /// The news since the last call, oldest first.
    pub fn news(&self) -> Vec<TableNews> {
        lock(&self.news).try_iter().collect()
    }
}
