//! `abakus-server`: serves rooms of the tile game to browsers, its data in one folder.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use abakus_server::{Config, serve};
use clap::Parser;

/// Makes rooms only for those who give this key (a club's or a school's own server).
const CREATE_KEY: &str = "ABAKUS_SERVER_CREATE_KEY";

/// Rooms of Abaku played in browsers by link: a start page makes a room, each person's seat
/// has a link, and every move is kept in the data folder. Set ABAKUS_SERVER_CREATE_KEY to make
/// rooms only for those who give that key.
#[derive(Debug, Parser)]
#[command(name = "abakus-server", version)]
struct Options {
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
}

fn main() -> ExitCode {
    tracing_subscriber::fmt().with_target(false).init();
    let options = Options::parse();
    let mut config = Config::new(options.data);
    config.hosts = options.hosts;
    // From the environment, not the command line, which every user of the machine can read.
    config.create_key = std::env::var(CREATE_KEY).ok().filter(|key| !key.is_empty());
    config.rooms_per_address_per_hour = options.rooms_per_hour;
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(why) => {
            eprintln!("abakus-server: no runtime: {why}");
            return ExitCode::FAILURE;
        }
    };
    let served = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.listen).await?;
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
        serve(config, listener, stop).await
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("abakus-server: {why}");
            ExitCode::FAILURE
        }
    }
}
