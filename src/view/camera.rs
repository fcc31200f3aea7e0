//! The cameras: behind the cue ball along the aim (the default while aiming), the whole
//! table from above (the diamonds readable), a free orbit around the table (drag with
//! the orbit button, the wheel to come closer), and a follow view that keeps the cue
//! ball in sight while the balls roll. One key cycles them, one goes back to the chosen
//! default; the camera glides from one pose to the next on the wall clock. It moves in
//! `PostUpdate` (STYLE 5).

use crate::config::Action;
use crate::cue::{Aim, MouseAim};
use crate::input::Actions;
use crate::session::frame::to_bevy;
use crate::session::{CameraView, GameConfig, Preferences, Screen, Session, TableCamera};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::diagnostic::FrameCount;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::light::ShadowFilteringMethod;
use bevy::light::cluster::{ClusterConfig, ClusterFarZMode, ClusterZConfig};
use bevy::prelude::*;

/// The free orbit: angles around the table's centre and distance from it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Orbit {
    /// Around the vertical, radians; 0 looks from the head end along the table.
    pub yaw: f32,
    /// Above the horizontal, radians.
    pub pitch: f32,
    pub distance: f32,
}

impl Default for Orbit {
    fn default() -> Self {
        Orbit {
            yaw: 0.0,
            pitch: 0.62,
            distance: 4.6,
        }
    }
}

const PITCH_RANGE: (f32, f32) = (0.15, 1.55);
const DISTANCE_RANGE: (f32, f32) = (1.0, 9.0);

/// The view chosen now and the orbit's place.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Cameras {
    pub view: CameraView,
    pub orbit: Orbit,
}

impl Cameras {
    pub fn cycle(&mut self) {
        self.view = self.view.next();
    }

    /// Back to `default` with the orbit where it started.
    pub fn reset(&mut self, default: CameraView) {
        *self = Cameras {
            view: default,
            orbit: Orbit::default(),
        };
    }
}

/// Where a camera stands and what it looks at, Bevy frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    pub eye: Vec3,
    pub target: Vec3,
}

/// What the views follow: the cue ball's centre and velocity, Bevy frame, and the aim's
/// direction on the cloth (a unit vector, Bevy frame); and where on the screen the
/// table is to be framed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scene {
    pub cue_ball: Vec3,
    pub velocity: Vec3,
    pub aim: Vec3,
    pub rolling: bool,
    pub framing: Framing,
    /// A part of the cloth every view gives way to, seen from straight above (the lag's
    /// result: both balls and the head cushion): Bevy x and z, m.
    pub overview: Option<Rect>,
}

/// The part of the window the panels leave free for the table (the panels' docks
/// measure it), the window, physical px, and the camera's vertical field of view.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Framing {
    pub window: Vec2,
    /// Between the panels' columns.
    pub free: Rect,
    /// The largest part of the window of the table's shape that no panel covers (it
    /// reaches into the columns beside and between their panels): the top view frames
    /// the whole table in it.
    pub table_area: Rect,
    pub fov_y: f32,
    /// The table's outer half extents (rails included), m: along it and across.
    pub table_half: Vec2,
}

impl Default for Framing {
    fn default() -> Self {
        Framing {
            window: Vec2::new(1280.0, 720.0),
            free: Rect::new(0.0, 0.0, 1280.0, 720.0),
            table_area: Rect::new(0.0, 0.0, 1280.0, 720.0),
            fov_y: FIELD_OF_VIEW_Y,
            table_half: Vec2::new(1.55, 0.84),
        }
    }
}

/// The table camera's vertical field of view, rad (36°; 58° across a 16:9 window): at
/// Bevy's 45° (73° across), a ball at the screen's side was drawn a quarter longer
/// than high.
pub const FIELD_OF_VIEW_Y: f32 = 0.2 * std::f32::consts::PI;

/// The largest rectangle of `aspect` (width over height) in a window of `window` px
/// that no panel covers, `margin` px clear of each panel and of the window's edges;
/// empty where there is none. Its sides lie on those margins: every pair is tried.
pub fn largest_clear_area(window: Vec2, panels: &[Rect], aspect: f32, margin: f32) -> Rect {
    let panels: Vec<Rect> = panels
        .iter()
        .filter(|p| !p.is_empty())
        .map(|p| p.inflate(margin))
        .collect();
    let edges = |along: fn(Vec2) -> f32, size: f32| {
        let mut edges: Vec<f32> = panels
            .iter()
            .flat_map(|p| [along(p.min), along(p.max)])
            .filter(|e| (margin..=size - margin).contains(e))
            .chain([margin, size - margin])
            .collect();
        edges.sort_by(f32::total_cmp);
        edges.dedup();
        edges
    };
    let (xs, ys) = (edges(|v| v.x, window.x), edges(|v| v.y, window.y));
    let mut best = Rect::default();
    for (i, &x0) in xs.iter().enumerate() {
        for &x1 in &xs[i + 1..] {
            for (j, &y0) in ys.iter().enumerate() {
                for &y1 in &ys[j + 1..] {
                    let room = Rect::new(x0, y0, x1, y1);
                    let width = room.width().min(room.height() * aspect);
                    if width <= best.width() || panels.iter().any(|p| overlaps(p, &room)) {
                        continue;
                    }
                    best = Rect::from_center_size(room.center(), Vec2::new(width, width / aspect));
                }
            }
        }
    }
    best
}

/// Whether two rectangles share more than an edge.
fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
}

/// The share of the free area's width or height the whole table fills in the top view.
const TOP_FILL: f32 = 0.95;

/// The pose of `view` for the scene.
pub fn pose(view: CameraView, orbit: &Orbit, scene: &Scene) -> Pose {
    let behind = |along: Vec3, back: f32, up: f32, ahead: f32| Pose {
        eye: scene.cue_ball - along * back + Vec3::Y * up,
        target: scene.cue_ball + along * ahead,
    };
    if let Some(area) = scene.overview {
        return top_pose_over(&scene.framing, area.center(), area.half_size());
    }
    match view {
        CameraView::Behind => behind(scene.aim, 0.95, 0.41, 0.9),
        CameraView::Follow if scene.rolling && scene.velocity.length() > 0.05 => {
            behind(scene.velocity.normalize(), 1.4, 1.15, 0.5)
        }
        CameraView::Follow => behind(scene.aim, 1.4, 1.15, 0.5),
        CameraView::Top => top_pose(&scene.framing),
        CameraView::Orbit => {
            // Yaw 0 stands at the head end (−x) looking toward the foot (+x).
            let direction = Vec3::new(
                -orbit.pitch.cos() * orbit.yaw.cos(),
                orbit.pitch.sin(),
                orbit.pitch.cos() * orbit.yaw.sin(),
            );
            Pose {
                eye: direction * orbit.distance,
                target: Vec3::ZERO,
            }
        }
    }
}

/// Straight down on the table ("up" on the screen is the table's left), high enough
/// for the whole table and its rails to fit the free area, shifted so that the
/// table's centre is the free area's.
fn top_pose(framing: &Framing) -> Pose {
    let in_its_area = Framing {
        free: framing.table_area,
        ..*framing
    };
    top_pose_over(&in_its_area, Vec2::ZERO, framing.table_half)
}

/// Straight down on the part of the cloth around `centre` (Bevy x and z, m) reaching
/// `half` each way, high enough for it to fit the free area, shifted so that its
/// centre is the free area's.
fn top_pose_over(framing: &Framing, centre: Vec2, half: Vec2) -> Pose {
    let Framing {
        window,
        free,
        fov_y,
        ..
    } = *framing;
    // Pixels on the screen per metre on the cloth, times the eye's height.
    let focal = window.y / 2.0 / (fov_y / 2.0).tan();
    let size = free.size().max(Vec2::ONE) * TOP_FILL;
    let height = focal * (2.0 * half.x / size.x).max(2.0 * half.y / size.y);
    // The screen's right is Bevy's +x, its down Bevy's +z.
    let at = centre - (free.center() - window / 2.0) * height / focal;
    Pose {
        eye: Vec3::new(at.x, height, at.y),
        target: Vec3::new(at.x, 0.0, at.y),
    }
}

/// The lag's result from above: both balls (those on the table) and the head cushion
/// with its rail, across the whole width, Bevy x and z.
fn lag_overview(session: &Session) -> Option<Rect> {
    let lag = session.lag()?;
    let outer = session.table().outer_half_extents().as_vec2();
    let furthest = lag
        .setups
        .iter()
        .filter_map(|setup| session.ball(setup.ball))
        .map(|k| to_bevy(k.pos).x)
        .reduce(f32::max)?;
    // A little cloth beyond the ball furthest from the head cushion, for its label.
    let beyond = 0.25;
    Some(Rect::new(
        -outer.x,
        -outer.y,
        (furthest + beyond).min(outer.x),
        outer.y,
    ))
}

/// How quickly the camera closes on its pose: the share of the way left after one
/// second is e^−GLIDE_RATE.
const GLIDE_RATE: f32 = 6.0;

/// The camera's pose now, gliding toward its view's.
#[derive(Component, Clone, Copy, Debug)]
struct Glide(Pose);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Cameras>();
    app.init_resource::<Framing>();
    app.add_systems(Startup, spawn_camera);
    app.add_systems(
        PostUpdate,
        open_the_shutter.run_if(|frames: Option<Res<FrameCount>>| frames.is_some_and(|f| f.0 == 1)),
    );
    app.add_systems(OnEnter(Screen::Table), start_in_the_default_view);
    app.add_systems(
        PostUpdate,
        (choose_view, turn_orbit, choose_mouse_aim, place_camera)
            .chain()
            .in_set(CameraPlaced)
            .before(TransformSystems::Propagate),
    );
}

/// Where the table's camera is put for the frame (its `Transform`; its global one
/// follows with Bevy's propagation, after the UI is laid out).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CameraPlaced;

fn spawn_camera(mut commands: Commands) {
    let start = pose(CameraView::Orbit, &Orbit::default(), &idle_scene());
    commands.spawn((
        Name::new("Camera"),
        TableCamera,
        Camera3d::default(),
        Projection::Perspective(PerspectiveProjection {
            fov: FIELD_OF_VIEW_Y,
            ..default()
        }),
        // From the second frame on (`open_the_shutter`).
        Camera {
            is_active: false,
            ..default()
        },
        shaded_as_the_table(),
        // The clusters the lights are sorted into reach a fixed depth: reaching only as
        // far as the lights' range, they left the cloth unlit from a camera beside the
        // table.
        ClusterConfig::FixedZ {
            total: 4096,
            z_slices: 8,
            z_config: ClusterZConfig {
                first_slice_depth: 0.5,
                far_z_mode: ClusterFarZMode::Constant(12.0),
            },
            dynamic_resizing: true,
        },
        Glide(start),
        Transform::from_translation(start.eye).looking_at(start.target, Vec3::Y),
    ));
}

/// The table's camera draws from the second frame on: the renderer then has the room's
/// reflections (made at Startup, prepared in the first frame), and builds the full
/// lighting's pipeline once, with them (`reflections`), where a table drawn in the
/// first frame (a launch straight to the table) had it built twice.
fn open_the_shutter(mut camera: Single<&mut Camera, With<TableCamera>>) {
    camera.is_active = true;
}

/// How every camera of the table's world shades what it draws, so that a ball looks
/// the same from each.
pub(super) fn shaded_as_the_table() -> impl Bundle {
    (
        // No tone curve: the lights are set so that the lit cloth shows its configured
        // colour, which a curve would wash out (`tests/screenshot.rs` checks it).
        Tonemapping::None,
        // The lamp's shadow filtered by one hardware 2x2 comparison: the Gaussian
        // filter's taps cost a software renderer a tenth of a full-lighting frame.
        ShadowFilteringMethod::Hardware2x2,
    )
}

fn idle_scene() -> Scene {
    Scene {
        cue_ball: Vec3::ZERO,
        velocity: Vec3::ZERO,
        aim: Vec3::X,
        rolling: false,
        framing: Framing::default(),
        overview: None,
    }
}

fn start_in_the_default_view(preferences: Res<Preferences>, mut cameras: ResMut<Cameras>) {
    cameras.reset(preferences.camera);
}

/// The cycle key goes to the next view, the reset key back to the default.
fn choose_view(actions: Res<Actions>, preferences: Res<Preferences>, mut cameras: ResMut<Cameras>) {
    if actions.just_pressed(Action::NextCamera) {
        cameras.cycle();
    }
    if actions.just_pressed(Action::ResetCamera) {
        cameras.reset(preferences.camera);
    }
}

/// Dragging with the orbit button turns the orbit (and, from any other view, takes it
/// over); in the orbit the wheel moves it closer or further. The frame the drag starts moves
/// nothing, so that the view does not jump by where the pointer was before.
fn turn_orbit(
    actions: Res<Actions>,
    scroll: Res<AccumulatedMouseScroll>,
    config: Res<GameConfig>,
    mut cameras: ResMut<Cameras>,
) {
    let delta = actions.pointer_delta;
    let turning = actions.pressed(Action::OrbitCamera)
        && !actions.just_pressed(Action::OrbitCamera)
        && delta != Vec2::ZERO;
    let zooming = scroll.delta.y != 0.0 && cameras.view == CameraView::Orbit;
    if !turning && !zooming {
        return;
    }
    cameras.view = CameraView::Orbit;
    let orbit = &mut cameras.orbit;
    if turning {
        let speed = config.0.controls.orbit_sensitivity as f32;
        orbit.yaw -= delta.x * speed;
        orbit.pitch = (orbit.pitch + delta.y * speed).clamp(PITCH_RANGE.0, PITCH_RANGE.1);
    }
    orbit.distance =
        (orbit.distance * (1.0 - 0.1 * scroll.delta.y)).clamp(DISTANCE_RANGE.0, DISTANCE_RANGE.1);
}

/// Behind the cue ball the view turns with the aim, so there the mouse drags the aim
/// instead of pointing at the cloth.
fn choose_mouse_aim(cameras: Res<Cameras>, mut mouse_aim: ResMut<MouseAim>) {
    mouse_aim.set_if_neq(match cameras.view {
        CameraView::Behind | CameraView::Follow => MouseAim::Drag,
        CameraView::Top | CameraView::Orbit => MouseAim::AtCursor,
    });
}

/// Glides the camera toward the pose of the chosen view.
fn place_camera(
    time: Res<Time<Real>>,
    cameras: Res<Cameras>,
    session: Option<Res<Session>>,
    aim: Res<Aim>,
    framing: Res<Framing>,
    staging: Option<Res<super::staging::Staging>>,
    mut camera: Single<(&mut Glide, &mut Transform, &Projection), With<TableCamera>>,
) {
    let fov_y = match camera.2 {
        Projection::Perspective(p) => p.fov,
        _ => framing.fov_y,
    };
    let scene = session.map_or_else(idle_scene, |session| {
        let ball = session.ball(session.cue_ball());
        let along = crate::math::DVec2::from_angle(aim.direction_deg.to_radians());
        let outer = session.table().outer_half_extents();
        Scene {
            cue_ball: ball.map_or(Vec3::ZERO, |k| to_bevy(k.pos)),
            velocity: ball.map_or(Vec3::ZERO, |k| to_bevy(k.vel)),
            aim: to_bevy(along.extend(0.0)),
            rolling: !session.sim().at_rest(),
            framing: Framing {
                fov_y,
                table_half: outer.as_vec2(),
                ..*framing
            },
            overview: (session.phase() == crate::play::Phase::LagResult)
                .then(|| lag_overview(&session))
                .flatten(),
        }
    });
    let staged = staging.and_then(|s| s.camera).map(|(eye, target)| Pose {
        eye: to_bevy(eye),
        target: to_bevy(target),
    });
    let goal = staged.unwrap_or_else(|| pose(cameras.view, &cameras.orbit, &scene));
    let (glide, transform, _) = &mut *camera;
    let share = 1.0 - (-GLIDE_RATE * time.delta_secs()).exp();
    let share = if staged.is_some() { 1.0 } else { share };
    // A player's own orbit follows the hand at once.
    let share = if cameras.view == CameraView::Orbit && glide.0.target == goal.target {
        share.max(0.5)
    } else {
        share
    };
    glide.0 = Pose {
        eye: glide.0.eye.lerp(goal.eye, share),
        target: glide.0.target.lerp(goal.target, share),
    };
    // Seen from straight above, "up" on the screen is the table's left.
    let straight_down = (goal.eye - goal.target).normalize_or_zero().y > 0.999;
    let up = if straight_down && staged.is_none() {
        Vec3::NEG_Z
    } else {
        Vec3::Y
    };
    **transform = Transform::from_translation(glide.0.eye).looking_at(glide.0.target, up);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene() -> Scene {
        Scene {
            cue_ball: Vec3::new(-0.5, 0.03, 0.2),
            velocity: Vec3::ZERO,
            aim: Vec3::X,
            rolling: false,
            framing: Framing::default(),
            overview: None,
        }
    }

    #[test]
    fn the_key_cycles_the_views_and_reset_goes_back_to_the_default() {
        let mut cameras = Cameras::default();
        let mut seen = vec![cameras.view];
        for _ in 0..4 {
            cameras.cycle();
            seen.push(cameras.view);
        }
        assert_eq!(
            seen,
            [
                CameraView::Behind,
                CameraView::Top,
                CameraView::Orbit,
                CameraView::Follow,
                CameraView::Behind
            ]
        );
        cameras.cycle();
        cameras.orbit.yaw = 1.0;
        cameras.reset(CameraView::Top);
        assert_eq!(cameras.view, CameraView::Top);
        assert_eq!(cameras.orbit, Orbit::default());
    }

    #[test]
    fn behind_looks_along_the_aim_over_the_cue_ball() {
        let scene = scene();
        let behind = pose(CameraView::Behind, &Orbit::default(), &scene);
        assert!(behind.eye.x < scene.cue_ball.x && behind.eye.y > scene.cue_ball.y);
        assert!(behind.target.x > scene.cue_ball.x);
    }

    #[test]
    fn from_above_the_whole_table_lies_in_its_area() {
        for (window, free) in [
            (
                Vec2::new(1280.0, 720.0),
                Rect::new(340.0, 0.0, 920.0, 720.0),
            ),
            (
                Vec2::new(1920.0, 1080.0),
                Rect::new(510.0, 0.0, 1380.0, 1080.0),
            ),
            (Vec2::new(1280.0, 720.0), Rect::new(0.0, 0.0, 1280.0, 720.0)),
        ] {
            let framing = Framing {
                window,
                free: Rect::new(0.0, 0.0, 10.0, 10.0),
                table_area: free,
                ..Framing::default()
            };
            let top = pose(
                CameraView::Top,
                &Orbit::default(),
                &Scene { framing, ..scene() },
            );
            // Straight down: a point of the cloth lands on the screen in proportion to
            // its offset from the eye.
            let focal = window.y / 2.0 / (framing.fov_y / 2.0).tan();
            let on_screen = |p: Vec3| {
                window / 2.0 + Vec2::new(p.x - top.eye.x, p.z - top.eye.z) * focal / top.eye.y
            };
            let half = framing.table_half;
            let corners = [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)].map(|(x, y)| {
                on_screen(to_bevy(crate::math::DVec3::new(
                    x * half.x as f64,
                    y * half.y as f64,
                    0.0,
                )))
            });
            for corner in corners {
                assert!(free.contains(corner), "{corner} outside {free:?}");
            }
            let centre = on_screen(Vec3::ZERO);
            assert!(
                centre.distance(free.center()) < 0.5,
                "{centre} against {free:?}"
            );
            // It fills the free area's width or its height.
            let spread = corners[3] - corners[0];
            assert!(
                (spread.x.abs() / free.width()).max(spread.y.abs() / free.height()) > 0.9,
                "{spread}"
            );
        }
    }

    #[test]
    fn the_tables_area_is_the_largest_of_its_shape_that_no_panel_covers() {
        // The panels at the break, 1280 × 720: the scoreboard and the position at the
        // top left, the stroke at the bottom left, the hint and the break's overlay at
        // the top right.
        let window = Vec2::new(1280.0, 720.0);
        let panels = [
            Rect::new(8.0, 8.0, 356.0, 155.0),
            Rect::new(8.0, 548.0, 356.0, 712.0),
            Rect::new(928.0, 8.0, 1272.0, 272.0),
        ];
        let aspect = 1.55 / 0.84;
        let area = largest_clear_area(window, &panels, aspect, 8.0);
        assert!((area.width() / area.height() - aspect).abs() < 1e-3);
        for panel in panels {
            assert!(
                !overlaps(&panel.inflate(8.0), &area),
                "{area:?} over {panel:?}"
            );
        }
        assert!(area.min.cmpge(Vec2::splat(8.0)).all());
        assert!(area.max.cmple(window - 8.0).all());
        // Between the columns alone (what the top view had) the table was 540 px wide.
        let between = 920.0 - 364.0;
        assert!(area.width() > 1.3 * between, "{area:?}");
        // With no panels, the whole window's width but its margins (the table is
        // wider than 16:9).
        let whole = largest_clear_area(window, &[], aspect, 8.0);
        assert_eq!(whole.width(), 1280.0 - 16.0);
    }

    #[test]
    fn the_lag_result_frames_its_area_in_the_free_part_of_the_window_whatever_the_view() {
        let window = Vec2::new(1280.0, 720.0);
        let free = Rect::new(340.0, 0.0, 920.0, 720.0);
        let framing = Framing {
            window,
            free,
            ..Framing::default()
        };
        // The head end: the rail at x = −1.55, the balls up to 0.9 m from it.
        let area = Rect::new(-1.55, -0.84, -0.4, 0.84);
        let focal = window.y / 2.0 / (framing.fov_y / 2.0).tan();
        for view in [CameraView::Behind, CameraView::Top, CameraView::Follow] {
            let seen = pose(
                view,
                &Orbit::default(),
                &Scene {
                    framing,
                    overview: Some(area),
                    ..scene()
                },
            );
            assert!((seen.eye - seen.target).normalize().y > 0.999, "{view:?}");
            let on_screen = |p: Vec2| {
                window / 2.0 + (p - Vec2::new(seen.eye.x, seen.eye.z)) * focal / seen.eye.y
            };
            for corner in [area.min, area.max, Vec2::new(area.min.x, area.max.y)] {
                let at = on_screen(corner);
                assert!(free.contains(at), "{view:?}: {at} outside {free:?}");
            }
        }
    }

    #[test]
    fn follow_keeps_behind_the_rolling_cue_ball() {
        let mut scene = scene();
        scene.rolling = true;
        scene.velocity = Vec3::new(0.0, 0.0, -2.0);
        let follow = pose(CameraView::Follow, &Orbit::default(), &scene);
        assert!(follow.eye.z > scene.cue_ball.z, "{follow:?}");
        assert!(follow.target.z < scene.cue_ball.z, "{follow:?}");
    }
}
