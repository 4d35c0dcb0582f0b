//! The door of the server's TCP connections: every connection is let in, and when one address
//! holds too many that have not become a page's socket (or the server holds too many in all),
//! the one that has waited longest is let go. A caller who sends its request at once is served
//! in milliseconds, so connections held open by slow or silent clients, from one address or
//! from many, are what goes, never the new caller.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::Notify;

/// The connections open now, by their number: the oldest first.
#[derive(Default)]
struct Open {
    by_number: BTreeMap<u64, (IpAddr, Arc<Notify>)>,
    by_address: HashMap<IpAddr, usize>,
    next: u64,
}

pub(crate) struct Gate {
    open: Mutex<Open>,
    per_address: usize,
    in_all: usize,
}

/// A connection let in: told to go when it has waited longest; counted until dropped.
pub(crate) struct Pass {
    gate: Arc<Gate>,
    number: u64,
    /// Notified when the connection is to be let go.
    pub(crate) evicted: Arc<Notify>,
}

fn lock(mutex: &Mutex<Open>) -> MutexGuard<'_, Open> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Gate {
    /// A gate that holds `per_address` connections of one address (where that address is not
    /// a trusted proxy's) and `in_all` in all.
    pub(crate) fn new(per_address: usize, in_all: usize) -> Arc<Gate> {
        Arc::new(Gate {
            open: Mutex::new(Open::default()),
            per_address: per_address.max(1),
            in_all: in_all.max(1),
        })
    }

    /// Lets a connection from `peer` in, letting go of the longest waiting connection of the
    /// same address when it holds its share (unless `capped` is false: a trusted proxy
    /// carries many people), or of any address when the server holds its whole share.
    pub(crate) fn admit(self: &Arc<Self>, peer: IpAddr, capped: bool) -> Pass {
        let mut open = lock(&self.open);
        let mine = open.by_address.get(&peer).copied().unwrap_or(0);
        if capped && mine >= self.per_address {
            let oldest = open
                .by_number
                .iter()
                .find(|(_, (address, _))| *address == peer)
                .map(|(number, _)| *number);
            if let Some(number) = oldest {
                Self::let_go(&mut open, number);
            }
        }
        if open.by_number.len() >= self.in_all
            && let Some(number) = open.by_number.keys().next().copied()
        {
            Self::let_go(&mut open, number);
        }
        let number = open.next;
        open.next += 1;
        let evicted = Arc::new(Notify::new());
        open.by_number.insert(number, (peer, Arc::clone(&evicted)));
        *open.by_address.entry(peer).or_insert(0) += 1;
        Pass {
            gate: Arc::clone(self),
            number,
            evicted,
        }
    }

    /// Tells a connection to go, and stops counting it.
    fn let_go(open: &mut Open, number: u64) {
        if let Some((peer, evicted)) = open.by_number.remove(&number) {
            Self::uncount(open, peer);
            // A permit is kept if the task is not waiting yet, so the notice is never lost.
            evicted.notify_one();
        }
    }

    fn uncount(open: &mut Open, peer: IpAddr) {
        if let Some(count) = open.by_address.get_mut(&peer) {
            *count -= 1;
            if *count == 0 {
                open.by_address.remove(&peer);
            }
        }
    }

    /// Connections open now.
    pub(crate) fn open(&self) -> usize {
        lock(&self.open).by_number.len()
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        let mut open = lock(&self.gate.open);
        if let Some((peer, _)) = open.by_number.remove(&self.number) {
            Gate::uncount(&mut open, peer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(n: u8) -> IpAddr {
        IpAddr::from([127, 0, 9, n])
    }

    #[tokio::test]
    async fn the_longest_waiting_connection_goes_first() {
        let gate = Gate::new(2, 3);
        let first = gate.admit(address(1), true);
        let second = gate.admit(address(1), true);
        // A third from the same address lets its first go.
        let _third = gate.admit(address(1), true);
        first.evicted.notified().await;
        assert_eq!(gate.open(), 2);
        // A proxy's are not capped by address, only in all: the oldest of all goes.
        let _proxied = gate.admit(address(2), false);
        let _more = gate.admit(address(2), false);
        second.evicted.notified().await;
        assert_eq!(gate.open(), 3);
        drop(_more);
        assert_eq!(gate.open(), 2);
    }
}
