//! Splits made only of empty squares: filled once from the piece alone, reused wherever they lie.

use super::bounds::Number;
use super::completer::{Completer, Empty};
use super::counts::ALL_DIGITS;
use super::split::Split;
use crate::abaku::eval::MAX_RUN;

impl Completer<'_> {
    /// Tries a split: from the shared fillings when it is made only of empty squares.
    pub(super) fn split(&mut self, split: Split) {
        if self.new_splits.is_some() && split.numbers().iter().all(|&n| self.holes(n) == n.len()) {
            return self.new_split(split);
        }
        self.solve(split);
    }

    /// Records the shared fillings of a split of empty squares that its squares allow,
    /// working them out the first time the split's shape comes up.
    fn new_split(&mut self, split: Split) {
        let Some(splits) = self.new_splits.take() else {
            return;
        };
        let (start, end) = split.piece();
        let fillings = splits.fillings(split.shape(), || self.fillings_anywhere(split));
        for &filling in fillings {
            let fits = (start..end).all(|at| {
                let digit = (filling >> (4 * (at - start))) & 0xF;
                self.allowed[at] & 1 << digit != 0
            });
            if fits {
                for at in start..end {
                    self.run[at] = ((filling >> (4 * (at - start))) & 0xF) as u8;
                }
                self.record();
            }
        }
        self.new_splits = Some(splits);
    }

    /// Every filling of the split's squares, as if each allowed every digit, that reads true
    /// with the rack's tiles.
    fn fillings_anywhere(&self, split: Split) -> Vec<u64> {
        let (start, end) = split.piece();
        let len = end - start;
        let blank = [0u8; MAX_RUN];
        let empties: Vec<Empty> = (0..len)
            .map(|at| Empty {
                at,
                allowed: ALL_DIGITS,
            })
            .collect();
        let mut found = Vec::new();
        let mut alone = Completer::new(
            &blank[..len],
            &empties,
            self.rack,
            0,
            len,
            self.rules,
            &mut found,
            None,
        );
        alone.span = (0, len);
        // The same numbers in the piece alone, their bounds those of any digit.
        let moved = |n: Number, alone: &Completer| {
            let mut m = Number::none(n.start - start);
            while m.len() < n.len() {
                m = m.longer(&alone.digit_range);
            }
            m
        };
        let split = Split {
            op: split.op,
            a: moved(split.a, &alone),
            b: moved(split.b, &alone),
            r: moved(split.r, &alone),
        };
        alone.solve(split);
        let mut fillings: Vec<u64> = found.iter().map(|c| c.digits).collect();
        fillings.sort_unstable();
        fillings.dedup();
        fillings
    }
}
