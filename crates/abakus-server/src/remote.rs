//! A seat of a room on a server elsewhere, as a game window plays it: the room's socket kept
//! on a thread of its own and opened again by the seat's secret whenever it drops, what the
//! room says handed to the window, and the window's messages sent to the room.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use abakus_match::room::Key;
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::{mpsc as queue, watch};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{Connector, connect_async_tls_with_config};

use crate::rooms::Waker;

/// Where a room's link leads: a server as a browser opens it, and the key of a seat there (or
/// of the room's watchers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invite {
    /// The server, as its links begin: `https://games.example.org` or `http://127.0.0.1:8080`,
    /// with the path a proxy serves it under, if any.
    pub server: String,
    /// The seat's token (or the watchers' key), as the link carries it.
    pub key: String,
    /// A link to watch the game, not to play in it.
    pub watching: bool,
}

/// Why a text is not a link to a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum InviteError {
    #[error("a link begins with http:// or https://")]
    NotALink,
    #[error("the link names no seat and no game to watch")]
    NoSeat,
}

impl Invite {
    /// Reads a link as a room's pages give it out: `https://host/seat/KEY/`, or `…/watch/KEY/`;
    /// spaces around it, a missing last slash, a page's file name after the key, a query or a
    /// fragment are all taken.
    ///
    /// # Errors
    /// A text that is not such a link.
    pub fn parse(text: &str) -> Result<Invite, InviteError> {
        let text = text.trim();
        let text = text.split(['?', '#']).next().unwrap_or_default();
        let (scheme, rest) = ["https://", "http://"]
            .into_iter()
            .find_map(|scheme| Some((scheme, text.strip_prefix(scheme)?)))
            .ok_or(InviteError::NotALink)?;
        for (door, watching) in [("/seat/", false), ("/watch/", true)] {
            let Some(at) = rest.rfind(door) else {
                continue;
            };
            let host = &rest[..at];
            let key = rest[at + door.len()..]
                .split('/')
                .next()
                .unwrap_or_default();
            if host.is_empty() || host.starts_with('/') || Key::parse(key).is_none() {
                return Err(InviteError::NoSeat);
            }
            return Ok(Invite {
                server: format!("{scheme}{host}"),
                key: key.to_owned(),
                watching,
            });
        }
        Err(InviteError::NoSeat)
    }

    /// The link as a browser opens it.
    #[must_use]
    pub fn link(&self) -> String {
        let door = if self.watching { "watch" } else { "seat" };
        format!("{}/{door}/{}/", self.server, self.key)
    }

    /// Whether the server is reached over TLS.
    #[must_use]
    pub fn is_secure(&self) -> bool {
        self.server.starts_with("https://")
    }

    /// The server's name and port, as a person would read it.
    #[must_use]
    pub fn host(&self) -> &str {
        let rest = self
            .server
            .split_once("://")
            .map_or(self.server.as_str(), |(_, rest)| rest);
        rest.split('/').next().unwrap_or(rest)
    }

    /// The room's socket for a window: by the link's key the first time, by the seat's secret
    /// after.
    fn socket_address(&self, secret: Option<&str>) -> String {
        let server = match self.server.strip_prefix("https://") {
            Some(rest) => format!("wss://{rest}"),
            None => format!("ws://{}", self.server.trim_start_matches("http://")),
        };
        match (secret, self.watching) {
            (Some(secret), _) => format!("{server}/ws?secret={secret}&client=window"),
            (None, true) => format!("{server}/ws?secret={}&client=window", self.key),
            (None, false) => format!("{server}/ws?token={}&client=window", self.key),
        }
    }

    /// The origin a page of the server has: the server lets in no other's sockets.
    fn origin(&self) -> String {
        let scheme = if self.is_secure() { "https" } else { "http" };
        format!("{scheme}://{}", self.host())
    }
}

/// What the room said, in the order it said it.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    /// The window is at its seat (or watching, `seat` empty); `secret` brings it back there.
    Seated { seat: Option<usize>, secret: String },
    /// The game as the seat sees it, with its record.
    Picture(Box<Value>),
    /// A message of the window's the room did not take, by the room's code for why.
    NotTaken(String),
    /// The socket dropped, or could not be opened; it is tried again by itself.
    Reconnecting { attempt: u32, why: String },
    /// The room will not have this window again, and why.
    Ended(Ending),
}

/// Why a window's seat in a room has ended for good.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Ending {
    #[error("the server knows no seat by this link: an old link, or the game was closed")]
    Unknown,
    #[error("another device has taken this seat")]
    Taken,
    #[error("this seat was opened on another device")]
    Replaced,
    #[error("the game's host gave this seat a new link")]
    Reopened,
    #[error("the game's host has ended this seat")]
    Released,
    #[error("the game has been closed")]
    Closed,
    #[error("the server's certificate does not check out: {0}")]
    Certificate(String),
    #[error("no game server answers at this address ({0})")]
    NotAServer(String),
}

impl Ending {
    /// Whether the room itself will not have the seat again (rather than this machine failing
    /// to reach or trust the server), so that the seat's secret is worth nothing now.
    #[must_use]
    pub fn is_the_rooms(&self) -> bool {
        !matches!(self, Ending::Certificate(_) | Ending::NotAServer(_))
    }

    /// The ending a room's close reason (or a refusal's code) means; `None` for one the page
    /// tries again after (the server restarting, the game set aside).
    fn of_reason(reason: &str) -> Option<Ending> {
        Some(match reason {
            "unknown" => Ending::Unknown,
            "taken" => Ending::Taken,
            "replaced" => Ending::Replaced,
            "reopened" => Ending::Reopened,
            "released" => Ending::Released,
            "closed" => Ending::Closed,
            _ => return None,
        })
    }
}

/// A window's seat in a room elsewhere, kept while this lives.
pub struct RemoteSeat {
    invite: Invite,
    to_room: queue::UnboundedSender<String>,
    heard: Mutex<mpsc::Receiver<Heard>>,
    stop: watch::Sender<bool>,
    thread: Option<JoinHandle<()>>,
}

/// The most messages the window sends in a second: the server takes 40 from a page.
const MESSAGES_PER_SECOND: usize = 30;

/// The longest a socket may take to open before it is tried again.
const OPENING_LIMIT: Duration = Duration::from_secs(10);

impl RemoteSeat {
    /// Takes the seat the invite leads to (or comes back to it by its `secret`), on a thread of
    /// its own; `wake` is called whenever the room has said something.
    ///
    /// # Errors
    /// The thread or its runtime could not be made.
    pub fn open(invite: Invite, secret: Option<String>, wake: Waker) -> std::io::Result<Self> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let (to_room, outgoing) = queue::unbounded_channel();
        let (tell, heard) = mpsc::channel();
        let (stop, stopping) = watch::channel(false);
        let teller = Teller { tell, wake };
        let keeping = invite.clone();
        let thread = std::thread::Builder::new()
            .name("abakus-remote-seat".into())
            .spawn(move || {
                runtime.block_on(keep_seat(keeping, secret, outgoing, teller, stopping));
                // A name still being looked up is not waited for: the window goes on at once.
                runtime.shutdown_background();
            })?;
        Ok(RemoteSeat {
            invite,
            to_room,
            heard: Mutex::new(heard),
            stop,
            thread: Some(thread),
        })
    }

    /// The link this seat was taken by.
    #[must_use]
    pub fn invite(&self) -> &Invite {
        &self.invite
    }

    /// Sends a page's message to the room, as soon as the socket is open.
    pub fn send(&self, text: String) {
        let _ = self.to_room.send(text);
    }

    /// What the room has said since this was last asked.
    #[must_use]
    pub fn heard(&self) -> Vec<Heard> {
        self.heard
            .lock()
            .map(|heard| heard.try_iter().collect())
            .unwrap_or_default()
    }
}

impl Drop for RemoteSeat {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Hands what the room said to the window, and wakes it.
struct Teller {
    tell: mpsc::Sender<Heard>,
    wake: Waker,
}

impl Teller {
    fn tell(&self, heard: Heard) {
        let _ = self.tell.send(heard);
        (self.wake)();
    }
}

/// How a socket's life ended.
enum SessionEnd {
    Dropped(String),
    Ended(Ending),
    /// The window let the seat go.
    Stopped,
}

/// Tries before a server that has never let the window in is taken for none at all: a
/// mistyped address ends, where a server restarting is waited for.
const FIRST_TRIES: u32 = 3;

/// What one seat's connection keeps between its sockets.
struct Keeping {
    secret: Option<String>,
    /// The room has let the window in at least once.
    welcomed: bool,
    pace: Pace,
    /// The TLS settings, made from the platform's certificates once.
    tls: Option<Arc<rustls::ClientConfig>>,
}

async fn keep_seat(
    invite: Invite,
    secret: Option<String>,
    mut outgoing: queue::UnboundedReceiver<String>,
    teller: Teller,
    mut stopping: watch::Receiver<bool>,
) {
    let mut attempt = 0u32;
    let mut keeping = Keeping {
        secret,
        welcomed: false,
        pace: Pace::default(),
        tls: None,
    };
    loop {
        let welcomed_before = keeping.welcomed;
        keeping.welcomed = false;
        let ended = tokio::select! {
            _ = stopping.changed() => return,
            ended = session(&invite, &mut keeping, &mut outgoing, &teller) => ended,
        };
        if keeping.welcomed {
            // Let in this time: the next drop waits a second again.
            attempt = 0;
        }
        keeping.welcomed |= welcomed_before;
        match ended {
            SessionEnd::Stopped => return,
            SessionEnd::Ended(ending) => {
                teller.tell(Heard::Ended(ending));
                return;
            }
            SessionEnd::Dropped(why) if !keeping.welcomed && attempt + 1 >= FIRST_TRIES => {
                teller.tell(Heard::Ended(Ending::NotAServer(why)));
                return;
            }
            SessionEnd::Dropped(why) => {
                attempt = attempt.saturating_add(1);
                teller.tell(Heard::Reconnecting { attempt, why });
                // As a page does: a second more each time, at most five.
                let wait = Duration::from_secs(u64::from(attempt.min(5)));
                tokio::select! {
                    _ = stopping.changed() => return,
                    () = tokio::time::sleep(wait) => {}
                }
            }
        }
    }
}

/// One socket's life: opened, then the room's words carried to the window and the window's
/// to the room until it drops.
async fn session(
    invite: &Invite,
    keeping: &mut Keeping,
    outgoing: &mut queue::UnboundedReceiver<String>,
    teller: &Teller,
) -> SessionEnd {
    if invite.is_secure() && keeping.tls.is_none() {
        match tls_config() {
            Ok(tls) => keeping.tls = Some(tls),
            Err(why) => return SessionEnd::Ended(Ending::Certificate(why)),
        }
    }
    let opened = open_socket(invite, keeping.secret.as_deref(), keeping.tls.clone()).await;
    let mut socket = match opened {
        Ok(socket) => socket,
        Err(ended) => return ended,
    };
    // What the window asked while no socket was open (or as the last one dropped) is not sent
    // on this one: the room may have lost the turn's tiles meanwhile, and a Submit played
    // on what is left of them would be another move. The window sends its turn again, whole,
    // once it has seen the room's first picture.
    while outgoing.try_recv().is_ok() {}
    loop {
        tokio::select! {
            text = outgoing.recv() => {
                let Some(text) = text else {
                    let _ = socket.close(None).await;
                    return SessionEnd::Stopped;
                };
                keeping.pace.wait().await;
                if let Err(error) = socket.send(Message::Text(text.into())).await {
                    return SessionEnd::Dropped(error.to_string());
                }
            }
            message = socket.next() => {
                let text = match message {
                    None => return SessionEnd::Dropped("the connection closed".into()),
                    Some(Err(error)) => return SessionEnd::Dropped(error.to_string()),
                    Some(Ok(Message::Close(frame))) => {
                        let reason = frame.as_ref().map(|frame| frame.reason.to_string());
                        return match reason.as_deref().and_then(Ending::of_reason) {
                            Some(ending) => SessionEnd::Ended(ending),
                            None => SessionEnd::Dropped(reason.unwrap_or_default()),
                        };
                    }
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(_)) => continue,
                };
                if let Some(ended) = hear(&text, keeping, teller) {
                    let _ = socket.close(None).await;
                    return ended;
                }
            }
        }
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the room's socket, over TLS checked against the platform's certificates for an
/// `https` server.
async fn open_socket(
    invite: &Invite,
    secret: Option<&str>,
    tls: Option<Arc<rustls::ClientConfig>>,
) -> Result<Socket, SessionEnd> {
    let dropped = |why: String| SessionEnd::Dropped(why);
    let mut request = invite
        .socket_address(secret)
        .into_client_request()
        .map_err(|error| SessionEnd::Ended(Ending::NotAServer(error.to_string())))?;
    let origin = HeaderValue::from_str(&invite.origin())
        .map_err(|error| SessionEnd::Ended(Ending::NotAServer(error.to_string())))?;
    request.headers_mut().insert("Origin", origin);
    let connector = match tls {
        Some(tls) => Connector::Rustls(tls),
        None => Connector::Plain,
    };
    let opening = connect_async_tls_with_config(request, None, true, Some(connector));
    match tokio::time::timeout(OPENING_LIMIT, opening).await {
        Err(_) => Err(dropped("the server did not answer in time".into())),
        Ok(Ok((socket, _))) => Ok(socket),
        Ok(Err(error)) => Err(opening_failed(error)),
    }
}

/// Whether a socket that did not open is worth trying again: a certificate that does not
/// check out, or an address where no game server is, is not.
fn opening_failed(error: tungstenite::Error) -> SessionEnd {
    match error {
        tungstenite::Error::Io(io) => {
            let rustls = io
                .get_ref()
                .and_then(|inner| inner.downcast_ref::<rustls::Error>());
            match rustls {
                Some(rustls::Error::InvalidCertificate(why)) => {
                    SessionEnd::Ended(Ending::Certificate(format!("{why:?}")))
                }
                // TLS that does not work out otherwise (an `https` link to a plain port, say)
                // is not the window's to skip or to try for ever.
                Some(other) => SessionEnd::Ended(Ending::NotAServer(other.to_string())),
                None => SessionEnd::Dropped(io.to_string()),
            }
        }
        tungstenite::Error::Tls(why) => SessionEnd::Ended(Ending::Certificate(why.to_string())),
        tungstenite::Error::Http(response) => {
            let status = response.status();
            // Too many sockets from here, or the server busy: it may let the window in later.
            if status.as_u16() == 429 || status.is_server_error() {
                SessionEnd::Dropped(status.to_string())
            } else {
                SessionEnd::Ended(Ending::NotAServer(status.to_string()))
            }
        }
        other => SessionEnd::Dropped(other.to_string()),
    }
}

/// The client's TLS: the platform's certificates (which `SSL_CERT_FILE` may name), ring's
/// cryptography, and nothing skipped.
pub(crate) fn tls_config() -> Result<Arc<rustls::ClientConfig>, String> {
    let mut roots = rustls::RootCertStore::empty();
    let found = rustls_native_certs::load_native_certs();
    let (added, _) = roots.add_parsable_certificates(found.certs);
    if added == 0 {
        return Err("this machine has no certificates to check a server by".into());
    }
    // The crate's one provider, ring (the only one its features turn on).
    let config = rustls::ClientConfig::builder()
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// Reads one of the room's messages for the window; `Some` when it ends the seat.
fn hear(text: &str, keeping: &mut Keeping, teller: &Teller) -> Option<SessionEnd> {
    let Ok(message) = serde_json::from_str::<Value>(text) else {
        return None;
    };
    let code = |field: &str| message[field].as_str().unwrap_or_default().to_owned();
    match message["type"].as_str() {
        Some("welcome") => {
            let seat = message["seat"]
                .as_u64()
                .and_then(|seat| usize::try_from(seat).ok());
            let new_secret = code("secret");
            keeping.secret = Some(new_secret.clone());
            keeping.welcomed = true;
            teller.tell(Heard::Seated {
                seat,
                secret: new_secret,
            });
        }
        Some("view") => teller.tell(Heard::Picture(Box::new(message))),
        Some("error") => teller.tell(Heard::NotTaken(code("code"))),
        Some("refused") => {
            let reason = code("reason");
            return Some(match Ending::of_reason(&reason) {
                Some(ending) => SessionEnd::Ended(ending),
                None => SessionEnd::Dropped(reason),
            });
        }
        _ => {}
    }
    None
}

/// Keeps the window's messages within what the server takes in a second.
#[derive(Default)]
struct Pace {
    sent: VecDeque<Instant>,
}

impl Pace {
    async fn wait(&mut self) {
        let second = Duration::from_secs(1);
        while self.sent.len() >= MESSAGES_PER_SECOND {
            let Some(&oldest) = self.sent.front() else {
                break;
            };
            if oldest.elapsed() >= second {
                self.sent.pop_front();
            } else {
                tokio::time::sleep(second.saturating_sub(oldest.elapsed())).await;
            }
        }
        self.sent.push_back(Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_is_read_as_its_server_and_key_however_it_was_pasted() {
        let key = abakus_match::room::Key::random().to_string();
        let wanted = Invite {
            server: "https://games.example.org".into(),
            key: key.clone(),
            watching: false,
        };
        for text in [
            format!("https://games.example.org/seat/{key}/"),
            format!("  https://games.example.org/seat/{key}  \n"),
            format!("https://games.example.org/seat/{key}/index.html"),
            format!("https://games.example.org/seat/{key}/?lang=de#top"),
        ] {
            assert_eq!(Invite::parse(&text), Ok(wanted.clone()), "{text:?}");
        }
        let behind = Invite::parse(&format!("http://127.0.0.1:8080/abakus/watch/{key}/"))
            .expect("a watch link under a path");
        assert_eq!(behind.server, "http://127.0.0.1:8080/abakus");
        assert!(behind.watching);
        assert_eq!(behind.host(), "127.0.0.1:8080");
        assert_eq!(behind.origin(), "http://127.0.0.1:8080");
        assert_eq!(
            behind.socket_address(Some("s3cret")),
            "ws://127.0.0.1:8080/abakus/ws?secret=s3cret&client=window"
        );
        assert_eq!(
            wanted.socket_address(None),
            format!("wss://games.example.org/ws?token={key}&client=window")
        );
        assert_eq!(Invite::parse(&wanted.link()), Ok(wanted));
    }

    #[test]
    fn a_text_that_is_no_room_link_says_so() {
        let key = abakus_match::room::Key::random().to_string();
        assert_eq!(Invite::parse(""), Err(InviteError::NotALink));
        assert_eq!(
            Invite::parse(&format!("games.example.org/seat/{key}/")),
            Err(InviteError::NotALink)
        );
        assert_eq!(
            Invite::parse("https://games.example.org/"),
            Err(InviteError::NoSeat)
        );
        assert_eq!(
            Invite::parse("https://games.example.org/seat/not-a-key/"),
            Err(InviteError::NoSeat)
        );
        assert_eq!(
            Invite::parse(&format!("https:///seat/{key}/")),
            Err(InviteError::NoSeat)
        );
    }
}
