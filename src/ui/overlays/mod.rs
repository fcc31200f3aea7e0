//! One overlay per phase of play: a small panel that says what is going on, what the
//! referee decided (with the rules cited) and what to do next. What is drawn on the
//! cloth for the same phases lives in `view::markings`.

mod break_choice;
mod break_setup;
mod confirm;
mod export;
mod game_over;
mod lag;
mod spotting;
mod told;
mod verdict;

use super::dock::{Slot, docked};
use super::widgets::{Tone, toned};
use crate::session::Phase;
use crate::words::Line;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        lag::plugin,
        break_choice::plugin,
        break_setup::plugin,
        verdict::plugin,
        spotting::plugin,
        game_over::plugin,
        confirm::plugin,
        export::plugin,
        told::plugin,
    ));
}

/// The panel of `phase`'s overlay, in the right-hand column; it goes when the phase
/// ends.
fn overlay(name: &'static str, phase: Phase) -> impl Bundle {
    (Name::new(name), overlay_panel(), DespawnOnExit(phase))
}

/// An overlay's panel, in the right-hand column.
fn overlay_panel() -> impl Bundle {
    docked(Slot::Overlay)
}

/// A line of an overlay, wrapping within the panel.
fn line(line: Line) -> impl Bundle {
    text(line.text, line.tone)
}

/// Text of an overlay, wrapping within the panel.
fn text(text: impl Into<String>, tone: Tone) -> impl Bundle {
    toned(text, 15.0, tone)
}

/// An overlay's title.
fn title(text: impl Into<String>) -> impl Bundle {
    toned(text, 18.0, Tone::Plain)
}

/// Fills an overlay panel: its title, then its lines.
fn fill(panel: &mut ChildSpawnerCommands, heading: impl Into<String>, lines: Vec<Line>) {
    panel.spawn(title(heading));
    for l in lines {
        panel.spawn(line(l));
    }
}
