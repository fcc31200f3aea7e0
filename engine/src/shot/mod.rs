//! The shot contract: what every layer agrees on about one stroke — the balls, the
//! table's cushions and spots, the cue stroke as the player plays it, and the record of
//! what happened (events in time order, appended as they happen and never rewritten).
//! The simulation writes it, the referee reads it, the command line prints it; it
//! depends on nothing else of Carom's but `math`.

mod ball;
mod events;
mod places;
mod stroke;

pub use ball::{BallAt, BallId, BallStyle};
pub use events::{
    EventKind, FinalPosition, MAX_SAMPLE_HZ, OffTableReason, ShotEvent, ShotRecord, Surface,
};
pub use places::{Cushion, Spot};
pub use stroke::{MAX_ELEVATION_DEG, MAX_FOLLOW_THROUGH_MM, MAX_SPEED, Stroke, StrokeError};
