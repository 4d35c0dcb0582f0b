//! The rooms being played: each a tile game with its seats' keys, the pages connected to it,
//! and the computer's turns and the turn clock run beside it; every accepted move kept in the
//! store before any page is told of it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use abakus_match::room::{Key, Refusal, SeatKeys, Seats};
use abakus_match::tiles::view::Viewer;
use abakus_match::tiles::wire::read_intent;
use abakus_match::tiles::{
    SeatKind, Stage, TilesIntent, TilesMatch, TilesSave, TilesSetup, apply, computers_answer,
};
use abakus_pages::tiles::view_message;
use abakus_rules::abaku::ai;
use abakus_words::Language;
use serde_json::json;
use tokio::sync::{Semaphore, mpsc};

use crate::store::{RoomRecord, SeatRecord, Store, StoreError};

/// How many messages may wait for a page before it counts as too slow and is let go (it comes
/// back with the whole picture).
const OUTBOX: usize = 64;
/// The pause before the computers answer a move in the challenge window: time for the people
/// to read it.
const CHALLENGE_PAUSE: Duration = Duration::from_millis(1500);

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
    outbox: mpsc::Sender<Outgoing>,
}

/// A room being played.
pub struct Room {
    id: String,
    game: TilesMatch,
    seats: Seats,
    watch: Key,
    language: Language,
    links: Vec<Link>,
    next_link: u64,
    /// The number of the last message taken from each seat's pages.
    numbers: Vec<u64>,
    /// The moves kept in the store.
    kept: usize,
    /// The move count a computer is thinking at, so that it thinks once per turn.
    thinking_at: Option<usize>,
    /// The move count the challenge window's answer is awaited at.
    answering_at: Option<usize>,
    /// The turn being timed (by its move count) and when its time runs out.
    clock: Option<(usize, Instant)>,
}

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
    Seat { seat: usize, secret: Key },
    Watcher { key: Key },
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
    /// One computer search at a time per core, so no room starves the others.
    thinking: Semaphore,
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
    pub fn load(store: Store, searches: usize) -> Result<Arc<Rooms>, StoreError> {
        let rooms = Arc::new(Rooms {
            rooms: Mutex::new(HashMap::new()),
            keys: Mutex::new(HashMap::new()),
            thinking: Semaphore::new(searches.max(1)),
            store,
        });
        for stored in rooms.store.rooms()? {
            let id = stored.record.id.clone();
            match Room::from_store(stored.record, stored.moves) {
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
        setup: TilesSetup,
        language: Language,
    ) -> Result<Created, CreateError> {
        let game =
            TilesMatch::new(setup.clone()).map_err(|why| CreateError::Table(why.to_string()))?;
        let people = setup.phone_seats();
        let seats = Seats::new(&people);
        let watch = Key::random();
        let id = Key::random().to_string();
        let record = RoomRecord {
            id: id.clone(),
            setup: serde_json::to_string(&setup)
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
                })
                .collect(),
            created: now_seconds(),
        };
        self.store.create(&record)?;
        let created = Created {
            room: id.clone(),
            seats: seats
                .kept()
                .iter()
                .map(|keys| (keys.seat, setup.seats[keys.seat].name.clone(), keys.token))
                .collect(),
            watch,
        };
        let mut room = Room::new(id.clone(), game, seats, watch, language);
        room.game.set_gathering(!people.is_empty());
        self.insert(room);
        if let Some(room) = self.room(&id) {
            self.play_on(&room);
        }
        Ok(created)
    }

    /// The room a key belongs to and the door it opens.
    fn door(&self, key: &str) -> Option<(Arc<Mutex<Room>>, Door)> {
        let (room, door) = lock(&self.keys).get(key).cloned()?;
        Some((self.room(&room)?, door))
    }

    /// The language and seats' names of the room a link's key opens, for its page's files.
    #[must_use]
    pub fn page_of(&self, key: &str) -> Option<(Language, Vec<String>)> {
        let (room, door) = self.door(key)?;
        if door == Door::Secret {
            return None;
        }
        let room = lock(&room);
        Some((room.language, room.game.setup().names()))
    }

    /// A page asks in with a seat's link (`token`), a device's secret (`secret`), or a watch
    /// key (either); on success it is connected and gets its welcome, words and picture.
    ///
    /// # Errors
    /// The key opens nothing, or the seat was taken by another device.
    pub fn join(self: &Arc<Self>, key: &str, by_secret: bool) -> Result<Joined, Refusal> {
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
                Admitted::Seat { seat, secret }
            }
            (Door::Secret, true) => Admitted::Seat {
                seat: room.seats.resume(&parsed)?,
                secret: parsed,
            },
            _ => return Err(Refusal::Unknown),
        };
        let (id, outbox) = room.connect(admitted);
        let everyone_came =
            room.game.gathering() && room.seats.kept().iter().all(|keys| keys.holder.is_some());
        if everyone_came {
            room.game.set_gathering(false);
        }
        // The players see how many watch; everyone sees the game begin.
        if everyone_came || matches!(admitted, Admitted::Watcher { .. }) {
            room.send_views();
        }
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
        match read_intent(&room.game, seat, last, text) {
            Ok((number, intent)) => {
                if let Some(slot) = room.numbers.get_mut(seat) {
                    *slot = number;
                }
                if let Err(why) = room.apply(intent, &self.store) {
                    tracing::error!(room = %room.id, %why, "a move not kept, so not played");
                    room.tell(link, &error("not-kept"));
                }
            }
            Err(why) => room.tell(link, &error(why.code())),
        }
        drop(room);
        self.play_on(shared);
    }

    /// A page went away.
    pub fn leave(&self, shared: &Arc<Mutex<Room>>, link: u64) {
        let mut room = lock(shared);
        let watcher = room.links.iter().any(|l| l.id == link && l.seat.is_none());
        room.links.retain(|l| l.id != link);
        if watcher {
            room.send_views();
        }
    }

    /// Whatever the room does next by itself: a computer's turn, the computers' answer in the
    /// challenge window, or a person's turn clock.
    fn play_on(self: &Arc<Self>, shared: &Arc<Mutex<Room>>) {
        let mut room = lock(shared);
        if room.game.position().is_over() || room.game.gathering() {
            room.clock = None;
            return;
        }
        let moves = room.game.moves().len();
        if let Some(level) = room
            .game
            .computer_to_move()
            .filter(|_| room.game.stage() == Stage::Turn)
            && room.thinking_at != Some(moves)
        {
            room.thinking_at = Some(moves);
            let position = room.game.position().clone();
            let seed = rand::random::<u64>();
            let (rooms, shared) = (Arc::clone(self), Arc::clone(shared));
            tokio::spawn(async move {
                let Ok(_turn) = rooms.thinking.acquire().await else {
                    return;
                };
                let chosen =
                    tokio::task::spawn_blocking(move || ai::choose_move(&position, level, seed))
                        .await;
                let Ok(chosen) = chosen else {
                    return;
                };
                {
                    let mut room = lock(&shared);
                    if room.game.moves().len() != moves || room.game.computer_to_move().is_none() {
                        return;
                    }
                    if let Err(why) = room.apply(TilesIntent::Computer(chosen), &rooms.store) {
                        tracing::error!(room = %room.id, %why, "the computer's move not kept");
                        room.thinking_at = None;
                        return;
                    }
                }
                rooms.play_on(&shared);
            });
        }
        if room.game.stage() == Stage::ChallengeWindow && room.answering_at != Some(moves) {
            room.answering_at = Some(moves);
            let (rooms, shared) = (Arc::clone(self), Arc::clone(shared));
            tokio::spawn(async move {
                tokio::time::sleep(CHALLENGE_PAUSE).await;
                {
                    let mut room = lock(&shared);
                    if room.game.moves().len() != moves {
                        return;
                    }
                    let Some(answer) = computers_answer(&room.game, moves as u64) else {
                        return;
                    };
                    if let Err(why) = room.apply(answer, &rooms.store) {
                        tracing::error!(room = %room.id, %why, "an answer not kept");
                        return;
                    }
                }
                rooms.play_on(&shared);
            });
        }
        self.time_the_turn(&mut room, shared);
    }

    /// Starts the clock of a person's turn at a table with a limit; when it runs out the turn
    /// ends as the window's turn timer ends it (the tiles go back and the player passes).
    fn time_the_turn(self: &Arc<Self>, room: &mut Room, shared: &Arc<Mutex<Room>>) {
        let Some(limit) = room.game.setup().turn_limit.seconds() else {
            return;
        };
        let moves = room.game.moves().len();
        let persons_turn = room.game.computer_to_move().is_none()
            && matches!(room.game.stage(), Stage::Turn | Stage::JokerDigit { .. });
        if !persons_turn {
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
        tokio::spawn(async move {
            tokio::time::sleep_until(deadline.into()).await;
            {
                let mut room = lock(&shared);
                if room.clock != Some((moves, deadline)) {
                    return;
                }
                room.clock = None;
                if let Err(why) = room.apply(TilesIntent::TimeUp, &rooms.store) {
                    tracing::error!(room = %room.id, %why, "a turn out of time not kept");
                    return;
                }
            }
            rooms.play_on(&shared);
        });
    }
}

fn error(code: &str) -> String {
    json!({"type": "error", "code": code}).to_string()
}

impl Room {
    fn new(id: String, game: TilesMatch, seats: Seats, watch: Key, language: Language) -> Room {
        let players = game.setup().seats.len();
        let kept = game.moves().len();
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
            thinking_at: None,
            answering_at: None,
            clock: None,
        }
    }

    /// A room as the store kept it, its moves replayed through the rules.
    fn from_store(record: RoomRecord, moves: Vec<String>) -> Result<Room, String> {
        let setup: TilesSetup =
            serde_json::from_str(&record.setup).map_err(|why| format!("its table: {why}"))?;
        let game = TilesMatch::replay(&TilesSave { setup, moves })
            .map_err(|why| format!("its moves do not replay: {why}"))?;
        let key =
            |text: &str| Key::parse(text).ok_or_else(|| format!("a key that is not one: {text:?}"));
        let mut seats = Vec::with_capacity(record.seats.len());
        for seat in &record.seats {
            if game
                .setup()
                .seats
                .get(seat.seat)
                .is_none_or(|s| s.kind != SeatKind::Phone)
            {
                return Err(format!("seat {} is no person's", seat.seat));
            }
            seats.push(SeatKeys {
                seat: seat.seat,
                token: key(&seat.token)?,
                holder: seat.holder.as_deref().map(key).transpose()?,
            });
        }
        let language = Language::from_code(&record.language)
            .ok_or_else(|| format!("a language it does not speak: {}", record.language))?;
        let mut room = Room::new(
            record.id,
            game,
            Seats::restore(seats),
            key(&record.watch)?,
            language,
        );
        let everyone_came = room.seats.kept().iter().all(|keys| keys.holder.is_some());
        room.game
            .set_gathering(!everyone_came && room.game.moves().is_empty());
        Ok(room)
    }

    fn connect(&mut self, admitted: Admitted) -> (u64, mpsc::Receiver<Outgoing>) {
        let (outbox, inbox) = mpsc::channel(OUTBOX);
        let id = self.next_link;
        self.next_link += 1;
        let (seat, welcome) = match admitted {
            Admitted::Seat { seat, secret } => (
                Some(seat),
                json!({"type": "welcome", "seat": seat, "secret": secret.to_string()}),
            ),
            Admitted::Watcher { key } => (
                None,
                json!({"type": "welcome", "seat": null, "secret": key.to_string()}),
            ),
        };
        let words = abakus_pages::tiles::words(self.language, &self.game.setup().names());
        for text in [welcome.to_string(), words.to_string()] {
            let _ = outbox.try_send(Outgoing::Text(text));
        }
        self.links.push(Link { id, seat, outbox });
        let view = self.view_for(seat);
        self.tell(id, &view);
        (id, inbox)
    }

    fn seconds_left(&self) -> Option<u32> {
        let (moves, deadline) = self.clock?;
        (moves == self.game.moves().len()).then(|| {
            let left = deadline.saturating_duration_since(Instant::now());
            u32::try_from(left.as_secs() + u64::from(left.subsec_nanos() > 0)).unwrap_or(u32::MAX)
        })
    }

    fn view_for(&self, seat: Option<usize>) -> String {
        let viewer = seat.map_or(Viewer::Watcher, Viewer::Seat);
        let mut view = view_message(&self.game, viewer, self.language, self.seconds_left());
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
            let gone = self.links.remove(index);
            let _ = gone.outbox.try_send(Outgoing::Close("too-slow"));
        }
    }

    /// Sends every page its picture of the room as it stands now.
    fn send_views(&mut self) {
        let mut pictures: HashMap<Option<usize>, String> = HashMap::new();
        for seat in self.links.iter().map(|l| l.seat).collect::<Vec<_>>() {
            if let std::collections::hash_map::Entry::Vacant(entry) = pictures.entry(seat) {
                entry.insert(self.view_for(seat));
            }
        }
        let links: Vec<(u64, Option<usize>)> = self.links.iter().map(|l| (l.id, l.seat)).collect();
        for (id, seat) in links {
            if let Some(text) = pictures.get(&seat) {
                let text = text.clone();
                self.tell(id, &text);
            }
        }
    }

    /// Applies an intent; the moves it makes are kept in the store before any page hears of
    /// them, and if they cannot be kept the room is as it was.
    fn apply(&mut self, intent: TilesIntent, store: &Store) -> Result<(), StoreError> {
        let before = self.game.clone();
        apply(&mut self.game, intent);
        let moves = self.game.moves();
        if moves.len() > self.kept {
            if let Err(why) = store.add_moves(&self.id, self.kept, &moves[self.kept..]) {
                self.game = before;
                return Err(why);
            }
            self.kept = moves.len();
            if self.game.position().is_over() {
                let _ = store.finish(&self.id, now_seconds());
            }
        }
        self.send_views();
        Ok(())
    }
}
