//! Rule 7, the break set-up: where the balls stand, how the breaker moves their ball
//! along the head string (the allowed segment is drawn on the cloth), and how to go on.

use super::{fill, overlay};
use crate::config::{Action, RedFirst};
use crate::game::{GameConfig, Phase, Session, Settings};
use crate::ui::widgets::{Tone, keys};
use crate::words::{Line, words};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::BreakSetup), show_break_setup);
}

/// Millimetres in an inch.
const MM_PER_INCH: f64 = 25.4;

fn show_break_setup(
    mut commands: Commands,
    session: Res<Session>,
    settings: Res<Settings>,
    config: Res<GameConfig>,
) {
    let Some(referee) = session.referee() else {
        return;
    };
    let config = &config.0;
    let style = settings.ball_style;
    let table = referee.table();
    let breaker = words().seat(&session.seat(referee.shooter()));
    let ball = referee.cue_ball();
    let on_head_string = referee.game().breaker_on_head_string();
    let strike = keys(config, Action::Strike);
    let confirm = keys(config, Action::Confirm);
    let heading = if on_head_string {
        "Break set-up (rule 7)".to_owned()
    } else {
        format!("{} set-up", referee.game().name)
    };
    let mut lines = Vec::new();
    if on_head_string {
        let other = words().ball(ball.other_white().unwrap_or(ball), style);
        lines.push(Line::new(
            format!("Red on the foot spot, the {other} ball on the head spot."),
            Tone::Plain,
        ));
        let mm = table.break_offset * 1000.0;
        lines.push(Line::new(
            format!(
                "{breaker}: press on your {} ball and drag it along the head string, \
                 at most {:.0} in ({mm:.0} mm) either side of the head spot.",
                words().ball(ball, style),
                mm / MM_PER_INCH,
            ),
            Tone::Warn,
        ));
        lines.push(Line::new(
            format!(
                "{confirm}: confirm the place, then aim and strike; or strike from here ({strike})."
            ),
            Tone::Plain,
        ));
    } else {
        lines.push(Line::new(
            format!(
                "{breaker} breaks with the {} ball: {strike} when ready.",
                words().ball(ball, style)
            ),
            Tone::Warn,
        ));
    }
    if referee.game().red_first != RedFirst::Never {
        lines.push(Line::new(
            "The break must hit the red before the other white (rule 8).",
            Tone::Dim,
        ));
    }
    commands
        .spawn(overlay("Break set-up", Phase::BreakSetup))
        .with_children(|panel| fill(panel, heading, lines));
}
