//! `physics.ron`: the parameters of the billiards models (see PHYSICS.md for sources),
//! and the table conditions that replace its cloth or cushions.

use super::range::ranged;
use super::{ConfigError, Source, UnknownKey};
use serde::Deserialize;

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhysicsConfig {
    /// Gravity, m/s².
    #[serde(deserialize_with = "gravity_m_s2")]
    pub gravity_m_s2: f64,
    pub cloth: ClothConfig,
    pub ball_ball: BallBallConfig,
    pub cushion: CushionConfig,
    pub slate: SlateConfig,
    pub step: StepConfig,
    /// Table conditions (issue 56): a real table's cloth and cushions, each a preset
    /// in place of the fitted `cloth` or `cushion` with figures inside the same ranges;
    /// absent: none. The computer's levels and the exam were measured on the fitted
    /// physics.
    #[serde(default)]
    pub conditions: Vec<Condition>,
}

/// One table condition.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    /// What a saved match, a table's terms and the command line name it by.
    pub key: String,
    pub name: String,
    #[serde(default)]
    pub translated: crate::config::Translations,
    /// The cloth in place of the fitted one; absent: the fitted cloth.
    #[serde(default)]
    pub cloth: Option<ClothConfig>,
    /// The cushions in place of the fitted ones; absent: the fitted cushions.
    #[serde(default)]
    pub cushion: Option<CushionConfig>,
}

super::translated!(Condition);

/// Ball on the cloth.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClothConfig {
    /// Sliding friction ball–cloth.
    #[serde(deserialize_with = "mu_slide")]
    pub mu_slide: f64,
    /// Rolling resistance: a rolling ball decelerates at mu_roll·g.
    #[serde(deserialize_with = "mu_roll")]
    pub mu_roll: f64,
    /// Deceleration of the spin about the vertical axis, rad/s².
    #[serde(deserialize_with = "spin_decel_rad_s2")]
    pub spin_decel_rad_s2: f64,
}

/// Ball against ball.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BallBallConfig {
    #[serde(deserialize_with = "ball_restitution")]
    pub restitution: f64,
    /// Friction μ(v) = a + b·exp(−c·v), v the sliding speed at the contact, m/s
    /// (TP A.14's fit of Marlow's data).
    #[serde(deserialize_with = "friction_a")]
    pub friction_a: f64,
    #[serde(deserialize_with = "friction_b")]
    pub friction_b: f64,
    /// c, s/m.
    #[serde(deserialize_with = "friction_c_s_m")]
    pub friction_c_s_m: f64,
}

/// Ball against cushion. Restitution depends on the normal speed v (Han 2005's fit):
/// e(v) = c0 + c1·v + c2·v², held within [min, max] and flat beyond its peak.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CushionConfig {
    /// How the impact is worked out.
    #[serde(default)]
    pub model: CushionModel,
    #[serde(deserialize_with = "restitution_c0")]
    pub restitution_c0: f64,
    /// c1, s/m.
    #[serde(deserialize_with = "restitution_c1_s_m")]
    pub restitution_c1_s_m: f64,
    /// c2, s²/m².
    #[serde(deserialize_with = "restitution_c2_s2_m2")]
    pub restitution_c2_s2_m2: f64,
    #[serde(deserialize_with = "restitution_min")]
    pub restitution_min: f64,
    #[serde(deserialize_with = "restitution_max")]
    pub restitution_max: f64,
    #[serde(deserialize_with = "cushion_friction")]
    pub friction: f64,
}

/// The cushion's impact model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CushionModel {
    /// One impulse at the nose with Coulomb friction (Han 2005's setting).
    #[default]
    Impulse,
    /// The impact followed through its impulse, slipping at the nose and on the cloth
    /// (Mathavan, Jackson and Parkin 2010).
    Mathavan,
}

/// Ball against the slate (and the rail tops) when it bounces.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlateConfig {
    #[serde(deserialize_with = "slate_restitution")]
    pub restitution: f64,
    #[serde(deserialize_with = "slate_friction")]
    pub friction: f64,
}

/// How the simulation advances.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepConfig {
    /// Longest step of the rapier world while a ball is off the cloth (airborne, on a
    /// rail, on the floor), s; a fast ball takes shorter ones. On the cloth the motion is
    /// exact between contacts.
    #[serde(deserialize_with = "flight_step_s")]
    pub flight_step_s: f64,
    /// A bounce lower than this, mm, is not a flight: the ball stays on the cloth.
    #[serde(deserialize_with = "min_flight_height_mm")]
    pub min_flight_height_mm: f64,
    /// A stroke still moving after this much simulated time, s, is stopped (a guard,
    /// never reached by a real stroke).
    #[serde(deserialize_with = "max_stroke_s")]
    pub max_stroke_s: f64,
}

ranged! {
    gravity_m_s2: 9.7 ..= 9.9, " m/s²";
    mu_slide: 0.15 ..= 0.25, "";
    mu_roll: 0.004 ..= 0.01, "";
    spin_decel_rad_s2: 5.0 ..= 15.0, " rad/s²";
    ball_restitution as "restitution": 0.92 ..= 0.98, "";
    friction_a: 0.0 ..= 0.05, "";
    friction_b: 0.0 ..= 0.2, "";
    friction_c_s_m: 0.0 ..= 5.0, " s/m";
    restitution_c0: 0.0 ..= 1.0, "";
    restitution_c1_s_m: -1.0 ..= 1.0, " s/m";
    restitution_c2_s2_m2: -1.0 ..= 1.0, " s²/m²";
    restitution_min: 0.5 ..= 0.9, "";
    restitution_max: 0.6 ..= 0.95, "";
    cushion_friction as "friction": 0.14 ..= 0.25, "";
    slate_restitution as "restitution": 0.3 ..= 0.7, "";
    slate_friction as "friction": 0.1 ..= 0.4, "";
    flight_step_s: 0.0001 ..= 0.002, " s";
    min_flight_height_mm: 0.0 ..= 5.0, " mm";
    max_stroke_s: 10.0 ..= 600.0, " s";
}

impl PhysicsConfig {
    /// Checks what spans fields: the cushion's restitution bounds in order.
    pub(super) fn check(&self, source: &Source) -> Result<(), ConfigError> {
        let c = &self.cushion;
        if c.restitution_min > c.restitution_max {
            return Err(source.error_at(
                &["cushion", "restitution_max"],
                format!(
                    "`cushion.restitution_max` ({}) must be at least `cushion.restitution_min` ({})",
                    c.restitution_max, c.restitution_min
                ),
            ));
        }
        Ok(())
    }
}

impl PhysicsConfig {
    /// The condition of this key.
    pub fn condition(&self, key: &str) -> Result<&Condition, UnknownKey> {
        self.conditions
            .iter()
            .find(|c| c.key == key)
            .ok_or_else(|| {
                UnknownKey::new(
                    super::Keyed::Condition,
                    key,
                    self.conditions.iter().map(|c| c.key.as_str()),
                )
            })
    }

    /// Checks the conditions: each key once, each cushion's restitution bounds in
    /// order.
    pub(super) fn check_conditions(&self, source: &Source) -> Result<(), ConfigError> {
        for (i, condition) in self.conditions.iter().enumerate() {
            let quoted = format!("\"{}\"", condition.key);
            if self.conditions[..i].iter().any(|c| c.key == condition.key) {
                return Err(source.error_at(
                    &["conditions", &quoted, &quoted],
                    format!("condition `{}` is given twice", condition.key),
                ));
            }
            if let Some(c) = &condition.cushion
                && c.restitution_min > c.restitution_max
            {
                return Err(source.error_at(
                    &["conditions", &quoted, "restitution_max"],
                    format!(
                        "condition `{}`: `cushion.restitution_max` ({}) must be at least \
                         `cushion.restitution_min` ({})",
                        condition.key, c.restitution_max, c.restitution_min
                    ),
                ));
            }
        }
        Ok(())
    }
}

impl CushionConfig {
    /// Coefficient of restitution at a normal impact speed, m/s.
    pub fn restitution(&self, normal_speed: f64) -> f64 {
        let (c1, c2) = (self.restitution_c1_s_m, self.restitution_c2_s2_m2);
        // Past the parabola's peak the fit is held flat: faster is never bouncier there.
        let v = if c2 < 0.0 {
            normal_speed.min(-c1 / (2.0 * c2))
        } else {
            normal_speed
        };
        (self.restitution_c0 + c1 * v + c2 * v * v)
            .clamp(self.restitution_min, self.restitution_max)
    }
}

impl BallBallConfig {
    /// Ball–ball friction at a sliding speed at the contact, m/s.
    pub fn friction(&self, sliding_speed: f64) -> f64 {
        self.friction_a + self.friction_b * (-self.friction_c_s_m * sliding_speed).exp()
    }
}
