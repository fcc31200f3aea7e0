//! Rule 7, the break set-up: where the balls stand, how the breaker moves their ball
//! along the head string (the allowed segment is drawn on the cloth), and how to go on.

use super::{fill, overlay};
use crate::config::{Action, RedFirst};
use crate::session::{GameConfig, Phase, Session, Settings};
use crate::ui::widgets::keys;
use crate::words::{BreakSetup, named, words};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::BreakSetup), show_break_setup);
}

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
    let setup = BreakSetup {
        breaker: &breaker,
        ball: words().ball(ball, style),
        other: words().ball(ball.other_white().unwrap_or(ball), style),
        game: named(referee.game()),
        on_head_string: referee.game().breaker_on_head_string(),
        offset_mm: table.break_offset * 1000.0,
        strike: keys(config, Action::Strike),
        confirm: keys(config, Action::Confirm),
        red_first: referee.game().red_first != RedFirst::Never,
    };
    let (heading, lines) = words().break_setup(&setup);
    commands
        .spawn(overlay("Break set-up", Phase::BreakSetup))
        .with_children(|panel| fill(panel, heading, lines));
}
