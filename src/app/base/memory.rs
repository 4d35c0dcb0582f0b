//! Hands the heap's free pages back to the system now and then, so hours of play leave no
//! memory behind that the game has already freed; and, on request, logs where memory goes.

use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::AsyncComputeTaskPool;

/// How often memory is tidied, and reported when asked.
const EVERY: Duration = Duration::from_secs(60);

pub fn plugin(app: &mut App) {
    app.add_systems(Update, release_free_pages.run_if(once_a_minute));
    if std::env::var_os("ABAKUS_MEMORY_DIAGNOSTICS").is_some() {
        app.add_systems(Last, log_memory.run_if(once_a_minute));
    }
}

/// True once every [`EVERY`] of real time; each system it guards keeps its own clock.
fn once_a_minute(time: Res<Time<Real>>, mut last: Local<Duration>) -> bool {
    let now = time.elapsed();
    if now.saturating_sub(*last) < EVERY {
        return false;
    }
    *last = now;
    true
}

/// Why: glibc keeps what a thread frees in that thread's arena, and the searches, the board
/// paintings and the renderer's threads each leave their highest use resident there for good.
/// `malloc_trim` returns every arena's whole free pages; it runs off the frame. An idle app
/// draws no frames, so this never wakes it.
fn release_free_pages() {
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

/// With `ABAKUS_MEMORY_DIAGNOSTICS` set, once a minute: resident memory, the heap's bytes in
/// use, free and mapped apart, and what the engine holds (images and their bytes, meshes,
/// entities), so a long run shows which of them grows.
fn log_memory(
    time: Res<Time<Real>>,
    images: Res<Assets<Image>>,
    meshes: Res<Assets<Mesh>>,
    entities: Query<()>,
) {
    let now = time.elapsed();
    let image_bytes: usize = images
        .iter()
        .filter_map(|(_, image)| image.data.as_ref())
        .map(Vec::len)
        .sum();
    // The largest image names itself by its size: a texture that grows (egui's font texture
    // doubles as it fills) shows here first.
    let largest = images
        .iter()
        .max_by_key(|(_, image)| image.data.as_ref().map_or(0, Vec::len))
        .map_or_else(String::new, |(_, image)| {
            format!(", the largest {}×{}", image.width(), image.height())
        });
    info!(
        "memory at {:.0} s: resident {:.1} MiB; {}; {} images ({:.1} MiB{largest}), {} meshes, {} entities",
        now.as_secs_f64(),
        mib(resident_bytes()),
        heap_summary(),
        images.len(),
        mib(image_bytes),
        meshes.len(),
        entities.iter().count(),
    );
}

fn mib(bytes: usize) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// Resident memory from `/proc/self/statm`, 0 where there is none.
fn resident_bytes() -> usize {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|statm| statm.split_whitespace().nth(1)?.parse::<usize>().ok())
        .map_or(0, |pages| pages * 4096)
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn heap_summary() -> String {
    // SAFETY: mallinfo2 only reads the allocator's counters, under its own locks.
    let info = unsafe { libc::mallinfo2() };
    format!(
        "heap in use {:.1} MiB, free {:.1} MiB, mapped {:.1} MiB in {} blocks",
        mib(info.uordblks),
        mib(info.fordblks),
        mib(info.hblkhd),
        info.hblks
    )
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn heap_summary() -> String {
    "heap figures only with glibc".into()
}
