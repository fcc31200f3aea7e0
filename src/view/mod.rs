//! What is drawn and heard: the table and room, the balls, the markings on the cloth,
//! lights, the orbiting camera, the sounds of play, and the `--screenshot` capture.

pub mod balls;
mod camera;
pub use camera::{Cameras, Framing};
pub mod cloth;
mod graphics;
mod lights;
mod markings;
mod resolution;
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
        graphics::plugin,
        resolution::plugin,
        screenshot::plugin,
        sound::plugin,
    ));
}
