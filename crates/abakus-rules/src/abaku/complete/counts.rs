//! A rack as counts: how many tiles of each digit and jokers it holds, in one word.

/// Every digit.
pub(crate) const ALL_DIGITS: u16 = 0x3FF;

/// A rack as counts, so equal tiles are tried once: five bits for each digit and five for the
/// jokers in one word, which the searches copy at every step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Counts(u64);

const FIELD: u32 = 5;
const FIELD_MASK: u64 = (1 << FIELD) - 1;
/// The jokers' field comes after the ten digits'.
const JOKERS: u32 = 10;

impl Counts {
    /// Field `index` of the word: the count of a digit, or of the jokers at [`JOKERS`].
    #[inline]
    fn field(self, index: u32) -> u8 {
        ((self.0 >> (FIELD * index)) & FIELD_MASK) as u8
    }

    /// Tiles of digit `d`.
    #[inline]
    pub(crate) fn digit(self, d: u8) -> u8 {
        self.field(u32::from(d))
    }

    /// Jokers on the rack.
    #[inline]
    pub(crate) fn jokers(self) -> u8 {
        self.field(JOKERS)
    }

    /// One more tile of digit `d` (at most 31 of each).
    #[inline]
    pub(crate) fn add_digit(&mut self, d: u8) {
        debug_assert!(d < 10 && self.digit(d) < 31);
        self.0 += 1 << (FIELD * u32::from(d));
    }

    /// One more joker (at most 31).
    #[inline]
    pub(crate) fn add_joker(&mut self) {
        debug_assert!(self.jokers() < 31);
        self.0 += 1 << (FIELD * JOKERS);
    }

    /// Uses a tile of digit `d` if there is one.
    #[inline]
    pub(crate) fn take_digit(&mut self, d: u8) -> bool {
        let there = self.digit(d) > 0;
        if there {
            self.0 -= 1 << (FIELD * u32::from(d));
        }
        there
    }

    /// Uses the joker if there is one.
    #[inline]
    pub(crate) fn take_joker(&mut self) -> bool {
        let there = self.jokers() > 0;
        if there {
            self.0 -= 1 << (FIELD * JOKERS);
        }
        there
    }

    /// Digits a tile can still show: one of the rack, or any with the joker.
    #[inline]
    pub(crate) fn available(self) -> u16 {
        if self.jokers() > 0 {
            return ALL_DIGITS;
        }
        (0..10).fold(0, |mask, d| {
            if self.digit(d) > 0 {
                mask | 1 << d
            } else {
                mask
            }
        })
    }

    /// Uses a tile of digit `d`, the joker when none is left; false when neither is.
    #[inline]
    pub(crate) fn take(&mut self, d: u8) -> bool {
        self.take_digit(d) || self.take_joker()
    }

    /// Tiles on the rack, jokers included.
    #[inline]
    pub(crate) fn tiles(self) -> usize {
        (0..=JOKERS).map(|k| usize::from(self.field(k))).sum()
    }
}
