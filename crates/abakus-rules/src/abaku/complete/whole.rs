//! Numbers worked out whole from the others: a factor by division, a base as a root.

use super::bounds::{Number, value, value64};
use super::completer::Completer;
use super::counts::Counts;
use super::tables::{BOUNDED_DIGITS, POWERS_OF_TEN_64};
use crate::abaku::eval::MAX_RUN;

/// How a number is worked out whole from the others.
#[derive(Clone, Copy)]
pub(super) enum Inverse {
    /// The first given number divided by the second, when it divides exactly.
    Quotient,
    /// The exact square (2) or cube (3) root of the first given number.
    Root(u32),
}

impl Completer<'_> {
    /// Fills the empty squares of `given` in every way the rack allows and works `derived`
    /// out whole from them: a factor or a root, whose digits do not follow column by column.
    pub(super) fn derive(&mut self, given: [Number; 2], derived: Number, inverse: Inverse) {
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

    /// Tries every digit the rack allows on the first of the `squares` left, then the rest;
    /// once all are chosen, works `derived` out.
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
}

/// [`exact_root`] in 64 bits.
#[inline]
fn exact_root64(v: u64, power: u32) -> Option<u64> {
    let guess = if power == 2 {
        v.isqrt()
    } else {
        (v as f64).cbrt().round() as u64
    };
    (guess.saturating_sub(1)..=guess + 1).find(|&c| c.checked_pow(power) == Some(v))
}

/// The exact square or cube root, if `v` is a square or a cube.
#[inline]
fn exact_root(v: u128, power: u32) -> Option<u128> {
    let guess = if power == 2 {
        v.isqrt()
    } else {
        (v as f64).cbrt().round() as u128
    };
    (guess.saturating_sub(1)..=guess + 1).find(|&c| c.checked_pow(power) == Some(v))
}
