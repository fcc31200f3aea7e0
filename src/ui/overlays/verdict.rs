//! The referee's verdict on the last stroke, shown briefly: a carom and its points, no
//! count, or every foul with its rule and reason; warnings, remarks, the end of the
//! game; and who plays next.

use super::{fill, overlay};
use crate::config::Action;
use crate::game::{GameConfig, Phase, Session, Settings};
use crate::ui::widgets::{Tone, keys};
use crate::words::{Line, words};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Verdict), show_verdict);
}

fn show_verdict(
    mut commands: Commands,
    session: Res<Session>,
    settings: Res<Settings>,
    config: Res<GameConfig>,
) {
    let (Some(verdict), Some(referee)) = (session.last_verdict(), session.referee()) else {
        return;
    };
    let names: Vec<String> = referee.players().iter().map(|p| p.name.clone()).collect();
    let mut lines = words().verdict_lines(verdict, &names);
    if !verdict.spot.is_empty() {
        lines.push(Line::new(
            "Jumped balls go to their spots next (rules 21, 26)",
            Tone::Warn,
        ));
    }
    if !referee.is_over() {
        let next = session.player_name(referee.shooter());
        let ball = words().ball(referee.cue_ball(), settings.ball_style);
        lines.push(
            if referee.shooter() == verdict.shooter && !verdict.inning_over {
                Line::new(format!("{next} plays again, the {ball} ball"), Tone::Plain)
            } else {
                Line::new(format!("Next: {next}, the {ball} ball"), Tone::Plain)
            },
        );
    }
    lines.push(Line::new(
        format!("{}: go on", keys(&config.0, Action::Confirm)),
        Tone::Dim,
    ));
    let heading = format!("Stroke {}", referee.history().len());
    commands
        .spawn(overlay("Verdict", Phase::Verdict))
        .with_children(|panel| fill(panel, heading, lines));
}
