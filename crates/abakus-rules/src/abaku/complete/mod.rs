//! Filling the empty squares of a digit run so that it reads true: two numbers of a sum fix the third.

// From the top: `search` walks the pieces and splits of the run, `reuse` serves the splits of
// empty squares from `cache`, `solve` sends each split to `column` or `whole`; all of them work
// on the state in `completer`, with `bounds`, `form`, `tables` and `counts` underneath.
mod bounds;
mod cache;
mod column;
mod completer;
mod counts;
mod form;
mod reuse;
mod search;
mod solve;
mod split;
mod tables;
#[cfg(test)]
mod tests;
mod whole;

pub(crate) use cache::NewSplits;
pub(crate) use completer::{Completion, Empty};
pub(crate) use counts::{ALL_DIGITS, Counts};

use crate::abaku::eval::MAX_RUN;
use crate::abaku::examples::ReadRules;
use completer::Completer;

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
