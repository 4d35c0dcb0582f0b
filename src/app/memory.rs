//! Hands the heap's free pages back to the system now and then, so hours of play leave no
//! memory behind that the game has already freed.

use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::AsyncComputeTaskPool;

/// How often the free pages go back.
const EVERY: Duration = Duration::from_secs(60);

pub fn plugin(app: &mut App) {
    app.add_systems(Update, release_free_pages);
}

/// Why: glibc keeps what a thread frees in that thread's arena, and the searches, the board
/// paintings and the renderer's threads each leave their highest use resident there for good.
/// `malloc_trim` returns every arena's whole free pages; it runs off the frame. An idle app
/// draws no frames, so this never wakes it.
fn release_free_pages(time: Res<Time<Real>>, mut last: Local<Duration>) {
    let now = time.elapsed();
    if now.saturating_sub(*last) < EVERY {
        return;
    }
    *last = now;
    AsyncComputeTaskPool::get()
        .spawn(async { trim_heap() })
        .detach();
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn trim_heap() {
    // SAFETY: malloc_trim only walks the allocator's own free lists, under its own locks.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn trim_heap() {}
