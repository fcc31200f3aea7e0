//! The simulation core (no Bevy): a `TableSim` over rapier plus the billiards models. It
//! writes the shot contract (`crate::shot`): the events of a stroke as they happen.

pub mod bench;
mod cloth;
mod contact;
mod error;
pub mod firm_stroke;
mod poly;
#[cfg(test)]
mod reference_tests;
mod sim;
mod strike;
pub use strike::{CueSpeed, clean_after_speed, cue_speed, follow_through_decel};
mod world;

pub use cloth::{Kinematics, Motion};
pub use error::{PlaceError, ShotError, StrikeError};
pub use sim::TableSim;
