//! Each player's record over the games they finished, by name and game, kept in the data folder.
//!
//! A game describes its end as a [`Finished`] (`lifecycle::GameMatch::finished`); the
//! lifecycle counts it here when a person's match ends on the screen. Demo, lesson and kiosk
//! games never count, and a game is counted once however often it is saved, loaded or taken
//! back and ended again.

use std::collections::{BTreeMap, VecDeque};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::base::games::GameId;
use crate::app::base::i18n::Key;
use crate::app::base::storage::{self, DataDir, Saver};

/// The file the statistics are kept in.
pub const FILE: &str = "statistics.json";

/// How many counted games are remembered, so that none is counted twice.
const REMEMBERED: usize = 1_000;

/// Present where no game counts: a booth's kiosk, whose visitors are nobody's record.
#[derive(Resource, Debug, Default)]
pub struct CountNothing;

/// Every player's record: by name as typed at setup, then by game.
#[derive(Resource, Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Statistics {
    pub players: BTreeMap<String, BTreeMap<String, Record>>,
    /// The games counted, latest last.
    #[serde(default)]
    counted: VecDeque<u64>,
}

/// One player's record at one game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Record {
    pub played: u32,
    pub won: u32,
    /// Games won in a row up to the last one.
    pub streak: u32,
    pub longest_streak: u32,
    /// Games and wins against each computer level (`easy`, `normal`, `hard`, `expert`).
    pub against: BTreeMap<String, Tally>,
    /// Turns played and the points they scored (the tile game), for the points a turn.
    pub turns: u32,
    pub points: i64,
    /// The turn that scored most (the tile game).
    pub best_turn: Option<BestTurn>,
    /// The winning margins added up (stones in the hex game), for the average.
    pub margins: i64,
}

/// Games played and won.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub played: u32,
    pub won: u32,
}

/// A turn's points and the sums that scored them, as the turn log writes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestTurn {
    pub points: i64,
    pub sums: Vec<String>,
}

/// A finished game, as its game describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    pub game: GameId,
    /// Tells this game from every other, however often it is saved and loaded.
    pub id: u64,
    pub seats: Vec<SeatResult>,
}

/// How one seat did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatResult {
    pub name: String,
    /// The computer's level, `None` for a person.
    pub computer: Option<ComputerLevel>,
    pub won: bool,
    /// Turns played and points scored, where a game counts them.
    pub turns: u32,
    pub points: i64,
    pub best_turn: Option<BestTurn>,
    /// By how much a win was won (stones in the hex game, points in the tile game).
    pub margin: i64,
}

/// A computer's level, named alike in both games.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum ComputerLevel {
    Easy,
    Normal,
    Hard,
    Expert,
}

impl ComputerLevel {
    pub const ALL: [ComputerLevel; 4] = [
        ComputerLevel::Easy,
        ComputerLevel::Normal,
        ComputerLevel::Hard,
        ComputerLevel::Expert,
    ];

    /// Its name in the file.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            ComputerLevel::Easy => "easy",
            ComputerLevel::Normal => "normal",
            ComputerLevel::Hard => "hard",
            ComputerLevel::Expert => "expert",
        }
    }

    /// Its word on the screen.
    #[must_use]
    pub fn key(self) -> Key {
        match self {
            ComputerLevel::Easy => Key::LevelEasy,
            ComputerLevel::Normal => Key::LevelNormal,
            ComputerLevel::Hard => Key::LevelHard,
            ComputerLevel::Expert => Key::LevelExpert,
        }
    }
}

impl Statistics {
    /// Counts a finished game for each person at it; false, changing nothing, when it was
    /// counted before.
    pub fn count(&mut self, finished: &Finished) -> bool {
        if self.counted.contains(&finished.id) {
            return false;
        }
        self.counted.push_back(finished.id);
        while self.counted.len() > REMEMBERED {
            self.counted.pop_front();
        }
        let computers: Vec<ComputerLevel> = finished
            .seats
            .iter()
            .filter_map(|seat| seat.computer)
            .collect();
        for seat in finished.seats.iter().filter(|seat| seat.computer.is_none()) {
            let record = self
                .players
                .entry(seat.name.clone())
                .or_default()
                .entry(finished.game.0.to_owned())
                .or_default();
            record.add(seat, &computers);
        }
        true
    }

    /// The records at `game`, by player name.
    pub fn of_game(&self, game: GameId) -> impl Iterator<Item = (&str, &Record)> {
        self.players
            .iter()
            .filter_map(move |(name, games)| Some((name.as_str(), games.get(game.0)?)))
    }
}

impl Record {
    /// Adds one game; a hand-edited file's figures near their limits stay at the limit.
    fn add(&mut self, seat: &SeatResult, computers: &[ComputerLevel]) {
        self.played = self.played.saturating_add(1);
        if seat.won {
            self.won = self.won.saturating_add(1);
            self.streak = self.streak.saturating_add(1);
            self.longest_streak = self.longest_streak.max(self.streak);
            self.margins = self.margins.saturating_add(seat.margin);
        } else {
            self.streak = 0;
        }
        for level in computers {
            let tally = self.against.entry(level.id().to_owned()).or_default();
            tally.played = tally.played.saturating_add(1);
            tally.won = tally.won.saturating_add(u32::from(seat.won));
        }
        self.turns = self.turns.saturating_add(seat.turns);
        self.points = self.points.saturating_add(seat.points);
        if let Some(turn) = &seat.best_turn
            && self
                .best_turn
                .as_ref()
                .is_none_or(|best| turn.points > best.points)
        {
            self.best_turn = Some(turn.clone());
        }
    }

    /// Points a turn, when any turn was counted.
    #[must_use]
    pub fn points_per_turn(&self) -> Option<f64> {
        (self.turns > 0).then(|| self.points as f64 / f64::from(self.turns))
    }

    /// The average margin of a win, when any was won.
    #[must_use]
    pub fn average_margin(&self) -> Option<f64> {
        (self.won > 0).then(|| self.margins as f64 / f64::from(self.won))
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Statistics>()
        .add_systems(PreStartup, load_statistics);
}

impl Statistics {
    /// The statistics kept in `dir`; a file that cannot be read is set aside, and the records
    /// start again beside it.
    #[must_use]
    pub fn load(dir: &DataDir) -> Option<Statistics> {
        storage::load(dir, FILE)
    }
}

fn load_statistics(dir: Option<Res<DataDir>>, mut statistics: ResMut<Statistics>) {
    if let Some(kept) = dir.and_then(|dir| Statistics::load(&dir)) {
        *statistics = kept;
    }
}

/// Clears every record, and keeps the cleared file.
pub fn reset(statistics: &mut Statistics, storage: Option<(&DataDir, &Saver)>) {
    *statistics = Statistics::default();
    if let Some((dir, saver)) = storage {
        saver.save(dir, FILE, statistics);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: GameId = GameId("tiles");

    fn seat(name: &str, computer: Option<ComputerLevel>, won: bool, points: i64) -> SeatResult {
        SeatResult {
            name: name.to_owned(),
            computer,
            won,
            turns: 10,
            points,
            best_turn: Some(BestTurn {
                points: points / 5,
                sums: vec![format!("{points}")],
            }),
            margin: if won { 12 } else { 0 },
        }
    }

    fn game(id: u64, ann_wins: bool) -> Finished {
        Finished {
            game: GAME,
            id,
            seats: vec![
                seat("Ann", None, ann_wins, if ann_wins { 300 } else { 200 }),
                seat("Bo", Some(ComputerLevel::Hard), !ann_wins, 250),
            ],
        }
    }

    #[test]
    fn a_game_counts_once_for_each_person_and_streaks_follow_the_wins() {
        let mut statistics = Statistics::default();
        for (id, ann_wins) in [(1, true), (2, true), (3, false), (4, true)] {
            assert!(statistics.count(&game(id, ann_wins)));
        }
        assert!(!statistics.count(&game(2, false)), "counted before");
        let ann = &statistics.players["Ann"]["tiles"];
        assert_eq!((ann.played, ann.won), (4, 3));
        assert_eq!((ann.streak, ann.longest_streak), (1, 2));
        assert_eq!(ann.against["hard"], Tally { played: 4, won: 3 });
        assert_eq!(ann.points_per_turn(), Some(1100.0 / 40.0));
        assert_eq!(ann.best_turn.as_ref().map(|turn| turn.points), Some(60));
        assert_eq!(ann.average_margin(), Some(12.0));
        assert!(
            !statistics.players.contains_key("Bo"),
            "a computer seat has no record"
        );
        assert_eq!(statistics.of_game(GAME).count(), 1);
        assert_eq!(statistics.of_game(GameId("hex")).count(), 0);
    }

    #[test]
    fn only_the_latest_games_are_remembered() {
        let mut statistics = Statistics::default();
        for id in 0..(REMEMBERED as u64 + 10) {
            statistics.count(&game(id, true));
        }
        assert_eq!(statistics.counted.len(), REMEMBERED);
        assert!(!statistics.count(&game(REMEMBERED as u64 + 9, true)));
        assert_eq!(
            statistics.players["Ann"]["tiles"].played,
            REMEMBERED as u32 + 10
        );
    }

    #[test]
    fn the_file_reads_back_and_an_old_one_without_new_fields_still_reads() {
        let mut statistics = Statistics::default();
        statistics.count(&game(7, true));
        let text = serde_json::to_string(&statistics).unwrap();
        assert_eq!(
            serde_json::from_str::<Statistics>(&text).unwrap(),
            statistics
        );
        let sparse: Statistics =
            serde_json::from_str(r#"{"players":{"Cy":{"hex":{"played":2,"won":1}}}}"#).unwrap();
        assert_eq!(sparse.players["Cy"]["hex"].won, 1);
    }
}
