//! The markings' labels (`view::markings::Labels`) as small text beside the point of
//! the cloth each names, facing the camera at any view: a word on the table is read on
//! the screen, not painted on the cloth. Under the panels. And where the balls are
//! drawn too small for the dotted white's dots to show (from above, far away, the
//! table drawn at a low resolution), a dot on it, drawn at the window's resolution, so
//! that the two whites are told apart.

use super::widgets::set_text;
use crate::session::{Ball, BallPoses, Session, Settings, TableCamera, at_table};
use crate::shot::{BallId, BallStyle};
use crate::view::balls::DOT_COLOUR;
use crate::view::{CameraPlaced, Labels};
use bevy::prelude::*;
use bevy::ui::UiSystems;
use bevy::window::PrimaryWindow;

/// One label's node, reused frame to frame.
#[derive(Component)]
struct ClothLabel;

/// Size of a label's text, px.
const TEXT_PX: f32 = 13.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        (show_labels, mark_the_dotted_ball)
            // With this frame's places of the camera and the balls (their global
            // transforms follow only after the layout).
            .after(CameraPlaced)
            .after(BallPoses)
            .before(UiSystems::Prepare)
            .run_if(at_table),
    );
}

/// Where a point of the table is drawn on the window, UI px (the camera may draw into
/// an image smaller than the window, stretched over it).
fn on_window(
    camera: &Camera,
    transform: &GlobalTransform,
    window: &Window,
    scale: f32,
    at: Vec3,
) -> Option<Vec2> {
    let stretch = camera
        .logical_viewport_size()
        .map_or(Vec2::ONE, |drawn| window.size() / drawn);
    let p = camera.world_to_viewport(transform, at).ok()?;
    Some(p * stretch / scale)
}

/// The dotted white's mark.
#[derive(Component)]
struct DotMark;

/// A ball drawn smaller than this across, UI px, shows no dots of its own.
const DOTS_SHOW_FROM_PX: f32 = 16.0;

/// Puts a dot on the dotted white where it is drawn too small for its own to show.
fn mark_the_dotted_ball(
    mut commands: Commands,
    settings: Res<Settings>,
    session: Res<Session>,
    camera: Option<Single<(&Camera, &Transform), With<TableCamera>>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    scale: Res<UiScale>,
    balls: Query<(&Ball, &Transform, &Visibility)>,
    mut mark: Query<(&mut Node, &mut Visibility), (With<DotMark>, Without<Ball>)>,
) {
    let (Some(camera), Some(window)) = (camera, window) else {
        return;
    };
    let (camera, transform) = (camera.0, GlobalTransform::from(*camera.1));
    let transform = &transform;
    let radius = session.table().ball_radius as f32;
    let up = transform.up().as_vec3();
    let drawn = balls
        .iter()
        .find(|(ball, _, shown)| ball.0 == BallId::Dotted && **shown != Visibility::Hidden)
        .filter(|_| settings.ball_style == BallStyle::Dotted)
        .and_then(|(_, at, _)| {
            let centre = at.translation;
            let middle = on_window(camera, transform, &window, scale.0, centre)?;
            let edge = on_window(camera, transform, &window, scale.0, centre + up * radius)?;
            let across = 2.0 * middle.distance(edge);
            (across < DOTS_SHOW_FROM_PX).then_some((middle, across))
        });
    let Ok((mut node, mut visibility)) = mark.single_mut() else {
        commands.spawn((
            DotMark,
            Node {
                position_type: PositionType::Absolute,
                border_radius: BorderRadius::MAX,
                ..default()
            },
            BackgroundColor(DOT_COLOUR),
            Visibility::Hidden,
            GlobalZIndex(-1),
            DespawnOnExit(crate::session::Screen::Table),
        ));
        return;
    };
    match drawn {
        Some((middle, across)) => {
            let size = (0.45 * across).max(3.0);
            node.left = px(middle.x - size / 2.0);
            node.top = px(middle.y - size / 2.0);
            node.width = px(size);
            node.height = px(size);
            *visibility = Visibility::Inherited;
        }
        None => *visibility = Visibility::Hidden,
    }
}

fn show_labels(
    mut commands: Commands,
    labels: Res<Labels>,
    camera: Option<Single<(&Camera, &Transform), With<TableCamera>>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    scale: Res<UiScale>,
    mut shown: Query<
        (
            &mut Node,
            &ComputedNode,
            &mut Text,
            &mut TextColor,
            &mut Visibility,
        ),
        With<ClothLabel>,
    >,
) {
    let (Some(camera), Some(window)) = (camera, window) else {
        return;
    };
    let (camera, transform) = (camera.0, GlobalTransform::from(*camera.1));
    let transform = &transform;
    let mut nodes = shown.iter_mut();
    // Where this frame's labels went, UI px.
    let mut taken: Vec<Rect> = Vec::new();
    for label in &labels.0 {
        let Some(point) = on_window(camera, transform, &window, scale.0, label.at) else {
            continue;
        };
        // Above and right of a point; right of a ball's edge as drawn, level with its
        // middle.
        let on_screen = if label.clear_of > 0.0 {
            let up = transform.up().as_vec3() * label.clear_of;
            let edge = on_window(camera, transform, &window, scale.0, label.at + up)
                .map_or(0.0, |edge| edge.distance(point));
            point + Vec2::new(edge, TEXT_PX / 2.0)
        } else {
            point
        };
        let (words, colour) = (&label.words, &label.colour);
        let top = on_screen.y - TEXT_PX;
        match nodes.next() {
            Some((mut node, laid_out, mut text, mut text_colour, mut visibility)) => {
                // Beside the point, or as far right as the window lets the label's
                // width (as last laid out) end inside it; under any label it would
                // cover.
                let size = laid_out.size() * laid_out.inverse_scale_factor();
                let room = window.width() / scale.0 - size.x;
                let mut at = Vec2::new((on_screen.x + 4.0).min(room), top);
                while let Some(covered) = taken
                    .iter()
                    .find(|r| !r.intersect(Rect::from_corners(at, at + size)).is_empty())
                {
                    at.y = covered.max.y + 1.0;
                }
                taken.push(Rect::from_corners(at, at + size));
                node.left = px(at.x);
                node.top = px(at.y);
                set_text(&mut text, words);
                text_colour.0 = *colour;
                *visibility = Visibility::Inherited;
            }
            None => {
                commands.spawn((
                    ClothLabel,
                    Text::new(words.clone()),
                    TextFont {
                        font_size: bevy::text::FontSize::Px(TEXT_PX),
                        ..default()
                    },
                    TextColor(*colour),
                    TextLayout::no_wrap(),
                    Node {
                        position_type: PositionType::Absolute,
                        left: px(on_screen.x + 4.0),
                        top: px(top),
                        padding: UiRect::axes(px(3), px(1)),
                        border_radius: BorderRadius::all(px(3)),
                        ..default()
                    },
                    BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
                    // Under the panels.
                    GlobalZIndex(-1),
                    DespawnOnExit(crate::session::Screen::Table),
                ));
            }
        }
    }
    for (_, _, _, _, mut visibility) in nodes {
        *visibility = Visibility::Hidden;
    }
}
