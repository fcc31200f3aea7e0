//! What a computer seat decided that a person at the table must see (its choice of the
//! break, rules 4 and 6): a panel that stays until the person goes on.

use super::{text, title};
use crate::config::Action;
use crate::session::{Decided, GameConfig, GameSystems, Screen, Session, Settings, Told, at_table};
use crate::shot::BallId;
use crate::ui::widgets::{Tone, keys};
use crate::words::words;
use bevy::prelude::*;

#[derive(Component)]
struct ToldPanel;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_what_was_told
            .run_if(at_table)
            .run_if(resource_changed::<Told>)
            .in_set(GameSystems::Present),
    );
}

fn show_what_was_told(
    mut commands: Commands,
    told: Res<Told>,
    session: Res<Session>,
    settings: Res<Settings>,
    config: Res<GameConfig>,
    shown: Query<Entity, With<ToldPanel>>,
) {
    for panel in &shown {
        commands.entity(panel).despawn();
    }
    let Some(Decided::Break {
        player,
        break_it,
        ball,
    }) = told.0.clone()
    else {
        return;
    };
    let style = settings.ball_style;
    let name = words().seat(&session.seat(player));
    let other = words().seat(&session.seat(1 - player));
    let theirs = ball.other_white().unwrap_or(BallId::Dotted);
    let (ball, theirs) = (words().ball(ball, style), words().ball(theirs, style));
    let decided = words().break_decided(&name, break_it, &ball, &other, &theirs);
    let go_on = words().go_on_or_click(&keys(&config.0, Action::Confirm));
    commands
        .spawn((
            Name::new("Told"),
            ToldPanel,
            super::overlay_panel(),
            DespawnOnExit(Screen::Table),
        ))
        .with_children(|panel| {
            panel.spawn(title(words().won_the_lag(&name)));
            panel.spawn(text(decided, Tone::Warn));
            panel.spawn(text(go_on, Tone::Dim));
        });
}
