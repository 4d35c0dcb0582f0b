//! The digit-completion search by column: inputs from the right, each output digit checked at once.

use super::bounds::{Number, value};
use super::completer::Completer;
use super::counts::Counts;
use super::form::{Form, digit_at};
use super::tables::{BASES_ENDING_IN, COLUMNS, LINEAR_SOLUTIONS, POWERS_OF_TEN};

/// `out = inputs[0] (+, -, ×) inputs[1]`, or a power of `inputs[0]`.
pub(super) struct Relation {
    pub(super) out: Number,
    pub(super) inputs: [Number; 2],
    pub(super) form: Form,
}

/// How a column's output digit follows its last empty input square's digit.
struct Linear {
    first: u8,
    step: u8,
    /// The inputs' low digits with every digit of the column but that square's.
    low: [u64; 2],
}

impl Linear {
    /// The output's digit when the square shows `digit`.
    #[inline]
    fn output(&self, digit: u8) -> u8 {
        (self.first + self.step * digit) % 10
    }

    /// The digits that give `target` in the output's column.
    #[inline]
    fn digits_giving(&self, target: u8) -> u16 {
        let wanted = (target + 10 - self.first) % 10;
        LINEAR_SOLUTIONS[usize::from(self.step)][usize::from(wanted)]
    }
}

impl Completer<'_> {
    /// Fills the relation's squares in every way that makes it hold, column by column.
    pub(super) fn relation(&mut self, relation: Relation) {
        let rack = self.rack;
        self.column(&relation, 0, [0, 0], rack);
    }

    /// Fills the inputs' digits `k` places from the right (every way the rack allows), then
    /// the output's digit there, which the inputs' last `k + 1` digits already fix: a fixed
    /// digit that disagrees, or a rack without the digit, ends the branch at once.
    fn column(&mut self, relation: &Relation, k: usize, low: [u64; 2], rack: Counts) {
        let width = relation.inputs[0].len().max(relation.inputs[1].len());
        if k == width {
            self.finish(relation, rack);
            return;
        }
        self.input_digit(relation, k, 0, low, rack);
    }

    /// Chooses input `which`'s digit in column `k`, then the next input's, then checks the
    /// output's digit of that column.
    fn input_digit(
        &mut self,
        relation: &Relation,
        k: usize,
        which: usize,
        low: [u64; 2],
        rack: Counts,
    ) {
        if which == 2 {
            self.output_digit(relation, k, low, rack);
            return;
        }
        let number = relation.inputs[which];
        if k >= number.len() {
            return self.input_digit(relation, k, which + 1, low, rack);
        }
        let at = number.end - 1 - k;
        let place = POWERS_OF_TEN.get(k).copied().unwrap_or(0);
        let allowed = self.allowed[at];
        if allowed == 0 {
            let mut low = low;
            low[which] += u64::from(self.run[at]) * place;
            return self.input_digit(relation, k, which + 1, low, rack);
        }
        let mut wanted = allowed & rack.available();
        if at == number.start {
            wanted &= !1;
        }
        if k == 0 && matches!(relation.form, Form::Square | Form::Cube) {
            // A power's last digit follows from its base's alone: only bases whose power ends
            // in a digit the output's last square can show are worth trying.
            let out_at = relation.out.end - 1;
            let endings = if self.allowed[out_at] == 0 {
                1 << self.run[out_at]
            } else {
                self.allowed[out_at] & rack.available()
            };
            let cube = usize::from(relation.form == Form::Cube);
            wanted &= BASES_ENDING_IN[cube][usize::from(endings)];
        }
        let Some(linear) = self.linear_column(relation, k, which, low) else {
            let mut bits = wanted;
            while bits != 0 {
                let d = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                let mut left = rack;
                left.take(d);
                self.run[at] = d;
                let mut low = low;
                low[which] += u64::from(d) * place;
                self.input_digit(relation, k, which + 1, low, left);
            }
            return;
        };
        // The column's last empty input square: each digit here gives the output's digit at
        // once, and a fixed output digit is met by the digits a table names.
        let out = relation.out;
        let out_at = (k < out.len()).then(|| out.end - 1 - k);
        match out_at {
            Some(o) if self.allowed[o] != 0 => {}
            Some(o) => wanted &= linear.digits_giving(self.run[o]),
            None => wanted &= linear.digits_giving(0),
        }
        let mut bits = wanted;
        while bits != 0 {
            let d = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let mut left = rack;
            left.take(d);
            self.run[at] = d;
            if let Some(o) = out_at
                && !self.place(o, linear.output(d), &mut left)
            {
                continue;
            }
            let mut low = linear.low;
            low[which] += u64::from(d) * place;
            self.column(relation, k + 1, low, left);
        }
    }

    /// When the square in column `k` of input `which` is the column's last empty input
    /// square, how the output's digit there moves with it (`first + step × digit` modulo 10),
    /// and the inputs' low digits with the other input's digit of the column added.
    fn linear_column(
        &self,
        relation: &Relation,
        k: usize,
        which: usize,
        low: [u64; 2],
    ) -> Option<Linear> {
        if k >= COLUMNS || (k == 0 && matches!(relation.form, Form::Square | Form::Cube)) {
            return None;
        }
        let place = POWERS_OF_TEN[k];
        let mut low = low;
        if which == 0 {
            let other = relation.inputs[1];
            if k < other.len() {
                let at = other.end - 1 - k;
                if self.allowed[at] != 0 {
                    return None;
                }
                low[1] += u64::from(self.run[at]) * place;
            }
        }
        let first = digit_at(relation.form.apply_low(low, k), k);
        let mut next = low;
        next[which] += place;
        let second = digit_at(relation.form.apply_low(next, k), k);
        Some(Linear {
            first,
            step: (second + 10 - first) % 10,
            low,
        })
    }

    /// The output's digit in column `k`, known from the inputs' low digits while they fit the
    /// fast arithmetic; beyond that the whole numbers are checked at the end.
    fn output_digit(&mut self, relation: &Relation, k: usize, low: [u64; 2], rack: Counts) {
        let mut rack = rack;
        if k < COLUMNS {
            let digit = digit_at(relation.form.apply_low(low, k), k);
            let out = relation.out;
            if k >= out.len() {
                // A digit beyond the output's length must be 0 for the output to hold.
                if digit != 0 {
                    return;
                }
            } else if !self.place(out.end - 1 - k, digit, &mut rack) {
                return;
            }
        }
        self.column(relation, k + 1, low, rack);
    }

    /// Every input digit is chosen: the output must be exactly their sum, product or power.
    fn finish(&mut self, relation: &Relation, rack: Counts) {
        let [x, y] = relation.inputs.map(|n| value(&self.run, n));
        let Some(target) = relation.form.apply(x, y) else {
            return;
        };
        let out = relation.out;
        let len = out.len();
        let low = 10u128.pow(len as u32 - 1);
        if target < low || target / 10 >= low {
            return;
        }
        // The columns already placed the output's last digits; these are the rest.
        let placed = relation.inputs[0]
            .len()
            .max(relation.inputs[1].len())
            .min(COLUMNS);
        let mut rack = rack;
        let mut rest = target / 10u128.pow(placed.min(len) as u32);
        for at in (out.start..out.end.saturating_sub(placed)).rev() {
            if !self.place(at, (rest % 10) as u8, &mut rack) {
                return;
            }
            rest /= 10;
        }
        self.record();
    }
}
