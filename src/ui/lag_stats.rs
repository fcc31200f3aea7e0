//! Lag training's statistics beside the table: the session's lags, fault rate (rule 5's
//! automatic losses), mean, best and spread of the clean lags, those within the target
//! band, a chart of the distance of each lag, and the sessions before; each session is
//! kept in the data folder's `lag-history.ron` after every lag.

use crate::play::{Event, FileError, LagHistory};
use crate::session::{
    GameSystems, ModeSystems, PlayEvent, Preferences, Screen, Session, UserFiles, at_table,
};
use crate::ui::dock::{Slot, docked};
use crate::ui::widgets::{Tone, toned};
use crate::words::{Before, words};
use bevy::prelude::*;
use std::path::PathBuf;

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

/// This session's start (its key in the history) and the history as read.
#[derive(Resource)]
struct Sessions {
    started: u64,
    path: Option<PathBuf>,
    history: LagHistory,
    /// A history file that could not be read or written: it is left alone.
    problem: Option<FileError>,
    /// The lags shown in the panel.
    shown: Option<usize>,
}

fn start_session(mut commands: Commands, files: Option<Res<UserFiles>>) {
    let path = files.map(|f| f.lag_history());
    let (history, problem) = match path.as_deref().map(LagHistory::read) {
        Some(Err(e)) => (LagHistory::default(), Some(e)),
        Some(Ok(history)) => (history, None),
        None => (LagHistory::default(), None),
    };
    let started = crate::play::now_s();
    commands.insert_resource(Sessions {
        started,
        path,
        history,
        problem,
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
    let Sessions {
        started,
        path,
        history,
        problem,
        ..
    } = &mut *sessions;
    if problem.is_some() {
        return;
    }
    if let (Some(path), Some(training)) = (path, session.lag_training())
        && let Err(e) = history.record(path, *started, training.log(), preferences.lag_band_mm)
    {
        *problem = Some(e);
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
    let earlier: Vec<_> = sessions
        .history
        .sessions
        .iter()
        .filter(|past| past.started != sessions.started)
        .collect();
    let before = earlier.last().map(|last| Before {
        sessions: earlier.len(),
        last: last.summary,
        best_ever_mm: earlier
            .iter()
            .filter_map(|past| past.summary.best_mm)
            .reduce(f64::min),
    });
    let mut lines = words().lag_statistics(&log.summary(), log.within(band), band, before);
    if let Some(problem) = &sessions.problem {
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
