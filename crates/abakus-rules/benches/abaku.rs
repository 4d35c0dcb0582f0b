//! Abaku speed: listing every legal placement, and checking and scoring one move.

use std::hint::black_box;

use abakus_rules::abaku::{Position, Tile};
use criterion::{Criterion, criterion_group, criterion_main};

/// A mid-game position (18 turns played, 49 tiles on the board) whose mover holds five tiles,
/// the joker among them. Kept as a file so the figure stays comparable when the move generator
/// changes (random games depend on the order it lists moves in).
fn midgame_with_joker() -> Position {
    let text = include_str!("positions/abaku-midgame-joker.txt");
    let position = Position::from_text(text).expect("the bench position file reads");
    assert!(position.rack(position.to_move()).contains(&Tile::Joker));
    position
}

/// The same position with the mover's joker swapped for the bag's first 2.
fn midgame_without_joker() -> Position {
    let text = include_str!("positions/abaku-midgame-joker.txt")
        .replace("rack 4 ? 5 0 7", "rack 4 2 5 0 7")
        .replacen("bag 2 ", "bag ? ", 1);
    let position = Position::from_text(&text).expect("the swapped position reads");
    assert!(!position.rack(position.to_move()).contains(&Tile::Joker));
    position
}

fn benches(c: &mut Criterion) {
    let p = midgame_with_joker();
    let placements = p.legal_placements();
    let on_racks: usize = p.players().iter().map(|q| q.rack.len()).sum();
    eprintln!(
        "bench position: {} tiles on the board, {} legal placements",
        101 - p.bag().len() - on_racks,
        placements.len()
    );
    c.bench_function(
        "abaku legal_placements (5-tile rack with joker, mid-game)",
        |b| b.iter(|| black_box(black_box(&p).legal_placements())),
    );
    let plain = midgame_without_joker();
    eprintln!(
        "the same without the joker: {} legal placements",
        plain.legal_placements().len()
    );
    c.bench_function(
        "abaku legal_placements (5-tile rack without joker, mid-game)",
        |b| b.iter(|| black_box(black_box(&plain).legal_placements())),
    );
    let longest = placements
        .iter()
        .max_by_key(|pl| pl.len())
        .cloned()
        .unwrap_or_default();
    c.bench_function("abaku evaluate one move", |b| {
        b.iter(|| black_box(black_box(&p).evaluate(black_box(&longest))))
    });
}

criterion_group!(abaku, benches);
criterion_main!(abaku);
