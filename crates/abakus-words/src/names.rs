//! Friendly two-word names a booth's visitor picks from ("Brave Otter", "Kluge Eule"), in each
//! language, the adjective agreeing with the animal: no name is typed, so none can be rude.

use crate::Language;

/// How many names one offer holds.
pub const OFFERED: usize = 3;

/// The grammatical gender of an animal's word, which its adjective takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gender {
    Masculine,
    Feminine,
    Neuter,
}

use Gender::{Feminine as F, Masculine as M, Neuter as N};

/// One language's words for names.
struct NameWords {
    /// Each adjective's masculine, feminine and neuter forms, as they stand in a name.
    adjectives: &'static [[&'static str; 3]],
    animals: &'static [(&'static str, Gender)],
    /// Whether the adjective comes first ("Brave Otter") or after ("Loutre joyeuse").
    adjective_first: bool,
}

const ENGLISH: NameWords = NameWords {
    adjectives: &[
        ["Brave"; 3],
        ["Bright"; 3],
        ["Calm"; 3],
        ["Clever"; 3],
        ["Cosy"; 3],
        ["Curious"; 3],
        ["Daring"; 3],
        ["Gentle"; 3],
        ["Happy"; 3],
        ["Jolly"; 3],
        ["Kind"; 3],
        ["Lucky"; 3],
        ["Merry"; 3],
        ["Nimble"; 3],
        ["Quick"; 3],
        ["Quiet"; 3],
        ["Sunny"; 3],
        ["Swift"; 3],
        ["Witty"; 3],
        ["Wise"; 3],
    ],
    animals: &[
        ("Otter", N),
        ("Fox", N),
        ("Owl", N),
        ("Badger", N),
        ("Heron", N),
        ("Lynx", N),
        ("Panda", N),
        ("Puffin", N),
        ("Robin", N),
        ("Seal", N),
        ("Squirrel", N),
        ("Swan", N),
        ("Tiger", N),
        ("Turtle", N),
        ("Whale", N),
        ("Wren", N),
        ("Beaver", N),
        ("Dolphin", N),
        ("Falcon", N),
        ("Koala", N),
    ],
    adjective_first: true,
};

const GERMAN: NameWords = NameWords {
    adjectives: &[
        ["Mutiger", "Mutige", "Mutiges"],
        ["Kluger", "Kluge", "Kluges"],
        ["Ruhiger", "Ruhige", "Ruhiges"],
        ["Flinker", "Flinke", "Flinkes"],
        ["Fröhlicher", "Fröhliche", "Fröhliches"],
        ["Froher", "Frohe", "Frohes"],
        ["Neugieriger", "Neugierige", "Neugieriges"],
        ["Sanfter", "Sanfte", "Sanftes"],
        ["Munterer", "Muntere", "Munteres"],
        ["Schlauer", "Schlaue", "Schlaues"],
        ["Heiterer", "Heitere", "Heiteres"],
        ["Tapferer", "Tapfere", "Tapferes"],
        ["Weiser", "Weise", "Weises"],
        ["Wacher", "Wache", "Waches"],
        ["Kühner", "Kühne", "Kühnes"],
        ["Lustiger", "Lustige", "Lustiges"],
        ["Sonniger", "Sonnige", "Sonniges"],
        ["Emsiger", "Emsige", "Emsiges"],
    ],
    animals: &[
        ("Otter", M),
        ("Fuchs", M),
        ("Eule", F),
        ("Dachs", M),
        ("Reiher", M),
        ("Luchs", M),
        ("Panda", M),
        ("Biber", M),
        ("Rotkehlchen", N),
        ("Robbe", F),
        ("Eichhörnchen", N),
        ("Schwan", M),
        ("Tiger", M),
        ("Schildkröte", F),
        ("Wal", M),
        ("Delfin", M),
        ("Falke", M),
        ("Igel", M),
        ("Meise", F),
        ("Hummel", F),
        ("Reh", N),
        ("Pony", N),
    ],
    adjective_first: true,
};

const FRENCH: NameWords = NameWords {
    adjectives: &[
        ["courageux", "courageuse", "courageux"],
        ["brillant", "brillante", "brillant"],
        ["calme", "calme", "calme"],
        ["malin", "maligne", "malin"],
        ["curieux", "curieuse", "curieux"],
        ["doux", "douce", "doux"],
        ["joyeux", "joyeuse", "joyeux"],
        ["gentil", "gentille", "gentil"],
        ["agile", "agile", "agile"],
        ["rapide", "rapide", "rapide"],
        ["sage", "sage", "sage"],
        ["vif", "vive", "vif"],
        ["futé", "futée", "futé"],
        ["hardi", "hardie", "hardi"],
        ["paisible", "paisible", "paisible"],
        ["radieux", "radieuse", "radieux"],
        ["espiègle", "espiègle", "espiègle"],
        ["souriant", "souriante", "souriant"],
    ],
    animals: &[
        ("Loutre", F),
        ("Renard", M),
        ("Chouette", F),
        ("Blaireau", M),
        ("Héron", M),
        ("Lynx", M),
        ("Panda", M),
        ("Macareux", M),
        ("Phoque", M),
        ("Écureuil", M),
        ("Cygne", M),
        ("Tigre", M),
        ("Tortue", F),
        ("Baleine", F),
        ("Castor", M),
        ("Dauphin", M),
        ("Faucon", M),
        ("Hérisson", M),
        ("Abeille", F),
        ("Mésange", F),
    ],
    adjective_first: false,
};

const RUSSIAN: NameWords = NameWords {
    adjectives: &[
        ["Смелый", "Смелая", "Смелое"],
        ["Умный", "Умная", "Умное"],
        ["Спокойный", "Спокойная", "Спокойное"],
        ["Весёлый", "Весёлая", "Весёлое"],
        ["Добрый", "Добрая", "Доброе"],
        ["Быстрый", "Быстрая", "Быстрое"],
        ["Ловкий", "Ловкая", "Ловкое"],
        ["Мудрый", "Мудрая", "Мудрое"],
        ["Любопытный", "Любопытная", "Любопытное"],
        ["Тихий", "Тихая", "Тихое"],
        ["Солнечный", "Солнечная", "Солнечное"],
        ["Храбрый", "Храбрая", "Храброе"],
        ["Шустрый", "Шустрая", "Шустрое"],
        ["Бодрый", "Бодрая", "Бодрое"],
        ["Радостный", "Радостная", "Радостное"],
        ["Славный", "Славная", "Славное"],
        ["Отважный", "Отважная", "Отважное"],
        ["Зоркий", "Зоркая", "Зоркое"],
    ],
    animals: &[
        ("выдра", F),
        ("лис", M),
        ("сова", F),
        ("барсук", M),
        ("цапля", F),
        ("рысь", F),
        ("панда", F),
        ("тюлень", M),
        ("белка", F),
        ("лебедь", M),
        ("тигр", M),
        ("черепаха", F),
        ("кит", M),
        ("бобр", M),
        ("дельфин", M),
        ("сокол", M),
        ("ёж", M),
        ("пчела", F),
        ("синица", F),
        ("енот", M),
    ],
    adjective_first: true,
};

fn words(language: Language) -> &'static NameWords {
    match language {
        Language::English => &ENGLISH,
        Language::German => &GERMAN,
        Language::French => &FRENCH,
        Language::Russian => &RUSSIAN,
    }
}

/// The name of `adjective` and `animal` (indices into the language's lists), agreeing.
fn name_of(language: Language, adjective: usize, animal: usize) -> String {
    let words = words(language);
    let (noun, gender) = words.animals[animal % words.animals.len()];
    let forms = words.adjectives[adjective % words.adjectives.len()];
    let adjective = match gender {
        Gender::Masculine => forms[0],
        Gender::Feminine => forms[1],
        Gender::Neuter => forms[2],
    };
    if words.adjective_first {
        format!("{adjective} {noun}")
    } else {
        format!("{noun} {adjective}")
    }
}

/// A small, stable mixer (`SplitMix64`): the same seed gives the same offer on every machine
/// and in every version, which a rand crate's generator does not promise.
fn mix(mut state: u64) -> u64 {
    state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `count` different numbers below `below`, drawn from `state`.
fn distinct(state: &mut u64, below: usize, count: usize) -> Vec<usize> {
    let mut picked = Vec::with_capacity(count);
    while picked.len() < count.min(below) {
        *state = mix(*state);
        let next = usize::try_from(*state % below as u64).unwrap_or(0);
        if !picked.contains(&next) {
            picked.push(next);
        }
    }
    picked
}

/// The names offered for `seed` (a seat's, kept with its room) at its `round` of asking for
/// others: three names that share neither adjective nor animal, each round's new.
#[must_use]
pub fn offer(language: Language, seed: u64, round: u32) -> [String; OFFERED] {
    let words = words(language);
    let mut state = mix(seed ^ mix(u64::from(round)));
    let adjectives = distinct(&mut state, words.adjectives.len(), OFFERED);
    let animals = distinct(&mut state, words.animals.len(), OFFERED);
    std::array::from_fn(|k| name_of(language, adjectives[k], animals[k]))
}

/// Whether `name` is one of the names offered for `seed` in any round up to `rounds`.
#[must_use]
pub fn was_offered(language: Language, seed: u64, rounds: u32, name: &str) -> bool {
    (0..=rounds).any(|round| offer(language, seed, round).iter().any(|n| n == name))
}

/// Every name a language can make, for the tests that read them all.
#[must_use]
pub fn every_name(language: Language) -> Vec<String> {
    let words = words(language);
    (0..words.adjectives.len())
        .flat_map(|adjective| {
            (0..words.animals.len()).map(move |animal| name_of(language, adjective, animal))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offer_is_three_different_names_and_the_same_for_the_same_seed() {
        for language in Language::ALL {
            for seed in 0..200u64 {
                let names = offer(language, seed, 0);
                assert_eq!(names, offer(language, seed, 0));
                let mut words: Vec<&str> = names.iter().flat_map(|n| n.split(' ')).collect();
                words.sort_unstable();
                words.dedup();
                assert_eq!(words.len(), 2 * OFFERED, "{names:?} repeat a word");
                assert_ne!(names, offer(language, seed, 1), "a new round offers others");
                assert!(was_offered(language, seed, 1, &offer(language, seed, 1)[2]));
                assert!(!was_offered(language, seed, 0, "Rude Name"));
            }
        }
    }

    #[test]
    fn every_name_is_two_words_short_enough_for_a_table() {
        for language in Language::ALL {
            let names = every_name(language);
            assert!(names.len() >= 300, "{language:?}: {} names", names.len());
            for name in &names {
                let words: Vec<&str> = name.split(' ').collect();
                assert_eq!(words.len(), 2, "{name}");
                assert!(name.chars().count() <= 24, "{name}");
                let first = name.chars().next().unwrap_or(' ');
                assert!(first.is_uppercase(), "{name} begins with a capital");
            }
        }
    }

    #[test]
    fn adjectives_agree_with_their_animals() {
        assert!(every_name(Language::German).contains(&"Kluge Eule".to_owned()));
        assert!(every_name(Language::German).contains(&"Kluges Reh".to_owned()));
        assert!(every_name(Language::German).contains(&"Kluger Fuchs".to_owned()));
        assert!(every_name(Language::French).contains(&"Loutre joyeuse".to_owned()));
        assert!(every_name(Language::French).contains(&"Renard joyeux".to_owned()));
        assert!(every_name(Language::Russian).contains(&"Смелая выдра".to_owned()));
        assert!(every_name(Language::Russian).contains(&"Смелый лис".to_owned()));
        assert!(every_name(Language::English).contains(&"Brave Otter".to_owned()));
    }

    #[test]
    fn the_mixer_is_stable() {
        // Offers must read the same on every machine and in every later version.
        assert_eq!(mix(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(
            offer(Language::English, 7, 0),
            offer(Language::English, 7, 0)
        );
    }
}
