//! The four languages hold the same messages: every file parses, has English's message ids and
//! their variables, formats without a Fluent error for any count, and nothing reaches the
//! screen in English from a language that has its own words.

use abakus::app::base::i18n::{Language, variables};
use abakus::app::hex::HexWords;
use abakus::app::hosted_games::{catalogs, rules_pages};
use abakus::app::tiles::TilesWords;
use abakus_rules::hex::Color;

#[test]
fn every_language_has_every_message_with_the_same_variables() {
    for (part, catalog) in catalogs() {
        let english = catalog.ids(Language::English);
        assert!(
            english.len() > 20,
            "{part}: only {} messages",
            english.len()
        );
        for language in Language::ALL {
            let mut ids = catalog.ids(language);
            let mut expected = english.clone();
            ids.sort();
            expected.sort();
            assert_eq!(ids, expected, "{part} in {language:?}");
            for id in &english {
                assert_eq!(
                    variables(catalog.source(language), id),
                    variables(catalog.source(Language::English), id),
                    "{part} in {language:?}: the variables of {id}"
                );
            }
            let problems = catalog.problems(language);
            assert!(problems.is_empty(), "{part} in {language:?}: {problems:#?}");
        }
    }
}

#[test]
fn each_language_speaks_its_own_words() {
    for (part, catalog) in catalogs() {
        for language in [Language::German, Language::French, Language::Russian] {
            let ids = catalog.ids(Language::English);
            // Names, numbers and signs may stay as they are; most sentences may not.
            let same: Vec<&String> = ids
                .iter()
                .filter(|id| {
                    catalog.format(language, id, &[]) == catalog.format(Language::English, id, &[])
                })
                .collect();
            assert!(
                same.len() * 5 < ids.len(),
                "{part} in {language:?} still reads as English in {same:?}"
            );
        }
    }
    for (game, pages) in rules_pages() {
        for (language, page) in Language::ALL.into_iter().zip(pages) {
            assert!(
                page.len() > 400,
                "{game}'s rules in {language:?} are too short"
            );
            if language != Language::English {
                assert_ne!(page, pages[0], "{game}'s rules in {language:?} are English");
            }
        }
    }
}

#[test]
fn refusals_and_colour_names_come_in_the_players_language() {
    let refusal = abakus_rules::hex::Position::from_record(5, "E5 D4")
        .unwrap()
        .check("D4".parse().unwrap())
        .unwrap_err();
    let english = HexWords::refusal(Language::English, &refusal);
    assert!(english.contains("D4"), "{english}");
    for language in [Language::German, Language::French, Language::Russian] {
        let said = HexWords::refusal(language, &refusal);
        assert_ne!(said, english, "{language:?}");
        assert!(said.contains("D4"), "{language:?}: {said}");
        assert_ne!(language.color(Color::Black), "Black", "{language:?}");
        assert_ne!(
            language.to_move(Color::White),
            "White to move",
            "{language:?}"
        );
    }
}

#[test]
fn russian_counts_take_their_three_forms() {
    let ru = Language::Russian;
    let (one, few, many) = (ru.points(1), ru.points(3), ru.points(5));
    assert!(
        one != few && few != many && one != many,
        "{one} / {few} / {many}"
    );
    assert_eq!(ru.points(21).replace("21", "1"), one);
    assert_eq!(ru.points(24).replace("24", "3"), few);
    assert_eq!(ru.points(11).replace("11", "5"), many);
    assert_eq!(Language::English.points(1), "1 point");
    assert_eq!(Language::English.points(2), "2 points");
}

#[test]
fn the_system_locale_picks_a_language_the_app_speaks() {
    assert_eq!(Language::from_locale("de_AT.UTF-8"), Language::German);
    assert_eq!(Language::from_locale("fr-CA"), Language::French);
    assert_eq!(Language::from_locale("ru_RU"), Language::Russian);
    assert_eq!(Language::from_locale("en-GB"), Language::English);
    assert_eq!(Language::from_locale("ja_JP"), Language::English);
    assert_eq!(Language::from_locale("C"), Language::English);
}
