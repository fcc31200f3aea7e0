//! The simulation core (no Bevy): a `TableSim` over rapier plus the billiards models.

pub mod events;
