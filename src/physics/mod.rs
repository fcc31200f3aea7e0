//! The simulation core (no Bevy): a `TableSim` over rapier plus the billiards models.

pub mod bench;
mod cloth;
mod contact;
pub mod events;
mod poly;
#[cfg(test)]
mod reference_tests;
pub mod shot;
mod sim;
mod stroke;
mod world;

pub use cloth::{Kinematics, Motion};
pub use sim::TableSim;
pub use stroke::{MAX_ELEVATION_DEG, MAX_SPEED, Stroke};
