//! The server's addresses: the start page and the room it makes, each seat's and each
//! watcher's page, their WebSocket, and the health check; every request for a host the server
//! is not is refused.

use std::net::SocketAddr;
use std::sync::Arc;

use abakus_match::clock::TurnLimit;
use abakus_match::hex::{self, HexSetup, TimeOut};
use abakus_match::tiles::{Seat, SeatKind, TilesSetup};
use abakus_pages::{CARD_POLICY, Host, NOT_OPEN_PAGE, PAGE_POLICY, PageFile};
use abakus_rules::abaku::Variants;
use abakus_rules::abaku::ai::Level;
use abakus_words::Language;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::json;

use crate::Server;
use crate::origin::same_origin;
use crate::rooms::CreateError;
use crate::table::{Setup, clean_name, hex_level, level_named};

/// The largest request to make a room: a table is a few hundred bytes.
const TABLE_LIMIT: usize = 16 * 1024;
/// The longest patience a room may have, in seconds: a week.
const MOST_PATIENCE: u32 = 7 * 24 * 3600;

pub(crate) fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(root))
        .route(
            "/start.js",
            get(|query, headers| start_file("start.js", query, headers)),
        )
        .route(
            "/start.css",
            get(|query, headers| start_file("start.css", query, headers)),
        )
        .route("/rooms", post(make_room))
        .route("/join", get(join_by_code))
        .route("/seat/{key}/", get(page))
        .route("/seat/{key}/{file}", get(page_file))
        .route("/watch/{key}/", get(page))
        .route("/watch/{key}/{file}", get(page_file))
        .route("/ws", get(crate::socket::upgrade))
        .route("/qr.svg", get(qr_code))
        .route("/healthz", get(health))
        .layer(DefaultBodyLimit::max(TABLE_LIMIT))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&server),
            known_host,
        ))
        .with_state(server)
}

/// A page reached under a name the server is not (DNS rebinding) opens nothing.
async fn known_host(State(server): State<Arc<Server>>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|host| host.to_str().ok());
    if !host.is_some_and(|host| server.config.hosts.iter().any(|known| known == host)) {
        return (StatusCode::MISDIRECTED_REQUEST, "not this server\n").into_response();
    }
    next.run(request).await
}

/// The headers that keep a page to itself: not cached, not framed, nothing but its own files.
fn page_response(
    content_type: &str,
    policy: &'static str,
    status: StatusCode,
    body: Bytes,
) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

#[derive(Debug, Deserialize)]
struct StartQuery {
    #[serde(default)]
    lang: Option<String>,
}

/// The start page in the visitor's language (`?lang=`, or their browser's), or its script or
/// style (the same in every language).
async fn start_file(
    name: &'static str,
    axum::extract::Query(query): axum::extract::Query<StartQuery>,
    headers: HeaderMap,
) -> Response {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok());
    let language = abakus_pages::start::language_asked(query.lang.as_deref(), accept);
    let files = abakus_pages::start::files(language);
    let Some(file) = files.into_iter().find(|file| file.name == name) else {
        return (StatusCode::NOT_FOUND, "no such file\n").into_response();
    };
    let mut response = page_response(
        file.content_type,
        PAGE_POLICY,
        StatusCode::OK,
        Bytes::from(file.body.into_owned()),
    );
    // The page differs by the visitor's language; a cache in between must know it.
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-language"));
    response
}

/// The start page; a window's table makes no rooms for visitors, and shows the card of an
/// address that opens no seat instead.
async fn root(
    state: State<Arc<Server>>,
    query: axum::extract::Query<StartQuery>,
    headers: HeaderMap,
) -> Response {
    if state.rooms.host() == Host::Table {
        return serve_file(&state, "", "");
    }
    start_file("", query, headers).await
}

async fn page(state: State<Arc<Server>>, Path(key): Path<String>) -> Response {
    serve_file(&state, &key, "")
}

async fn page_file(
    state: State<Arc<Server>>,
    Path((key, file)): Path<(String, String)>,
) -> Response {
    serve_file(&state, &key, &file)
}

/// A file of the page a seat's or a watcher's link opens; a link that opens nothing shows a
/// card that says so.
fn serve_file(server: &Server, key: &str, name: &str) -> Response {
    let (files, open) = match server.rooms.page_of(key) {
        Some(files) => (files, true),
        None => (
            abakus_pages::tiles::files(Language::English, &[], server.rooms.host()),
            false,
        ),
    };
    let find = |name: &str| files.iter().find(|file| file.name == name);
    let respond = |file: &PageFile, status| {
        let policy = if file.name == NOT_OPEN_PAGE {
            CARD_POLICY
        } else {
            PAGE_POLICY
        };
        page_response(
            file.content_type,
            policy,
            status,
            Bytes::from(file.body.to_vec()),
        )
    };
    match (open, find(name)) {
        (true, Some(file)) if file.name != NOT_OPEN_PAGE => respond(file, StatusCode::OK),
        (false, _) if name.is_empty() => find(NOT_OPEN_PAGE).map_or_else(
            || StatusCode::FORBIDDEN.into_response(),
            |card| respond(card, StatusCode::FORBIDDEN),
        ),
        _ => (StatusCode::NOT_FOUND, "no such file\n").into_response(),
    }
}

/// The longest text a QR code is drawn for: a link of this server is under a hundred
/// characters.
const QR_LIMIT: usize = 200;

#[derive(Debug, Deserialize)]
struct QrText {
    text: String,
}

/// A link's QR code as SVG, for the start page to show beside each link: a phone's camera opens
/// the seat without typing it. It draws the text it is given, and nothing of any room.
async fn qr_code(axum::extract::Query(QrText { text }): axum::extract::Query<QrText>) -> Response {
    if text.len() > QR_LIMIT {
        return refuse(StatusCode::BAD_REQUEST, "qr", "a link is shorter than that");
    }
    let Ok(code) = qrcode::QrCode::new(text.as_bytes()) else {
        return refuse(StatusCode::BAD_REQUEST, "qr", "no QR code holds that");
    };
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(180, 180)
        .quiet_zone(true)
        .build();
    page_response(
        "image/svg+xml",
        PAGE_POLICY,
        StatusCode::OK,
        Bytes::from(svg),
    )
}

/// A room's table as the start page sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableRequest {
    /// `tiles` (the default) or `hex`.
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    language: Option<String>,
    /// The hex board's side.
    #[serde(default)]
    side: Option<u8>,
    /// What a hex player's running out of time does: `random` (the default) or `loses`.
    #[serde(default)]
    time_out: Option<String>,
    #[serde(default)]
    board_b: bool,
    #[serde(default)]
    variants: Variants,
    /// Seconds a person has for a turn; none without a clock.
    #[serde(default)]
    turn_seconds: Option<u32>,
    /// Seconds a person may be away on their turn before the others may hand their seat to
    /// the computer or end the game (the start page offers minutes); none waits for ever.
    #[serde(default)]
    patience_seconds: Option<u32>,
    seats: Vec<SeatRequest>,
    /// The server's key for making rooms, where it asks for one.
    #[serde(default)]
    key: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatRequest {
    #[serde(default)]
    name: String,
    /// `person`, or the computer's level: `easy`, `normal`, `hard`, `expert`.
    player: String,
}

/// Who plays a seat, as the start page says it: a person by link, or the computer at a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Player {
    Person,
    Computer(Level),
}

/// The seats a table asks for, each with its player and its name (typed, or the language's
/// name for it).
fn seats(request: &TableRequest, language: Language) -> Result<Vec<(Player, String)>, Refused> {
    let mut seats = Vec::with_capacity(request.seats.len());
    for (index, seat) in request.seats.iter().enumerate() {
        let player = match (seat.player.as_str(), level_named(&seat.player)) {
            ("person", _) => Player::Person,
            (_, Some(level)) => Player::Computer(level),
            (other, None) => {
                return Err(Refused::new(
                    "player",
                    format!("{other:?} is not a player: person, easy, normal, hard or expert"),
                ));
            }
        };
        let typed = clean_name(&seat.name);
        let name = match (typed.as_str(), player) {
            ("", Player::Computer(level)) => {
                abakus_words::tiles::computer_name(language, level).to_owned()
            }
            ("", Player::Person) => language.default_player(index),
            (name, _) => name.to_owned(),
        };
        seats.push((player, name));
    }
    if !seats.iter().any(|(player, _)| *player == Player::Person) {
        return Err(Refused::new(
            "no-person",
            "a room needs a person at one seat at least".to_owned(),
        ));
    }
    Ok(seats)
}

fn table(request: &TableRequest, language: Language) -> Result<Setup, Refused> {
    let turn_limit = match request.turn_seconds {
        None | Some(0) => TurnLimit::Off,
        Some(seconds) if (10..=3600).contains(&seconds) => TurnLimit::Seconds(seconds),
        Some(_) => {
            return Err(Refused::new(
                "time",
                "a turn's time is 10 seconds to an hour".to_owned(),
            ));
        }
    };
    match request.game.as_deref() {
        None | Some("tiles") => tiles_table(request, language, turn_limit).map(Setup::Tiles),
        Some("hex") => hex_table(request, language, turn_limit).map(Setup::Hex),
        Some(other) => Err(Refused::new(
            "game",
            format!("{other:?} is not a game: tiles or hex"),
        )),
    }
}

fn tiles_table(
    request: &TableRequest,
    language: Language,
    turn_limit: TurnLimit,
) -> Result<TilesSetup, Refused> {
    if !(1..=4).contains(&request.seats.len()) {
        return Err(Refused::new(
            "seats",
            "a room of the tile game seats one to four players".to_owned(),
        ));
    }
    if request.side.is_some() || request.time_out.is_some() {
        return Err(Refused::new(
            "options",
            "the tile game has no board size and no time-out choice".to_owned(),
        ));
    }
    let seats = seats(request, language)?
        .into_iter()
        .map(|(player, name)| Seat {
            name,
            kind: match player {
                Player::Person => SeatKind::Phone,
                Player::Computer(level) => SeatKind::Computer(level),
            },
        })
        .collect();
    Ok(TilesSetup {
        seats,
        variants: request.variants,
        board_b: request.board_b,
        seed: rand::random(),
        turn_limit,
    })
}

fn hex_table(
    request: &TableRequest,
    language: Language,
    turn_limit: TurnLimit,
) -> Result<HexSetup, Refused> {
    if request.seats.len() != 2 {
        return Err(Refused::new(
            "seats",
            "a room of the hex game seats two players, Black and White".to_owned(),
        ));
    }
    if request.board_b || request.variants != Variants::default() {
        return Err(Refused::new(
            "options",
            "the hex game has no second board and no variants".to_owned(),
        ));
    }
    let side = request.side.unwrap_or(abakus_rules::hex::DEFAULT_SIDE);
    if !(abakus_rules::hex::MIN_SIDE..=abakus_rules::hex::MAX_SIDE).contains(&side) {
        return Err(Refused::new(
            "side",
            format!(
                "a board's side is {} to {}",
                abakus_rules::hex::MIN_SIDE,
                abakus_rules::hex::MAX_SIDE
            ),
        ));
    }
    let on_time_out = match request.time_out.as_deref() {
        None | Some("random") => TimeOut::RandomMove,
        Some("loses") => TimeOut::Loses,
        Some(other) => {
            return Err(Refused::new(
                "time-out",
                format!("{other:?} is not a time-out: random or loses"),
            ));
        }
    };
    let mut seats = [hex::Seat::Human; 2];
    let mut names: [String; 2] = Default::default();
    for (index, (player, name)) in self::seats(request, language)?.into_iter().enumerate() {
        seats[index] = match player {
            Player::Person => hex::Seat::Human,
            Player::Computer(level) => hex::Seat::Computer(hex_level(level)),
        };
        names[index] = name;
    }
    Ok(HexSetup {
        side,
        seats,
        names,
        turn_limit,
        on_time_out,
    })
}

/// Why a request is refused: a word a page can say in its own language, and the server's
/// sentence for whoever reads the answer itself.
#[derive(Debug)]
struct Refused {
    code: &'static str,
    why: String,
}

impl Refused {
    fn new(code: &'static str, why: impl Into<String>) -> Refused {
        Refused {
            code,
            why: why.into(),
        }
    }
}

fn refuse(status: StatusCode, code: &'static str, why: &str) -> Response {
    (status, axum::Json(json!({"error": why, "code": code}))).into_response()
}

#[derive(Debug, Deserialize)]
struct CodeQuery {
    #[serde(default)]
    code: String,
}

/// A short code typed instead of a link: a browser is sent on to the page it opens (or shown
/// the card of an address that opens nothing); a window, asking for JSON, is told the link.
/// Each address tries only so many codes an hour.
async fn join_by_code(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    axum::extract::Query(query): axum::extract::Query<CodeQuery>,
) -> Response {
    let wants_json = headers
        .get(header::ACCEPT)
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| accept.contains("application/json"));
    // The start page asks for JSON and says a refusal in its own words; a browser without
    // its script is told in a line.
    let refused = |status: StatusCode, code: &'static str, why: &str| {
        if wants_json {
            refuse(status, code, why)
        } else {
            (status, format!("{why}\n")).into_response()
        }
    };
    let Some(code) = abakus_match::room::read_code(&query.code) else {
        return refused(
            StatusCode::BAD_REQUEST,
            "not-a-code",
            "a code is eight letters and digits, like K7QM-2PXR",
        );
    };
    let client = crate::limits::client(&server.config, peer.ip(), &headers);
    if !server.limits.try_code(client) {
        return refused(
            StatusCode::TOO_MANY_REQUESTS,
            "too-many-codes",
            "too many codes tried from this address; try again in an hour",
        );
    }
    match (server.rooms.link_of_code(&code), wants_json) {
        (Some(link), true) => axum::Json(json!({ "link": link })).into_response(),
        (Some(link), false) => {
            let mut response = StatusCode::SEE_OTHER.into_response();
            if let Ok(location) = HeaderValue::from_str(&link) {
                response.headers_mut().insert(header::LOCATION, location);
            }
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response
        }
        (None, true) => refuse(
            StatusCode::NOT_FOUND,
            "no-such-code",
            "no game has that code",
        ),
        (None, false) => serve_file(&server, "", ""),
    }
}

async fn make_room(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !same_origin(&headers) {
        return refuse(
            StatusCode::FORBIDDEN,
            "origin",
            "a room is made from this server's own page",
        );
    }
    let request: TableRequest = match serde_json::from_slice(&body) {
        Ok(request) => request,
        Err(why) => {
            return refuse(
                StatusCode::BAD_REQUEST,
                "unreadable",
                &format!("not a table: {why}"),
            );
        }
    };
    if let Some(key) = &server.config.create_key
        && request.key.as_deref() != Some(key.as_str())
    {
        return refuse(
            StatusCode::FORBIDDEN,
            "key",
            "this server makes rooms only with its key",
        );
    }
    let language = match request.language.as_deref() {
        None => Language::English,
        Some(code) => match Language::from_code(code) {
            Some(language) => language,
            None => {
                return refuse(
                    StatusCode::BAD_REQUEST,
                    "language",
                    "the languages are en, de, fr and ru",
                );
            }
        },
    };
    let setup = match table(&request, language) {
        Ok(setup) => setup,
        Err(refused) => return refuse(StatusCode::BAD_REQUEST, refused.code, &refused.why),
    };
    let patience = match request.patience_seconds {
        None | Some(0) => None,
        Some(seconds) if seconds <= MOST_PATIENCE => {
            Some(std::time::Duration::from_secs(u64::from(seconds)))
        }
        Some(_) => {
            return refuse(
                StatusCode::BAD_REQUEST,
                "patience",
                "a room's patience is at most a week",
            );
        }
    };
    if server.rooms.count() >= server.config.rooms_in_all {
        return refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "the server is full; try again later",
        );
    }
    if !server
        .limits
        .make_room(crate::limits::client(&server.config, peer.ip(), &headers))
    {
        return refuse(
            StatusCode::TOO_MANY_REQUESTS,
            "too-many",
            "too many rooms from this address; try again in an hour",
        );
    }
    match server.rooms.create(setup, language, patience) {
        Ok(created) => {
            let seats: Vec<_> = created
                .seats
                .iter()
                .map(|(seat, name, token)| json!({"seat": seat, "name": name, "link": format!("/seat/{token}/"), "code": token.code()}))
                .collect();
            let watch = &created.watch;
            let answer = json!({"room": created.room, "seats": seats, "watch": format!("/watch/{watch}/"), "watch_code": watch.code()});
            (StatusCode::CREATED, axum::Json(answer)).into_response()
        }
        Err(CreateError::Table(why)) => refuse(StatusCode::BAD_REQUEST, "rules", &why),
        Err(CreateError::Store(why)) => {
            tracing::error!(%why, "a room not kept");
            refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
                "busy",
                "the room could not be kept; try again",
            )
        }
    }
}

/// Whether the server is well, for a supervisor: its rooms and connections, and any room set
/// aside because its stored state could not be read.
async fn health(State(server): State<Arc<Server>>) -> Response {
    let set_aside = match server.rooms.store().set_aside_rooms() {
        Ok(rooms) => rooms,
        Err(why) => {
            return refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                "store",
                &format!("the store: {why}"),
            );
        }
    };
    let set_aside: Vec<_> = set_aside
        .into_iter()
        .map(|(room, why)| json!({"room": room, "why": why}))
        .collect();
    axum::Json(json!({
        "status": "ok",
        "rooms": server.rooms.count(),
        "connections": server.limits.connections(),
        "set_aside": set_aside,
    }))
    .into_response()
}

/// The server's figures in Prometheus' text format, on the operator's own address: rooms,
/// pages and connections open, moves kept and what keeping them took, and the computer's
/// searches thinking and waiting.
pub(crate) async fn metrics(State(server): State<Arc<Server>>) -> Response {
    use std::fmt::Write;
    use std::sync::atomic::Ordering::Relaxed;
    let counts = &server.rooms.store().counts;
    let set_aside = server
        .rooms
        .store()
        .set_aside_rooms()
        .map_or(0, |rooms| rooms.len());
    let (waiting, thinking) = server.rooms.searches();
    let figures: [(&str, &str, &str, f64); 10] = [
        (
            "abakus_rooms",
            "gauge",
            "Rooms open.",
            server.rooms.count() as f64,
        ),
        (
            "abakus_rooms_set_aside",
            "gauge",
            "Rooms whose store could not be read.",
            set_aside as f64,
        ),
        (
            "abakus_pages",
            "gauge",
            "Pages connected by their socket.",
            server.limits.connections() as f64,
        ),
        (
            "abakus_http_connections",
            "gauge",
            "HTTP connections open.",
            server.gate.open() as f64,
        ),
        (
            "abakus_rooms_made_total",
            "counter",
            "Rooms made since the start.",
            counts.rooms_made.load(Relaxed) as f64,
        ),
        (
            "abakus_moves_total",
            "counter",
            "Moves kept since the start.",
            counts.moves_kept.load(Relaxed) as f64,
        ),
        (
            "abakus_store_commits_total",
            "counter",
            "Commits to the store since the start (each holding every write that came meanwhile).",
            counts.commits.load(Relaxed) as f64,
        ),
        (
            "abakus_store_commit_seconds_total",
            "counter",
            "Time the commits to the store took.",
            counts.commit_micros.load(Relaxed) as f64 / 1e6,
        ),
        (
            "abakus_searches_thinking",
            "gauge",
            "Computer searches thinking now.",
            thinking as f64,
        ),
        (
            "abakus_searches_waiting",
            "gauge",
            "Computer searches waiting for a core.",
            waiting as f64,
        ),
    ];
    let mut text = String::new();
    for (name, kind, help, value) in figures {
        let _ = writeln!(
            text,
            "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
        );
    }
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use abakus_match::hex::{self, HexSetup, TimeOut};
    use abakus_match::tiles::{Seat, SeatKind, TilesSetup};
    use abakus_rules::abaku::Variants;
    use abakus_rules::hex::ai::Level as HexLevel;

    use super::*;
    use crate::making::table_request;

    /// A table as a window asks for it, read back as the server reads a start page's.
    fn read_back(setup: &Setup) -> Setup {
        let request = table_request(setup, Language::German, Some("k"));
        let request: TableRequest =
            serde_json::from_value(request).expect("the server reads a window's table");
        assert_eq!(request.key.as_deref(), Some("k"));
        assert_eq!(request.language.as_deref(), Some("de"));
        table(&request, Language::German).expect("a table the server takes")
    }

    #[test]
    fn a_windows_table_is_the_room_the_server_makes() {
        let tiles = TilesSetup {
            seats: vec![
                Seat {
                    name: "Ann".into(),
                    kind: SeatKind::Human,
                },
                Seat {
                    name: "Bo".into(),
                    kind: SeatKind::Phone,
                },
                Seat {
                    name: "Rechner".into(),
                    kind: SeatKind::Computer(Level::Hard),
                },
            ],
            variants: Variants {
                diagonal: true,
                ..Variants::default()
            },
            board_b: true,
            seed: 5,
            turn_limit: TurnLimit::Seconds(90),
        };
        let Setup::Tiles(made) = read_back(&Setup::Tiles(tiles.clone())) else {
            panic!("the tile game");
        };
        let kinds: Vec<_> = made.seats.iter().map(|seat| seat.kind).collect();
        assert_eq!(
            kinds,
            [
                SeatKind::Phone,
                SeatKind::Phone,
                SeatKind::Computer(Level::Hard)
            ]
        );
        let names: Vec<_> = made.seats.iter().map(|seat| seat.name.as_str()).collect();
        assert_eq!(names, ["Ann", "Bo", "Rechner"]);
        assert_eq!(
            (made.variants, made.board_b, made.turn_limit),
            (tiles.variants, true, TurnLimit::Seconds(90))
        );
        let hex = HexSetup {
            side: 4,
            seats: [hex::Seat::Computer(HexLevel::Normal), hex::Seat::Human],
            names: [String::new(), "Ann".into()],
            turn_limit: TurnLimit::Off,
            on_time_out: TimeOut::Loses,
        };
        let Setup::Hex(made) = read_back(&Setup::Hex(hex)) else {
            panic!("the hex game");
        };
        assert_eq!(
            made.seats,
            [hex::Seat::Computer(HexLevel::Normal), hex::Seat::Human]
        );
        assert_eq!(made.names[1], "Ann");
        assert_eq!(
            (made.side, made.turn_limit, made.on_time_out),
            (4, TurnLimit::Off, TimeOut::Loses)
        );
    }
}
