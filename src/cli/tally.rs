//! A self-play tournament's results per level: wins, scores, think times, and their report.

use std::io::Write;
use std::time::Duration;

use serde_json::{Map, Value, json};

use super::CliError;

/// What one level did over a tournament, summed over every seat it took.
#[derive(Debug, Default)]
struct LevelRecord {
    seats: u32,
    wins: u32,
    score_sum: i64,
    moves: u64,
    thought: Duration,
    longest: Duration,
}

impl LevelRecord {
    fn average_score(&self) -> f64 {
        self.score_sum as f64 / f64::from(self.seats.max(1))
    }

    fn average_think_ms(&self) -> f64 {
        self.thought.as_secs_f64() * 1000.0 / self.moves.max(1) as f64
    }

    fn longest_think_ms(&self) -> f64 {
        self.longest.as_secs_f64() * 1000.0
    }
}

/// The running results of a tournament, kept per level name in the order the levels were
/// listed; a level listed twice (a mirror match) adds up under its one name.
#[derive(Debug)]
pub struct Tally {
    levels: Vec<(&'static str, LevelRecord)>,
    games: u32,
    /// Games no single level won: a tie between levels, or nobody left able to win.
    draws: u32,
}

impl Tally {
    pub fn new(names: &[&'static str]) -> Tally {
        let mut levels: Vec<(&'static str, LevelRecord)> = Vec::new();
        for &name in names {
            if !levels.iter().any(|(known, _)| *known == name) {
                levels.push((name, LevelRecord::default()));
            }
        }
        Tally {
            levels,
            games: 0,
            draws: 0,
        }
    }

    fn level(&mut self, name: &str) -> &mut LevelRecord {
        let at = self
            .levels
            .iter()
            .position(|(known, _)| *known == name)
            .unwrap_or_else(|| unreachable!("every seat's level is listed: {name}"));
        &mut self.levels[at].1
    }

    /// One move's thinking time for the level that made it.
    pub fn count_move(&mut self, name: &str, took: Duration) {
        let level = self.level(name);
        level.moves += 1;
        level.thought += took;
        level.longest = level.longest.max(took);
    }

    /// One seat's score at the end of a game (the stone margin in the hex game).
    pub fn count_seat(&mut self, name: &str, score: i64) {
        let level = self.level(name);
        level.seats += 1;
        level.score_sum += score;
    }

    /// The end of a game: the level that won it, or `None` for a draw.
    pub fn count_game(&mut self, winner: Option<&str>) {
        self.games += 1;
        match winner {
            Some(name) => self.level(name).wins += 1,
            None => self.draws += 1,
        }
    }

    /// The summary lines: who won how often, then one line per level. `score` names what the
    /// seat scores are, and `signed` writes them with a sign (a margin).
    pub fn write_summary(
        &self,
        out: &mut dyn Write,
        score: &str,
        signed: bool,
    ) -> Result<(), CliError> {
        let mut won: Vec<String> = self
            .levels
            .iter()
            .map(|(name, level)| format!("{name} won {}", level.wins))
            .collect();
        if self.draws > 0 {
            won.push(format!("{} drawn", self.draws));
        }
        writeln!(out, "{} games: {}", self.games, won.join(", "))?;
        for (name, level) in &self.levels {
            let average = if signed {
                format!("{:+.1}", level.average_score())
            } else {
                format!("{:.1}", level.average_score())
            };
            writeln!(
                out,
                "{name}: {} wins in {} seats, {score} {average}, think {:.1} ms a move on average, {:.1} ms at most",
                level.wins,
                level.seats,
                level.average_think_ms(),
                level.longest_think_ms()
            )?;
        }
        Ok(())
    }

    /// The summary as one JSON object, every figure keyed by level name.
    pub fn to_json(&self, game: &str) -> Value {
        let per_level = |figure: &dyn Fn(&LevelRecord) -> Value| -> Value {
            let map: Map<String, Value> = self
                .levels
                .iter()
                .map(|(name, level)| ((*name).to_string(), figure(level)))
                .collect();
            Value::Object(map)
        };
        json!({
            "game": game,
            "games": self.games,
            "wins": per_level(&|level| json!(level.wins)),
            "draws": self.draws,
            "avg_score": per_level(&|level| json!(rounded(level.average_score()))),
            "avg_think_ms": per_level(&|level| json!(rounded(level.average_think_ms()))),
            "max_think_ms": per_level(&|level| json!(rounded(level.longest_think_ms()))),
        })
    }
}

/// Three decimals are plenty for averages and milliseconds, and keep the line readable.
fn rounded(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
}

/// Which listed level takes each seat of a game (`game` counts from 0). With two seats and more
/// than two levels every pair of levels meets in turn; otherwise the levels move one seat on
/// each game. Either way, two levels that meet swap seats (and so colours) in the next game.
pub fn lineup(game: u32, seats: usize, levels: usize) -> Vec<usize> {
    let game = game as usize;
    if seats == 2 && levels > 2 {
        let pairs: Vec<(usize, usize)> = (0..levels)
            .flat_map(|a| (a + 1..levels).map(move |b| (a, b)))
            .collect();
        let (a, b) = pairs[(game / 2) % pairs.len()];
        return if game.is_multiple_of(2) {
            vec![a, b]
        } else {
            vec![b, a]
        };
    }
    (0..seats).map(|seat| (seat + game) % levels).collect()
}

/// Finds a level by name in one game's table of levels, or says which names that game knows.
pub fn level_by_name<L: Copy>(
    table: &[(&'static str, L)],
    game: &str,
    name: &str,
) -> Result<(&'static str, L), CliError> {
    let wanted = name.trim().to_ascii_lowercase();
    table
        .iter()
        .find(|(known, _)| *known == wanted)
        .copied()
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(known, _)| *known).collect();
            let choices = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => names.join(""),
            };
            if wanted.is_empty() {
                CliError(format!("a computer level is missing: choose {choices}"))
            } else {
                CliError(format!(
                    "{game} has no computer level `{name}`: choose {choices}"
                ))
            }
        })
}

/// Every level named in a comma-separated `--ai` list, looked up in the game's table.
pub fn levels_by_name<L: Copy>(
    table: &[(&'static str, L)],
    game: &str,
    names: &[String],
) -> Result<Vec<(&'static str, L)>, CliError> {
    if names.is_empty() {
        return Err(CliError(
            "give at least one computer level with --ai".into(),
        ));
    }
    names
        .iter()
        .map(|name| level_by_name(table, game, name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_levels_swap_seats_every_game() {
        assert_eq!(lineup(0, 2, 2), [0, 1]);
        assert_eq!(lineup(1, 2, 2), [1, 0]);
        assert_eq!(lineup(2, 2, 1), [0, 0]);
    }

    #[test]
    fn three_levels_on_two_seats_meet_in_every_pairing_and_both_orders() {
        let games: Vec<Vec<usize>> = (0..6).map(|g| lineup(g, 2, 3)).collect();
        assert_eq!(
            games,
            [[0, 1], [1, 0], [0, 2], [2, 0], [1, 2], [2, 1]].map(Vec::from)
        );
    }

    #[test]
    fn four_seats_rotate_through_two_levels() {
        assert_eq!(lineup(0, 4, 2), [0, 1, 0, 1]);
        assert_eq!(lineup(1, 4, 2), [1, 0, 1, 0]);
        assert_eq!(lineup(3, 1, 2), [1]);
    }

    #[test]
    fn an_unknown_level_names_the_choices() {
        let table = [("random", 0), ("easy", 1), ("normal", 2)];
        assert_eq!(level_by_name(&table, "abaku", "Easy"), Ok(("easy", 1)));
        assert_eq!(
            level_by_name(&table, "abaku", "hard"),
            Err(CliError(
                "abaku has no computer level `hard`: choose random, easy or normal".into()
            ))
        );
    }
}
