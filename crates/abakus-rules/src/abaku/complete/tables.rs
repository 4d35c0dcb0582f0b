//! Constant tables the searches look up: powers of ten, and the digits that solve a column.

/// The longest number whose bounds are worked out: 19 nines fit in 64 bits.
pub(super) const BOUNDED_DIGITS: usize = 19;

/// Every power of ten in 64 bits.
pub(super) const POWERS_OF_TEN_64: [u64; BOUNDED_DIGITS + 1] = {
    let mut powers = [1u64; BOUNDED_DIGITS + 1];
    let mut k = 1;
    while k <= BOUNDED_DIGITS {
        powers[k] = powers[k - 1] * 10;
        k += 1;
    }
    powers
};

/// Columns checked as they are filled: inputs below 10^9 keep every product within 64 bits.
pub(super) const COLUMNS: usize = 9;

/// The powers of ten the columns need.
pub(super) const POWERS_OF_TEN: [u64; COLUMNS + 1] = {
    let mut powers = [1u64; COLUMNS + 1];
    let mut k = 1;
    while k <= COLUMNS {
        powers[k] = powers[k - 1] * 10;
        k += 1;
    }
    powers
};

/// `LINEAR_SOLUTIONS[step][wanted]`: the digits `x` with `step × x = wanted` modulo 10.
pub(super) const LINEAR_SOLUTIONS: [[u16; 10]; 10] = {
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
pub(super) const BASES_ENDING_IN: [[u16; 1 << 10]; 2] = {
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
