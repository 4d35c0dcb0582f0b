//! What a run leaves behind: screenshots, the frame-time figures, and their report.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use super::state::Script;
use super::step::StepOutcome;
use crate::app::base::games::GameId;
use crate::app::base::navigation::Screen;

/// Saves the window as `NAME.png` in the output folder, two frames from now.
pub(super) fn screenshot(commands: &mut Commands, output: &Path, name: &str) -> StepOutcome {
    if let Err(error) = std::fs::create_dir_all(output) {
        return StepOutcome::Fail(format!("cannot create {}: {error}", output.display()));
    }
    let path = output.join(format!("{name}.png"));
    info!("screenshot {}", path.display());
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path));
    StepOutcome::Wait(2)
}

pub(super) fn start_game_timer(mut script: ResMut<Script>) {
    script.game_started = Some(Instant::now());
}

/// Adds the time since [`start_game_timer`] to this frame's total for the game's own systems.
pub(super) fn stop_game_timer(mut script: ResMut<Script>) {
    if let Some(started) = script.game_started.take() {
        script.game_this_frame += started.elapsed().as_secs_f32() * 1000.0;
    }
}

pub(super) fn start_update_timer(mut script: ResMut<Script>) {
    script.update_started = Some(Instant::now());
}

pub(super) fn stop_update_timer(mut script: ResMut<Script>) {
    if let Some(started) = script.update_started.take() {
        let spent = started.elapsed().as_secs_f32() * 1000.0;
        script.system_times.push(spent);
    }
}

pub(super) fn record_frame_time(
    mut script: ResMut<Script>,
    time: Res<Time<Real>>,
    screen: Option<Res<State<Screen>>>,
) {
    if script.first_frame.is_none() {
        script.first_frame = Some(script.launched.elapsed());
    }
    let delta = time.delta_secs() * 1000.0;
    let resting = script.is_resting();
    let after_rest = std::mem::replace(&mut script.after_rest, resting);
    // Frames and game times are kept in step, so that each game's share can be picked out.
    if delta <= 0.0 || after_rest {
        script.game_this_frame = 0.0;
        return;
    }
    script.frame_times.push(delta);
    let game = std::mem::take(&mut script.game_this_frame);
    script.game_times.push(game);
    let showing = screen.and_then(|screen| match *screen.get() {
        Screen::Game(id) => Some(id),
        _ => None,
    });
    script.frame_games.push(showing);
}

fn percentile(sorted: &[f32], fraction: f32) -> f32 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() - 1) as f32 * fraction).round() as usize;
    sorted[index]
}

fn sorted(values: &[f32]) -> Vec<f32> {
    let mut values = values.to_vec();
    values.sort_by(f32::total_cmp);
    values
}

fn worst(sorted: &[f32]) -> f32 {
    sorted.last().copied().unwrap_or(0.0)
}

/// Prints the frame-time figures and writes them to `frame-times.txt` in the output folder.
pub(super) fn report(script: &Script) {
    let mut text = String::new();
    whole_run(&mut text, script);
    for id in games_shown(script) {
        one_game(&mut text, script, id);
    }
    if let Some(first) = script.first_frame {
        let _ = writeln!(text, "first frame after {} ms", first.as_millis());
    }
    print!("{text}");
    let _ = std::fs::create_dir_all(&script.output);
    let _ = std::fs::write(script.output.join("frame-times.txt"), text);
}

fn whole_run(text: &mut String, script: &Script) {
    let frames = sorted(&script.frame_times);
    let systems = sorted(&script.system_times);
    let game = sorted(&script.game_times);
    let _ = writeln!(
        text,
        "frames: {} | frame time median {:.1} ms, 95th percentile {:.1} ms, worst {:.1} ms",
        frames.len(),
        percentile(&frames, 0.5),
        percentile(&frames, 0.95),
        worst(&frames)
    );
    let _ = writeln!(
        text,
        "game systems per frame (input, rules, board, panels): median {:.2} ms, 95th percentile {:.2} ms, worst {:.2} ms",
        percentile(&game, 0.5),
        percentile(&game, 0.95),
        worst(&game)
    );
    let _ = writeln!(
        text,
        "whole update per frame (PreUpdate to PostUpdate with the engine's systems, no rendering): median {:.2} ms, worst {:.2} ms",
        percentile(&systems, 0.5),
        worst(&systems)
    );
}

/// The games whose screens the run showed, each once.
fn games_shown(script: &Script) -> Vec<GameId> {
    let mut games: Vec<GameId> = script.frame_games.iter().flatten().copied().collect();
    games.sort_by_key(|id| id.0);
    games.dedup();
    games
}

/// One game's screen apart: its frames and its own systems' time.
fn one_game(text: &mut String, script: &Script, id: GameId) {
    let pick = |values: &[f32]| {
        let picked: Vec<f32> = values
            .iter()
            .zip(&script.frame_games)
            .filter(|(_, game)| **game == Some(id))
            .map(|(value, _)| *value)
            .collect();
        sorted(&picked)
    };
    let (frames, game) = (pick(&script.frame_times), pick(&script.game_times));
    let _ = writeln!(
        text,
        "on the {} game screen: {} frames | frame time median {:.1} ms, 95th percentile {:.1} ms, worst {:.1} ms | game systems median {:.2} ms, 95th percentile {:.2} ms, worst {:.2} ms",
        id.0,
        frames.len(),
        percentile(&frames, 0.5),
        percentile(&frames, 0.95),
        worst(&frames),
        percentile(&game, 0.5),
        percentile(&game, 0.95),
        worst(&game)
    );
}
