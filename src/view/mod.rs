//! What is drawn and heard: the table and room, the balls, the markings on the cloth,
//! lights, the orbiting camera, the sounds of play, and the `--screenshot` capture.

pub mod balls;
mod camera;
pub mod cloth;
mod lights;
mod markings;
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
        markings::plugin,
        camera::plugin,
        screenshot::plugin,
        sound::plugin,
    ));
}
