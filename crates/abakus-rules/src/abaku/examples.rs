//! Digit runs read as examples: every split and operation under which a run is a true sum.

use std::fmt;
use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

/// Which operations count, chosen at setup.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpSet {
    /// All eight operations.
    #[default]
    All,
    /// Addition and subtraction only.
    AddSub,
    /// Multiplication and division only.
    MulDiv,
    /// Everything but powers and roots.
    Basic,
}

impl OpSet {
    /// Every set, the full one first.
    pub const ALL: [OpSet; 4] = [OpSet::All, OpSet::AddSub, OpSet::MulDiv, OpSet::Basic];

    /// Whether the operation counts under this set.
    #[must_use]
    pub fn allows(self, op: Op) -> bool {
        match self {
            OpSet::All => true,
            OpSet::AddSub => matches!(op, Op::Add | Op::Sub),
            OpSet::MulDiv => matches!(op, Op::Mul | Op::Div),
            OpSet::Basic => op.is_binary(),
        }
    }

    /// The set's name in positions and on the command line: `all`, `addsub`, `muldiv`, `basic`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OpSet::All => "all",
            OpSet::AddSub => "addsub",
            OpSet::MulDiv => "muldiv",
            OpSet::Basic => "basic",
        }
    }

    /// Reads a name of [`OpSet::name`].
    #[must_use]
    pub fn from_name(name: &str) -> Option<OpSet> {
        OpSet::ALL.into_iter().find(|set| set.name() == name)
    }

    fn any_unary(self) -> bool {
        matches!(self, OpSet::All)
    }
}

/// The eight operations of the rule text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Op {
    /// `a+b=r`.
    Add,
    /// `a-b=r`.
    Sub,
    /// `a×b=r`.
    Mul,
    /// `a÷b=r`, exactly.
    Div,
    /// `a²=r`.
    Square,
    /// `a³=r`.
    Cube,
    /// `√a=r`, exactly.
    Sqrt,
    /// `∛a=r`, exactly.
    Cbrt,
}

impl Op {
    pub(crate) const BINARY: [Op; 4] = [Op::Add, Op::Sub, Op::Mul, Op::Div];
    pub(crate) const UNARY: [Op; 4] = [Op::Square, Op::Cube, Op::Sqrt, Op::Cbrt];

    /// Whether it takes two numbers (+, -, ×, ÷) rather than one (powers and roots).
    #[must_use]
    pub fn is_binary(self) -> bool {
        matches!(self, Op::Add | Op::Sub | Op::Mul | Op::Div)
    }
}

/// How digit runs are read: the operation set and whether results may stand first.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReadRules {
    /// The operations that count.
    pub ops: OpSet,
    /// Whether a result may also stand first, as in `12=8+4`.
    pub result_first: bool,
}

/// One way a digit run reads true.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reading {
    /// The operation.
    pub op: Op,
    /// The first operand.
    pub a: u128,
    /// The second operand of a binary operation.
    pub b: Option<u128>,
    /// The result.
    pub result: u128,
    /// Whether the result stands first in the run.
    pub result_first: bool,
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.a;
        let lhs = match (self.op, self.b) {
            (Op::Add, Some(b)) => format!("{a}+{b}"),
            (Op::Sub, Some(b)) => format!("{a}-{b}"),
            (Op::Mul, Some(b)) => format!("{a}×{b}"),
            (Op::Div, Some(b)) => format!("{a}÷{b}"),
            (Op::Square, _) => format!("{a}²"),
            (Op::Cube, _) => format!("{a}³"),
            (Op::Sqrt, _) => format!("√{a}"),
            (Op::Cbrt, _) => format!("∛{a}"),
            (_, None) => format!("{a}"),
        };
        if self.result_first {
            write!(f, "{}={lhs}", self.result)
        } else {
            write!(f, "{lhs}={}", self.result)
        }
    }
}

/// The longest number whose every value fits in 128 bits; anything longer counts as too big to be
/// part of a true sum, which also bounds the work on absurdly long runs.
pub const MAX_NUMBER_DIGITS: usize = 38;

/// The value of a digit slice read as a number: none for a leading zero, `0` alone or overflow.
#[must_use]
pub fn number(digits: &[u8]) -> Option<u128> {
    match digits.first() {
        None | Some(0) => None,
        Some(_) if digits.len() > MAX_NUMBER_DIGITS => None,
        Some(_) => digits.iter().try_fold(0u128, |acc, &d| {
            acc.checked_mul(10)?.checked_add(u128::from(d))
        }),
    }
}

#[inline]
fn holds(op: Op, a: u128, b: u128, r: u128) -> bool {
    match op {
        Op::Add => a.checked_add(b) == Some(r),
        Op::Sub => b.checked_add(r) == Some(a),
        Op::Mul => a.checked_mul(b) == Some(r),
        Op::Div => b.checked_mul(r) == Some(a),
        Op::Square => a.checked_mul(a) == Some(r),
        Op::Cube => a.checked_mul(a).and_then(|s| s.checked_mul(a)) == Some(r),
        Op::Sqrt => r.checked_mul(r) == Some(a),
        Op::Cbrt => r.checked_mul(r).and_then(|s| s.checked_mul(r)) == Some(a),
    }
}

/// Suffix values of a run, so that the last number of a split costs nothing to read.
fn suffix_values(d: &[u8], out: &mut [Option<u128>]) {
    let n = d.len();
    let mut value: Option<u128> = Some(0);
    let mut scale: Option<u128> = Some(1);
    for k in (0..n).rev() {
        value = match (value, scale) {
            (Some(v), Some(s)) => s
                .checked_mul(u128::from(d[k]))
                .and_then(|x| x.checked_add(v)),
            _ => None,
        };
        scale = scale.and_then(|s| s.checked_mul(10));
        out[k] = if d[k] == 0 || n - k > MAX_NUMBER_DIGITS {
            None
        } else {
            value
        };
    }
}

/// Calls `visit` for each reading of the whole run, in a fixed order: binary splits (by the end of
/// the first number, then of the second; +, -, ×, ÷), then unary splits (², ³, √, ∛), then the same
/// with the result first when that variant is on.
pub fn for_each_reading<B>(
    d: &[u8],
    rules: ReadRules,
    mut visit: impl FnMut(Reading) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let n = d.len();
    if !(2..=3 * MAX_NUMBER_DIGITS).contains(&n) {
        return ControlFlow::Continue(());
    }
    let mut stack = [None; 3 * MAX_NUMBER_DIGITS + 1];
    let suffix = &mut stack[..n];
    suffix_values(d, suffix);
    let ops = rules.ops;
    if d[0] == 0 {
        return ControlFlow::Continue(());
    }
    // Operands first, result last: the three numbers are a, b, r.
    three_numbers(d, suffix, |a, b, r| {
        binary_readings(ops, a, b, r, false, &mut visit)
    })?;
    if ops.any_unary() {
        two_numbers(d, suffix, |a, r| unary_readings(a, r, false, &mut visit))?;
    }
    if rules.result_first {
        // The same splits with the result first: the numbers are r, a, b.
        three_numbers(d, suffix, |r, a, b| {
            binary_readings(ops, a, b, r, true, &mut visit)
        })?;
        if ops.any_unary() {
            two_numbers(d, suffix, |r, a| unary_readings(a, r, true, &mut visit))?;
        }
    }
    ControlFlow::Continue(())
}

/// Every split of the run (which starts with a non-zero digit) into three numbers without
/// leading zeros, in order of the end of the first number, then of the second.
fn three_numbers<B>(
    d: &[u8],
    suffix: &[Option<u128>],
    mut each: impl FnMut(u128, u128, u128) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let n = d.len();
    let mut first: u128 = 0;
    for i in 1..n.min(MAX_NUMBER_DIGITS + 1) {
        first = first * 10 + u128::from(d[i - 1]);
        if d[i] == 0 {
            continue;
        }
        let mut second: u128 = 0;
        for j in (i + 1)..n.min(i + MAX_NUMBER_DIGITS + 1) {
            second = second * 10 + u128::from(d[j - 1]);
            if let Some(third) = suffix[j] {
                each(first, second, third)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Every split of the run (which starts with a non-zero digit) into two numbers without
/// leading zeros, in order of the end of the first number.
fn two_numbers<B>(
    d: &[u8],
    suffix: &[Option<u128>],
    mut each: impl FnMut(u128, u128) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let mut first: u128 = 0;
    for i in 1..d.len().min(MAX_NUMBER_DIGITS + 1) {
        first = first * 10 + u128::from(d[i - 1]);
        if let Some(second) = suffix[i] {
            each(first, second)?;
        }
    }
    ControlFlow::Continue(())
}

/// Visits `a op b = r` for each allowed binary operation that holds (+, -, ×, ÷).
fn binary_readings<B>(
    ops: OpSet,
    a: u128,
    b: u128,
    r: u128,
    result_first: bool,
    visit: &mut impl FnMut(Reading) -> ControlFlow<B>,
) -> ControlFlow<B> {
    for op in Op::BINARY {
        if ops.allows(op) && holds(op, a, b, r) {
            visit(Reading {
                op,
                a,
                b: Some(b),
                result: r,
                result_first,
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Visits `a² = r`, `a³ = r`, `√a = r` and `∛a = r` where they hold.
fn unary_readings<B>(
    a: u128,
    r: u128,
    result_first: bool,
    visit: &mut impl FnMut(Reading) -> ControlFlow<B>,
) -> ControlFlow<B> {
    for op in Op::UNARY {
        if holds(op, a, 0, r) {
            visit(Reading {
                op,
                a,
                b: None,
                result: r,
                result_first,
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Whether the whole run reads true in at least one way.
#[must_use]
pub fn has_reading(d: &[u8], rules: ReadRules) -> bool {
    if d.len() <= FAST_DIGITS {
        return has_reading_fast(d, rules);
    }
    for_each_reading(d, rules, |_| ControlFlow::Break(())).is_break()
}

/// Runs this short fit every number in 64 bits, the case of every line on a real board.
const FAST_DIGITS: usize = 19;

#[inline]
fn holds64(op: Op, a: u64, b: u64, r: u64) -> bool {
    match op {
        Op::Add => a.checked_add(b) == Some(r),
        Op::Sub => b.checked_add(r) == Some(a),
        Op::Mul => a.checked_mul(b) == Some(r),
        Op::Div => b.checked_mul(r) == Some(a),
        Op::Square => a.checked_mul(a) == Some(r),
        Op::Cube => a.checked_mul(a).and_then(|s| s.checked_mul(a)) == Some(r),
        Op::Sqrt => r.checked_mul(r) == Some(a),
        Op::Cbrt => r.checked_mul(r).and_then(|s| s.checked_mul(r)) == Some(a),
    }
}

/// The same test as [`for_each_reading`] in 64-bit arithmetic, for runs of at most 19 digits.
fn has_reading_fast(d: &[u8], rules: ReadRules) -> bool {
    let n = d.len();
    if n < 2 {
        return false;
    }
    // suffix[k] is the value of d[k..], 0 when it starts with a zero (never a number).
    let mut suffix = [0u64; FAST_DIGITS + 1];
    let mut value = 0u64;
    let mut scale = 1u64;
    for k in (0..n).rev() {
        value += scale * u64::from(d[k]);
        scale = scale.wrapping_mul(10);
        suffix[k] = if d[k] == 0 { 0 } else { value };
    }
    let ops = rules.ops;
    let (add, sub, mul, div) = (
        ops.allows(Op::Add),
        ops.allows(Op::Sub),
        ops.allows(Op::Mul),
        ops.allows(Op::Div),
    );
    let unary = ops.any_unary();
    let binary = |x: u64, y: u64, z: u64| {
        // x op y = z
        (add && x.checked_add(y) == Some(z))
            || (sub && y.checked_add(z) == Some(x))
            || (mul && x.checked_mul(y) == Some(z))
            || (div && y.checked_mul(z) == Some(x))
    };
    if d[0] != 0 {
        let mut a = 0u64;
        for i in 1..n {
            a = a * 10 + u64::from(d[i - 1]);
            if d[i] == 0 {
                continue;
            }
            if unary && Op::UNARY.iter().any(|&op| holds64(op, a, 0, suffix[i])) {
                return true;
            }
            let mut b = 0u64;
            for j in (i + 1)..n {
                b = b * 10 + u64::from(d[j - 1]);
                let r = suffix[j];
                if r != 0 && binary(a, b, r) {
                    return true;
                }
            }
        }
        if rules.result_first {
            let mut r = 0u64;
            for i in 1..n {
                r = r * 10 + u64::from(d[i - 1]);
                if d[i] == 0 {
                    continue;
                }
                if unary && Op::UNARY.iter().any(|&op| holds64(op, suffix[i], 0, r)) {
                    return true;
                }
                let mut a = 0u64;
                for j in (i + 1)..n {
                    a = a * 10 + u64::from(d[j - 1]);
                    let b = suffix[j];
                    if b != 0 && binary(a, b, r) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Every reading of the whole run, in the order of [`for_each_reading`].
#[must_use]
pub fn readings(d: &[u8], rules: ReadRules) -> Vec<Reading> {
    let mut out = Vec::new();
    let _ = for_each_reading::<()>(d, rules, |r| {
        out.push(r);
        ControlFlow::Continue(())
    });
    out
}

/// A piece of a run (`start` inclusive, `end` exclusive) that reads true.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// The piece's first digit in the run.
    pub start: usize,
    /// One past its last digit.
    pub end: usize,
    /// Its digits as text.
    pub digits: String,
    /// Every reading of it, as text like `8+4=12`.
    pub readings: Vec<String>,
}

/// Every piece of a run with at least one reading, ordered by start, then end.
#[must_use]
pub fn pieces(d: &[u8], rules: ReadRules) -> Vec<Piece> {
    let mut out = Vec::new();
    for start in 0..d.len() {
        let last = d.len().min(start + 3 * MAX_NUMBER_DIGITS);
        for end in (start + 2)..=last {
            let slice = &d[start..end];
            let found = readings(slice, rules);
            if !found.is_empty() {
                out.push(Piece {
                    start,
                    end,
                    digits: slice.iter().map(|&x| char::from(b'0' + x)).collect(),
                    readings: found.iter().map(ToString::to_string).collect(),
                });
            }
        }
    }
    out
}

/// Digits of a string, or the first character that is not a digit.
pub fn parse_digits(text: &str) -> Result<Vec<u8>, char> {
    text.chars()
        .map(|c| c.to_digit(10).map(|d| d as u8).ok_or(c))
        .collect()
}
