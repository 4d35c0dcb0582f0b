//! Learns the tile game's leave table from self-play and prints it in the crate's format.
//!
//! Each round plays `GAMES` two-player games on board A, both seats the normal level with the
//! table the round before learned (the first round with the joker alone valued, as the normal
//! level did before it had a table), on every core; a leave's sample is the most its player
//! could score on the next turn. The last round's table is printed, with a header saying how
//! it was made.
//!
//! `cargo run -p abakus-rules --release --example learn_leaves -- [GAMES] [SEED] [ROUNDS]
//! > crates/abakus-rules/data/abaku-leaves.txt` (defaults 4000, 1 and 2).

use std::time::Instant;

use abakus_rules::abaku::ai::leaves::{self, LeaveStats, LeaveTable, Schooling};

/// Samples' worth of weight the prior (the leave's tiles valued one by one) gets.
const PRIOR_WEIGHT: f64 = 30.0;

/// One move in four is one of the five next best, so that leaves the best move rarely keeps
/// are seen too.
const SCHOOLING: Schooling = Schooling {
    explore: 0.25,
    among: 6,
};

fn main() {
    let numbers: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers only: GAMES SEED ROUNDS"))
        .collect();
    let at = |k: usize, default: u64| numbers.get(k).copied().unwrap_or(default);
    let games = u32::try_from(at(0, 4000)).expect("games fit 32 bits");
    let seed = at(1, 1);
    let rounds = at(2, 2).max(1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let started = Instant::now();
    let mut table = LeaveTable::joker_only();
    let mut last = None;
    for round in 0..rounds {
        let stats = play_round(games, seed + round * u64::from(games), &table, cores);
        let (learned, counts) = stats.table(PRIOR_WEIGHT);
        eprintln!(
            "round {}: {} games, {} leaves kept, {:.0} s so far",
            round + 1,
            stats.games,
            stats.samples(),
            started.elapsed().as_secs_f64()
        );
        table = learned;
        last = Some((stats, counts));
    }
    let (stats, counts) = last.expect("at least one round");
    let header = format!(
        "The tile game's leave table: what keeping these tiles is worth, in points, against the\n\
         most the next turn usually scores at that stage of the game. Learned from {rounds} rounds\n\
         of {games} two-player games on board A (seeds from {seed}), the normal level with the last\n\
         round's table in both seats, one move in four one of the next best; {} leaves in the\n\
         last round, {:.0} s on {cores} cores.\n\
         Columns: the tiles kept (- for none), the value, how often the last round saw it.\n\
         Made by: cargo run -p abakus-rules --release --example learn_leaves -- {games} {seed} {rounds}",
        stats.samples(),
        started.elapsed().as_secs_f64()
    );
    print!("{}", leaves::table_text(&table, &counts, &header));
}

/// One round on every core, each thread its own share of the seeds.
fn play_round(games: u32, first_seed: u64, table: &LeaveTable, cores: usize) -> LeaveStats {
    let share = games.div_ceil(cores as u32);
    std::thread::scope(|scope| {
        let runs: Vec<_> = (0..cores as u32)
            .map(|k| {
                let from = k * share;
                let count = share.min(games.saturating_sub(from));
                scope.spawn(move || {
                    leaves::learn(count, first_seed + u64::from(from), table, SCHOOLING)
                })
            })
            .collect();
        let mut stats = LeaveStats::default();
        for run in runs {
            stats.merge(run.join().expect("a self-play thread"));
        }
        stats
    })
}
