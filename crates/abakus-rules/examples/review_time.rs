//! How long a review takes at its default settings: the first moves of hex games of the normal
//! level against itself on side 5, and whole tile games of the normal level on board A.
//!
//! `cargo run -p abakus-rules --release --example review_time -- [GAMES] [SEED] [HEX_MOVES]
//! [TILE_PLAYERS]`, default 3 games of each, seed 1, the hex games' first 75 moves, tile games
//! of three players (about 35 turns). Prints one line a game: its moves, the review's time, and
//! the labels.

use std::time::Instant;

use abakus_rules::abaku::ai::{self as tile_ai, Level as TileLevel};
use abakus_rules::abaku::{self, Setup};
use abakus_rules::hex::ai::{self as hex_ai, Level as HexLevel};
use abakus_rules::hex::{self, Position};
use abakus_rules::review::{Judged, Label, summarise};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let games = args.first().copied().unwrap_or(3);
    let seed = args.get(1).copied().unwrap_or(1);
    let hex_moves = args.get(2).copied().unwrap_or(75) as usize;
    let tile_players = args.get(3).copied().unwrap_or(3) as usize;
    for game in 0..games {
        let played = hex_game(seed + game, hex_moves);
        let started = Instant::now();
        let reviews =
            hex::review::review_game(&played, hex::review::ReviewSettings::default(), &mut |_| {
                true
            })
            .expect("reviewed");
        report("hex", reviews.len(), started, &reviews, 2);
    }
    for game in 0..games {
        let played = tile_game(seed + game, tile_players);
        let started = Instant::now();
        let reviews = abaku::review::review_game(
            &played,
            abaku::review::ReviewSettings::default(),
            &mut |_| true,
        )
        .expect("reviewed");
        report("tiles", reviews.len(), started, &reviews, tile_players);
    }
}

/// The first `moves` moves of a side-5 game of the normal level against itself.
fn hex_game(seed: u64, moves: usize) -> Position {
    let mut position = Position::new(5).expect("side 5");
    let mut k = seed * 1_000;
    while let Some(mv) = hex_ai::choose_move(
        &position,
        HexLevel::Normal,
        HexLevel::Normal.budget(std::time::Duration::ZERO),
        k,
        1,
    ) {
        if position.history().len() == moves {
            break;
        }
        position.play(mv).expect("legal");
        k += 1;
    }
    position
}

/// A tile game of the normal level in every seat, to its end.
fn tile_game(seed: u64, players: usize) -> abaku::Position {
    let mut position = abaku::Position::new(Setup::new(players, seed)).expect("a table");
    let mut k = seed * 1_000;
    while !position.is_over() {
        let mv = tile_ai::choose_move(&position, TileLevel::Normal, k);
        position.play(&mv).expect("legal");
        k += 1;
    }
    position
}

fn report<J: Judged>(game: &str, moves: usize, started: Instant, reviews: &[J], players: usize) {
    let seconds = started.elapsed().as_secs_f64();
    let summaries = summarise(reviews, players);
    let labels: Vec<String> = Label::ALL
        .iter()
        .map(|&label| {
            let count: usize = summaries.iter().map(|s| s.labels[label.index()]).sum();
            format!("{label:?} {count}")
        })
        .collect();
    println!(
        "{game}: {moves} moves reviewed in {seconds:.1} s ({:.2} s a move); {}",
        seconds / moves.max(1) as f64,
        labels.join(", ")
    );
}
