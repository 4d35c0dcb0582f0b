//! The shared screens' plugin.

use bevy::prelude::*;

use super::{help, online, rules, settings, statistics, title};

pub(crate) fn plugin(app: &mut App) {
    crate::app::base::navigation::plugin(app);
    app.add_plugins((
        title::plugin,
        settings::plugin,
        rules::plugin,
        help::plugin,
        statistics::plugin,
        online::plugin,
    ));
}
