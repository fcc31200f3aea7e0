//! The match in progress on disk: written whenever play moves on (atomically, `files`),
//! and read back to resume exactly where it stood. A save that cannot be read is
//! reported and kept, never overwritten.
//!
//! The file's format grows by one rule, because online play, sets, the shot clock and
//! tournaments extend this same file: a field is only ever added, each with a default
//! that gives the older version's meaning; `version` says which version wrote it; every
//! older version is read (and `carom referee` reads every version the game writes).
//! Version 1: settings, breaker and strokes (resumed at the next stroke). Version 2
//! adds `at` (where play stood), `break_offset_m` and `declared_safety`. Fields added
//! since are written only where used, so a file without them means what it meant:
//! `ended` (online), and under a match format `set_breakers` and each stroke's
//! `timed_out`, `time_out` and `thinking_s` (a stroke the shot clock ran out on has no
//! `record`).

use super::files::{FileError, StoragePaths, read_if_there, write_atomically};
use super::settings::MatchSettings;
use crate::rules::{Calls, PlayedStroke};
use crate::shot::{BallId, ShotRecord};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What the file says it is.
const FORMAT: &str = "carom match";
/// The version this game writes; it reads every version from 1 to this one.
pub const SAVE_VERSION: u32 = 2;

/// A match as saved: its settings, who broke with which ball, every stroke judged so
/// far, and where play stood. Replaying the strokes through the referee gives back the
/// whole state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedMatch {
    pub format: String,
    pub version: u32,
    pub settings: MatchSettings,
    /// The breaker, once the break is decided (before it, in the lag or the break
    /// choice: 0, and not read).
    pub breaker: usize,
    pub breaker_ball: BallId,
    pub strokes: Vec<SavedStroke>,
    /// Where play stood (version 2 on). Absent (version 1): at the next stroke, or
    /// over.
    #[serde(default)]
    pub at: Option<SavedPhase>,
    /// Rule 7: how far left (+) of the head spot the breaker put the ball along the head
    /// string before the break, m (version 2 on; absent: where the set-up put it). Kept
    /// after the break: rule 22 may restore the break's lay-out.
    #[serde(default)]
    pub break_offset_m: Option<f64>,
    /// The shooter had declared an intentional safety for the next stroke (rules 23–25;
    /// version 2 on).
    #[serde(default)]
    pub declared_safety: bool,
    /// How a game ended before it was played out (an online game conceded or left);
    /// absent where it was played out, or is still on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<MatchEnding>,
    /// A match in sets whose sets a lag starts: who broke each set after the first, in
    /// order (absent: none yet, or no such match).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_breakers: Vec<usize>,
}

/// A game ended before it was played out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "how", deny_unknown_fields)]
pub enum MatchEnding {
    /// The player (by index) gave the game up: they lose.
    Conceded { player: usize },
    /// The player (by index) left and stayed away past the reconnect grace, `match_s`
    /// seconds after the game began, away `away_s` seconds: the table's leaving rule
    /// gave `verdict`.
    Abandoned {
        player: usize,
        verdict: LeavingVerdict,
        match_s: u32,
        away_s: u32,
    },
}

/// What a leaving rule gives a game whose player stayed away (Carom3D's by default:
/// void in the first 10 s, the leaver loses within the first minute, later the
/// opponent is credited the win).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeavingVerdict {
    /// No result for either.
    Void,
    /// A loss for the leaver, no win for the other.
    LeaverLoses,
    /// A loss for the leaver and a win for the other.
    OpponentWins,
}

/// Where play stood when the match was saved: the phase it resumes in.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase", deny_unknown_fields)]
pub enum SavedPhase {
    /// The lag (rule 5), set up again from its start.
    Lag,
    /// The lag is won: its winner chooses to break or not, and the ball (rules 4, 6).
    ChooseBreak {
        lag_winner: usize,
    },
    /// The breaker places the ball along the head string (rule 7).
    BreakSetup,
    /// The next stroke is to be played.
    Aiming,
    /// The referee's verdict on the last stroke is shown.
    Verdict,
    /// The balls that left the table wait to be spotted (rules 21, 26).
    Spotting,
    GameOver,
}

impl SavedPhase {
    /// The phase's name as the file writes it (`"phase": "break_setup"`).
    pub fn name(self) -> &'static str {
        match self {
            SavedPhase::Lag => "lag",
            SavedPhase::ChooseBreak { .. } => "choose_break",
            SavedPhase::BreakSetup => "break_setup",
            SavedPhase::Aiming => "aiming",
            SavedPhase::Verdict => "verdict",
            SavedPhase::Spotting => "spotting",
            SavedPhase::GameOver => "game_over",
        }
    }
}

/// One stroke: the simulation's record, the declaration and the calls; on a shot
/// clock, the time taken and the time-out called (a stroke the clock ran out on has no
/// record).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedStroke {
    #[serde(default, skip_serializing_if = "no_record")]
    pub record: ShotRecord,
    pub declared_safety: bool,
    #[serde(default)]
    pub outside_interference: bool,
    /// The shot clock ran out before the stroke.
    #[serde(default, skip_serializing_if = "is_false")]
    pub timed_out: bool,
    /// The player called a time-out for it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub time_out: bool,
    /// Seconds taken over it, from when every ball had stopped (on a shot clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking_s: Option<f64>,
}

fn no_record(record: &ShotRecord) -> bool {
    record.events.is_empty() && record.final_positions.is_empty()
}

fn is_false(b: &bool) -> bool {
    !b
}

impl SavedStroke {
    /// The stroke as the referee takes it.
    pub fn played(&self) -> PlayedStroke {
        PlayedStroke {
            record: self.record.clone(),
            declared_safety: self.declared_safety,
            calls: Calls {
                outside_interference: self.outside_interference,
                timed_out: self.timed_out,
                time_out: self.time_out,
                ..Calls::default()
            },
            thinking_s: self.thinking_s,
        }
    }
}

impl SavedMatch {
    pub fn new(
        settings: MatchSettings,
        breaker: usize,
        breaker_ball: BallId,
        strokes: &[PlayedStroke],
        at: SavedPhase,
    ) -> SavedMatch {
        SavedMatch {
            format: FORMAT.to_owned(),
            version: SAVE_VERSION,
            settings,
            ended: None,
            breaker,
            breaker_ball,
            strokes: strokes
                .iter()
                .map(|s| SavedStroke {
                    record: s.record.clone(),
                    declared_safety: s.declared_safety,
                    outside_interference: s.calls.outside_interference,
                    timed_out: s.calls.timed_out,
                    time_out: s.calls.time_out,
                    thinking_s: s.thinking_s,
                })
                .collect(),
            at: Some(at),
            break_offset_m: None,
            declared_safety: false,
            set_breakers: Vec::new(),
        }
    }

    /// The strokes as the referee takes them.
    pub fn strokes(&self) -> Vec<PlayedStroke> {
        self.strokes.iter().map(SavedStroke::played).collect()
    }

    /// Writes the save at `path`, replacing the previous one only once complete.
    pub fn write(&self, path: &Path) -> Result<(), FileError> {
        let text =
            serde_json::to_string(self).map_err(|e| FileError::content(path, e.to_string()))?;
        write_atomically(path, text.as_bytes())
    }

    /// Whether the file at `path` says it is a Carom saved match, of any version.
    pub fn is_one(path: &Path) -> bool {
        read_if_there(path)
            .ok()
            .flatten()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .is_some_and(|value| value.get("format").and_then(|f| f.as_str()) == Some(FORMAT))
    }

    /// The matches saved in the player's `files` that have strokes to watch, each with
    /// its file, the newest first: the game's own (`match.json`) and the online ones
    /// (`online/*.json`). A file that cannot be read is left out.
    pub fn to_watch(files: &StoragePaths) -> Vec<(PathBuf, SavedMatch)> {
        let online = std::fs::read_dir(files.online_matches())
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "json"))
                    .collect()
            })
            .unwrap_or_else(|_| Vec::new());
        let modified = |path: &Path| std::fs::metadata(path).and_then(|m| m.modified()).ok();
        let mut found: Vec<_> = std::iter::once(files.saved_match.clone())
            .chain(online)
            .filter_map(|path| {
                let saved = SavedMatch::read(&path).ok().flatten()?;
                (!saved.strokes.is_empty()).then_some((path, saved))
            })
            .collect();
        found.sort_by_key(|(path, _)| std::cmp::Reverse(modified(path)));
        found
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
        if !version.is_some_and(|v| (1..=u64::from(SAVE_VERSION)).contains(&v)) {
            return Err(wrong(format!(
                "a saved match of version {}, this game reads versions 1 to {SAVE_VERSION}",
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
            SavedPhase::Aiming,
        )
    }

    #[test]
    fn each_phase_is_named_as_its_file_writes_it() {
        for at in [
            SavedPhase::Lag,
            SavedPhase::ChooseBreak { lag_winner: 1 },
            SavedPhase::BreakSetup,
            SavedPhase::Aiming,
            SavedPhase::Verdict,
            SavedPhase::Spotting,
            SavedPhase::GameOver,
        ] {
            let written = serde_json::to_value(at).unwrap();
            assert_eq!(written["phase"], at.name(), "{at:?}");
        }
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
            ("{\"format\": \"carom match\", \"version\": 0}", "version 0"),
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
