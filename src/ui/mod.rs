//! What the players read: the menu, the scoreboard, the stroke panel (power, tip offset,
//! elevation), the controls on demand, and an overlay for each phase of play that says
//! what the referee decided and what to do next.

mod help;
mod hud;
mod menu;
mod overlays;
mod scoreboard;
mod widgets;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        widgets::plugin,
        menu::plugin,
        scoreboard::plugin,
        overlays::plugin,
        hud::plugin,
        help::plugin,
    ));
}
