//! The tile game's page for one seat, built into the program: its files, and its words in the
//! table's language from the tile game's catalog.

use serde_json::{Map, Value, json};

use crate::{Host, PageFile};
use abakus_match::tiles::TilesMatch;
use abakus_match::tiles::view::{Viewer, view};
use abakus_words::tiles::{TilesWords, format, log_line, text};
use abakus_words::{Arg, Language};

/// The page's fixed words, by their ids in the catalog; the page looks each up by its id.
pub const WORDS: [&str; 44] = [
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
    "phone-error-no-more-names",
    "phone-error-not-offered",
    "joker",
    "phone-pick-name",
    "phone-pick-name-about",
    "phone-other-names",
    "phone-copy",
    "phone-copied",
    "phone-board-picture",
];

/// The page as written, with a place for its words: the page has them before its first frame.
const PAGE: &str = include_str!("../../../assets/phone/index.html");

/// The page's files in `language`: the page with its words in it (the seats named by
/// `names`), its style and its script, plain and small, the game's icon, and the page an
/// address shows that opens no seat.
#[must_use]
pub fn files(language: Language, names: &[String], host: Host) -> Vec<PageFile> {
    crate::page_files(
        language,
        host,
        PAGE,
        &words(language, names, host),
        include_bytes!("../../../assets/phone/page.css"),
        include_bytes!("../../../assets/phone/page.js"),
    )
}

/// The message that gives a phone the page's words: the fixed ones by id, and "NAME is
/// playing" for each seat's name.
#[must_use]
pub fn words(language: Language, names: &[String], host: Host) -> Value {
    let mut fixed: Map<String, Value> = WORDS
        .iter()
        .map(|id| {
            (
                (*id).to_owned(),
                json!(crate::shared_text(language, id, host)),
            )
        })
        .collect();
    if host == Host::Room {
        for id in crate::ROOM_ONLY_WORDS {
            fixed.insert(id.to_owned(), json!(text(language, id)));
        }
    }
    let waiting: Vec<String> = names
        .iter()
        .map(|name| format(language, "phone-waiting", &[("name", Arg::Text(name))]))
        .collect();
    let mut message =
        json!({"type": "words", "language": language.code(), "words": fixed, "waiting": waiting});
    if host == Host::Room {
        message["levels"] = crate::room_levels(language);
    }
    message
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
    value["short_form"] = json!(
        game.position()
            .round_of_short_form()
            .map(|(round, turns)| language.short_form_round(round, turns))
    );
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NOT_OPEN_PAGE, WORDS_PLACE};

    fn body(files: &[PageFile], name: &str) -> String {
        let file = files.iter().find(|file| file.name == name).expect(name);
        String::from_utf8(file.body.to_vec()).unwrap()
    }

    #[test]
    fn the_page_has_its_words_in_it_in_the_screens_language() {
        let names = vec!["Ann".to_owned(), "<Bo>".to_owned()];
        let files = files(Language::German, &names, Host::Table);
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
        let card = body(&files(Language::French, &[], Host::Table), NOT_OPEN_PAGE);
        assert!(card.contains(r#"<html lang="fr">"#));
        assert!(card.contains("Ce code n’est plus valable"), "{card}");
        assert!(!card.contains("<script"), "the card runs nothing");
    }

    #[test]
    fn a_rooms_page_speaks_of_links_where_a_tables_speaks_of_the_big_screen() {
        let table = words(Language::English, &[], Host::Table);
        let room = words(Language::English, &[], Host::Room);
        for id in [
            "phone-refused-taken",
            "phone-refused-unknown",
            "phone-closed",
            "phone-error-other",
            "phone-gathering",
        ] {
            let (table, room) = (table["words"][id].as_str(), room["words"][id].as_str());
            assert!(
                table.is_some_and(|w| w.contains("big screen") || w.contains("phone")),
                "{id}"
            );
            assert!(
                room.is_some_and(|w| !w.contains("big screen") && !w.contains("phone")),
                "{id}: {room:?}"
            );
        }
        assert_eq!(room["words"]["room-play-again"], "Play again");
        assert!(table["words"].get("room-play-again").is_none());
        let card = body(&files(Language::English, &[], Host::Room), NOT_OPEN_PAGE);
        assert!(
            card.contains("link") && !card.contains("big screen"),
            "{card}"
        );
    }
}
