//! Carom: a 3D carom billiards game.
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
//! - `words`: every sentence a player reads; `sound`: the table's sounds, synthesised
//!   from the record's contacts and mixed on one bus.
//! - Front ends: `cli` (the command line) and the Bevy shell — `game`, `input`, `cue`,
//!   `view`, `ui` — composed by [`CaromPlugin`]; [`run`] opens the window.
//!
//! Everything below the shell is the engine crate (`carom-engine`, no Bevy in its
//! tree), re-exported here by its modules' names; this crate is the shell and the
//! binary.

// The engine's layers, under the names the shell and the tests have always used.
pub use carom_engine::{
    cli, computer, config, diagram, diamond_systems, fit, math, online, physics, play, random,
    rules, shot, sound, table, test_support, words,
};

pub mod cue;
#[cfg(test)]
mod damaged_files_test;
#[cfg(test)]
mod guards_test;
pub mod input;
pub mod session;
pub mod table_commands;
pub mod ui;
pub mod view;
mod window;

pub use window::{CaromPlugin, Launch, run, system_language};
