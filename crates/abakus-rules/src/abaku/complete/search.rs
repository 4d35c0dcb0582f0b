//! The walk over every piece of the run and each split of it whose lengths fit an operation.

use super::bounds::Number;
use super::completer::Completer;
use super::split::{Split, lengths_fit};
use crate::abaku::examples::{MAX_NUMBER_DIGITS, Op};

impl Completer<'_> {
    /// Every split and operation of every piece `[s, e)` with `s <= s_max` and `e >= e_min`
    /// whose numbers' lengths fit the operation. The pieces are walked by their numbers, so
    /// the last number is never longer than the two before it allow: `x y z` with
    /// `|z| <= |x| + |y| + 1`, and `x y` with `|y| <= 3 |x|`.
    #[inline]
    pub(super) fn search(&mut self, s_max: usize, e_min: usize) {
        let n = self.n;
        let ops = self.rules.ops;
        let result_first = self.rules.result_first;
        let unary = ops.allows(Op::Square);
        for s in (0..=s_max).rev() {
            if !self.may_start(s) {
                continue;
            }
            let mut x = Number::none(s);
            for i in (s + 1)..n.min(s + MAX_NUMBER_DIGITS + 1) {
                x = x.longer(&self.digit_range);
                if !self.may_start(i) {
                    continue;
                }
                let mut y = Number::none(i);
                for j in (i + 1)..n.min(i + MAX_NUMBER_DIGITS + 1) {
                    y = y.longer(&self.digit_range);
                    if !self.may_start(j) {
                        continue;
                    }
                    let longest = (x.len() + y.len() + 1).min(MAX_NUMBER_DIGITS);
                    let first_end = e_min.max(j + 1);
                    let last_end = n.min(j + longest);
                    if first_end > last_end {
                        continue;
                    }
                    let mut z = Number::none(j);
                    while z.end + 1 < first_end {
                        z = z.longer(&self.digit_range);
                    }
                    for e in first_end..=last_end {
                        self.span = (s, e);
                        z = z.longer(&self.digit_range);
                        for op in Op::BINARY {
                            if !ops.allows(op) {
                                continue;
                            }
                            if lengths_fit(op, x.len(), y.len(), z.len()) {
                                self.split(Split {
                                    op,
                                    a: x,
                                    b: y,
                                    r: z,
                                });
                            }
                            if result_first && lengths_fit(op, y.len(), z.len(), x.len()) {
                                self.split(Split {
                                    op,
                                    a: y,
                                    b: z,
                                    r: x,
                                });
                            }
                        }
                    }
                }
                if !unary {
                    continue;
                }
                let longest = (3 * x.len()).min(MAX_NUMBER_DIGITS);
                let first_end = e_min.max(i + 1).max(s + 2);
                let last_end = n.min(i + longest);
                if first_end > last_end {
                    continue;
                }
                let mut y = Number::none(i);
                while y.end + 1 < first_end {
                    y = y.longer(&self.digit_range);
                }
                for e in first_end..=last_end {
                    self.span = (s, e);
                    y = y.longer(&self.digit_range);
                    for op in Op::UNARY {
                        if lengths_fit(op, x.len(), 0, y.len()) {
                            let b = Number::none(x.start);
                            self.split(Split { op, a: x, b, r: y });
                        }
                        if result_first && lengths_fit(op, y.len(), 0, x.len()) {
                            let b = Number::none(y.start);
                            self.split(Split { op, a: y, b, r: x });
                        }
                    }
                }
            }
        }
    }
}
