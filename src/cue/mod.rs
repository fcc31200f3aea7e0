//! Aiming and striking: the aim (direction, power, tip offset, elevation), the player's
//! actions turned into the match's commands, the cue stick and the aim line.

mod aim;
mod coach;
mod commands;
mod computer;
mod prediction;
mod stick;

pub use aim::{Aim, MouseAim, SPEED_RANGE};
pub use commands::{LeaveArmed, RestoreArmed};
pub use computer::person_to_act;
pub use prediction::Prediction;

use crate::computer::Decision;
use bevy::prelude::*;

/// What the computer at a seat, or the coach, is doing, for the status line.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The level's name.
    pub level: String,
    /// The coach (in practice), not a player.
    pub coach: bool,
    /// None while it thinks.
    pub decision: Option<Decision>,
}

#[derive(Resource, Default)]
pub struct Advising(pub Option<Advice>);

pub fn plugin(app: &mut App) {
    app.init_resource::<Advising>();
    app.add_plugins((
        aim::plugin,
        coach::plugin,
        commands::plugin,
        computer::plugin,
        stick::plugin,
    ));
}
