//! The attract loop for many games at an accelerated clock: the entity count and the
//! process's resident memory stay flat. Alone in its test program, so the memory figure is
//! this loop's own. `ABAKUS_SOAK_GAMES=N` runs longer (the README's figures).

#![cfg(target_os = "linux")]

use std::time::{Duration, Instant};

use abakus::app::base::settings::{ComputerPace, Settings};
use abakus::app::features::attract::{Booth, DemoShowing};
use abakus::app::testing::{attract_app, finish_background_work};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

/// Resident memory of this process, in KiB.
fn resident_kib() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("Linux has /proc");
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|field| field.parse().ok())
        .expect("statm's second field is the resident page count");
    pages * 4
}

#[test]
fn many_demo_games_keep_entities_and_memory_flat() {
    let games: u32 = std::env::var("ABAKUS_SOAK_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(8)
        .max(4);
    let mut app = attract_app(Booth {
        demo_after: Some(5),
        kiosk: false,
        quick_demo: true,
        phone_visitors: false,
    });
    // A tenth of a second a frame, waiting only for the computers' moves: an hour of booth
    // time in a few minutes.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    app.world_mut().resource_mut::<Settings>().computer_pace = ComputerPace::Quick;
    let started = Instant::now();
    let mut frames = 0u64;
    // (demo game, entities, resident KiB) as each demo game begins.
    let mut samples: Vec<(u32, usize, u64)> = Vec::new();
    while samples.len() <= games as usize {
        app.update();
        finish_background_work(&mut app);
        frames += 1;
        let round = app.world().get_resource::<DemoShowing>().map(|s| s.round);
        if let Some(round) = round
            && samples.last().is_none_or(|(last, _, _)| *last != round)
        {
            // A frame more, so the new board has spawned.
            app.update();
            frames += 1;
            let entities = app.world_mut().query::<Entity>().iter(app.world()).count();
            samples.push((round, entities, resident_kib()));
        }
        assert!(frames < 400_000, "the demo stalled after {samples:?}");
    }
    let booth_minutes = frames as f64 * 0.1 / 60.0;
    println!(
        "soak: {games} demo games, {frames} frames ({booth_minutes:.0} min of booth time) in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    for (round, entities, kib) in &samples {
        println!(
            "soak: game {round:>3}: {entities:>5} entities, {:>7.1} MiB resident",
            *kib as f64 / 1024.0
        );
    }
    // Both games have been shown at least twice; compare the second half with the first.
    let half = samples.len() / 2;
    let most = |part: &[(u32, usize, u64)]| part.iter().map(|s| s.1).max().unwrap_or(0);
    let (early, late) = (most(&samples[..half]), most(&samples[half..]));
    assert!(
        late <= early + early / 10,
        "entities grew from {early} to {late}: {samples:?}"
    );
    // Memory settles after the first games (caches, the allocator's pools); after that it may
    // not keep climbing.
    let settled = samples[2].2;
    let last = samples.last().map_or(0, |s| s.2);
    assert!(
        last <= settled + 24 * 1024,
        "resident memory grew from {settled} KiB to {last} KiB: {samples:?}"
    );
}
