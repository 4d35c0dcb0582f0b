//! Checking and scoring tiles laid this turn against the board: lines, examples, bonuses.

use serde::{Deserialize, Serialize};

use super::board::{Dir, Layout, Square};
use super::cell::Cell;
use super::error::PlayError;
use super::examples::{self, ReadRules};
use super::variants::{Scoring, Variants};

/// Board codes: a digit is itself; these two mark an empty square and a blank joker.
pub(crate) const EMPTY: u8 = 0xFF;
pub(crate) const BLANK: u8 = 0xFE;

/// Lines are at most 99 squares long (the tallest layout).
pub(crate) const MAX_RUN: usize = 100;

#[must_use]
pub(crate) fn code_of(square: Square) -> u8 {
    match square {
        Square::Empty => EMPTY,
        Square::Digit(d) => d,
        Square::Joker => BLANK,
    }
}

#[inline]
pub(crate) fn is_digit(code: u8) -> bool {
    code < 10
}

/// A maximal run of digit tiles along one direction, in reading order.
pub(crate) struct Run {
    pub cells: [u16; MAX_RUN],
    pub digits: [u8; MAX_RUN],
    pub len: usize,
}

impl Run {
    /// The run through `at`, which must hold a digit.
    pub(crate) fn through(layout: &Layout, codes: &[u8], at: usize, dir: Dir) -> Run {
        let mut first = at;
        while let Some(prev) = layout.step(first, dir, false) {
            if !is_digit(codes[prev]) {
                break;
            }
            first = prev;
        }
        let mut run = Run {
            cells: [0; MAX_RUN],
            digits: [0; MAX_RUN],
            len: 0,
        };
        let mut here = Some(first);
        while let Some(i) = here {
            if !is_digit(codes[i]) || run.len == MAX_RUN {
                break;
            }
            run.cells[run.len] = i as u16;
            run.digits[run.len] = codes[i];
            run.len += 1;
            here = layout.step(i, dir, true);
        }
        run
    }

    pub(crate) fn position(&self, index: usize) -> Option<usize> {
        self.cells[..self.len]
            .iter()
            .position(|&c| usize::from(c) == index)
    }
}

#[inline]
pub(crate) fn span(s: usize, e: usize) -> u128 {
    if e <= s {
        0
    } else {
        (u128::MAX >> (128 - (e - s))) << s
    }
}

/// An example formed this turn: a piece of a line with at least one reading.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formed {
    /// The example's first square.
    pub start: Cell,
    /// The direction it reads in.
    pub dir: Dir,
    /// Its digits as text, like `8412`.
    pub digits: String,
    /// What it scores, bonuses included.
    pub points: i64,
    /// Board indices of the tiles of the example.
    pub cells: Vec<usize>,
}

impl Formed {
    /// Every reading of the example's digits, as text like `12-4=8`.
    #[must_use]
    pub fn readings(&self, rules: ReadRules) -> Vec<String> {
        let digits: Vec<u8> = self.digits.bytes().map(|b| b - b'0').collect();
        examples::readings(&digits, rules)
            .iter()
            .map(ToString::to_string)
            .collect()
    }
}

/// The outcome of laying tiles: the turn's points and every example formed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scored {
    /// The points of all the examples.
    pub points: i64,
    /// Every example formed, line by line.
    pub examples: Vec<Formed>,
}

pub(crate) struct Ctx<'a> {
    pub layout: &'a Layout,
    pub variants: &'a Variants,
}

/// What one line contributes: its examples (as run ranges) and the adjacent pairs they cover.
struct LineEval {
    examples: Vec<(usize, usize, i64)>,
    covered: u128,
}

fn piece_points(ctx: &Ctx<'_>, run: &Run, new_mask: u128, s: usize, e: usize) -> i64 {
    let scoring = ctx.variants.scoring;
    if scoring == Scoring::OpsOnly {
        return 1;
    }
    let mut sum = 0i64;
    let mut factor = 1i64;
    for i in s..e {
        let base = if scoring == Scoring::Value {
            i64::from(run.digits[i])
        } else {
            1
        };
        if new_mask & (1u128 << i) != 0 {
            let bonus = ctx.layout.bonus_at(usize::from(run.cells[i]));
            sum += base * bonus.tile_factor();
            factor *= bonus.example_factor();
        } else {
            sum += base;
        }
    }
    let points = sum * factor;
    if scoring == Scoring::TileOp {
        points + 2
    } else {
        points
    }
}

fn eval_line(ctx: &Ctx<'_>, run: &Run, new_mask: u128) -> LineEval {
    let rules = ctx.variants.read_rules();
    let mut out = LineEval {
        examples: Vec::new(),
        covered: 0,
    };
    for s in 0..run.len {
        let last = run.len.min(s + 3 * examples::MAX_NUMBER_DIGITS);
        for e in (s + 2)..=last {
            if new_mask & span(s, e) == 0 {
                continue;
            }
            if examples::has_reading(&run.digits[s..e], rules) {
                out.examples
                    .push((s, e, piece_points(ctx, run, new_mask, s, e)));
                out.covered |= span(s, e - 1);
            }
        }
    }
    out
}

/// Which direction holds all the new squares, if they share one line.
pub(crate) fn common_dir(
    layout: &Layout,
    dirs: &[Dir],
    new: &[(usize, u8)],
) -> Result<Option<Dir>, PlayError> {
    if new.len() < 2 {
        return Ok(None);
    }
    let a = layout.cell(new[0].0);
    let key = |dir: Dir, c: Cell| -> i32 {
        let (col, row) = (i32::from(c.col), i32::from(c.row));
        match dir {
            Dir::Row => row,
            Dir::Col => col,
            Dir::Diag => col - row,
            Dir::Anti => col + row,
        }
    };
    for &dir in dirs {
        if new
            .iter()
            .all(|&(i, _)| key(dir, layout.cell(i)) == key(dir, a))
        {
            return Ok(Some(dir));
        }
    }
    let off = new
        .iter()
        .map(|&(i, _)| layout.cell(i))
        .find(|&c| key(Dir::Row, c) != key(Dir::Row, a))
        .unwrap_or(a);
    let off = if off == a { layout.cell(new[1].0) } else { off };
    Err(PlayError::NotInLine(a, off))
}

fn is_new(new: &[(usize, u8)], index: usize) -> bool {
    new.iter().any(|&(i, _)| i == index)
}

/// Whether a new square has an old digit tile next to it along some active direction.
pub(crate) fn touches_old(
    layout: &Layout,
    dirs: &[Dir],
    codes: &[u8],
    new: &[(usize, u8)],
    at: usize,
) -> bool {
    dirs.iter().any(|&dir| {
        [false, true].into_iter().any(|fwd| {
            layout
                .step(at, dir, fwd)
                .is_some_and(|n| is_digit(codes[n]) && !is_new(new, n))
        })
    })
}

pub(crate) fn describe(layout: &Layout, new: &[(usize, u8)]) -> String {
    new.iter()
        .map(|&(i, d)| format!("{}={d}", layout.cell(i)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks the placement rules for the new squares (already written into `codes`) and scores them.
/// With `strict` off (the challenge variant) rule breaches are not reported, only scored.
pub(crate) fn evaluate(
    ctx: &Ctx<'_>,
    codes: &[u8],
    new: &[(usize, u8)],
    opening: bool,
    strict: bool,
) -> Result<Scored, PlayError> {
    let layout = ctx.layout;
    let dirs = ctx.variants.dirs();
    if new.is_empty() {
        return Err(PlayError::NothingPlaced);
    }
    let main = match common_dir(layout, dirs, new) {
        Ok(main) => main,
        Err(e) if strict => return Err(e),
        Err(_) => None,
    };
    if strict {
        check_contact(layout, dirs, codes, new, opening)?;
    }
    let (lines, main_run) = lines_to_score(layout, dirs, codes, new, main);
    if strict && let Some(dir) = main {
        check_unbroken(layout, codes, new, dir)?;
    }
    if strict {
        check_blank_neighbours(layout, dirs, codes, new)?;
    }
    // The new tiles next to an old one: the zero exception depends on them.
    let contacts: Vec<(usize, u8)> = new
        .iter()
        .copied()
        .filter(|&(i, _)| touches_old(layout, dirs, codes, new, i))
        .collect();
    let touching = contacts.len();
    let mut scored = Scored::default();
    let mut main_ok = main.is_none() && new.len() > 1;
    let mut any_example = false;
    let mut linked = false;
    for (li, (dir, run)) in lines.iter().enumerate() {
        let new_mask = new_mask(run, new);
        let eval = eval_line(ctx, run, new_mask);
        if Some(li) == main_run {
            main_ok = covers_new(&eval, new_mask);
        }
        any_example |= !eval.examples.is_empty();
        linked |= eval
            .examples
            .iter()
            .any(|&(s, e, _)| new_mask & span(s, e) != span(s, e));
        if strict && let Some(lonely) = lonely_pair(layout, run, new_mask, eval.covered, touching) {
            return Err(lonely);
        }
        add_examples(&mut scored, layout, *dir, run, &eval);
    }
    if strict {
        let ok = if main.is_some() { main_ok } else { any_example };
        if !ok {
            return Err(PlayError::NoExample(describe(layout, new)));
        }
        check_linked(layout, &contacts, linked, opening)?;
    }
    Ok(scored)
}

/// No new tile from 1 to 9 may touch a blank joker along an active direction (its row or
/// column, and with the diagonal variant its diagonals too); a new 0 may. A joker replaced this
/// turn holds its digit in `codes` and is no blank.
fn check_blank_neighbours(
    layout: &Layout,
    dirs: &[Dir],
    codes: &[u8],
    new: &[(usize, u8)],
) -> Result<(), PlayError> {
    for &(i, digit) in new {
        if digit == 0 {
            continue;
        }
        for &dir in dirs {
            for forward in [false, true] {
                if let Some(n) = layout.step(i, dir, forward)
                    && codes[n] == BLANK
                {
                    return Err(PlayError::TouchesBlank {
                        cell: layout.cell(i),
                        joker: layout.cell(n),
                    });
                }
            }
        }
    }
    Ok(())
}

/// When every new tile next to an old one is a 0 (more than one of them, so the zero exception
/// let each off), some example must still hold old tiles: one of those zeros must form an
/// example with the tiles it touches. `linked` tells whether an example of the turn holds an
/// old tile.
fn check_linked(
    layout: &Layout,
    contacts: &[(usize, u8)],
    linked: bool,
    opening: bool,
) -> Result<(), PlayError> {
    if opening || linked || contacts.len() < 2 || contacts.iter().any(|&(_, d)| d != 0) {
        return Ok(());
    }
    let mut cells: Vec<Cell> = contacts.iter().map(|&(i, _)| layout.cell(i)).collect();
    cells.sort_by_key(|c| (c.row, c.col));
    Err(PlayError::ZerosUnlinked(cells))
}

/// The opening must cover the start square; every later move must touch an old tile.
fn check_contact(
    layout: &Layout,
    dirs: &[Dir],
    codes: &[u8],
    new: &[(usize, u8)],
    opening: bool,
) -> Result<(), PlayError> {
    if opening {
        let start = layout.index(layout.start());
        if !is_new(new, start) {
            return Err(PlayError::MissesStart(layout.start()));
        }
    } else if !new
        .iter()
        .any(|&(i, _)| touches_old(layout, dirs, codes, new, i))
    {
        return Err(PlayError::Unconnected);
    }
    Ok(())
}

/// The runs to score: the main line once, then each new tile's cross lines, each run once;
/// and which of them is the main line's.
fn lines_to_score(
    layout: &Layout,
    dirs: &[Dir],
    codes: &[u8],
    new: &[(usize, u8)],
    main: Option<Dir>,
) -> (Vec<(Dir, Run)>, Option<usize>) {
    let mut lines: Vec<(Dir, Run)> = Vec::with_capacity(8);
    // A run is known by its direction and first square.
    let mut seen: Vec<(Dir, u16)> = Vec::with_capacity(8);
    let mut main_run = None;
    for &(i, _) in new {
        for &dir in dirs {
            let run = Run::through(layout, codes, i, dir);
            if run.len < 2 || seen.contains(&(dir, run.cells[0])) {
                continue;
            }
            seen.push((dir, run.cells[0]));
            if Some(dir) == main {
                main_run = Some(lines.len());
            }
            lines.push((dir, run));
        }
    }
    (lines, main_run)
}

/// Every new square must sit in the run of the first one along the main line.
fn check_unbroken(
    layout: &Layout,
    codes: &[u8],
    new: &[(usize, u8)],
    dir: Dir,
) -> Result<(), PlayError> {
    let first = new[0].0;
    let run = Run::through(layout, codes, first, dir);
    for &(i, _) in new {
        if run.position(i).is_none() {
            return Err(gap_between(layout, codes, first, i, dir));
        }
    }
    Ok(())
}

/// The run's new squares, one bit per run position.
#[inline]
fn new_mask(run: &Run, new: &[(usize, u8)]) -> u128 {
    let mut mask = 0u128;
    for (p, &c) in run.cells[..run.len].iter().enumerate() {
        if is_new(new, usize::from(c)) {
            mask |= 1u128 << p;
        }
    }
    mask
}

/// Whether one example of the main line spans every new square.
fn covers_new(eval: &LineEval, new_mask: u128) -> bool {
    let lo = new_mask.trailing_zeros() as usize;
    let hi = 127 - new_mask.leading_zeros() as usize;
    eval.examples.iter().any(|&(s, e, _)| s <= lo && e > hi)
}

/// The first pair of a new and an old tile side by side in the run that no example covers, as
/// the error that names it. A new zero is let off when more than one new tile touches the
/// board (the zero exception; [`check_linked`] still asks one example to hold old tiles).
fn lonely_pair(
    layout: &Layout,
    run: &Run,
    new_mask: u128,
    covered: u128,
    touching: usize,
) -> Option<PlayError> {
    for p in 0..run.len.saturating_sub(1) {
        let (a_new, b_new) = (
            new_mask & (1u128 << p) != 0,
            new_mask & (1u128 << (p + 1)) != 0,
        );
        if a_new == b_new || covered & (1u128 << p) != 0 {
            continue;
        }
        let (n, o) = if a_new { (p, p + 1) } else { (p + 1, p) };
        if run.digits[n] == 0 && touching > 1 {
            continue;
        }
        return Some(PlayError::Lonely {
            cell: layout.cell(usize::from(run.cells[n])),
            digit: run.digits[n],
            other: layout.cell(usize::from(run.cells[o])),
            other_digit: run.digits[o],
        });
    }
    None
}

/// Adds the line's examples and their points to the turn's score.
fn add_examples(scored: &mut Scored, layout: &Layout, dir: Dir, run: &Run, eval: &LineEval) {
    for &(s, e, points) in &eval.examples {
        scored.points += points;
        scored.examples.push(Formed {
            start: layout.cell(usize::from(run.cells[s])),
            dir,
            digits: run.digits[s..e]
                .iter()
                .map(|&d| char::from(b'0' + d))
                .collect(),
            points,
            cells: run.cells[s..e].iter().map(|&c| usize::from(c)).collect(),
        });
    }
}

fn gap_between(layout: &Layout, codes: &[u8], from: usize, to: usize, dir: Dir) -> PlayError {
    let forward = to > from;
    let mut at = from;
    while let Some(next) = layout.step(at, dir, forward) {
        match codes[next] {
            BLANK => return PlayError::BlankInLine(layout.cell(next)),
            EMPTY => return PlayError::Gap(layout.cell(next)),
            _ if next == to => break,
            _ => at = next,
        }
    }
    PlayError::Gap(layout.cell(to))
}

/// The rack penalty of a list of tiles under a scoring.
#[must_use]
pub(crate) fn rack_penalty(scoring: Scoring, rack: &[super::tiles::Tile]) -> i64 {
    rack.iter()
        .map(|t| scoring.rack_penalty(digit_of(*t)))
        .sum()
}

/// What the finisher gains for another player's rack under a scoring.
#[must_use]
pub(crate) fn finisher_gain(scoring: Scoring, rack: &[super::tiles::Tile]) -> i64 {
    rack.iter()
        .map(|t| scoring.finisher_gain(digit_of(*t)))
        .sum()
}

fn digit_of(tile: super::tiles::Tile) -> Option<u8> {
    match tile {
        super::tiles::Tile::Digit(d) => Some(d),
        super::tiles::Tile::Joker => None,
    }
}
