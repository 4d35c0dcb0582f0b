//! A server anyone can run for rooms of both games played in browsers: a room is made on its
//! start page, each person's seat has a link of its own and the watchers one more, and every
//! accepted move is kept in SQLite before anyone is told of it, so a restart loses nothing.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tower::ServiceExt;

pub mod booth;
mod gate;
pub mod hosting;
mod http;
mod limits;
pub mod making;
mod origin;
pub mod remote;
pub mod rooms;
mod socket;
pub mod store;
pub mod table;

pub use rooms::Rooms;
pub use store::Store;

/// How a server runs: where its data is, who may reach it, and its caps.
#[derive(Debug, Clone)]
pub struct Config {
    /// The folder of its store.
    pub data: PathBuf,
    /// The names the server is reached by, as the `Host` of a request carries them (with the
    /// port where it is not the scheme's own): its listening address always, and the public
    /// name a reverse proxy passes on. A request for any other host is refused.
    pub hosts: Vec<String>,
    /// A key asked of anyone making a room (a private server); without one, room making is
    /// capped per address.
    pub create_key: Option<String>,
    /// Rooms one address may make in an hour.
    pub rooms_per_address_per_hour: u32,
    /// Short codes one address may try in an hour.
    pub codes_per_address_per_hour: u32,
    /// Rooms open on the server at once.
    pub rooms_in_all: usize,
    /// Connections one address may hold at once.
    pub connections_per_address: usize,
    /// Connections the server holds at once.
    pub connections_in_all: usize,
    /// Computer searches at once.
    pub searches: usize,
    /// HTTP connections one address may hold open before its longest waiting one is let go.
    pub waiting_per_address: usize,
    /// HTTP connections the server holds open before the longest waiting one is let go.
    pub waiting_in_all: usize,
    /// The reverse proxies in front (Caddy on the same machine, say): a request from one of
    /// them is counted against the address it was made from, as their `X-Forwarded-For` says.
    pub trusted_proxies: Vec<IpAddr>,
    /// How long a room whose game ended is kept (for its players' links to show the end, and
    /// for a rematch) before it is removed.
    pub keep_finished: Duration,
    /// How long the requests under way and the sockets' goodbyes have when it stops.
    pub drain: Duration,
}

impl Config {
    /// The caps a server on one machine starts with, for a data folder.
    #[must_use]
    pub fn new(data: PathBuf) -> Config {
        Config {
            data,
            hosts: Vec::new(),
            create_key: None,
            rooms_per_address_per_hour: 60,
            codes_per_address_per_hour: 60,
            rooms_in_all: 20_000,
            connections_per_address: 64,
            connections_in_all: 20_000,
            searches: std::thread::available_parallelism().map_or(1, usize::from),
            waiting_per_address: 128,
            waiting_in_all: 16_384,
            trusted_proxies: Vec::new(),
            keep_finished: Duration::from_secs(30 * 24 * 3600),
            drain: Duration::from_secs(5),
        }
    }
}

/// What the request handlers share.
pub(crate) struct Server {
    pub rooms: Arc<Rooms>,
    pub config: Config,
    pub limits: limits::Limits,
    /// The HTTP connections open.
    pub gate: Arc<gate::Gate>,
    /// Turns true when the server stops: each socket then closes, and its page comes back.
    pub stopping: tokio::sync::watch::Receiver<bool>,
}

/// How often the rooms whose game ended long enough ago are looked for.
const SWEEP_EVERY: Duration = Duration::from_secs(3600);

/// Serves on `listener` until `stop` resolves, and the metrics on `metrics` if given.
///
/// # Errors
/// The store cannot be opened or read, or the listener fails.
pub async fn serve(
    config: Config,
    listener: TcpListener,
    metrics: Option<TcpListener>,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    std::fs::create_dir_all(&config.data)?;
    let store = Store::open(&config.data)?;
    let keep = i64::try_from(config.keep_finished.as_secs()).unwrap_or(i64::MAX);
    let now = i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs()),
    )
    .unwrap_or(i64::MAX);
    let removed = store.remove_finished(now.saturating_sub(keep))?;
    if !removed.is_empty() {
        tracing::info!(rooms = removed.len(), "finished rooms removed");
    }
    let rooms = Rooms::load(store, config.searches, abakus_pages::Host::Room)?;
    serve_rooms(config, rooms, listener, metrics, stop).await
}

/// Serves `rooms` on `listener` until `stop` resolves, and the metrics on `metrics` if given.
///
/// # Errors
/// The listener fails.
pub async fn serve_rooms(
    mut config: Config,
    rooms: Arc<Rooms>,
    listener: TcpListener,
    metrics: Option<TcpListener>,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let address = listener.local_addr()?;
    config.hosts.push(address.to_string());
    if address.ip().is_loopback() {
        config.hosts.push(format!("localhost:{}", address.port()));
    }
    tracing::info!(%address, rooms = rooms.count(), "serving");
    let (stop_sockets, stopping) = tokio::sync::watch::channel(false);
    let server = Arc::new(Server {
        rooms,
        limits: limits::Limits::new(&config),
        gate: gate::Gate::new(config.waiting_per_address, config.waiting_in_all),
        config,
        stopping: stopping.clone(),
    });
    let app = http::router(Arc::clone(&server));
    if let Some(metrics) = metrics {
        let routes = axum::Router::new()
            .route("/metrics", axum::routing::get(http::metrics))
            .with_state(Arc::clone(&server));
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let stopped = async move {
                let _ = stopping.changed().await;
            };
            let _ = axum::serve(metrics, routes)
                .with_graceful_shutdown(stopped)
                .await;
        });
    }
    let sweeper = Arc::clone(&server);
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(SWEEP_EVERY).await;
            sweeper.rooms.remove_finished(sweeper.config.keep_finished);
        }
    });
    // The open sockets would hold a stop for ever: they are told to close first.
    tokio::spawn(async move {
        stop.await;
        let _ = stop_sockets.send(true);
    });
    take_connections(&server, listener, app, stopping).await;
    // The requests under way and the sockets' goodbyes are given a moment to finish.
    let until = Instant::now() + server.config.drain;
    while (server.gate.open() > 0 || server.limits.connections() > 0) && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

/// How long a connection may take to send a request's head, and may stay open idle between
/// requests.
const REQUEST_HEAD_TIME: Duration = Duration::from_secs(10);

/// Takes connections until the server stops, each served on a task of its own.
async fn take_connections(
    server: &Arc<Server>,
    listener: TcpListener,
    app: axum::Router,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(why) => {
                    // Out of file descriptors, say: the connections that are open go on.
                    tracing::warn!(%why, "a connection not taken");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stopping.changed() => return,
        };
        // A move is a few small frames: sent at once, not held back for the peer's
        // acknowledgement of the last (Nagle's wait met the peer's delayed ACK, ~40 ms).
        let _ = stream.set_nodelay(true);
        let proxied = server.config.trusted_proxies.contains(&peer.ip());
        let pass = server.gate.admit(peer.ip(), !proxied);
        tokio::spawn(serve_connection(
            stream,
            peer,
            pass,
            app.clone(),
            stopping.clone(),
        ));
    }
}

/// Serves one connection's requests (and hands a page's socket over), until the client goes,
/// a request's head takes too long, the gate lets the connection go, or the server stops.
async fn serve_connection(
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    pass: gate::Pass,
    app: axum::Router,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    let service =
        hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let mut request = request.map(axum::body::Body::new);
            request.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(request)
        });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(REQUEST_HEAD_TIME);
    let connection = builder
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    tokio::pin!(connection);
    let mut stopped = *stopping.borrow();
    if stopped {
        connection.as_mut().graceful_shutdown();
    }
    loop {
        tokio::select! {
            _ = connection.as_mut() => return,
            () = pass.evicted.notified() => return,
            changed = stopping.changed(), if !stopped => {
                stopped = true;
                if changed.is_ok() {
                    connection.as_mut().graceful_shutdown();
                }
            }
        }
    }
}
