//! The caps that keep one address from crowding out the rest: connections held at once, per
//! address and in all, rooms made per address in an hour, and short codes tried per address in
//! an hour (so that a code's 40 bits are out of one address's reach).

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
    made: Mutex<Hourly>,
    codes_tried: Mutex<Hourly>,
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
            made: Mutex::new(Hourly::default()),
            codes_tried: Mutex::new(Hourly::default()),
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

    /// Whether `peer` may try another short code this hour (and counts it if so): an IPv6
    /// address's /64, which one machine may hold whole, counts as one.
    pub(crate) fn try_code(&self, peer: IpAddr) -> bool {
        once_more_this_hour(&self.codes_tried, network_of(peer), self.codes_per_hour)
    }

    /// Connections held now.
    pub(crate) fn connections(&self) -> usize {
        lock(&self.connections).in_all
    }
}

/// What each address did in the last hour, and when the addresses whose hour has passed were
/// last forgotten.
#[derive(Default)]
struct Hourly {
    times: HashMap<IpAddr, Vec<Instant>>,
    forgotten: Option<Instant>,
}

/// An address as the codes' cap counts it: an IPv4 address (also one written as IPv6), or an
/// IPv6 address's /64.
fn network_of(peer: IpAddr) -> IpAddr {
    match peer {
        IpAddr::V4(_) => peer,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut segments = v6.segments();
                segments[4..].fill(0);
                IpAddr::V6(segments.into())
            }
        },
    }
}

/// Whether `peer` has done something fewer than `cap` times in the last hour, counting this
/// time if so.
fn once_more_this_hour(done: &Mutex<Hourly>, peer: IpAddr, cap: u32) -> bool {
    let hour = Duration::from_secs(3600);
    let now = Instant::now();
    let mut done = lock(done);
    // The addresses whose hour has passed are forgotten at most once a minute, so the map
    // stays as small as the hour and many addresses do not make every request walk them all.
    let due = done
        .forgotten
        .is_none_or(|at| now.duration_since(at) >= Duration::from_secs(60));
    if due {
        done.times.retain(|_, times| {
            times.retain(|at| now.duration_since(*at) < hour);
            !times.is_empty()
        });
        done.forgotten = Some(now);
    }
    let times = done.times.entry(peer).or_default();
    times.retain(|at| now.duration_since(*at) < hour);
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
    fn an_ipv6_networks_addresses_count_as_one_for_codes() {
        let read = |text: &str| text.parse::<IpAddr>().unwrap();
        assert_eq!(
            network_of(read("2001:db8:1:2:aaaa:bbbb:cccc:dddd")),
            network_of(read("2001:db8:1:2::1"))
        );
        assert_ne!(
            network_of(read("2001:db8:1:2::1")),
            network_of(read("2001:db8:1:3::1"))
        );
        assert_eq!(network_of(read("::ffff:192.0.2.7")), read("192.0.2.7"));
        assert_ne!(network_of(read("192.0.2.7")), network_of(read("192.0.2.8")));
        let mut config = Config::new(std::path::PathBuf::new());
        config.codes_per_address_per_hour = 2;
        let limits = Limits::new(&config);
        assert!(limits.try_code(read("2001:db8::1")));
        assert!(limits.try_code(read("2001:db8::2")));
        assert!(!limits.try_code(read("2001:db8::ffff:3")), "the same /64");
        assert!(limits.try_code(read("2001:db8:0:1::1")), "another /64");
        assert!(limits.try_code(read("192.0.2.7")));
    }

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
