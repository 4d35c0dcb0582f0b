//! The tile game's page for one seat, built into the program: its files, and its words in the
//! table's language from the tile game's catalog.

use serde_json::{Map, Value, json};

use crate::{NOT_OPEN_PAGE, PageFile};
use abakus_match::tiles::TilesMatch;
use abakus_match::tiles::view::{Viewer, view};
use abakus_words::tiles::{TilesWords, format, log_line, text};
use abakus_words::{Arg, Language};

/// The page's fixed words, by their ids in the catalog; the page looks each up by its id.
pub const WORDS: [&str; 36] = [
    "phone-taken-title",
    "phone-old-code-title",
    "phone-replaced-title",
    "phone-closed-title",
    "phone-aside-title",
    "phone-pass-confirm",
    "phone-see-board",
    "phone-show-result",
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

/// The page as written, with a place for its words: the page has them before its first frame.
const PAGE: &str = include_str!("../../../assets/phone/index.html");
/// The place in the page for its words, filled by [`files`].
const WORDS_PLACE: &str = r#"<script id="page-words" type="application/json">null</script>"#;

/// The page's files in `language`: the page with its words in it (the seats named by
/// `names`), its style and its script, plain and small, the game's icon, and the page an
/// address shows that opens no seat.
#[must_use]
pub fn files(language: Language, names: &[String]) -> Vec<PageFile> {
    // A `<` in a word could end the script element early; JSON reads the escape the same.
    let words = words(language, names).to_string().replace('<', "\\u003c");
    let filled = format!(r#"<script id="page-words" type="application/json">{words}</script>"#);
    let page = PAGE
        .replacen(
            r#"<html lang="en">"#,
            &format!(r#"<html lang="{}">"#, language.code()),
            1,
        )
        .replacen(WORDS_PLACE, &filled, 1);
    vec![
        PageFile {
            name: "",
            content_type: "text/html; charset=utf-8",
            body: page.into_bytes().into(),
        },
        PageFile {
            name: NOT_OPEN_PAGE,
            content_type: "text/html; charset=utf-8",
            body: not_open_page(language).into_bytes().into(),
        },
        PageFile {
            name: "page.css",
            content_type: "text/css; charset=utf-8",
            body: include_bytes!("../../../assets/phone/page.css")
                .as_slice()
                .into(),
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
            body: include_bytes!("../../../assets/phone/page.js")
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

/// Everything `viewer`'s page shows, in `language`, with the turn clock's seconds left: the
/// match crate's picture for that viewer (which decides what it may see), its sentences in
/// words.
#[must_use]
pub fn view_message(
    game: &TilesMatch,
    viewer: Viewer,
    language: Language,
    seconds_left: Option<u32>,
) -> Value {
    let picture = view(game, viewer);
    let names = &picture.names;
    // Newest first: the page lists every turn, the latest on top.
    let log: Vec<Value> = picture
        .log
        .iter()
        .zip(game.log())
        .rev()
        .map(|(turn, entry)| {
            let mut turn = json!(turn);
            turn["line"] = json!(log_line(language, entry, names));
            turn
        })
        .collect();
    let preview = match &picture.preview {
        None => Value::Null,
        Some(Ok(scored)) => json!(scored),
        Some(Err(error)) => json!({"refused": language.refusal(error)}),
    };
    let over = match &picture.ending {
        None => Value::Null,
        Some(ending) => json!({
            "reason": language.ending(ending.reason, names),
            "winners": language.winners(game.position(), names),
            "racks": ending.racks,
        }),
    };
    let notice = picture
        .notice
        .as_ref()
        .map(|notice| language.notice(notice, names));
    let mut value = json!(picture);
    value["type"] = json!("view");
    value["log"] = json!(log);
    value["preview"] = preview;
    value["notice"] = json!(notice);
    value["clock"] = json!(seconds_left);
    value["over"] = over;
    value
}

/// The page of an address that opens no seat (an old code, a seat given to another phone): a
/// card in the table's colours that says what to do, whole in itself.
fn not_open_page(language: Language) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn body(files: &[PageFile], name: &str) -> String {
        let file = files.iter().find(|file| file.name == name).expect(name);
        String::from_utf8(file.body.to_vec()).unwrap()
    }

    #[test]
    fn the_page_has_its_words_in_it_in_the_screens_language() {
        let names = vec!["Ann".to_owned(), "<Bo>".to_owned()];
        let files = files(Language::German, &names);
        let page = body(&files, "");
        assert!(page.contains(r#"<html lang="de">"#));
        assert!(
            !page.contains(WORDS_PLACE),
            "the place for the words is filled"
        );
        let start = page
            .find(r#"<script id="page-words" type="application/json">"#)
            .unwrap();
        let json = &page[start..];
        let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
        // A name with a `<` cannot end the script element early.
        assert!(!json.contains('<'), "{json}");
        let words: Value = serde_json::from_str(json).unwrap();
        assert_eq!(words["type"], "words");
        assert_eq!(words["language"], "de");
        assert_eq!(words["words"]["phone-submit"], "Legen");
        assert_eq!(
            words["words"]["phone-taken-title"],
            "Dieser Platz ist besetzt"
        );
        assert_eq!(words["waiting"][1], "<Bo> ist dran");
        for id in WORDS {
            assert!(
                words["words"][id].as_str().is_some_and(|w| !w.is_empty()),
                "{id}"
            );
        }
    }

    #[test]
    fn an_address_that_opens_no_seat_says_so_in_the_screens_language() {
        let card = body(&files(Language::French, &[]), NOT_OPEN_PAGE);
        assert!(card.contains(r#"<html lang="fr">"#));
        assert!(card.contains("Ce code n’est plus valable"), "{card}");
        assert!(!card.contains("<script"), "the card runs nothing");
    }
}
