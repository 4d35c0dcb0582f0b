//! A room made on a server elsewhere for a game window: the table posted as the start page
//! posts it, over TLS checked as the room's socket is, and each seat's link and short code
//! read back; and the link a short code typed at the window opens.

use std::sync::Arc;
use std::time::Duration;

use abakus_match::clock::TurnLimit;
use abakus_match::hex::{self, TimeOut};
use abakus_match::tiles::SeatKind;
use abakus_rules::abaku::ai::Level;
use abakus_rules::hex::ai::Level as HexLevel;
use abakus_words::Language;
use axum::body::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::Request;
use hyper::header;
use hyper_util::rt::TokioIo;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::remote::Invite;
use crate::table::{Setup, level_name};

/// The longest a room's making may take, from the first packet to the answer's last.
const MAKING_LIMIT: Duration = Duration::from_secs(15);
/// The largest answer read: a room's links are a few hundred bytes.
const ANSWER_LIMIT: usize = 64 * 1024;

/// A server's address as a person types it: `games.example.org` (TLS taken for granted),
/// `https://games.example.org/abakus`, or `http://127.0.0.1:8080` for one on this network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerAddress {
    /// As the server's links begin: scheme, host, port if given, and any path, with no last
    /// slash.
    pub base: String,
}

/// Why a text is not a server's address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a server's address is its name, as games.example.org or http://192.168.1.20:8080")]
pub struct NotAnAddress;

impl ServerAddress {
    /// Reads an address as a browser would: the scheme in any case (`https` when none is
    /// given), the host in lower case, a default port left out; spaces around it, a query and
    /// a last slash are let go, and a room's link pasted whole is taken for its server.
    ///
    /// # Errors
    /// A text with no host, a port that is none, an IPv6 address without its brackets, or a
    /// scheme other than `http` or `https`.
    pub fn parse(text: &str) -> Result<ServerAddress, NotAnAddress> {
        let text = text.trim().split(['?', '#']).next().unwrap_or_default();
        let (scheme, rest) = match text.split_once("://") {
            Some((scheme, rest)) => match scheme.to_ascii_lowercase().as_str() {
                "https" => ("https", rest),
                "http" => ("http", rest),
                _ => return Err(NotAnAddress),
            },
            None => ("https", text),
        };
        // A room's link names its server before its door.
        let rest = ["/seat/", "/watch/"]
            .iter()
            .find_map(|door| rest.find(door).map(|at| &rest[..at]))
            .unwrap_or(rest)
            .trim_end_matches('/');
        let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        if authority.is_empty() || rest.contains(char::is_whitespace) {
            return Err(NotAnAddress);
        }
        let parsed: hyper::http::uri::Authority = authority.parse().map_err(|_| NotAnAddress)?;
        let host = parsed.host().to_ascii_lowercase();
        let fine = |c: char| c.is_ascii_alphanumeric() || "-._:[]".contains(c);
        if host.is_empty() || !host.chars().all(fine) || host.starts_with(':') {
            return Err(NotAnAddress);
        }
        // Brackets hold an IPv6 address, and nothing else.
        let bracketed = host
            .strip_prefix('[')
            .and_then(|rest| rest.strip_suffix(']'));
        let ipv6 = bracketed.is_some_and(|inside| inside.parse::<std::net::Ipv6Addr>().is_ok());
        if (host.contains(['[', ']']) || host.contains(':')) && !ipv6 {
            return Err(NotAnAddress);
        }
        // The port's text after the host (and an IPv6 address's brackets), if any: digits of
        // a port from 1 to 65535, or no address.
        let after_host = match authority.strip_prefix('[') {
            Some(rest) => rest.split_once(']').map_or("", |(_, after)| after),
            None => authority.split_once(':').map_or("", |(_, port)| port),
        };
        let port_text = after_host.strip_prefix(':').unwrap_or(after_host);
        let default = if scheme == "https" { 443 } else { 80 };
        let port = match (authority.contains(':'), port_text.parse::<u16>()) {
            (false, _) => String::new(),
            (true, Ok(port)) if port == default => String::new(),
            (true, Ok(port)) if port > 0 && port_text.bytes().all(|b| b.is_ascii_digit()) => {
                format!(":{port}")
            }
            _ if authority.starts_with('[') && after_host.is_empty() => String::new(),
            _ => return Err(NotAnAddress),
        };
        Ok(ServerAddress {
            base: format!("{scheme}://{host}{port}{path}"),
        })
    }

    fn is_secure(&self) -> bool {
        self.base.starts_with("https://")
    }

    /// The host and port as the request's `Host` names them.
    fn authority(&self) -> &str {
        let rest = self
            .base
            .split_once("://")
            .map_or(self.base.as_str(), |(_, rest)| rest);
        rest.split('/').next().unwrap_or(rest)
    }

    /// The path the server is served under, empty at the root.
    fn path(&self) -> &str {
        let rest = self
            .base
            .split_once("://")
            .map_or(self.base.as_str(), |(_, rest)| rest);
        rest.find('/').map_or("", |at| &rest[at..])
    }

    /// The host alone (no port, no brackets), and the port to connect to.
    fn host_and_port(&self) -> (String, u16) {
        let authority = self.authority();
        let default = if self.is_secure() { 443 } else { 80 };
        if let Some(rest) = authority.strip_prefix('[') {
            let (host, after) = rest.split_once(']').unwrap_or((rest, ""));
            let port = after.strip_prefix(':').and_then(|port| port.parse().ok());
            return (host.to_owned(), port.unwrap_or(default));
        }
        match authority.rsplit_once(':') {
            Some((host, port)) => (host.to_owned(), port.parse().unwrap_or(default)),
            None => (authority.to_owned(), default),
        }
    }

    /// The address as a person reads it: the host and port.
    #[must_use]
    pub fn host(&self) -> &str {
        self.authority()
    }
}

/// A table as a room's start page posts it: each person's seat by link, each computer at its
/// level, the game's options, in `language`; `key` where the server asks for one.
#[must_use]
pub fn table_request(setup: &Setup, language: Language, key: Option<&str>) -> Value {
    let turn_seconds = |limit: TurnLimit| match limit {
        TurnLimit::Off => None,
        TurnLimit::Seconds(seconds) => Some(seconds),
    };
    let mut request = match setup {
        Setup::Tiles(setup) => {
            let seats: Vec<Value> = setup
                .seats
                .iter()
                .map(|seat| {
                    let player = match seat.kind {
                        SeatKind::Human | SeatKind::Phone => "person",
                        SeatKind::Computer(level) => level_name(level),
                    };
                    json!({"name": seat.name, "player": player})
                })
                .collect();
            json!({
                "game": "tiles",
                "board_b": setup.board_b,
                "variants": setup.variants,
                "turn_seconds": turn_seconds(setup.turn_limit),
                "seats": seats,
            })
        }
        Setup::Hex(setup) => {
            let seats: Vec<Value> = setup
                .seats
                .iter()
                .zip(&setup.names)
                .map(|(seat, name)| {
                    let player = match seat {
                        hex::Seat::Human | hex::Seat::Elsewhere => "person",
                        hex::Seat::Computer(level) => level_name(tiles_level(*level)),
                    };
                    json!({"name": name, "player": player})
                })
                .collect();
            let time_out = match setup.on_time_out {
                TimeOut::RandomMove => "random",
                TimeOut::Loses => "loses",
            };
            json!({
                "game": "hex",
                "side": setup.side,
                "time_out": time_out,
                "turn_seconds": turn_seconds(setup.turn_limit),
                "seats": seats,
            })
        }
    };
    request["language"] = json!(language.code());
    if let Some(key) = key.filter(|key| !key.is_empty()) {
        request["key"] = json!(key);
    }
    request
}

fn tiles_level(level: HexLevel) -> Level {
    match level {
        HexLevel::Easy => Level::Easy,
        HexLevel::Normal => Level::Normal,
        HexLevel::Hard => Level::Hard,
        HexLevel::Expert => Level::Expert,
    }
}

/// A room the server made: each person's seat with its link, and the watchers' link, each
/// with its short code (empty from a server that gives none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MadeRoom {
    pub room: String,
    /// The seat's place at the table, its player's name, and its link.
    pub seats: Vec<(usize, String, Invite)>,
    /// Each seat's short code, in the order of `seats`.
    pub codes: Vec<String>,
    pub watch: Invite,
    pub watch_code: String,
}

/// Why a room was not made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MakeError {
    #[error("the server's certificate does not check out: {0}")]
    Certificate(String),
    #[error("no game server answers at this address ({0})")]
    NotAServer(String),
    /// The server's refusal: its code (`key`, `busy`, `too-many`, …) and its sentence.
    #[error("the server would not make the room: {why}")]
    Refused { code: String, why: String },
    /// The server answers to other names only (its operator's `--host`).
    #[error("the server does not answer to this name")]
    WrongName,
}

impl MakeError {
    /// The server's code for why it refused, if it did.
    #[must_use]
    pub fn refusal(&self) -> Option<&str> {
        match self {
            MakeError::Refused { code, .. } => Some(code),
            _ => None,
        }
    }
}

#[derive(Deserialize)]
struct Answer {
    room: String,
    seats: Vec<AnswerSeat>,
    watch: String,
    #[serde(default)]
    watch_code: String,
}

#[derive(Deserialize)]
struct AnswerSeat {
    seat: usize,
    name: String,
    link: String,
    #[serde(default)]
    code: String,
}

#[derive(Deserialize)]
struct CodeAnswer {
    link: String,
}

#[derive(Deserialize)]
struct Refusal {
    #[serde(default)]
    code: String,
    #[serde(default)]
    error: String,
}

/// Asks `server` for a room of `table` (as [`table_request`] writes it), blocking until it
/// answers; call it from a thread of its own.
///
/// # Errors
/// The server could not be reached or trusted, or would not make the room.
pub fn make_room(server: &ServerAddress, table: &Value) -> Result<MadeRoom, MakeError> {
    blocking(post_table(server, table))
}

/// Asks `server` which link the short `code` opens (as [`abakus_match::room::read_code`]
/// writes it), blocking until it answers; call it from a thread of its own.
///
/// # Errors
/// The server could not be reached or trusted, or has no game of that code (`no-such-code`),
/// or has had too many codes from this network (`too-many-codes`).
pub fn find_code(server: &ServerAddress, code: &str) -> Result<Invite, MakeError> {
    blocking(ask_code(server, code))
}

/// Runs an asking on a runtime of its own, within [`MAKING_LIMIT`].
fn blocking<T>(asking: impl Future<Output = Result<T, MakeError>>) -> Result<T, MakeError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|why| MakeError::NotAServer(why.to_string()))?;
    let answer = runtime
        .block_on(async { tokio::time::timeout(MAKING_LIMIT, asking).await })
        .unwrap_or_else(|_| {
            Err(MakeError::NotAServer(
                "the server did not answer in time".into(),
            ))
        });
    runtime.shutdown_background();
    answer
}

async fn post_table(server: &ServerAddress, table: &Value) -> Result<MadeRoom, MakeError> {
    let request = Request::post(format!("{}/rooms", server.path()))
        .header(header::HOST, server.authority())
        // The server makes rooms for its own pages only; a window is one of its own clients.
        .header(header::ORIGIN, origin(server))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Full::new(Bytes::from(table.to_string())))
        .map_err(|why| MakeError::NotAServer(why.to_string()))?;
    let body = ask(server, request).await?;
    let unreachable = |why: String| MakeError::NotAServer(why);
    let answer: Answer = serde_json::from_slice(&body)
        .map_err(|why| unreachable(format!("an answer that is not a room: {why}")))?;
    let link = |path: &str| {
        Invite::parse(&format!("{}{path}", server.base))
            .map_err(|why| unreachable(format!("a link that is not one: {why}")))
    };
    let mut seats = Vec::with_capacity(answer.seats.len());
    let mut codes = Vec::with_capacity(answer.seats.len());
    for seat in answer.seats {
        seats.push((seat.seat, seat.name, link(&seat.link)?));
        codes.push(seat.code);
    }
    Ok(MadeRoom {
        room: answer.room,
        seats,
        codes,
        watch: link(&answer.watch)?,
        watch_code: answer.watch_code,
    })
}

async fn ask_code(server: &ServerAddress, code: &str) -> Result<Invite, MakeError> {
    let unreachable = |why: String| MakeError::NotAServer(why);
    let request = Request::get(format!("{}/join?code={code}", server.path()))
        .header(header::HOST, server.authority())
        .header(header::ACCEPT, "application/json")
        .body(Full::new(Bytes::new()))
        .map_err(|why| unreachable(why.to_string()))?;
    let body = ask(server, request).await?;
    let answer: CodeAnswer = serde_json::from_slice(&body)
        .map_err(|why| unreachable(format!("an answer that is not a link: {why}")))?;
    // The server names a path of its own: a link elsewhere is no answer of a game server.
    if !answer.link.starts_with('/') || answer.link.starts_with("//") {
        return Err(unreachable("a link to another server".into()));
    }
    Invite::parse(&format!("{}{}", server.base, answer.link))
        .map_err(|why| unreachable(format!("a link that is not one: {why}")))
}

/// Sends `request` to `server`, over TLS where its address says so, and reads a successful
/// answer's body; a refusal is read for its code and sentence.
async fn ask(server: &ServerAddress, request: Request<Full<Bytes>>) -> Result<Bytes, MakeError> {
    let (host, port) = server.host_and_port();
    let unreachable = |why: String| MakeError::NotAServer(why);
    let stream = tokio::net::TcpStream::connect((host.as_str(), port))
        .await
        .map_err(|why| unreachable(why.to_string()))?;
    let (status, body) = if server.is_secure() {
        let tls = crate::remote::tls_config().map_err(MakeError::Certificate)?;
        let name = rustls::pki_types::ServerName::try_from(host.clone())
            .map_err(|why| unreachable(why.to_string()))?;
        let stream = tokio_rustls::TlsConnector::from(Arc::clone(&tls))
            .connect(name, stream)
            .await
            .map_err(tls_failed)?;
        exchange(stream, request).await?
    } else {
        exchange(stream, request).await?
    };
    if status == hyper::StatusCode::MISDIRECTED_REQUEST {
        return Err(MakeError::WrongName);
    }
    if !status.is_success() {
        // A game server's refusal says why; anything else (a proxy's page, a redirect) is
        // not a game server's answer.
        let not_a_server = || unreachable(format!("the server answered {status}"));
        let refusal: Refusal = serde_json::from_slice(&body).map_err(|_| not_a_server())?;
        if refusal.code.is_empty() || refusal.error.is_empty() {
            return Err(not_a_server());
        }
        return Err(MakeError::Refused {
            code: refusal.code,
            why: refusal.error,
        });
    }
    Ok(body)
}

/// Sends the request on its connection and reads the whole answer.
async fn exchange<S>(
    stream: S,
    request: Request<Full<Bytes>>,
) -> Result<(hyper::StatusCode, Bytes), MakeError>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let lost = |why: String| MakeError::NotAServer(why);
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|why| lost(why.to_string()))?;
    tokio::spawn(connection);
    let response = sender
        .send_request(request)
        .await
        .map_err(|why| lost(why.to_string()))?;
    let status = response.status();
    let body = Limited::new(response.into_body(), ANSWER_LIMIT)
        .collect()
        .await
        .map_err(|why| lost(why.to_string()))?
        .to_bytes();
    Ok((status, body))
}

/// A TLS handshake that failed: a certificate that does not check out is said so.
fn tls_failed(error: std::io::Error) -> MakeError {
    match error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<rustls::Error>())
    {
        Some(rustls::Error::InvalidCertificate(why)) => MakeError::Certificate(format!("{why:?}")),
        Some(other) => MakeError::NotAServer(other.to_string()),
        None => MakeError::NotAServer(error.to_string()),
    }
}

fn origin(server: &ServerAddress) -> String {
    let scheme = if server.is_secure() { "https" } else { "http" };
    format!("{scheme}://{}", server.authority())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_read_as_a_person_types_it() {
        let read = |text| ServerAddress::parse(text).map(|address| address.base);
        assert_eq!(
            read("games.example.org"),
            Ok("https://games.example.org".into())
        );
        // As a browser would: the scheme in any case, the host in lower case, no default port.
        assert_eq!(
            read("HTTPS://Games.Example.org:443/"),
            Ok("https://games.example.org".into())
        );
        assert_eq!(read("http://10.0.0.2:80"), Ok("http://10.0.0.2".into()));
        assert_eq!(
            read("https://games.example.org/seat/0123456789abcdef0123456789abcdef/"),
            Ok("https://games.example.org".into()),
            "a room's link is taken for its server"
        );
        for junk in [
            ":8080",
            "example.org:",
            "example.org:abc",
            "example.org:99999",
            "example.org:0",
            "::1",
            "[::1",
            "a[b]c",
        ] {
            assert_eq!(read(junk), Err(NotAnAddress), "{junk:?}");
        }

        assert_eq!(
            read(" http://127.0.0.1:8080/ "),
            Ok("http://127.0.0.1:8080".into())
        );
        assert_eq!(
            read("https://example.org/abakus/"),
            Ok("https://example.org/abakus".into())
        );
        assert_eq!(read("ftp://example.org"), Err(NotAnAddress));
        assert_eq!(read(""), Err(NotAnAddress));
        assert_eq!(read("two words"), Err(NotAnAddress));
        let address = ServerAddress::parse("http://[::1]:9000/rooms-here").expect("an address");
        assert_eq!(address.host_and_port(), ("::1".to_owned(), 9000));
        assert_eq!(address.path(), "/rooms-here");
        let address = ServerAddress::parse("example.org").expect("an address");
        assert_eq!(address.host_and_port(), ("example.org".to_owned(), 443));
        assert_eq!(address.path(), "");
    }
}
