//! The one error type of configuration: file, position and a message that says what is
//! allowed.

use std::fmt;

/// A config file that cannot be used. Displayed as `FILE:LINE:COLUMN: message`.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigError {
    pub file: String,
    /// 1-based line and column, where the parser could tell.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl ConfigError {
    pub fn whole_file(file: &str, message: impl Into<String>) -> ConfigError {
        ConfigError {
            file: file.to_owned(),
            position: None,
            message: message.into(),
        }
    }

    pub fn at(file: &str, line: usize, column: usize, message: impl Into<String>) -> ConfigError {
        ConfigError {
            file: file.to_owned(),
            position: Some((line, column)),
            message: message.into(),
        }
    }

    pub(super) fn from_ron(file: &str, e: ron::error::SpannedError) -> ConfigError {
        let message = match e.code {
            ron::Error::NoSuchStructField {
                expected, found, ..
            } => format!(
                "unknown field `{found}`; the fields allowed here are: {}",
                expected.join(", ")
            ),
            ron::Error::MissingStructField { field, outer } => match outer {
                Some(outer) => format!("missing field `{field}` in {outer}"),
                None => format!("missing field `{field}`"),
            },
            other => other.to_string(),
        };
        let start = e.span.start;
        ConfigError::at(file, start.line, start.col, message)
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, column)) => write!(f, "{}:{line}:{column}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for ConfigError {}

/// What a config key names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keyed {
    Game,
    TablePreset,
    ComputerLevel,
    MatchFormat,
    /// A table condition of physics.ron.
    Condition,
    /// A bundled graded exam (a drill file with an `exam` table).
    Exam,
}

/// A key the config has no entry for: what it should name, the key, and the keys there
/// are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownKey {
    pub what: Keyed,
    pub key: String,
    pub known: Vec<String>,
}

impl UnknownKey {
    pub fn new<'a>(what: Keyed, key: &str, known: impl IntoIterator<Item = &'a str>) -> Self {
        UnknownKey {
            what,
            key: key.to_owned(),
            known: known.into_iter().map(str::to_owned).collect(),
        }
    }
}

impl std::error::Error for UnknownKey {}
