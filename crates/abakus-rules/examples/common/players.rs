//! The tile game's players that the match and table examples can seat.

use abakus_rules::abaku::ai::leaves::{self, LeaveTable};
use abakus_rules::abaku::ai::{self, Budget, Level, baseline, lookahead};
use abakus_rules::abaku::{Move, Position};

#[derive(Clone, Copy)]
pub enum Player {
    Level(Level),
    BaselineNormal,
    Baseline,
    /// The normal level with another leave table, read from a file.
    NormalWith(&'static LeaveTable),
    /// The hard level's look-ahead on the true deal.
    Sighted,
    /// The hard level's look-ahead knowing the tiles the other player kept.
    KeptSighted,
}

pub fn player(name: &str) -> Player {
    match name {
        "easy" => Player::Level(Level::Easy),
        "normal" => Player::Level(Level::Normal),
        "hard" => Player::Level(Level::Hard),
        "expert" => Player::Level(Level::Expert),
        "baseline-normal" => Player::BaselineNormal,
        "baseline" => Player::Baseline,
        "sighted" => Player::Sighted,
        "kept-sighted" => Player::KeptSighted,
        other if other.starts_with("normal-with=") => {
            let path = &other["normal-with=".len()..];
            let text = std::fs::read_to_string(path).expect("a leave table's file");
            let table = LeaveTable::parse(&text).expect("a leave table");
            Player::NormalWith(Box::leak(Box::new(table)))
        }
        other => {
            panic!(
                "no player {other:?}: easy, normal, hard, expert, baseline-normal, baseline, sighted, kept-sighted"
            )
        }
    }
}

impl Player {
    pub fn name(self) -> &'static str {
        match self {
            Player::Level(Level::Easy) => "easy",
            Player::Level(Level::Normal) => "normal",
            Player::Level(Level::Hard) => "hard",
            Player::Level(Level::Expert) => "expert",
            Player::BaselineNormal => "baseline-normal",
            Player::Baseline => "baseline",
            Player::NormalWith(_) => "normal with another table",
            Player::Sighted => "sighted",
            Player::KeptSighted => "kept-sighted",
        }
    }

    pub fn choose(self, position: &Position, seed: u64, budget: Budget) -> Move {
        match self {
            Player::Level(level) => ai::choose_move_within(position, level, seed, budget),
            Player::BaselineNormal => baseline::choose_normal(position, seed),
            Player::Baseline => {
                // As the window played it: at most 16 guesses, within the same time.
                let budget = Budget {
                    samples: budget.samples.min(Budget::BASELINE_WINDOW.samples),
                    ..budget
                };
                baseline::choose_move_within(position, seed, budget)
            }
            Player::NormalWith(table) => leaves::normal_move(position, table, seed),
            Player::Sighted => lookahead::sighted_move(position, seed, budget),
            Player::KeptSighted => lookahead::kept_sighted_move(position, seed, budget),
        }
    }
}
