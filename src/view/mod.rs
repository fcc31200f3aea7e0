//! What is drawn: the table and room, the balls, the markings on the cloth, lights and
//! the orbiting camera, and the `--screenshot` capture.

pub mod balls;
mod camera;
mod lights;
mod markings;
pub mod screenshot;
mod table;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        table::plugin,
        balls::plugin,
        lights::plugin,
        markings::plugin,
        camera::plugin,
        screenshot::plugin,
    ));
}
