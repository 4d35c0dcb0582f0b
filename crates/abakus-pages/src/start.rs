//! The rooms' start page, built into the program: its files, with every word of it in the
//! visitor's language from the rooms' catalog.

use serde_json::{Map, Value, json};

use crate::PageFile;
use abakus_words::Language;

const PAGE: &str = include_str!("../../../assets/server/start.html");

/// The start page's files in `language`: the page with its words in it, its script and its
/// style.
#[must_use]
pub fn files(language: Language) -> Vec<PageFile> {
    let words: Map<String, Value> = abakus_words::rooms::catalog()
        .page_words(language)
        .into_iter()
        .map(|(id, text)| (id, json!(text)))
        .collect();
    let words = json!({"language": language.code(), "words": words});
    let page = crate::with_words(PAGE, language, &words);
    vec![
        PageFile {
            name: "",
            content_type: "text/html; charset=utf-8",
            body: page.into_bytes().into(),
        },
        PageFile {
            name: "start.js",
            content_type: "text/javascript; charset=utf-8",
            body: include_bytes!("../../../assets/server/start.js")
                .as_slice()
                .into(),
        },
        PageFile {
            name: "start.css",
            content_type: "text/css; charset=utf-8",
            body: include_bytes!("../../../assets/server/start.css")
                .as_slice()
                .into(),
        },
    ]
}

/// The language a visitor asks for: `lang` from the address (`?lang=de`), or else the first
/// of their browser's `Accept-Language` the game speaks, or English.
#[must_use]
pub fn language_asked(lang: Option<&str>, accept_language: Option<&str>) -> Language {
    if let Some(language) = lang.and_then(Language::from_code) {
        return language;
    }
    let mut asked: Vec<(f32, &str)> = accept_language
        .unwrap_or_default()
        .split(',')
        .filter_map(|entry| {
            let mut parts = entry.split(';');
            let tag = parts.next()?.trim();
            let weight = parts
                .find_map(|part| part.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            (!tag.is_empty() && weight > 0.0).then_some((weight, tag))
        })
        .collect();
    // The highest weight first; among equals, the order the browser gave.
    asked.sort_by(|a, b| b.0.total_cmp(&a.0));
    asked
        .iter()
        .find_map(|(_, tag)| {
            let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
            Language::from_code(&primary)
        })
        .unwrap_or(Language::English)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WORDS_PLACE;

    #[test]
    fn the_visitors_language_is_the_address_s_or_their_browser_s() {
        assert_eq!(language_asked(Some("ru"), Some("de")), Language::Russian);
        assert_eq!(
            language_asked(Some("xx"), Some("fr-CA,fr;q=0.9")),
            Language::French
        );
        assert_eq!(
            language_asked(None, Some("ja-JP, de;q=0.8, en;q=0.9")),
            Language::English
        );
        assert_eq!(language_asked(None, Some("ja, de;q=0.5")), Language::German);
        assert_eq!(language_asked(None, Some("de;q=0")), Language::English);
        assert_eq!(language_asked(None, None), Language::English);
    }

    #[test]
    fn the_page_has_its_words_in_the_visitors_language() {
        let files = files(Language::German);
        let page = String::from_utf8(files[0].body.to_vec()).unwrap();
        assert!(page.contains(r#"<html lang="de">"#));
        assert!(!page.contains(WORDS_PLACE));
        let start = page.find(r#"<script id="page-words""#).unwrap();
        let json = &page[start..];
        let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
        let words: Value = serde_json::from_str(json).unwrap();
        assert_eq!(words["language"], "de");
        let english = abakus_words::rooms::catalog().page_words(Language::English);
        let german = words["words"].as_object().unwrap();
        assert_eq!(german.len(), english.len());
        let same = english
            .iter()
            .filter(|(id, text)| german[id.as_str()] == json!(text))
            .count();
        assert!(
            same * 5 < english.len(),
            "{same} of the German words are English"
        );
    }
}
