//! One page's WebSocket: let in by a seat's link, a device's secret or a watch key, then the
//! page's messages carried to its room and the room's to the page until either goes.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use crate::Server;
use crate::limits::{Limits, Slot};
use crate::origin::same_origin;
use crate::rooms::Outgoing;

/// The largest message a page may send: an intent is a few hundred bytes.
pub const MESSAGE_LIMIT: usize = 4 * 1024;
/// The most messages a page may send in a second; more are answered with an error.
const MESSAGES_PER_SECOND: u32 = 40;
/// A ping this often shows a page that is still there...
const PING_EVERY: Duration = Duration::from_secs(15);
/// ...and a page heard from neither by message nor by pong for this long is gone.
const SILENCE_LIMIT: Duration = Duration::from_secs(45);

#[derive(Debug, Deserialize)]
pub(crate) struct Door {
    token: Option<String>,
    secret: Option<String>,
    /// `window` for a game window, which keeps a copy of the game.
    client: Option<String>,
}

pub(crate) async fn upgrade(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(door): Query<Door>,
    socket: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "not from this server's page\n").into_response();
    }
    let client = crate::limits::client(&server.config, peer.ip(), &headers);
    let Some(slot) = Limits::connect(&server, client) else {
        return (StatusCode::SERVICE_UNAVAILABLE, "too many connections\n").into_response();
    };
    // A page's messages are small: a read buffer of twice the largest, not the library's
    // 128 KiB, which ten thousand pages would hold as 1.25 GiB.
    socket
        .read_buffer_size(2 * MESSAGE_LIMIT)
        .max_message_size(MESSAGE_LIMIT)
        .max_frame_size(MESSAGE_LIMIT)
        .on_upgrade(move |socket| carry(server, socket, door, slot))
}

fn text(value: &serde_json::Value) -> Message {
    Message::Text(value.to_string().into())
}

async fn close(mut socket: WebSocket, reason: &'static str) {
    let frame = CloseFrame {
        code: axum::extract::ws::close_code::POLICY,
        reason: reason.into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

async fn carry(server: Arc<Server>, mut socket: WebSocket, door: Door, _slot: Slot) {
    let (key, by_secret) = match (door.token, door.secret) {
        (Some(token), None) => (token, false),
        (None, Some(secret)) => (secret, true),
        _ => (String::new(), false),
    };
    let window = door.client.as_deref() == Some("window");
    let (room, link, mut outbox) = match server.rooms.join(&key, by_secret, window) {
        Ok(joined) => joined,
        Err(refusal) => {
            let refused = json!({"type": "refused", "reason": refusal.code()});
            let _ = socket.send(text(&refused)).await;
            close(socket, refusal.code()).await;
            return;
        }
    };
    let mut heard = Instant::now();
    let mut second = (Instant::now(), 0u32);
    let mut ping = tokio::time::interval(PING_EVERY);
    let mut stopping = server.stopping.clone();
    loop {
        tokio::select! {
            // What the room said goes out before the server's own goodbye: a window setting its
            // game aside closes the pages with its reason, then stops.
            biased;
            outgoing = outbox.recv() => {
                match outgoing {
                    Some(Outgoing::Text(words)) => {
                        if socket.send(Message::Text(words.into())).await.is_err() {
                            break;
                        }
                    }
                    Some(Outgoing::Close(reason)) => {
                        close(socket, reason).await;
                        server.rooms.leave(&room, link);
                        return;
                    }
                    None => break,
                }
            }
            _ = stopping.changed() => {
                // Not a reason the page ends on: it tries again until the server is back.
                close(socket, "restarting").await;
                server.rooms.leave(&room, link);
                return;
            }
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { break };
                heard = Instant::now();
                match message {
                    Message::Text(words) => {
                        if second.0.elapsed() >= Duration::from_secs(1) {
                            second = (Instant::now(), 0);
                        }
                        second.1 += 1;
                        if second.1 > MESSAGES_PER_SECOND {
                            let error = json!({"type": "error", "code": "too-fast"});
                            if socket.send(text(&error)).await.is_err() {
                                break;
                            }
                            continue;
                        }
                        server.rooms.take(&room, link, words.as_str());
                    }
                    Message::Binary(_) => {
                        let error = json!({"type": "error", "code": "text-only"});
                        if socket.send(text(&error)).await.is_err() {
                            break;
                        }
                    }
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => {}
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() > SILENCE_LIMIT
                    || socket.send(Message::Ping(Vec::new().into())).await.is_err()
                {
                    break;
                }
            }
        }
    }
    server.rooms.leave(&room, link);
}
