//! What the tiles kept on a rack are worth: one value for every leave, learned from self-play.
//!
//! A leave is what stays on the rack after a move, before the draw: with five tiles on a rack
//! of eleven kinds (ten digits and the joker, of which there is one), there are 1,287 of them,
//! so one table holds them all. A leave's value is how many more points than usual its player
//! could score on their next turn, learned by [`learn`] from games of the normal level with a
//! table against itself (`cargo run -p abakus-rules --release --example learn_leaves`), and
//! shrunk towards the sum of its tiles' own values where it was seen rarely.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::abaku::moves::{Move, Placement};
use crate::abaku::position::{Position, Setup};
use crate::abaku::tiles::Tile;
use crate::abaku::variants::Scoring;

/// How many of each kind of tile a leave holds: digits 0 to 9, then the joker.
pub type Leave = [u8; KINDS];

/// Kinds of tile: ten digits and the joker.
pub const KINDS: usize = 11;

/// The table the computer players use, learned on board A with the basic scoring; see
/// `docs/computer-players.md` for how it was made and how well it does under the variants.
const STANDARD: &str = include_str!("../../../data/abaku-leaves.txt");

/// The kind's place in a [`Leave`].
fn kind(tile: Tile) -> usize {
    match tile {
        Tile::Digit(d) => usize::from(d),
        Tile::Joker => KINDS - 1,
    }
}

fn tile_of(kind: usize) -> Tile {
    if kind == KINDS - 1 {
        Tile::Joker
    } else {
        Tile::Digit(kind as u8)
    }
}

/// The tiles of a rack, counted by kind.
#[must_use]
pub fn count(tiles: &[Tile]) -> Leave {
    let mut leave = [0; KINDS];
    for &tile in tiles {
        leave[kind(tile)] += 1;
    }
    leave
}

/// What a placement leaves of `rack`: the tiles laid go, and a replaced joker comes back to
/// the rack for the turn (it may be laid again at once). `None` if the rack lacks a tile.
#[must_use]
pub fn after_placement(rack: &[Tile], placement: &Placement) -> Option<Leave> {
    let mut leave = count(rack);
    if let Some((_, digit)) = placement.replace {
        let slot = &mut leave[usize::from(digit)];
        *slot = slot.checked_sub(1)?;
        leave[KINDS - 1] += 1;
    }
    for put in &placement.puts {
        let slot = &mut leave[kind(put.laid.tile())];
        *slot = slot.checked_sub(1)?;
    }
    Some(leave)
}

/// What a move leaves of `rack`; a pass and a concession leave it whole.
#[must_use]
pub fn after_move(rack: &[Tile], mv: &Move) -> Option<Leave> {
    match mv {
        Move::Place(placement) => after_placement(rack, placement),
        Move::Exchange(given) => {
            let mut leave = count(rack);
            for &tile in given {
                let slot = &mut leave[kind(tile)];
                *slot = slot.checked_sub(1)?;
            }
            Some(leave)
        }
        Move::Pass | Move::Concede | Move::Challenge(_) => Some(count(rack)),
    }
}

/// The leave written as its tiles, smallest first and the joker last (`-` for none).
#[must_use]
pub fn leave_text(leave: &Leave) -> String {
    let text: String = (0..KINDS)
        .flat_map(|k| std::iter::repeat_n(tile_of(k).to_char(), usize::from(leave[k])))
        .collect();
    if text.is_empty() { "-".into() } else { text }
}

/// Every leave a five-tile rack can keep after laying or giving back at least one tile.
#[must_use]
pub fn every_leave() -> Vec<Leave> {
    let mut all = Vec::new();
    let mut leave = [0u8; KINDS];
    fn grow(kind: usize, room: u8, leave: &mut Leave, all: &mut Vec<Leave>) {
        if kind == KINDS {
            all.push(*leave);
            return;
        }
        let most = if kind == KINDS - 1 { room.min(1) } else { room };
        for n in 0..=most {
            leave[kind] = n;
            grow(kind + 1, room - n, leave, all);
        }
        leave[kind] = 0;
    }
    grow(0, 4, &mut leave, &mut all);
    all
}

/// A value, in points, for every leave.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaveTable {
    values: HashMap<Leave, f32>,
}

impl LeaveTable {
    /// The table the computer players use.
    #[must_use]
    pub fn standard() -> &'static LeaveTable {
        static TABLE: OnceLock<LeaveTable> = OnceLock::new();
        TABLE.get_or_init(|| LeaveTable::parse(STANDARD).expect("the leave table in the crate"))
    }

    /// A table that values every leave at nothing: the normal level as it played before.
    #[must_use]
    pub fn zero() -> LeaveTable {
        LeaveTable {
            values: HashMap::new(),
        }
    }

    /// A table that values the joker kept at what the normal level used to (6 points) and
    /// every other tile at nothing: where self-play starts.
    #[must_use]
    pub fn joker_only() -> LeaveTable {
        let values = every_leave()
            .into_iter()
            .filter(|leave| leave[KINDS - 1] > 0)
            .map(|leave| (leave, super::JOKER_WORTH as f32))
            .collect();
        LeaveTable { values }
    }

    /// The value of keeping `leave`, in points (0 for a leave the table does not hold).
    #[must_use]
    pub fn value(&self, leave: &Leave) -> f32 {
        self.values.get(leave).copied().unwrap_or(0.0)
    }

    /// Reads a table: one leave a line, its tiles (as [`leave_text`] writes them), then its
    /// value, then optionally how often it was seen; `#` begins a comment.
    pub fn parse(text: &str) -> Result<LeaveTable, String> {
        let mut values = HashMap::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut fields = line.split_whitespace();
            let (Some(tiles), Some(value)) = (fields.next(), fields.next()) else {
                return Err(format!("line {}: a leave and its value", number + 1));
            };
            let mut leave = [0u8; KINDS];
            if tiles != "-" {
                for c in tiles.chars() {
                    let tile = Tile::from_char(c)
                        .ok_or_else(|| format!("line {}: {c:?} is not a tile", number + 1))?;
                    leave[kind(tile)] += 1;
                }
            }
            if leave.iter().map(|&n| u32::from(n)).sum::<u32>() > 4 || leave[KINDS - 1] > 1 {
                return Err(format!("line {}: {tiles} is no leave", number + 1));
            }
            let value: f32 = value
                .parse()
                .map_err(|_| format!("line {}: {value:?} is not a number", number + 1))?;
            if !value.is_finite() {
                return Err(format!("line {}: {value} is not a value", number + 1));
            }
            if values.insert(leave, value).is_some() {
                return Err(format!("line {}: {tiles} twice", number + 1));
            }
        }
        Ok(LeaveTable { values })
    }
}

/// The static value of a placement in tenths of a point: its points and, while the bag can
/// refill the rack, what the leave is worth; near the end, where tiles kept cost their
/// holder, the points less what the joker is worth kept (6 points).
#[must_use]
pub fn placement_value(
    position: &Position,
    placement: &Placement,
    points: i64,
    table: &LeaveTable,
) -> i64 {
    let rack = position.rack(position.to_move());
    if position.bag().len() >= placement.puts.len()
        && let Some(leave) = after_placement(rack, placement)
    {
        return points * 10 + tenths(position, table.value(&leave));
    }
    let jokers = placement
        .puts
        .iter()
        .filter(|put| put.laid.tile() == Tile::Joker)
        .count() as i64;
    (points - super::JOKER_WORTH * jokers) * 10
}

/// A leave's value in tenths of a point under the game's scoring. The table was learned with
/// the basic scoring; where a game scores many times more or less, a leave is worth as much
/// more or less: the ratio of the points a game of the normal level scores under each scoring
/// to the basic scoring's 370 (1,800 when each tile scores its digit, 53 with one point an
/// example). With two points more an example (487) the table is taken as it is.
fn tenths(position: &Position, value: f32) -> i64 {
    let scale = match position.variants().scoring {
        Scoring::Value => 4.9,
        Scoring::OpsOnly => 0.14,
        Scoring::Basic | Scoring::TileOp => 1.0,
    };
    (value * scale * 10.0).round() as i64
}

/// What keeping `kept` on the rack is worth by the table, in tenths of a point under the
/// game's scoring: the value of an exchange that keeps them, or of a pass.
#[must_use]
pub fn kept_value(position: &Position, kept: &[Tile], table: &LeaveTable) -> i64 {
    tenths(position, table.value(&count(kept)))
}

/// What a move keeps on its player's rack and what the table says those tiles are worth to
/// their next turns, in tenths of a point under the game's scoring, as the static value counts
/// them: `None` where the bag cannot refill the rack after the move (near the end tiles kept
/// count against their holder instead) or the move does not fit the rack.
#[must_use]
pub fn kept_by(position: &Position, mv: &Move, table: &LeaveTable) -> Option<(Leave, i64)> {
    let bag = position.bag().len();
    let refilled = match mv {
        Move::Place(placement) => bag >= placement.puts.len(),
        Move::Exchange(_) => true,
        Move::Pass => bag > 0,
        Move::Concede | Move::Challenge(_) => false,
    };
    if !refilled {
        return None;
    }
    let leave = after_move(position.rack(position.to_move()), mv)?;
    Some((leave, tenths(position, table.value(&leave))))
}

/// The best exchange by the table, with its value in tenths of a point: the tiles given back
/// chosen so that what is kept is worth the most. `None` when the bag holds too few tiles for
/// any exchange.
#[must_use]
pub fn best_exchange(position: &Position, table: &LeaveTable) -> Option<(i64, Vec<Tile>)> {
    let mut rack = position.rack(position.to_move()).to_vec();
    rack.sort_unstable();
    let room = position.bag().len();
    let mut best: Option<(i64, Vec<Tile>)> = None;
    for mask in 1u32..(1 << rack.len()) {
        let given: Vec<Tile> = (0..rack.len())
            .filter(|k| mask & (1 << k) != 0)
            .map(|k| rack[k])
            .collect();
        if given.len() > room {
            continue;
        }
        let kept: Vec<Tile> = (0..rack.len())
            .filter(|k| mask & (1 << k) == 0)
            .map(|k| rack[k])
            .collect();
        let value = kept_value(position, &kept, table);
        if best.as_ref().is_none_or(|(known, _)| value > *known) {
            best = Some((value, given));
        }
    }
    best
}

/// Every legal placement with its static value ([`placement_value`]) and its points, in a
/// shuffle by `rng` (so ties fall at random).
pub(super) fn valued_placements(
    position: &Position,
    table: &LeaveTable,
    rng: &mut ChaCha8Rng,
) -> Vec<(i64, i64, Placement)> {
    let mut valued: Vec<(i64, i64, Placement)> = position
        .legal_placements()
        .into_iter()
        .filter_map(|placement| {
            let points = position.evaluate(&placement).ok()?.points;
            let value = placement_value(position, &placement, points, table);
            Some((value, points, placement))
        })
        .collect();
    valued.shuffle(rng);
    valued
}

/// The highest static value ([`placement_value`]) of any legal placement for the player to
/// move, in tenths of a point; `None` with nothing to lay.
pub(super) fn best_value(position: &Position, table: &LeaveTable) -> Option<i64> {
    position
        .legal_placements()
        .iter()
        .filter_map(|placement| {
            let points = position.evaluate(placement).ok()?.points;
            Some(placement_value(position, placement, points, table))
        })
        .max()
}

/// The normal level's move with a leave table: the placement of the highest static value
/// ([`placement_value`]), or the best exchange when that is worth more; with nothing to lay,
/// the best exchange or a pass. Ties go to the placement of more tiles, then to the first of
/// a shuffle by `seed`.
#[must_use]
pub fn normal_move(position: &Position, table: &LeaveTable, seed: u64) -> Move {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let valued = valued_placements(position, table, &mut rng);
    choose(position, table, valued, 0)
}

/// The best of `valued` (or the `rank`-th best, counted from 0, when it has that many), or the
/// best exchange where that is worth more than the best placement.
fn choose(
    position: &Position,
    table: &LeaveTable,
    mut valued: Vec<(i64, i64, Placement)>,
    rank: usize,
) -> Move {
    valued.sort_by_key(|(value, _, placement)| std::cmp::Reverse((*value, placement.puts.len())));
    let best_value = valued.first().map(|(value, _, _)| *value);
    let exchange = best_exchange(position, table);
    if let Some((swap, given)) = exchange
        && best_value.is_none_or(|value| swap > value)
    {
        return Move::Exchange(given);
    }
    let at = rank.min(valued.len().saturating_sub(1));
    match valued.into_iter().nth(at) {
        Some((_, _, placement)) => Move::Place(placement),
        None => Move::Pass,
    }
}

/// What self-play taught: for each leave kept, the most its player could score on their next
/// turn and the stage of the game it was kept at.
#[derive(Debug, Clone, Default)]
pub struct LeaveStats {
    /// Leave, stage (the bag's tiles in tens), points.
    samples: Vec<(Leave, usize, i64)>,
    /// Games played.
    pub games: u32,
}

impl LeaveStats {
    /// Adds another run's samples.
    pub fn merge(&mut self, other: LeaveStats) {
        self.samples.extend(other.samples);
        self.games += other.games;
    }

    /// Samples gathered.
    #[must_use]
    pub fn samples(&self) -> usize {
        self.samples.len()
    }

    /// The table: each leave's mean excess, shrunk towards the empty leave's value plus its
    /// tiles' own excess (from the one-tile leaves) by `prior_weight` samples' worth.
    #[must_use]
    pub fn table(&self, prior_weight: f64) -> (LeaveTable, HashMap<Leave, u32>) {
        // The usual points of a next turn at each stage, then each leave's excess over it.
        let mut stages: HashMap<usize, (f64, u32)> = HashMap::new();
        for &(_, stage, points) in &self.samples {
            let entry = stages.entry(stage).or_default();
            entry.0 += points as f64;
            entry.1 += 1;
        }
        let mut seen: HashMap<Leave, (f64, u32)> = HashMap::new();
        for &(leave, stage, points) in &self.samples {
            let (sum, n) = stages[&stage];
            let excess = points as f64 - sum / f64::from(n);
            let entry = seen.entry(leave).or_default();
            entry.0 += excess;
            entry.1 += 1;
        }
        let mean = |leave: &Leave| {
            seen.get(leave)
                .map_or(0.0, |&(sum, n)| sum / f64::from(n.max(1)))
        };
        let empty = mean(&[0; KINDS]);
        let single: Vec<f64> = (0..KINDS)
            .map(|k| {
                let mut leave = [0; KINDS];
                leave[k] = 1;
                mean(&leave) - empty
            })
            .collect();
        let mut values = HashMap::new();
        let mut counts = HashMap::new();
        for leave in every_leave() {
            let prior = empty
                + (0..KINDS)
                    .map(|k| single[k] * f64::from(leave[k]))
                    .sum::<f64>();
            let (sum, n) = seen.get(&leave).copied().unwrap_or((0.0, 0));
            let value = (sum + prior_weight * prior) / (f64::from(n) + prior_weight);
            values.insert(leave, value as f32);
            counts.insert(leave, n);
        }
        (LeaveTable { values }, counts)
    }
}

/// How self-play chooses its moves while it learns.
#[derive(Debug, Clone, Copy)]
pub struct Schooling {
    /// How often a move is one of the next best instead of the best, so that leaves the best
    /// move rarely keeps are seen too.
    pub explore: f64,
    /// How far down the ranking such a move may come from.
    pub among: usize,
}

/// Plays `games` two-player games on board A from `first_seed` on, both seats the normal level
/// with `table` (straying from its best move as `schooling` says), and gathers each move's
/// leave with the most its player could score on their next turn. A move is counted only
/// while the bag could refill the rack, and only if the game lasted to its player's next turn.
#[must_use]
pub fn learn(games: u32, first_seed: u64, table: &LeaveTable, schooling: Schooling) -> LeaveStats {
    let mut stats = LeaveStats::default();
    for game in 0..games {
        let seed = first_seed + u64::from(game);
        let Ok(mut position) = Position::new(Setup::new(2, seed)) else {
            continue;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        // Each seat's last leave and the stage it was kept at, until its next turn.
        let mut waiting: [Option<(Leave, usize)>; 2] = [None, None];
        let mut turn = 0;
        while !position.is_over() && turn < 400 {
            let me = position.to_move();
            let valued = valued_placements(&position, table, &mut rng);
            if let Some((leave, stage)) = waiting[me % 2].take() {
                let best = valued
                    .iter()
                    .map(|(_, points, _)| *points)
                    .max()
                    .unwrap_or(0);
                stats.samples.push((leave, stage, best));
            }
            let rank = if rng.random_bool(schooling.explore) {
                rng.random_range(1..schooling.among.max(2))
            } else {
                0
            };
            let mv = choose(&position, table, valued, rank);
            let rack = position.rack(me).to_vec();
            let bag = position.bag().len();
            if position.play(&mv).is_err() {
                break;
            }
            let given = match &mv {
                Move::Place(placement) => placement.puts.len(),
                Move::Exchange(given) => given.len(),
                _ => 0,
            };
            if given > 0 && bag >= given {
                waiting[me % 2] = after_move(&rack, &mv).map(|leave| (leave, bag / 10));
            }
            turn += 1;
        }
        stats.games += 1;
    }
    stats
}

/// The table as the crate keeps it: a header, then every leave with its value and how often
/// self-play saw it, the most common first.
#[must_use]
pub fn table_text(table: &LeaveTable, counts: &HashMap<Leave, u32>, header: &str) -> String {
    let mut leaves = every_leave();
    leaves.sort_by_key(|leave| {
        (
            std::cmp::Reverse(counts.get(leave).copied().unwrap_or(0)),
            *leave,
        )
    });
    let mut text = String::new();
    for line in header.lines() {
        let _ = writeln!(text, "# {line}");
    }
    for leave in leaves {
        let _ = writeln!(
            text,
            "{}\t{:.2}\t{}",
            leave_text(&leave),
            table.value(&leave),
            counts.get(&leave).copied().unwrap_or(0)
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_1287_leaves_and_the_standard_table_values_every_one() {
        let all = every_leave();
        assert_eq!(all.len(), 1287);
        let table = LeaveTable::standard();
        assert_eq!(table.values.len(), 1287);
        for leave in &all {
            assert!(table.values.contains_key(leave), "{}", leave_text(leave));
            let back = LeaveTable::parse(&format!("{} 1.5", leave_text(leave))).unwrap();
            assert_eq!(back.value(leave), 1.5);
        }
    }

    #[test]
    fn the_standard_table_prizes_the_joker_and_a_balanced_leave_over_a_clumsy_one() {
        let table = LeaveTable::standard();
        let value = |tiles: &str| {
            let tiles: Vec<Tile> = tiles.chars().filter_map(Tile::from_char).collect();
            table.value(&count(&tiles))
        };
        assert!(value("?") > value("") + 3.0, "the joker: {}", value("?"));
        assert!(value("?") > value("0"), "the joker over a zero");
        assert!(value("9999") < value("1"), "four nines: {}", value("9999"));
    }

    #[test]
    fn a_broken_table_is_refused_with_its_line() {
        for (text, says) in [
            ("12", "line 1: a leave and its value"),
            ("- 0\n1x 2", "line 2: 'x' is not a tile"),
            ("12345 1", "line 1: 12345 is no leave"),
            ("1 one", "line 1: \"one\" is not a number"),
            ("1 1\n1 2", "line 2: 1 twice"),
            ("1 inf", "line 1: inf is not a value"),
        ] {
            assert_eq!(LeaveTable::parse(text).unwrap_err(), says, "{text:?}");
        }
    }

    #[test]
    fn a_replaced_joker_returns_to_the_rack_and_laid_tiles_leave_it() {
        let mut position = Position::new(Setup::new(2, 3)).unwrap();
        let rack = position.rack(position.to_move()).to_vec();
        let mv = normal_move(&position, LeaveTable::standard(), 1);
        let leave = after_move(&rack, &mv).expect("the move's tiles come from the rack");
        let kept: u8 = leave.iter().sum();
        let laid = match &mv {
            Move::Place(p) => p.puts.len(),
            Move::Exchange(given) => given.len(),
            _ => 0,
        };
        assert_eq!(usize::from(kept) + laid, rack.len());
        position.play(&mv).unwrap();
        // A placement that replaces the blank joker with a 4 and lays the joker again keeps
        // the rest of the rack.
        let placement = Placement {
            replace: Some((crate::abaku::Cell::new(0, 0), 4)),
            puts: vec![],
        };
        let rack = [Tile::Digit(4), Tile::Digit(7)];
        let wanted = count(&[Tile::Digit(7), Tile::Joker]);
        assert_eq!(after_placement(&rack, &placement), Some(wanted));
        assert_eq!(after_placement(&[Tile::Digit(7)], &placement), None);
    }

    #[test]
    fn learning_counts_a_leave_for_each_next_turn_and_its_table_covers_every_leave() {
        let schooling = Schooling {
            explore: 0.3,
            among: 6,
        };
        let stats = learn(3, 11, &LeaveTable::joker_only(), schooling);
        assert_eq!(stats.games, 3);
        assert!(stats.samples() > 30, "{} samples", stats.samples());
        let (table, counts) = stats.table(20.0);
        assert_eq!(
            counts.values().map(|&n| n as usize).sum::<usize>(),
            stats.samples()
        );
        for leave in every_leave() {
            assert!(table.value(&leave).is_finite());
        }
        let text = table_text(&table, &counts, "a test");
        let read = LeaveTable::parse(&text).unwrap();
        for leave in every_leave() {
            let drift = (read.value(&leave) - table.value(&leave)).abs();
            assert!(drift <= 0.0051, "{}: {drift}", leave_text(&leave));
        }
    }

    /// Two-player games of the normal level with the table against the normal level before it,
    /// each deal played twice with the seats swapped: the table must be worth points.
    #[test]
    fn the_table_outscores_the_normal_level_without_it() {
        let mut totals = [0i64; 2];
        for game in 0..20u64 {
            let deal = game / 2;
            let mut position = Position::new(Setup::new(2, deal + 70)).unwrap();
            let with_table = (game % 2) as usize;
            while !position.is_over() {
                let seed = deal * 1000 + u64::from(position.turns());
                let mv = if position.to_move() == with_table {
                    normal_move(&position, LeaveTable::standard(), seed)
                } else {
                    super::super::baseline::normal_move(&position, seed)
                };
                position.play(&mv).unwrap();
            }
            totals[0] += position.players()[with_table].score;
            totals[1] += position.players()[1 - with_table].score;
        }
        assert!(
            totals[0] > totals[1],
            "with the table {} against without {}",
            totals[0],
            totals[1]
        );
    }
}
