//! The simulation core (no Bevy): a `TableSim` over rapier plus the billiards models. It
//! writes the shot contract (`crate::shot`): the events of a stroke as they happen.

pub mod bench;
mod cloth;
mod contact;
mod error;
mod poly;
#[cfg(test)]
mod reference_tests;
mod sim;
mod strike;
mod world;

pub use cloth::{Kinematics, Motion};
pub use error::{PlaceError, StrikeError};
pub use sim::TableSim;
