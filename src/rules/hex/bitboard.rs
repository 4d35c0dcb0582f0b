//! A 256-bit set of board indices, big enough for every board side the game allows.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of cell indices in `0..256`. Index layout is the board's business; this type only
/// stores bits, so its operations stay branch-free and cheap enough for random playouts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub(crate) [u64; 4]);

impl Bitboard {
    pub const EMPTY: Self = Self([0; 4]);

    #[must_use]
    #[inline]
    pub const fn single(index: usize) -> Self {
        let mut words = [0; 4];
        words[index >> 6] = 1 << (index & 63);
        Self(words)
    }

    #[must_use]
    #[inline]
    pub const fn contains(self, index: usize) -> bool {
        self.0[index >> 6] >> (index & 63) & 1 == 1
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
    pub const fn count(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// The set shifted towards higher indices by `by` (< 64) bits.
    #[must_use]
    #[inline]
    pub const fn shifted_up(self, by: u32) -> Self {
        let [a, b, c, d] = self.0;
        if by == 0 {
            return self;
        }
        let back = 64 - by;
        Self([
            a << by,
            b << by | a >> back,
            c << by | b >> back,
            d << by | c >> back,
        ])
    }

    /// The set shifted towards lower indices by `by` (< 64) bits.
    #[must_use]
    #[inline]
    pub const fn shifted_down(self, by: u32) -> Self {
        let [a, b, c, d] = self.0;
        if by == 0 {
            return self;
        }
        let back = 64 - by;
        Self([
            a >> by | b << back,
            b >> by | c << back,
            c >> by | d << back,
            d >> by,
        ])
    }

    /// The index of the `n`-th member (0-based) in ascending order, if there are that many.
    #[must_use]
    pub fn nth(self, mut n: u32) -> Option<usize> {
        for (word_index, &word) in self.0.iter().enumerate() {
            let ones = word.count_ones();
            if n < ones {
                let mut word = word;
                for _ in 0..n {
                    word &= word - 1;
                }
                return Some(word_index * 64 + word.trailing_zeros() as usize);
            }
            n -= ones;
        }
        None
    }

    /// The members in ascending order.
    #[inline]
    pub fn iter(self) -> BitIter {
        BitIter {
            words: self.0,
            word: 0,
        }
    }
}

/// Iterator over the members of a [`Bitboard`], lowest first.
pub struct BitIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for BitIter {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < 4 {
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

impl BitOr for Bitboard {
    type Output = Self;
    #[inline]
    fn bitor(self, rhs: Self) -> Self {
        Self([
            self.0[0] | rhs.0[0],
            self.0[1] | rhs.0[1],
            self.0[2] | rhs.0[2],
            self.0[3] | rhs.0[3],
        ])
    }
}

impl BitAnd for Bitboard {
    type Output = Self;
    #[inline]
    fn bitand(self, rhs: Self) -> Self {
        Self([
            self.0[0] & rhs.0[0],
            self.0[1] & rhs.0[1],
            self.0[2] & rhs.0[2],
            self.0[3] & rhs.0[3],
        ])
    }
}

impl Not for Bitboard {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Self([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Self) {
        *self = *self | rhs;
    }
}

impl BitAndAssign for Bitboard {
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
}
