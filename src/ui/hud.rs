//! The stroke panel: power bar, the cue ball with the tip's contact point, elevation,
//! and whether the table is ready for a stroke.

use super::widgets::{label, panel_colour, set_text};
use crate::cue::Aim;
use crate::game::{GameConfig, GameSystems, PlayEvent, Screen, Session, Settings, at_table};
use crate::play::{Event, LiveCount};
use crate::words::words;
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
const BALL_PX: f32 = 64.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Counting>();
    app.add_systems(OnEnter(Screen::Table), spawn_hud);
    app.add_systems(
        Update,
        (count_along, update_hud)
            .chain()
            .run_if(at_table)
            .in_set(GameSystems::Present),
    );
}

fn spawn_hud(mut commands: Commands) {
    // Narrow, so that it stays beside the near end of the table.
    commands
        .spawn((
            Name::new("Stroke panel"),
            Node {
                position_type: PositionType::Absolute,
                left: px(12),
                bottom: px(12),
                padding: UiRect::all(px(10)),
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                border_radius: BorderRadius::all(px(8)),
                ..default()
            },
            panel_colour(),
            DespawnOnExit(Screen::Table),
        ))
        .with_children(|panel| {
            panel
                .spawn(Node {
                    column_gap: px(12),
                    align_items: AlignItems::Center,
                    ..default()
                })
                .with_children(|top| {
                    // The cue ball seen from the cue, with the tip's contact point.
                    top.spawn((
                        Node {
                            width: px(BALL_PX),
                            height: px(BALL_PX),
                            flex_shrink: 0.0,
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
                    top.spawn(Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(6),
                        ..default()
                    })
                    .with_children(|column| {
                        column
                            .spawn((
                                Node {
                                    width: px(200),
                                    height: px(10),
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
                        column.spawn((StrokeText, label("", 14.0)));
                    });
                });
            panel.spawn((StatusText, label("", 14.0)));
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
        DespawnOnExit(Screen::Table),
    ));
}

/// Keeps the live count of the stroke under way from its contacts as they happen.
fn count_along(mut events: MessageReader<PlayEvent>, mut count: ResMut<Counting>) {
    for PlayEvent(event) in events.read() {
        if let Event::Shot(event) = event {
            count.0.add(event);
        }
    }
}

/// The count of the stroke under way (or the last one).
#[derive(Resource, Default)]
struct Counting(LiveCount);

fn update_hud(
    aim: Res<Aim>,
    config: Res<GameConfig>,
    session: Res<Session>,
    settings: Res<Settings>,
    count: Res<Counting>,
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
        " (rail)"
    } else {
        ""
    };
    let stroke = match aim.short_stroke_mm {
        Some(mm) => format!("short ({mm:.0} mm)"),
        None => format!("full ({:.0} mm)", config.0.cue.follow_through_mm),
    };
    set_text(
        &mut text,
        format!(
            "Power {:.1} m/s\nElevation {:.0} deg{raised}\nTip {:+.2} side {:+.2} high\nStroke {stroke}",
            aim.speed,
            aim.effective_elevation_deg(),
            aim.side,
            aim.height
        ),
    );
    let miscue = aim.side.hypot(aim.height) > config.0.cue.miscue_limit();
    let status_text = if !session.sim().at_rest() {
        format!(
            "Balls moving: {}",
            words().live_count(&count.0, settings.ball_style)
        )
    } else if !session.can_strike() {
        String::new()
    } else if miscue {
        "Beyond the miscue limit!\nClick or Space to strike".to_owned()
    } else {
        "Ready: click or Space to strike".to_owned()
    };
    set_text(&mut status, status_text);
}
