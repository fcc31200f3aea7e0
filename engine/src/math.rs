//! Vector types of the pure core (f64). They are glam's, taken through rapier so that the
//! whole program has one glam; in the game they are the same types as `bevy::math`'s.

pub use rapier3d::glamx::{DQuat, DVec2, DVec3};
