//! The random keys that open a seat to a device: 128 bits, written as 32 hex digits.

use std::fmt;

use rand::Rng;

/// A seat's single-use token or a device's secret: 128 random bits from the system's
/// cryptographic generator, compared in constant time so that timing says nothing of a guess.
#[derive(Clone, Copy)]
pub struct Key([u8; 16]);

impl Key {
    /// A new key nobody can guess.
    #[must_use]
    pub fn random() -> Key {
        Key(rand::rng().random())
    }

    /// Reads a key from its 32 hex digits; anything else is not a key.
    #[must_use]
    pub fn parse(text: &str) -> Option<Key> {
        // Only hex digits: `from_str_radix` alone would also take a sign.
        if text.len() != 32 || !text.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return None;
        }
        let mut bytes = [0u8; 16];
        for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks(2)) {
            let digits = std::str::from_utf8(pair).ok()?;
            *byte = u8::from_str_radix(digits, 16).ok()?;
        }
        Some(Key(bytes))
    }

    /// Whether two keys are the same, looking at every byte whatever the first difference.
    #[must_use]
    pub fn matches(&self, other: &Key) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0u8, |difference, (a, b)| difference | (a ^ b))
            == 0
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        self.matches(other)
    }
}

impl Eq for Key {}

impl fmt::Display for Key {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for byte in self.0 {
            write!(formatter, "{byte:02x}")?;
        }
        Ok(())
    }
}

/// Never prints the key itself, so a log line cannot leak one.
impl fmt::Debug for Key {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("Key(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_reads_back_from_its_text_and_only_from_its_text() {
        let key = Key::random();
        let text = key.to_string();
        assert_eq!(text.len(), 32);
        assert!(Key::parse(&text).is_some_and(|read| read.matches(&key)));
        assert!(Key::parse(&text.to_uppercase()).is_some_and(|read| read.matches(&key)));
        assert!(Key::parse(&text[..31]).is_none());
        assert!(Key::parse(&format!("{text}0")).is_none());
        assert!(Key::parse(&format!("{}g", &text[..31])).is_none());
        assert!(Key::parse(&format!("+f{}", "0".repeat(30))).is_none());
        assert!(Key::parse(&"é".repeat(16)).is_none());
    }

    #[test]
    fn keys_differ_and_their_debug_text_shows_none_of_them() {
        let (one, two) = (Key::random(), Key::random());
        assert!(!one.matches(&two));
        assert!(one.matches(&one));
        assert_eq!(format!("{one:?}"), "Key(…)");
    }
}
