//! Configuration: the serde types of `config/*.ron`, the defaults compiled into the
//! binary, loading from a config folder, and validation with clear errors.
//!
//! Every number is checked against its allowed range while the file is parsed, so an
//! error names the file, line:column, field and range. A file in the config folder
//! replaces the compiled-in default of the same name; files that are absent keep theirs.

mod balls;
mod computer;
pub mod controls;
mod cue;
mod error;
mod formats;
mod games;
mod physics;
pub mod range;
mod source;
mod tables;
mod translated;

pub use balls::BallConfig;
pub use computer::{ComputerConfig, Grid, Level, Spread};
pub use controls::{Action, Binding, ControlsConfig};
pub use cue::CueConfig;
pub use error::{ConfigError, Keyed, UnknownKey};
pub use formats::{Format, FormatsConfig, SetBreaks, Sets, ShotClock, TieBreak, TimeoutBand};
pub use games::{
    BalkRule, CountBalls, CountRule, GameRules, GamesConfig, Place, RedFirst, RefereeConfig, Role,
    SetupBall,
};
pub use physics::{
    BallBallConfig, ClothConfig, Condition, CushionConfig, CushionModel, PhysicsConfig,
    SlateConfig, StepConfig,
};
pub use source::{MAX_FILE_BYTES, Source, TextError, read_text};
pub use tables::{
    ClothColour, CushionProfile, DiamondConfig, RailConfig, TablePreset, TablesConfig,
};
pub(crate) use translated::translated;
pub use translated::{Translated, Translation, Translations, name_in, notes_in};

use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};

/// Everything the game reads from `config/`.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub tables: TablesConfig,
    pub balls: BallConfig,
    pub cue: CueConfig,
    pub physics: PhysicsConfig,
    pub controls: ControlsConfig,
    pub games: GamesConfig,
    pub computer: ComputerConfig,
    pub formats: FormatsConfig,
    /// The files as read, for errors that point into them.
    pub sources: Sources,
}

/// Each config file as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Sources {
    pub tables: Source,
    pub balls: Source,
    pub cue: Source,
    pub physics: Source,
    pub controls: Source,
    pub games: Source,
    pub computer: Source,
    pub formats: Source,
}

/// One config file: its name in the folder and its compiled-in default.
struct ConfigFile {
    name: &'static str,
    default_text: &'static str,
}

const TABLES: ConfigFile = ConfigFile {
    name: "tables.ron",
    default_text: include_str!("../../../config/tables.ron"),
};
const BALLS: ConfigFile = ConfigFile {
    name: "balls.ron",
    default_text: include_str!("../../../config/balls.ron"),
};
const CUE: ConfigFile = ConfigFile {
    name: "cue.ron",
    default_text: include_str!("../../../config/cue.ron"),
};
const PHYSICS: ConfigFile = ConfigFile {
    name: "physics.ron",
    default_text: include_str!("../../../config/physics.ron"),
};
const CONTROLS: ConfigFile = ConfigFile {
    name: "controls.ron",
    default_text: include_str!("../../../config/controls.ron"),
};
const GAMES: ConfigFile = ConfigFile {
    name: "games.ron",
    default_text: include_str!("../../../config/games.ron"),
};
const COMPUTER: ConfigFile = ConfigFile {
    name: "computer.ron",
    default_text: include_str!("../../../config/computer.ron"),
};
const FORMATS: ConfigFile = ConfigFile {
    name: "formats.ron",
    default_text: include_str!("../../../config/formats.ron"),
};

/// The names of the files a config folder may hold.
pub const FILE_NAMES: [&str; 8] = [
    TABLES.name,
    BALLS.name,
    CUE.name,
    PHYSICS.name,
    CONTROLS.name,
    GAMES.name,
    COMPUTER.name,
    FORMATS.name,
];

impl Config {
    /// The compiled-in defaults (the files in the repository's `config/`).
    pub fn defaults() -> Config {
        Config::load(None).expect("the compiled-in config files are valid (tested)")
    }

    /// Loads every file from `dir` where present there, else from the compiled-in
    /// defaults, and validates the whole.
    pub fn load(dir: Option<&Path>) -> Result<Config, ConfigError> {
        let sources = Sources {
            tables: read(dir, &TABLES)?,
            balls: read(dir, &BALLS)?,
            cue: read(dir, &CUE)?,
            physics: read(dir, &PHYSICS)?,
            controls: read(dir, &CONTROLS)?,
            games: read(dir, &GAMES)?,
            computer: read(dir, &COMPUTER)?,
            formats: read(dir, &FORMATS)?,
        };
        let config = Config {
            tables: parse_source(&sources.tables)?,
            balls: parse_source(&sources.balls)?,
            cue: parse_source(&sources.cue)?,
            physics: parse_source(&sources.physics)?,
            controls: parse_source(&sources.controls)?,
            games: parse_source(&sources.games)?,
            computer: parse_source(&sources.computer)?,
            formats: parse_source(&sources.formats)?,
            sources,
        };
        config.tables.check(&config.sources.tables)?;
        config.cue.check(&config.sources.cue)?;
        config.physics.check(&config.sources.physics)?;
        config.physics.check_conditions(&config.sources.physics)?;
        config.controls.check(&config.sources.controls)?;
        config.games.check(&config.sources.games)?;
        config.computer.check(&config.sources.computer)?;
        config
            .formats
            .check(&config.sources.formats, &config.games)?;
        config.check_push_threshold()?;
        Ok(config)
    }

    /// Rule 14 across files: a push is a tip contact longer than a normal stroke's.
    fn check_push_threshold(&self) -> Result<(), ConfigError> {
        if self.games.referee.push_contact_ms <= self.cue.tip_contact_ms {
            return Err(self.sources.games.error_at(
                &["referee", "push_contact_ms"],
                format!(
                    "`referee.push_contact_ms` ({}) must exceed the normal stroke's tip contact, \
                     `tip_contact_ms` of cue.ron ({}), or every stroke is a push (rule 14)",
                    self.games.referee.push_contact_ms, self.cue.tip_contact_ms
                ),
            ));
        }
        Ok(())
    }

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

    /// The folder to read: the one given, else `./config` when it exists, else none
    /// (compiled-in defaults only).
    pub fn folder(explicit: Option<PathBuf>) -> Option<PathBuf> {
        explicit.or_else(|| {
            let local = PathBuf::from("config");
            local.is_dir().then_some(local)
        })
    }
}

/// Where a file's text comes from, as error messages name it.
fn source_name(dir: Option<&Path>, file: &ConfigFile) -> String {
    match dir.map(|d| d.join(file.name)) {
        Some(path) if path.exists() => path.display().to_string(),
        _ => format!("<built-in {}>", file.name),
    }
}

fn read(dir: Option<&Path>, file: &ConfigFile) -> Result<Source, ConfigError> {
    let name = source_name(dir, file);
    let text = match dir.map(|d| d.join(file.name)) {
        Some(path) if path.exists() => read_text(&path).map_err(|e| {
            let why = match e {
                TextError::Io(e) => format!("cannot be read: {e}"),
                TextError::TooLarge { bytes } => {
                    format!("{bytes} bytes; a config file holds at most {MAX_FILE_BYTES}")
                }
            };
            ConfigError::whole_file(&name, why)
        })?,
        _ => file.default_text.to_owned(),
    };
    Ok(Source { name, text })
}

fn parse_source<T: DeserializeOwned>(source: &Source) -> Result<T, ConfigError> {
    parse(&source.name, &source.text)
}

/// Parses one RON text; errors carry the file name and position. Optional fields may
/// be written without `Some(...)`.
pub fn parse<T: DeserializeOwned>(file_name: &str, text: &str) -> Result<T, ConfigError> {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .map_err(|e| ConfigError::from_ron(file_name, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::fresh_dir;

    #[test]
    fn compiled_in_defaults_are_valid() {
        let config = Config::load(None).unwrap();
        assert_eq!(config.balls.diameter_mm, 61.5);
        assert_eq!(config.tables.default_preset, "match");
    }

    #[test]
    fn a_folder_overrides_only_the_files_it_holds() {
        let dir = fresh_dir("config-override");
        std::fs::write(dir.join("balls.ron"), "(diameter_mm: 61.0, mass_g: 205.0)").unwrap();
        let config = Config::load(Some(&dir)).unwrap();
        assert_eq!(config.balls.diameter_mm, 61.0);
        assert_eq!(config.cue, Config::defaults().cue);
    }

    #[test]
    fn a_broken_file_in_the_folder_is_reported_by_path() {
        let dir = fresh_dir("config-broken");
        std::fs::write(dir.join("cue.ron"), "(mass_g: 500.0,,)").unwrap();
        let err = Config::load(Some(&dir)).unwrap_err().to_string();
        assert!(
            err.starts_with(&dir.join("cue.ron").display().to_string()),
            "{err}"
        );
        assert!(err.contains(":1:"), "{err}");
    }

    #[test]
    fn a_push_must_be_longer_than_a_normal_stroke() {
        // Rule 14: with a normal tip contact of 2.5 ms, 1.5 ms would make every stroke a push.
        let dir = fresh_dir("config-push");
        let cue = include_str!("../../../config/cue.ron")
            .replace("tip_contact_ms: 1.0", "tip_contact_ms: 2.5");
        std::fs::write(dir.join("cue.ron"), cue).unwrap();
        let err = Config::load(Some(&dir)).unwrap_err().to_string();
        assert!(
            err.contains("<built-in games.ron>:")
                && err.contains(": `referee.push_contact_ms` (1.5)"),
            "{err}"
        );
        assert!(
            err.split(':')
                .nth(1)
                .is_some_and(|l| l.parse::<usize>().is_ok()),
            "{err}"
        );
    }
}
