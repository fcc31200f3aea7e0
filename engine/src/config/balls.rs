//! `balls.ron`: size and mass of the balls (rule 1).

use super::range::ranged;
use serde::Deserialize;

/// The balls of the set; all balls are alike but for colour and markings.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BallConfig {
    /// Diameter, mm (rule 1: 61–62).
    #[serde(deserialize_with = "diameter_mm")]
    pub diameter_mm: f64,
    /// Mass, g (rule 1: 198–213).
    #[serde(deserialize_with = "mass_g")]
    pub mass_g: f64,
}

ranged! {
    diameter_mm: 61.0 ..= 62.0, " mm (rule 1)";
    mass_g: 198.0 ..= 213.0, " g (rule 1)";
}

impl BallConfig {
    /// Radius, m.
    pub fn radius(&self) -> f64 {
        self.diameter_mm / 2000.0
    }

    /// Mass, kg.
    pub fn mass(&self) -> f64 {
        self.mass_g / 1000.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::parse;

    #[test]
    fn a_ball_outside_rule_1_is_refused_with_its_position() {
        let err = parse::<BallConfig>("balls.ron", "(\n  diameter_mm: 57.2,\n  mass_g: 210.0,\n)")
            .unwrap_err();
        assert_eq!(err.position.map(|p| p.0), Some(2), "{err}");
        assert!(err.message.contains("diameter_mm"), "{err}");
        assert!(err.message.contains("61 ..= 62 mm (rule 1)"), "{err}");
    }

    #[test]
    fn nan_is_out_of_every_range() {
        assert!(parse::<BallConfig>("b", "(diameter_mm: NaN, mass_g: 210.0)").is_err());
    }

    #[test]
    fn an_unknown_field_is_named_with_the_allowed_ones() {
        let err =
            parse::<BallConfig>("b", "(diameter_mm: 61.5, mass_g: 210.0, colour: 1)").unwrap_err();
        assert!(err.message.contains("unknown field `colour`"), "{err}");
        assert!(err.message.contains("diameter_mm, mass_g"), "{err}");
    }

    #[test]
    fn a_missing_field_is_named() {
        let err = parse::<BallConfig>("b", "(diameter_mm: 61.5)").unwrap_err();
        assert!(err.message.contains("missing field `mass_g`"), "{err}");
    }
}
