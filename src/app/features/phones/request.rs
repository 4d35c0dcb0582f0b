//! The little HTTP the phone server speaks: a request's head read within limits, and the few
//! answers it gives.

use std::io::{self, Read, Write};
use std::time::Instant;

/// The most a request's head may take; a phone's browser sends well under 2 KiB.
pub const HEAD_LIMIT: usize = 8 * 1024;

/// The most headers a request may have.
const HEADER_LIMIT: usize = 40;

/// A request's line and headers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    pub method: String,
    /// The path without its query.
    pub path: String,
    query: String,
    headers: Vec<(String, String)>,
}

/// Why a request's head could not be read.
#[derive(Debug, thiserror::Error)]
pub enum HeadError {
    #[error("the connection closed or timed out before the request's head ended")]
    Io(#[from] io::Error),
    #[error("the request's head is over {HEAD_LIMIT} bytes")]
    TooLong,
    #[error("not an HTTP request: {0}")]
    Malformed(String),
}

impl Head {
    /// A header's value, its name in any case.
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    /// A query parameter's value (none of the server's values need decoding).
    #[must_use]
    pub fn query(&self, name: &str) -> Option<&str> {
        self.query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value)
    }

    /// Whether a header holds this word in its comma-separated list, in any case
    /// (`Connection: keep-alive, Upgrade`).
    #[must_use]
    pub fn header_has(&self, name: &str, word: &str) -> bool {
        self.header(name).is_some_and(|value| {
            value
                .split(',')
                .any(|item| item.trim().eq_ignore_ascii_case(word))
        })
    }
}

/// Reads a request's head, no further than it could end so that nothing after the head is
/// taken from the stream (a WebSocket's first frame stays for the WebSocket), and refuses a
/// head still unfinished at the deadline (a client sending a byte now and then holds no
/// connection for long).
pub fn read_head(stream: &mut impl Read, deadline: Instant) -> Result<Head, HeadError> {
    let mut bytes = Vec::with_capacity(1024);
    let mut chunk = [0u8; 512];
    loop {
        // Read no further than the head's end could be: at most 4 bytes past what is held.
        let wanted = if bytes.ends_with(b"\r\n\r") {
            1
        } else if bytes.ends_with(b"\r\n") {
            2
        } else if bytes.ends_with(b"\r") {
            3
        } else {
            4
        };
        let room = HEAD_LIMIT.saturating_sub(bytes.len()).min(wanted);
        if room == 0 {
            return Err(HeadError::TooLong);
        }
        let read = stream.read(&mut chunk[..room])?;
        if read == 0 {
            return Err(HeadError::Io(io::ErrorKind::UnexpectedEof.into()));
        }
        bytes.extend_from_slice(&chunk[..read]);
        if bytes.ends_with(b"\r\n\r\n") {
            return parse_head(&bytes);
        }
        if Instant::now() > deadline {
            return Err(HeadError::Io(io::ErrorKind::TimedOut.into()));
        }
    }
}

fn parse_head(bytes: &[u8]) -> Result<Head, HeadError> {
    let mut headers = [httparse::EMPTY_HEADER; HEADER_LIMIT];
    let mut request = httparse::Request::new(&mut headers);
    match request.parse(bytes) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => {
            return Err(HeadError::Malformed("the head ends early".into()));
        }
        Err(error) => return Err(HeadError::Malformed(error.to_string())),
    }
    let target = request.path.unwrap_or("/");
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let headers = request
        .headers
        .iter()
        .map(|header| {
            let value = std::str::from_utf8(header.value)
                .map_err(|_| HeadError::Malformed(format!("header {} is not text", header.name)))?;
            Ok((header.name.to_owned(), value.trim().to_owned()))
        })
        .collect::<Result<Vec<_>, HeadError>>()?;
    Ok(Head {
        method: request.method.unwrap_or_default().to_owned(),
        path: path.to_owned(),
        query: query.to_owned(),
        headers,
    })
}

pub use abakus_pages::{CARD_POLICY, PAGE_POLICY};

/// One answer, after which the connection closes.
pub struct Answer<'a> {
    pub status: u16,
    pub content_type: &'a str,
    pub body: &'a [u8],
    /// Its Content-Security-Policy.
    pub policy: &'a str,
}

impl Answer<'_> {
    /// What any request gets that does not open a seat of the game on the screen.
    pub const NOT_OPEN: Answer<'static> = Answer {
        status: 403,
        content_type: "text/html; charset=utf-8",
        body: b"<!doctype html><meta charset=utf-8><meta name=viewport \
                content=\"width=device-width\"><title>Abakus</title>\
                <p style=\"font:1.2em sans-serif;margin:2em\">This game is not open.</p>\n",
        policy: PAGE_POLICY,
    };

    /// A request the server cannot read.
    pub const BAD_REQUEST: Answer<'static> = Answer {
        status: 400,
        content_type: "text/plain; charset=utf-8",
        body: b"Bad request.\n",
        policy: PAGE_POLICY,
    };

    /// Too many connections at once.
    pub const BUSY: Answer<'static> = Answer {
        status: 503,
        content_type: "text/plain; charset=utf-8",
        body: b"Too many connections; try again in a moment.\n",
        policy: PAGE_POLICY,
    };

    /// Writes the answer with the headers that keep a seat's page to itself: not cached, not
    /// framed by another site, no address (and so no token) handed on in a Referer.
    pub fn write(&self, stream: &mut impl Write) -> io::Result<()> {
        let reason = match self.status {
            200 => "OK",
            400 => "Bad Request",
            403 => "Forbidden",
            404 => "Not Found",
            _ => "Service Unavailable",
        };
        let head = format!(
            "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
             Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\n\
             X-Content-Type-Options: nosniff\r\n\
             Content-Security-Policy: {}\r\nConnection: close\r\n\r\n",
            self.status,
            self.content_type,
            self.body.len(),
            self.policy
        );
        stream.write_all(head.as_bytes())?;
        stream.write_all(self.body)?;
        stream.flush()
    }
}

/// The answer that turns the connection into a WebSocket.
pub fn write_upgrade(stream: &mut impl Write, accept_key: &str) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Accept: {accept_key}\r\n\r\n"
    );
    stream.write_all(head.as_bytes())?;
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head_of(text: &str) -> Result<Head, HeadError> {
        read_head(&mut text.as_bytes(), later())
    }

    fn later() -> Instant {
        Instant::now() + std::time::Duration::from_secs(60)
    }

    #[test]
    fn a_websocket_request_is_read_with_its_headers_and_query() {
        let head = head_of(
            "GET /ws?token=abc&x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\
             connection: keep-alive, Upgrade\r\nUpgrade: websocket\r\n\r\nFRAME",
        )
        .unwrap();
        assert_eq!(head.method, "GET");
        assert_eq!(head.path, "/ws");
        assert_eq!(head.query("token"), Some("abc"));
        assert_eq!(head.query("x"), Some("1"));
        assert_eq!(head.query("secret"), None);
        assert_eq!(head.header("HOST"), Some("127.0.0.1:8080"));
        assert!(head.header_has("Connection", "upgrade"));
        assert!(!head.header_has("Connection", "close"));
    }

    #[test]
    fn nothing_after_the_head_is_read() {
        let mut stream: &[u8] = b"GET / HTTP/1.1\r\nHost: a\r\n\r\nFRAME";
        read_head(&mut stream, later()).unwrap();
        assert_eq!(stream, b"FRAME");
    }

    #[test]
    fn long_broken_or_cut_heads_are_refused() {
        let long = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(HEAD_LIMIT));
        assert!(matches!(head_of(&long), Err(HeadError::TooLong)));
        assert!(matches!(
            head_of("\u{1}\u{2} nonsense\r\n\r\n"),
            Err(HeadError::Malformed(_))
        ));
        assert!(matches!(
            head_of("GET / HTTP/1.1\r\nHost"),
            Err(HeadError::Io(_))
        ));
        let past = Instant::now();
        assert!(matches!(
            read_head(&mut "GET / HTTP/1.1\r\n".as_bytes(), past),
            Err(HeadError::Io(_))
        ));
        let many: String = (0..HEADER_LIMIT + 1)
            .map(|n| format!("H{n}: v\r\n"))
            .collect();
        assert!(matches!(
            head_of(&format!("GET / HTTP/1.1\r\n{many}\r\n")),
            Err(HeadError::Malformed(_))
        ));
    }

    #[test]
    fn an_answer_says_its_length_and_keeps_the_page_to_itself() {
        let mut written = Vec::new();
        Answer::NOT_OPEN.write(&mut written).unwrap();
        let text = String::from_utf8(written).unwrap();
        assert!(text.starts_with("HTTP/1.1 403 Forbidden\r\n"));
        assert!(text.contains(&format!(
            "Content-Length: {}\r\n",
            Answer::NOT_OPEN.body.len()
        )));
        assert!(text.contains("Referrer-Policy: no-referrer"));
        assert!(text.ends_with("This game is not open.</p>\n"));
    }
}
