//! `cue.ron`: the cue stick (rule 1) and its tip, as the stroke model uses them.

use super::range::ranged;
use super::{ConfigError, Source};
use serde::Deserialize;

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CueConfig {
    /// Mass of the whole cue, g (rule 1: 480–520).
    #[serde(deserialize_with = "mass_g")]
    pub mass_g: f64,
    /// Length, mm (rule 1: 1350–1500).
    #[serde(deserialize_with = "length_mm")]
    pub length_mm: f64,
    /// Radius of the tip, mm; also the shaft's radius at the tip.
    #[serde(deserialize_with = "tip_radius_mm")]
    pub tip_radius_mm: f64,
    /// Radius of the butt, mm.
    #[serde(deserialize_with = "butt_radius_mm")]
    pub butt_radius_mm: f64,
    /// Tip–ball friction. It also sets the miscue limit: a tip offset beyond
    /// sin(atan(friction)) of the radius slips.
    #[serde(deserialize_with = "tip_friction")]
    pub tip_friction: f64,
    /// Tip–ball coefficient of restitution.
    #[serde(deserialize_with = "tip_restitution")]
    pub tip_restitution: f64,
    /// Effective mass of the shaft's end, g: what makes side spin squirt the ball.
    #[serde(deserialize_with = "end_mass_g")]
    pub end_mass_g: f64,
    /// How long the tip stays on the ball in a normal stroke, ms (rules 13, 14).
    #[serde(deserialize_with = "tip_contact_ms")]
    pub tip_contact_ms: f64,
    /// How far the cue travels on after the strike before the player's arm stops it, mm.
    #[serde(deserialize_with = "follow_through_mm")]
    pub follow_through_mm: f64,
    /// The same for a short stroke, which players use when the balls are close.
    #[serde(deserialize_with = "short_follow_through_mm")]
    pub short_follow_through_mm: f64,
    /// The longest the follow-through lasts, ms: a soft stroke's cue stops within this
    /// even when it has not gone its full distance.
    #[serde(deserialize_with = "follow_through_ms")]
    pub follow_through_ms: f64,
}

ranged! {
    mass_g: 480.0 ..= 520.0, " g (rule 1)";
    length_mm: 1350.0 ..= 1500.0, " mm (rule 1)";
    tip_radius_mm: 4.0 ..= 8.0, " mm";
    butt_radius_mm: 10.0 ..= 20.0, " mm";
    tip_friction: 0.3 ..= 0.9, "";
    tip_restitution: 0.5 ..= 0.9, "";
    end_mass_g: 2.0 ..= 40.0, " g";
    tip_contact_ms: 0.5 ..= 3.0, " ms";
    follow_through_mm: 0.0 ..= 300.0, " mm";
    short_follow_through_mm: 0.0 ..= 300.0, " mm";
    follow_through_ms: 50.0 ..= 1000.0, " ms";
}

impl CueConfig {
    /// Checks what spans fields: a short stroke no longer than a full one.
    pub(super) fn check(&self, source: &Source) -> Result<(), ConfigError> {
        if self.short_follow_through_mm > self.follow_through_mm {
            return Err(source.error_at(
                &["short_follow_through_mm"],
                format!(
                    "`short_follow_through_mm` ({}) must be at most `follow_through_mm` ({})",
                    self.short_follow_through_mm, self.follow_through_mm
                ),
            ));
        }
        Ok(())
    }

    /// Mass, kg.
    pub fn mass(&self) -> f64 {
        self.mass_g / 1000.0
    }

    /// The largest tip offset, as a fraction of the ball's radius, that does not miscue.
    pub fn miscue_limit(&self) -> f64 {
        self.tip_friction.atan().sin()
    }
}
