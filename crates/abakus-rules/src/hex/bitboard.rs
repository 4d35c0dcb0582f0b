//! Fixed-size sets of board indices: 256 bits for every board side the game allows, and 128
//! bits, enough for sides up to 5, where random playouts run twice as many words' worth faster.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of cell indices in `0..64 * W`. Index layout is the board's business; this type only
/// stores bits, so its operations stay branch-free and cheap enough for random playouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>(pub(crate) [u64; W]);

/// The set every position uses: room for the largest board.
pub type Bitboard = Bits<4>;

/// The words a set of sides up to 5 needs (their indices stay below 128).
pub const SMALL_WORDS: usize = 2;

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> Bits<W> {
    pub const EMPTY: Self = Self([0; W]);

    #[must_use]
    #[inline]
    pub const fn single(index: usize) -> Self {
        let mut words = [0; W];
        words[index >> 6] = 1 << (index & 63);
        Self(words)
    }

    /// Whether `index` is a member; an index beyond the set's room never is.
    #[must_use]
    #[inline]
    pub const fn contains(self, index: usize) -> bool {
        index >> 6 < W && self.0[index >> 6] >> (index & 63) & 1 == 1
    }

    #[inline]
    pub fn insert(&mut self, index: usize) {
        self.0[index >> 6] |= 1 << (index & 63);
    }

    #[inline]
    pub fn remove(&mut self, index: usize) {
        self.0[index >> 6] &= !(1 << (index & 63));
    }

    #[must_use]
    #[inline]
    pub fn count(self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    #[must_use]
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().fold(0, |any, word| any | word) == 0
    }

    /// The same set in another width: members beyond the new width's room are dropped.
    #[must_use]
    #[inline]
    pub fn resized<const V: usize>(self) -> Bits<V> {
        let mut words = [0; V];
        for (to, from) in words.iter_mut().zip(self.0) {
            *to = from;
        }
        Bits(words)
    }

    /// The set shifted towards higher indices by `by` bits, from 1 to 63 (no board step
    /// is zero, and leaving out that case saves a branch in every playout step).
    #[must_use]
    #[inline]
    #[expect(
        clippy::needless_range_loop,
        reason = "each word takes the bits its neighbour word shifts out"
    )]
    pub fn shifted_up(self, by: u32) -> Self {
        debug_assert!((1..64).contains(&by), "shift by {by}");
        let back = 64 - by;
        let mut words = [0; W];
        words[0] = self.0[0] << by;
        for i in 1..W {
            words[i] = self.0[i] << by | self.0[i - 1] >> back;
        }
        Self(words)
    }

    /// The set shifted towards lower indices by `by` bits, from 1 to 63 (no board step
    /// is zero, and leaving out that case saves a branch in every playout step).
    #[must_use]
    #[inline]
    #[expect(
        clippy::needless_range_loop,
        reason = "each word takes the bits its neighbour word shifts out"
    )]
    pub fn shifted_down(self, by: u32) -> Self {
        debug_assert!((1..64).contains(&by), "shift by {by}");
        let back = 64 - by;
        let mut words = [0; W];
        for i in 0..W - 1 {
            words[i] = self.0[i] >> by | self.0[i + 1] << back;
        }
        words[W - 1] = self.0[W - 1] >> by;
        Self(words)
    }

    /// The index of the `n`-th member (0-based) in ascending order, if there are that many.
    #[must_use]
    pub fn nth(self, mut n: u32) -> Option<usize> {
        for (word_index, &word) in self.0.iter().enumerate() {
            let ones = word.count_ones();
            if n < ones {
                return Some(word_index * 64 + nth_in_word(word, n) as usize);
            }
            n -= ones;
        }
        None
    }

    /// The members in ascending order.
    #[inline]
    pub fn iter(self) -> BitIter<W> {
        BitIter {
            words: self.0,
            word: 0,
        }
    }
}

/// The position of the `n`-th set bit (0-based, from the lowest) of a word with more than `n`.
///
/// Random playouts pick a uniformly random empty cell every move: rather than clearing up to
/// 63 bits one by one, this finds the byte holding the bit from running byte counts, then the
/// bit within that byte.
#[inline]
fn nth_in_word(word: u64, n: u32) -> u32 {
    const BYTES: u64 = 0x0101_0101_0101_0101;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    let pairs = word - (word >> 1 & 0x5555_5555_5555_5555);
    let quads = (pairs & 0x3333_3333_3333_3333) + (pairs >> 2 & 0x3333_3333_3333_3333);
    let per_byte = (quads + (quads >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i of `running` counts the set bits of bytes 0..=i (at most 64, so no carries).
    let running = per_byte.wrapping_mul(BYTES);
    // The high bit of byte i is set where that running count is at most n: those bytes are
    // wholly before the wanted bit, and as the counts only grow they are the lowest ones.
    let passed = (((u64::from(n) * BYTES) | HIGH_BITS) - running) & HIGH_BITS;
    let byte = ((passed >> 7).wrapping_mul(BYTES) >> 56) as u32;
    let before = if byte == 0 {
        0
    } else {
        (running >> (8 * byte - 8) & 0xff) as u32
    };
    let bits = (word >> (8 * byte) & 0xff) as usize;
    8 * byte + u32::from(NTH_IN_BYTE[bits][(n - before) as usize])
}

/// `NTH_IN_BYTE[b][k]`: the position of the `k`-th set bit of the byte `b`, where it has one.
/// A table look-up, where clearing bits in a loop ran a different number of rounds each draw.
static NTH_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut found = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte][found] = bit as u8;
                found += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// Iterator over the members of a [`Bits`], lowest first.
pub struct BitIter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for BitIter<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some(self.word * 64 + bits.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitor(mut self, rhs: Self) -> Self {
        for (word, other) in self.0.iter_mut().zip(rhs.0) {
            *word |= other;
        }
        self
    }
}

impl<const W: usize> BitAnd for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitand(mut self, rhs: Self) -> Self {
        for (word, other) in self.0.iter_mut().zip(rhs.0) {
            *word &= other;
        }
        self
    }
}

impl<const W: usize> Not for Bits<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for word in &mut self.0 {
            *word = !*word;
        }
        self
    }
}

impl<const W: usize> BitOrAssign for Bits<W> {
    #[inline]
    fn bitor_assign(&mut self, rhs: Self) {
        *self = *self | rhs;
    }
}

impl<const W: usize> BitAndAssign for Bits<W> {
    #[inline]
    fn bitand_assign(&mut self, rhs: Self) {
        *self = *self & rhs;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_carry_across_words() {
        let set = Bitboard::single(63);
        assert_eq!(set.shifted_up(1), Bitboard::single(64));
        assert_eq!(Bitboard::single(64).shifted_down(1), set);
        assert_eq!(
            Bitboard::single(200).shifted_down(17),
            Bitboard::single(183)
        );
        assert_eq!(Bitboard::single(255).shifted_up(1), Bitboard::EMPTY);
    }

    #[test]
    fn nth_and_iter_agree() {
        let mut set = Bitboard::EMPTY;
        for index in [0, 5, 63, 64, 130, 255] {
            set.insert(index);
        }
        let members: Vec<usize> = set.iter().collect();
        assert_eq!(members, vec![0, 5, 63, 64, 130, 255]);
        for (n, &index) in members.iter().enumerate() {
            assert_eq!(set.nth(n as u32), Some(index));
        }
        assert_eq!(set.nth(6), None);
        assert_eq!(set.count(), 6);
    }

    #[test]
    fn nth_in_word_agrees_with_clearing_bits_one_by_one() {
        let mut word: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            word = word.rotate_left(7) ^ word.wrapping_mul(0x2545_f491_4f6c_dd1d);
            for sample in [
                word,
                word & word >> 3,
                !0,
                1 << 63,
                word & 0xff00_0000_0000_00ff,
            ] {
                let mut rest = sample;
                for n in 0..sample.count_ones() {
                    assert_eq!(
                        nth_in_word(sample, n),
                        rest.trailing_zeros(),
                        "{sample:#x} {n}"
                    );
                    rest &= rest - 1;
                }
            }
        }
    }

    #[test]
    fn the_small_set_shifts_and_resizes_like_the_large() {
        let small: Bits<SMALL_WORDS> = Bits::single(63);
        assert_eq!(small.shifted_up(1), Bits::single(64));
        assert_eq!(Bits::<2>::single(127).shifted_up(1), Bits::EMPTY);
        assert!(!small.contains(255), "beyond the room is never a member");
        let large = Bitboard::single(88) | Bitboard::single(3);
        assert_eq!(large.resized::<2>().resized::<4>(), large);
        assert_eq!(Bitboard::single(200).resized::<2>(), Bits::EMPTY);
    }
}
