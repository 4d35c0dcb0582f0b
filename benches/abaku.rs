//! Abaku speed: listing every legal placement, and checking and scoring one move.

use std::hint::black_box;

use abakus::rules::abaku::random::random_move;
use abakus::rules::abaku::{Position, Setup, Tile};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A mid-game position (ten or more turns played) whose mover holds five tiles, the joker among them.
fn midgame_with_joker() -> Position {
    for seed in 0..10_000u64 {
        let mut p = match Position::new(Setup::new(2, seed)) {
            Ok(p) => p,
            Err(_) => continue,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !p.is_over() && p.turns() < 30 {
            let rack = p.rack(p.to_move());
            if p.turns() >= 10 && rack.len() == 5 && rack.contains(&Tile::Joker) {
                return p;
            }
            let mv = random_move(&p, &mut rng);
            if p.play(&mv).is_err() {
                break;
            }
        }
    }
    panic!("no mid-game position with the joker on the rack found");
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
