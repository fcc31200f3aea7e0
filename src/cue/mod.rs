//! Aiming and striking: the aim (direction, power, tip offset, elevation), the player's
//! actions turned into the match's commands, the cue stick and the aim line.

mod aim;
mod coach;
mod good_lags;
mod model;
mod prediction;
mod shown_stroke;
mod stick;
mod strike;
mod swing;

pub use aim::{Aim, MouseAim, SPEED_RANGE};
pub use good_lags::GoodLags;
pub use prediction::Prediction;
pub use stick::CueColours;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        aim::plugin,
        coach::plugin,
        strike::plugin,
        shown_stroke::plugin,
        good_lags::plugin,
        stick::plugin,
    ));
}
