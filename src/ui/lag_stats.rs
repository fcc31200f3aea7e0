//! Lag training's statistics beside the table: the session's lags, fault rate (rule 5's
//! automatic losses), mean, best and spread of the clean lags, those within the target
//! band, a chart of the distance of each lag, and the sessions before; each session is
//! kept in the data folder's `lag-history.ron` after every lag.

use crate::play::{Event, LagDiary};
use crate::session::{
    GameSystems, ModeSystems, PlayEvent, Preferences, Screen, Session, UserFiles, at_table,
};
use crate::ui::dock::{Slot, docked};
use crate::ui::widgets::{Tone, toned};
use crate::words::words;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Table), start_session);
    app.add_systems(
        Update,
        (record_each_lag, show_statistics)
            .chain()
            .run_if(at_table)
            .in_set(ModeSystems::LagTraining)
            .in_set(GameSystems::Present),
    );
}

/// This session's place in the history, and the lags shown in the panel.
#[derive(Resource)]
struct Sessions {
    diary: Option<LagDiary>,
    shown: Option<usize>,
}

fn start_session(mut commands: Commands, files: Option<Res<UserFiles>>) {
    commands.insert_resource(Sessions {
        diary: files.map(|files| LagDiary::open(&files.0)),
        shown: None,
    });
}

/// After each lag the session's entry in the history is written again (never over a
/// file that could not be read).
fn record_each_lag(
    mut events: MessageReader<PlayEvent>,
    session: Res<Session>,
    preferences: Res<Preferences>,
    mut sessions: ResMut<Sessions>,
) {
    if !events.read().any(|PlayEvent(e)| *e == Event::LagJudged) {
        return;
    }
    if let (Some(diary), Some(training)) = (&mut sessions.diary, session.lag_training()) {
        diary.record(training.log(), preferences.lag_band_mm);
    }
}

#[derive(Component)]
struct StatisticsPanel;

/// Height of the chart, px, and the distance at its top, mm.
const CHART_PX: f32 = 70.0;
const CHART_TOP_MM: f64 = 500.0;
/// Lags shown in the chart: the last ones.
const CHART_LAGS: usize = 40;

/// Builds the panel again when a lag was added.
fn show_statistics(
    mut commands: Commands,
    session: Res<Session>,
    preferences: Res<Preferences>,
    mut sessions: ResMut<Sessions>,
    shown: Query<Entity, With<StatisticsPanel>>,
) {
    let Some(log) = session.lag_training().map(|t| t.log()) else {
        return;
    };
    if sessions.shown == Some(log.attempts.len()) && !preferences.is_changed() {
        return;
    }
    sessions.shown = Some(log.attempts.len());
    for panel in &shown {
        commands.entity(panel).despawn();
    }
    let band = preferences.lag_band_mm;
    let diary = sessions.diary.as_ref();
    let before = diary.and_then(LagDiary::before);
    let mut lines = words().lag_statistics(&log.summary(), log.within(band), band, before);
    if let Some(problem) = diary.and_then(LagDiary::problem) {
        lines.push(words().history_not_kept(problem));
    }
    let band_px = (band.min(CHART_TOP_MM) / CHART_TOP_MM) as f32 * CHART_PX;
    commands
        .spawn((
            Name::new("Lag statistics"),
            StatisticsPanel,
            docked(Slot::LagStatistics),
            DespawnOnExit(Screen::Table),
        ))
        .with_children(|panel| {
            panel.spawn(toned(lines.join("\n"), 15.0, Tone::Plain));
            panel
                .spawn(Node {
                    height: px(CHART_PX),
                    align_items: AlignItems::End,
                    column_gap: px(2),
                    border: UiRect::bottom(px(1)),
                    ..default()
                })
                .with_children(|chart| {
                    // The target band: a line across at its distance.
                    chart.spawn((
                        Node {
                            position_type: PositionType::Absolute,
                            left: px(0),
                            right: px(0),
                            bottom: px(band_px),
                            height: px(1),
                            ..default()
                        },
                        BackgroundColor(Color::srgba(0.4, 1.0, 0.5, 0.8)),
                    ));
                    let from = log.attempts.len().saturating_sub(CHART_LAGS);
                    for lag in &log.attempts[from..] {
                        let (height, colour) = match (lag.fault, lag.distance_mm) {
                            (false, Some(d)) => (
                                (d.min(CHART_TOP_MM) / CHART_TOP_MM) as f32 * CHART_PX,
                                if d <= band {
                                    Color::srgb(0.35, 0.9, 0.45)
                                } else {
                                    Color::srgb(0.55, 0.7, 0.95)
                                },
                            ),
                            _ => (CHART_PX, Color::srgba(0.9, 0.3, 0.25, 0.8)),
                        };
                        chart.spawn((
                            Node {
                                width: px(8),
                                height: px(height.max(2.0)),
                                ..default()
                            },
                            BackgroundColor(colour),
                        ));
                    }
                });
            panel.spawn(toned(words().lag_chart(CHART_TOP_MM), 12.0, Tone::Dim));
        });
}
