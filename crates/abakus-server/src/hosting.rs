//! The server run inside a game window for its own table: the same rooms, pages and store as
//! `abakus-server`, on a runtime of its own thread, listening only while the window wants it.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use abakus_match::room::Key;
use abakus_pages::Host;
use abakus_words::Language;

use crate::rooms::{Created, TableAct, TableLink, Waker};
use crate::table::Setup;
use crate::{Config, Rooms, Store};

/// Connections one address may hold: a phone's page and its socket, with room for a reload
/// while the old ones close.
const PER_ADDRESS: usize = 8;
/// Connections the window's server holds at once: a table's few phones and their reloads.
const IN_ALL: usize = 48;

/// The window's server, listening until it is dropped.
pub struct Hosting {
    rooms: Arc<Rooms>,
    address: SocketAddr,
    runtime: tokio::runtime::Handle,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    serving: Option<JoinHandle<()>>,
}

impl Hosting {
    /// Listens on `address` at `port` (0 for any free one), its store in the folder `data`.
    /// Of the rooms kept there before, only `keep` stays: the game that is coming back to the
    /// screen.
    ///
    /// # Errors
    /// Why it cannot listen or open its store, with the address and port.
    pub fn start(
        address: IpAddr,
        port: u16,
        data: PathBuf,
        keep: Option<&str>,
    ) -> Result<Hosting, String> {
        Hosting::listen(address, port, data, Host::Table, keep)
    }

    /// Listens on `address` at `port` for rooms the window makes for people elsewhere (its
    /// own seat joined through the same door as theirs), its store in the folder `data`,
    /// where every room kept before stays.
    ///
    /// # Errors
    /// Why it cannot listen or open its store, with the address and port.
    pub fn start_rooms(address: IpAddr, port: u16, data: PathBuf) -> Result<Hosting, String> {
        Hosting::listen(address, port, data, Host::Room, None)
    }

    fn listen(
        address: IpAddr,
        port: u16,
        data: PathBuf,
        host: Host,
        keep: Option<&str>,
    ) -> Result<Hosting, String> {
        let listener = std::net::TcpListener::bind((address, port))
            .and_then(|listener| listener.set_nonblocking(true).map(|()| listener))
            .map_err(|why| format!("cannot listen on {address} port {port}: {why}"))?;
        let bound = listener
            .local_addr()
            .map_err(|why| format!("cannot listen on {address} port {port}: {why}"))?;
        let folder = data;
        let keep = keep.map(str::to_owned);
        let (ready, started) = mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = std::thread::Builder::new()
            .name("table server".into())
            .spawn(move || serve(listener, folder, host, keep, &ready, stopped))
            .map_err(|why| format!("no thread for the server: {why}"))?;
        let (rooms, runtime) = started
            .recv()
            .map_err(|_| "the server stopped as it started".to_owned())??;
        Ok(Hosting {
            rooms,
            address: bound,
            runtime,
            stop: Some(stop),
            serving: Some(serving),
        })
    }

    /// The address and port it listens on.
    #[must_use]
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The address the watchers' link opens, for its key.
    #[must_use]
    pub fn watch_address(&self, key: &Key) -> String {
        format!("http://{}/watch/{key}/", self.address)
    }

    /// The address a seat's link opens, for its key.
    #[must_use]
    pub fn seat_address(&self, token: &Key) -> String {
        format!("http://{}/seat/{token}/", self.address)
    }

    /// A room for the window's game, played this far (`lines`), the window's table hearing
    /// of it; `wake` is called with each news.
    ///
    /// # Errors
    /// A table or a move the rules refuse, or the store failing.
    pub fn open_table(
        &self,
        setup: Setup,
        lines: &[String],
        language: Language,
        wake: Waker,
    ) -> Result<(TableLink, Created), String> {
        let created = self
            .rooms
            .create_with(setup, lines, language, None)
            .map_err(|why| why.to_string())?;
        let link = self
            .table(&created.room, wake)
            .ok_or_else(|| "the room made has gone".to_owned())?;
        Ok((link, created))
    }

    /// A room of the window's for a game at `setup`, each person's seat with its link.
    ///
    /// # Errors
    /// A table the rules refuse, or the store failing.
    pub fn open_room(&self, setup: Setup, language: Language) -> Result<Created, String> {
        self.rooms
            .create_with(setup, &[], language, None)
            .map_err(|why| why.to_string())
    }

    /// The window's way back to a room it made before (its game back on the screen).
    #[must_use]
    pub fn table(&self, id: &str, wake: Waker) -> Option<TableLink> {
        let (news, heard) = mpsc::channel();
        let shared = self.rooms.attach_table(id, news, wake)?;
        let (acts, mut asked) = tokio::sync::mpsc::unbounded_channel::<TableAct>();
        let rooms = Arc::clone(&self.rooms);
        self.runtime.spawn(async move {
            while let Some(act) = asked.recv().await {
                rooms.act_at_table(&shared, act);
            }
        });
        Some(TableLink {
            acts,
            news: std::sync::Mutex::new(heard),
            id: id.to_owned(),
        })
    }

    /// Sends every page away for good: the game they were at has ended on the screen.
    pub fn close_pages(&self) {
        self.rooms.close_every_page("closed");
    }

    /// Tells every page its game has left the screen for a while: they try again until this
    /// server listens again.
    pub fn set_aside(&self) {
        self.rooms.close_every_page("aside");
    }
}

impl Drop for Hosting {
    /// Stops listening (the port is free when this returns); the pages still open are told
    /// the server is only away, and try again.
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(serving) = self.serving.take() {
            let _ = serving.join();
        }
    }
}

type Started = Result<(Arc<Rooms>, tokio::runtime::Handle), String>;

/// The server's thread: its runtime, its store and rooms, served until told to stop.
fn serve(
    listener: std::net::TcpListener,
    folder: PathBuf,
    host: Host,
    keep: Option<String>,
    ready: &mpsc::Sender<Started>,
    stopped: tokio::sync::oneshot::Receiver<()>,
) {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("table server")
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(why) => {
            let _ = ready.send(Err(format!("no runtime for the server: {why}")));
            return;
        }
    };
    runtime.block_on(async move {
        let opened = std::fs::create_dir_all(&folder)
            .map_err(|why| why.to_string())
            .and_then(|()| Store::open(&folder).map_err(|why| why.to_string()))
            .and_then(|store| {
                // A table's store holds its one game; rooms for people elsewhere stay.
                if host == Host::Table {
                    store
                        .remove_all_but(keep.as_deref())
                        .map_err(|why| why.to_string())?;
                }
                Rooms::load(store, 1, host).map_err(|why| why.to_string())
            });
        let rooms = match opened {
            Ok(rooms) => rooms,
            Err(why) => {
                let _ = ready.send(Err(format!(
                    "the table's store in {} cannot be opened: {why}",
                    folder.display()
                )));
                return;
            }
        };
        let listener = match tokio::net::TcpListener::from_std(listener) {
            Ok(listener) => listener,
            Err(why) => {
                let _ = ready.send(Err(format!("cannot listen: {why}")));
                return;
            }
        };
        let _ = ready.send(Ok((Arc::clone(&rooms), tokio::runtime::Handle::current())));
        let config = table_config(folder);
        let stop = async move {
            let _ = stopped.await;
        };
        if let Err(why) = crate::serve_rooms(config, rooms, listener, None, stop).await {
            tracing::error!(%why, "the table's server stopped");
        }
    });
    // The rooms' timers and thinking end with the runtime, at once.
    runtime.shutdown_timeout(Duration::from_millis(200));
}

/// A table's caps: a few phones of one game.
fn table_config(data: PathBuf) -> Config {
    Config {
        // Nobody makes rooms on a window's server but the window.
        create_key: Some(Key::random().to_string()),
        rooms_per_address_per_hour: 0,
        rooms_in_all: 4,
        connections_per_address: PER_ADDRESS,
        connections_in_all: IN_ALL,
        searches: 1,
        waiting_per_address: 2 * PER_ADDRESS,
        waiting_in_all: 2 * IN_ALL,
        // The window waits for it to stop: its pages were told why already.
        drain: Duration::from_millis(200),
        ..Config::new(data)
    }
}
