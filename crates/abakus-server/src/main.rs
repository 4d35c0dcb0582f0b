//! `abakus-server`: serves rooms of both games to browsers, its data in one folder.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use abakus_server::{Config, serve};
use clap::Parser;

/// Makes rooms only for those who give this key (a club's or a school's own server).
const CREATE_KEY: &str = "ABAKUS_SERVER_CREATE_KEY";

/// Rooms of Abaku and Abakus played in browsers by link: a start page makes a room, each person's seat
/// has a link, and every move is kept in the data folder. Set ABAKUS_SERVER_CREATE_KEY to make
/// rooms only for those who give that key.
#[derive(Debug, Parser)]
#[command(name = "abakus-server", version)]
struct Options {
    #[command(subcommand)]
    command: Option<Command>,
    /// The folder of the server's store (made if missing).
    #[arg(long, default_value = "abakus-server-data")]
    data: PathBuf,
    /// The address and port to listen on; loopback unless another is given.
    #[arg(long, default_value = "127.0.0.1:8480")]
    listen: SocketAddr,
    /// A name the server is reached by, with its port unless it is the scheme's own (as a
    /// reverse proxy in front passes it on): `games.example.org`. May be given again.
    #[arg(long = "host")]
    hosts: Vec<String>,
    /// Rooms one address may make in an hour.
    #[arg(long, default_value_t = 60)]
    rooms_per_hour: u32,
    /// Short codes one address may try in an hour.
    #[arg(long, default_value_t = 60)]
    codes_per_hour: u32,
    /// HTTP connections one address may hold open; past that its longest waiting one goes.
    #[arg(long, default_value_t = 128)]
    waiting_per_address: usize,
    /// HTTP connections the server holds open; past that the longest waiting one goes.
    #[arg(long, default_value_t = 16_384)]
    waiting_in_all: usize,
    /// An address for the metrics in Prometheus' text format (`/metrics`), apart from the
    /// rooms': loopback, say, for a Prometheus on the same machine.
    #[arg(long)]
    metrics_listen: Option<SocketAddr>,
    /// Days a room whose game ended is kept before it is removed.
    #[arg(long, default_value_t = 30)]
    keep_finished_days: u64,
    /// The address of a reverse proxy in front (Caddy on this machine: 127.0.0.1), whose
    /// requests count against the address its X-Forwarded-For names. May be given again.
    #[arg(long = "trusted-proxy")]
    trusted_proxies: Vec<std::net::IpAddr>,
}

/// Raises the soft limit of open files to the hard one: each page holds a socket, and ten
/// thousand pages are far past the 1,024 a shell starts with.
fn raise_open_files_limit() {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write only the struct passed to them.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut limit) == 0
            && limit.rlim_cur < limit.rlim_max
        {
            limit.rlim_cur = limit.rlim_max;
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raw const limit) != 0 {
                tracing::warn!("the limit of open files stays at {}", limit.rlim_cur);
            }
        }
    }
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Writes a copy of the store to FILE, whole as of one moment, while the server runs.
    Backup {
        /// The copy to write; it must not exist yet.
        file: PathBuf,
    },
}

/// Connections waiting to be taken, at most: ten thousand pages coming back at once after a
/// restart find room in the queue (the system may hold it to less: `somaxconn`) rather than
/// having their first attempt dropped.
const BACKLOG: u32 = 4096;

/// The listening socket on `address`, with a queue for a crowd.
fn listen(address: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if address.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    // A restart takes its address back at once, whatever the last one's connections.
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(BACKLOG)
}

fn main() -> ExitCode {
    tracing_subscriber::fmt().with_target(false).init();
    let options = Options::parse();
    if let Some(Command::Backup { file }) = &options.command {
        let copied = abakus_server::Store::open(&options.data).and_then(|store| store.backup(file));
        return match copied {
            Ok(()) => {
                println!("abakus-server: the store copied to {}", file.display());
                ExitCode::SUCCESS
            }
            Err(why) => {
                eprintln!("abakus-server: no backup: {why}");
                ExitCode::FAILURE
            }
        };
    }
    let mut config = Config::new(options.data);
    config.hosts = options.hosts;
    // From the environment, not the command line, which every user of the machine can read.
    config.create_key = std::env::var(CREATE_KEY).ok().filter(|key| !key.is_empty());
    config.rooms_per_address_per_hour = options.rooms_per_hour;
    config.codes_per_address_per_hour = options.codes_per_hour;
    config.trusted_proxies = options.trusted_proxies;
    config.waiting_per_address = options.waiting_per_address;
    config.waiting_in_all = options.waiting_in_all;
    config.keep_finished = std::time::Duration::from_secs(options.keep_finished_days * 24 * 3600);
    raise_open_files_limit();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(why) => {
            eprintln!("abakus-server: no runtime: {why}");
            return ExitCode::FAILURE;
        }
    };
    let served = runtime.block_on(async move {
        let listener = listen(options.listen)?;
        let metrics = match options.metrics_listen {
            Some(address) => Some(tokio::net::TcpListener::bind(address).await?),
            None => None,
        };
        // Ctrl+C at a terminal, or a service manager's SIGTERM: the server stops taking
        // requests and closes; every move is already kept.
        let mut terminate =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
        let stop = async move {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = terminate.recv() => {}
            }
        };
        serve(config, listener, metrics, stop).await
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("abakus-server: {why}");
            ExitCode::FAILURE
        }
    }
}
