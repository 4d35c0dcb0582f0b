//! How a relation's output follows from its inputs, whole or from their last digits.

use super::tables::POWERS_OF_TEN;

/// How the output of a relation comes from its inputs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Form {
    Sum,
    /// The first input less the second.
    Difference,
    Product,
    Square,
    Cube,
}

impl Form {
    /// The output of whole inputs, none on overflow.
    #[inline]
    pub(super) fn apply(self, x: u128, y: u128) -> Option<u128> {
        match self {
            Form::Sum => x.checked_add(y),
            Form::Difference => x.checked_sub(y),
            Form::Product => x.checked_mul(y),
            Form::Square => x.checked_mul(x),
            Form::Cube => x.checked_mul(x).and_then(|s| s.checked_mul(x)),
        }
    }

    /// A number whose last `k + 1` digits are the output's, from the inputs' last `k + 1`
    /// digits (`k < COLUMNS`): the last digits of a sum, difference, product or power depend
    /// only on the inputs' last digits.
    #[inline]
    pub(super) fn apply_low(self, [x, y]: [u64; 2], k: usize) -> u64 {
        match self {
            Form::Sum => x + y,
            Form::Difference if x >= y => x - y,
            Form::Difference => x + POWERS_OF_TEN[k + 1] - y,
            Form::Product => x * y,
            Form::Square => x * x,
            Form::Cube => x * x % POWERS_OF_TEN[k + 1] * x,
        }
    }
}

/// Digit `k` of `v` counted from the right, `k < COLUMNS`; constant divisors compile to
/// multiplications, which matters in the innermost loop.
#[inline]
pub(super) fn digit_at(v: u64, k: usize) -> u8 {
    let shifted = match k {
        0 => v,
        1 => v / 10,
        2 => v / 100,
        3 => v / 1_000,
        4 => v / 10_000,
        5 => v / 100_000,
        6 => v / 1_000_000,
        7 => v / 10_000_000,
        _ => v / 100_000_000,
    };
    (shifted % 10) as u8
}
