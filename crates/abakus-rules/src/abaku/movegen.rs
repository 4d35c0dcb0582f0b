//! Every legal placement for the rack to move: per-line windows, cross-check masks, then a search.

use super::board::{Dir, Square};
use super::complete::{
    ALL_DIGITS, Completion, Counts, Empty, NewSplits, completions, completions_into,
};
use super::eval::{BLANK, EMPTY, MAX_RUN, Run, is_digit};
use super::examples::{self, ReadRules};
use super::moves::{Laid, Placement, Put};
use super::position::Position;
use super::tiles::Tile;

/// Per-square facts that do not depend on what else is laid this turn.
struct Tables {
    /// Digits that satisfy the adjacency rule in each direction (all digits when no old neighbour).
    ok: Vec<[u16; 4]>,
    /// Whether the square has an old tile next to it in each direction.
    has: Vec<[bool; 4]>,
    /// Digits the square may show beside the blank joker: only 0 next to it along an active
    /// direction (the diagonals too with the diagonal variant), all digits elsewhere.
    blank: Vec<u16>,
}

struct Gen<'a> {
    pos: &'a Position,
    dirs: &'static [Dir],
    rules: ReadRules,
    codes: Vec<u8>,
    tables: Tables,
    opening: bool,
    out: Vec<Placement>,
    scratch: Scratch,
}

/// Buffers every window reuses, so that trying a window allocates nothing.
#[derive(Default)]
struct Scratch {
    slots: Vec<Slot>,
    empties: Vec<Empty>,
    found: Vec<Completion>,
    laid: Vec<Laid>,
    new_splits: NewSplits,
}

/// One square to fill in a window, possibly fixed to the digit replacing the joker.
#[derive(Clone, Copy)]
struct Slot {
    index: usize,
    /// Position in the run buffer.
    at: usize,
    allowed: u16,
    forced: Option<u8>,
    /// Whether the square has an old tile next to it.
    touches: bool,
}

/// The rack as counts.
fn rack_counts(rack: &[Tile]) -> Counts {
    let mut c = Counts::default();
    for t in rack {
        match *t {
            Tile::Digit(d) => c.add_digit(d.min(9)),
            Tile::Joker => c.add_joker(),
        }
    }
    c
}

impl<'a> Gen<'a> {
    fn new(pos: &'a Position, codes: Vec<u8>) -> Gen<'a> {
        let dirs = pos.variants.dirs();
        let rules = pos.variants.read_rules();
        let mut g = Gen {
            pos,
            dirs,
            rules,
            codes,
            tables: Tables {
                ok: Vec::new(),
                has: Vec::new(),
                blank: Vec::new(),
            },
            opening: pos.is_opening(),
            out: Vec::new(),
            scratch: Scratch::default(),
        };
        g.tables = g.build_tables();
        g
    }

    fn build_tables(&mut self) -> Tables {
        let layout = &self.pos.layout;
        let n = layout.len();
        let mut ok = vec![[ALL_DIGITS; 4]; n];
        let mut has = vec![[false; 4]; n];
        let mut blank = vec![ALL_DIGITS; n];
        for i in 0..n {
            if self.codes[i] != EMPTY {
                continue;
            }
            let beside_blank = self.dirs.iter().any(|&dir| {
                [false, true].into_iter().any(|forward| {
                    layout
                        .step(i, dir, forward)
                        .is_some_and(|j| self.codes[j] == BLANK)
                })
            });
            if beside_blank {
                blank[i] = 1;
            }
            for &dir in self.dirs {
                let before = layout
                    .step(i, dir, false)
                    .is_some_and(|j| is_digit(self.codes[j]));
                let after = layout
                    .step(i, dir, true)
                    .is_some_and(|j| is_digit(self.codes[j]));
                if !before && !after {
                    continue;
                }
                has[i][dir.index()] = true;
                // Any digit stands in while the run through the square is read.
                self.codes[i] = 0;
                let run = Run::through(layout, &self.codes, i, dir);
                self.codes[i] = EMPTY;
                let digits = &run.digits[..run.len];
                let p = run.position(i).unwrap_or(0);
                let mut mask = ALL_DIGITS;
                if before {
                    mask &= digits_fitting(digits, p, p - 1, p + 1, self.rules);
                }
                if after {
                    mask &= digits_fitting(digits, p, p, p + 2, self.rules);
                }
                ok[i][dir.index()] = mask;
            }
        }
        Tables { ok, has, blank }
    }

    fn touches(&self, i: usize) -> bool {
        self.tables.has[i].iter().any(|&h| h)
    }

    /// Digits a lone tile on `i` may show: the adjacency rule holds in every direction, and
    /// only a 0 lies beside the blank joker.
    fn lone_mask(&self, i: usize) -> u16 {
        self.dirs.iter().fold(self.tables.blank[i], |m, d| {
            m & self.tables.ok[i][d.index()]
        })
    }

    /// Whether a 0 on `i` forms an example with the old tiles next to it along `dir`.
    fn zero_links(&mut self, i: usize, dir: Dir) -> bool {
        let layout = &self.pos.layout;
        self.codes[i] = 0;
        let run = Run::through(layout, &self.codes, i, dir);
        self.codes[i] = EMPTY;
        let digits = &run.digits[..run.len];
        let p = run.position(i).unwrap_or(0);
        (p > 0 && exists_piece(digits, p - 1, p + 1, self.rules))
            || (p + 1 < run.len && exists_piece(digits, p, p + 2, self.rules))
    }

    fn singles(&mut self, counts: Counts, replace: Option<(usize, u8)>) {
        if self.opening {
            return;
        }
        let layout = &self.pos.layout;
        if let Some((j, r)) = replace {
            if self.touches(j) && self.lone_mask(j) & (1 << r) != 0 {
                self.out.push(Placement {
                    replace: Some((layout.cell(j), r)),
                    puts: Vec::new(),
                });
            }
            return;
        }
        for i in 0..layout.len() {
            if self.codes[i] != EMPTY || !self.touches(i) {
                continue;
            }
            let mask = self.lone_mask(i);
            let cell = layout.cell(i);
            for d in 0..10u8 {
                if mask & (1 << d) == 0 {
                    continue;
                }
                if counts.digit(d) > 0 {
                    self.out.push(Placement {
                        replace: None,
                        puts: vec![Put {
                            cell,
                            laid: Laid::Digit(d),
                        }],
                    });
                }
                if counts.jokers() > 0 {
                    self.out.push(Placement {
                        replace: None,
                        puts: vec![Put {
                            cell,
                            laid: Laid::Joker(d),
                        }],
                    });
                }
            }
        }
    }

    /// Windows of two or more squares along every line; with `replace`, only those through the
    /// replaced joker's square.
    fn windows(&mut self, counts: Counts, replace: Option<(usize, u8)>) {
        let layout = &self.pos.layout;
        let max_new = counts.tiles() + usize::from(replace.is_some());
        let start = layout.index(layout.start());
        for &dir in self.dirs {
            for line in layout.lines(dir) {
                if let Some((j, _)) = replace
                    && !line.contains(&j)
                {
                    continue;
                }
                for a in 0..line.len() {
                    if self.codes[line[a]] != EMPTY {
                        continue;
                    }
                    let mut empties = 1;
                    // New squares of the window next to an old tile: without one it joins
                    // nothing (outside the opening) and is not worth building.
                    let mut anchors = usize::from(self.touches(line[a]));
                    for b in (a + 1)..line.len() {
                        match self.codes[line[b]] {
                            BLANK => break,
                            EMPTY => empties += 1,
                            _ => continue,
                        }
                        if empties > max_new {
                            break;
                        }
                        anchors += usize::from(self.touches(line[b]));
                        if anchors == 0 && !self.opening {
                            continue;
                        }
                        let window = &line[a..=b];
                        if let Some((j, _)) = replace
                            && !window.contains(&j)
                        {
                            continue;
                        }
                        if self.opening && !window.contains(&start) {
                            continue;
                        }
                        let mut scratch = std::mem::take(&mut self.scratch);
                        let window = Window {
                            dir,
                            line: &line,
                            a,
                            b,
                            anchors,
                        };
                        self.window(&window, counts, replace, &mut scratch);
                        self.scratch = scratch;
                    }
                }
            }
        }
    }

    /// Lists the placements that fill a window's empty squares so that its run reads true.
    fn window(
        &mut self,
        window: &Window,
        counts: Counts,
        replace: Option<(usize, u8)>,
        scratch: &mut Scratch,
    ) {
        let Window {
            line,
            a,
            b,
            anchors,
            ..
        } = *window;
        let (lo, hi) = self.run_around(line, a, b);
        if hi - lo + 1 > MAX_RUN {
            return;
        }
        let mut buf = [0u8; MAX_RUN];
        for (k, &i) in line[lo..=hi].iter().enumerate() {
            buf[k] = self.codes[i];
        }
        if !self.fill_slots(window, lo, hi, replace, &mut scratch.slots) {
            return;
        }
        let frame = Frame {
            dir: window.dir,
            n: hi - lo + 1,
            first: a - lo,
            last: b - lo,
            left_old: lo < a,
            right_old: hi > b,
            inner_old: scratch.slots.len() < b - a + 1,
            zero_free: anchors >= 2,
        };
        // The joker's replacement digit is fixed, so the search fills only the other squares.
        let empties = &mut scratch.empties;
        empties.clear();
        empties.extend(
            scratch
                .slots
                .iter()
                .filter(|slot| slot.forced.is_none())
                .map(|slot| Empty {
                    at: slot.at,
                    allowed: slot.allowed,
                }),
        );
        for slot in scratch.slots.iter() {
            if let Some(r) = slot.forced {
                buf[slot.at] = r;
            }
        }
        let run = &buf[..frame.n];
        completions_into(
            run,
            empties,
            counts,
            frame.first,
            frame.last + 1,
            self.rules,
            &mut scratch.found,
            Some(&mut scratch.new_splits),
        );
        self.lay_completions(&frame, &mut buf, counts, replace, scratch);
    }

    /// The window `a..=b` of `line` widened over the old digit tiles on either side: the run
    /// its tiles will stand in.
    #[inline]
    fn run_around(&self, line: &[usize], a: usize, b: usize) -> (usize, usize) {
        let mut lo = a;
        while lo > 0 && is_digit(self.codes[line[lo - 1]]) {
            lo -= 1;
        }
        let mut hi = b;
        while hi + 1 < line.len() && is_digit(self.codes[line[hi + 1]]) {
            hi += 1;
        }
        (lo, hi)
    }

    /// Writes into `slots` the empty squares of the run `lo..=hi` with the digits the cross
    /// lines let each show; false when the replaced joker's square cannot show its digit.
    fn fill_slots(
        &self,
        window: &Window,
        lo: usize,
        hi: usize,
        replace: Option<(usize, u8)>,
        slots: &mut Vec<Slot>,
    ) -> bool {
        let Window {
            dir, line, anchors, ..
        } = *window;
        // A zero is exempt from the adjacency rule when another new tile touches the board.
        let zero_free = if anchors >= 2 { 1 } else { 0 };
        slots.clear();
        // Old tiles alone lie outside `[a, b]`, so the run's empty squares are the window's.
        for (at, &i) in line[lo..=hi].iter().enumerate() {
            if self.codes[i] != EMPTY {
                continue;
            }
            let cross = self
                .dirs
                .iter()
                .filter(|&&d| d != dir)
                .fold(ALL_DIGITS, |m, d| m & self.tables.ok[i][d.index()]);
            let forced = replace.filter(|&(j, _)| j == i).map(|(_, r)| r);
            let allowed = (cross | zero_free) & self.tables.blank[i];
            if let Some(r) = forced
                && allowed & (1 << r) == 0
            {
                return false;
            }
            slots.push(Slot {
                index: i,
                at,
                allowed,
                forced,
                touches: self.touches(i),
            });
        }
        true
    }

    /// Emits the placements of each completion found whose end tiles also hold, `buf` holding
    /// the run with the joker's replacement digit in place.
    fn lay_completions(
        &mut self,
        frame: &Frame,
        buf: &mut [u8; MAX_RUN],
        counts: Counts,
        replace: Option<(usize, u8)>,
        scratch: &mut Scratch,
    ) {
        for &completion in &scratch.found {
            for (h, empty) in scratch.empties.iter().enumerate() {
                buf[empty.at] = completion.digit(h);
            }
            if frame.ends_hold(&buf[..frame.n], completion, self.rules)
                && (!frame.zero_free || self.linked(frame, &buf[..frame.n], completion, scratch))
            {
                scratch.laid.clear();
                let mut rack = counts;
                self.attribute(&scratch.slots, buf, &mut scratch.laid, &mut rack, replace);
            }
        }
    }

    /// Whether some example of the completion holds an old tile, asked when the zero exception
    /// is in play: a new tile from 1 to 9 next to an old one is held by the adjacency rule, and
    /// when all of them are zeros, one of them must form an example with the old tiles, in
    /// the window's line or across it.
    fn linked(
        &mut self,
        frame: &Frame,
        digits: &[u8],
        main: Completion,
        scratch: &Scratch,
    ) -> bool {
        let contacts = || scratch.slots.iter().filter(|slot| slot.touches);
        if frame.inner_old || contacts().any(|slot| digits[slot.at] != 0) {
            return true;
        }
        let rules = self.rules;
        if frame.left_old
            && (main.reaches_left || exists_piece(digits, frame.first - 1, frame.first + 1, rules))
        {
            return true;
        }
        if frame.right_old
            && (main.reaches_right || exists_piece(digits, frame.last, frame.last + 2, rules))
        {
            return true;
        }
        let dirs = self.dirs;
        contacts().any(|slot| {
            dirs.iter().any(|&dir| {
                dir != frame.dir
                    && self.tables.has[slot.index][dir.index()]
                    && self.zero_links(slot.index, dir)
            })
        })
    }

    /// Emits every way the rack's tiles can show the digits in `buf`: each square a rack
    /// tile of its digit or the joker declaring it.
    fn attribute(
        &mut self,
        slots: &[Slot],
        buf: &[u8; MAX_RUN],
        laid: &mut Vec<Laid>,
        counts: &mut Counts,
        replace: Option<(usize, u8)>,
    ) {
        let k = laid.len();
        if k == slots.len() {
            self.emit(slots, laid, replace);
            return;
        }
        let slot = slots[k];
        let d = buf[slot.at];
        if slot.forced.is_some() {
            laid.push(Laid::Digit(d));
            self.attribute(slots, buf, laid, counts, replace);
            laid.pop();
            return;
        }
        if counts.take_digit(d) {
            laid.push(Laid::Digit(d));
            self.attribute(slots, buf, laid, counts, replace);
            laid.pop();
            counts.add_digit(d);
        }
        if counts.take_joker() {
            laid.push(Laid::Joker(d));
            self.attribute(slots, buf, laid, counts, replace);
            laid.pop();
            counts.add_joker();
        }
    }

    fn emit(&mut self, slots: &[Slot], laid: &[Laid], replace: Option<(usize, u8)>) {
        let layout = &self.pos.layout;
        let mut placement = Placement {
            replace: replace.map(|(j, r)| (layout.cell(j), r)),
            puts: Vec::with_capacity(slots.len()),
        };
        for (slot, &l) in slots.iter().zip(laid) {
            if slot.forced.is_none() {
                placement.puts.push(Put {
                    cell: layout.cell(slot.index),
                    laid: l,
                });
            }
        }
        self.out.push(placement);
    }
}

/// Whether some piece `[s, e)` of `digits` with `s <= s_max` and `e >= e_min` reads true.
fn exists_piece(digits: &[u8], s_max: usize, e_min: usize, rules: ReadRules) -> bool {
    let n = digits.len();
    (0..=s_max).rev().any(|s| {
        (e_min.max(s + 2)..=n.min(s + 3 * examples::MAX_NUMBER_DIGITS))
            .any(|e| examples::has_reading(&digits[s..e], rules))
    })
}

/// Digits the square `at` of `digits` may show so that some piece `[s, e)` with
/// `s <= s_max` and `e >= e_min` reads true.
fn digits_fitting(digits: &[u8], at: usize, s_max: usize, e_min: usize, rules: ReadRules) -> u16 {
    let square = [Empty {
        at,
        allowed: ALL_DIGITS,
    }];
    let mut any_digit = Counts::default();
    for d in 0..10 {
        any_digit.add_digit(d);
    }
    completions(digits, &square, any_digit, s_max, e_min, rules)
        .into_iter()
        .fold(0, |mask, completion| mask | 1 << completion.digit(0))
}

/// Squares `a..=b` of a line, `a` and `b` empty, and how many of its empty squares touch an
/// old tile.
struct Window<'l> {
    dir: Dir,
    line: &'l [usize],
    a: usize,
    b: usize,
    anchors: usize,
}

/// The run a window lies in, in buffer positions.
struct Frame {
    /// The window's direction.
    dir: Dir,
    n: usize,
    first: usize,
    last: usize,
    left_old: bool,
    right_old: bool,
    /// Old tiles lie between the window's new squares.
    inner_old: bool,
    zero_free: bool,
}

impl Frame {
    /// Whether the new end tiles form examples with their old neighbours in line (the main
    /// example is already there, and where it reaches past an end, that end is settled); a
    /// zero touching the board with another new tile is exempt.
    fn ends_hold(&self, digits: &[u8], main: Completion, rules: ReadRules) -> bool {
        let holds = |end: usize, s_max: usize, e_min: usize| {
            (self.zero_free && digits[end] == 0) || exists_piece(digits, s_max, e_min, rules)
        };
        (!self.left_old || main.reaches_left || holds(self.first, self.first - 1, self.first + 1))
            && (!self.right_old || main.reaches_right || holds(self.last, self.last, self.last + 2))
    }
}

impl Position {
    /// Every legal placement for the rack of the player to move, joker digits and joker
    /// replacement included. Empty once the game is over.
    #[must_use]
    pub fn legal_placements(&self) -> Vec<Placement> {
        if self.is_over() {
            return Vec::new();
        }
        let rack = self.rack(self.live.to_move);
        let counts = rack_counts(rack);
        let mut g = Gen::new(self, self.codes());
        g.singles(counts, None);
        g.windows(counts, None);
        let mut out = std::mem::take(&mut g.out);
        // Swapping the blank joker for a rack digit frees its square for the turn's line.
        let joker = self.squares.iter().position(|s| *s == Square::Joker);
        if let Some(j) = joker {
            let mut codes = self.codes();
            codes[j] = EMPTY;
            let mut g = Gen::new(self, codes);
            for r in 0..10u8 {
                if counts.digit(r) == 0 {
                    continue;
                }
                let mut rest = counts;
                rest.take_digit(r);
                rest.add_joker();
                g.singles(rest, Some((j, r)));
                g.windows(rest, Some((j, r)));
            }
            out.append(&mut g.out);
        }
        out
    }
}
