//! The whole-position text format: header, variants, layout grid, board grid, racks, bag, history.

use std::fmt::Write as _;

use super::board::{Layout, Square};
use super::error::{PositionTextError, SetupError};
use super::examples::OpSet;
use super::moves::Move;
use super::position::{
    EndReason, Live, MAX_PLAYERS, Pending, Player, Position, RACK_SIZE, TurnRecord,
};
use super::tiles::{Side, TILE_COUNT, Tile};
use super::variants::{Scoring, Variants};

const HEADER: &str = "abaku position 1";

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn tiles_text(tiles: &[Tile]) -> String {
    tiles
        .iter()
        .map(|t| t.to_char().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// How an outcome is written in positions and reports: `rack-emptied 2`, `blocked`, `none`.
#[must_use]
pub fn outcome_text(outcome: Option<EndReason>) -> String {
    match outcome {
        None => "none".into(),
        Some(EndReason::RackEmptied(p)) => format!("rack-emptied {}", p + 1),
        Some(EndReason::Blocked) => "blocked".into(),
        Some(EndReason::Conceded(p)) => format!("conceded {}", p + 1),
        Some(EndReason::PassedThrice(p)) => format!("passed-thrice {}", p + 1),
        Some(EndReason::TurnsPlayed) => "turns-played".into(),
    }
}

impl Position {
    /// The position as text; [`Position::from_text`] reads it back to an equal position.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let v = &self.variants;
        let live = &self.live;
        let _ = writeln!(out, "{HEADER}");
        let _ = writeln!(
            out,
            "variants ops={} diagonal={} result-first={} scoring={} spin={} challenge={}",
            v.ops.name(),
            yes_no(v.diagonal),
            yes_no(v.result_first),
            v.scoring.name(),
            yes_no(v.spin),
            yes_no(v.challenge)
        );
        // The short form's words only where it is played, so other texts read as they did.
        if let Some(each) = v.turns_each {
            let _ = writeln!(
                out,
                "short-form turns-each={each} first={} rounds={}",
                live.first + 1,
                live.rounds
            );
        }
        let _ = writeln!(out, "seed {}", self.seed);
        let _ = writeln!(out, "turns {}", self.turns);
        let _ = writeln!(out, "to-move {}", live.to_move + 1);
        let _ = writeln!(out, "passes-in-row {}", live.passes_in_row);
        match live.pending {
            None => out.push_str("pending none\n"),
            Some(p) => {
                let _ = writeln!(
                    out,
                    "pending player={} legal={} tiles={}",
                    p.player + 1,
                    yes_no(p.legal),
                    p.tiles
                );
            }
        }
        let _ = writeln!(out, "outcome {}", outcome_text(live.outcome));
        out.push_str("layout\n");
        out.push_str(&self.layout.to_text());
        out.push_str("board\n");
        let w = self.layout.width();
        for row in self.squares.chunks(w) {
            out.extend(row.iter().map(|s| match s {
                Square::Empty => '.',
                Square::Digit(d) => char::from(b'0' + d),
                Square::Joker => '?',
            }));
            out.push('\n');
        }
        if self.colours.iter().any(Option::is_some) {
            out.push_str("colours\n");
            for row in self.colours.chunks(w) {
                out.extend(row.iter().map(|c| c.map_or('.', Side::to_char)));
                out.push('\n');
            }
        }
        for (i, p) in live.players.iter().enumerate() {
            let _ = writeln!(
                out,
                "player {} score {} passes {} rival-placed {} skip-next {} lost {} rack {}",
                i + 1,
                p.score,
                p.passes,
                yes_no(p.rival_placed),
                yes_no(p.skip_next),
                yes_no(p.lost),
                tiles_text(&p.rack)
            );
        }
        let _ = writeln!(out, "bag {}", tiles_text(&self.bag));
        out.push_str("history\n");
        for record in &self.history {
            if let Ok(json) = serde_json::to_string(record) {
                let _ = writeln!(out, "{json}");
            }
        }
        out.push_str("end\n");
        out
    }

    /// Reads the text of [`Position::to_text`]. Lines other than the header, `board`, the
    /// players and `bag` may be left out and take their starting values (layout: board A).
    pub fn from_text(text: &str) -> Result<Position, PositionTextError> {
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        if lines.first().map(|l| l.1) != Some(HEADER) {
            return Err(PositionTextError::Header);
        }
        let mut read = Read::default();
        let mut at = 1;
        while at < lines.len() {
            let (no, line) = lines[at];
            at += 1;
            let mut words = line.split_whitespace();
            let key = words.next().unwrap_or("");
            let rest: Vec<&str> = words.collect();
            // The grids and the history run over the lines after their own: each says how
            // many it took.
            match key {
                "layout" => at += read.layout(&lines[at..])?,
                "board" | "colours" => at += read.grid(key, no, &lines[at..])?,
                "history" => at += read.history(&lines[at..])?,
                "end" => break,
                _ => read.setting(key, &rest).ok_or_else(|| bad(no, line))?,
            }
        }
        read.into_position()
    }
}

/// A line of the text that cannot be read, by its number in the file.
fn bad(line: usize, text: &str) -> PositionTextError {
    PositionTextError::Bad {
        line,
        text: text.to_string(),
    }
}

/// What the lines of a position text say, before they are checked against each other: each
/// line read on its own fills its part, so that the lines may come in any order.
#[derive(Default)]
struct Read {
    variants: Variants,
    seed: u64,
    turns: u32,
    to_move: usize,
    passes_in_row: u32,
    pending: Option<Pending>,
    outcome: Option<EndReason>,
    /// The short form's line: its turns each, the first player and the rounds played.
    short_form: Option<(u8, usize, u32)>,
    layout: Option<Layout>,
    squares: Option<Vec<Square>>,
    colours: Option<Vec<Option<Side>>>,
    players: Vec<Player>,
    bag: Option<Vec<Tile>>,
    history: Vec<TurnRecord>,
}

impl Read {
    /// A line of one setting, `key` and its words; none when it cannot be read or the key is
    /// unknown.
    fn setting(&mut self, key: &str, rest: &[&str]) -> Option<()> {
        match key {
            "variants" => self.variants = parse_variants(rest)?,
            "seed" => self.seed = one(rest)?,
            "turns" => self.turns = one(rest)?,
            "to-move" => self.to_move = one::<usize>(rest)?.checked_sub(1)?,
            "passes-in-row" => self.passes_in_row = one(rest)?,
            "pending" => self.pending = parse_pending(rest)?,
            "outcome" => self.outcome = parse_outcome(rest)?,
            "short-form" => self.short_form = Some(parse_short_form(rest)?),
            "player" => {
                // Players come in order, so that their numbers are their seats.
                let (number, player) = parse_player(rest)?;
                if number != self.players.len() + 1 {
                    return None;
                }
                self.players.push(player);
            }
            "bag" => self.bag = Some(parse_tiles(rest)?),
            _ => return None,
        }
        Some(())
    }

    /// The layout grid in the lines `after` its `layout` line, as far as they read as layout
    /// rows; how many lines it took.
    fn layout(&mut self, after: &[(usize, &str)]) -> Result<usize, PositionTextError> {
        let rows: Vec<&str> = after
            .iter()
            .map(|l| l.1)
            .take_while(|l| is_grid(l, ".tTeE*"))
            .collect();
        self.layout = Some(Layout::from_rows(&rows)?);
        Ok(rows.len())
    }

    /// The `board` or `colours` grid (`key`) in the lines `after` its line `no`: one row per
    /// row of the layout read so far (board A if none); how many lines it took.
    fn grid(
        &mut self,
        key: &str,
        no: usize,
        after: &[(usize, &str)],
    ) -> Result<usize, PositionTextError> {
        let height = self.layout.as_ref().map_or(15, Layout::height);
        let rows: Vec<&str> = after.iter().take(height).map(|l| l.1).collect();
        let layout = match &self.layout {
            Some(l) => l.clone(),
            None => Layout::board_a(),
        };
        if rows.len() < layout.height() {
            return Err(PositionTextError::BoardShape { line: no });
        }
        // Each symbol with the number of its line, for the error that names it.
        let mut grid = Vec::with_capacity(layout.len());
        for (k, row) in rows.iter().enumerate() {
            if row.chars().count() != layout.width() {
                return Err(PositionTextError::BoardShape { line: after[k].0 });
            }
            grid.extend(row.chars().map(|c| (after[k].0, c)));
        }
        if key == "board" {
            self.squares = Some(board_squares(&grid)?);
        } else {
            self.colours = Some(colour_squares(&grid)?);
        }
        Ok(layout.height())
    }

    /// The turn records in the lines `after` the `history` line, one JSON record a line, up
    /// to the `end` line; how many lines they took.
    fn history(&mut self, after: &[(usize, &str)]) -> Result<usize, PositionTextError> {
        let mut taken = 0;
        for &(no, json) in after.iter().take_while(|l| l.1 != "end") {
            let record: TurnRecord = serde_json::from_str(json).map_err(|_| bad(no, json))?;
            self.history.push(record);
            taken += 1;
        }
        Ok(taken)
    }

    /// Checks what was read against itself and the tile set, and makes it a position.
    fn into_position(self) -> Result<Position, PositionTextError> {
        let layout = self.layout.unwrap_or_else(Layout::board_a);
        let squares = self.squares.ok_or(PositionTextError::Missing("board"))?;
        // A grid read before a later `layout` line was sized for the layout before it.
        if squares.len() != layout.len() {
            return Err(PositionTextError::GridSize("board"));
        }
        let colours = self.colours.unwrap_or_else(|| vec![None; layout.len()]);
        if colours.len() != layout.len() {
            return Err(PositionTextError::GridSize("colours"));
        }
        let bag = self.bag.ok_or(PositionTextError::Missing("bag"))?;
        let n = self.players.len();
        if n == 0 {
            return Err(PositionTextError::Missing("player"));
        }
        if n > MAX_PLAYERS {
            return Err(SetupError::Players(n).into());
        }
        if self.variants.spin && n != 2 && n != 4 {
            return Err(SetupError::SpinPlayers(n).into());
        }
        let mut variants = self.variants;
        // A game without the short form's line counts no rounds.
        let (first, rounds) = match self.short_form {
            Some((each, first, rounds)) => {
                variants.turns_each = Some(each);
                (first, rounds)
            }
            None => (0, 0),
        };
        let live = Live {
            to_move: self.to_move,
            players: self.players,
            passes_in_row: self.passes_in_row,
            pending: self.pending,
            outcome: self.outcome,
            first,
            rounds,
        };
        let history = self.history;
        if !live_fits(&live, n)
            || !history.iter().all(|r| record_fits(r, n, &layout))
            || !short_form_fits(variants.turns_each, &live)
        {
            return Err(PositionTextError::Inconsistent);
        }
        let position = Position {
            layout,
            variants,
            seed: self.seed,
            squares,
            colours,
            bag,
            turns: self.turns,
            live,
            history,
        };
        check_tiles(&position)?;
        Ok(position)
    }
}

/// The squares of a `board` grid: `.` empty, a digit, `?` the blank joker.
fn board_squares(grid: &[(usize, char)]) -> Result<Vec<Square>, PositionTextError> {
    grid.iter()
        .map(|&(l, c)| match c {
            '.' => Ok(Square::Empty),
            '?' => Ok(Square::Joker),
            _ => c
                .to_digit(10)
                .map(|d| Square::Digit(d as u8))
                .ok_or(PositionTextError::BoardShape { line: l }),
        })
        .collect()
}

/// The colours of a `colours` grid: `.` none, otherwise a side's letter.
fn colour_squares(grid: &[(usize, char)]) -> Result<Vec<Option<Side>>, PositionTextError> {
    grid.iter()
        .map(|&(l, c)| match c {
            '.' => Ok(None),
            _ => Side::from_char(c)
                .map(Some)
                .ok_or(PositionTextError::BoardShape { line: l }),
        })
        .collect()
}

fn one<T: std::str::FromStr>(rest: &[&str]) -> Option<T> {
    match rest {
        [x] => x.parse().ok(),
        _ => None,
    }
}

fn is_grid(line: &str, symbols: &str) -> bool {
    !line.is_empty() && line.chars().all(|c| symbols.contains(c))
}

fn yes(text: &str) -> Option<bool> {
    match text {
        "yes" => Some(true),
        "no" => Some(false),
        _ => None,
    }
}

fn parse_variants(rest: &[&str]) -> Option<Variants> {
    let mut v = Variants::default();
    for item in rest {
        let (key, value) = item.split_once('=')?;
        match key {
            "ops" => v.ops = OpSet::from_name(value)?,
            "diagonal" => v.diagonal = yes(value)?,
            "result-first" => v.result_first = yes(value)?,
            "scoring" => v.scoring = Scoring::from_name(value)?,
            "spin" => v.spin = yes(value)?,
            "challenge" => v.challenge = yes(value)?,
            _ => return None,
        }
    }
    Some(v)
}

/// `turns-each=N first=P rounds=R`, in that order.
fn parse_short_form(rest: &[&str]) -> Option<(u8, usize, u32)> {
    let [each, first, rounds] = rest else {
        return None;
    };
    let each = each.strip_prefix("turns-each=")?.parse::<u8>().ok()?;
    let first = first.strip_prefix("first=")?.parse::<usize>().ok()?;
    let rounds = rounds.strip_prefix("rounds=")?.parse().ok()?;
    (each > 0).then_some((each, first.checked_sub(1)?, rounds))
}

fn parse_pending(rest: &[&str]) -> Option<Option<Pending>> {
    if rest == ["none"] {
        return Some(None);
    }
    let mut pending = Pending {
        player: 0,
        legal: true,
        tiles: 0,
    };
    let mut seen = 0;
    for item in rest {
        let (key, value) = item.split_once('=')?;
        match key {
            "player" => pending.player = value.parse::<usize>().ok()?.checked_sub(1)?,
            "legal" => pending.legal = yes(value)?,
            "tiles" => pending.tiles = value.parse().ok()?,
            _ => return None,
        }
        seen += 1;
    }
    (seen == 3).then_some(Some(pending))
}

fn parse_outcome(rest: &[&str]) -> Option<Option<EndReason>> {
    let player = |s: &str| s.parse::<usize>().ok()?.checked_sub(1);
    Some(match rest {
        ["none"] => None,
        ["blocked"] => Some(EndReason::Blocked),
        ["rack-emptied", p] => Some(EndReason::RackEmptied(player(p)?)),
        ["conceded", p] => Some(EndReason::Conceded(player(p)?)),
        ["passed-thrice", p] => Some(EndReason::PassedThrice(player(p)?)),
        ["turns-played"] => Some(EndReason::TurnsPlayed),
        _ => return None,
    })
}

fn parse_tiles(words: &[&str]) -> Option<Vec<Tile>> {
    words
        .iter()
        .map(|w| {
            let mut chars = w.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Tile::from_char(c),
                _ => None,
            }
        })
        .collect()
}

fn parse_player(rest: &[&str]) -> Option<(usize, Player)> {
    let number: usize = rest.first()?.parse().ok()?;
    let mut player = Player::default();
    let mut k = 1;
    while k < rest.len() {
        let key = rest[k];
        if key == "rack" {
            player.rack = parse_tiles(&rest[k + 1..])?;
            return Some((number, player));
        }
        let value = rest.get(k + 1)?;
        match key {
            "score" => player.score = value.parse().ok()?,
            "passes" => player.passes = value.parse().ok()?,
            "rival-placed" => player.rival_placed = yes(value)?,
            "skip-next" => player.skip_next = yes(value)?,
            "lost" => player.lost = yes(value)?,
            _ => return None,
        }
        k += 2;
    }
    None
}

fn player_index_fits(reason: Option<EndReason>, n: usize) -> bool {
    match reason {
        Some(EndReason::RackEmptied(p) | EndReason::Conceded(p) | EndReason::PassedThrice(p)) => {
            p < n
        }
        _ => true,
    }
}

/// A game ended by the short form's turns is a short one, and a short one still going has
/// rounds left.
fn short_form_fits(turns_each: Option<u8>, live: &Live) -> bool {
    match (turns_each, live.outcome) {
        (None, Some(EndReason::TurnsPlayed)) => false,
        (Some(each), None) => live.rounds < u32::from(each),
        _ => true,
    }
}

fn live_fits(live: &Live, n: usize) -> bool {
    live.to_move < n
        && live.first < n
        && live.players.len() == n
        // A placement fills 1 to 6 squares (five rack tiles and a replaced joker).
        && live
            .pending
            .is_none_or(|p| p.player < n && (1..=RACK_SIZE + 1).contains(&p.tiles))
        && player_index_fits(live.outcome, n)
        && live.players.iter().all(|p| p.rack.iter().all(|&t| tile_fits(t)))
}

/// Tiles read from JSON records can carry any byte as a digit; only 0-9 exist.
fn tile_fits(tile: Tile) -> bool {
    match tile {
        Tile::Digit(d) => d < 10,
        Tile::Joker => true,
    }
}

fn action_fits(action: &Move, n: usize, layout: &Layout) -> bool {
    match action {
        Move::Place(p) => {
            p.replace
                .is_none_or(|(cell, d)| layout.contains(cell) && d < 10)
                && p.puts
                    .iter()
                    .all(|put| layout.contains(put.cell) && put.laid.digit() < 10)
        }
        Move::Exchange(tiles) => tiles.iter().all(|&t| tile_fits(t)),
        Move::Challenge(p) => *p < n,
        Move::Pass | Move::Concede => true,
    }
}

/// Undo trusts the records, so records read from a file must refer to this board, these players
/// and real tiles.
fn record_fits(record: &TurnRecord, n: usize, layout: &Layout) -> bool {
    let squares = layout.len();
    record.player < n
        && record.deltas.len() == n
        && live_fits(&record.before, n)
        && action_fits(&record.action, n, layout)
        && record.drawn.iter().all(|&t| tile_fits(t))
        && record
            .bag_before
            .as_ref()
            .is_none_or(|bag| bag.iter().all(|&t| tile_fits(t)))
        && record.placed.iter().all(|&i| i < squares)
        && record.replaced.is_none_or(|(i, _)| i < squares)
        && record.flipped.iter().all(|&(i, _)| i < squares)
        && record
            .withdrawn
            .as_deref()
            .is_none_or(|w| record_fits(w, n, layout))
}

fn check_tiles(position: &Position) -> Result<(), PositionTextError> {
    let mut digits = [0usize; 10];
    let mut jokers = 0usize;
    let mut count = |t: Tile| match t {
        Tile::Digit(d) => digits[usize::from(d.min(9))] += 1,
        Tile::Joker => jokers += 1,
    };
    position.bag.iter().copied().for_each(&mut count);
    for p in &position.live.players {
        p.rack.iter().copied().for_each(&mut count);
    }
    for s in &position.squares {
        match *s {
            Square::Digit(d) => count(Tile::Digit(d)),
            Square::Joker => count(Tile::Joker),
            Square::Empty => {}
        }
    }
    if jokers > 1 {
        return Err(PositionTextError::Jokers(jokers));
    }
    if let Some(d) = (0..10u8).find(|&d| digits[usize::from(d)] > 10) {
        return Err(PositionTextError::DigitCount(d));
    }
    let total = digits.iter().sum::<usize>() + jokers;
    if total != TILE_COUNT {
        return Err(PositionTextError::TileCount(total));
    }
    Ok(())
}
