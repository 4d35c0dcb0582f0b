//! A piece read as numbers and an operation, and the lengths of numbers that can make it true.

use super::bounds::Number;
use crate::abaku::examples::Op;

/// A way of reading a piece: `a op b = r`, or `a op = r` with `b` empty for the powers and
/// roots.
#[derive(Clone, Copy)]
pub(super) struct Split {
    pub(super) op: Op,
    pub(super) a: Number,
    pub(super) b: Number,
    pub(super) r: Number,
}

impl Split {
    /// The three numbers, `a`, `b` and `r`.
    #[inline]
    pub(super) fn numbers(self) -> [Number; 3] {
        [self.a, self.b, self.r]
    }

    /// The squares the split covers.
    #[inline]
    pub(super) fn piece(self) -> (usize, usize) {
        let numbers = self.numbers();
        let start = numbers.iter().map(|n| n.start).min().unwrap_or(0);
        let end = numbers.iter().map(|n| n.end).max().unwrap_or(0);
        (start, end)
    }

    /// The operation and each number's place and length in the piece, one byte each.
    pub(super) fn shape(self) -> u64 {
        let (start, _) = self.piece();
        self.numbers().iter().fold(self.op as u64, |key, n| {
            key << 16 | ((n.start - start) as u64) << 8 | n.len() as u64
        })
    }
}

/// Whether numbers of these lengths can make `a op b = r` true (`b` unused for the unary
/// operations, which read `a op = r`).
#[inline]
pub(super) fn lengths_fit(op: Op, a: usize, b: usize, r: usize) -> bool {
    match op {
        Op::Add => sum_length(r, a, b),
        Op::Sub => sum_length(a, b, r),
        Op::Mul => product_length(r, a, b),
        Op::Div => product_length(a, b, r),
        Op::Square => power_length(r, a, 2),
        Op::Cube => power_length(r, a, 3),
        Op::Sqrt => power_length(a, r, 2),
        Op::Cbrt => power_length(a, r, 3),
    }
}

/// Whether a sum of numbers of `x` and `y` digits can have `len` digits.
#[inline]
fn sum_length(len: usize, x: usize, y: usize) -> bool {
    let longest = x.max(y);
    len == longest || len == longest + 1
}

/// Whether a product of numbers of `x` and `y` digits can have `len` digits.
#[inline]
fn product_length(len: usize, x: usize, y: usize) -> bool {
    len + 1 == x + y || len == x + y
}

/// Whether a power (2 for squares, 3 for cubes) of a number of `x` digits can have `len` digits.
#[inline]
fn power_length(len: usize, x: usize, power: usize) -> bool {
    len <= power * x && len + power > power * x
}
