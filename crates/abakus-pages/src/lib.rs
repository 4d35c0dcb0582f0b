//! The pages a game is played on in a browser, built into the program: plain HTML, CSS and
//! JavaScript under `assets/`, with their words filled in from the words crate's catalogs, for
//! the window's phones and for a server alike.

use std::borrow::Cow;

use abakus_words::Language;
use serde_json::Value;

pub mod hex;
pub mod start;
pub mod tiles;

/// The name of the page a seat's address shows when it opens no seat (an old code, a game
/// that has gone): served with 403 in place of the plain refusal, if the game gives one.
pub const NOT_OPEN_PAGE: &str = "not-open";

/// One file of the page the phones open, served under each seat's address.
#[derive(Debug, Clone)]
pub struct PageFile {
    /// Its name after `/seat/TOKEN/`: empty for the page itself, [`NOT_OPEN_PAGE`] for the
    /// page of an address that opens no seat.
    pub name: &'static str,
    pub content_type: &'static str,
    pub body: Cow<'static, [u8]>,
}

/// What a seat's page may load: its own files and its own WebSocket, and no other site may
/// frame it.
pub const PAGE_POLICY: &str = "default-src 'self'; connect-src 'self'; frame-ancestors 'none'";
/// What a card with its style in it may load: nothing else at all (it has no script).
pub const CARD_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/// Where a page's game is hosted, which its words speak of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Host {
    /// The game window's table: its phones' pages speak of the big screen and its codes.
    Table,
    /// A room on a server: its pages speak of the links whoever made the room gave out.
    Room,
}

/// What a room's pages say in place of a table's, by the ids the pages look them up with.
const ROOM_WORDS: [(&str, &str); 6] = [
    ("phone-refused-taken", "room-refused-taken"),
    ("phone-refused-unknown", "room-refused-unknown"),
    ("phone-closed", "room-closed"),
    ("phone-error-other", "room-error-other"),
    ("phone-gathering", "room-gathering"),
    ("phone-not-open", "room-not-open"),
];

/// The words only a room's pages say: its buttons for a rematch and for an absent player,
/// and the card a person chooses their name on.
pub(crate) const ROOM_ONLY_WORDS: [&str; 4] = [
    "room-play-again",
    "room-end-game",
    "room-your-name",
    "room-take-seat",
];

/// The computer's levels a room's page offers to stand in for a player away: each one's id
/// and name.
pub(crate) fn room_levels(language: Language) -> Value {
    use abakus_rules::abaku::ai::Level;
    let levels: Vec<Value> = [
        ("easy", Level::Easy),
        ("normal", Level::Normal),
        ("hard", Level::Hard),
        ("expert", Level::Expert),
    ]
    .into_iter()
    .map(|(id, level)| serde_json::json!([id, abakus_words::tiles::computer_name(language, level)]))
    .collect();
    Value::Array(levels)
}

/// A page's fixed word by the id the page knows it by, as `host` says it.
pub(crate) fn shared_text(language: Language, id: &'static str, host: Host) -> &'static str {
    let id = match host {
        Host::Table => id,
        Host::Room => ROOM_WORDS
            .iter()
            .find(|(table, _)| *table == id)
            .map_or(id, |(_, room)| room),
    };
    abakus_words::tiles::text(language, id)
}

/// The place in a page for its words, filled when its files are made: the page has them
/// before its first frame.
pub(crate) const WORDS_PLACE: &str =
    r#"<script id="page-words" type="application/json">null</script>"#;

/// `page` in `language`, with `words` (a "words" message) in its place: the page has them
/// before its first frame.
pub(crate) fn with_words(page: &str, language: Language, words: &Value) -> String {
    // A `<` in a word could end the script element early; JSON reads the escape the same.
    let words = words.to_string().replace('<', "\\u003c");
    let filled = format!(r#"<script id="page-words" type="application/json">{words}</script>"#);
    page.replacen(
        r#"<html lang="en">"#,
        &format!(r#"<html lang="{}">"#, language.code()),
        1,
    )
    .replacen(WORDS_PLACE, &filled, 1)
}

/// A game's page files in `language`: `page` with `words` in it (the same object the socket's
/// "words" message carries), its style and script, the game's icon, and the card an address
/// shows that opens no seat.
pub(crate) fn page_files(
    language: Language,
    host: Host,
    page: &'static str,
    words: &Value,
    style: &'static [u8],
    script: &'static [u8],
) -> Vec<PageFile> {
    vec![
        PageFile {
            name: "",
            content_type: "text/html; charset=utf-8",
            body: with_words(page, language, words).into_bytes().into(),
        },
        PageFile {
            name: NOT_OPEN_PAGE,
            content_type: "text/html; charset=utf-8",
            body: not_open_page(language, host).into_bytes().into(),
        },
        PageFile {
            name: "page.css",
            content_type: "text/css; charset=utf-8",
            body: style.into(),
        },
        PageFile {
            name: "icon.png",
            content_type: "image/png",
            body: include_bytes!("../../../packaging/icons/64x64/apps/abakus.png")
                .as_slice()
                .into(),
        },
        PageFile {
            name: "page.js",
            content_type: "text/javascript; charset=utf-8",
            body: script.into(),
        },
    ]
}

/// The page of an address that opens no seat (an old code, a seat given to another device):
/// a card in the table's colours that says what to do, whole in itself.
fn not_open_page(language: Language, host: Host) -> String {
    let text = |language, id| shared_text(language, id, host);
    let escape = |text: &str| {
        text.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let title = escape(text(language, "phone-old-code-title"));
    let line = escape(text(language, "phone-not-open"));
    format!(
        "<!doctype html><html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"theme-color\" content=\"#1f3a2e\"><title>Abaku</title><style>\
         body{{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;\
         background:#1f3a2e;font-family:\"DejaVu Sans\",system-ui,sans-serif;padding:16px;\
         box-sizing:border-box}}\
         main{{background:#f6ecd6;color:#2b2118;border:2px solid #e0a526;border-radius:14px;\
         padding:20px 22px;max-width:26em}}\
         h1{{font-size:1.35em;margin:0 0 .6em}}p{{font-size:1.05em;line-height:1.45;margin:0}}\
         </style></head><body><main id=\"not-open\"><h1>{title}</h1><p>{line}</p></main>\
         </body></html>\n",
        code = language.code()
    )
}
