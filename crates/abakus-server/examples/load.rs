//! A load on a running `abakus-server` over loopback, as people at a human pace make it: ROOMS
//! rooms of four people, each room's player to move exchanging a tile PACE seconds after the
//! last move (a real move, kept in the store and sent to all four), for SECONDS. It prints the
//! rooms and connections held, the time from a move sent to each other page receiving its
//! picture (median and 95th percentile), and the server's memory and processor time, read from
//! `/proc/PID`. The pages connect from addresses of their own in 127.0.0.0/8, as people do from
//! machines of their own, so the server's cap per address holds each to its share.
//!
//! A page whose socket closes comes back as a page does, by its secret, trying again a second
//! more each time up to five: after the server is killed and started again it prints how long
//! the pages took to be back, and the moves lost: those a page had been shown that were not
//! there when it came back (which must be none).
//!
//! `scripts/bench/rooms.sh ROOMS SECONDS PACE` starts a server of its own and runs this against
//! it; by hand (each side needs a descriptor per connection: raise `ulimit -n` first):
//!
//! abakus-server --data DIR --listen 127.0.0.1:8480
//! cargo run --release -p abakus-server --example load -- 127.0.0.1:8480 PID ROOMS SECONDS PACE

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A loopback address of the page's own: 127.1.x.y, one per page.
fn page_address(page: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 1, (page / 250) as u8, (page % 250 + 1) as u8)
}

async fn connect_from(from: Ipv4Addr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from.into(), 0))?;
    socket.connect(to).await
}

/// Makes a room of four people's seats; their links' keys.
async fn make_room(server: SocketAddr, from: Ipv4Addr) -> Option<Vec<String>> {
    let body = json!({"seats": [{"player": "person"}, {"player": "person"},
                                {"player": "person"}, {"player": "person"}]})
    .to_string();
    let mut stream = connect_from(from, server).await.ok()?;
    let head = format!(
        "POST /rooms HTTP/1.1\r\nHost: {server}\r\nOrigin: http://{server}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.ok()?;
    let room: Value = serde_json::from_str(answer.split_once("\r\n\r\n")?.1).ok()?;
    room["seats"]
        .as_array()?
        .iter()
        .map(|seat| {
            let link = seat["link"].as_str()?;
            Some(link.trim_matches('/').rsplit('/').next()?.to_owned())
        })
        .collect()
}

/// The last move of one room: the log's length it makes, who sent it and when.
#[derive(Default)]
struct LastMove {
    made: usize,
    by: u64,
    at: Option<Instant>,
}

#[derive(Default)]
struct Figures {
    latencies: Vec<Duration>,
    moves: usize,
    pages: usize,
    /// Pages that got in only after trying again, as a page does after a failed connection.
    retried: usize,
    refused: usize,
}

/// How often a page tries to connect, a second more between each try, as the pages do.
const TRIES: u32 = 5;

type Socket = tokio_tungstenite::WebSocketStream<TcpStream>;

/// A page's socket, opened with `door` (`token=` a seat's link, or `secret=` a page's secret).
async fn open_socket(server: SocketAddr, from: Ipv4Addr, door: &str) -> Option<Socket> {
    let stream = connect_from(from, server).await.ok()?;
    let mut request = format!("ws://{server}/ws?{door}")
        .into_client_request()
        .ok()?;
    request
        .headers_mut()
        .insert("Origin", format!("http://{server}").parse().ok()?);
    let (socket, _) = tokio_tungstenite::client_async(request, stream)
        .await
        .ok()?;
    Some(socket)
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// What the pages saw of the server going away and coming back.
#[derive(Default)]
struct Outage {
    /// When the first page lost its socket.
    first_lost: Option<Instant>,
    /// How long each page took from losing its socket to its first picture again.
    back_after: Vec<Duration>,
    /// Moves a page had been shown that were missing when it came back.
    lost_moves: usize,
}

/// A page's socket, opened with its seat's link or, once it has one, its secret; trying again
/// a second more each time, as the pages do, up to [`TRIES`] times (with no end once the page
/// has been in, since a server restarting takes a while).
async fn connect_page(
    server: SocketAddr,
    from: Ipv4Addr,
    key: &str,
    secret: Option<&str>,
    until: Instant,
) -> Option<(Socket, u32)> {
    let mut tries = 0;
    loop {
        tries += 1;
        let door = secret.map_or_else(|| format!("token={key}"), |s| format!("secret={s}"));
        if let Some(socket) = open_socket(server, from, &door).await {
            return Some((socket, tries));
        }
        if (secret.is_none() && tries >= TRIES) || Instant::now() >= until {
            return None;
        }
        tokio::time::sleep(Duration::from_secs(u64::from(tries.min(5)))).await;
    }
}

/// One page of a room, until `until`: it moves when its turn comes (PACE after the room's last
/// move) and times each other page's move from its sending to its picture here.
#[allow(clippy::too_many_arguments)]
async fn page(
    server: SocketAddr,
    from: Ipv4Addr,
    key: String,
    last: Arc<Mutex<LastMove>>,
    figures: Arc<Mutex<Figures>>,
    outage: Arc<Mutex<Outage>>,
    pace: Duration,
    until: Instant,
) {
    let Some((mut socket, tries)) = connect_page(server, from, &key, None, until).await else {
        lock(&figures).refused += 1;
        return;
    };
    {
        let mut figures = lock(&figures);
        figures.pages += 1;
        figures.retried += usize::from(tries > 1);
    }
    let mut seat = u64::MAX;
    let mut secret: Option<String> = None;
    let mut number = 0u64;
    let mut timed = 0usize;
    // The most moves this page has been shown, and when it lost its socket (while it is away).
    let mut shown = 0usize;
    let mut lost_at: Option<Instant> = None;
    // The log's length at which this page moves next, and when.
    let mut moving: Option<(usize, Instant)> = None;
    while Instant::now() < until {
        let deadline = moving.map_or(until, |(_, at)| at.min(until));
        let wait = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(wait, socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                let Ok(message) = serde_json::from_str::<Value>(text.as_str()) else {
                    continue;
                };
                match message["type"].as_str() {
                    Some("welcome") => {
                        seat = message["seat"].as_u64().unwrap_or(u64::MAX);
                        secret = message["secret"].as_str().map(str::to_owned);
                    }
                    Some("view") => {
                        let turns = message["log"].as_array().map_or(0, Vec::len);
                        number = number.max(message["taken"].as_u64().unwrap_or(0));
                        if let Some(at) = lost_at.take() {
                            let mut outage = lock(&outage);
                            outage.back_after.push(at.elapsed());
                            outage.lost_moves += shown.saturating_sub(turns);
                        }
                        shown = shown.max(turns);
                        {
                            let last = lock(&last);
                            if let Some(at) = last.at
                                && turns == last.made
                                && last.by != seat
                                && timed < turns
                            {
                                timed = turns;
                                lock(&figures).latencies.push(at.elapsed());
                            }
                        }
                        if message["laying"] == true && moving.is_none_or(|(made, _)| made <= turns)
                        {
                            let since = lock(&last).at.unwrap_or_else(Instant::now);
                            moving = Some((turns + 1, since + pace));
                        }
                    }
                    _ => {}
                }
            }
            Ok(Some(Ok(_))) => {}
            Ok(_) => {
                // The server went away: back by the page's secret, as a page comes back.
                let now = Instant::now();
                lost_at.get_or_insert(now);
                lock(&outage).first_lost.get_or_insert(now);
                moving = None;
                let Some((again, _)) =
                    connect_page(server, from, &key, secret.as_deref(), until).await
                else {
                    break;
                };
                socket = again;
            }
            Err(_) => {}
        }
        if let Some((made, at)) = moving
            && Instant::now() >= at
        {
            moving = None;
            number += 1;
            *lock(&last) = LastMove {
                made,
                by: seat,
                at: Some(Instant::now()),
            };
            let exchange = json!({"n": number, "intent": "exchange", "slots": [0]}).to_string();
            if socket.send(Message::Text(exchange.into())).await.is_err() {
                break;
            }
            lock(&figures).moves += 1;
        }
    }
    let _ = socket.close(None).await;
}

/// The server's resident memory in KiB and its processor time in clock ticks, from `/proc`.
fn process(pid: &str) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let resident = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or(0);
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = fields
        .get(11)
        .and_then(|t| t.parse::<u64>().ok())
        .unwrap_or(0)
        + fields
            .get(12)
            .and_then(|t| t.parse::<u64>().ok())
            .unwrap_or(0);
    (resident, ticks)
}

fn percentile(sorted: &[Duration], share: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() - 1) as f64 * share).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let [server, pid, rooms, seconds, pace] = arguments.as_slice() else {
        eprintln!("usage: load ADDRESS PID ROOMS SECONDS PACE");
        std::process::exit(2);
    };
    let server: SocketAddr = server
        .parse()
        .expect("ADDRESS is a loopback address and port");
    assert!(server.ip().is_loopback(), "the load goes to loopback alone");
    let rooms: usize = rooms.parse().expect("ROOMS is a number");
    let seconds: u64 = seconds.parse().expect("SECONDS is a number");
    let pace = Duration::from_secs_f64(pace.parse().expect("PACE is seconds"));
    let (memory_before, _) = process(pid);
    let figures = Arc::new(Mutex::new(Figures::default()));
    let outage = Arc::new(Mutex::new(Outage::default()));
    let mut links = Vec::with_capacity(rooms);
    for room in 0..rooms {
        match make_room(server, page_address(room * 4)).await {
            Some(keys) => links.push(keys),
            None => eprintln!("room {room} was not made"),
        }
    }
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let (_, ticks_before) = process(pid);
    let mut pages = Vec::new();
    for (room, keys) in links.iter().enumerate() {
        let last = Arc::new(Mutex::new(LastMove::default()));
        for (index, key) in keys.iter().enumerate() {
            pages.push(tokio::spawn(page(
                server,
                page_address(room * 4 + index),
                key.clone(),
                Arc::clone(&last),
                Arc::clone(&figures),
                Arc::clone(&outage),
                pace,
                until,
            )));
        }
    }
    // Halfway, with every page connected and the rooms moving, the server's memory.
    tokio::time::sleep(Duration::from_secs(seconds / 2)).await;
    let (memory_held, _) = process(pid);
    for page in pages {
        let _ = page.await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let (_, ticks_after) = process(pid);
    let figures = lock(&figures);
    let mut latencies = figures.latencies.clone();
    latencies.sort_unstable();
    let ticks_per_second = 100.0;
    // After a restart the process read at the end is another: its time is not the run's.
    let cpu = ticks_after.saturating_sub(ticks_before) as f64 / ticks_per_second / elapsed;
    let per_page = if figures.pages > 0 {
        memory_held.saturating_sub(memory_before) as f64 / figures.pages as f64
    } else {
        0.0
    };
    println!(
        "rooms made {}, pages connected {} ({} after trying again; refused {})",
        links.len(),
        figures.pages,
        figures.retried,
        figures.refused
    );
    println!(
        "moves {} in {elapsed:.0} s ({:.1} a second)",
        figures.moves,
        figures.moves as f64 / elapsed
    );
    println!(
        "a move to the other pages: median {:.1} ms, 95th percentile {:.1} ms, over {} pictures",
        percentile(&latencies, 0.5).as_secs_f64() * 1000.0,
        percentile(&latencies, 0.95).as_secs_f64() * 1000.0,
        latencies.len()
    );
    if memory_held == 0 {
        println!("server: killed before its memory was read, so no figures of it");
    } else {
        println!(
            "server: {} MiB held ({memory_before} KiB before, {per_page:.0} KiB a page), \
             {cpu:.2} cores",
            memory_held / 1024
        );
    }
    let outage = lock(&outage);
    if let Some(first) = outage.first_lost {
        let mut back = outage.back_after.clone();
        back.sort_unstable();
        let last_back = outage
            .back_after
            .iter()
            .max()
            .map_or(0.0, Duration::as_secs_f64);
        println!(
            "the server went away {:.1} s into the run: {} pages back (median {:.1} s, \
             95th percentile {:.1} s, the last {last_back:.1} s after losing it); moves lost {}",
            first.duration_since(started).as_secs_f64(),
            back.len(),
            percentile(&back, 0.5).as_secs_f64(),
            percentile(&back, 0.95).as_secs_f64(),
            outage.lost_moves
        );
    }
}
