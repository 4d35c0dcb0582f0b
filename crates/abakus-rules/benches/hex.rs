//! Speed of the hex game's rules: random playouts, move listing and perft.

use std::hint::black_box;

use abakus_rules::hex::Position;
use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A side-5 position some 30 plies in, with groups big enough to slide.
fn mid_game() -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut position = Position::new(5).expect("side 5 exists");
    for _ in 0..30 {
        let mv = position.random_move(&mut rng).expect("not full yet");
        position.play_unchecked(mv);
    }
    position
}

fn hex(c: &mut Criterion) {
    let empty = Position::new(5).expect("side 5 exists");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    c.bench_function("hex random playout side 5", |b| {
        b.iter(|| black_box(empty.random_playout(&mut rng)));
    });
    c.bench_function("hex random playout side 5 with the move history", |b| {
        b.iter(|| {
            let mut position = empty.clone();
            black_box(position.play_randomly_to_end(&mut rng))
        });
    });
    let empty_8 = Position::new(8).expect("side 8 exists");
    c.bench_function("hex random playout side 8", |b| {
        b.iter(|| black_box(empty_8.random_playout(&mut rng)));
    });

    let middle = mid_game();
    c.bench_function("hex legal moves mid-game side 5", |b| {
        let mut moves = Vec::with_capacity(128);
        b.iter(|| {
            moves.clear();
            black_box(&middle).append_legal_moves(&mut moves);
            black_box(moves.len())
        });
    });

    c.bench_function("hex perft side 4 depth 3", |b| {
        let mut position = Position::new(4).expect("side 4 exists");
        b.iter(|| black_box(position.perft(3)));
    });
}

criterion_group!(benches, hex);
criterion_main!(benches);
