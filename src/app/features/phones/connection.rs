//! One connection to the phone server, on a thread of its own: the request checked and
//! answered, and for a WebSocket the seat's messages carried both ways until it closes.

use std::io;
use std::net::{IpAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::{Duration, Instant};

use serde_json::json;
use tungstenite::handshake::derive_accept_key;
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tungstenite::{Message, WebSocket};

use super::request::{Answer, CARD_POLICY, Head, HeadError, PAGE_POLICY, read_head, write_upgrade};
use super::shared::{LinkEvent, NOT_OPEN_PAGE, Outgoing, Shared};
use abakus_match::room::Key;
use abakus_match::room::Refusal;

/// How long a client has to send its request's head.
const HEAD_WAIT: Duration = Duration::from_secs(5);
/// How long a write may block before the phone counts as gone.
const WRITE_WAIT: Duration = Duration::from_secs(5);
/// How often a WebSocket's thread looks for messages to send: the most a message to the
/// phone waits.
const POLL: Duration = Duration::from_millis(10);
/// A ping this often shows a phone that is still there...
const PING_EVERY: Duration = Duration::from_secs(10);
/// ...and a phone heard from neither by message nor by pong for this long is gone.
const SILENCE_LIMIT: Duration = Duration::from_secs(30);
/// The largest message a phone may send: an intent is a few hundred bytes.
pub const MESSAGE_LIMIT: usize = 4 * 1024;
/// The most messages a phone may send in a second; more are refused with an error frame.
const MESSAGES_PER_SECOND: u32 = 40;

/// Where a request goes.
enum Route<'a> {
    /// A file of a seat's page: `/seat/TOKEN/` (the page) or `/seat/TOKEN/NAME`.
    Page {
        token: &'a str,
        file: &'a str,
    },
    /// `/ws?token=TOKEN` or `/ws?secret=SECRET`.
    Socket,
    Elsewhere,
}

fn route(path: &str) -> Route<'_> {
    if path == "/ws" {
        return Route::Socket;
    }
    match path
        .strip_prefix("/seat/")
        .and_then(|rest| rest.split_once('/'))
    {
        Some((token, file)) if !file.contains('/') => Route::Page { token, file },
        _ => Route::Elsewhere,
    }
}

/// Answers one connection, start to end.
pub fn serve(shared: &Arc<Shared>, mut stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    if stream.set_read_timeout(Some(HEAD_WAIT)).is_err()
        || stream.set_write_timeout(Some(WRITE_WAIT)).is_err()
    {
        return;
    }
    let head = match read_head(&mut stream, Instant::now() + HEAD_WAIT) {
        Ok(head) => head,
        Err(HeadError::Io(_)) => return,
        Err(HeadError::TooLong | HeadError::Malformed(_)) => {
            let _ = Answer::BAD_REQUEST.write(&mut stream);
            return;
        }
    };
    // A page reached under another name (DNS rebinding) or by anything but GET opens nothing.
    if head.header("Host") != Some(shared.host.as_str()) || head.method != "GET" {
        let _ = Answer::NOT_OPEN.write(&mut stream);
        return;
    }
    match route(&head.path) {
        Route::Page { token, file } => {
            let known = Key::parse(token).is_some_and(|key| {
                shared
                    .seats
                    .lock()
                    .is_ok_and(|seats| seats.seat_of_token(&key).is_some())
            });
            let files = shared.files();
            let find = |name: &str| files.iter().find(|page| page.name == name);
            let answer = match find(file) {
                Some(page) if known => Answer {
                    status: 200,
                    content_type: page.content_type,
                    body: &page.body,
                    policy: PAGE_POLICY,
                },
                // An old code's page says so in the player's words, and what to do.
                _ if file.is_empty() => {
                    find(NOT_OPEN_PAGE).map_or(Answer::NOT_OPEN, |page| Answer {
                        status: 403,
                        content_type: page.content_type,
                        body: &page.body,
                        policy: CARD_POLICY,
                    })
                }
                _ => Answer::NOT_OPEN,
            };
            let _ = answer.write(&mut stream);
        }
        Route::Socket => websocket(shared, stream, &head),
        Route::Elsewhere => {
            let _ = Answer::NOT_OPEN.write(&mut stream);
        }
    }
}

/// Lets a phone in with its seat's token (the first time) or its secret (every time after).
fn admit(shared: &Shared, head: &Head) -> Result<(usize, Key), Refusal> {
    let mut seats = shared.seats.lock().map_err(|_| Refusal::Unknown)?;
    if let Some(token) = head.query("token") {
        seats.claim(&Key::parse(token).ok_or(Refusal::Unknown)?)
    } else {
        let secret = head
            .query("secret")
            .and_then(Key::parse)
            .ok_or(Refusal::Unknown)?;
        seats.resume(&secret).map(|seat| (seat, secret))
    }
}

fn websocket(shared: &Arc<Shared>, mut stream: TcpStream, head: &Head) {
    // A page of another site may not talk to the game (cross-site WebSocket hijacking).
    let origin = format!("http://{}", shared.host);
    if head.header("Origin") != Some(origin.as_str()) {
        let _ = Answer::NOT_OPEN.write(&mut stream);
        return;
    }
    let key = head.header("Sec-WebSocket-Key");
    let upgrade = head.header_has("Upgrade", "websocket")
        && head.header_has("Connection", "upgrade")
        && head.header("Sec-WebSocket-Version") == Some("13");
    let Some(key) = key.filter(|_| upgrade) else {
        let _ = Answer::BAD_REQUEST.write(&mut stream);
        return;
    };
    let admission = admit(shared, head);
    if write_upgrade(&mut stream, &derive_accept_key(key.as_bytes())).is_err()
        || stream.set_read_timeout(Some(POLL)).is_err()
    {
        return;
    }
    // The read buffer holds a whole frame of the largest size and its header.
    let config = WebSocketConfig::default()
        .read_buffer_size(4 * MESSAGE_LIMIT)
        .write_buffer_size(0)
        .max_message_size(Some(MESSAGE_LIMIT))
        .max_frame_size(Some(MESSAGE_LIMIT));
    let mut socket = WebSocket::from_raw_socket(stream, Role::Server, Some(config));
    match admission {
        // The page says why in the player's words; the close ends the connection.
        Err(refusal) => {
            let frame = json!({"type": "refused", "reason": refusal.code()});
            let _ = socket.send(Message::text(frame.to_string()));
            close(&mut socket, CloseCode::Policy, refusal.code());
        }
        Ok((seat, secret)) => {
            let (id, outbox) = shared.attach(seat);
            let welcome = json!({"type": "welcome", "seat": seat, "secret": secret.to_string()});
            if socket.send(Message::text(welcome.to_string())).is_ok() {
                shared.tell(LinkEvent::Joined { seat });
                carry(shared, &mut socket, seat, &outbox);
            }
            if shared.detach(seat, id) {
                shared.tell(LinkEvent::Left { seat });
            }
        }
    }
}

/// Sends a close frame and waits a moment for the phone's answer, so the close is clean.
fn close(socket: &mut WebSocket<TcpStream>, code: CloseCode, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    if socket.close(Some(frame)).is_err() {
        return;
    }
    let until = Instant::now() + Duration::from_millis(500);
    while Instant::now() < until {
        match socket.read() {
            Err(tungstenite::Error::Io(error)) if is_timeout(&error) => {}
            Ok(_) => {}
            Err(_) => return,
        }
    }
}

fn is_timeout(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
    )
}

/// An error frame for the phone; the connection goes on.
fn error_frame(code: &str) -> Message {
    Message::text(json!({"type": "error", "code": code}).to_string())
}

/// Carries the seat's messages both ways until the phone closes, goes quiet, is replaced
/// or the server stops.
fn carry(
    shared: &Shared,
    socket: &mut WebSocket<TcpStream>,
    seat: usize,
    outbox: &Receiver<Outgoing>,
) {
    let mut heard = Instant::now();
    let mut pinged = Instant::now();
    let mut second = (Instant::now(), 0u32);
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            // "aside": the page keeps trying, and its seat is there when the game is back.
            let reason = if shared.coming_back.load(Ordering::Relaxed) {
                "aside"
            } else {
                "closed"
            };
            close(socket, CloseCode::Away, reason);
            return;
        }
        match socket.read() {
            Ok(Message::Text(text)) => {
                heard = Instant::now();
                if second.0.elapsed() >= Duration::from_secs(1) {
                    second = (Instant::now(), 0);
                }
                second.1 += 1;
                let reply = if second.1 > MESSAGES_PER_SECOND {
                    Some("too-fast")
                } else if !shared.tell(LinkEvent::Message {
                    seat,
                    text: text.as_str().to_owned(),
                }) {
                    Some("busy")
                } else {
                    None
                };
                if let Some(code) = reply
                    && socket.send(error_frame(code)).is_err()
                {
                    return;
                }
            }
            Ok(Message::Binary(_)) => {
                heard = Instant::now();
                if socket.send(error_frame("text-only")).is_err() {
                    return;
                }
            }
            Ok(Message::Close(_)) => {
                let _ = socket.flush();
                return;
            }
            Ok(_) => heard = Instant::now(),
            Err(tungstenite::Error::Io(error)) if is_timeout(&error) => {}
            Err(tungstenite::Error::Capacity(_)) => {
                close(socket, CloseCode::Size, "too-large");
                return;
            }
            Err(_) => return,
        }
        loop {
            match outbox.try_recv() {
                Ok(Outgoing::Text(text)) => {
                    if socket.send(Message::text(text)).is_err() {
                        return;
                    }
                }
                Ok(Outgoing::Close(reason)) => {
                    close(socket, CloseCode::Policy, reason);
                    return;
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    close(socket, CloseCode::Policy, "replaced");
                    return;
                }
            }
        }
        if heard.elapsed() > SILENCE_LIMIT {
            return;
        }
        if pinged.elapsed() > PING_EVERY {
            pinged = Instant::now();
            if socket.send(Message::Ping(Vec::new().into())).is_err() {
                return;
            }
        }
    }
}

/// Counts a peer's connections while they last, and refuses more than the server allows.
pub struct Slot {
    shared: Arc<Shared>,
    peer: IpAddr,
}

impl Slot {
    /// A connection from `peer`, if it and the server are under their caps.
    pub fn take(shared: &Arc<Shared>, peer: IpAddr) -> Option<Slot> {
        shared.count_in(peer).then(|| Slot {
            shared: Arc::clone(shared),
            peer,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.shared.count_out(self.peer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_go_to_a_seat_page_the_socket_or_nowhere() {
        assert!(matches!(route("/ws"), Route::Socket));
        assert!(matches!(
            route("/seat/abc/"),
            Route::Page {
                token: "abc",
                file: ""
            }
        ));
        assert!(matches!(
            route("/seat/abc/page.js"),
            Route::Page {
                token: "abc",
                file: "page.js"
            }
        ));
        for elsewhere in [
            "/",
            "/seat/abc",
            "/seat/abc/x/y",
            "/ws/",
            "/favicon.ico",
            "",
        ] {
            assert!(matches!(route(elsewhere), Route::Elsewhere), "{elsewhere}");
        }
    }
}
