//! The stroke panel: power bar, the cue ball with the tip's contact point, elevation,
//! and whether the table is ready for a stroke.

use super::{label, panel_colour};
use crate::cue::Aim;
use crate::game::{AtTable, GameConfig, GameSystems, TableSimulation};
use bevy::prelude::*;

#[derive(Component)]
struct StrokeText;

#[derive(Component)]
struct PowerFill;

#[derive(Component)]
struct TipDot;

#[derive(Component)]
struct StatusText;

/// Size of the cue-ball diagram, px.
const BALL_PX: f32 = 84.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(AtTable), spawn_hud);
    app.add_systems(Update, update_hud.in_set(GameSystems::Present));
}

fn spawn_hud(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Stroke panel"),
            Node {
                position_type: PositionType::Absolute,
                left: px(12),
                bottom: px(12),
                padding: UiRect::all(px(10)),
                column_gap: px(14),
                align_items: AlignItems::Center,
                ..default()
            },
            panel_colour(),
            DespawnOnExit(AtTable),
        ))
        .with_children(|panel| {
            // The cue ball seen from the cue, with the tip's contact point.
            panel
                .spawn((
                    Node {
                        width: px(BALL_PX),
                        height: px(BALL_PX),
                        border_radius: BorderRadius::MAX,
                        ..default()
                    },
                    BackgroundColor(Color::srgb(0.95, 0.94, 0.88)),
                ))
                .with_child((
                    TipDot,
                    Node {
                        position_type: PositionType::Absolute,
                        width: px(10),
                        height: px(10),
                        border_radius: BorderRadius::MAX,
                        ..default()
                    },
                    BackgroundColor(Color::srgb(0.1, 0.3, 0.9)),
                ));
            panel
                .spawn(Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(6),
                    ..default()
                })
                .with_children(|column| {
                    column
                        .spawn((
                            Node {
                                width: px(220),
                                height: px(12),
                                ..default()
                            },
                            BackgroundColor(Color::srgb(0.2, 0.2, 0.22)),
                        ))
                        .with_child((
                            PowerFill,
                            Node {
                                width: percent(30),
                                height: percent(100),
                                ..default()
                            },
                            BackgroundColor(Color::srgb(0.95, 0.55, 0.1)),
                        ));
                    column.spawn((StrokeText, label("", 16.0)));
                    column.spawn((StatusText, label("", 16.0)));
                });
        });
    commands.spawn((
        Name::new("Help hint"),
        label("H: controls", 15.0),
        Node {
            position_type: PositionType::Absolute,
            right: px(12),
            top: px(10),
            ..default()
        },
        DespawnOnExit(AtTable),
    ));
}

fn update_hud(
    aim: Res<Aim>,
    config: Res<GameConfig>,
    sim: Option<Res<TableSimulation>>,
    mut text: Single<&mut Text, (With<StrokeText>, Without<StatusText>)>,
    mut status: Single<&mut Text, (With<StatusText>, Without<StrokeText>)>,
    mut fill: Single<&mut Node, (With<PowerFill>, Without<TipDot>)>,
    mut dot: Single<&mut Node, (With<TipDot>, Without<PowerFill>)>,
) {
    let (lo, hi) = crate::cue::SPEED_RANGE;
    fill.width = percent(((aim.speed - lo) / (hi - lo) * 100.0) as f32);
    // The diagram shows the ball as the player sees it: right is right, up is up.
    let half = BALL_PX / 2.0;
    dot.left = px(half + aim.side as f32 * half - 5.0);
    dot.top = px(half - aim.height as f32 * half - 5.0);
    let raised = if aim.min_elevation_deg > aim.elevation_deg {
        " (raised to clear the rail)"
    } else {
        ""
    };
    text.0 = format!(
        "Power {:.1} m/s   Cue elevation {:.0} deg{raised}\nTip {:+.2} R side, {:+.2} R height",
        aim.speed,
        aim.effective_elevation_deg(),
        aim.side,
        aim.height
    );
    let miscue = aim.side.hypot(aim.height) > config.0.cue.miscue_limit();
    status.0 = match sim {
        Some(sim) if !sim.0.at_rest() => "Balls moving...".into(),
        _ if miscue => "Tip beyond the miscue limit! Click or Space to strike".into(),
        _ => "Ready: click or Space to strike".into(),
    };
}
