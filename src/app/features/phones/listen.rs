//! Where the window's server listens for the phones (the address and port given on the command
//! line, the network the organiser picked, or the settings' port), and a server started there
//! with its store in the data folder.

use std::net::IpAddr;
use std::path::PathBuf;

use abakus_server::hosting::Hosting;
use bevy::prelude::*;

use super::address::{self, LanAddress};
use crate::app::base::settings::Settings;
use crate::app::base::storage::DataDir;

/// The folder in the data folder that keeps the window's room, so that a game with phone seats
/// that leaves the screen comes back with its links and its phones.
const TABLE_FOLDER: &str = "table";

/// Where the window's server listens: the address given (`--phone-address`), else the
/// machine's local network address; and the port given (`--phone-port`), 0 for the settings'
/// choice.
#[derive(Resource, Debug, Clone, Default)]
pub struct PhoneListen {
    pub address: Option<IpAddr>,
    pub port: u16,
    /// The network the organiser picked on the card, where no address was given.
    pub picked: Option<IpAddr>,
}

impl PhoneListen {
    /// The address to listen on: the one given; else the network picked on the card while
    /// the machine still has it; else the best of `networks`; else loopback (a machine on no
    /// network, where only a phone on the machine itself can join).
    #[must_use]
    pub fn address_among(&self, networks: &[LanAddress]) -> IpAddr {
        let has = |address: &IpAddr| networks.iter().any(|lan| lan.address == *address);
        self.address
            .or(self.picked.filter(has))
            .or_else(|| networks.first().map(|lan| lan.address))
            .unwrap_or(IpAddr::V4(std::net::Ipv4Addr::LOCALHOST))
    }

    /// The port to listen on: the one given; else the settings' (0 for any free one).
    #[must_use]
    pub fn port_with(&self, settings: Option<&Settings>) -> u16 {
        if self.port != 0 {
            return self.port;
        }
        settings
            .and_then(|settings| settings.phone_port)
            .unwrap_or(0)
    }

    /// A new server where this says, its store in `folder`, with the local networks the
    /// organiser may pick from instead (none where the address was given). Of the rooms kept
    /// before, only `keep` stays (a game set aside meanwhile).
    ///
    /// # Errors
    /// Why it cannot listen, with the address and port.
    pub fn start(
        &self,
        settings: Option<&Settings>,
        folder: PathBuf,
        keep: Option<&str>,
    ) -> Result<(Hosting, Vec<LanAddress>), String> {
        let networks = if self.address.is_some() {
            Vec::new()
        } else {
            address::lan_addresses()
        };
        let address = self.address_among(&networks);
        let port = self.port_with(settings);
        let hosting = Hosting::start(address, port, folder, keep)
            .map_err(|error| format!("the phones' server: {error}"))?;
        Ok((hosting, networks))
    }
}

/// A folder for the window's store where the app keeps no files (headless tests): one of its
/// own in the system's temporary folder, removed with the app.
#[derive(Resource, Debug)]
pub struct ScratchTable(PathBuf);

impl Default for ScratchTable {
    fn default() -> Self {
        let name = format!(
            "abakus-table-{}-{}",
            std::process::id(),
            next_scratch_number()
        );
        ScratchTable(std::env::temp_dir().join(name))
    }
}

impl ScratchTable {
    /// The folder, which may not have been made yet.
    #[must_use]
    pub fn folder(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for ScratchTable {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A number for a scratch folder's name, so that two apps of one process never share one.
fn next_scratch_number() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The folder the window's store is kept in: in the data folder, else the app's scratch one.
#[must_use]
pub fn table_folder(dir: Option<&DataDir>, scratch: &ScratchTable) -> PathBuf {
    dir.and_then(DataDir::folder)
        .map_or_else(|| scratch.0.clone(), |folder| folder.join(TABLE_FOLDER))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lan(interface: &str, address: &str) -> LanAddress {
        LanAddress {
            interface: interface.to_owned(),
            address: address.parse().unwrap(),
        }
    }

    #[test]
    fn the_address_given_wins_then_the_network_picked_then_the_best() {
        let networks = [lan("wlan0", "192.168.1.20"), lan("eth0", "10.0.0.5")];
        let listen = |address: Option<&str>, picked: Option<&str>| PhoneListen {
            address: address.map(|a| a.parse().unwrap()),
            port: 0,
            picked: picked.map(|a| a.parse().unwrap()),
        };
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        assert_eq!(
            listen(None, None).address_among(&networks),
            ip("192.168.1.20")
        );
        assert_eq!(
            listen(None, Some("10.0.0.5")).address_among(&networks),
            ip("10.0.0.5")
        );
        // A network picked earlier that the machine has left is passed over.
        assert_eq!(
            listen(None, Some("172.20.0.2")).address_among(&networks),
            ip("192.168.1.20")
        );
        assert_eq!(
            listen(Some("127.0.0.1"), Some("10.0.0.5")).address_among(&networks),
            ip("127.0.0.1")
        );
        assert_eq!(listen(None, None).address_among(&[]), ip("127.0.0.1"));
    }

    #[test]
    fn the_port_given_wins_then_the_settings_then_any_free_one() {
        let listen = |port| PhoneListen {
            address: None,
            port,
            picked: None,
        };
        let mut settings = Settings::default();
        assert_eq!(listen(0).port_with(None), 0);
        assert_eq!(listen(0).port_with(Some(&settings)), 0);
        settings.phone_port = Some(8080);
        assert_eq!(listen(0).port_with(Some(&settings)), 8080);
        assert_eq!(listen(9000).port_with(Some(&settings)), 9000);
        // A hand-edited 0 is any free port, as no choice is.
        settings.phone_port = Some(0);
        assert_eq!(settings.sanitized().phone_port, None);
    }
}
