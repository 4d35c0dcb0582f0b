//! The rooms being played: each a game of either kind with its seats' keys, the pages connected to it,
//! and the computer's turns and the turn clock run beside it; every accepted move kept in the
//! store before any page is told of it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use abakus_match::room::{Key, Refusal, SeatKeys, Seats, Viewer};
use abakus_pages::{Host, PageFile};
use abakus_words::Language;
use serde_json::json;
use tokio::sync::{Semaphore, mpsc};

use crate::store::{RoomRecord, SeatRecord, Store, StoreError};
use crate::table::{Intent, Setup, Table, level_name, level_named};

mod at_table;
pub use at_table::{SeatNews, TableAct, TableLink, TableNews, Waker};

/// How many messages may wait for a page before it counts as too slow and is let go (it comes
/// back with the whole picture).
const OUTBOX: usize = 64;
/// The pause before the computers answer a move in the challenge window: time for the people
/// to read it.
const CHALLENGE_PAUSE: Duration = Duration::from_millis(1500);
/// The pause before a room tries its own next step again when the store could not keep it.
const STORE_RETRY: Duration = Duration::from_secs(1);

/// What a page is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outgoing {
    Text(String),
    /// Closes the page's socket with this reason.
    Close(&'static str),
}

/// One page connected to a room.
struct Link {
    id: u64,
    /// Its seat; `None` for a watcher.
    seat: Option<usize>,
    /// A game window's, which keeps a copy of the game: its picture carries the seat's record.
    window: bool,
    outbox: mpsc::Sender<Outgoing>,
}

/// A room being played.
pub struct Room {
    id: String,
    game: Table,
    seats: Seats,
    watch: Key,
    language: Language,
    links: Vec<Link>,
    next_link: u64,
    /// The number of the last message taken from each seat's pages.
    numbers: Vec<u64>,
    /// The lines kept in the store: every game's moves, and a rematch's line between two.
    kept: usize,
    /// The lines kept before this game's first move.
    round_start: usize,
    /// How long a person may be away on their turn before the others may act for them.
    patience: Option<Duration>,
    /// Since when each seat has had no page open; `None` while one is (and for the
    /// computer's seats).
    away_since: Vec<Option<Instant>>,
    /// Which seats asked to play again at the end.
    play_again: Vec<bool>,
    /// The wake-up for the moment the player to move has been away too long: the move count
    /// and the moment.
    patience_check: Option<(usize, Instant)>,
    /// The tasks that wait for the patience and for the turn clock; one of each at a time,
    /// the last one put aside when a new one is set.
    patience_timer: Option<tokio::task::AbortHandle>,
    clock_timer: Option<tokio::task::AbortHandle>,
    /// The seats whose person has chosen their name (once each).
    named: Vec<bool>,
    /// A booth's visitor's seat, whose person picks a name from those offered instead of
    /// typing one.
    name_offer: Option<NameOffer>,
    /// A booth's result card for a seat's page at the end (its place on the day's table),
    /// sent again to a page that comes back.
    booth_result: Option<(usize, String)>,
    /// The move count a computer is thinking at, so that it thinks once per turn.
    thinking_at: Option<usize>,
    /// The move count the challenge window's answer is awaited at.
    answering_at: Option<usize>,
    /// The turn being timed (by its move count) and when its time runs out.
    clock: Option<(usize, Instant)>,
    /// Where the room is hosted: a server's room, or a game window's table.
    host: Host,
    /// The game window whose table this room is, told of every change.
    table: Option<at_table::Feed>,
    /// The table has not begun its game yet: the first turn waits for it too.
    table_waits: bool,
    /// The least time the computer takes over a turn, as a window's table sets it.
    pace: Duration,
}

/// The friendly names a seat's person picks from, as a booth offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NameOffer {
    pub(crate) seat: usize,
    /// The offers' seed: the same seed offers the same names.
    pub(crate) seed: u64,
    /// How often the person asked for others.
    pub(crate) asked: u32,
}

/// How often a visitor may ask for three other names.
pub const MORE_NAMES: u32 = 3;

/// Which door a key opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Door {
    /// A seat's link, before or after a device took it.
    Token,
    /// The secret a device keeps for its seat.
    Secret,
    Watch,
}

/// Who a connecting page is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admitted {
    /// A seat's device, `first` when it has just taken the seat by its link.
    Seat {
        seat: usize,
        secret: Key,
        first: bool,
    },
    Watcher {
        key: Key,
    },
}

/// A message for the room rather than its game: to play again, or to act for a player who
/// has gone.
#[derive(Debug, serde::Deserialize)]
struct RoomMessage {
    n: u64,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    name: Option<String>,
}

/// A page let in: its room, its link's number there, and what the room sends it.
pub type Joined = (Arc<Mutex<Room>>, u64, mpsc::Receiver<Outgoing>);

/// Why a room could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    #[error("{0}")]
    Table(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A new room's links: each person's seat, and the watchers'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Created {
    pub room: String,
    pub seats: Vec<(usize, String, Key)>,
    pub watch: Key,
}

/// Every room of the server, and what they share: the store and the computers' thinking.
pub struct Rooms {
    store: Store,
    rooms: Mutex<HashMap<String, Arc<Mutex<Room>>>>,
    /// Each key (as hex) to its room and the door it opens; the room then checks the key in
    /// constant time.
    keys: Mutex<HashMap<String, (String, Door)>>,
    /// Each seat's link's and watchers' link's short code to its key (as hex): two keys of one
    /// code (one chance in 2^40 a pair) are both kept, and open nothing by it.
    codes: Mutex<HashMap<String, Vec<String>>>,
    /// One computer search at a time per core, so no room starves the others.
    thinking: Semaphore,
    /// How many searches the semaphore allows.
    searches: usize,
    /// Searches waiting for their turn.
    waiting: std::sync::atomic::AtomicUsize,
    /// Where the rooms are hosted, which their pages speak of.
    host: Host,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

fn now_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
        })
}

impl Rooms {
    /// The rooms kept in `store`, each replayed through the rules; a room that does not replay
    /// is set aside in the store (kept, with why) and the others go on.
    ///
    /// # Errors
    /// The store cannot be read.
    pub fn load(store: Store, searches: usize, host: Host) -> Result<Arc<Rooms>, StoreError> {
        let rooms = Arc::new(Rooms {
            host,
            rooms: Mutex::new(HashMap::new()),
            keys: Mutex::new(HashMap::new()),
            codes: Mutex::new(HashMap::new()),
            thinking: Semaphore::new(searches.max(1)),
            searches: searches.max(1),
            waiting: std::sync::atomic::AtomicUsize::new(0),
            store,
        });
        for stored in rooms.store.rooms()? {
            let id = stored.record.id.clone();
            match Room::from_store(stored.record, stored.moves, host) {
                Ok(room) => rooms.insert(room),
                Err(why) => {
                    tracing::error!(room = %id, %why, "a room set aside: it cannot be read back");
                    rooms.store.set_aside(&id, &why)?;
                }
            }
        }
        let ids: Vec<String> = lock(&rooms.rooms).keys().cloned().collect();
        for id in ids {
            if let Some(room) = rooms.room(&id) {
                rooms.play_on(&room);
            }
        }
        Ok(rooms)
    }

    fn insert(&self, room: Room) {
        let mut keys = lock(&self.keys);
        let mut codes = lock(&self.codes);
        let doors = room.seats.kept().iter().map(|seat| &seat.token);
        for key in doors.chain([&room.watch]) {
            codes.entry(key.code()).or_default().push(key.to_string());
        }
        drop(codes);
        for seat in room.seats.kept() {
            keys.insert(seat.token.to_string(), (room.id.clone(), Door::Token));
            if let Some(holder) = seat.holder {
                keys.insert(holder.to_string(), (room.id.clone(), Door::Secret));
            }
        }
        keys.insert(room.watch.to_string(), (room.id.clone(), Door::Watch));
        lock(&self.rooms).insert(room.id.clone(), Arc::new(Mutex::new(room)));
    }

    fn room(&self, id: &str) -> Option<Arc<Mutex<Room>>> {
        lock(&self.rooms).get(id).cloned()
    }

    /// Removes the rooms whose game ended more than `keep` ago, from the store and from the
    /// server: a page still open on one is closed, and its links open nothing any more.
    pub fn remove_finished(&self, keep: Duration) {
        let keep = i64::try_from(keep.as_secs()).unwrap_or(i64::MAX);
        let gone = match self
            .store
            .remove_finished(now_seconds().saturating_sub(keep))
        {
            Ok(gone) => gone,
            Err(why) => {
                tracing::error!(%why, "finished rooms not removed");
                return;
            }
        };
        if gone.is_empty() {
            return;
        }
        let gone: std::collections::HashSet<String> = gone.into_iter().collect();
        let mut keys = lock(&self.keys);
        keys.retain(|_, (room, _)| !gone.contains(room));
        lock(&self.codes).retain(|_, opened| {
            opened.retain(|key| keys.contains_key(key));
            !opened.is_empty()
        });
        drop(keys);
        let rooms: Vec<Arc<Mutex<Room>>> = {
            let mut rooms = lock(&self.rooms);
            gone.iter().filter_map(|id| rooms.remove(id)).collect()
        };
        for room in rooms {
            for link in lock(&room).links.drain(..) {
                let _ = link.outbox.try_send(Outgoing::Close("closed"));
            }
        }
        tracing::info!(rooms = gone.len(), "finished rooms removed");
    }

    /// Closes every page of every room with `reason`: `closed` sends them away for good,
    /// any other has them try again until the server is back.
    pub fn close_every_page(&self, reason: &'static str) {
        let rooms: Vec<Arc<Mutex<Room>>> = lock(&self.rooms).values().cloned().collect();
        for room in rooms {
            for link in lock(&room).links.drain(..) {
                let _ = link.outbox.try_send(Outgoing::Close(reason));
            }
        }
    }

    /// The computer's searches waiting for a core, and those thinking now.
    #[must_use]
    pub fn searches(&self) -> (usize, usize) {
        let running = self.searches - self.thinking.available_permits();
        (
            self.waiting.load(std::sync::atomic::Ordering::Relaxed),
            running,
        )
    }

    /// Where the rooms are hosted.
    #[must_use]
    pub fn host(&self) -> Host {
        self.host
    }

    /// How many rooms are open.
    #[must_use]
    pub fn count(&self) -> usize {
        lock(&self.rooms).len()
    }

    /// The store, for the health check.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Makes a room for this table in `language`, keeps it, and gives its links.
    ///
    /// # Errors
    /// A table the rules refuse, or the store failing.
    pub fn create(
        self: &Arc<Self>,
        setup: Setup,
        language: Language,
        patience: Option<Duration>,
    ) -> Result<Created, CreateError> {
        self.create_with(setup, &[], language, patience)
    }

    /// Makes a room for this table whose game has already been played this far (`lines`, as
    /// the store keeps them), keeps it, and gives its links.
    ///
    /// # Errors
    /// A table or a move the rules refuse, or the store failing.
    pub fn create_with(
        self: &Arc<Self>,
        setup: Setup,
        lines: &[String],
        language: Language,
        patience: Option<Duration>,
    ) -> Result<Created, CreateError> {
        let table = setup
            .to_json()
            .map_err(|why| CreateError::Table(why.to_string()))?;
        let game = if lines.is_empty() {
            Table::new(&setup).map_err(CreateError::Table)?
        } else {
            Table::replay(setup.game(), &table, lines.to_vec())
                .map_err(CreateError::Table)?
                .0
        };
        let people = setup.people();
        let seats = Seats::new(&people);
        let watch = Key::random();
        let id = Key::random().to_string();
        let record = RoomRecord {
            id: id.clone(),
            game: setup.game().to_owned(),
            setup: setup
                .to_json()
                .map_err(|why| CreateError::Table(why.to_string()))?,
            language: language.code().to_owned(),
            watch: watch.to_string(),
            seats: seats
                .kept()
                .iter()
                .map(|keys| SeatRecord {
                    seat: keys.seat,
                    token: keys.token.to_string(),
                    holder: None,
                    stand_in: None,
                })
                .collect(),
            created: now_seconds(),
            patience: patience
                .map(|patience| i64::try_from(patience.as_secs()).unwrap_or(i64::MAX)),
        };
        self.store.create(&record)?;
        if !lines.is_empty() {
            self.store.add_moves(&id, 0, lines)?;
        }
        let names = setup.names();
        let created = Created {
            room: id.clone(),
            seats: seats
                .kept()
                .iter()
                .map(|keys| (keys.seat, names[keys.seat].clone(), keys.token))
                .collect(),
            watch,
        };
        let mut room = Room::new(id.clone(), game, seats, watch, language, self.host);
        room.game.name_after(&id, 0);
        room.kept = lines.len();
        room.patience = patience;
        let now = Instant::now();
        for &seat in &people {
            room.away_since[seat] = Some(now);
        }
        room.game
            .set_gathering(!people.is_empty() || room.table_waits);
        self.insert(room);
        // A window's table is made on the window's own thread, and begins when it says.
        if self.host == Host::Room
            && let Some(room) = self.room(&id)
        {
            self.play_on(&room);
        }
        Ok(created)
    }

    /// The room a key belongs to and the door it opens.
    fn door(&self, key: &str) -> Option<(Arc<Mutex<Room>>, Door)> {
        let (room, door) = lock(&self.keys).get(key).cloned()?;
        Some((self.room(&room)?, door))
    }

    /// The link a short code opens, as its path (`/seat/KEY/`, `/watch/KEY/`): the code of a
    /// seat's link or of a room's watchers' link, never of a device's secret.
    #[must_use]
    pub fn link_of_code(&self, code: &str) -> Option<String> {
        let opened = lock(&self.codes).get(code).cloned()?;
        // Two keys with one code open neither by it.
        let [key] = opened.as_slice() else {
            return None;
        };
        let kind = match lock(&self.keys).get(key)?.1 {
            Door::Token => "seat",
            Door::Watch => "watch",
            Door::Secret => return None,
        };
        Some(format!("/{kind}/{key}/"))
    }

    /// The page files of the room a link's key opens, in its language.
    #[must_use]
    pub fn page_of(&self, key: &str) -> Option<Vec<PageFile>> {
        let (room, door) = self.door(key)?;
        if door == Door::Secret {
            return None;
        }
        let room = lock(&room);
        Some(room.game.files(room.language, room.host))
    }

    /// A page asks in with a seat's link (`token`), a device's secret (`secret`), or a watch
    /// key (either); on success it is connected and gets its welcome, words and picture.
    ///
    /// # Errors
    /// The key opens nothing, or the seat was taken by another device.
    pub fn join(
        self: &Arc<Self>,
        key: &str,
        by_secret: bool,
        window: bool,
    ) -> Result<Joined, Refusal> {
        let parsed = Key::parse(key).ok_or(Refusal::Unknown)?;
        let (shared, door) = self.door(key).ok_or(Refusal::Unknown)?;
        let mut room = lock(&shared);
        let admitted = match (door, by_secret) {
            (Door::Watch, _) if room.watch.matches(&parsed) => Admitted::Watcher { key: parsed },
            (Door::Token, false) => {
                let (seat, secret) = room.seats.claim(&parsed)?;
                if let Err(why) = self.store.set_holder(&room.id, seat, &secret.to_string()) {
                    tracing::error!(room = %room.id, %why, "a seat's secret not kept");
                    room.seats.forget_holder(seat);
                    return Err(Refusal::Unknown);
                }
                lock(&self.keys).insert(secret.to_string(), (room.id.clone(), Door::Secret));
                Admitted::Seat {
                    seat,
                    secret,
                    first: true,
                }
            }
            (Door::Secret, true) => Admitted::Seat {
                seat: room.seats.resume(&parsed)?,
                secret: parsed,
                first: false,
            },
            _ => return Err(Refusal::Unknown),
        };
        if let Admitted::Seat { seat, .. } = admitted {
            room.came_back(seat, &self.store);
        }
        let (id, outbox) = room.connect(admitted, window);
        let everyone_came = room.game.gathering() && !room.table_waits && room.everyone_came();
        if everyone_came {
            room.game.set_gathering(false);
        }
        // The players see how many watch, who is back, and the game begin.
        room.send_views();
        drop(room);
        self.play_on(&shared);
        Ok((shared, id, outbox))
    }

    /// A page's message: read as its seat's intent and applied, or answered with an error.
    pub fn take(self: &Arc<Self>, shared: &Arc<Mutex<Room>>, link: u64, text: &str) {
        let mut room = lock(shared);
        let Some(seat) = room.links.iter().find(|l| l.id == link).map(|l| l.seat) else {
            return;
        };
        let Some(seat) = seat else {
            room.tell(link, &error("watching"));
            return;
        };
        let last = room.numbers.get(seat).copied().unwrap_or(0);
        if let Ok(message) = serde_json::from_str::<RoomMessage>(text)
            && room.picks_a_name(seat)
            && matches!(message.kind.as_str(), "name" | "other-names")
        {
            if message.n <= last {
                room.tell(link, &error("replayed"));
                return;
            }
            if let Some(slot) = room.numbers.get_mut(seat) {
                *slot = message.n;
            }
            let done = if message.kind == "name" {
                room.pick_name(seat, message.name.as_deref(), &self.store)
            } else {
                room.offer_other_names()
            };
            if let Err(code) = done {
                room.tell(link, &error(code));
            }
            drop(room);
            self.play_on(shared);
            return;
        }
        if let Ok(message) = serde_json::from_str::<RoomMessage>(text)
            && matches!(
                message.kind.as_str(),
                "play-again" | "stand-in" | "end-game" | "name"
            )
        {
            if message.n <= last {
                room.tell(link, &error("replayed"));
                return;
            }
            // At a window's table the big screen starts the next game and names the seats.
            if room.host == Host::Table {
                room.tell(link, &error("other"));
                return;
            }
            if let Some(slot) = room.numbers.get_mut(seat) {
                *slot = message.n;
            }
            let done = match message.kind.as_str() {
                "play-again" => room.ask_to_play_again(seat, &self.store),
                "stand-in" => room.stand_in(seat, message.level.as_deref(), &self.store),
                "name" => room.rename(seat, message.name.as_deref(), &self.store),
                _ => room.end_for_absent(seat, &self.store),
            };
            if let Err(code) = done {
                room.tell(link, &error(code));
            }
            drop(room);
            self.play_on(shared);
            return;
        }
        match room.game.read(seat, last, text, room.language) {
            Ok((number, intent)) => {
                if let Some(slot) = room.numbers.get_mut(seat) {
                    *slot = number;
                }
                if let Err(why) = room.apply(vec![intent], &self.store) {
                    tracing::error!(room = %room.id, %why, "a move not kept, so not played");
                    room.tell(link, &error("not-kept"));
                }
            }
            Err(frame) => room.tell(link, &frame.to_string()),
        }
        drop(room);
        self.play_on(shared);
    }

    /// A page went away.
    pub fn leave(self: &Arc<Self>, shared: &Arc<Mutex<Room>>, link: u64) {
        let mut room = lock(shared);
        let Some(gone) = room.links.iter().position(|l| l.id == link) else {
            return;
        };
        if room.forget_link(gone).is_none() {
            // The players see one watcher fewer.
            room.send_views();
        } else {
            room.tell_the_table();
        }
        drop(room);
        self.play_on(shared);
    }

    /// Whatever the room does next by itself: a computer's turn, the computers' answer in the
    /// challenge window, or a person's turn clock.
    fn play_on(self: &Arc<Self>, shared: &Arc<Mutex<Room>>) {
        let mut room = lock(shared);
        // A window's table begins its game once it is on the screen, whatever was played.
        if room.game.is_over() || room.game.gathering() || room.table_waits {
            room.clock = None;
            return;
        }
        let moves = room.game.move_count();
        let round = room.round_start;
        if room.thinking_at != Some(moves)
            && let Some(search) = room.game.computer_search(rand::random())
        {
            room.thinking_at = Some(moves);
            let (rooms, shared) = (Arc::clone(self), Arc::clone(shared));
            let ready = Instant::now() + room.pace;
            tokio::spawn(async move {
                rooms
                    .waiting
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let turn = rooms.thinking.acquire().await;
                rooms
                    .waiting
                    .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
                let Ok(_turn) = turn else {
                    return;
                };
                let Ok(Some(chosen)) = tokio::task::spawn_blocking(search).await else {
                    return;
                };
                // The people read the last move before the computer's comes.
                tokio::time::sleep_until(ready.into()).await;
                {
                    let mut room = lock(&shared);
                    // The same turn of the same game: a new deal may be at the same count.
                    let stale = room.game.move_count() != moves
                        || room.round_start != round
                        || room.thinking_at != Some(moves)
                        || !room.game.computer_to_move();
                    if stale {
                        return;
                    }
                    if let Err(why) = room.apply(vec![chosen], &rooms.store) {
                        tracing::error!(room = %room.id, %why, "the computer's move not kept");
                        room.thinking_at = None;
                        drop(room);
                        rooms.play_on_later(shared);
                        return;
                    }
                }
                rooms.play_on(&shared);
            });
        }
        if room.game.challenge_window() && room.answering_at != Some(moves) {
            room.answering_at = Some(moves);
            let (rooms, shared) = (Arc::clone(self), Arc::clone(shared));
            tokio::spawn(async move {
                tokio::time::sleep(CHALLENGE_PAUSE).await;
                {
                    let mut room = lock(&shared);
                    if room.game.move_count() != moves || room.round_start != round {
                        return;
                    }
                    let Some(answer) = room.game.computers_answer(moves as u64) else {
                        return;
                    };
                    if let Err(why) = room.apply(vec![answer], &rooms.store) {
                        tracing::error!(room = %room.id, %why, "an answer not kept");
                        room.answering_at = None;
                        drop(room);
                        rooms.play_on_later(shared);
                        return;
                    }
                }
                rooms.play_on(&shared);
            });
        }
        self.time_the_turn(&mut room, shared);
        self.mind_the_absent(&mut room, shared);
    }

    /// Tries the room's own next step again in a second, after the store failed to keep one.
    fn play_on_later(self: &Arc<Self>, shared: Arc<Mutex<Room>>) {
        let rooms = Arc::clone(self);
        tokio::spawn(async move {
            tokio::time::sleep(STORE_RETRY).await;
            rooms.play_on(&shared);
        });
    }

    /// Wakes the room when the player to move has been away longer than its patience, so the
    /// others are offered to hand the seat to the computer or to end the game.
    fn mind_the_absent(self: &Arc<Self>, room: &mut Room, shared: &Arc<Mutex<Room>>) {
        let Some(due) = room.absent_due() else {
            room.patience_check = None;
            return;
        };
        let moves = room.game.move_count();
        if room.patience_check == Some((moves, due)) {
            return;
        }
        room.patience_check = Some((moves, due));
        let shared = Arc::clone(shared);
        let timer = tokio::spawn(async move {
            tokio::time::sleep_until(due.into()).await;
            let mut room = lock(&shared);
            if room.patience_check == Some((moves, due)) {
                room.send_views();
            }
        });
        if let Some(old) = room.patience_timer.replace(timer.abort_handle()) {
            old.abort();
        }
    }

    /// Starts the clock of a person's turn at a table with a limit; when it runs out the turn
    /// ends as the window's turn timer ends it.
    fn time_the_turn(self: &Arc<Self>, room: &mut Room, shared: &Arc<Mutex<Room>>) {
        let Some(limit) = room.game.turn_seconds() else {
            return;
        };
        let moves = room.game.move_count();
        // At a window's table the screen times its own seats, pausing as its menus cover
        // the board; the room times the devices' seats.
        let screens = room.host == Host::Table
            && !room
                .game
                .mover()
                .is_some_and(|mover| room.game.is_persons(mover));
        if !room.game.persons_turn() || screens {
            room.clock = None;
            return;
        }
        if room.clock.is_some_and(|(at, _)| at == moves) {
            return;
        }
        let deadline = Instant::now() + Duration::from_secs_f32(limit);
        room.clock = Some((moves, deadline));
        room.send_views();
        let (rooms, shared) = (Arc::clone(self), Arc::clone(shared));
        let timer = tokio::spawn(async move {
            tokio::time::sleep_until(deadline.into()).await;
            {
                let mut room = lock(&shared);
                if room.clock != Some((moves, deadline)) {
                    return;
                }
                room.clock = None;
                let intents = room.game.time_up(rand::random());
                if let Err(why) = room.apply(intents, &rooms.store) {
                    tracing::error!(room = %room.id, %why, "a turn out of time not kept");
                    drop(room);
                    rooms.play_on_later(shared);
                    return;
                }
            }
            rooms.play_on(&shared);
        });
        if let Some(old) = room.clock_timer.replace(timer.abort_handle()) {
            old.abort();
        }
    }
}

fn error(code: &str) -> String {
    json!({"type": "error", "code": code}).to_string()
}

impl Room {
    fn new(
        id: String,
        game: Table,
        seats: Seats,
        watch: Key,
        language: Language,
        host: Host,
    ) -> Room {
        let players = game.seat_count();
        let kept = game.move_count();
        Room {
            id,
            game,
            seats,
            watch,
            language,
            links: Vec::new(),
            next_link: 0,
            numbers: vec![0; players],
            kept,
            round_start: 0,
            patience: None,
            away_since: vec![None; players],
            play_again: vec![false; players],
            patience_check: None,
            patience_timer: None,
            clock_timer: None,
            named: vec![false; players],
            name_offer: None,
            booth_result: None,
            thinking_at: None,
            answering_at: None,
            clock: None,
            host,
            table: None,
            table_waits: host == Host::Table,
            pace: Duration::ZERO,
        }
    }

    /// A room as the store kept it, its moves replayed through the rules.
    fn from_store(record: RoomRecord, moves: Vec<String>, host: Host) -> Result<Room, String> {
        let lines = moves.len();
        let (mut game, round_start) = Table::replay(&record.game, &record.setup, moves)?;
        let key =
            |text: &str| Key::parse(text).ok_or_else(|| format!("a key that is not one: {text:?}"));
        let mut seats = Vec::with_capacity(record.seats.len());
        for seat in &record.seats {
            if !game.is_persons(seat.seat) {
                return Err(format!("seat {} is no person's", seat.seat));
            }
            seats.push(SeatKeys {
                seat: seat.seat,
                token: key(&seat.token)?,
                holder: seat.holder.as_deref().map(key).transpose()?,
            });
            if let Some(level) = &seat.stand_in {
                let level = level_named(level)
                    .ok_or_else(|| format!("a computer's level that is not one: {level:?}"))?;
                game.set_stand_in(seat.seat, Some(level));
            }
        }
        let language = Language::from_code(&record.language)
            .ok_or_else(|| format!("a language it does not speak: {}", record.language))?;
        let mut room = Room::new(
            record.id,
            game,
            Seats::restore(seats),
            key(&record.watch)?,
            language,
            host,
        );
        room.kept = lines;
        room.round_start = round_start;
        room.game.name_after(&room.id, round_start);
        room.patience = record
            .patience
            .and_then(|seconds| u64::try_from(seconds).ok())
            .map(Duration::from_secs);
        // Nobody's page is open yet: every person is away from now until theirs comes back.
        let now = Instant::now();
        for seat in room.game.people() {
            if let Some(away) = room.away_since.get_mut(seat) {
                *away = Some(now);
            }
        }
        let everyone_came = room.everyone_came();
        let unplayed = room.game.move_count() == 0;
        room.game
            .set_gathering((!everyone_came || room.table_waits) && unplayed);
        Ok(room)
    }

    /// A person's page is open again: they are no longer away, and a computer standing in for
    /// them gives their seat back.
    fn came_back(&mut self, seat: usize, store: &Store) {
        if let Some(away) = self.away_since.get_mut(seat) {
            *away = None;
        }
        if self.game.stand_in(seat).is_none() {
            return;
        }
        if let Err(why) = store.set_stand_in(&self.id, seat, None) {
            tracing::error!(room = %self.id, %why, "a seat given back, but not kept so");
        }
        self.game.set_stand_in(seat, None);
        self.thinking_at = None;
    }

    /// When the people the game waits for (the player to move, or everyone who may answer in
    /// the challenge window), all without a page open, will have been away longer than the
    /// room's patience: then none of them can go on, and the others may.
    fn absent_due(&self) -> Option<Instant> {
        let patience = self.patience?;
        let awaited = self.game.awaited();
        if awaited.is_empty() {
            return None;
        }
        let mut latest: Option<Instant> = None;
        for seat in awaited {
            let since = self.away_since.get(seat).copied().flatten()?;
            latest = latest.max(Some(since));
        }
        Some(latest? + patience)
    }

    /// The first of the people the game waits for, when they have all been away longer than
    /// the room's patience.
    fn absent(&self) -> Option<usize> {
        let due = self.absent_due()?;
        if Instant::now() < due {
            return None;
        }
        self.game.awaited().first().copied()
    }

    /// A person chooses the name they play by, once, while the game is on: every page hears
    /// it, and the log's lines name them so from then on.
    fn rename(
        &mut self,
        seat: usize,
        name: Option<&str>,
        store: &Store,
    ) -> Result<(), &'static str> {
        let name = crate::table::clean_name(name.unwrap_or_default());
        if name.is_empty() {
            return Err("no-name");
        }
        if self.game.is_over() {
            return Err("not-your-turn");
        }
        if self.named.get(seat) != Some(&false) {
            return Err("named");
        }
        let mut renamed = self.game.clone();
        renamed.rename(seat, name);
        let setup = renamed.setup_json().map_err(|_| "other")?;
        if let Err(why) = store.set_setup(&self.id, &setup) {
            tracing::error!(room = %self.id, %why, "a name not kept, so not taken");
            return Err("not-kept");
        }
        self.game = renamed;
        self.named[seat] = true;
        self.send_words();
        self.send_views();
        Ok(())
    }

    /// Whether `seat`'s person still picks a name from those offered.
    fn picks_a_name(&self, seat: usize) -> bool {
        self.name_offer.is_some_and(|offer| offer.seat == seat)
            && self.named.get(seat) == Some(&false)
            && !self.game.is_over()
    }

    /// The names offered now, as the seat's page is sent them; none once one is picked.
    fn names_offered(&self) -> Option<serde_json::Value> {
        let offer = self
            .name_offer
            .filter(|offer| self.picks_a_name(offer.seat))?;
        let names = abakus_words::names::offer(self.language, offer.seed, offer.asked);
        Some(json!({"type": "names", "names": names, "more": offer.asked < MORE_NAMES}))
    }

    /// Sends the names offered to every page of the seat that picks.
    fn send_names(&mut self) {
        let (Some(offer), Some(names)) = (self.name_offer, self.names_offered()) else {
            return;
        };
        let text = names.to_string();
        let links: Vec<u64> = self
            .links
            .iter()
            .filter(|l| l.seat == Some(offer.seat))
            .map(|l| l.id)
            .collect();
        for link in links {
            self.tell(link, &text);
        }
    }

    /// Offers a booth's visitor's seat names to pick from.
    pub(crate) fn offer_names(&mut self, seat: usize, seed: u64) {
        self.name_offer = Some(NameOffer {
            seat,
            seed,
            asked: 0,
        });
        self.send_names();
    }

    /// Three other names, a few times.
    fn offer_other_names(&mut self) -> Result<(), &'static str> {
        let offer = self.name_offer.as_mut().ok_or("other")?;
        if offer.asked >= MORE_NAMES {
            return Err("no-more-names");
        }
        offer.asked += 1;
        self.send_names();
        Ok(())
    }

    /// The seat's person picks one of the names offered (in any language the room has
    /// spoken: the screen's may have changed meanwhile); no other name is taken.
    fn pick_name(
        &mut self,
        seat: usize,
        name: Option<&str>,
        store: &Store,
    ) -> Result<(), &'static str> {
        let offer = self.name_offer.ok_or("other")?;
        let name = name.unwrap_or_default();
        let offered = abakus_words::Language::ALL.into_iter().any(|language| {
            abakus_words::names::was_offered(language, offer.seed, offer.asked, name)
        });
        if !offered {
            return Err("not-offered");
        }
        self.rename(seat, Some(name), store)
    }

    /// A person at the end asks to play again; once every person has, the same table starts a
    /// new game, its line kept before anyone hears of it.
    fn ask_to_play_again(&mut self, seat: usize, store: &Store) -> Result<(), &'static str> {
        if !self.game.is_over() {
            return Err("not-over");
        }
        if let Some(asked) = self.play_again.get_mut(seat) {
            *asked = true;
        }
        let everyone = self
            .game
            .people()
            .iter()
            .all(|&person| self.play_again.get(person) == Some(&true));
        if everyone {
            let (game, line) = self.game.rematch().map_err(|why| {
                tracing::error!(room = %self.id, %why, "no rematch at this table");
                "other"
            })?;
            if let Err(why) = store.rematch(&self.id, self.kept, &line) {
                tracing::error!(room = %self.id, %why, "a rematch not kept, so not played");
                return Err("not-kept");
            }
            self.begin_next_game(game);
        }
        self.send_views();
        Ok(())
    }

    /// The next game at the same table, its line already kept: nothing of the last game's
    /// turn, clock, patience or wishes to play again carries over.
    fn begin_next_game(&mut self, game: Table) {
        self.game = game;
        self.booth_result = None;
        self.kept += 1;
        self.round_start = self.kept;
        self.game.name_after(&self.id, self.round_start);
        self.play_again.fill(false);
        self.thinking_at = None;
        self.answering_at = None;
        self.clock = None;
        self.patience_check = None;
    }

    /// Whether every person's seat has been taken by a device.
    fn everyone_came(&self) -> bool {
        self.seats.kept().iter().all(|keys| keys.holder.is_some())
    }

    /// Sends every page the words of its game, in the room's language and with its names.
    fn send_words(&mut self) {
        let words = self.game.words(self.language, self.host).to_string();
        let links: Vec<u64> = self.links.iter().map(|l| l.id).collect();
        for link in links {
            self.tell(link, &words);
        }
    }

    /// Another person hands the seat of the player who has been away too long to the
    /// computer at `level`, until that player comes back.
    fn stand_in(
        &mut self,
        seat: usize,
        level: Option<&str>,
        store: &Store,
    ) -> Result<(), &'static str> {
        let absent = self.absent().filter(|&absent| absent != seat);
        let (Some(absent), Some(level)) = (absent, level.and_then(level_named)) else {
            return Err("not-absent");
        };
        if let Err(why) = store.set_stand_in(&self.id, absent, Some(level_name(level))) {
            tracing::error!(room = %self.id, %why, "a stand-in not kept, so not made");
            return Err("not-kept");
        }
        self.game.set_stand_in(absent, Some(level));
        self.thinking_at = None;
        self.send_views();
        Ok(())
    }

    /// Another person ends the game for the player who has been away too long: it ends as
    /// that player's leaving ends it (the tile game's concession, the hex game's loss).
    fn end_for_absent(&mut self, seat: usize, store: &Store) -> Result<(), &'static str> {
        let absent = self.absent().filter(|&absent| absent != seat);
        // Only the player to move can be made to leave: in the challenge window the others
        // hand the seats that would answer to the computer instead.
        if absent.is_none() || absent != self.game.mover() {
            return Err("not-absent");
        }
        let intents = self.game.end_for_mover();
        self.apply(intents, store).map_err(|why| {
            tracing::error!(room = %self.id, %why, "an ending not kept, so not made");
            "not-kept"
        })
    }

    fn connect(&mut self, admitted: Admitted, window: bool) -> (u64, mpsc::Receiver<Outgoing>) {
        let (outbox, inbox) = mpsc::channel(OUTBOX);
        let id = self.next_link;
        self.next_link += 1;
        let (seat, welcome) = match admitted {
            Admitted::Seat {
                seat,
                secret,
                first,
            } => {
                let mut welcome =
                    json!({"type": "welcome", "seat": seat, "secret": secret.to_string()});
                // A person taking their seat may choose the name they play by, once.
                if first
                    && self.host == Host::Room
                    && !self.game.is_over()
                    && self.named.get(seat) == Some(&false)
                {
                    welcome["choose_name"] = json!(self.game.names().get(seat));
                }
                (Some(seat), welcome)
            }
            Admitted::Watcher { key } => (
                None,
                json!({"type": "welcome", "seat": null, "secret": key.to_string()}),
            ),
        };
        let words = self.game.words(self.language, self.host);
        for text in [welcome.to_string(), words.to_string()] {
            let _ = outbox.try_send(Outgoing::Text(text));
        }
        // A booth's visitor picks a name as soon as the seat is theirs, and again after a
        // reload until they have.
        if let Some(names) = seat
            .filter(|&seat| self.picks_a_name(seat))
            .and_then(|_| self.names_offered())
        {
            let _ = outbox.try_send(Outgoing::Text(names.to_string()));
        }
        self.links.push(Link {
            id,
            seat,
            window,
            outbox,
        });
        let view = self.view_for(seat, window);
        self.tell(id, &view);
        if let Some((_, card)) = self
            .booth_result
            .clone()
            .filter(|(card_seat, _)| Some(*card_seat) == seat)
        {
            self.tell(id, &card);
        }
        (id, inbox)
    }

    /// Gives a booth's visitor at `seat` the result card the window made of their game.
    pub(crate) fn give_booth_result(&mut self, seat: usize, card: &serde_json::Value) {
        let mut card = card.clone();
        card["type"] = json!("booth-result");
        let text = card.to_string();
        let links: Vec<u64> = self
            .links
            .iter()
            .filter(|l| l.seat == Some(seat))
            .map(|l| l.id)
            .collect();
        for link in links {
            self.tell(link, &text);
        }
        self.booth_result = Some((seat, text));
    }

    fn seconds_left(&self) -> Option<u32> {
        let (moves, deadline) = self.clock?;
        (moves == self.game.move_count()).then(|| {
            let left = deadline.saturating_duration_since(Instant::now());
            u32::try_from(left.as_secs() + u64::from(left.subsec_nanos() > 0)).unwrap_or(u32::MAX)
        })
    }

    fn view_for(&self, seat: Option<usize>, window: bool) -> String {
        let viewer = seat.map_or(Viewer::Watcher, Viewer::Seat);
        let mut view = self.game.view(viewer, self.language, self.seconds_left());
        self.add_room_lines(&mut view, seat);
        // A page opened afresh numbers its messages on from the last its seat sent.
        if let Some(seat) = seat {
            view["taken"] = json!(self.numbers.get(seat).copied().unwrap_or(0));
        }
        if window {
            view["record"] = self.game.seat_record(seat);
            // Two seats' links joined at one window are known to be of one room by it.
            view["room"] = json!(self.id);
        }
        let watching = self.links.iter().filter(|l| l.seat.is_none()).count();
        view["watching"] = json!(watching);
        if watching > 0 {
            let count = abakus_words::Arg::Number(i64::try_from(watching).unwrap_or(i64::MAX));
            view["watching_line"] = json!(abakus_words::tiles::format(
                self.language,
                "room-watching",
                &[("count", count)]
            ));
        }
        view.to_string()
    }

    /// What the room adds to a page's picture: who would play again, a player away too long
    /// and what the others may do about it, and who the computer stands in for.
    fn add_room_lines(&self, view: &mut serde_json::Value, seat: Option<usize>) {
        let names = self.game.names();
        let name =
            |seat: usize| abakus_words::Arg::Text(names.get(seat).map_or("", String::as_str));
        let format = |id: &str, args: &[(&str, abakus_words::Arg<'_>)]| {
            abakus_words::tiles::format(self.language, id, args)
        };
        let list = |seats: Vec<usize>| {
            let named: Vec<String> = seats.iter().map(|&s| names[s].clone()).collect();
            abakus_words::tiles::join_names(self.language, &named)
        };
        if self.host == Host::Room
            && self.game.is_over()
            && seat.is_some_and(|seat| self.game.is_persons(seat))
        {
            let asked: Vec<usize> = self
                .game
                .people()
                .into_iter()
                .filter(|&person| self.play_again[person])
                .collect();
            let mine = seat.is_some_and(|seat| self.play_again[seat]);
            let others: Vec<usize> = self
                .game
                .people()
                .into_iter()
                .filter(|&person| Some(person) != seat && !self.play_again[person])
                .collect();
            let line = if mine && !others.is_empty() {
                Some(format(
                    "room-play-again-waiting",
                    &[("names", abakus_words::Arg::Text(&list(others)))],
                ))
            } else if !mine && !asked.is_empty() {
                Some(format(
                    "room-play-again-asked",
                    &[("names", abakus_words::Arg::Text(&list(asked)))],
                ))
            } else {
                None
            };
            view["play_again"] = json!({"mine": mine, "line": line});
        }
        if let Some(absent) = self.absent()
            && seat.is_some_and(|seat| seat != absent && self.game.is_persons(seat))
        {
            let since = self.away_since[absent].map_or(0, |since| since.elapsed().as_secs() / 60);
            let minutes = abakus_words::Arg::Number(i64::try_from(since).unwrap_or(i64::MAX));
            view["away"] = json!({
                "seat": absent,
                "line": format("room-away", &[("name", name(absent)), ("minutes", minutes)]),
                "stand_in": format("room-stand-in", &[("name", name(absent))]),
                "can_end": self.game.mover() == Some(absent),
            });
        }
        let stood_in: Vec<String> = (0..self.game.seat_count())
            .filter(|&s| self.game.stand_in(s).is_some())
            .map(|s| format("room-stood-in", &[("name", name(s))]))
            .collect();
        view["stood_in"] = json!(stood_in);
    }

    /// Sends one page a message; a page that cannot take it is let go.
    fn tell(&mut self, link: u64, text: &str) {
        let Some(index) = self.links.iter().position(|l| l.id == link) else {
            return;
        };
        if self.links[index]
            .outbox
            .try_send(Outgoing::Text(text.to_owned()))
            .is_err()
        {
            // Let go, its socket ends when its queue is drained; its page comes back whole.
            self.forget_link(index);
        }
    }

    /// Forgets a page; a seat left with no page open is away from now.
    fn forget_link(&mut self, index: usize) -> Option<usize> {
        let seat = self.links.remove(index).seat?;
        if !self.links.iter().any(|l| l.seat == Some(seat))
            && let Some(away) = self.away_since.get_mut(seat)
        {
            *away = Some(Instant::now());
        }
        Some(seat)
    }

    /// Sends every page its picture of the room as it stands now.
    fn send_views(&mut self) {
        let mut pictures: HashMap<(Option<usize>, bool), String> = HashMap::new();
        let links: Vec<(u64, (Option<usize>, bool))> = self
            .links
            .iter()
            .map(|l| (l.id, (l.seat, l.window)))
            .collect();
        for &(_, (seat, window)) in &links {
            if let std::collections::hash_map::Entry::Vacant(entry) = pictures.entry((seat, window))
            {
                entry.insert(self.view_for(seat, window));
            }
        }
        for (id, seat) in links {
            if let Some(text) = pictures.get(&seat) {
                let text = text.clone();
                self.tell(id, &text);
            }
        }
        self.tell_the_table();
    }

    /// Applies intents; the moves they make are kept in the store before any page hears of
    /// them, and if they cannot be kept the room is as it was.
    fn apply(&mut self, intents: Vec<Intent>, store: &Store) -> Result<(), StoreError> {
        let before = self.game.clone();
        let noted = self.table.as_ref().map(|_| intents.clone());
        for intent in intents {
            self.game.apply(intent);
        }
        let lines = self.round_start + self.game.move_count();
        if lines > self.kept {
            let moves = self.game.moves();
            let new = &moves[self.kept - self.round_start..];
            if let Err(why) = store.add_moves(&self.id, self.kept, new) {
                self.game = before;
                return Err(why);
            }
            self.kept = lines;
            if self.game.is_over() {
                let _ = store.finish(&self.id, now_seconds());
            }
        }
        if let (Some(feed), Some(noted)) = (self.table.as_mut(), noted) {
            feed.applied.extend(noted);
        }
        self.send_views();
        Ok(())
    }
}
