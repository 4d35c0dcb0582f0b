//! The server as its tests meet it: the real binary started on a loopback port with a data
//! folder of the test's own, plain HTTP requests, and WebSocket clients such as a page opens.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A folder of the test's own under the build folder, emptied first.
pub fn folder(name: &str) -> PathBuf {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a test folder");
    folder
}

/// The server binary running.
pub struct Running {
    child: Child,
    pub address: String,
}

impl Running {
    /// Starts the server on `listen` (a loopback address; port 0 for any) with its store in
    /// `data`, and waits until it says where it listens.
    pub fn start(data: &Path, listen: &str) -> Running {
        Running::start_with(data, listen, &[])
    }

    /// The same, with more of the server's options.
    pub fn start_with(data: &Path, listen: &str, options: &[&str]) -> Running {
        Running::start_keyed(data, listen, options, "")
    }

    /// The same, making rooms only for those who give `key` (none when it is empty).
    pub fn start_keyed(data: &Path, listen: &str, options: &[&str], key: &str) -> Running {
        let mut child = Command::new(env!("CARGO_BIN_EXE_abakus-server"))
            .args([
                "--data",
                data.to_str().expect("a path in UTF-8"),
                "--listen",
                listen,
            ])
            .args(options)
            .env("NO_COLOR", "1")
            .env("ABAKUS_SERVER_CREATE_KEY", key)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let stdout = child.stdout.take().expect("its output");
        let mut lines = BufReader::new(stdout).lines();
        let address = loop {
            let line = lines
                .next()
                .expect("the server says where it listens")
                .expect("a line");
            if let Some(rest) = line.split("address=").nth(1) {
                break rest
                    .split_whitespace()
                    .next()
                    .expect("an address")
                    .to_owned();
            }
        };
        // Its later lines go on being read, so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Running { child, address }
    }

    /// Asks the process to stop (SIGTERM, as a service manager does) and waits up to ten
    /// seconds for it to exit; whether it exited by itself, successfully.
    pub fn terminate(mut self) -> bool {
        let pid = self.child.id().to_string();
        let asked = Command::new("kill").args(["-TERM", &pid]).status();
        if !asked.is_ok_and(|status| status.success()) {
            return false;
        }
        let until = std::time::Instant::now() + Duration::from_secs(10);
        while std::time::Instant::now() < until {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }

    /// Kills the process at once (SIGKILL): nothing of it runs on to tidy up.
    pub fn kill(mut self) {
        self.child.kill().expect("killed");
        self.child.wait().expect("reaped");
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP request as a browser on the server's own page sends it; the status and the body.
pub async fn request(
    address: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    let mut stream = TcpStream::connect(address).await.expect("connects");
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    let has = |name: &str| {
        headers
            .iter()
            .any(|(key, _)| key.eq_ignore_ascii_case(name))
    };
    if !has("Host") {
        head.push_str(&format!("Host: {address}\r\n"));
    }
    if !has("Origin") {
        head.push_str(&format!("Origin: http://{address}\r\n"));
    }
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.expect("sends");
    stream.write_all(body.as_bytes()).await.expect("sends");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("reads");
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .expect("a status");
    let body = answer
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, body)| body.to_owned());
    (status, body)
}

/// Makes a room of this table; its answer (the links).
pub async fn make_room(address: &str, table: &Value) -> Value {
    let (status, body) = request(
        address,
        "POST",
        "/rooms",
        &[("Content-Type", "application/json")],
        &table.to_string(),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    serde_json::from_str(&body).expect("JSON")
}

/// A two-person table on board A, with a computer at the third seat if asked.
pub fn table(computer: bool) -> Value {
    let mut seats = vec![
        json!({"name": "Ann", "player": "person"}),
        json!({"name": "Bo", "player": "person"}),
    ];
    if computer {
        seats.push(json!({"name": "", "player": "easy"}));
    }
    json!({"language": "en", "seats": seats})
}

/// A rack's tiles, in order, to compare racks whatever order a player keeps theirs in.
pub fn sorted_rack(rack: &Value) -> Vec<String> {
    let mut tiles: Vec<String> = rack
        .as_array()
        .expect("a rack")
        .iter()
        .map(|tile| tile["tile"].as_str().expect("a tile").to_owned())
        .collect();
    tiles.sort();
    tiles
}

/// A page's socket.
pub struct Page {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The last picture received.
    pub view: Value,
    pub secret: Option<String>,
    pub seat: Option<u64>,
    /// Every message received, for the checks of what a page was told.
    pub heard: Vec<Value>,
    number: u64,
}

/// The key a link carries: `/seat/KEY/` or `/watch/KEY/`.
pub fn key_of(link: &str) -> String {
    link.trim_matches('/')
        .rsplit('/')
        .next()
        .expect("a key")
        .to_owned()
}

impl Page {
    /// Opens a page's socket as the page does: `/ws?token=` or `/ws?secret=`, from the
    /// server's own origin. Err with the refusal when it is not let in.
    pub async fn open(address: &str, query: &str) -> Result<Page, String> {
        let mut request = format!("ws://{address}/ws?{query}")
            .into_client_request()
            .expect("a request");
        request.headers_mut().insert(
            "Origin",
            format!("http://{address}").parse().expect("a header"),
        );
        let (socket, _) = tokio_tungstenite::connect_async(request)
            .await
            .map_err(|why| why.to_string())?;
        let mut page = Page {
            socket,
            view: Value::Null,
            secret: None,
            seat: None,
            heard: Vec::new(),
            number: 0,
        };
        let first = page.next().await.ok_or("closed at once")?;
        match first["type"].as_str() {
            Some("welcome") => {
                page.secret = first["secret"].as_str().map(str::to_owned);
                page.seat = first["seat"].as_u64();
                page.until(|message| message["type"] == "view").await;
                Ok(page)
            }
            _ => Err(first["reason"].as_str().unwrap_or("?").to_owned()),
        }
    }

    /// The next message, or `None` once the socket closed (or ten seconds passed).
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(10), self.socket.next())
                .await
                .ok()??;
            match message.ok()? {
                Message::Text(text) => {
                    let value: Value =
                        serde_json::from_str(text.as_str()).expect("JSON from the server");
                    if value["type"] == "view" {
                        self.view = value.clone();
                        // As the page does: a seat's messages number on from the last taken.
                        self.number = self.number.max(value["taken"].as_u64().unwrap_or(0));
                    }
                    self.heard.push(value.clone());
                    return Some(value);
                }
                Message::Close(_) => return None,
                _ => {}
            }
        }
    }

    /// Reads messages until one passes `test`; panics if none comes.
    pub async fn until(&mut self, test: impl Fn(&Value) -> bool) -> Value {
        loop {
            let message = self.next().await.expect("the awaited message comes");
            if test(&message) {
                return message;
            }
        }
    }

    /// Sends a page's message numbered after the last.
    pub async fn send(&mut self, mut body: Value) {
        self.number += 1;
        body["n"] = json!(self.number);
        self.send_raw(Message::Text(body.to_string().into())).await;
    }

    /// Sends a message as given, number and all (or a frame no page would send).
    pub async fn send_raw(&mut self, message: Message) {
        let _ = self.socket.send(message).await;
    }

    /// Sends a message already numbered by the wire's encoder, at most one in 30 ms: faster
    /// than any person taps, and within the server's cap of 40 a second.
    pub async fn send_text(&mut self, text: String) {
        tokio::time::sleep(Duration::from_millis(30)).await;
        self.send_raw(Message::Text(text.into())).await;
    }

    /// The number the next message of this page carries.
    pub fn next_number(&mut self) -> u64 {
        self.number += 1;
        self.number
    }

    /// Closes the page's socket, as a phone that loses its network or is put away.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }

    /// Whether the socket was closed by the server (reads until it is, or times out).
    pub async fn closed(&mut self) -> bool {
        while self.next().await.is_some() {}
        true
    }
}
