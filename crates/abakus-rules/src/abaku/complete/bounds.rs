//! The numbers of a split, the bounds of the values they can show, and what holds within them.

use super::counts::Counts;
use super::form::Form;
use super::tables::BOUNDED_DIGITS;
use crate::abaku::eval::MAX_RUN;

/// A number of a split: the run's squares `[start, end)`, and the least and greatest values
/// they can show with the rack (0 and `u64::MAX` when too long to tell in 64 bits).
#[derive(Clone, Copy)]
pub(super) struct Number {
    pub(super) start: usize,
    pub(super) end: usize,
    least: u64,
    most: u64,
}

impl Number {
    /// No squares yet, starting at `start`: it reads 0 (the second input of a power).
    #[inline]
    pub(super) fn none(start: usize) -> Number {
        Number {
            start,
            end: start,
            least: 0,
            most: 0,
        }
    }

    /// How many squares it covers.
    #[inline]
    pub(super) fn len(self) -> usize {
        self.end - self.start
    }

    /// The number with the next square of the run added on the right.
    #[inline]
    pub(super) fn longer(self, digits: &DigitRange) -> Number {
        let end = self.end + 1;
        if end - self.start > BOUNDED_DIGITS {
            return Number {
                end,
                least: 0,
                most: u64::MAX,
                ..self
            };
        }
        let (least, most) = digits.of(self.end, self.end == self.start);
        Number {
            end,
            least: self.least * 10 + u64::from(least),
            most: self.most * 10 + u64::from(most),
            ..self
        }
    }
}

/// The least and greatest digit each square of a run can show: its own when it is fixed,
/// otherwise those it allows that the rack holds (a number's first square is never 0).
pub(super) struct DigitRange {
    least: [u8; MAX_RUN],
    least_first: [u8; MAX_RUN],
    most: [u8; MAX_RUN],
}

impl DigitRange {
    /// The ranges of `run`'s squares, `allowed` naming the digits of the empty ones (0 for
    /// a fixed square).
    pub(super) fn new(run: &[u8], allowed: &[u16; MAX_RUN], rack: Counts) -> DigitRange {
        let available = rack.available();
        let mut range = DigitRange {
            least: [0; MAX_RUN],
            least_first: [0; MAX_RUN],
            most: [0; MAX_RUN],
        };
        for (at, &digit) in run.iter().enumerate() {
            let (least, least_first, most) = if allowed[at] == 0 {
                (digit, digit, digit)
            } else {
                // A square no held digit fits gives an empty range, which no number meets.
                let mask = allowed[at] & available;
                let lowest = |mask: u16| {
                    if mask == 0 {
                        9
                    } else {
                        mask.trailing_zeros() as u8
                    }
                };
                let highest = 15u8.saturating_sub(mask.leading_zeros() as u8);
                (lowest(mask), lowest(mask & !1), highest)
            };
            range.least[at] = least;
            range.least_first[at] = least_first;
            range.most[at] = most;
        }
        range
    }

    /// The least and greatest digit square `at` can show, as the first of its number or not.
    #[inline]
    fn of(&self, at: usize, first: bool) -> (u8, u8) {
        let least = if first {
            self.least_first[at]
        } else {
            self.least[at]
        };
        (least, self.most[at])
    }
}

/// Whether `total = x + y`, `x × y`, `x²` or `x³` can hold for some values within the numbers'
/// bounds; the sums and products saturate, which only ever lets more through.
#[inline]
pub(super) fn may_hold(total: Number, x: Number, y: Number, form: Form) -> bool {
    let (least, most) = match form {
        // `total = x - y` as `x = total + y`, which saturates the safe way.
        Form::Difference => return may_hold(x, total, y, Form::Sum),
        Form::Sum => (
            x.least.saturating_add(y.least),
            x.most.saturating_add(y.most),
        ),
        Form::Product => (
            x.least.saturating_mul(y.least),
            x.most.saturating_mul(y.most),
        ),
        Form::Square => (
            x.least.saturating_mul(x.least),
            x.most.saturating_mul(x.most),
        ),
        Form::Cube => (x.least.saturating_pow(3), x.most.saturating_pow(3)),
    };
    total.least <= most && least <= total.most
}

/// The value of a number's squares (they hold digits, none a leading zero).
#[inline]
pub(super) fn value(run: &[u8], number: Number) -> u128 {
    run[number.start..number.end]
        .iter()
        .fold(0u128, |v, &d| v * 10 + u128::from(d))
}

/// The value of a number of at most [`BOUNDED_DIGITS`] squares.
#[inline]
pub(super) fn value64(run: &[u8], number: Number) -> u64 {
    run[number.start..number.end]
        .iter()
        .fold(0u64, |v, &d| v * 10 + u64::from(d))
}
