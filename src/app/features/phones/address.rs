//! Which of the machine's addresses phones on the same network can reach: a private IPv4
//! address of a real interface, not a container's bridge or a tunnel.

use std::net::IpAddr;

/// Interfaces whose addresses no phone in the room can reach: containers' bridges and virtual
/// cables, tunnels and VPNs.
const UNREACHABLE: [&str; 10] = [
    "docker",
    "br-",
    "veth",
    "virbr",
    "lxc",
    "cni",
    "tun",
    "tap",
    "wg",
    "tailscale",
];

/// An address of the machine and its interface's name, as the organiser may pick among them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanAddress {
    pub interface: String,
    pub address: IpAddr,
}

/// Whether an interface and address look like the local network's: private IPv4 (home and
/// venue routers hand these out), not loopback, not a container's or a tunnel's.
#[must_use]
pub fn is_reachable(interface: &str, address: IpAddr) -> bool {
    let IpAddr::V4(v4) = address else {
        return false;
    };
    v4.is_private()
        && !v4.is_loopback()
        && !UNREACHABLE
            .iter()
            .any(|prefix| interface.starts_with(prefix))
}

/// The machine's addresses that phones on the local network may reach, best first.
#[must_use]
pub fn lan_addresses() -> Vec<LanAddress> {
    let Ok(interfaces) = if_addrs::get_if_addrs() else {
        return Vec::new();
    };
    let mut found: Vec<LanAddress> = interfaces
        .into_iter()
        .filter(|interface| is_reachable(&interface.name, interface.ip()))
        .map(|interface| LanAddress {
            address: interface.ip(),
            interface: interface.name,
        })
        .collect();
    // Home networks are mostly 192.168/16, then 10/8; 172.16/12 is more often a container's.
    found.sort_by_key(|lan| match lan.address {
        IpAddr::V4(v4) if v4.octets()[0] == 192 => 0,
        IpAddr::V4(v4) if v4.octets()[0] == 10 => 1,
        _ => 2,
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_addresses_of_real_interfaces_are_reachable() {
        let address = |text: &str| text.parse::<IpAddr>().unwrap();
        assert!(is_reachable("wlan0", address("192.168.1.20")));
        assert!(is_reachable("eth0", address("10.0.0.7")));
        assert!(!is_reachable("docker0", address("172.17.0.1")));
        assert!(!is_reachable("tailscale0", address("10.1.2.3")));
        assert!(!is_reachable("lo", address("127.0.0.1")));
        assert!(
            !is_reachable("eth0", address("8.8.8.8")),
            "a public address"
        );
        assert!(
            !is_reachable("eth0", address("fe80::1")),
            "IPv6 is left out"
        );
    }
}
