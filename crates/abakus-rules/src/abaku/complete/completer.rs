//! The state of one completion search: the run, its empty squares, the rack and what was found.

use super::bounds::{DigitRange, Number};
use super::cache::NewSplits;
use super::counts::Counts;
use crate::abaku::eval::MAX_RUN;
use crate::abaku::examples::ReadRules;

/// An empty square of the run and the digits it may show.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Empty {
    pub at: usize,
    pub allowed: u16,
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
    /// The digit of empty square `empty`, by its place in the empties.
    #[inline]
    pub(crate) fn digit(self, empty: usize) -> u8 {
        ((self.digits >> (4 * empty)) & 0xF) as u8
    }
}

/// One search for the completions of a run: the searches write digits into `run` as they try
/// them, and keep each filling that reads true in `found`.
pub(super) struct Completer<'a> {
    /// The run's digits, the empty squares holding the digits being tried.
    pub(super) run: [u8; MAX_RUN],
    /// The run's length.
    pub(super) n: usize,
    empties: &'a [Empty],
    /// For each square of the run, the digits it may show if it is empty, 0 if it is fixed.
    pub(super) allowed: [u16; MAX_RUN],
    /// How many empty squares come before each square (and one past the end).
    empties_before: [u8; MAX_RUN + 1],
    /// The tiles the empty squares are filled from.
    pub(super) rack: Counts,
    pub(super) rules: ReadRules,
    s_max: usize,
    e_min: usize,
    /// The piece whose splits are being tried.
    pub(super) span: (usize, usize),
    pub(super) digit_range: DigitRange,
    pub(super) found: &'a mut Vec<Completion>,
    /// Fillings of splits made only of empty squares, shared with other runs.
    pub(super) new_splits: Option<&'a mut NewSplits>,
}

impl<'a> Completer<'a> {
    /// A search of `run` for the fillings of `empties` from `rack` (see [`completions`]).
    ///
    /// [`completions`]: super::completions
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
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
    /// A fixed zero in front is never a number.
    #[inline]
    pub(super) fn may_start(&self, at: usize) -> bool {
        self.allowed[at] != 0 || self.run[at] != 0
    }

    /// How many empty squares the number covers.
    #[inline]
    pub(super) fn holes(&self, number: Number) -> usize {
        usize::from(self.empties_before[number.end] - self.empties_before[number.start])
    }

    /// Writes `digit` on square `at`: a fixed square must show it already, an empty one must
    /// allow it and the rack must hold it.
    #[inline]
    pub(super) fn place(&mut self, at: usize, digit: u8, rack: &mut Counts) -> bool {
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

    /// Keeps the digits now on the empty squares as one completion.
    #[inline]
    pub(super) fn record(&mut self) {
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
}
