//! The match in progress on disk: written after every stroke (atomically, `files`), and
//! read back to resume. A save that cannot be read is reported and kept, never
//! overwritten.

use super::files::{FileError, read_if_there, write_atomically};
use super::settings::MatchSettings;
use crate::rules::{Calls, PlayedStroke};
use crate::shot::{BallId, ShotRecord};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// What the file says it is.
const FORMAT: &str = "carom match";
const VERSION: u32 = 1;

/// A match as saved: its settings, who broke with which ball, and every stroke judged
/// so far. Replaying the strokes through the referee gives back the whole state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedMatch {
    pub format: String,
    pub version: u32,
    pub settings: MatchSettings,
    pub breaker: usize,
    pub breaker_ball: BallId,
    pub strokes: Vec<SavedStroke>,
}

/// One stroke: the simulation's record, the declaration and the calls.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedStroke {
    pub record: ShotRecord,
    pub declared_safety: bool,
    #[serde(default)]
    pub outside_interference: bool,
}

impl SavedMatch {
    pub fn new(
        settings: MatchSettings,
        breaker: usize,
        breaker_ball: BallId,
        strokes: &[PlayedStroke],
    ) -> SavedMatch {
        SavedMatch {
            format: FORMAT.to_owned(),
            version: VERSION,
            settings,
            breaker,
            breaker_ball,
            strokes: strokes
                .iter()
                .map(|s| SavedStroke {
                    record: s.record.clone(),
                    declared_safety: s.declared_safety,
                    outside_interference: s.calls.outside_interference,
                })
                .collect(),
        }
    }

    /// The strokes as the referee takes them.
    pub fn strokes(&self) -> Vec<PlayedStroke> {
        self.strokes
            .iter()
            .map(|s| PlayedStroke {
                record: s.record.clone(),
                declared_safety: s.declared_safety,
                calls: Calls {
                    outside_interference: s.outside_interference,
                    ..Calls::default()
                },
            })
            .collect()
    }

    /// Writes the save at `path`, replacing the previous one only once complete.
    pub fn write(&self, path: &Path) -> Result<(), FileError> {
        let text =
            serde_json::to_string(self).map_err(|e| FileError::content(path, e.to_string()))?;
        write_atomically(path, text.as_bytes())
    }

    /// The save at `path`: None when there is none, an error naming the file and what
    /// is wrong when it is not a Carom match this version can read.
    pub fn read(path: &Path) -> Result<Option<SavedMatch>, FileError> {
        let Some(text) = read_if_there(path)? else {
            return Ok(None);
        };
        let wrong = |message: String| FileError::content(path, message);
        let value: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| wrong(format!("not a saved match (broken JSON: {e})")))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(wrong("not a Carom saved match".into()));
        }
        let version = value.get("version").and_then(|v| v.as_u64());
        if version != Some(u64::from(VERSION)) {
            return Err(wrong(format!(
                "a saved match of version {}, this game reads version {VERSION}",
                version.map_or("?".to_owned(), |v| v.to_string())
            )));
        }
        serde_json::from_value(value)
            .map(Some)
            .map_err(|e| wrong(format!("a damaged saved match: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn folder(tag: &str) -> std::path::PathBuf {
        crate::test_support::fresh_dir(&format!("save-{tag}"))
    }

    fn sample() -> SavedMatch {
        SavedMatch::new(
            MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()]),
            1,
            BallId::Dotted,
            &[],
        )
    }

    #[test]
    fn a_save_reads_back_as_written() {
        let path = folder("roundtrip").join("match.json");
        sample().write(&path).unwrap();
        assert_eq!(SavedMatch::read(&path).unwrap(), Some(sample()));
        assert!(!crate::play::files::temporary_of(&path).exists());
    }

    #[test]
    fn no_save_is_not_an_error() {
        assert_eq!(
            SavedMatch::read(&folder("none").join("match.json")),
            Ok(None)
        );
    }

    #[test]
    fn a_corrupt_or_foreign_save_is_named_in_the_error_and_left_alone() {
        let dir = folder("bad");
        for (text, expected) in [
            ("{\"format\": \"carom match\", \"vers", "broken JSON"),
            ("{\"format\": \"chess game\"}", "not a Carom saved match"),
            ("{\"format\": \"carom match\", \"version\": 9}", "version 9"),
            ("{\"format\": \"carom match\", \"version\": 1}", "damaged"),
        ] {
            let path = dir.join("match.json");
            std::fs::write(&path, text).unwrap();
            let err = SavedMatch::read(&path).unwrap_err().to_string();
            assert!(
                err.contains("match.json") && err.contains(expected),
                "{err}"
            );
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        }
    }

    #[test]
    fn an_interrupted_write_leaves_the_last_good_save() {
        let path = folder("interrupted").join("match.json");
        sample().write(&path).unwrap();
        // A crash mid-write leaves only the temporary file behind.
        std::fs::write(
            crate::play::files::temporary_of(&path),
            "{\"format\": \"carom ma",
        )
        .unwrap();
        assert_eq!(SavedMatch::read(&path).unwrap(), Some(sample()));
    }
}
