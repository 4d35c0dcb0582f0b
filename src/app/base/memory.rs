//! Hands the heap's free pages back to the system now and then, so hours of play leave no
//! memory behind that the game has already freed; and, on request, logs where memory goes.

use std::collections::HashSet;
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::AsyncComputeTaskPool;
use bevy::text::{FontAtlasSet, TextLayoutInfo};

/// How often memory is tidied, and reported when asked.
const EVERY: Duration = Duration::from_secs(60);

pub fn plugin(app: &mut App) {
    app.add_systems(Update, release_free_pages.run_if(once_a_minute));
    // After the text layouts of the frame, so every glyph shown is counted.
    app.add_systems(Last, release_unused_font_atlases.run_if(once_a_minute));
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

/// Why: the engine rasterises each font size into atlases of its own and keeps them for good,
/// and the boards' labels take their size from the board and the window, so a booth cycling
/// through boards (and a player resizing the window) would gather atlases of sizes no longer
/// shown. Once a minute, the atlases of sizes that no text on screen uses are let go of; a
/// size shown again is rasterised again, once.
fn release_unused_font_atlases(mut atlases: ResMut<FontAtlasSet>, layouts: Query<&TextLayoutInfo>) {
    let shown: HashSet<AssetId<Image>> = layouts
        .iter()
        .flat_map(|layout| &layout.glyphs)
        .map(|glyph| glyph.atlas_info.texture)
        .collect();
    let unused = |set: &Vec<bevy::text::FontAtlas>| {
        !set.iter().any(|atlas| shown.contains(&atlas.texture.id()))
    };
    if atlases.values().any(unused) {
        atlases.retain(|_, set| !unused(set));
    }
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
/// use, free and mapped apart, and what the engine holds (images and their bytes, meshes, font
/// atlases, entities), so a long run shows which of them grows.
fn log_memory(
    time: Res<Time<Real>>,
    images: Res<Assets<Image>>,
    meshes: Res<Assets<Mesh>>,
    atlases: Res<FontAtlasSet>,
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
    let font_atlases: usize = atlases.values().map(Vec::len).sum();
    info!(
        "memory at {:.0} s: resident {:.1} MiB; {}; {} images ({:.1} MiB{largest}), {} meshes, {} font sizes in {} atlases ({:.1} MiB), {} entities",
        now.as_secs_f64(),
        mib(resident_bytes()),
        heap_summary(),
        images.len(),
        mib(image_bytes),
        meshes.len(),
        atlases.len(),
        font_atlases,
        mib(atlases.total_bytes(&images) as usize),
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

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::text::{FontAtlas, FontAtlasKey, FontHinting, FontSmoothing, GlyphAtlasInfo};
    use bevy::text::{PositionedGlyph, TextLayoutInfo};
    use bevy::time::TimeUpdateStrategy;

    fn key(size: f32) -> FontAtlasKey {
        FontAtlasKey {
            id: 0,
            index: 0,
            font_size_bits: size.to_bits(),
            variations_hash: 0,
            hinting: FontHinting::Disabled,
            font_smoothing: FontSmoothing::AntiAliased,
        }
    }

    #[test]
    fn the_atlases_of_font_sizes_no_text_shows_are_let_go_and_the_rest_kept() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()));
        app.init_asset::<Image>();
        app.init_resource::<FontAtlasSet>();
        app.add_systems(Last, release_unused_font_atlases.run_if(once_a_minute));
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(7)));
        let (shown, hidden) = {
            let mut images = app.world_mut().resource_mut::<Assets<Image>>();
            let shown = FontAtlas::new(&mut images, UVec2::splat(64), FontSmoothing::AntiAliased);
            let hidden = FontAtlas::new(&mut images, UVec2::splat(64), FontSmoothing::AntiAliased);
            (shown, hidden)
        };
        let shown_texture = shown.texture.id();
        let mut atlases = app.world_mut().resource_mut::<FontAtlasSet>();
        atlases.insert(key(14.0), vec![shown]);
        atlases.insert(key(23.5), vec![hidden]);
        app.world_mut().spawn(TextLayoutInfo {
            glyphs: vec![PositionedGlyph {
                position: Vec2::ZERO,
                atlas_info: GlyphAtlasInfo {
                    texture: shown_texture,
                    rect: Rect::new(0.0, 0.0, 8.0, 8.0),
                    offset: Vec2::ZERO,
                    is_alpha_mask: true,
                },
                section_index: 0,
                line_index: 0,
            }],
            ..default()
        });
        // Within the first minute nothing goes.
        app.update();
        assert_eq!(app.world().resource::<FontAtlasSet>().len(), 2);
        for _ in 0..12 {
            app.update();
        }
        let atlases = app.world().resource::<FontAtlasSet>();
        assert_eq!(atlases.len(), 1, "only the size on screen is kept");
        assert!(atlases.contains_key(&key(14.0)));
        app.update();
        let images = app.world().resource::<Assets<Image>>();
        assert!(images.contains(shown_texture));
        assert_eq!(images.len(), 1, "the unused atlas's image is freed too");
    }
}
