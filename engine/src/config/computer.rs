//! `computer.ron`: the computer player's skill levels (an execution error and a search
//! budget each) and the grid of strokes its search starts from.

use super::range::ranged;
use super::{ConfigError, Keyed, Source, UnknownKey};
use serde::Deserialize;

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputerConfig {
    /// The coach's level (a key of `levels`).
    pub coach: String,
    pub grid: Grid,
    /// Weakest first.
    pub levels: Vec<Level>,
}

/// The strokes tried in every direction of the scan.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    /// Launch speeds, m/s.
    pub speeds: Vec<f64>,
    /// Tip offsets (side, height), fractions of the radius.
    pub tips: Vec<(f64, f64)>,
}

/// One skill level.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// What menus and the command line call it (`master`).
    pub key: String,
    /// What players read (`Master`).
    pub name: String,
    /// The name in other languages.
    #[serde(default)]
    pub translated: crate::config::Translations,
    /// The three-cushion general average the level is tuned to play (its name says it);
    /// None for a level off the ladder (perfect).
    pub ladder: Option<f64>,
    /// Its general average in each game as `carom calibrate` measured it (self-play
    /// from the break), by key of games.ron.
    #[serde(default)]
    pub measured: std::collections::BTreeMap<String, f64>,
    /// Drawn at every stroke.
    pub error: Spread,
    /// Grid strokes tried once each, without error.
    pub scan: u32,
    /// The best of those rated again under the error...
    pub finalists: u32,
    /// ... this many times each.
    pub samples: u32,
    /// How much the lay-out left after a count weighs against the chance of scoring.
    #[serde(deserialize_with = "leave_weight")]
    pub leave_weight: f64,
    /// Strokes tried from a lay-out to rate how easy it is.
    pub leave_scan: u32,
    /// Below this chance of scoring, play safe (0: never).
    #[serde(deserialize_with = "safety_below")]
    pub safety_below: f64,
}

super::translated!(Level);

/// Standard deviations of the execution error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spread {
    #[serde(deserialize_with = "aim_deg")]
    pub aim_deg: f64,
    /// Relative to the speed.
    #[serde(deserialize_with = "speed")]
    pub speed: f64,
    /// Of each tip offset, fraction of the radius.
    #[serde(deserialize_with = "tip")]
    pub tip: f64,
    #[serde(deserialize_with = "elevation_deg")]
    pub elevation_deg: f64,
}

ranged! {
    leave_weight: 0.0 ..= 10.0, "";
    safety_below: 0.0 ..= 1.0, " (a chance)";
    aim_deg: 0.0 ..= 10.0, "°";
    speed: 0.0 ..= 0.5, " (relative)";
    tip: 0.0 ..= 0.5, " (fraction of the radius)";
    elevation_deg: 0.0 ..= 10.0, "°";
}

/// The most grid strokes a level may scan or rate, so that no decision takes minutes.
const MAX_STROKES: u32 = 200_000;

impl ComputerConfig {
    /// The level called `key`.
    pub fn level(&self, key: &str) -> Result<&Level, UnknownKey> {
        self.levels.iter().find(|l| l.key == key).ok_or_else(|| {
            let keys = self.levels.iter().map(|l| l.key.as_str());
            UnknownKey::new(Keyed::ComputerLevel, key, keys)
        })
    }

    /// The coach's level.
    pub fn coach(&self) -> &Level {
        self.level(&self.coach)
            .expect("checked: the coach is a level")
    }

    pub(super) fn check(&self, source: &Source) -> Result<(), ConfigError> {
        if self.grid.speeds.is_empty() || self.grid.tips.is_empty() {
            return Err(source.error_at(
                &["grid"],
                "`grid` needs at least one speed and one tip offset",
            ));
        }
        if let Some(v) = self.grid.speeds.iter().find(|v| !(0.1..=10.0).contains(*v)) {
            return Err(source.error_at(
                &["grid", "speeds"],
                format!("`grid.speeds` has {v} m/s; allowed 0.1 ..= 10"),
            ));
        }
        if let Some((s, h)) = self.grid.tips.iter().find(|(s, h)| s * s + h * h > 0.36) {
            return Err(source.error_at(
                &["grid", "tips"],
                format!(
                    "`grid.tips` has ({s}, {h}), off the ball's playable face: side² + height² must be at most 0.36"
                ),
            ));
        }
        if self.levels.is_empty() {
            return Err(source.error_at(&["levels"], "`levels` is empty"));
        }
        for (i, level) in self.levels.iter().enumerate() {
            let at = |field: &str, message: String| {
                source.error_at(
                    &["levels", "key", &format!("\"{}\"", level.key), field],
                    format!("level \"{}\": {message}", level.key),
                )
            };
            if self.levels[..i].iter().any(|l| l.key == level.key) {
                return Err(at("key", "the key is used twice".into()));
            }
            for (field, value, lo) in [
                ("scan", level.scan, 1),
                ("finalists", level.finalists, 1),
                ("samples", level.samples, 1),
                ("leave_scan", level.leave_scan, 0),
            ] {
                if !(lo..=MAX_STROKES).contains(&value) {
                    return Err(at(
                        field,
                        format!("`{field}` is {value}; allowed {lo} ..= {MAX_STROKES}"),
                    ));
                }
            }
            if let Some(average) = level.ladder {
                let below = self.levels[..i].iter().rev().find_map(|l| l.ladder);
                if !(average > below.unwrap_or(0.0) && average <= 100.0) {
                    return Err(at(
                        "ladder",
                        format!(
                            "`ladder` is {average}; allowed above the level below's ({}) and at most 100 points an inning",
                            below.unwrap_or(0.0)
                        ),
                    ));
                }
            }
            if let Some((game, v)) = level
                .measured
                .iter()
                .find(|(_, v)| !(0.0..=1e6).contains(*v))
            {
                return Err(at(
                    "measured",
                    format!(
                        "`measured` has {v} for \"{game}\"; allowed 0 ..= 1000000 points an inning"
                    ),
                ));
            }
            if level.leave_weight > 0.0 && level.leave_scan == 0 {
                return Err(at(
                    "leave_scan",
                    "`leave_weight` is above 0, so `leave_scan` must be at least 1".into(),
                ));
            }
        }
        if let Err(message) = self.level(&self.coach) {
            return Err(source.error_at(&["coach"], format!("`coach`: {message}")));
        }
        Ok(())
    }
}
