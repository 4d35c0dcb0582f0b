//! The boards' animations: their clock, which runs at the speed the player chose, and easing
//! curves that map progress 0..=1 to 0..=1 (or a little past 1, for an overshoot).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::base::settings::Settings;

/// The most an animation advances in one frame: the first frame after the window has rested
/// comes long after the one before, and an animation starting in it starts at its beginning.
pub const LONGEST_STEP: f32 = 0.1;

/// The time animations advance by this frame: the frame's time, scaled by the settings'
/// animation speed (calm, normal or brisk).
#[derive(SystemParam)]
pub struct AnimationTime<'w> {
    time: Res<'w, Time>,
    settings: Option<Res<'w, Settings>>,
}

impl AnimationTime<'_> {
    /// The frame's time, at most [`LONGEST_STEP`], scaled by the chosen speed.
    #[must_use]
    pub fn delta_secs(&self) -> f32 {
        let factor = self
            .settings
            .as_ref()
            .map_or(1.0, |settings| settings.animation_speed.factor());
        self.time.delta_secs().min(LONGEST_STEP) * factor
    }
}

/// Fast at first, gently to rest.
#[must_use]
pub fn ease_out_cubic(t: f32) -> f32 {
    1.0 - (1.0 - t.clamp(0.0, 1.0)).powi(3)
}

/// Overshoots a little and settles back: a piece landing.
#[must_use]
pub fn ease_out_back(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    let c1 = 1.70158;
    let c3 = c1 + 1.0;
    1.0 + c3 * (t - 1.0).powi(3) + c1 * (t - 1.0).powi(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curves_start_at_rest_and_end_at_rest() {
        for curve in [ease_out_cubic, ease_out_back] {
            assert!(curve(0.0).abs() < 1e-6);
            assert!((curve(1.0) - 1.0).abs() < 1e-6);
            assert!(curve(-1.0).abs() < 1e-6 && (curve(2.0) - 1.0).abs() < 1e-6);
        }
        assert!(
            (0..=100).any(|i| ease_out_back(i as f32 / 100.0) > 1.0),
            "it overshoots"
        );
    }
}
