//! What is drawn and heard: the table and room, the balls, lights, the orbiting camera,
//! the sounds of play, and the `--screenshot` capture.

mod balls;
mod camera;
pub mod cloth;
mod lights;
pub mod screenshot;
mod sound;
mod table;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        cloth::plugin,
        table::plugin,
        balls::plugin,
        lights::plugin,
        camera::plugin,
        screenshot::plugin,
        sound::plugin,
    ));
}
