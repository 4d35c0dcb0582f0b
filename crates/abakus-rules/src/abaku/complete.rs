//! Filling the empty squares of a digit run so that it reads true: two numbers of a sum fix the third.

use std::collections::HashMap;

use super::eval::MAX_RUN;
use super::examples::{MAX_NUMBER_DIGITS, Op, ReadRules};

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
    fn field(self, index: u32) -> u8 {
        ((self.0 >> (FIELD * index)) & FIELD_MASK) as u8
    }

    /// Tiles of digit `d`.
    pub(crate) fn digit(self, d: u8) -> u8 {
        self.field(u32::from(d))
    }

    pub(crate) fn jokers(self) -> u8 {
        self.field(JOKERS)
    }

    /// One more tile of digit `d` (at most 31 of each).
    pub(crate) fn add_digit(&mut self, d: u8) {
        debug_assert!(d < 10 && self.digit(d) < 31);
        self.0 += 1 << (FIELD * u32::from(d));
    }

    pub(crate) fn add_joker(&mut self) {
        debug_assert!(self.jokers() < 31);
        self.0 += 1 << (FIELD * JOKERS);
    }

    /// Uses a tile of digit `d` if there is one.
    pub(crate) fn take_digit(&mut self, d: u8) -> bool {
        let there = self.digit(d) > 0;
        if there {
            self.0 -= 1 << (FIELD * u32::from(d));
        }
        there
    }

    /// Uses the joker if there is one.
    pub(crate) fn take_joker(&mut self) -> bool {
        let there = self.jokers() > 0;
        if there {
            self.0 -= 1 << (FIELD * JOKERS);
        }
        there
    }

    /// Digits a tile can still show: one of the rack, or any with the joker.
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
    pub(crate) fn take(&mut self, d: u8) -> bool {
        self.take_digit(d) || self.take_joker()
    }

    pub(crate) fn tiles(self) -> usize {
        (0..=JOKERS).map(|k| usize::from(self.field(k))).sum()
    }
}

/// An empty square of the run and the digits it may show.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Empty {
    pub at: usize,
    pub allowed: u16,
}

/// A number of a split: the run's squares `[start, end)`, and the least and greatest values
/// they can show with the rack (0 and `u64::MAX` when too long to tell in 64 bits).
#[derive(Clone, Copy)]
struct Number {
    start: usize,
    end: usize,
    least: u64,
    most: u64,
}

/// The longest number whose bounds are worked out: 19 nines fit in 64 bits.
const BOUNDED_DIGITS: usize = 19;

impl Number {
    /// No squares yet, starting at `start`: it reads 0 (the second input of a power).
    fn none(start: usize) -> Number {
        Number {
            start,
            end: start,
            least: 0,
            most: 0,
        }
    }

    fn len(self) -> usize {
        self.end - self.start
    }

    /// The number with the next square of the run added on the right.
    fn longer(self, digits: &DigitRange) -> Number {
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
struct DigitRange {
    least: [u8; MAX_RUN],
    least_first: [u8; MAX_RUN],
    most: [u8; MAX_RUN],
}

impl DigitRange {
    fn new(run: &[u8], allowed: &[u16; MAX_RUN], rack: Counts) -> DigitRange {
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
fn may_hold(total: Number, x: Number, y: Number, form: Form) -> bool {
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

struct Completer<'a> {
    run: [u8; MAX_RUN],
    n: usize,
    empties: &'a [Empty],
    /// For each square of the run, the digits it may show if it is empty, 0 if it is fixed.
    allowed: [u16; MAX_RUN],
    /// How many empty squares come before each square (and one past the end).
    empties_before: [u8; MAX_RUN + 1],
    rack: Counts,
    rules: ReadRules,
    s_max: usize,
    e_min: usize,
    /// The piece whose splits are being tried.
    span: (usize, usize),
    digit_range: DigitRange,
    found: &'a mut Vec<Completion>,
    /// Fillings of splits made only of empty squares, shared with other runs.
    new_splits: Option<&'a mut NewSplits>,
}

/// The fillings of splits made only of empty squares, kept across the runs of one listing:
/// such a split reads true with the same digits wherever it lies, as they depend on the rack
/// alone, and the digits each square allows only pick among them.
#[derive(Default)]
pub(crate) struct NewSplits {
    /// The rack and rules the fillings were worked out for.
    basis: Option<(Counts, ReadRules)>,
    /// By the split's operation and its numbers' places in the piece: the piece's digits,
    /// four bits each from the lowest.
    fillings: HashMap<u64, Vec<u64>>,
}

impl NewSplits {
    /// Forgets fillings worked out for another rack or other rules.
    fn keep_for(&mut self, rack: Counts, rules: ReadRules) {
        if self.basis != Some((rack, rules)) {
            self.fillings.clear();
            self.basis = Some((rack, rules));
        }
    }
}

/// A way of reading a piece: `a op b = r`, or `a op = r` with `b` empty for the powers and
/// roots.
#[derive(Clone, Copy)]
struct Split {
    op: Op,
    a: Number,
    b: Number,
    r: Number,
}

impl Split {
    fn numbers(self) -> [Number; 3] {
        [self.a, self.b, self.r]
    }

    /// The squares the split covers.
    fn piece(self) -> (usize, usize) {
        let numbers = self.numbers();
        let start = numbers.iter().map(|n| n.start).min().unwrap_or(0);
        let end = numbers.iter().map(|n| n.end).max().unwrap_or(0);
        (start, end)
    }

    /// The operation and each number's place and length in the piece, one byte each.
    fn shape(self) -> u64 {
        let (start, _) = self.piece();
        self.numbers().iter().fold(self.op as u64, |key, n| {
            key << 16 | ((n.start - start) as u64) << 8 | n.len() as u64
        })
    }
}

/// One way of filling the empty squares: their digits in the order of the empties, four bits
/// each from the lowest, and whether a true piece with them reaches past the bounds asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Completion {
    pub digits: u64,
    /// Some true piece starts before `s_max`.
    pub reaches_left: bool,
    /// Some true piece ends after `e_min`.
    pub reaches_right: bool,
}

impl Completion {
    pub(crate) fn digit(self, empty: usize) -> u8 {
        ((self.digits >> (4 * empty)) & 0xF) as u8
    }
}

/// Every way of filling `empties` from `rack` so that some piece `[s, e)` of `run` with
/// `s <= s_max` and `e >= e_min` reads true (every empty square lies in such a piece), each
/// once.
pub(crate) fn completions(
    run: &[u8],
    empties: &[Empty],
    rack: Counts,
    s_max: usize,
    e_min: usize,
    rules: ReadRules,
) -> Vec<Completion> {
    let mut found = Vec::new();
    completions_into(run, empties, rack, s_max, e_min, rules, &mut found, None);
    found
}

/// [`completions`] written into `found`, whose earlier contents go, with the fillings of
/// splits made only of empty squares taken from `new_splits` when given.
#[allow(clippy::too_many_arguments)]
pub(crate) fn completions_into(
    run: &[u8],
    empties: &[Empty],
    rack: Counts,
    s_max: usize,
    e_min: usize,
    rules: ReadRules,
    found: &mut Vec<Completion>,
    mut new_splits: Option<&mut NewSplits>,
) {
    found.clear();
    let n = run.len().min(MAX_RUN);
    // A square no digit may fill leaves nothing to find.
    if empties.iter().any(|e| e.allowed == 0 || e.at >= n) {
        return;
    }
    if let Some(splits) = new_splits.as_deref_mut() {
        splits.keep_for(rack, rules);
    }
    let mut completer = Completer::new(run, empties, rack, s_max, e_min, rules, found, new_splits);
    completer.search(s_max, e_min);
    let found = completer.found;
    found.sort_unstable();
    // The same digits found through several pieces: how far any of them reached.
    found.dedup_by(|later, kept| {
        let same = later.digits == kept.digits;
        if same {
            kept.reaches_left |= later.reaches_left;
            kept.reaches_right |= later.reaches_right;
        }
        same
    });
}

impl<'a> Completer<'a> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        run: &[u8],
        empties: &'a [Empty],
        rack: Counts,
        s_max: usize,
        e_min: usize,
        rules: ReadRules,
        found: &'a mut Vec<Completion>,
        new_splits: Option<&'a mut NewSplits>,
    ) -> Completer<'a> {
        let n = run.len().min(MAX_RUN);
        let mut digits = [0u8; MAX_RUN];
        digits[..n].copy_from_slice(&run[..n]);
        let mut allowed = [0u16; MAX_RUN];
        for empty in empties {
            allowed[empty.at] = empty.allowed;
        }
        let mut empties_before = [0u8; MAX_RUN + 1];
        for at in 0..n {
            empties_before[at + 1] = empties_before[at] + u8::from(allowed[at] != 0);
        }
        let digit_range = DigitRange::new(&digits[..n], &allowed, rack);
        Completer {
            run: digits,
            n,
            empties,
            allowed,
            empties_before,
            rack,
            rules,
            s_max,
            e_min,
            span: (0, 0),
            digit_range,
            found,
            new_splits,
        }
    }
}

impl Completer<'_> {
    /// Every split and operation of every piece `[s, e)` with `s <= s_max` and `e >= e_min`
    /// whose numbers' lengths fit the operation. The pieces are walked by their numbers, so
    /// the last number is never longer than the two before it allow: `x y z` with
    /// `|z| <= |x| + |y| + 1`, and `x y` with `|y| <= 3 |x|`.
    fn search(&mut self, s_max: usize, e_min: usize) {
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

    /// Tries a split: from the shared fillings when it is made only of empty squares.
    fn split(&mut self, split: Split) {
        if self.new_splits.is_some() && split.numbers().iter().all(|&n| self.holes(n) == n.len()) {
            return self.new_split(split);
        }
        self.solve(split);
    }

    fn solve(&mut self, split: Split) {
        if split.op.is_binary() {
            self.binary(split.op, split.a, split.b, split.r);
        } else {
            self.unary(split.op, split.a, split.r);
        }
    }

    /// Records the shared fillings of a split of empty squares that its squares allow,
    /// working them out the first time the split's shape comes up.
    fn new_split(&mut self, split: Split) {
        let Some(splits) = self.new_splits.take() else {
            return;
        };
        let (start, end) = split.piece();
        let fillings = splits
            .fillings
            .entry(split.shape())
            .or_insert_with(|| self.fillings_anywhere(split));
        for &filling in fillings.iter() {
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

    /// A fixed zero in front is never a number.
    fn may_start(&self, at: usize) -> bool {
        self.allowed[at] != 0 || self.run[at] != 0
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

    fn holes(&self, number: Number) -> usize {
        usize::from(self.empties_before[number.end] - self.empties_before[number.start])
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

    /// Fills the empty squares of `given` in every way the rack allows and works `derived`
    /// out whole from them: a factor or a root, whose digits do not follow column by column.
    fn derive(&mut self, given: [Number; 2], derived: Number, inverse: Inverse) {
        // Run positions fit a byte.
        const _: () = assert!(MAX_RUN <= 256);
        let mut squares = [0u8; MAX_RUN];
        let mut count = 0;
        for at in given.iter().flat_map(|n| n.start..n.end) {
            if self.allowed[at] != 0 {
                squares[count] = at as u8;
                count += 1;
            }
        }
        let rack = self.rack;
        self.derive_from(&squares[..count], given, derived, inverse, rack);
    }

    fn derive_from(
        &mut self,
        squares: &[u8],
        given: [Number; 2],
        derived: Number,
        inverse: Inverse,
        rack: Counts,
    ) {
        let Some((&at, rest)) = squares.split_first() else {
            // Most numbers fit 64 bits, whose division is much cheaper.
            let target = if given.iter().all(|n| n.len() <= BOUNDED_DIGITS) {
                let [p, q] = given.map(|n| value64(&self.run, n));
                match inverse {
                    Inverse::Quotient => (q != 0 && p % q == 0).then(|| p / q),
                    Inverse::Root(power) => exact_root64(p, power),
                }
                .map(u128::from)
            } else {
                let [p, q] = given.map(|n| value(&self.run, n));
                match inverse {
                    Inverse::Quotient => (q != 0 && p % q == 0).then(|| p / q),
                    Inverse::Root(power) => exact_root(p, power),
                }
            };
            if let Some(target) = target {
                self.write_whole(derived, target, rack);
            }
            return;
        };
        let at = usize::from(at);
        let allowed = self.allowed[at];
        if allowed == 0 {
            return;
        }
        let mut wanted = allowed & rack.available();
        if given.iter().any(|n| n.start == at && n.len() > 0) {
            wanted &= !1;
        }
        for d in 0..10u8 {
            if wanted & (1 << d) == 0 {
                continue;
            }
            let mut left = rack;
            left.take(d);
            self.run[at] = d;
            self.derive_from(rest, given, derived, inverse, left);
        }
    }

    /// Writes `target` into `number` if it has the number's length and its squares can show
    /// it, then records the completion.
    fn write_whole(&mut self, number: Number, target: u128, rack: Counts) {
        if number.len() <= BOUNDED_DIGITS
            && let Ok(target) = u64::try_from(target)
        {
            let low = POWERS_OF_TEN_64[number.len() - 1];
            if target < low || target / 10 >= low {
                return;
            }
            let mut rack = rack;
            let mut rest = target;
            for at in (number.start..number.end).rev() {
                if !self.place(at, (rest % 10) as u8, &mut rack) {
                    return;
                }
                rest /= 10;
            }
            self.record();
            return;
        }
        let low = 10u128.pow(number.len() as u32 - 1);
        if target < low || target / 10 >= low {
            return;
        }
        let mut rack = rack;
        let mut rest = target;
        for at in (number.start..number.end).rev() {
            if !self.place(at, (rest % 10) as u8, &mut rack) {
                return;
            }
            rest /= 10;
        }
        self.record();
    }

    /// Keeps the digits now on the empty squares as one completion.
    fn record(&mut self) {
        let digits = self
            .empties
            .iter()
            .enumerate()
            .fold(0u64, |key, (h, empty)| {
                key | u64::from(self.run[empty.at]) << (4 * h)
            });
        self.found.push(Completion {
            digits,
            reaches_left: self.span.0 < self.s_max,
            reaches_right: self.span.1 > self.e_min,
        });
    }

    fn relation(&mut self, relation: Relation) {
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

    /// Writes `digit` on square `at`: a fixed square must show it already, an empty one must
    /// allow it and the rack must hold it.
    fn place(&mut self, at: usize, digit: u8, rack: &mut Counts) -> bool {
        let allowed = self.allowed[at];
        if allowed == 0 {
            return self.run[at] == digit;
        }
        if allowed & (1 << digit) == 0 || !rack.take(digit) {
            return false;
        }
        self.run[at] = digit;
        true
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

/// How a number is worked out whole from the others.
#[derive(Clone, Copy)]
enum Inverse {
    /// The first given number divided by the second, when it divides exactly.
    Quotient,
    /// The exact square (2) or cube (3) root of the first given number.
    Root(u32),
}

/// How a column's output digit follows its last empty input square's digit.
struct Linear {
    first: u8,
    step: u8,
    /// The inputs' low digits with every digit of the column but that square's.
    low: [u64; 2],
}

impl Linear {
    fn output(&self, digit: u8) -> u8 {
        (self.first + self.step * digit) % 10
    }

    /// The digits that give `target` in the output's column.
    fn digits_giving(&self, target: u8) -> u16 {
        let wanted = (target + 10 - self.first) % 10;
        LINEAR_SOLUTIONS[usize::from(self.step)][usize::from(wanted)]
    }
}

/// How the output of a relation comes from its inputs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Sum,
    /// The first input less the second.
    Difference,
    Product,
    Square,
    Cube,
}

impl Form {
    /// The output of whole inputs, none on overflow.
    fn apply(self, x: u128, y: u128) -> Option<u128> {
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
    fn apply_low(self, [x, y]: [u64; 2], k: usize) -> u64 {
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
fn digit_at(v: u64, k: usize) -> u8 {
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

/// `out = inputs[0] (+, -, ×) inputs[1]`, or a power of `inputs[0]`.
struct Relation {
    out: Number,
    inputs: [Number; 2],
    form: Form,
}

/// `LINEAR_SOLUTIONS[step][wanted]`: the digits `x` with `step × x = wanted` modulo 10.
const LINEAR_SOLUTIONS: [[u16; 10]; 10] = {
    let mut table = [[0u16; 10]; 10];
    let mut step = 0;
    while step < 10 {
        let mut x = 0;
        while x < 10 {
            table[step][step * x % 10] |= 1 << x;
            x += 1;
        }
        step += 1;
    }
    table
};

/// `BASES_ENDING_IN[cube][endings]`: the digits whose square (cube when `cube` is 1) ends in
/// one of the digits of the mask `endings`.
const BASES_ENDING_IN: [[u16; 1 << 10]; 2] = {
    let mut table = [[0u16; 1 << 10]; 2];
    let mut endings = 0;
    while endings < 1 << 10 {
        let mut base = 0;
        while base < 10 {
            if endings & 1 << (base * base % 10) != 0 {
                table[0][endings] |= 1 << base;
            }
            if endings & 1 << (base * base * base % 10) != 0 {
                table[1][endings] |= 1 << base;
            }
            base += 1;
        }
        endings += 1;
    }
    table
};

/// Every power of ten in 64 bits.
const POWERS_OF_TEN_64: [u64; BOUNDED_DIGITS + 1] = {
    let mut powers = [1u64; BOUNDED_DIGITS + 1];
    let mut k = 1;
    while k <= BOUNDED_DIGITS {
        powers[k] = powers[k - 1] * 10;
        k += 1;
    }
    powers
};

/// Columns checked as they are filled: inputs below 10^9 keep every product within 64 bits.
const COLUMNS: usize = 9;

const POWERS_OF_TEN: [u64; COLUMNS + 1] = {
    let mut powers = [1u64; COLUMNS + 1];
    let mut k = 1;
    while k <= COLUMNS {
        powers[k] = powers[k - 1] * 10;
        k += 1;
    }
    powers
};

/// The value of a number's squares (they hold digits, none a leading zero).
fn value(run: &[u8], number: Number) -> u128 {
    run[number.start..number.end]
        .iter()
        .fold(0u128, |v, &d| v * 10 + u128::from(d))
}

/// The value of a number of at most [`BOUNDED_DIGITS`] squares.
fn value64(run: &[u8], number: Number) -> u64 {
    run[number.start..number.end]
        .iter()
        .fold(0u64, |v, &d| v * 10 + u64::from(d))
}

/// [`exact_root`] in 64 bits.
fn exact_root64(v: u64, power: u32) -> Option<u64> {
    let guess = if power == 2 {
        v.isqrt()
    } else {
        (v as f64).cbrt().round() as u64
    };
    (guess.saturating_sub(1)..=guess + 1).find(|&c| c.checked_pow(power) == Some(v))
}

/// The exact square or cube root, if `v` is a square or a cube.
fn exact_root(v: u128, power: u32) -> Option<u128> {
    let guess = if power == 2 {
        v.isqrt()
    } else {
        (v as f64).cbrt().round() as u128
    };
    (guess.saturating_sub(1)..=guess + 1).find(|&c| c.checked_pow(power) == Some(v))
}

/// Whether numbers of these lengths can make `a op b = r` true (`b` unused for the unary
/// operations, which read `a op = r`).
fn lengths_fit(op: Op, a: usize, b: usize, r: usize) -> bool {
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
fn sum_length(len: usize, x: usize, y: usize) -> bool {
    let longest = x.max(y);
    len == longest || len == longest + 1
}

/// Whether a product of numbers of `x` and `y` digits can have `len` digits.
fn product_length(len: usize, x: usize, y: usize) -> bool {
    len + 1 == x + y || len == x + y
}

/// Whether a power (2 for squares, 3 for cubes) of a number of `x` digits can have `len` digits.
pub(crate) fn power_length(len: usize, x: usize, power: usize) -> bool {
    len <= power * x && len + power > power * x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abaku::examples::{OpSet, has_reading, parse_digits};
    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn every_rules() -> Vec<ReadRules> {
        [OpSet::All, OpSet::AddSub, OpSet::MulDiv, OpSet::Basic]
            .into_iter()
            .flat_map(|ops| [false, true].map(|result_first| ReadRules { ops, result_first }))
            .collect()
    }

    /// What `completions` must find: every filling the rack allows tried, each run read.
    fn tried(
        run: &[u8],
        empties: &[Empty],
        rack: Counts,
        s_max: usize,
        e_min: usize,
        rules: ReadRules,
    ) -> Vec<Completion> {
        let mut found = Vec::new();
        let mut run = run.to_vec();
        for code in 0..10u64.pow(empties.len() as u32) {
            let mut left = rack;
            let mut key = 0u64;
            let mut ok = true;
            for (h, empty) in empties.iter().enumerate() {
                let d = (code / 10u64.pow(h as u32) % 10) as u8;
                ok &= empty.allowed & (1 << d) != 0 && left.take(d);
                run[empty.at] = d;
                key |= u64::from(d) << (4 * h);
            }
            let reads = |s_last: usize, e_first: usize| {
                (0..=s_last).any(|s| {
                    (e_first.max(s + 2)..=run.len()).any(|e| has_reading(&run[s..e], rules))
                })
            };
            if ok && reads(s_max, e_min) {
                found.push(Completion {
                    digits: key,
                    reaches_left: s_max > 0 && reads(s_max - 1, e_min),
                    reaches_right: reads(s_max, e_min + 1),
                });
            }
        }
        found
    }

    #[test]
    fn completions_agree_with_trying_every_filling() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut filled = 0;
        for case in 0..1_500 {
            // Runs around a true sum, so that fillings exist, or random digits.
            let run: Vec<u8> = if case % 3 != 0 {
                let (a, b) = (rng.random_range(1..5_000u64), rng.random_range(1..300u64));
                let text = match rng.random_range(0..5) {
                    0 => format!("{a}{b}{}", a + b),
                    1 => format!("{}{b}{a}", a + b),
                    2 => format!("{a}{b}{}", a * b),
                    3 => format!("{b}{}", b * b),
                    _ => format!("{}{b}", b * b * b),
                };
                let mut digits = parse_digits(&text).unwrap_or_default();
                for _ in 0..rng.random_range(0..3) {
                    digits.insert(rng.random_range(0..=digits.len()), rng.random_range(0..10));
                }
                digits
            } else {
                (0..rng.random_range(2..=9))
                    .map(|_| rng.random_range(0..10))
                    .collect()
            };
            let n = run.len();
            let holes = rng.random_range(1..=3.min(n));
            let first = rng.random_range(0..=n - holes);
            let mut at: Vec<usize> = (first..n).collect();
            at.truncate(rng.random_range(holes..=n - first));
            let last = *at.last().unwrap_or(&first);
            let mut chosen: Vec<usize> = at
                .choose_multiple(&mut rng, holes - 1)
                .copied()
                .filter(|&a| a != first)
                .collect();
            chosen.push(first);
            chosen.sort_unstable();
            chosen.dedup();
            let empties: Vec<Empty> = chosen
                .iter()
                .map(|&at| Empty {
                    at,
                    allowed: if rng.random_bool(0.8) {
                        ALL_DIGITS
                    } else {
                        rng.random_range(1..=ALL_DIGITS)
                    },
                })
                .collect();
            let mut rack = Counts::default();
            if rng.random_bool(0.3) {
                rack.add_joker();
            }
            for _ in 0..rng.random_range(2..=8) {
                rack.add_digit(rng.random_range(0..10));
            }
            let last = last.max(*chosen.last().unwrap_or(&first));
            let rules = *every_rules()
                .choose(&mut rng)
                .unwrap_or(&ReadRules::default());
            let found = completions(&run, &empties, rack, first, last + 1, rules);
            let expected = tried(&run, &empties, rack, first, last + 1, rules);
            assert_eq!(found, expected, "{run:?} {empties:?} {rack:?} {rules:?}");
            filled += usize::from(!found.is_empty());
        }
        assert!(filled > 300, "only {filled} runs could be completed");
    }

    /// Runs of empty squares only, between old digits or alone, through fillings shared across
    /// runs: the same as trying every filling, the first time a split comes up and after.
    #[test]
    fn shared_fillings_agree_with_trying_every_filling() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let mut shared = NewSplits::default();
        let mut rack = Counts::default();
        let mut rules = ReadRules::default();
        let mut filled = 0;
        for case in 0..400 {
            // A few racks and rules at a time, so that shared fillings are used again.
            if case % 40 == 0 {
                rack = Counts::default();
                if rng.random_bool(0.5) {
                    rack.add_joker();
                }
                for _ in 0..rng.random_range(3..=5) {
                    rack.add_digit(rng.random_range(0..10));
                }
                rules = *every_rules()
                    .choose(&mut rng)
                    .unwrap_or(&ReadRules::default());
            }
            let holes = rng.random_range(2..=4);
            let before: Vec<u8> = (0..rng.random_range(0..=2))
                .map(|_| rng.random_range(0..10))
                .collect();
            let after: Vec<u8> = (0..rng.random_range(0..=2))
                .map(|_| rng.random_range(0..10))
                .collect();
            let run: Vec<u8> = before
                .iter()
                .copied()
                .chain(std::iter::repeat_n(0, holes))
                .chain(after.iter().copied())
                .collect();
            let first = before.len();
            let empties: Vec<Empty> = (first..first + holes)
                .map(|at| Empty {
                    at,
                    allowed: if rng.random_bool(0.7) {
                        ALL_DIGITS
                    } else {
                        rng.random_range(1..=ALL_DIGITS)
                    },
                })
                .collect();
            let last = first + holes - 1;
            let expected = tried(&run, &empties, rack, first, last + 1, rules);
            let mut found = Vec::new();
            completions_into(
                &run,
                &empties,
                rack,
                first,
                last + 1,
                rules,
                &mut found,
                Some(&mut shared),
            );
            assert_eq!(found, expected, "{run:?} {empties:?} {rack:?} {rules:?}");
            filled += usize::from(!found.is_empty());
        }
        assert!(filled > 100, "only {filled} runs could be completed");
    }
}
