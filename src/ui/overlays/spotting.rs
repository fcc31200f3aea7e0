//! Rules 21 and 26: the jumped balls and the spot each goes to, with the spots found
//! occupied and the fallback taken (marked on the cloth by `view::markings`).

use super::{overlay, text, title};
use crate::config::Action;
use crate::session::{GameConfig, Phase, Session, Settings};
use crate::ui::widgets::{Tone, keys, swatch};
use crate::words::words;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Spotting), show_spotting);
}

fn show_spotting(
    mut commands: Commands,
    session: Res<Session>,
    settings: Res<Settings>,
    config: Res<GameConfig>,
) {
    let Some(verdict) = session.last_verdict() else {
        return;
    };
    let style = settings.ball_style;
    commands
        .spawn(overlay("Spotting", Phase::Spotting))
        .with_children(|panel| {
            panel.spawn(title(words().spotting_title()));
            for placement in &verdict.spot {
                panel
                    .spawn(Node {
                        column_gap: px(8),
                        align_items: AlignItems::Center,
                        ..default()
                    })
                    .with_children(|row| {
                        row.spawn(swatch(placement.ball, style, 14.0));
                        let tone = if placement.occupied.is_empty() {
                            Tone::Plain
                        } else {
                            Tone::Warn
                        };
                        row.spawn(text(words().spotting(placement, style), tone));
                    });
            }
            panel.spawn(text(words().spotting_order(), Tone::Dim));
            panel.spawn(text(
                words().go_on(&keys(&config.0, Action::Confirm)),
                Tone::Dim,
            ));
        });
}
