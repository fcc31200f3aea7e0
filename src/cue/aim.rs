//! The player's aim: direction (the mouse points, keys fine-tune), launch speed, tip
//! offset and cue elevation; the cue kept above the rail.

use crate::config::{Action, CueConfig};
use crate::game::{GameConfig, GameSystems, Phase, Session, at_table};
use crate::input::Actions;
use crate::math::DVec2;
use crate::shot::{BallId, Cushion, MAX_ELEVATION_DEG, Stroke};
use crate::table::TableGeometry;
use bevy::prelude::*;

/// Launch speeds the player can choose, m/s (soft 1, medium 3–4, hard 6–7, break ~9).
pub const SPEED_RANGE: (f64, f64) = (0.3, 9.0);
/// Largest tip offset the player can set, as a fraction of the radius: beyond the
/// miscue limit on purpose, so a miscue is possible.
pub const MAX_TIP_OFFSET: f64 = 0.8;

/// How the next stroke will be played.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Aim {
    /// Counter-clockwise from the table's +x, degrees.
    pub direction_deg: f64,
    /// Launch speed of the cue ball, m/s.
    pub speed: f64,
    /// Tip offset, fractions of the radius: + right, + above centre.
    pub side: f64,
    pub height: f64,
    /// Cue elevation the player chose, degrees.
    pub elevation_deg: f64,
    /// The least elevation at which the cue clears the cushion and rail behind the cue
    /// ball, degrees: the stroke is played at least this steep.
    pub min_elevation_deg: f64,
    /// A short stroke's follow-through, mm; None: a full stroke.
    pub short_stroke_mm: Option<f64>,
}

impl Default for Aim {
    fn default() -> Self {
        Aim {
            direction_deg: 0.0,
            speed: 3.0,
            side: 0.0,
            height: 0.0,
            elevation_deg: 0.0,
            min_elevation_deg: 0.0,
            short_stroke_mm: None,
        }
    }
}

impl Aim {
    /// A fresh aim for a lag: toward the foot cushion, a lag's pace.
    pub fn lag() -> Aim {
        Aim {
            speed: 1.5,
            ..Aim::default()
        }
    }

    /// The elevation the stroke is played at.
    pub fn effective_elevation_deg(&self) -> f64 {
        self.elevation_deg.max(self.min_elevation_deg)
    }

    pub fn stroke(&self, ball: BallId) -> Stroke {
        Stroke {
            ball,
            direction_deg: self.direction_deg,
            speed: self.speed,
            side: self.side,
            height: self.height,
            elevation_deg: self.effective_elevation_deg(),
            follow_through_mm: self.short_stroke_mm,
        }
    }
}

/// The least cue elevation, degrees, at which a cue aimed `direction_deg` at a ball
/// centred at `ball` passes over the cushion and rail behind it (with half a degree to
/// spare): a level cue would go through them.
pub fn clearance_elevation(
    table: &TableGeometry,
    cue: &CueConfig,
    ball: DVec2,
    direction_deg: f64,
) -> f64 {
    let back = -DVec2::from_angle(direction_deg.to_radians());
    let r = table.ball_radius;
    // Horizontal distance from the ball's centre back to the first cushion nose.
    let to_nose = Cushion::ALL
        .iter()
        .filter_map(|&c| {
            let n = c.inward_normal();
            let toward = -back.dot(n);
            (toward > 0.0).then(|| (table.nose_distance(c) + ball.dot(n)) / toward)
        })
        .fold(f64::INFINITY, f64::min);
    let rise = table.rail_height + cue.butt_radius_mm / 1000.0 - r;
    let run = (to_nose - r).max(1e-3);
    ((rise / run).atan().to_degrees() + 0.5).clamp(0.0, MAX_ELEVATION_DEG - 4.0)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Aim>();
    app.add_systems(OnEnter(Phase::Lag), |mut aim: ResMut<Aim>| {
        *aim = Aim::lag()
    });
    app.add_systems(
        Update,
        (
            fresh_aim_for_each_player,
            aim_with_mouse,
            adjust_with_keys,
            clear_the_rail,
        )
            .chain()
            // At the table only: in the menu the letters spell names.
            .run_if(at_table)
            .in_set(GameSystems::Input),
    );
}

/// Each player comes to the table with their own stroke to set: power, tip offset and
/// elevation start again (the aim's direction stays; the mouse sets it anyway).
fn fresh_aim_for_each_player(
    session: Res<Session>,
    mut shooter: Local<Option<usize>>,
    mut aim: ResMut<Aim>,
) {
    let now = session.referee().map(|r| r.shooter());
    if now != *shooter {
        *shooter = now;
        *aim = Aim {
            direction_deg: aim.direction_deg,
            ..Aim::default()
        };
    }
}

/// The cue points from the cue ball at the spot on the cloth under the cursor, while
/// the mouse moves or the cue ball changes (not while the camera orbits, the aim is
/// held or a ball is dragged).
fn aim_with_mouse(
    actions: Res<Actions>,
    dragging: Res<super::commands::Dragging>,
    session: Res<Session>,
    mut aimed_with: Local<Option<BallId>>,
    mut aim: ResMut<Aim>,
) {
    let cue_ball = session.cue_ball();
    let new_ball = *aimed_with != Some(cue_ball);
    if (actions.pointer_delta == Vec2::ZERO && !new_ball)
        || actions.pressed(Action::OrbitCamera)
        || actions.pressed(Action::HoldAim)
        || dragging.0
    {
        return;
    }
    let Some(point) = actions.on_cloth else {
        return;
    };
    let Some(ball) = session.ball(cue_ball) else {
        return;
    };
    *aimed_with = Some(cue_ball);
    let target = point - ball.pos.truncate();
    if target.length() > 1e-3 {
        aim.direction_deg = target.y.atan2(target.x).to_degrees();
    }
}

/// Keys tune the aim, power, tip offset and elevation while held, and switch between
/// a full and a short stroke.
fn adjust_with_keys(
    time: Res<Time>,
    actions: Res<Actions>,
    config: Res<GameConfig>,
    mut aim: ResMut<Aim>,
) {
    if actions.just_pressed(Action::ShortStroke) {
        aim.short_stroke_mm = match aim.short_stroke_mm {
            None => Some(config.0.cue.short_follow_through_mm),
            Some(_) => None,
        };
    }
    let dt = time.delta_secs_f64();
    let axis = |plus: Action, minus: Action| {
        f64::from(u8::from(actions.pressed(plus))) - f64::from(u8::from(actions.pressed(minus)))
    };
    let turn = axis(Action::AimLeft, Action::AimRight);
    aim.direction_deg = (aim.direction_deg + turn * 5.0 * dt).rem_euclid(360.0);
    let power = axis(Action::PowerUp, Action::PowerDown);
    aim.speed = (aim.speed + power * 2.0 * dt).clamp(SPEED_RANGE.0, SPEED_RANGE.1);
    let (side, height) = (
        aim.side + axis(Action::TipRight, Action::TipLeft) * 0.5 * dt,
        aim.height + axis(Action::TipUp, Action::TipDown) * 0.5 * dt,
    );
    let offset = side.hypot(height);
    let scale = if offset > MAX_TIP_OFFSET {
        MAX_TIP_OFFSET / offset
    } else {
        1.0
    };
    aim.side = side * scale;
    aim.height = height * scale;
    let lift = axis(Action::ElevationUp, Action::ElevationDown);
    aim.elevation_deg = (aim.elevation_deg + lift * 20.0 * dt).clamp(0.0, MAX_ELEVATION_DEG - 4.0);
}

/// Keeps the cue above the cushion and rail behind the cue ball.
fn clear_the_rail(config: Res<GameConfig>, session: Res<Session>, mut aim: ResMut<Aim>) {
    if let Some(ball) = session.ball(session.cue_ball()) {
        let min = clearance_elevation(
            session.table(),
            &config.0.cue,
            ball.pos.truncate(),
            aim.direction_deg,
        );
        if aim.min_elevation_deg != min {
            aim.min_elevation_deg = min;
        }
    }
}
