//! The player's settings for the game itself (`settings.ron` in the user's config
//! folder): graphics quality, window, sound, aim aids, the default camera, the frame-rate
//! readout. A missing file is the defaults; a broken one is kept as it is, named in a
//! message, and the defaults are used.

use crate::config::range::ranged;
use crate::online::LeavingRule;
use crate::play::{FileError, read_if_there, write_ron};
use crate::words::{Guide, Language};
use serde::{Deserialize, Deserializer, Serialize};
use std::path::Path;

/// The views a player can choose (`view::camera` draws them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CameraView {
    /// Low behind the cue ball, along the aim.
    #[default]
    Behind,
    /// Straight down on the whole table.
    Top,
    /// Free: turned and moved by the player around the table's centre.
    Orbit,
    /// Behind the cue ball while it rolls, higher up; behind the aim while aiming.
    Follow,
}

impl CameraView {
    pub const ALL: [CameraView; 4] = [
        CameraView::Behind,
        CameraView::Top,
        CameraView::Orbit,
        CameraView::Follow,
    ];

    /// The next view in the cycle.
    pub fn next(self) -> CameraView {
        let at = CameraView::ALL.iter().position(|v| *v == self).unwrap_or(0);
        CameraView::ALL[(at + 1) % CameraView::ALL.len()]
    }
}

/// A set of graphics settings: `Low` is playable on software rendering, `High` is for
/// a graphics card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quality {
    Low,
    #[default]
    High,
    /// The player's own mix of the settings below.
    Custom,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Graphics {
    pub quality: Quality,
    /// Lamps cast shadows.
    pub shadows: bool,
    /// Multisample anti-aliasing: 1 (off) or 4 samples.
    #[serde(deserialize_with = "msaa_samples")]
    pub msaa_samples: u32,
    /// The cloth lit by the full lighting (reflections, shadows); else by a simple
    /// sum of the lamps: on software rendering the cloth's full lighting is most of a
    /// frame.
    pub full_lighting: bool,
    /// The depth of the scene drawn first, so that only what is seen is shaded: much
    /// faster where shading is slow (software rendering), a small cost elsewhere.
    pub depth_prepass: bool,
    /// The table is drawn at this share of the window's resolution (0.25 ..= 1) and
    /// stretched to it; the panels stay sharp.
    #[serde(deserialize_with = "resolution_scale")]
    pub resolution_scale: f32,
}

ranged! {
    resolution_scale as "graphics.resolution_scale": 0.25 ..= 1.0, "" in f32;
    volume: 0.0 ..= 1.0, "" in f32;
    lag_band_mm: 1.0 ..= 1000.0, " mm";
    lag_computer_spread: 0.0 ..= 0.5, " (relative)";
    computer_verdict_s: 1.0 ..= 30.0, " s";
}

/// A leaving rule the table can be seated on (`LeavingRule::check`).
fn leaving<'de, D: Deserializer<'de>>(d: D) -> Result<LeavingRule, D::Error> {
    let rule = LeavingRule::deserialize(d)?;
    rule.check().map_err(serde::de::Error::custom)?;
    Ok(rule)
}

/// MSAA is off (1) or 4 samples: the two the renderer is asked for here.
fn msaa_samples<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    match u32::deserialize(d)? {
        n @ (1 | 4) => Ok(n),
        n => Err(serde::de::Error::custom(format!(
            "`graphics.msaa_samples` is {n}; allowed: 1 (off) or 4"
        ))),
    }
}

impl Graphics {
    /// The resolution scales the settings screen offers.
    pub const RESOLUTION_SCALES: [f32; 5] = [0.25, 0.4, 0.5, 0.75, 1.0];

    pub fn of(quality: Quality) -> Graphics {
        match quality {
            Quality::Low => Graphics {
                quality,
                shadows: false,
                msaa_samples: 1,
                full_lighting: false,
                depth_prepass: true,
                resolution_scale: 0.5,
            },
            Quality::High | Quality::Custom => Graphics {
                quality,
                shadows: true,
                msaa_samples: 4,
                full_lighting: true,
                depth_prepass: false,
                resolution_scale: 1.0,
            },
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum WindowMode {
    #[default]
    Windowed,
    Fullscreen,
}

/// The settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, bevy::prelude::Resource)]
#[serde(default, deny_unknown_fields)]
pub struct Preferences {
    pub graphics: Graphics,
    pub window: WindowMode,
    /// 0 ..= 1.
    #[serde(deserialize_with = "volume")]
    pub volume: f32,
    pub mute: bool,
    /// The aim line and the cue ball's path shown while aiming (practice; in a match
    /// only when `aim_aids_in_matches`).
    pub aim_aids: bool,
    pub aim_aids_in_matches: bool,
    /// Among the aim aids: the stroke's path as the simulation plays it.
    pub predicted_path: bool,
    /// The view the table opens in, and the reset key goes back to.
    pub camera: CameraView,
    /// Frames per second in a corner.
    pub show_frame_rate: bool,
    /// Lag training's target: a clean lag stopping this close to the head cushion, mm.
    #[serde(deserialize_with = "lag_band_mm")]
    pub lag_band_mm: f64,
    /// The computer lagger's speed error: the spread (standard deviation) of its
    /// relative error, 0.05 for 5 %.
    #[serde(deserialize_with = "lag_computer_spread")]
    pub lag_computer_spread: f64,
    /// How long a computer's verdict (and a lag between computers) shows before play
    /// goes on by itself, s; a person's stays until they go on.
    #[serde(deserialize_with = "computer_verdict_s")]
    pub computer_verdict_s: f64,
    /// The cloth, a name of `tables.ron`'s `cloths`.
    pub cloth: String,
    /// The language of the screens; None: the system's locale's.
    pub language: Option<Language>,
    /// The guides shown already (each shows by itself once, the first time its mode
    /// is opened).
    pub guides_read: Vec<Guide>,
    /// The online relay's address, `http://HOST:PORT` (empty: none; no project relay
    /// exists, see the README).
    pub relay: String,
    /// Where a table hosted "on this computer" is served: the address the game's
    /// embedded host listens on (a port others on the LAN, or a forwarded one, reach).
    pub serve: String,
    /// What happens to a player who leaves a table this game hosts and stays away (shown
    /// to both): Carom3D's rule by default.
    #[serde(deserialize_with = "leaving")]
    pub leaving: LeavingRule,
}

impl Default for Preferences {
    fn default() -> Self {
        Preferences {
            graphics: Graphics::of(Quality::High),
            window: WindowMode::Windowed,
            volume: 0.8,
            mute: false,
            aim_aids: true,
            aim_aids_in_matches: false,
            predicted_path: true,
            camera: CameraView::Behind,
            show_frame_rate: false,
            lag_band_mm: 100.0,
            lag_computer_spread: 0.05,
            computer_verdict_s: 3.0,
            cloth: "blue".into(),
            language: None,
            guides_read: Vec::new(),
            relay: String::new(),
            serve: "0.0.0.0:8090".into(),
            leaving: LeavingRule::default(),
        }
    }
}

impl Preferences {
    /// The settings in `path`: the defaults when there is no file; when it cannot be
    /// read or is not valid (a value out of its range is named with its place), the
    /// defaults and what is wrong (the file is left alone).
    pub fn load(path: &Path) -> (Preferences, Option<FileError>) {
        let read = read_if_there(path).and_then(|text| match text {
            None => Ok(Preferences::default()),
            Some(text) => Ok(crate::config::parse(&path.display().to_string(), &text)?),
        });
        match read {
            Ok(preferences) => (preferences, None),
            Err(e) => (Preferences::default(), Some(e)),
        }
    }

    pub fn save(&self, path: &Path) -> Result<(), FileError> {
        write_ron(path, self)
    }

    /// The volume sounds play at: 0 when muted.
    pub fn loudness(&self) -> f32 {
        if self.mute { 0.0 } else { self.volume }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_their_file() {
        let dir = crate::test_support::fresh_dir("preferences");
        let path = dir.join("settings.ron");
        assert_eq!(Preferences::load(&path), (Preferences::default(), None));
        let mine = Preferences {
            graphics: Graphics::of(Quality::Low),
            volume: 0.3,
            camera: CameraView::Top,
            show_frame_rate: true,
            ..Preferences::default()
        };
        mine.save(&path).unwrap();
        assert_eq!(Preferences::load(&path), (mine, None));
    }

    #[test]
    fn a_broken_settings_file_is_kept_and_the_defaults_used_with_a_message() {
        let dir = crate::test_support::fresh_dir("preferences-broken");
        let path = dir.join("settings.ron");
        for text in [
            "(volume: 0.5, graphics: (",
            "(volume: 7.0)",
            "(colour: Red)",
        ] {
            std::fs::write(&path, text).unwrap();
            let (preferences, problem) = Preferences::load(&path);
            assert_eq!(preferences, Preferences::default());
            let problem = problem.expect("a message").to_string();
            assert!(problem.contains("settings.ron"), "{problem}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        }
        // A value out of its range is named with its place and its range.
        std::fs::write(&path, "(\n  volume: 7.0,\n)").unwrap();
        let problem = Preferences::load(&path).1.unwrap().to_string();
        assert!(problem.contains("settings.ron:2:"), "{problem}");
        assert!(
            problem.contains("`volume` is 7, outside its allowed range 0 ..= 1"),
            "{problem}"
        );
        // A leaving rule the table could not be seated on is named, with what is allowed.
        std::fs::write(
            &path,
            "(leaving: (grace_s: 2, void_within_s: 10, loses_within_s: 60))",
        )
        .unwrap();
        let problem = Preferences::load(&path).1.unwrap().to_string();
        assert!(
            problem.contains("`leaving.grace_s` is 2; allowed: 10 to 600 s"),
            "{problem}"
        );
        std::fs::write(
            &path,
            "(leaving: (grace_s: 90, void_within_s: 30, loses_within_s: 120))",
        )
        .unwrap();
        let (preferences, problem) = Preferences::load(&path);
        assert_eq!((preferences.leaving.grace_s, problem), (90, None));
        // A partial file keeps the rest at the defaults.
        std::fs::write(&path, "(mute: true)").unwrap();
        let (preferences, problem) = Preferences::load(&path);
        assert!(preferences.mute && problem.is_none());
        // A file that is there but cannot be read is not taken for no file.
        let folder = dir.join("folder.ron");
        std::fs::create_dir_all(&folder).unwrap();
        let (preferences, problem) = Preferences::load(&folder);
        assert_eq!(preferences, Preferences::default());
        assert!(
            matches!(problem, Some(FileError::Read { .. })),
            "{problem:?}"
        );
    }
}
