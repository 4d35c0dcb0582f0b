//! Easing curves for the boards' animations: each maps progress 0..=1 to 0..=1 (or a little
//! past 1, for an overshoot).

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
