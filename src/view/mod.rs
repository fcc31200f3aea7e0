//! What is drawn and heard: the table and room, the balls, the markings on the cloth,
//! lights, the orbiting camera, the sounds of play, and the `--screenshot` capture.

pub mod balls;
mod camera;
mod census;
mod compiled;
pub mod cpu_side;
pub use camera::{CameraPlaced, Cameras, Framing, largest_clear_area};
mod graphics;
mod lights;
mod markings;
pub use markings::{Label, Labels};
mod reflections;
mod resolution;
mod room;
pub mod round_trips;
pub mod screenshot;
mod sound;
pub mod staging;
mod stick;
pub mod surfaces;
mod table;
pub mod video_memory;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        cameras_and_markings,
        surfaces::plugin,
        room::plugin,
        round_trips::plugin,
        table::plugin,
        balls::plugin,
        stick::plugin,
        lights::plugin,
        reflections::plugin,
        graphics::plugin,
        screenshot::plugin,
        staging::plugin,
        sound::plugin,
        census::plugin,
        // How the renderer is set up for a software renderer's sake.
        (cpu_side::plugin, video_memory::plugin),
    ));
}

/// The cameras, where they frame the table, and the lines and labels on the cloth:
/// what needs no renderer (a headless app lays the screen out with them).
pub fn cameras_and_markings(app: &mut App) {
    app.add_plugins((camera::plugin, resolution::plugin, markings::plugin));
}
