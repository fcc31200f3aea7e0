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
use crate::view::{CameraPlaced, Label, Labels};
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
    // Each label that is in sight: what it names, drawn where and how large.
    let named: Vec<(&Label, Named)> = labels
        .0
        .iter()
        .filter_map(|label| {
            let point = on_window(camera, transform, &window, scale.0, label.at)?;
            // A ball's edge as drawn, to keep the label clear of it.
            let radius = if label.clear_of > 0.0 {
                let up = transform.up().as_vec3() * label.clear_of;
                on_window(camera, transform, &window, scale.0, label.at + up)
                    .map_or(0.0, |edge| edge.distance(point))
            } else {
                0.0
            };
            Some((label, Named { point, radius }))
        })
        .collect();
    let mut nodes = shown.iter_mut();
    let mut sizes = Vec::with_capacity(named.len());
    let mut slots = Vec::with_capacity(named.len());
    for (label, _) in &named {
        let node = nodes.next();
        // The size as last laid out while it read the same words; else as its words
        // will need.
        let guessed = guessed_size(&label.words);
        sizes.push(match &node {
            Some((_, laid_out, text, ..)) if text.0 == label.words => {
                (laid_out.size() * laid_out.inverse_scale_factor()).max(guessed)
            }
            _ => guessed,
        });
        slots.push(node);
    }
    let window_size = window.size() / scale.0;
    let named_points: Vec<Named> = named.iter().map(|(_, n)| *n).collect();
    let places = place_labels(&named_points, &sizes, window_size);
    for (((label, _), at), slot) in named.iter().zip(places).zip(slots) {
        let (words, colour) = (&label.words, &label.colour);
        match slot {
            Some((mut node, _, mut text, mut text_colour, mut visibility)) => {
                node.left = px(at.min.x);
                node.top = px(at.min.y);
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
                        left: px(at.min.x),
                        top: px(at.min.y),
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

/// What a label names, as drawn: its point, and the radius round it drawn (a ball's).
#[derive(Clone, Copy, Debug)]
struct Named {
    point: Vec2,
    radius: f32,
}

/// A label's size before it is laid out, UI px: a little wider than its words can be
/// (the font's widest figures and capitals), with its padding.
fn guessed_size(words: &str) -> Vec2 {
    Vec2::new(
        0.62 * TEXT_PX * words.chars().count() as f32 + 6.0,
        1.3 * TEXT_PX + 2.0,
    )
}

/// Where each label of `sizes` goes, UI px, in a window `window` px: round what it
/// names (right of it level with its middle, left, above, below, then the corners), at
/// the first place that covers no label placed before it and nothing named; where
/// every one does, right of it and pushed down clear of the labels placed before.
fn place_labels(named: &[Named], sizes: &[Vec2], window: Vec2) -> Vec<Rect> {
    const GAP: f32 = 4.0;
    let mut placed: Vec<Rect> = Vec::with_capacity(named.len());
    for (this, &size) in named.iter().zip(sizes) {
        let (p, r) = (this.point, this.radius + GAP);
        let half = size / 2.0;
        let candidates = [
            Vec2::new(p.x + r, p.y - half.y),
            Vec2::new(p.x - r - size.x, p.y - half.y),
            Vec2::new(p.x - half.x, p.y - r - size.y),
            Vec2::new(p.x - half.x, p.y + r),
            Vec2::new(p.x + r, p.y - r - size.y),
            Vec2::new(p.x + r, p.y + r),
            Vec2::new(p.x - r - size.x, p.y - r - size.y),
            Vec2::new(p.x - r - size.x, p.y + r),
        ]
        .map(|at| {
            let at = at.clamp(Vec2::ZERO, (window - size).max(Vec2::ZERO));
            Rect::from_corners(at, at + size)
        });
        let clear = |rect: &Rect| {
            placed.iter().all(|other| rect.intersect(*other).is_empty())
                && named.iter().all(|n| !covers(rect, n.point, n.radius))
        };
        let place = candidates
            .iter()
            .find(|c| clear(c))
            .copied()
            .unwrap_or_else(|| {
                // Down past whatever it covers, until it covers nothing: each step passes
                // one thing's lower edge, so it ends.
                let mut at = candidates[0];
                loop {
                    let label_under = placed
                        .iter()
                        .find(|other| !at.intersect(**other).is_empty())
                        .map(|other| other.max.y);
                    let named_under = || {
                        named
                            .iter()
                            .find(|n| covers(&at, n.point, n.radius))
                            .map(|n| n.point.y + n.radius.max(0.5))
                    };
                    let Some(bottom) = label_under.or_else(named_under) else {
                        break at;
                    };
                    let down = Vec2::Y * (bottom + 1.0 - at.min.y);
                    at = Rect::from_corners(at.min + down, at.max + down);
                }
            });
        placed.push(place);
    }
    placed
}

/// Whether `rect` covers any of the disc of `radius` round `centre` (a point, where the
/// radius is 0, inside it or on its edge).
fn covers(rect: &Rect, centre: Vec2, radius: f32) -> bool {
    let nearest = centre.clamp(rect.min, rect.max);
    nearest.distance(centre) < radius.max(0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_crowded_at_the_far_rail_go_round_what_they_name_and_never_overlap() {
        let window = Vec2::new(1280.0, 720.0);
        // Contacts along the far cushion a few px apart, two balls among them, and
        // points crowded against the window's right edge.
        let mut named: Vec<Named> = (0..8)
            .map(|i| Named {
                point: Vec2::new(500.0 + 9.0 * i as f32, 300.0 + (i % 3) as f32),
                radius: 0.0,
            })
            .collect();
        named.push(Named {
            point: Vec2::new(520.0, 305.0),
            radius: 6.0,
        });
        named.push(Named {
            point: Vec2::new(560.0, 296.0),
            radius: 6.0,
        });
        named.extend((0..3).map(|i| Named {
            point: Vec2::new(1275.0, 100.0 + 5.0 * i as f32),
            radius: 0.0,
        }));
        let sizes: Vec<Vec2> = (0..named.len())
            .map(|i| guessed_size(&format!("{} head at 2.4{i}", i + 1)))
            .collect();
        let places = place_labels(&named, &sizes, window);
        for (i, a) in places.iter().enumerate() {
            assert!(
                a.min.x >= 0.0 && a.max.x <= window.x,
                "{a:?} off the window"
            );
            for b in &places[i + 1..] {
                assert!(a.intersect(*b).is_empty(), "{a:?} and {b:?} overlap");
            }
            for n in &named {
                assert!(!covers(a, n.point, n.radius), "{a:?} covers {n:?}");
            }
        }
        // Fewer, as a stroke's contacts at the far rail usually are: each beside what
        // it names, the gap round it away (at a corner, that on both sides).
        let sparse: Vec<Named> = [(500.0, 0.0), (540.0, 0.0), (580.0, 0.0), (530.0, 6.0)]
            .map(|(x, radius)| Named {
                point: Vec2::new(x, 300.0),
                radius,
            })
            .to_vec();
        let places = place_labels(&sparse, &sizes[..4], window);
        for (place, n) in places.iter().zip(&sparse) {
            let nearest = n.point.clamp(place.min, place.max);
            assert!(
                nearest.distance(n.point) <= (n.radius + 4.0) * std::f32::consts::SQRT_2 + 0.01,
                "{place:?} not beside {n:?}"
            );
        }
    }
}
