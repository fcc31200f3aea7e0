//! Player records at the table: the game-over screen shows the profile of each person
//! who played (a finished match went into it: `play::profiles`, kept by the match
//! itself): their figures in the game, a chart of their average match by match, and the
//! computer level nearest their recent average.

use crate::config::Config;
use crate::play::Mode;
use crate::play::profiles::{self, Profile};
use crate::session::{Session, UserFiles};
use crate::ui::widgets::{Tone, panel, toned};
use crate::words::{named, words};
use bevy::prelude::*;

/// Height of the chart, px; matches it shows (the last ones).
const CHART_PX: f32 = 60.0;
const CHART_MATCHES: usize = 30;

/// The profiles of the people who played the match just over, as a panel beside the
/// score sheet (nothing when no person played or their files are not kept).
pub fn profiles_panel(
    screen: &mut ChildSpawnerCommands,
    session: &Session,
    files: Option<&UserFiles>,
    config: &Config,
) {
    let settings = session.settings();
    let Some(files) = files else { return };
    if session.mode() != Mode::Match {
        return;
    }
    let people: Vec<String> = settings
        .seated()
        .into_iter()
        .zip(settings.seated_computers())
        .filter(|(_, computer)| computer.is_none())
        .map(|(name, _)| name)
        .collect();
    if people.is_empty() {
        return;
    }
    let game = &settings.game;
    screen
        .spawn((
            Name::new("Profiles"),
            panel(Node {
                row_gap: px(6),
                width: px(400),
                max_height: percent(96),
                ..default()
            }),
        ))
        .with_children(|panel| {
            for name in &people {
                match profiles::read_profile(&files.data, name) {
                    Ok(profile) => profile_in_game(panel, &profile, game, config),
                    Err(e) => {
                        let lines = [name.clone(), words().profile_not_kept(&e)];
                        panel.spawn(toned(lines.join("\n"), 15.0, Tone::Plain));
                    }
                }
            }
            for trouble in session.profile_troubles() {
                panel.spawn(toned(
                    words().profile_not_kept(&trouble.error),
                    13.0,
                    Tone::Bad,
                ));
            }
        });
}

/// `profile`'s figures in `game`, the chart of its matches' averages and the computer
/// level nearest its recent average.
pub(super) fn profile_in_game(
    panel: &mut ChildSpawnerCommands,
    profile: &Profile,
    game: &str,
    config: &Config,
) {
    let game_name = config.games.games.get(game).map_or(game, named);
    let summary = profile.summary(game);
    let suggested = summary.and_then(|s| profiles::nearest_level(config, game, s.recent_average));
    let lines = words().profile(
        &profile.name,
        game_name,
        summary.as_ref(),
        suggested.map(named),
    );
    panel.spawn(toned(lines.join("\n"), 15.0, Tone::Plain));
    average_chart(panel, profile, game);
}

/// Each match's average in `game`, oldest on the left, against the best of them.
fn average_chart(panel: &mut ChildSpawnerCommands, profile: &Profile, game: &str) {
    let matches: Vec<f64> = profile.in_game(game).map(|m| m.average()).collect();
    if matches.is_empty() {
        return;
    }
    let shown = &matches[matches.len().saturating_sub(CHART_MATCHES)..];
    let top = shown.iter().copied().fold(0.0, f64::max).max(0.1);
    bar_chart(panel, shown, top);
    panel.spawn(toned(words().profile_chart(top), 12.0, Tone::Dim));
}

/// A bar for each of `values` (the last ones that fit), `top` the chart's height.
pub(super) fn bar_chart(panel: &mut ChildSpawnerCommands, values: &[f64], top: f64) {
    let shown = &values[values.len().saturating_sub(CHART_MATCHES)..];
    panel
        .spawn(Node {
            height: px(CHART_PX),
            align_items: AlignItems::End,
            column_gap: px(3),
            border: UiRect::bottom(px(1)),
            ..default()
        })
        .with_children(|chart| {
            for value in shown {
                chart.spawn((
                    Node {
                        width: px(9),
                        height: px(((value / top) as f32 * CHART_PX).max(2.0)),
                        ..default()
                    },
                    BackgroundColor(Color::srgb(0.55, 0.75, 0.95)),
                ));
            }
        });
}
