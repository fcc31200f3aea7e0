//! The engine of Carom: everything below the game's Bevy shell, as a library any
//! program can build on (the game, the command line, tools) without Bevy, winit, wgpu or
//! ALSA.
//!
//! The layers, each using only those above it in this list (docs/architecture.md):
//! - `shot`: the contract of a stroke — balls, cushions and spots, the cue stroke, the
//!   record of events; `math` its vector types.
//! - `config` (data from `config/*.ron`) and `table` (geometry).
//! - `physics` (the simulation, writes the record) and `rules` (the referee, reads it);
//!   neither uses the other.
//! - `fit`: real tracked shots replayed through the simulation; `diagram`: a stroke's
//!   top view as SVG, its contacts read in diamonds; `diamond_systems`: the systems'
//!   arithmetic and their strokes played in the simulation.
//! - `play`: one table core (simulation, referee, events, save) and a state machine per
//!   mode (a match, practice, lag training), each taking only its own commands.
//! - `computer`: the computer player and coach (searches with the simulation, judges
//!   with the referee, takes a seat at `play`'s table).
//! - `online`: online play's protocol — signed messages, who may say what at a table,
//!   the transports that carry them.
//! - `words`: every sentence a player reads; `sound`: the table's sounds, synthesised
//!   from the record's contacts and mixed on one bus.
//! - `cli`: the command line's commands, as plain functions (clap lives in the game's
//!   `main.rs`).

pub mod cli;
pub mod computer;
pub mod config;
pub mod diagram;
pub mod diamond_systems;
pub mod fit;
#[cfg(test)]
mod golden_test;
#[cfg(test)]
mod guards_test;
pub mod math;
pub mod online;
pub mod physics;
pub mod play;
pub mod random;
pub mod rules;
pub mod shot;
pub mod sound;
pub mod table;
#[doc(hidden)]
pub mod test_support;
pub mod words;
