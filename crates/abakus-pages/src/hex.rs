//! The hex game's page for one seat or a watcher, built into the program: its files, and its
//! words in the table's language from the hex game's catalog and the pages' shared words.

use serde_json::{Map, Value, json};

use crate::{Host, PageFile, shared_text};
use abakus_match::hex::HexMatch;
use abakus_match::hex::view::{HexView, view};
use abakus_match::room::Viewer;
use abakus_rules::hex::{Color, Move, PlayError};
use abakus_words::hex::{HexWords, Text};
use abakus_words::{Arg, Language};

/// The words every room page shares with the tile game's, by their ids in its catalog.
const SHARED_WORDS: [&str; 19] = [
    "phone-connecting",
    "phone-reconnecting",
    "phone-taken-title",
    "phone-refused-taken",
    "phone-old-code-title",
    "phone-refused-unknown",
    "phone-closed-title",
    "phone-closed",
    "phone-replaced-title",
    "phone-replaced",
    "phone-error-not-your-turn",
    "phone-error-too-fast",
    "phone-error-other",
    "phone-game-over",
    "phone-cancel",
    "phone-gathering",
    "phone-your-turn",
    "phone-see-board",
    "phone-show-result",
];

/// The hex game's own words the page needs, by the ids it looks them up with.
const HEX_WORDS: [(&str, Text); 6] = [
    ("hex-name", Text::Name),
    ("hex-moves", Text::Moves),
    ("hex-no-moves-yet", Text::NoMovesYet),
    ("hex-fewer-stones-win", Text::FewerStonesWin),
    ("hex-how-to-place", Text::HowToPlace),
    ("hex-how-to-play", Text::HowToPlay),
];

const PAGE: &str = include_str!("../../../assets/hex/index.html");

/// The page's files in `language`, its words in it (the seats named by `names`, Black's
/// first).
#[must_use]
pub fn files(language: Language, names: &[String]) -> Vec<PageFile> {
    crate::page_files(
        language,
        Host::Room,
        PAGE,
        &words(language, names),
        include_bytes!("../../../assets/hex/page.css"),
        include_bytes!("../../../assets/hex/page.js"),
    )
}

/// The message that gives a page its words: the fixed ones by id, and "NAME is playing" for
/// each seat's name.
#[must_use]
pub fn words(language: Language, names: &[String]) -> Value {
    let mut fixed: Map<String, Value> = SHARED_WORDS
        .iter()
        .map(|id| {
            (
                (*id).to_owned(),
                json!(shared_text(language, id, Host::Room)),
            )
        })
        .collect();
    for id in crate::ROOM_ONLY_WORDS {
        fixed.insert(
            id.to_owned(),
            json!(abakus_words::tiles::text(language, id)),
        );
    }
    for (id, text) in HEX_WORDS {
        fixed.insert(id.to_owned(), json!(language.hex(text)));
    }
    for (id, color) in [("black", Color::Black), ("white", Color::White)] {
        fixed.insert(format!("hex-{id}"), json!(language.color(color)));
        fixed.insert(
            format!("hex-not-yours-{id}"),
            json!(language.not_yours(color)),
        );
    }
    let waiting: Vec<String> = names
        .iter()
        .map(|name| {
            abakus_words::tiles::format(language, "phone-waiting", &[("name", Arg::Text(name))])
        })
        .collect();
    json!({
        "type": "words",
        "language": language.code(),
        "words": fixed,
        "waiting": waiting,
        "levels": crate::room_levels(language),
    })
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn mv_json(mv: Move) -> Value {
    match mv {
        Move::Place(cell) => json!({"to": cell.to_string()}),
        Move::Slide { from, to } => json!({"from": from.to_string(), "to": to.to_string()}),
    }
}

/// Everything `viewer`'s page shows, in `language`, with the turn clock's seconds left: the
/// match crate's picture for that viewer, its sentences in words.
#[must_use]
pub fn view_message(
    game: &HexMatch,
    viewer: Viewer,
    language: Language,
    seconds_left: Option<u32>,
) -> Value {
    let picture = view(game, viewer);
    let cells: Vec<Value> = picture
        .cells
        .iter()
        .map(|cell| {
            json!({
                "cell": cell.cell.to_string(),
                "q": cell.q,
                "r": cell.r,
                "stone": cell.stone.map(color_name),
            })
        })
        .collect();
    let slides: Map<String, Value> = picture
        .slides
        .iter()
        .map(|(from, slide)| {
            let cells = |cells: &[abakus_rules::hex::Cell]| -> Vec<String> {
                cells.iter().map(ToString::to_string).collect()
            };
            let line = language.selected(slide.group.len(), slide.targets.len());
            let value = json!({
                "group": cells(&slide.group),
                "targets": cells(&slide.targets),
                "line": line,
            });
            (from.to_string(), value)
        })
        .collect();
    let over = picture.outcome.map(|outcome| {
        let line = match (picture.lost_on_time, picture.left) {
            (Some(loser), _) => language.lost_on_time(loser),
            (None, Some(loser)) => language.left_game(loser),
            (None, None) => format!(
                "{} {}",
                language.wins(outcome.winner),
                language.final_counts(outcome.black, outcome.white)
            ),
        };
        json!({
            "winner": color_name(outcome.winner),
            "line": line,
            "black": outcome.black,
            "white": outcome.white,
        })
    });
    let status = status(&picture, language);
    let notice = picture.notice.as_ref().and_then(|notice| match notice {
        abakus_match::hex::Notice::TimeRanOut(mv) => Some(language.time_ran_out(*mv)),
        abakus_match::hex::Notice::LostOnTime(loser) => Some(language.lost_on_time(*loser)),
        abakus_match::hex::Notice::Left(loser) => Some(language.left_game(*loser)),
        _ => None,
    });
    json!({
        "type": "view",
        "game": "hex",
        "side": picture.side,
        "cells": cells,
        "turn": color_name(picture.turn),
        "you": picture.you.map(color_name),
        "your_turn": picture.your_turn,
        "names": picture.names,
        "computers": picture.computers,
        "counts": {"black": picture.black, "white": picture.white, "empty": picture.empty},
        "stones": [language.stone_count(picture.black), language.stone_count(picture.white)],
        "moves": picture.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "last": picture.last.map(mv_json),
        "slides": slides,
        "status": status,
        "notice": notice,
        "clock": seconds_left,
        "gathering": picture.gathering,
        "over": over,
    })
}

/// The line at the top of the page: whose move it is, by the name at that seat, or how the
/// game ended.
fn status(picture: &HexView, language: Language) -> String {
    if let Some(outcome) = picture.outcome {
        return language.wins(outcome.winner);
    }
    let name = &picture.names[picture.turn.index()];
    if name.trim().is_empty() {
        language.to_move(picture.turn)
    } else {
        abakus_words::tiles::format(language, "phone-waiting", &[("name", Arg::Text(name))])
    }
}

/// A move the rules refused, in the player's words, for the page that asked.
#[must_use]
pub fn refusal(language: Language, error: &PlayError) -> Value {
    json!({"type": "error", "code": "refused", "line": language.refusal(error)})
}

#[cfg(test)]
mod tests {
    use super::*;
    use abakus_match::hex::{HexIntent, HexSetup, apply};

    #[test]
    fn a_page_is_told_its_turn_and_its_slides_in_its_language() {
        let mut game = HexMatch::from_setup(&HexSetup {
            side: 3,
            names: ["Ann".to_owned(), "Bo".to_owned()],
            ..HexSetup::default()
        });
        for mv in ["A1", "C3", "A2", "C4", "B1"] {
            apply(&mut game, HexIntent::Play(mv.parse().unwrap()));
        }
        let bo = view_message(&game, Viewer::Seat(1), Language::German, Some(30));
        assert_eq!(bo["your_turn"], true);
        assert_eq!(bo["you"], "white");
        assert_eq!(bo["status"], "Bo ist dran");
        assert_eq!(bo["cells"].as_array().unwrap().len(), 19);
        assert_eq!(bo["slides"]["C3"]["group"].as_array().unwrap().len(), 2);
        assert!(bo["slides"]["C3"]["line"].as_str().unwrap().contains('2'));
        assert_eq!(bo["last"], json!({"to": "B1"}));
        assert_eq!(bo["clock"], 30);
        let watcher = view_message(&game, Viewer::Watcher, Language::German, None);
        assert_eq!(watcher["you"], Value::Null);
        assert_eq!(watcher["slides"], json!({}));
        assert_eq!(watcher["cells"], bo["cells"]);
        let words = words(Language::French, &["Ann".to_owned(), "Bo".to_owned()]);
        for id in SHARED_WORDS
            .iter()
            .copied()
            .chain(HEX_WORDS.iter().map(|(id, _)| *id))
            .chain([
                "hex-black",
                "hex-white",
                "hex-not-yours-black",
                "hex-not-yours-white",
            ])
        {
            assert!(
                words["words"][id].as_str().is_some_and(|w| !w.is_empty()),
                "{id}"
            );
        }
        assert_eq!(words["waiting"].as_array().unwrap().len(), 2);
    }
}
