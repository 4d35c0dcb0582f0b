//! CPU time of one frame of the game's own systems (no window, no renderer): idle, and with a move.

use std::hint::black_box;

use abakus::app::hex::{HexIntent, HexMatch, apply};
use abakus::app::testing::hex_app_with_board;
use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn frames(c: &mut Criterion) {
    let mut app = hex_app_with_board(5);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    // A mid-game board with stones on it.
    for _ in 0..24 {
        let mv = app
            .world()
            .resource::<HexMatch>()
            .position()
            .random_move(&mut rng);
        if let Some(mv) = mv {
            apply(
                &mut app.world_mut().resource_mut::<HexMatch>(),
                HexIntent::Play(mv),
            );
        }
        app.update();
    }
    c.bench_function("app frame, idle, side 5 mid-game", |b| {
        b.iter(|| {
            app.update();
            black_box(&app);
        });
    });
    c.bench_function("app frame with a move and its undo, side 5", |b| {
        b.iter(|| {
            let mv = app
                .world()
                .resource::<HexMatch>()
                .position()
                .random_move(&mut rng);
            if let Some(mv) = mv {
                if let Some(from) = mv.from() {
                    app.world_mut().write_message(HexIntent::Click(from));
                }
                app.world_mut().write_message(HexIntent::Click(mv.to()));
            }
            app.update();
            app.world_mut().write_message(HexIntent::Undo);
            app.update();
        });
    });
}

criterion_group!(benches, frames);
criterion_main!(benches);
