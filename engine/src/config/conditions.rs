//! Table conditions (issue 56): the cloth and cushions of a real table, each a preset
//! of `physics.ron`'s `conditions` that replaces its fitted `cloth` or `cushion` section
//! with figures inside the same validated ranges. The fitted physics (no condition) is
//! the one the computer's levels and the exam were measured on.

use super::physics::{ClothConfig, CushionConfig, PhysicsConfig};
use super::{Config, ConfigError, Source, UnknownKey};
use serde::Deserialize;

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

crate::config::translated!(Condition);

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

impl Config {
    /// This config with the table condition `key` in place of the fitted cloth and
    /// cushions (None: as it is).
    pub fn with_condition(&self, key: Option<&str>) -> Result<Config, UnknownKey> {
        let mut config = self.clone();
        if let Some(key) = key {
            let condition = self.physics.condition(key)?;
            if let Some(cloth) = &condition.cloth {
                config.physics.cloth = cloth.clone();
            }
            if let Some(cushion) = &condition.cushion {
                config.physics.cushion = cushion.clone();
            }
        }
        Ok(config)
    }
}
