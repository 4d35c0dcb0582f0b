//! Each split as a relation filled by column, or a number worked out whole: whichever tries fewer.

use super::bounds::{Number, may_hold};
use super::column::Relation;
use super::completer::Completer;
use super::form::Form;
use super::split::Split;
use super::whole::Inverse;
use crate::abaku::examples::Op;

impl Completer<'_> {
    /// Fills the split's empty squares in every way that makes it read true.
    pub(super) fn solve(&mut self, split: Split) {
        if split.op.is_binary() {
            self.binary(split.op, split.a, split.b, split.r);
        } else {
            self.unary(split.op, split.a, split.r);
        }
    }

    /// `a op b = r`, written as a sum, difference or product giving one of the three numbers:
    /// of a sum or difference the one with the most empty squares, so that fewer are tried.
    fn binary(&mut self, op: Op, a: Number, b: Number, r: Number) {
        // The operation as `total = part + part` or `total = factor × factor`.
        let (total, x, y, form) = match op {
            Op::Add => (r, a, b, Form::Sum),
            Op::Sub => (a, b, r, Form::Sum),
            Op::Mul => (r, a, b, Form::Product),
            _ => (a, b, r, Form::Product),
        };
        if !may_hold(total, x, y, form) {
            return;
        }
        let relation = if form == Form::Sum {
            let holes = [self.holes(total), self.holes(x), self.holes(y)];
            if holes[1] > holes[0].max(holes[2]) {
                Relation {
                    out: x,
                    inputs: [total, y],
                    form: Form::Difference,
                }
            } else if holes[2] > holes[0] {
                Relation {
                    out: y,
                    inputs: [total, x],
                    form: Form::Difference,
                }
            } else {
                Relation {
                    out: total,
                    inputs: [x, y],
                    form,
                }
            }
        } else {
            // A factor with more empty squares than the others is found by division.
            let holes = [self.holes(total), self.holes(x), self.holes(y)];
            if holes[1] > holes[0].max(holes[2]) {
                return self.derive([total, y], x, Inverse::Quotient);
            }
            if holes[2] > holes[0].max(holes[1]) {
                return self.derive([total, x], y, Inverse::Quotient);
            }
            Relation {
                out: total,
                inputs: [x, y],
                form,
            }
        };
        self.relation(relation);
    }

    /// `a² = r`, `a³ = r`, `√a = r` or `∛a = r`, written as a power giving one of the two.
    fn unary(&mut self, op: Op, a: Number, r: Number) {
        let (out, base, form) = match op {
            Op::Square => (r, a, Form::Square),
            Op::Cube => (r, a, Form::Cube),
            Op::Sqrt => (a, r, Form::Square),
            _ => (a, r, Form::Cube),
        };
        let power = if form == Form::Square { 2 } else { 3 };
        // The second input of a power is an empty number that reads 0.
        let none = Number::none(base.start);
        if !may_hold(out, base, none, form) {
            return;
        }
        if self.holes(base) > self.holes(out) {
            // A base with more empty squares than its power is found as a root.
            return self.derive([out, none], base, Inverse::Root(power as u32));
        }
        self.relation(Relation {
            out,
            inputs: [base, none],
            form,
        });
    }
}
