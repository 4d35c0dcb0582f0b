//! The words of the rooms' start page, from its Fluent catalog under `assets/i18n/`.

use crate::Catalog;

/// The start page's messages in every language.
static WORDS: Catalog = Catalog::new([
    include_str!("../../../assets/i18n/en/rooms.ftl"),
    include_str!("../../../assets/i18n/de/rooms.ftl"),
    include_str!("../../../assets/i18n/fr/rooms.ftl"),
    include_str!("../../../assets/i18n/ru/rooms.ftl"),
]);

/// The catalog, for the page and for the tests that compare the languages.
#[must_use]
pub fn catalog() -> &'static Catalog {
    &WORDS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    #[test]
    fn a_page_gets_plain_words_and_the_patterns_it_fills_in_itself() {
        for language in Language::ALL {
            let words = catalog().page_words(language);
            assert!(words.len() > 20, "{language:?}");
            let source = catalog().source(language);
            for (id, text) in &words {
                assert!(!text.is_empty(), "{language:?} {id}");
                let fills = !crate::variables(source, id).is_empty();
                assert_eq!(
                    text.contains("{ $") || text.contains("{$"),
                    fills,
                    "{id}: {text}"
                );
            }
        }
    }
}
