//! The caps that keep one address from crowding out the rest: connections held at once, per
//! address and in all, and rooms made per address in an hour.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::Config;

pub(crate) struct Limits {
    connections: Mutex<Connections>,
    made: Mutex<HashMap<IpAddr, Vec<Instant>>>,
    per_address: usize,
    in_all: usize,
    rooms_per_hour: u32,
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
            per_address: config.connections_per_address,
            in_all: config.connections_in_all,
            rooms_per_hour: config.rooms_per_address_per_hour,
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
        let hour = Duration::from_secs(3600);
        let now = Instant::now();
        let mut made = lock(&self.made);
        // Forget the addresses whose hour has passed, so the map stays as small as the hour.
        made.retain(|_, times| {
            times.retain(|at| now.duration_since(*at) < hour);
            !times.is_empty()
        });
        let times = made.entry(peer).or_default();
        if times.len() >= self.rooms_per_hour as usize {
            return false;
        }
        times.push(now);
        true
    }

    /// Connections held now.
    pub(crate) fn connections(&self) -> usize {
        lock(&self.connections).in_all
    }
}
