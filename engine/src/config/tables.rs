//! `tables.ron`: the playing-surface presets of rule 1 and the table's build.

use super::{ConfigError, Source, range::ranged};
use serde::Deserialize;

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablesConfig {
    /// Name of the preset used when none is chosen.
    pub default_preset: String,
    /// Playing surfaces, measured between the cushion noses.
    pub presets: Vec<TablePreset>,
    /// Height of the bed surface above the floor, mm (rule 1: 749).
    #[serde(deserialize_with = "bed_height_mm")]
    pub bed_height_mm: f64,
    pub cushion: CushionProfile,
    pub rail: RailConfig,
    pub diamonds: DiamondConfig,
    /// Distance of the head and foot strings from their cushions, as a fraction of the
    /// playing length (the spots lie on them, on the long axis).
    #[serde(deserialize_with = "string_fraction")]
    pub string_fraction: f64,
    /// Largest distance of the breaker's ball from the head spot along the head string,
    /// mm (rule 7: six inches).
    #[serde(deserialize_with = "break_offset_mm")]
    pub break_offset_mm: f64,
    /// The cloths on offer, the first the default.
    pub cloths: Vec<ClothColour>,
}

/// A cloth's colour as it looks on screen under the lamp, sRGB 0 ..= 1 each.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClothColour {
    pub name: String,
    /// The name in other languages.
    #[serde(default)]
    pub translated: crate::config::Translations,
    pub srgb: (f32, f32, f32),
}

super::translated!(ClothColour, TablePreset);

/// One playing surface of rule 1.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablePreset {
    pub name: String,
    /// The name in other languages.
    #[serde(default)]
    pub translated: crate::config::Translations,
    #[serde(deserialize_with = "width_mm")]
    pub width_mm: f64,
    #[serde(deserialize_with = "length_mm")]
    pub length_mm: f64,
}

/// The cushion's cross-section.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CushionProfile {
    /// Height of the nose above the bed for 61.5 mm balls, mm; scaled with the ball's
    /// diameter, so the contact stays ~11.7° above the ball's equator.
    #[serde(deserialize_with = "nose_height_mm")]
    pub nose_height_mm: f64,
    /// Depth of the cushion from its nose to the rail, mm.
    #[serde(deserialize_with = "cushion_width_mm")]
    pub width_mm: f64,
}

/// The wooden rails around the cushions.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RailConfig {
    /// Width of the rail top beyond the cushion, mm.
    #[serde(deserialize_with = "rail_width_mm")]
    pub width_mm: f64,
    /// Height of the rail top (and the cushion's top) above the bed, mm.
    #[serde(deserialize_with = "rail_height_mm")]
    pub height_mm: f64,
}

/// The diamonds on the rail tops, counted as the intervals they divide each rail into.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiamondConfig {
    pub long_intervals: u32,
    pub short_intervals: u32,
}

ranged! {
    bed_height_mm: 700.0 ..= 800.0, " mm (rule 1: 749)";
    string_fraction: 0.2 ..= 0.3, "";
    break_offset_mm: 0.0 ..= 152.4, " mm (rule 7)";
    width_mm: 1382.0 ..= 1536.0, " mm (rule 1)";
    length_mm: 2764.0 ..= 3072.0, " mm (rule 1)";
    nose_height_mm: 36.0 ..= 38.0, " mm";
    cushion_width_mm as "width_mm": 30.0 ..= 80.0, " mm";
    rail_width_mm as "width_mm": 50.0 ..= 200.0, " mm";
    rail_height_mm as "height_mm": 38.0 ..= 60.0, " mm";
}

impl TablesConfig {
    /// The preset of that name.
    pub fn preset(&self, name: &str) -> Option<&TablePreset> {
        self.presets.iter().find(|p| p.name == name)
    }

    /// The cloth of that name, else the first (the settings may name one that a config
    /// folder no longer has).
    pub fn cloth(&self, name: &str) -> &ClothColour {
        self.cloths
            .iter()
            .find(|c| c.name == name)
            .unwrap_or(&self.cloths[0])
    }

    /// Checks what spans fields: names unique, the default present, tables twice as long
    /// as wide (rule 1), a rail no lower than the cushion's nose.
    pub(super) fn check(&self, source: &Source) -> Result<(), ConfigError> {
        let names: Vec<&str> = self.presets.iter().map(|p| p.name.as_str()).collect();
        if names.is_empty() {
            return Err(source.error_at(
                &["presets"],
                "`presets` is empty: at least one table is needed",
            ));
        }
        for (i, name) in names.iter().enumerate() {
            if names[..i].contains(name) {
                let quoted = format!("\"{name}\"");
                return Err(source.error_at(
                    &["presets", &quoted, &quoted],
                    format!("`presets`: the name \"{name}\" is used twice"),
                ));
            }
        }
        if self.preset(&self.default_preset).is_none() {
            return Err(source.error_at(
                &["default_preset"],
                format!(
                    "`default_preset` is \"{}\", which is not one of the presets: {}",
                    self.default_preset,
                    names.join(", ")
                ),
            ));
        }
        for p in &self.presets {
            if (p.length_mm - 2.0 * p.width_mm).abs() > 2.0 {
                return Err(source.error_at(
                    &["presets", &format!("\"{}\"", p.name), "length_mm"],
                    format!(
                        "preset \"{}\": `length_mm` ({}) must be twice `width_mm` ({}) within 2 mm (rule 1)",
                        p.name, p.length_mm, p.width_mm
                    ),
                ));
            }
        }
        if self.cloths.is_empty() {
            return Err(source.error_at(&["cloths"], "`cloths` is empty: at least one is needed"));
        }
        for c in &self.cloths {
            let (r, g, b) = c.srgb;
            if [r, g, b].iter().any(|v| !(0.0..=1.0).contains(v)) {
                return Err(source.error_at(
                    &["cloths", &format!("\"{}\"", c.name), "srgb"],
                    format!(
                        "cloth \"{}\": `srgb` is ({r}, {g}, {b}); each part is allowed 0 ..= 1",
                        c.name
                    ),
                ));
            }
        }
        if self.rail.height_mm < self.cushion.nose_height_mm {
            return Err(source.error_at(
                &["rail", "height_mm"],
                format!(
                    "`rail.height_mm` ({}) must be at least `cushion.nose_height_mm` ({})",
                    self.rail.height_mm, self.cushion.nose_height_mm
                ),
            ));
        }
        for (field, n) in [
            ("long_intervals", self.diamonds.long_intervals),
            ("short_intervals", self.diamonds.short_intervals),
        ] {
            if !(2..=16).contains(&n) {
                return Err(source.error_at(
                    &["diamonds", field],
                    format!("`diamonds.{field}` is {n}, outside its allowed range 2 ..= 16"),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Config;

    fn tables_with(replace: &str, by: &str) -> Result<Config, String> {
        let dir =
            crate::test_support::fresh_dir(&format!("config-tables-{}", by.len() + replace.len()));
        let text = include_str!("../../../config/tables.ron").replacen(replace, by, 1);
        assert_ne!(
            text,
            include_str!("../../../config/tables.ron"),
            "{replace} not found"
        );
        std::fs::write(dir.join("tables.ron"), text).unwrap();
        Config::load(Some(&dir)).map_err(|e| e.to_string())
    }

    #[test]
    fn the_default_preset_must_exist() {
        let err = tables_with("default_preset: \"match\"", "default_preset: \"huge\"").unwrap_err();
        assert!(err.contains("`default_preset` is \"huge\""), "{err}");
    }

    #[test]
    fn a_table_must_be_twice_as_long_as_wide() {
        let err = tables_with("length_mm: 2840.0", "length_mm: 2900.0").unwrap_err();
        assert!(err.contains("must be twice `width_mm`"), "{err}");
    }

    #[test]
    fn a_cloth_colour_outside_srgb_is_refused() {
        let err = tables_with("srgb: (0.12,", "srgb: (1.5,").unwrap_err();
        assert!(err.contains("each part is allowed 0 ..= 1"), "{err}");
    }

    #[test]
    fn a_table_outside_rule_1_is_refused_with_its_line() {
        let err = tables_with("width_mm: 1420.0", "width_mm: 1200.0").unwrap_err();
        assert!(
            err.contains("`width_mm` is 1200, outside its allowed range 1382 ..= 1536 mm (rule 1)"),
            "{err}"
        );
        assert!(err.contains("tables.ron:"), "{err}");
    }
}
