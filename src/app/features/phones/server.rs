//! The phone server's handle: started for a game with phone seats, it listens on one address,
//! lets each seat's phone in, and carries the seats' messages to the game and back.

use std::io::{self, ErrorKind, Read};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use super::connection::{Slot, serve};
use super::request::Answer;
use super::shared::{LinkEvent, Outgoing, PageFile, Shared};
use abakus_match::room::Seats;

/// How often the listening thread looks for a new connection or the order to stop.
const ACCEPT_POLL: Duration = Duration::from_millis(20);
/// The most messages from the phones waiting for the game's next frame.
const WAITING_MESSAGES: usize = 1024;

/// The server, listening until it is dropped.
pub struct PhoneServer {
    shared: Arc<Shared>,
    events: async_channel::Receiver<LinkEvent>,
    address: SocketAddr,
    listening: Option<JoinHandle<()>>,
}

impl PhoneServer {
    /// Listens on `address` at `port` (0 for any free one) for the phones of these seats
    /// (the game's numbers), serving them `files`.
    pub fn start(
        address: IpAddr,
        port: u16,
        seats: &[usize],
        files: Vec<PageFile>,
    ) -> io::Result<PhoneServer> {
        Self::start_with(address, port, Seats::new(seats), files)
    }

    /// Listens again with the seats' keys of an earlier server (see [`PhoneServer::keys`]):
    /// its codes still open their seats and its phones come back with their secrets.
    pub fn start_with(
        address: IpAddr,
        port: u16,
        seats: Seats,
        files: Vec<PageFile>,
    ) -> io::Result<PhoneServer> {
        let listener = TcpListener::bind((address, port))?;
        listener.set_nonblocking(true)?;
        let address = listener.local_addr()?;
        let (sender, events) = async_channel::bounded(WAITING_MESSAGES);
        let shared = Arc::new(Shared::new(address.to_string(), seats, sender, files));
        let listening = thread::Builder::new().name("phone server".into()).spawn({
            let shared = Arc::clone(&shared);
            move || listen(&shared, &listener)
        })?;
        Ok(PhoneServer {
            shared,
            events,
            address,
            listening: Some(listening),
        })
    }

    /// The address and port the server listens on.
    #[must_use]
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The address a seat's phone opens, while the seat is played on a phone.
    #[must_use]
    pub fn seat_address(&self, seat: usize) -> Option<String> {
        let token = self.shared.seats().token(seat)?;
        Some(format!("http://{}/seat/{token}/", self.shared.host))
    }

    /// Whether a phone has taken the seat.
    #[must_use]
    pub fn is_held(&self, seat: usize) -> bool {
        self.shared.seats().is_held(seat)
    }

    /// Whether the seat's phone is connected now.
    #[must_use]
    pub fn is_connected(&self, seat: usize) -> bool {
        self.shared.is_connected(seat)
    }

    /// The seats' codes and the secrets of the phones that hold them, to listen again with
    /// after this server has stopped.
    #[must_use]
    pub fn keys(&self) -> Seats {
        self.shared.seats().clone()
    }

    /// The seats still played on a phone.
    #[must_use]
    pub fn phone_seats(&self) -> Vec<usize> {
        self.shared.seats().seats()
    }

    /// Sends the seat's phone a message, if it is connected; says whether it went.
    pub fn send(&self, seat: usize, text: String) -> bool {
        self.shared.send(seat, Outgoing::Text(text))
    }

    /// A new address for the seat, for another phone; the phone that held it is sent away
    /// and refused from now on.
    pub fn reopen(&self, seat: usize) -> Option<String> {
        self.shared.seats().reopen(seat)?;
        self.shared.send(seat, Outgoing::Close("reopened"));
        self.seat_address(seat)
    }

    /// Tells the phones, once this server stops, that their game has only left the screen:
    /// they keep trying until a server with the same keys listens again.
    pub fn set_aside(&self) {
        self.shared.coming_back.store(true, Ordering::Relaxed);
    }

    /// The seat goes back to the screen: its phone is sent away, and no address opens it.
    pub fn release(&self, seat: usize) {
        self.shared.seats().release(seat);
        self.shared.send(seat, Outgoing::Close("released"));
    }

    /// Serves these files from now on: the page's words in the screen's new language.
    pub fn set_files(&self, files: Vec<PageFile>) {
        self.shared.set_files(files);
    }

    /// Calls `wake` whenever a phone comes, goes or sends a message, so that a window which
    /// draws only on input takes it at once.
    pub fn wake_with(&self, wake: impl Fn() + Send + Sync + 'static) {
        *self
            .shared
            .waker
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Box::new(wake));
    }

    /// What happened at the phones since the last call.
    pub fn events(&self) -> Vec<LinkEvent> {
        std::iter::from_fn(|| self.events.try_recv().ok()).collect()
    }
}

impl Drop for PhoneServer {
    /// Stops listening at once (the port is free when this returns); each connection
    /// closes within a few milliseconds.
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        if let Some(listening) = self.listening.take() {
            let _ = listening.join();
        }
    }
}

/// Takes connections until the server stops, each on a thread of its own.
fn listen(shared: &Arc<Shared>, listener: &TcpListener) {
    while !shared.stop.load(Ordering::Relaxed) {
        match listener.accept() {
            Ok((stream, peer)) => take(shared, stream, peer.ip()),
            Err(error) if error.kind() == ErrorKind::WouldBlock => thread::sleep(ACCEPT_POLL),
            // Out of file handles, say: wait, and the connections that end free some.
            Err(_) => thread::sleep(ACCEPT_POLL),
        }
    }
}

fn take(shared: &Arc<Shared>, mut stream: TcpStream, peer: IpAddr) {
    if stream.set_nonblocking(false).is_err() {
        return;
    }
    let Some(slot) = Slot::take(shared, peer) else {
        // Read what the client sent before answering: closing a socket with unread bytes
        // resets it, and the client would lose the answer.
        let _ = stream.set_read_timeout(Some(Duration::from_millis(100)));
        let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
        let mut sent = [0u8; 2048];
        let _ = stream.read(&mut sent);
        let _ = Answer::BUSY.write(&mut stream);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        let _ = stream.read(&mut sent);
        return;
    };
    let shared = Arc::clone(shared);
    // A thread that cannot start drops the connection, and the slot with it.
    let _ = thread::Builder::new()
        .name("phone connection".into())
        .spawn(move || {
            let _slot = slot;
            serve(&shared, stream);
        });
}
