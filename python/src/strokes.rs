//! The strokes Python plays: Carom's (the cue ball's launch speed, tip offset and cue
//! elevation) and pooltool's (`V0` the cue's speed, `phi`, `theta`, `a`, `b`), the latter
//! taken through pooltool's published strike model to a launch velocity and spin.

use crate::args::{self, bad};
use carom_engine::math::DVec3;
use carom_engine::shot::{self, BallId};
use pyo3::prelude::*;
use std::fmt::Display;

/// A cue stroke in Carom's terms (the table frame: +x along the long axis toward the
/// foot cushion, +y to the left seen from the head end, origin at the bed's centre).
///
/// Args:
///     ball: the cue ball, ``"white"`` or ``"dotted"`` (``"red"`` only outside a game).
///     direction_deg: the aim, degrees counter-clockwise from +x.
///     speed: the cue ball's launch speed, m/s (0 < speed ≤ 15; a hard break is ~9).
///     side: the tip's offset right (+) of the ball's centre, as a fraction of the radius.
///     height: the tip's offset above (+) the centre, as a fraction of the radius
///         (side² + height² < 1; beyond about 0.6 the tip may miscue).
///     elevation_deg: the cue's elevation above horizontal, degrees (0 to 89).
#[pyclass(frozen, module = "carom", get_all)]
#[derive(Clone, Debug)]
pub struct Stroke {
    /// The cue ball's name.
    pub ball: String,
    /// The aim, degrees counter-clockwise from +x.
    pub direction_deg: f64,
    /// The cue ball's launch speed, m/s.
    pub speed: f64,
    /// The tip's offset right (+) of centre, fraction of the radius.
    pub side: f64,
    /// The tip's offset above (+) centre, fraction of the radius.
    pub height: f64,
    /// The cue's elevation above horizontal, degrees.
    pub elevation_deg: f64,
}

#[pymethods]
impl Stroke {
    #[new]
    #[pyo3(signature = (ball, direction_deg, speed, side = 0.0, height = 0.0, elevation_deg = 0.0))]
    fn new(
        ball: &str,
        direction_deg: f64,
        speed: f64,
        side: f64,
        height: f64,
        elevation_deg: f64,
    ) -> PyResult<Stroke> {
        let stroke = Stroke {
            ball: ball.to_owned(),
            direction_deg,
            speed,
            side,
            height,
            elevation_deg,
        };
        stroke.engine("stroke")?;
        Ok(stroke)
    }

    fn __repr__(&self) -> String {
        format!(
            "Stroke(ball={:?}, direction_deg={}, speed={}, side={}, height={}, elevation_deg={})",
            self.ball, self.direction_deg, self.speed, self.side, self.height, self.elevation_deg
        )
    }
}

impl Stroke {
    /// The engine's stroke, checked; errors name `argument`.
    pub fn engine(&self, argument: &str) -> PyResult<shot::Stroke> {
        let ball = args::ball(&format!("{argument}.ball"), &self.ball)?;
        carom_stroke(
            argument,
            ball,
            [
                self.direction_deg,
                self.speed,
                self.side,
                self.height,
                self.elevation_deg,
            ],
        )
    }
}

/// The engine's stroke of `ball` from the five numbers of a stroke row (direction_deg,
/// speed, side, height, elevation_deg), checked; errors name `argument`.
pub fn carom_stroke(argument: impl Display, ball: BallId, row: [f64; 5]) -> PyResult<shot::Stroke> {
    let [direction_deg, speed, side, height, elevation_deg] = row;
    let stroke = shot::Stroke {
        side,
        height,
        elevation_deg,
        ..shot::Stroke::new(ball, direction_deg, speed)
    };
    stroke.validate().map_err(|e| bad(argument, e))?;
    Ok(stroke)
}

/// pooltool's cue: its mass and the mass of its tip end (for squirt), kg. pooltool
/// 0.6's defaults.
pub const POOLTOOL_CUE_MASS: f64 = 0.567;
pub const POOLTOOL_END_MASS: f64 = 0.170097 / 30.0;

/// A stroke in pooltool's terms (pooltool 0.6, `System.strike`), played in Carom as the
/// launch pooltool's instantaneous-point strike model gives it (Dr. Dave Alciatore's
/// technical proofs: the launch, the spin and the squirt).
///
/// Args:
///     V0: the cue's speed at impact, m/s (pooltool's; Carom's ``speed`` is the ball's:
///         a centre-ball hit launches the ball at about 1.45 × V0).
///     phi: the aim, degrees counter-clockwise from pooltool's +x axis (the table's
///         short side; see ``carom.pooltool`` for the frames): Carom's
///         ``direction_deg = phi - 90``.
///     theta: the cue's elevation, degrees (0 to 89).
///     a: the contact's offset across the ball as a fraction of the radius, + to the
///         left of the aim (pooltool's sign: Carom's ``side`` ≈ −a).
///     b: the offset above (+) the centre as a fraction of the radius (a² + b² < 1).
///     ball: the ball struck.
///     cue_mass, end_mass: the cue's mass and its tip end's effective mass, kg.
///     english_throttle, squirt_throttle: pooltool's scales of the spin and the squirt.
#[pyclass(frozen, module = "carom", get_all)]
#[derive(Clone, Debug)]
#[allow(non_snake_case)]
pub struct PooltoolStroke {
    /// The cue's speed at impact, m/s.
    pub V0: f64,
    /// The aim, degrees counter-clockwise from pooltool's +x (Carom's direction + 90).
    pub phi: f64,
    /// The cue's elevation, degrees.
    pub theta: f64,
    /// The contact's offset to the left (+) of centre, fraction of the radius.
    pub a: f64,
    /// The contact's offset above (+) centre, fraction of the radius.
    pub b: f64,
    /// The ball struck.
    pub ball: String,
    /// The cue's mass, kg.
    pub cue_mass: f64,
    /// The effective mass of the cue's tip end (for the squirt), kg.
    pub end_mass: f64,
    /// pooltool's scale of the spin.
    pub english_throttle: f64,
    /// pooltool's scale of the squirt.
    pub squirt_throttle: f64,
}

#[pymethods]
#[allow(non_snake_case)]
impl PooltoolStroke {
    #[new]
    #[pyo3(signature = (V0, phi, theta = 0.0, a = 0.0, b = 0.0, ball = "white", cue_mass = POOLTOOL_CUE_MASS, end_mass = POOLTOOL_END_MASS, english_throttle = 1.0, squirt_throttle = 1.0))]
    fn new(
        V0: f64,
        phi: f64,
        theta: f64,
        a: f64,
        b: f64,
        ball: &str,
        cue_mass: f64,
        end_mass: f64,
        english_throttle: f64,
        squirt_throttle: f64,
    ) -> PyResult<PooltoolStroke> {
        let stroke = PooltoolStroke {
            V0,
            phi,
            theta,
            a,
            b,
            ball: ball.to_owned(),
            cue_mass,
            end_mass,
            english_throttle,
            squirt_throttle,
        };
        stroke.cue("stroke")?;
        args::ball("stroke.ball", ball)?;
        Ok(stroke)
    }

    fn __repr__(&self) -> String {
        format!(
            "PooltoolStroke(V0={}, phi={}, theta={}, a={}, b={}, ball={:?})",
            self.V0, self.phi, self.theta, self.a, self.b, self.ball
        )
    }
}

impl PooltoolStroke {
    /// Its numbers, checked; errors name `argument`.
    pub fn cue(&self, argument: &str) -> PyResult<PooltoolCue> {
        let cue = PooltoolCue {
            v0: self.V0,
            phi_deg: self.phi,
            theta_deg: self.theta,
            a: self.a,
            b: self.b,
            cue_mass: args::within(
                format_args!("{argument}.cue_mass"),
                self.cue_mass,
                0.05,
                5.0,
                " kg",
            )?,
            end_mass: args::within(
                format_args!("{argument}.end_mass"),
                self.end_mass,
                1e-4,
                1.0,
                " kg",
            )?,
            english_throttle: args::within(
                format_args!("{argument}.english_throttle"),
                self.english_throttle,
                0.0,
                10.0,
                "",
            )?,
            squirt_throttle: args::within(
                format_args!("{argument}.squirt_throttle"),
                self.squirt_throttle,
                0.0,
                10.0,
                "",
            )?,
        };
        cue.check(argument)?;
        Ok(cue)
    }
}

/// pooltool's five stroke numbers and its cue.
#[derive(Clone, Copy, Debug)]
pub struct PooltoolCue {
    pub v0: f64,
    pub phi_deg: f64,
    pub theta_deg: f64,
    pub a: f64,
    pub b: f64,
    pub cue_mass: f64,
    pub end_mass: f64,
    pub english_throttle: f64,
    pub squirt_throttle: f64,
}

/// The fastest cue pooltool's stroke may have here, m/s: its launch stays under
/// Carom's fastest (15 m/s), as a centre hit launches at most twice the cue's speed.
pub const MAX_V0: f64 = 7.5;

impl PooltoolCue {
    /// A stroke row's numbers (V0, phi, theta, a, b) with pooltool's cue.
    pub fn from_row(row: [f64; 5]) -> PooltoolCue {
        let [v0, phi_deg, theta_deg, a, b] = row;
        PooltoolCue {
            v0,
            phi_deg,
            theta_deg,
            a,
            b,
            cue_mass: POOLTOOL_CUE_MASS,
            end_mass: POOLTOOL_END_MASS,
            english_throttle: 1.0,
            squirt_throttle: 1.0,
        }
    }

    pub fn check(&self, argument: impl Display) -> PyResult<()> {
        args::within(format_args!("{argument}.V0"), self.v0, 1e-6, MAX_V0, " m/s")?;
        args::finite(format_args!("{argument}.phi"), self.phi_deg)?;
        args::within(
            format_args!("{argument}.theta"),
            self.theta_deg,
            0.0,
            shot::MAX_ELEVATION_DEG,
            "°",
        )?;
        args::finite(format_args!("{argument}.a"), self.a)?;
        args::finite(format_args!("{argument}.b"), self.b)?;
        // The contact point's depth must be real (and without `hypot`, slow beside the
        // rest of a batch's check). Never NaN: a and b are finite here.
        if self.depth_squared() <= 0.0 {
            return Err(bad(
                argument,
                format!(
                    "a = {}, b = {} lies off the ball; a² + b² must be under 1",
                    self.a, self.b
                ),
            ));
        }
        Ok(())
    }

    /// The square of the contact point's depth behind the ball's face, as a fraction of
    /// the radius: 1 − a² − b², which must be positive for the tip to touch the ball.
    fn depth_squared(&self) -> f64 {
        1.0 - self.a * self.a - self.b * self.b
    }

    /// The ball's launch velocity (m/s) and spin (rad/s) in Carom's table frame, for a
    /// ball of `mass` kg and `radius` m: pooltool's instantaneous-point strike.
    pub fn launch(&self, mass: f64, radius: f64) -> (DVec3, DVec3) {
        let theta = self.theta_deg.to_radians();
        let (sin_t, cos_t) = theta.sin_cos();
        // The contact point in the ball's frame (x across, y back along the cue, z up),
        // as fractions of the radius, from the cue's offsets (a, b) turned by theta.
        let c = self.depth_squared().sqrt();
        let across = self.a * radius;
        let back = (cos_t * c - sin_t * self.b) * radius;
        let up = (sin_t * c + cos_t * self.b) * radius;
        // The moment of inertia over the mass.
        let i_m = 0.4 * radius * radius;
        let lever = across * across + (up * cos_t).powi(2) + (back * sin_t).powi(2)
            - 2.0 * up * back * cos_t * sin_t;
        let v = 2.0 * self.v0 / (1.0 + mass / self.cue_mass + lever / i_m);
        let vel = DVec3::new(0.0, -v * cos_t, 0.0);
        let spin = v / i_m
            * DVec3::new(-back * sin_t + up * cos_t, across * sin_t, -across * cos_t)
            * self.english_throttle;
        // The ball frame's -y is the aim: turn it to phi in pooltool's table frame, and
        // the launch by the squirt angle.
        let squirt = {
            let a = self.a;
            let along = 1.0 - a * a;
            -self.squirt_throttle
                * (2.5 * a * along.sqrt()).atan2(1.0 + mass / self.end_mass + 2.5 * along)
        };
        // Both turned by the aim: its sine and cosine worked out once.
        let aim = (self.phi_deg.to_radians() + std::f64::consts::FRAC_PI_2).sin_cos();
        let vel = turn(turn(vel, aim), squirt.sin_cos());
        let spin = turn(spin, aim);
        (from_pooltool(vel), from_pooltool(spin))
    }
}

/// `v` turned counter-clockwise about the vertical by the angle whose sine and cosine
/// are `(s, c)`.
fn turn(v: DVec3, (s, c): (f64, f64)) -> DVec3 {
    DVec3::new(c * v.x - s * v.y, s * v.x + c * v.y, v.z)
}

/// A vector of pooltool's table frame (x across the table, y along it) in Carom's (x
/// along, y across): Carom's x is pooltool's y, Carom's y is pooltool's −x.
fn from_pooltool(v: DVec3) -> DVec3 {
    DVec3::new(v.y, -v.x, v.z)
}

/// The ball a stroke argument names, checked.
pub fn stroke_ball(argument: &str, name: &str) -> PyResult<BallId> {
    args::ball(&format!("{argument}.ball"), name)
}
