//! The server's addresses: the start page and the room it makes, each seat's and each
//! watcher's page, their WebSocket, and the health check; every request for a host the server
//! is not is refused.

use std::net::SocketAddr;
use std::sync::Arc;

use abakus_match::clock::TurnLimit;
use abakus_match::tiles::{Seat, SeatKind, TilesSetup};
use abakus_pages::{CARD_POLICY, NOT_OPEN_PAGE, PAGE_POLICY, PageFile};
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

/// The largest request to make a room: a table is a few hundred bytes.
const TABLE_LIMIT: usize = 16 * 1024;
/// Names are cut to this many characters.
const NAME_LIMIT: usize = 24;

const START_PAGE: &str = include_str!("../../../assets/server/start.html");
const START_SCRIPT: &str = include_str!("../../../assets/server/start.js");
const START_STYLE: &str = include_str!("../../../assets/server/start.css");

pub(crate) fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(start_page))
        .route("/start.js", get(start_script))
        .route("/start.css", get(start_style))
        .route("/rooms", post(make_room))
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

async fn start_page() -> Response {
    page_response(
        "text/html; charset=utf-8",
        PAGE_POLICY,
        StatusCode::OK,
        Bytes::from_static(START_PAGE.as_bytes()),
    )
}

async fn start_script() -> Response {
    page_response(
        "text/javascript; charset=utf-8",
        PAGE_POLICY,
        StatusCode::OK,
        Bytes::from_static(START_SCRIPT.as_bytes()),
    )
}

async fn start_style() -> Response {
    page_response(
        "text/css; charset=utf-8",
        PAGE_POLICY,
        StatusCode::OK,
        Bytes::from_static(START_STYLE.as_bytes()),
    )
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
    let (language, names, open) = match server.rooms.page_of(key) {
        Some((language, names)) => (language, names, true),
        None => (Language::English, Vec::new(), false),
    };
    let files = abakus_pages::tiles::files(language, &names);
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
        return refuse(StatusCode::BAD_REQUEST, "a link is shorter than that");
    }
    let Ok(code) = qrcode::QrCode::new(text.as_bytes()) else {
        return refuse(StatusCode::BAD_REQUEST, "no QR code holds that");
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
    #[serde(default)]
    language: Option<String>,
    #[serde(default)]
    board_b: bool,
    #[serde(default)]
    variants: Variants,
    /// Seconds a person has for a turn; none without a clock.
    #[serde(default)]
    turn_seconds: Option<u32>,
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

fn table(request: &TableRequest, language: Language) -> Result<TilesSetup, String> {
    if !(1..=4).contains(&request.seats.len()) {
        return Err("a room seats one to four players".to_owned());
    }
    let mut seats = Vec::with_capacity(request.seats.len());
    for (index, seat) in request.seats.iter().enumerate() {
        let kind = match seat.player.as_str() {
            "person" => SeatKind::Phone,
            "easy" => SeatKind::Computer(Level::Easy),
            "normal" => SeatKind::Computer(Level::Normal),
            "hard" => SeatKind::Computer(Level::Hard),
            "expert" => SeatKind::Computer(Level::Expert),
            other => {
                return Err(format!(
                    "{other:?} is not a player: person, easy, normal, hard or expert"
                ));
            }
        };
        let typed: String = seat
            .name
            .chars()
            .filter(|c| !c.is_control())
            .take(NAME_LIMIT)
            .collect();
        let name = match (typed.trim(), kind) {
            ("", SeatKind::Computer(level)) => {
                abakus_words::tiles::computer_name(language, level).to_owned()
            }
            ("", _) => language.default_player(index),
            (name, _) => name.to_owned(),
        };
        seats.push(Seat { name, kind });
    }
    if !seats.iter().any(|seat| seat.kind == SeatKind::Phone) {
        return Err("a room needs a person at one seat at least".to_owned());
    }
    let turn_limit = match request.turn_seconds {
        None | Some(0) => TurnLimit::Off,
        Some(seconds) if (10..=3600).contains(&seconds) => TurnLimit::Seconds(seconds),
        Some(_) => return Err("a turn's time is 10 seconds to an hour".to_owned()),
    };
    Ok(TilesSetup {
        seats,
        variants: request.variants,
        board_b: request.board_b,
        seed: rand::random(),
        turn_limit,
    })
}

fn refuse(status: StatusCode, why: &str) -> Response {
    (status, axum::Json(json!({"error": why}))).into_response()
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
            "a room is made from this server's own page",
        );
    }
    let request: TableRequest = match serde_json::from_slice(&body) {
        Ok(request) => request,
        Err(why) => return refuse(StatusCode::BAD_REQUEST, &format!("not a table: {why}")),
    };
    if let Some(key) = &server.config.create_key
        && request.key.as_deref() != Some(key.as_str())
    {
        return refuse(
            StatusCode::FORBIDDEN,
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
                    "the languages are en, de, fr and ru",
                );
            }
        },
    };
    let setup = match table(&request, language) {
        Ok(setup) => setup,
        Err(why) => return refuse(StatusCode::BAD_REQUEST, &why),
    };
    if server.rooms.count() >= server.config.rooms_in_all {
        return refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is full; try again later",
        );
    }
    if !server.limits.make_room(peer.ip()) {
        return refuse(
            StatusCode::TOO_MANY_REQUESTS,
            "too many rooms from this address; try again in an hour",
        );
    }
    match server.rooms.create(setup, language) {
        Ok(created) => {
            let seats: Vec<_> = created
                .seats
                .iter()
                .map(|(seat, name, token)| json!({"seat": seat, "name": name, "link": format!("/seat/{token}/")}))
                .collect();
            let answer = json!({"room": created.room, "seats": seats, "watch": format!("/watch/{}/", created.watch)});
            (StatusCode::CREATED, axum::Json(answer)).into_response()
        }
        Err(CreateError::Table(why)) => refuse(StatusCode::BAD_REQUEST, &why),
        Err(CreateError::Store(why)) => {
            tracing::error!(%why, "a room not kept");
            refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
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
