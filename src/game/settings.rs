//! What the menu sets up — mode, game, table, match length, players, ball style — and
//! where the game keeps its files: the last choices (RON in the user's config folder)
//! and the match in progress (in the user's data folder).

use crate::ball::BallId;
use crate::config::Config;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// How the table is used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// Hot-seat: two players, or three in rotation (rule 6's odd-number clause).
    #[default]
    Match,
    /// One player, every stroke judged.
    Practice,
    /// One player lagging, again and again.
    LagTraining,
}

/// How the second cue ball is told from the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BallStyle {
    /// A white with dots (rule 2).
    #[default]
    Dotted,
    /// A yellow ball in its place.
    Yellow,
}

impl BallStyle {
    /// How the players name `ball` in this set: the dotted white is the yellow when the
    /// set has a yellow ball.
    pub fn ball_name(self, ball: BallId) -> &'static str {
        match (ball, self) {
            (BallId::Dotted, BallStyle::Yellow) => "yellow",
            (BallId::Red2, _) => "second red",
            _ => ball.name(),
        }
    }
}

/// The menu's choices.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchSettings {
    pub mode: Mode,
    /// A key of games.ron.
    pub game: String,
    /// A preset of tables.ron.
    pub table: String,
    pub target: u32,
    pub innings_limit: Option<u32>,
    /// Two names for a match, or three in rotation; practice uses the first.
    pub players: Vec<String>,
    pub ball_style: BallStyle,
}

/// Players a match can have.
pub const MAX_PLAYERS: usize = 3;

impl MatchSettings {
    /// Three-cushion on the default table, two players.
    pub fn defaults(config: &Config) -> MatchSettings {
        let game = "three_cushion";
        let target = config.games.games.get(game).map_or(15, |g| g.target.get());
        MatchSettings {
            mode: Mode::Match,
            game: game.to_owned(),
            table: config.tables.default_preset.clone(),
            target,
            innings_limit: None,
            players: vec!["Player 1".to_owned(), "Player 2".to_owned()],
            ball_style: BallStyle::Dotted,
        }
    }

    /// The players at the table for the mode: one for practice, else the named ones.
    pub fn seated(&self) -> Vec<String> {
        let named: Vec<String> = self
            .players
            .iter()
            .map(|n| n.trim().to_owned())
            .filter(|n| !n.is_empty())
            .take(MAX_PLAYERS)
            .collect();
        match self.mode {
            Mode::Practice | Mode::LagTraining => {
                vec![named.first().cloned().unwrap_or_else(|| "Player".into())]
            }
            Mode::Match => named,
        }
    }

    /// Whether these settings name things the config has; the message says what is not.
    pub fn check(&self, config: &Config) -> Result<(), String> {
        if !config.games.games.contains_key(&self.game) {
            return Err(format!("no game `{}` in games.ron", self.game));
        }
        if config.tables.preset(&self.table).is_none() {
            return Err(format!("no table `{}` in tables.ron", self.table));
        }
        if self.target == 0 {
            return Err("the target must be at least 1 point".into());
        }
        if self.innings_limit == Some(0) {
            return Err("an innings limit must be at least 1".into());
        }
        let seated = self.seated();
        if self.mode == Mode::Match && seated.len() < 2 {
            return Err("a match needs two or three player names".into());
        }
        if let Some((_, name)) = seated
            .iter()
            .enumerate()
            .find(|(i, name)| seated[..*i].contains(name))
        {
            return Err(format!("two players are called \"{name}\""));
        }
        Ok(())
    }

    /// The settings remembered at `path`; the defaults when there are none or they no
    /// longer fit the config (a message says why, and the file is left alone).
    pub fn load(path: &Path, config: &Config) -> MatchSettings {
        let Ok(text) = std::fs::read_to_string(path) else {
            return MatchSettings::defaults(config);
        };
        let parsed = crate::config::parse::<MatchSettings>(&path.display().to_string(), &text)
            .map_err(|e| e.to_string())
            .and_then(|s| s.check(config).map(|()| s));
        parsed.unwrap_or_else(|e| {
            warn!("the remembered menu choices are not used: {e}");
            MatchSettings::defaults(config)
        })
    }

    /// Remembers these settings at `path`.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        super::save::write_atomically(path, text.as_bytes())
    }
}

/// Where the game keeps its files.
#[derive(Resource, Clone, Debug)]
pub struct StoragePaths {
    /// The last menu choices.
    pub settings: PathBuf,
    /// The match in progress, saved after every stroke.
    pub saved_match: PathBuf,
}

impl StoragePaths {
    /// The user's folders: `$XDG_CONFIG_HOME/carom` (else `~/.config/carom`) and
    /// `$XDG_DATA_HOME/carom` (else `~/.local/share/carom`).
    pub fn for_user() -> StoragePaths {
        let home = std::env::var_os("HOME")
            .map(PathBuf::from)
            .unwrap_or_default();
        let folder = |xdg: &str, fallback: &str| {
            std::env::var_os(xdg)
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
                .unwrap_or_else(|| home.join(fallback))
                .join("carom")
        };
        StoragePaths {
            settings: folder("XDG_CONFIG_HOME", ".config").join("settings.ron"),
            saved_match: folder("XDG_DATA_HOME", ".local/share").join("match.json"),
        }
    }

    /// Both files in one folder (tests).
    pub fn in_folder(dir: &Path) -> StoragePaths {
        StoragePaths {
            settings: dir.join("settings.ron"),
            saved_match: dir.join("match.json"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_their_file() {
        let config = Config::defaults();
        let dir = std::env::temp_dir().join(format!("carom-settings-{}", std::process::id()));
        let path = dir.join("settings.ron");
        let mut settings = MatchSettings::defaults(&config);
        settings.players = vec!["Ann".into(), "Bea".into(), "Cy".into()];
        settings.innings_limit = Some(30);
        settings.ball_style = BallStyle::Yellow;
        settings.save(&path).unwrap();
        assert_eq!(MatchSettings::load(&path, &config), settings);
    }

    #[test]
    fn broken_or_foreign_settings_fall_back_to_the_defaults() {
        let config = Config::defaults();
        let dir = std::env::temp_dir().join(format!("carom-settings-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("settings.ron");
        std::fs::write(&path, "(mode: Match, game: \"snooker\")").unwrap();
        assert_eq!(
            MatchSettings::load(&path, &config),
            MatchSettings::defaults(&config)
        );
        // The file is left as it was.
        assert!(std::fs::read_to_string(&path).unwrap().contains("snooker"));
    }

    #[test]
    fn a_match_needs_two_names_and_practice_one() {
        let config = Config::defaults();
        let mut settings = MatchSettings::defaults(&config);
        settings.players = vec!["Ann".into(), "  ".into()];
        assert!(settings.check(&config).is_err());
        settings.mode = Mode::Practice;
        assert_eq!(settings.seated(), ["Ann"]);
        assert!(settings.check(&config).is_ok());
    }

    #[test]
    fn the_dotted_ball_is_the_yellow_in_a_yellow_set() {
        assert_eq!(BallStyle::Dotted.ball_name(BallId::Dotted), "dotted");
        assert_eq!(BallStyle::Yellow.ball_name(BallId::Dotted), "yellow");
        assert_eq!(BallStyle::Yellow.ball_name(BallId::White), "white");
    }

    #[test]
    fn two_players_of_one_name_cannot_be_told_apart() {
        let config = Config::defaults();
        let mut settings = MatchSettings::defaults(&config);
        settings.players = vec!["Ann".into(), " Ann".into()];
        assert_eq!(
            settings.check(&config),
            Err("two players are called \"Ann\"".into())
        );
    }
}
