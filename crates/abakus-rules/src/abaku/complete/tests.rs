//! The searches checked against trying every filling the rack allows.

use super::{ALL_DIGITS, Completion, Counts, Empty, NewSplits, completions, completions_into};
use crate::abaku::examples::{OpSet, ReadRules, has_reading, parse_digits};
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
            (0..=s_last)
                .any(|s| (e_first.max(s + 2)..=run.len()).any(|e| has_reading(&run[s..e], rules)))
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
