//! The page a phone opens for its seat, built into the game: its files, and its words in the
//! game's language from the tile game's catalog.

use serde_json::{Map, Value, json};

use super::super::words::{format, text};
use crate::app::base::i18n::{Arg, Language};
use crate::app::features::phones::PageFile;

/// The page's fixed words, by their ids in the catalog; the page looks each up by its id.
pub const WORDS: [&str; 28] = [
    "phone-your-turn",
    "phone-gathering",
    "phone-game-over",
    "phone-submit",
    "phone-pass",
    "phone-exchange",
    "phone-exchange-these",
    "phone-exchange-choose",
    "phone-cancel",
    "phone-recall",
    "phone-shuffle",
    "phone-joker-prompt",
    "phone-challenge",
    "phone-accept",
    "phone-unseen",
    "phone-scores",
    "phone-log",
    "phone-connecting",
    "phone-reconnecting",
    "phone-refused-taken",
    "phone-refused-unknown",
    "phone-replaced",
    "phone-closed",
    "phone-aside",
    "phone-error-not-your-turn",
    "phone-error-too-fast",
    "phone-error-other",
    "joker",
];

/// The page's files: the page, its style and its script, plain and small, and the game's icon.
#[must_use]
pub fn files() -> Vec<PageFile> {
    vec![
        PageFile {
            name: "",
            content_type: "text/html; charset=utf-8",
            body: include_bytes!("../../../../assets/phone/index.html")
                .as_slice()
                .into(),
        },
        PageFile {
            name: "page.css",
            content_type: "text/css; charset=utf-8",
            body: include_bytes!("../../../../assets/phone/page.css")
                .as_slice()
                .into(),
        },
        PageFile {
            name: "icon.png",
            content_type: "image/png",
            body: include_bytes!("../../../../packaging/icons/64x64/apps/abakus.png")
                .as_slice()
                .into(),
        },
        PageFile {
            name: "page.js",
            content_type: "text/javascript; charset=utf-8",
            body: include_bytes!("../../../../assets/phone/page.js")
                .as_slice()
                .into(),
        },
    ]
}

/// The message that gives a phone the page's words: the fixed ones by id, and "NAME is
/// playing" for each seat's name.
#[must_use]
pub fn words(language: Language, names: &[String]) -> Value {
    let fixed: Map<String, Value> = WORDS
        .iter()
        .map(|id| ((*id).to_owned(), json!(text(language, id))))
        .collect();
    let waiting: Vec<String> = names
        .iter()
        .map(|name| format(language, "phone-waiting", &[("name", Arg::Text(name))]))
        .collect();
    json!({"type": "words", "language": language.code(), "words": fixed, "waiting": waiting})
}
