//! What the phone server's threads share: the seats, the connections alive and the caps on
//! them, the way to the game, and the page's files.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};

use abakus_match::room::Seats;

/// The most connections one address may hold at once: a phone's page and its WebSocket,
/// with room for a reload while the old ones close.
const PER_ADDRESS: usize = 8;
/// The most connections the server holds at once.
const IN_ALL: usize = 48;

pub use abakus_pages::{NOT_OPEN_PAGE, PageFile};

/// What happened at the phones, for the game to act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkEvent {
    /// A phone took the seat, or came back to it: it needs the whole picture.
    Joined { seat: usize },
    /// The seat's phone went away (closed, locked, out of range, or replaced).
    Left { seat: usize },
    /// A message from the seat's phone, as it came: the game reads it and decides.
    Message { seat: usize, text: String },
}

/// What the game sends a seat's connection.
pub enum Outgoing {
    Text(String),
    Close(&'static str),
}

/// The connections alive, and which holds each seat.
#[derive(Default)]
struct Live {
    per_address: HashMap<IpAddr, usize>,
    in_all: usize,
    next_id: u64,
    /// Each seat's WebSocket: its number and the way to it.
    seats: HashMap<usize, (u64, Sender<Outgoing>)>,
}

/// Wakes the game's frame loop: a window that draws only on input must not sleep through a
/// phone's message.
pub type Waker = Box<dyn Fn() + Send + Sync>;

/// What the server's threads share.
pub struct Shared {
    /// The address as phones write it (`192.168.1.20:41234`): a request naming any other
    /// host is refused.
    pub host: String,
    pub seats: Mutex<Seats>,
    live: Mutex<Live>,
    pub stop: AtomicBool,
    /// The game has only left the screen for a while: the phones are told to keep trying.
    pub coming_back: AtomicBool,
    events: async_channel::Sender<LinkEvent>,
    pub waker: Mutex<Option<Waker>>,
    /// The page's files; the game may give new ones (the page's words in another language).
    files: RwLock<Arc<[PageFile]>>,
}

impl Shared {
    pub fn new(
        host: String,
        seats: Seats,
        events: async_channel::Sender<LinkEvent>,
        files: Vec<PageFile>,
    ) -> Shared {
        Shared {
            host,
            seats: Mutex::new(seats),
            live: Mutex::new(Live::default()),
            stop: AtomicBool::new(false),
            coming_back: AtomicBool::new(false),
            events,
            waker: Mutex::new(None),
            files: RwLock::new(files.into()),
        }
    }

    /// Hands the game an event and wakes its frame loop; false when the channel is full.
    pub fn tell(&self, event: LinkEvent) -> bool {
        let sent = self.events.try_send(event).is_ok();
        if let Some(wake) = &*self.waker.lock().unwrap_or_else(PoisonError::into_inner) {
            wake();
        }
        sent
    }

    fn live(&self) -> MutexGuard<'_, Live> {
        self.live.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts a new connection from `peer`, unless that would pass a cap.
    pub fn count_in(&self, peer: IpAddr) -> bool {
        let mut live = self.live();
        let held = live.per_address.get(&peer).copied().unwrap_or(0);
        if held >= PER_ADDRESS || live.in_all >= IN_ALL {
            return false;
        }
        live.per_address.insert(peer, held + 1);
        live.in_all += 1;
        true
    }

    pub fn count_out(&self, peer: IpAddr) {
        let mut live = self.live();
        live.in_all = live.in_all.saturating_sub(1);
        if let Some(held) = live.per_address.get_mut(&peer) {
            *held = held.saturating_sub(1);
            if *held == 0 {
                live.per_address.remove(&peer);
            }
        }
    }

    /// Makes this connection the seat's; a connection that held the seat before is closed.
    pub fn attach(&self, seat: usize) -> (u64, Receiver<Outgoing>) {
        let (sender, receiver) = mpsc::channel();
        let mut live = self.live();
        live.next_id += 1;
        let id = live.next_id;
        if let Some((_, old)) = live.seats.insert(seat, (id, sender)) {
            let _ = old.send(Outgoing::Close("replaced"));
        }
        (id, receiver)
    }

    /// Forgets this connection; says whether it still held the seat.
    pub fn detach(&self, seat: usize, id: u64) -> bool {
        let mut live = self.live();
        if live.seats.get(&seat).is_some_and(|(held, _)| *held == id) {
            live.seats.remove(&seat);
            true
        } else {
            false
        }
    }

    /// Whether a WebSocket holds the seat now.
    pub fn is_connected(&self, seat: usize) -> bool {
        self.live().seats.contains_key(&seat)
    }

    pub fn send(&self, seat: usize, message: Outgoing) -> bool {
        self.live()
            .seats
            .get(&seat)
            .is_some_and(|(_, sender)| sender.send(message).is_ok())
    }

    /// The page's files as they are now.
    pub fn files(&self) -> Arc<[PageFile]> {
        Arc::clone(&self.files.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// Serves these files from now on.
    pub fn set_files(&self, files: Vec<PageFile>) {
        *self.files.write().unwrap_or_else(PoisonError::into_inner) = files.into();
    }

    pub fn seats(&self) -> MutexGuard<'_, Seats> {
        self.seats.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
