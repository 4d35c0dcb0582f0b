//! The random keys that open a seat to a device: 128 bits, written as 32 hex digits, and each
//! key's short code, typed where its link cannot be pasted.

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

/// Crockford's base 32: no I, L, O or U, so a code read off a screen or aloud is typed right.
const CODE_DIGITS: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

impl Key {
    /// The key's short code: its first 40 bits as eight letters and digits, `K7QM-2PXR`. It
    /// opens what the key opens; a server lets an address try only so many a while, which
    /// puts 2^40 codes out of one address's reach (many addresses together get nearer).
    #[must_use]
    pub fn code(&self) -> String {
        let bits = self.0[..5]
            .iter()
            .fold(0u64, |bits, &byte| (bits << 8) | u64::from(byte));
        let mut code = String::with_capacity(9);
        for place in 0..8 {
            if place == 4 {
                code.push('-');
            }
            let digit = (bits >> (35 - 5 * place)) & 31;
            code.push(char::from(CODE_DIGITS[digit as usize]));
        }
        code
    }
}

/// A short code as a person typed it, in the form [`Key::code`] writes: any case, spaces and
/// dashes anywhere, I and L read as 1 and O as 0; `None` for anything that is no code.
#[must_use]
pub fn read_code(text: &str) -> Option<String> {
    let mut digits = String::with_capacity(8);
    for typed in text.chars().filter(|c| !matches!(c, ' ' | '-')) {
        let digit = match typed.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            other if other.is_ascii() && CODE_DIGITS.contains(&(other as u8)) => other,
            _ => return None,
        };
        digits.push(digit);
    }
    if digits.len() != 8 {
        return None;
    }
    digits.insert(4, '-');
    Some(digits)
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
    fn a_code_is_read_back_as_people_type_it_and_nothing_else_is_one() {
        for _ in 0..200 {
            let code = Key::random().code();
            assert_eq!(code.len(), 9);
            assert_eq!(code.as_bytes()[4], b'-');
            assert_eq!(read_code(&code).as_deref(), Some(code.as_str()));
            let typed = format!(" {} ", code.to_lowercase().replace('-', " "));
            assert_eq!(read_code(&typed).as_deref(), Some(code.as_str()));
        }
        let zeros = Key([0; 16]);
        assert_eq!(zeros.code(), "0000-0000");
        let ones = Key([0xff; 16]);
        assert_eq!(ones.code(), "ZZZZ-ZZZZ");
        // 0x0842108421: every five bits 00001.
        let mut bytes = [0u8; 16];
        bytes[..5].copy_from_slice(&[0x08, 0x42, 0x10, 0x84, 0x21]);
        assert_eq!(Key(bytes).code(), "1111-1111");
        assert_eq!(read_code("iLlo-OIl1").as_deref(), Some("1110-0111"));
        for wrong in [
            "",
            "K7QM-2PX",
            "K7QM-2PXRR",
            "K7QM-2PXU",
            "K7QM_2PXR",
            "К7QM-2PXR",
        ] {
            assert_eq!(read_code(wrong), None, "{wrong:?} is no code");
        }
    }

    #[test]
    fn keys_differ_and_their_debug_text_shows_none_of_them() {
        let (one, two) = (Key::random(), Key::random());
        assert!(!one.matches(&two));
        assert!(one.matches(&one));
        assert_eq!(format!("{one:?}"), "Key(…)");
    }
}
