//! Debian's Caddy in front of a server on loopback, with its own certificate authority (`tls
//! internal`) and storage: the TLS a server's operator puts in front, for the tests of the
//! rooms' server and of the game window that joins its rooms.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Caddy running with the test's own configuration and storage.
pub struct Caddy(Child);

impl Drop for Caddy {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Caddy on `https://localhost:PORT`, handing every request to `server` (an address and port);
/// with the root certificate of its authority, which the test's clients trust.
pub fn start_caddy(folder: &Path, port: u16, server: &str) -> (Caddy, PathBuf) {
    let storage = folder.join("caddy");
    let config = folder.join("Caddyfile");
    let text = format!(
        "{{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n\tstorage file_system {storage}\n}}\n\
         https://localhost:{port} {{\n\tbind 127.0.0.1\n\ttls internal\n\treverse_proxy {server}\n}}\n",
        storage = storage.display()
    );
    std::fs::write(&config, text).expect("the Caddyfile");
    let child = Command::new("caddy")
        .args(["run", "--adapter", "caddyfile", "--config"])
        .arg(&config)
        .env("HOME", folder)
        .env("XDG_DATA_HOME", folder.join("data"))
        .env("XDG_CONFIG_HOME", folder.join("config"))
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(folder.join("caddy.log")).expect("Caddy's log"))
        .spawn()
        .expect("Caddy starts");
    let caddy = Caddy(child);
    let authority = storage.join("pki/authorities/local/root.crt");
    let until = Instant::now() + Duration::from_secs(30);
    while !(authority.exists() && std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()) {
        assert!(
            Instant::now() < until,
            "Caddy listens with its authority (see {})",
            folder.join("caddy.log").display()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    (caddy, authority)
}

/// A loopback port nobody listens on now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
}
