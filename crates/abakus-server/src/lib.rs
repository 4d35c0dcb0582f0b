//! A server anyone can run for rooms of the tile game played in browsers: a room is made on its
//! start page, each person's seat has a link of its own and the watchers one more, and every
//! accepted move is kept in SQLite before anyone is told of it, so a restart loses nothing.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use tokio::net::TcpListener;

mod http;
mod limits;
mod origin;
pub mod rooms;
mod socket;
pub mod store;

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
    /// Rooms open on the server at once.
    pub rooms_in_all: usize,
    /// Connections one address may hold at once.
    pub connections_per_address: usize,
    /// Connections the server holds at once.
    pub connections_in_all: usize,
    /// Computer searches at once.
    pub searches: usize,
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
            rooms_in_all: 20_000,
            connections_per_address: 64,
            connections_in_all: 20_000,
            searches: std::thread::available_parallelism().map_or(1, usize::from),
        }
    }
}

/// What the request handlers share.
pub(crate) struct Server {
    pub rooms: Arc<Rooms>,
    pub config: Config,
    pub limits: limits::Limits,
    /// Turns true when the server stops: each socket then closes, and its page comes back.
    pub stopping: tokio::sync::watch::Receiver<bool>,
}

/// Serves on `listener` until `stop` resolves.
///
/// # Errors
/// The store cannot be opened or read, or the listener fails.
pub async fn serve(
    mut config: Config,
    listener: TcpListener,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    std::fs::create_dir_all(&config.data)?;
    let store = Store::open(&config.data)?;
    let rooms = Rooms::load(store, config.searches)?;
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
        config,
        stopping,
    });
    let app = http::router(server);
    // The open sockets would hold a graceful stop forever: they are told to close first.
    let stop = async move {
        stop.await;
        let _ = stop_sockets.send(true);
    };
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(stop)
    .await?;
    Ok(())
}
