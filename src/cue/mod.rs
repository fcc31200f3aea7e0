//! Aiming and striking: the action layer over the controls, the aim (direction, power,
//! tip offset, elevation), the cue stick and the aim line.

mod actions;
mod aim;
mod stick;

pub use actions::Actions;
pub use aim::{Aim, SPEED_RANGE};

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((actions::plugin, aim::plugin, stick::plugin));
}
