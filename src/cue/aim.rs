//! The player's aim: direction (the mouse points, keys fine-tune), launch speed, tip
//! offset and cue elevation; the cue kept above the rail.

use crate::config::Action;
use crate::input::Actions;
use crate::math::DVec2;
use crate::play::good_lag_speeds;
use crate::session::{
    GameConfig, GameSystems, PersonSystems, Preferences, Screen, Session, at_table,
};
use crate::shot::{BallId, MAX_ELEVATION_DEG, Stroke};
use crate::table::aim::stroke_clearance;
use bevy::prelude::*;
use std::collections::HashMap;
use std::time::Duration;

/// Launch speeds the player can choose, m/s (soft 1, medium 3–4, hard 6–7, break ~9).
pub const SPEED_RANGE: (f64, f64) = (0.3, 9.0);
/// Largest tip offset the player can set, as a fraction of the radius: beyond the
/// miscue limit on purpose, so a miscue is possible.
pub const MAX_TIP_OFFSET: f64 = 0.8;

/// A ball is being dragged with the pointer (the mouse does not aim meanwhile).
#[derive(Resource, Default)]
pub struct Dragging(pub bool);

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
    /// A fresh aim for a lag: toward the foot cushion, at `speed`.
    pub fn lag(speed: f64) -> Aim {
        Aim {
            speed,
            ..Aim::default()
        }
    }

    /// The elevation the stroke is played at.
    pub fn effective_elevation_deg(&self) -> f64 {
        self.elevation_deg.max(self.min_elevation_deg)
    }

    /// Aims as `stroke` plays (a position's stroke, a suggestion).
    pub fn take(&mut self, stroke: &Stroke) {
        self.direction_deg = stroke.direction_deg;
        self.set_speed(stroke.speed);
        self.set_tip(stroke.side, stroke.height);
        self.elevation_deg = stroke.elevation_deg;
        self.short_stroke_mm = stroke.follow_through_mm;
    }

    /// Sets the launch speed, held in `SPEED_RANGE` (not rounded: a lag is decided
    /// by speeds a hundredth of a metre a second apart).
    pub fn set_speed(&mut self, speed: f64) {
        self.speed = speed.clamp(SPEED_RANGE.0, SPEED_RANGE.1);
    }

    /// Sets the tip offset, held within `MAX_TIP_OFFSET` of the centre.
    pub fn set_tip(&mut self, side: f64, height: f64) {
        let offset = side.hypot(height);
        let scale = if offset > MAX_TIP_OFFSET {
            MAX_TIP_OFFSET / offset
        } else {
            1.0
        };
        self.side = side * scale;
        self.height = height * scale;
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Aim>();
    app.init_resource::<StrokeMemory>();
    app.init_resource::<MouseAim>();
    app.add_systems(OnExit(Screen::Table), |mut memory: ResMut<StrokeMemory>| {
        *memory = StrokeMemory::default()
    });
    app.add_systems(
        Update,
        (
            (
                settings_for_each_player,
                aim_with_mouse.in_set(PersonSystems),
                adjust_with_keys.in_set(PersonSystems),
            )
                .chain()
                .in_set(GameSystems::Input),
            // Not input: the cue stays above the rail while a guide is read too.
            clear_the_rail,
        )
            .chain()
            // At the table only: in the menu the letters spell names.
            .run_if(at_table)
            .in_set(AimSystems),
    );
}

/// The systems that set the aim from the player's input.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AimSystems;

/// Each player's last stroke settings (power, tip offset, elevation, stroke length),
/// for their next turn at the table; their lag settings apart from their strokes. In
/// lag training one player lags again and again, and keeps them from lag to lag.
#[derive(Resource, Default)]
struct StrokeMemory {
    at_table: Option<(usize, bool)>,
    kept: HashMap<(usize, bool), Aim>,
}

/// When another player comes to the table (or the lag ends), the settings of the one
/// who leaves are kept and the newcomer's own come back (a fresh stroke the first
/// time; a fresh lag in the middle of the good lag speeds). The direction stays: the
/// mouse sets it anyway.
fn settings_for_each_player(
    session: Res<Session>,
    config: Res<GameConfig>,
    preferences: Res<Preferences>,
    mut memory: ResMut<StrokeMemory>,
    mut aim: ResMut<Aim>,
) {
    let lagging = session.phase().is_lag();
    let now = (session.player(), lagging);
    if memory.at_table == Some(now) {
        return;
    }
    if let Some(before) = memory.at_table.replace(now) {
        memory.kept.insert(before, *aim);
    }
    let fresh = match session.lag_turn() {
        Some(turn) if lagging && !memory.kept.contains_key(&now) => {
            let level = Aim::lag(1.0).stroke(turn.ball);
            let band = preferences.lag_band_mm / 1000.0;
            let good = good_lag_speeds(&config.0, session.table(), &level, turn.position, band);
            Aim::lag(good.map_or(1.2, |(soft, firm)| 0.5 * (soft + firm)))
        }
        _ if lagging => Aim::lag(1.2),
        _ => Aim::default(),
    };
    let kept = memory.kept.get(&now).copied().unwrap_or(fresh);
    *aim = Aim {
        direction_deg: if lagging {
            fresh.direction_deg
        } else {
            aim.direction_deg
        },
        min_elevation_deg: aim.min_elevation_deg,
        ..kept
    };
}

/// How moving the mouse aims. From above or aside, the cue points from the cue ball at
/// the spot on the cloth under the cursor. Behind the cue ball the view turns with the
/// aim, and that spot would run away from under the cursor: there the aim turns by the
/// angle the cursor moves through around the cue ball, as if it dragged the aim line.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MouseAim {
    #[default]
    AtCursor,
    Drag,
}

/// Moves of the cursor this close to the cue ball's centre, m, do not turn the aim:
/// there a pixel is many degrees.
const DRAG_DEAD_ZONE_M: f64 = 0.05;

/// After the hand was busy elsewhere — a press on a panel, the pointer over a panel, a
/// ball dragged, the camera orbited, the aim held, a mouse stroke — the mouse rests this
/// long before it aims again: the move that takes the hand off them is not an aim.
pub const AIM_GRACE: Duration = Duration::from_millis(300);

/// The mouse aims while it moves over the table (its rails included), the same in every
/// phase: not over a panel nor for `AIM_GRACE` after the hand was busy elsewhere. Only
/// a move aims: the next lagger or shooter does not inherit an aim at wherever the last
/// player left the cursor.
fn aim_with_mouse(
    time: Res<Time<Real>>,
    actions: Res<Actions>,
    dragging: Res<Dragging>,
    session: Res<Session>,
    mouse_aim: Res<MouseAim>,
    mut since_busy: Local<Duration>,
    mut aim: ResMut<Aim>,
) {
    let busy = actions.on_panel
        || actions.pressed(Action::OrbitCamera)
        || actions.pressed(Action::HoldAim)
        || actions.pressed(Action::MouseStroke)
        || dragging.0;
    *since_busy = if busy {
        Duration::ZERO
    } else {
        since_busy.saturating_add(time.delta())
    };
    if actions.pointer_delta == Vec2::ZERO
        || *since_busy < AIM_GRACE
        || actions.since_panel_click < AIM_GRACE
    {
        return;
    }
    let on_table = |p: &DVec2| {
        let outer = session.table().outer_half_extents();
        p.x.abs() <= outer.x && p.y.abs() <= outer.y
    };
    let (Some(point), Some(ball)) = (
        actions.on_cloth.filter(on_table),
        session.ball(session.cue_ball()),
    ) else {
        return;
    };
    let from_ball = |p: DVec2| p - ball.pos.truncate();
    let angle_deg = |v: DVec2| v.y.atan2(v.x).to_degrees();
    match *mouse_aim {
        MouseAim::AtCursor => {
            if from_ball(point).length() > 1e-3 {
                aim.direction_deg = angle_deg(from_ball(point));
            }
        }
        MouseAim::Drag => {
            let Some(before) = actions.on_cloth_before.filter(on_table) else {
                return;
            };
            let (now, before) = (from_ball(point), from_ball(before));
            if now.length().min(before.length()) > DRAG_DEAD_ZONE_M {
                let turn = (angle_deg(now) - angle_deg(before) + 540.0).rem_euclid(360.0) - 180.0;
                aim.direction_deg = (aim.direction_deg + turn).rem_euclid(360.0);
            }
        }
    }
}

/// What one step of a key changes: the aim's direction, degrees; the power, m/s; the
/// tip offset, fractions of the radius; the elevation, degrees.
pub const AIM_STEP_DEG: f64 = 0.1;
pub const POWER_STEP: f64 = 0.01;
pub const TIP_STEP: f64 = 0.05;
pub const ELEVATION_STEP_DEG: f64 = 1.0;

/// Keys tune the aim, power, tip offset and elevation by steps (a tap one step, a held
/// key repeating), and switch between a full and a short stroke.
fn adjust_with_keys(actions: Res<Actions>, config: Res<GameConfig>, mut aim: ResMut<Aim>) {
    if actions.just_pressed(Action::ShortStroke) {
        aim.short_stroke_mm = match aim.short_stroke_mm {
            None => Some(config.0.cue.short_follow_through_mm),
            Some(_) => None,
        };
    }
    let steps = |plus: Action, minus: Action| {
        f64::from(actions.steps(plus)) - f64::from(actions.steps(minus))
    };
    let turn = steps(Action::AimLeft, Action::AimRight);
    // The power's steps are fine and its range long: a held key accelerates.
    let power = f64::from(actions.accelerated_steps(Action::PowerUp))
        - f64::from(actions.accelerated_steps(Action::PowerDown));
    let side = steps(Action::TipRight, Action::TipLeft);
    let height = steps(Action::TipUp, Action::TipDown);
    let lift = steps(Action::ElevationUp, Action::ElevationDown);
    if [turn, power, side, height, lift].iter().all(|s| *s == 0.0) {
        return;
    }
    aim.direction_deg = (aim.direction_deg + turn * AIM_STEP_DEG).rem_euclid(360.0);
    let (speed, tip) = (aim.speed, (aim.side, aim.height));
    aim.set_speed(speed + power * POWER_STEP);
    aim.set_tip(tip.0 + side * TIP_STEP, tip.1 + height * TIP_STEP);
    aim.elevation_deg =
        (aim.elevation_deg + lift * ELEVATION_STEP_DEG).clamp(0.0, MAX_ELEVATION_DEG - 4.0);
}

/// Keeps the cue above the cushion, the rail and the balls behind the cue ball, for
/// the tip as set, through the backswing the power asks for. Only while the balls are at rest: the panel goes on showing the
/// elevation the stroke was played at while they roll.
fn clear_the_rail(config: Res<GameConfig>, session: Res<Session>, mut aim: ResMut<Aim>) {
    let cue_ball = session.cue_ball();
    let (Some(ball), true) = (session.ball(cue_ball), session.sim().at_rest()) else {
        return;
    };
    let others = session.sim().others_than(cue_ball);
    let min = stroke_clearance(
        session.table(),
        &config.0.cue,
        ball.pos.truncate(),
        &aim.stroke(cue_ball),
        &others,
    );
    if aim.min_elevation_deg != min {
        aim.min_elevation_deg = min;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_speed_set_or_taken_is_kept_to_the_last_digit_within_the_range() {
        // Good lags span about 0.035 m/s: no speed a player sets is rounded away.
        let mut aim = Aim::lag(1.2);
        aim.set_speed(1.2345);
        assert_eq!(aim.speed, 1.2345);
        aim.set_speed(aim.speed + POWER_STEP);
        assert!((aim.speed - 1.2445).abs() < 1e-12);
        let coach = Stroke::new(BallId::White, 12.0, 3.217);
        aim.take(&coach);
        assert_eq!(aim.stroke(BallId::White).speed, 3.217);
        aim.set_speed(20.0);
        assert_eq!(aim.speed, SPEED_RANGE.1);
        aim.set_speed(0.0);
        assert_eq!(aim.speed, SPEED_RANGE.0);
    }
}
