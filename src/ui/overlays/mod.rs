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
mod verdict;

use super::widgets::{Tone, panel, toned};
use crate::game::Phase;
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
    ));
}

/// The widest an overlay panel grows, px.
const OVERLAY_WIDTH: f32 = 500.0;

/// The panel of `phase`'s overlay, at the top right above the far end of the table; it
/// goes when the phase ends.
fn overlay(name: &'static str, phase: Phase) -> impl Bundle {
    (Name::new(name), overlay_panel(), DespawnOnExit(phase))
}

/// An overlay's panel, at the top right above the far end of the table.
fn overlay_panel() -> impl Bundle {
    panel(Node {
        position_type: PositionType::Absolute,
        right: px(12),
        top: px(36),
        max_width: px(OVERLAY_WIDTH),
        ..default()
    })
}

/// A line of an overlay, wrapping within the panel.
fn line(line: Line) -> impl Bundle {
    text(line.text, line.tone)
}

/// Text of an overlay, wrapping within the panel.
fn text(text: impl Into<String>, tone: Tone) -> impl Bundle {
    (
        toned(text, 16.0, tone),
        Node {
            max_width: px(OVERLAY_WIDTH - 24.0),
            ..default()
        },
    )
}

/// An overlay's title.
fn title(text: impl Into<String>) -> impl Bundle {
    toned(text, 19.0, Tone::Plain)
}

/// Fills an overlay panel: its title, then its lines.
fn fill(panel: &mut ChildSpawnerCommands, heading: impl Into<String>, lines: Vec<Line>) {
    panel.spawn(title(heading));
    for l in lines {
        panel.spawn(line(l));
    }
}
