//! The cue shows the stroke the computer at a seat has chosen, until it plays it.

use super::Aim;
use crate::session::{ComputerTurn, GameSystems, at_table};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_the_computers_stroke
            .run_if(at_table)
            // After the person's aim systems (Input): the computer's aim wins.
            .in_set(GameSystems::Rules),
    );
}

fn show_the_computers_stroke(turn: Res<ComputerTurn>, mut aim: ResMut<Aim>) {
    if let Some(stroke) = turn.stroke_shown() {
        aim.take(stroke);
    }
}
