//! The match viewer at the table (`session::Viewing`): a saved match played stroke by
//! stroke, the balls moved along each stroke's paths (as a replay moves them) with the
//! paths growing behind them, and a video's keys: play and pause, step back and on,
//! slower and faster, the stroke before, the next, the first, the last; the menu key
//! leaves. Beside the table: which stroke of how many, the speed, paused, the stroke's
//! verdict once its balls stop, and the score sheet by innings as it stood. The viewer's
//! time runs on the wall clock (`Time<Real>`), read in `Update`; the balls are posed in
//! `PostUpdate`, after the table's own poses.

use super::dock::{Slot, docked};
use super::replay::{draw_paths_to, pose_balls_at};
use super::scoreboard::{player_rows, spawn_board};
use super::sheet::{self, InningWidths};
use super::widgets::{Tone, keys, toned};
use crate::config::Action;
use crate::input::Actions;
use crate::online::Physics;
use crate::play::Viewed;
use crate::session::{
    Ball, BallPoses, GameConfig, GameSystems, Screen, Session, Settings, Viewing, at_table, viewing,
};
use crate::words::{Line, ViewerState, named, words};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Table), spawn_panels.run_if(viewing));
    app.add_systems(
        Update,
        (
            control.in_set(GameSystems::Input),
            (show_status, show_sheet).in_set(GameSystems::Present),
        )
            .run_if(at_table.and_then(viewing)),
    );
    app.add_systems(
        PostUpdate,
        pose_and_draw
            .run_if(at_table.and_then(viewing))
            .after(BallPoses)
            .before(TransformSystems::Propagate),
    );
}

/// The viewer's keys, in the order its words name them.
const KEYS: [Action; 10] = [
    Action::ReplayPause,
    Action::ReplayBack,
    Action::ReplayForward,
    Action::ReplaySlower,
    Action::ReplayFaster,
    Action::PreviousStroke,
    Action::NextStroke,
    Action::FirstStroke,
    Action::LastStroke,
    Action::Menu,
];

/// Innings shown on the sheet beside the table: the last ones.
const INNINGS_SHOWN: usize = 10;
/// Size of the sheet's text, px.
const SHEET_PX: f32 = 14.0;
/// The room for the sheet's columns in its panel, px.
const SHEET_ROOM_PX: f32 = 312.0;

#[derive(Component)]
struct ViewerStatus;

#[derive(Component)]
struct ViewerSheet;

/// The viewer's panels; the match opened plays at once.
fn spawn_panels(mut commands: Commands, mut viewing: ResMut<Viewing>) {
    viewing.viewer.toggle_pause();
    commands.spawn((
        Name::new("Viewer"),
        ViewerStatus,
        docked(Slot::Status),
        DespawnOnExit(Screen::Table),
    ));
    commands.spawn((
        Name::new("Viewer's score sheet"),
        ViewerSheet,
        docked(Slot::Scoreboard),
        DespawnOnExit(Screen::Table),
    ));
}

/// The keys drive the viewer; its time runs on the wall clock.
fn control(actions: Res<Actions>, time: Res<Time<Real>>, mut viewing: ResMut<Viewing>) {
    let viewer = &mut viewing.viewer;
    if actions.just_pressed(Action::ReplayPause) {
        viewer.toggle_pause();
    }
    viewer.faster(
        i32::from(actions.just_pressed(Action::ReplayFaster))
            - i32::from(actions.just_pressed(Action::ReplaySlower)),
    );
    let number = viewer.viewed().map_or(1, |v| v.number);
    let jump = if actions.just_pressed(Action::FirstStroke) {
        Some(1)
    } else if actions.just_pressed(Action::LastStroke) {
        Some(usize::MAX)
    } else if actions.just_pressed(Action::NextStroke) {
        Some(number + 1)
    } else if actions.just_pressed(Action::PreviousStroke) {
        Some(number.saturating_sub(1))
    } else {
        None
    };
    if let Some(number) = jump {
        viewer.jump(number);
    }
    let steps = f64::from(actions.steps(Action::ReplayForward))
        - f64::from(actions.steps(Action::ReplayBack));
    viewer.advance(time.delta_secs_f64(), steps);
}

/// Which stroke of how many, the speed, paused, the verdict once the balls stop, the
/// keys; and where the match's physics differ from this build's.
fn show_status(
    mut commands: Commands,
    mut viewing: ResMut<Viewing>,
    config: Res<GameConfig>,
    panel: Single<Entity, With<ViewerStatus>>,
    mut shown: Local<Vec<Line>>,
) {
    let mut lines = Vec::new();
    if let Physics::Differs { theirs, ours } = &viewing.physics {
        let differs = words().shared_physics_differs(theirs, ours);
        lines.push(Line::new(differs, Tone::Warn));
    }
    if let Some(viewed) = viewing.viewer.viewed() {
        lines.extend(viewer_lines(&viewed, &config.0));
    }
    if *shown == lines {
        return;
    }
    commands
        .entity(*panel)
        .despawn_children()
        .with_children(|panel| {
            for line in &lines {
                panel.spawn(toned(line.text.clone(), 14.0, line.tone));
            }
        });
    *shown = lines;
}

/// What the viewer says of the stroke shown.
fn viewer_lines(viewed: &Viewed, config: &crate::config::Config) -> Vec<Line> {
    let state = ViewerState {
        stroke: viewed.number,
        strokes: viewed.of,
        speed: viewed.speed,
        paused: viewed.paused,
        keys: KEYS.map(|action| keys(config, action)),
    };
    let mut lines = vec![Line::new(words().viewer_status(&state), Tone::Plain)];
    match &viewed.verdict {
        Some(verdict) => {
            let names: Vec<String> = viewed
                .sheet
                .players
                .iter()
                .map(|p| p.name.clone())
                .collect();
            lines.extend(words().verdict_lines(verdict, &names));
        }
        None => lines.push(Line::new(words().viewer_rolling(), Tone::Dim)),
    }
    lines.push(Line::new(words().viewer_keys(&state), Tone::Dim));
    lines
}

/// The players' totals and the last innings, as the sheet stood; built again when the
/// stroke shown or its end changes.
fn show_sheet(
    mut commands: Commands,
    mut viewing: ResMut<Viewing>,
    settings: Res<Settings>,
    config: Res<GameConfig>,
    panel: Single<Entity, With<ViewerSheet>>,
    mut shown: Local<Option<(usize, bool)>>,
) {
    let style = settings.ball_style;
    let key = viewing.viewer.saved().settings.game.clone();
    let Some(viewed) = viewing.viewer.viewed() else {
        return;
    };
    let now = Some((viewed.number, viewed.verdict.is_some()));
    if *shown == now {
        return;
    }
    *shown = now;
    let score = &viewed.sheet;
    let names: Vec<String> = score.players.iter().map(|p| p.name.clone()).collect();
    let game = config
        .0
        .games
        .games
        .get(&key)
        .map_or(score.game.as_str(), named);
    let targets: Vec<u32> = score.players.iter().map(|p| p.target).collect();
    let terms = words().board_title(game, &targets, score.innings_limit);
    let title = words().watching(&words().versus(&names));
    let board_heading = words().board_columns().map(String::from);
    // The player at the table: the one whose inning is open.
    let shooter = score
        .innings()
        .into_iter()
        .find(|i| i.open)
        .map(|i| i.player);
    let players = player_rows(&score.players, shooter, |_, _| None);
    let seats = score.players.len().max(1) as f32;
    let number = 54.0;
    let per_seat = (SHEET_ROOM_PX - number) / seats;
    let widths = InningWidths {
        number,
        run: per_seat * 0.55,
        total: per_seat * 0.45,
    };
    let rows = score.inning_rows(score.current_set()).len();
    let (heading, inning_widths, innings) = sheet::innings(
        score,
        &widths,
        rows.saturating_sub(INNINGS_SHOWN),
        score.current_set(),
    );
    commands
        .entity(*panel)
        .despawn_children()
        .with_children(|panel| {
            spawn_board(panel, title, Some(&board_heading), &players, style);
            panel.spawn(toned(terms, 14.0, Tone::Dim));
            let columns = words().sheet_columns();
            panel.spawn(toned(columns.score_sheet, 15.0, Tone::Plain));
            sheet::row(panel, heading, &inning_widths, Tone::Dim, SHEET_PX);
            for cells in innings {
                sheet::row(panel, cells, &inning_widths, Tone::Plain, SHEET_PX);
            }
        });
}

/// The balls where the stroke shown has them at its time, and their paths so far.
fn pose_and_draw(
    mut viewing: ResMut<Viewing>,
    session: Res<Session>,
    mut balls: Query<(&Ball, &mut Transform, &mut Visibility)>,
    mut gizmos: Gizmos,
) {
    let radius = session.table().ball_radius;
    if let Some(viewed) = viewing.viewer.viewed() {
        pose_balls_at(viewed.record, viewed.t, radius, &mut balls);
        draw_paths_to(viewed.record, viewed.t, radius, &mut gizmos);
    }
}
