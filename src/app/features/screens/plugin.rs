//! The shared screens' plugin.

use super::{help, rules, settings, statistics, title};
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    crate::app::base::navigation::plugin(app);
    app.add_plugins((
        title::plugin,
        settings::plugin,
        rules::plugin,
        help::plugin,
        statistics::plugin,
    ));
}
