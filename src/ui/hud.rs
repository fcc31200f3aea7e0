//! The stroke panel: the cue ball as the cue sees it, where a click or a drag sets the
//! tip's contact point (the miscue limit drawn as a ring); the power in m/s on a bar
//! with the speeds of a good lag marked; elevation, stroke length, and whether the table
//! is ready for a stroke, or the live count while the balls roll.

use super::dock::{Slot, docked};
use super::widgets::{keys, label, set_text};
use crate::config::Action;
use crate::cue::{Aim, GoodLags, Prediction, SPEED_RANGE};
use crate::play::{Event, LiveCount};
use crate::session::{
    Advising, GameConfig, GameSystems, PersonSystems, PlayEvent, Screen, Session, Settings,
    Viewing, at_table,
};
use crate::words::{StrokePanel, words};
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;

/// The ball face: pressed or dragged on, it sets the tip offset.
#[derive(Component)]
struct TipPicker;

#[derive(Component)]
struct TipDot;

#[derive(Component)]
struct MiscueRing;

#[derive(Component)]
struct StrokeText;

#[derive(Component)]
struct PowerFill;

/// The band of good lag speeds on the power bar.
#[derive(Component)]
struct LagBand;

#[derive(Component)]
struct StatusText;

/// Size of the cue-ball diagram, px.
const BALL_PX: f32 = 84.0;
/// Width of the power bar, px.
const BAR_PX: f32 = 190.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Counting>();
    app.add_systems(OnEnter(Screen::Table), spawn_hud);
    app.add_systems(
        Update,
        pick_tip
            .run_if(at_table)
            .in_set(PersonSystems)
            .in_set(GameSystems::Input),
    );
    app.add_systems(
        Update,
        (
            mark_good_lags.run_if(resource_changed::<GoodLags>),
            count_along,
            update_hud,
        )
            .chain()
            .run_if(at_table)
            .in_set(GameSystems::Present),
    );
}

/// Where a speed lies on the power bar, percent.
fn share(speed: f64) -> f32 {
    let (lo, hi) = SPEED_RANGE;
    ((speed - lo) / (hi - lo) * 100.0) as f32
}

/// The stroke panel (not while a match is watched: no stroke is set up) and the hint.
fn spawn_hud(mut commands: Commands, config: Res<GameConfig>, viewing: Option<Res<Viewing>>) {
    commands.spawn((
        Name::new("Help hint"),
        docked(Slot::Hint),
        DespawnOnExit(Screen::Table),
        children![label(
            words().controls_hint(&keys(&config.0, Action::ToggleHelp)),
            14.0
        )],
    ));
    if viewing.is_some() {
        return;
    }
    commands
        .spawn((
            Name::new("Stroke panel"),
            // The pointer over the panel is not aiming at the table.
            docked(Slot::Stroke),
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
                        TipPicker,
                        Button,
                        RelativeCursorPosition::default(),
                        Node {
                            width: px(BALL_PX),
                            height: px(BALL_PX),
                            flex_shrink: 0.0,
                            border_radius: BorderRadius::MAX,
                            justify_content: JustifyContent::Center,
                            align_items: AlignItems::Center,
                            ..default()
                        },
                        BackgroundColor(Color::srgb(0.95, 0.94, 0.88)),
                    ))
                    .with_children(|ball| {
                        ball.spawn((
                            MiscueRing,
                            Node {
                                position_type: PositionType::Absolute,
                                border: UiRect::all(px(1)),
                                border_radius: BorderRadius::MAX,
                                ..default()
                            },
                            BorderColor::all(Color::srgb(0.85, 0.3, 0.2)),
                        ));
                        ball.spawn((
                            TipDot,
                            Node {
                                position_type: PositionType::Absolute,
                                width: px(12),
                                height: px(12),
                                border_radius: BorderRadius::MAX,
                                ..default()
                            },
                            BackgroundColor(Color::srgb(0.1, 0.3, 0.9)),
                        ));
                    });
                    top.spawn(Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(6),
                        ..default()
                    })
                    .with_children(|column| {
                        column
                            .spawn((
                                Node {
                                    width: px(BAR_PX),
                                    height: px(12),
                                    ..default()
                                },
                                BackgroundColor(Color::srgb(0.2, 0.2, 0.22)),
                            ))
                            .with_children(|bar| {
                                bar.spawn((
                                    PowerFill,
                                    Node {
                                        width: percent(30),
                                        height: percent(100),
                                        ..default()
                                    },
                                    BackgroundColor(Color::srgb(0.95, 0.55, 0.1)),
                                ));
                                bar.spawn((
                                    LagBand,
                                    Node {
                                        position_type: PositionType::Absolute,
                                        display: Display::None,
                                        top: px(-3),
                                        height: px(18),
                                        border: UiRect::horizontal(px(1)),
                                        ..default()
                                    },
                                    BorderColor::all(Color::srgb(0.45, 0.92, 0.45)),
                                    BackgroundColor(Color::srgba(0.45, 0.92, 0.45, 0.25)),
                                ));
                            });
                        column.spawn((StrokeText, label("", 14.0)));
                    });
                });
            panel.spawn((StatusText, label("", 14.0)));
        });
}

/// Marks on the power bar the speeds of a good lag for the stroke as set, in the lag.
fn mark_good_lags(good: Res<GoodLags>, mut band: Single<&mut Node, With<LagBand>>) {
    match good.speeds {
        Some((soft, firm)) => {
            band.display = Display::Flex;
            band.left = percent(share(soft));
            band.width = percent((share(firm) - share(soft)).max(0.8));
        }
        None => band.display = Display::None,
    }
}

/// Pressing or dragging on the ball face puts the tip there (held within the largest
/// offset the aim allows).
fn pick_tip(
    picker: Single<(&Interaction, &RelativeCursorPosition), With<TipPicker>>,
    mut aim: ResMut<Aim>,
) {
    let (interaction, cursor) = *picker;
    if *interaction != Interaction::Pressed {
        return;
    }
    // (−0.5, −0.5) is the face's top left corner; the face is two radii across.
    if let Some(at) = cursor.normalized {
        aim.set_tip(f64::from(at.x) * 2.0, -f64::from(at.y) * 2.0);
    }
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
pub(super) struct Counting(pub LiveCount);

fn update_hud(
    aim: Res<Aim>,
    config: Res<GameConfig>,
    session: Res<Session>,
    settings: Res<Settings>,
    count: Res<Counting>,
    prediction: Res<Prediction>,
    advising: Res<Advising>,
    mut text: Single<&mut Text, (With<StrokeText>, Without<StatusText>)>,
    mut status: Single<&mut Text, (With<StatusText>, Without<StrokeText>)>,
    mut fill: Single<&mut Node, (With<PowerFill>, Without<TipDot>, Without<MiscueRing>)>,
    mut dot: Single<&mut Node, (With<TipDot>, Without<PowerFill>, Without<MiscueRing>)>,
    mut ring: Single<&mut Node, (With<MiscueRing>, Without<PowerFill>, Without<TipDot>)>,
) {
    fill.width = percent(share(aim.speed));
    // The diagram shows the ball as the player sees it: right is right, up is up.
    let half = BALL_PX / 2.0;
    dot.left = px(half + aim.side as f32 * half - 6.0);
    dot.top = px(half - aim.height as f32 * half - 6.0);
    let limit = config.0.cue.miscue_limit() as f32 * half;
    ring.width = px(2.0 * limit);
    ring.height = px(2.0 * limit);
    let panel = StrokePanel {
        speed: aim.speed,
        elevation_deg: aim.effective_elevation_deg(),
        // Raised by what is behind the ball: the player may strike higher on it instead.
        over_the_rail: aim.min_elevation_deg > aim.elevation_deg,
        tip: words().tip(aim.side, aim.height),
        short_stroke_mm: aim.short_stroke_mm,
        full_stroke_mm: config.0.cue.follow_through_mm,
    };
    set_text(&mut text, words().stroke_panel(&panel));
    let miscue = aim.side.hypot(aim.height) > config.0.cue.miscue_limit();
    // The computer at a seat, or the coach, says what it is doing; the coach's words
    // take the place of the "ready" line.
    let advice = advising.0.as_ref().map(|a| {
        let take_key = keys(&config.0, Action::Coach);
        let mut advice = words().advice(&a.level, a.coach, a.decision.as_ref(), &take_key);
        if let Some(explanation) = &a.explanation {
            for line in words().explanation(explanation, settings.ball_style) {
                advice += "\n";
                advice += &line;
            }
        }
        (a.coach, advice)
    });
    let ready = match &advice {
        Some((true, advice)) => advice.clone(),
        _ => words().ready_to_strike().to_owned(),
    };
    let status_text = if let Some((false, advice)) = advice {
        advice
    } else if !session.sim().at_rest() {
        words().balls_moving(&count.0, settings.ball_style)
    } else if !session.can_strike() {
        String::new()
    } else if miscue {
        words().beyond_the_miscue_limit().to_owned()
    } else if !prediction.contacts.is_empty() {
        words().ready_with_path(&ready, &prediction.contacts, settings.ball_style)
    } else {
        words().ready_to_set_the_tip(&ready)
    };
    set_text(&mut status, status_text);
}
