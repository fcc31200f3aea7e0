//! Carom: a 3D carom billiards game. The pure core (`config`, `table`, `physics`,
//! `rules`) has no Bevy types; the game's plugins build on it.

pub mod ball;
pub mod config;
pub mod math;
pub mod physics;
pub mod rules;
pub mod table;
