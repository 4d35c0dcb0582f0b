//! The caps that keep one address from crowding out the rest: connections held at once, per
//! address and in all, rooms made per address in an hour, and short codes tried per address in
//! an hour (so that a code's 40 bits are out of a guesser's reach).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use axum::http::HeaderMap;

use crate::Config;

/// The address a request comes from: its connection's, or, from a trusted reverse proxy, the
/// last entry of its `X-Forwarded-For` (the one the proxy itself added; the ones before it
/// are the client's to write). An entry that is no address counts as the proxy's own.
pub(crate) fn client(config: &Config, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
    if !config.trusted_proxies.contains(&peer) {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.rsplit(',').next())
        .and_then(|address| address.trim().parse::<IpAddr>().ok())
        .unwrap_or(peer)
}

pub(crate) struct Limits {
    connections: Mutex<Connections>,
    made: Mutex<HashMap<IpAddr, Vec<Instant>>>,
    codes_tried: Mutex<HashMap<IpAddr, Vec<Instant>>>,
    per_address: usize,
    in_all: usize,
    rooms_per_hour: u32,
    codes_per_hour: u32,
}

#[derive(Default)]
struct Connections {
    by_address: HashMap<IpAddr, usize>,
    in_all: usize,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A connection counted while it lives.
pub(crate) struct Slot {
    limits: Arc<crate::Server>,
    peer: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut connections = lock(&self.limits.limits.connections);
        connections.in_all = connections.in_all.saturating_sub(1);
        if let Some(count) = connections.by_address.get_mut(&self.peer) {
            *count -= 1;
            if *count == 0 {
                connections.by_address.remove(&self.peer);
            }
        }
    }
}

impl Limits {
    pub(crate) fn new(config: &Config) -> Limits {
        Limits {
            connections: Mutex::new(Connections::default()),
            made: Mutex::new(HashMap::new()),
            codes_tried: Mutex::new(HashMap::new()),
            per_address: config.connections_per_address,
            in_all: config.connections_in_all,
            rooms_per_hour: config.rooms_per_address_per_hour,
            codes_per_hour: config.codes_per_address_per_hour,
        }
    }

    /// A connection from `peer`, if the caps allow one more.
    pub(crate) fn connect(server: &Arc<crate::Server>, peer: IpAddr) -> Option<Slot> {
        let limits = &server.limits;
        let mut connections = lock(&limits.connections);
        let mine = connections.by_address.get(&peer).copied().unwrap_or(0);
        if mine >= limits.per_address || connections.in_all >= limits.in_all {
            return None;
        }
        connections.in_all += 1;
        *connections.by_address.entry(peer).or_insert(0) += 1;
        Some(Slot {
            limits: Arc::clone(server),
            peer,
        })
    }

    /// Whether `peer` may make another room this hour (and counts it if so).
    pub(crate) fn make_room(&self, peer: IpAddr) -> bool {
        once_more_this_hour(&self.made, peer, self.rooms_per_hour)
    }

    /// Whether `peer` may try another short code this hour (and counts it if so).
    pub(crate) fn try_code(&self, peer: IpAddr) -> bool {
        once_more_this_hour(&self.codes_tried, peer, self.codes_per_hour)
    }

    /// Connections held now.
    pub(crate) fn connections(&self) -> usize {
        lock(&self.connections).in_all
    }
}

/// Whether `peer` has done something fewer than `cap` times in the last hour, counting this
/// time if so.
fn once_more_this_hour(
    done: &Mutex<HashMap<IpAddr, Vec<Instant>>>,
    peer: IpAddr,
    cap: u32,
) -> bool {
    let hour = Duration::from_secs(3600);
    let now = Instant::now();
    let mut done = lock(done);
    // Forget the addresses whose hour has passed, so the map stays as small as the hour.
    done.retain(|_, times| {
        times.retain(|at| now.duration_since(*at) < hour);
        !times.is_empty()
    });
    let times = done.entry(peer).or_default();
    if times.len() >= cap as usize {
        return false;
    }
    times.push(now);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trusted_proxys_requests_count_against_the_address_it_names() {
        let mut config = Config::new(std::path::PathBuf::new());
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "10.0.0.9, 203.0.113.7".parse().unwrap());
        // Not trusted: the connection's own address, whatever the header says.
        assert_eq!(client(&config, proxy, &headers), proxy);
        config.trusted_proxies = vec![proxy];
        // Trusted: the address the proxy added last (the one before it may be forged).
        assert_eq!(
            client(&config, proxy, &headers),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client(&config, proxy, &HeaderMap::new()), proxy);
        // A last entry that is no address is not passed over for one the client wrote.
        headers.insert("x-forwarded-for", "203.0.113.7, unknown".parse().unwrap());
        assert_eq!(client(&config, proxy, &headers), proxy);
    }
}
