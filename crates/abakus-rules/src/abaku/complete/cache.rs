//! The fillings of all-empty splits, kept for one rack and rules across the runs of a listing.

use std::collections::HashMap;

use super::counts::Counts;
use crate::abaku::examples::ReadRules;

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
    pub(super) fn keep_for(&mut self, rack: Counts, rules: ReadRules) {
        if self.basis != Some((rack, rules)) {
            self.fillings.clear();
            self.basis = Some((rack, rules));
        }
    }

    /// The fillings of splits of this shape ([`Split::shape`]), worked out by `work` the first
    /// time the shape comes up.
    ///
    /// [`Split::shape`]: super::split::Split::shape
    #[inline]
    pub(super) fn fillings(&mut self, shape: u64, work: impl FnOnce() -> Vec<u64>) -> &[u64] {
        self.fillings.entry(shape).or_insert_with(work)
    }
}
