//! What the menu sets up — mode, game, table, match length, players, ball style — and
//! how the last choices are remembered (RON in the user's config folder).

use super::files::{FileError, read_if_there, write_ron};
use crate::config::{Config, Format, ShotClock};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// How the table is used: the one name of it for the menu, the command line and the
/// match layer.
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

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Match, Mode::Practice, Mode::LagTraining];

    /// The mode's name on the command line (`--start lag-training`).
    pub fn key(self) -> &'static str {
        match self {
            Mode::Match => "match",
            Mode::Practice => "practice",
            Mode::LagTraining => "lag-training",
        }
    }
}

pub use crate::shot::BallStyle;

/// The menu's choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// The computer level (a key of computer.ron) in each entry of `players`, by index;
    /// None or absent: a person. In matches only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computers: Vec<Option<String>>,
    /// A handicap match: each entry of `players`' own target, by index; empty: everyone
    /// plays to `target`. In matches only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<u32>,
    /// A match format (a key of formats.ron): sets, the shot clock, bank shots; the
    /// game, target and innings limit above are the format's as the menu set them.
    /// None or absent: the game's own rules. In matches only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// Practice on a shot clock of this many seconds a stroke (one of
    /// `PRACTICE_CLOCK_S`); None or absent: no clock. In practice only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub practice_clock_s: Option<u32>,
    /// The table's condition (a key of physics.ron's `conditions`: its cloth and
    /// cushions); None or absent: the fitted physics.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
}

/// Players a match can have.
pub const MAX_PLAYERS: usize = 3;
/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 20;

impl MatchSettings {
    /// Three-cushion on the default table, the `players` named (the words give the
    /// names a seat has before its player types one).
    pub fn defaults(config: &Config, players: Vec<String>) -> MatchSettings {
        let game = "three_cushion";
        let target = config.games.games.get(game).map_or(15, |g| g.target.get());
        MatchSettings {
            mode: Mode::Match,
            game: game.to_owned(),
            table: config.tables.default_preset.clone(),
            target,
            innings_limit: None,
            players,
            ball_style: BallStyle::Dotted,
            computers: Vec::new(),
            targets: Vec::new(),
            format: None,
            practice_clock_s: None,
            condition: None,
        }
    }

    /// The shot clock these settings play on: a match format's, or practice's when set.
    pub fn shot_clock(&self, config: &Config) -> Option<ShotClock> {
        match self.mode {
            Mode::Match => self.match_format(config)?.shot_clock.clone(),
            Mode::Practice => self.practice_clock_s.map(ShotClock::practice),
            Mode::LagTraining => None,
        }
    }

    /// The settings of a match like these, its players still to seat.
    pub fn for_a_match(self) -> MatchSettings {
        MatchSettings {
            mode: Mode::Match,
            players: Vec::new(),
            computers: Vec::new(),
            targets: Vec::new(),
            ..self
        }
    }

    /// The match format these settings play, in a match (None: the game's own rules).
    pub fn match_format<'a>(&self, config: &'a Config) -> Option<&'a Format> {
        let key = self.format.as_ref().filter(|_| self.mode == Mode::Match)?;
        config.formats.formats.get(key)
    }

    /// The players at the table for the mode: one for practice, else the named ones.
    pub fn seated(&self) -> Vec<String> {
        self.seats().into_iter().map(|(name, _, _)| name).collect()
    }

    /// The computer level of each player at the table (None: a person), in the order
    /// of [`MatchSettings::seated`].
    pub fn seated_computers(&self) -> Vec<Option<String>> {
        self.seats()
            .into_iter()
            .map(|(_, level, _)| level)
            .collect()
    }

    /// Each player's own target in a handicap match, in the order of
    /// [`MatchSettings::seated`]; empty when everyone plays to `target`.
    pub fn seated_targets(&self) -> Vec<u32> {
        if self.targets.is_empty() || self.mode != Mode::Match {
            return Vec::new();
        }
        self.seats()
            .into_iter()
            .map(|(_, _, target)| target)
            .collect()
    }

    /// Each player at the table with their computer level and target.
    fn seats(&self) -> Vec<(String, Option<String>, u32)> {
        let named: Vec<(String, Option<String>, u32)> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, n)| {
                (
                    n.trim().to_owned(),
                    self.computers.get(i).cloned().flatten(),
                    self.targets.get(i).copied().unwrap_or(self.target),
                )
            })
            .filter(|(n, _, _)| !n.is_empty())
            .take(MAX_PLAYERS)
            .collect();
        match self.mode {
            Mode::Practice | Mode::LagTraining => {
                let name = named
                    .first()
                    .map_or_else(|| "Player".into(), |(n, _, _)| n.clone());
                vec![(name, None, self.target)]
            }
            Mode::Match => named,
        }
    }

    /// Whether these settings name things the config has and can make a game; what is
    /// wrong if not.
    pub fn check(&self, config: &Config) -> Result<(), SettingsProblem> {
        if !config.games.games.contains_key(&self.game) {
            return Err(SettingsProblem::NoGame(self.game.clone()));
        }
        if config.tables.preset(&self.table).is_none() {
            return Err(SettingsProblem::NoTable(self.table.clone()));
        }
        if let Some(format) = self
            .format
            .as_ref()
            .filter(|f| !config.formats.formats.contains_key(*f))
        {
            return Err(SettingsProblem::NoFormat(format.clone()));
        }
        if let Some(condition) = self
            .condition
            .as_ref()
            .filter(|c| config.physics.condition(c).is_err())
        {
            return Err(SettingsProblem::NoCondition(condition.clone()));
        }
        if self.target == 0 || self.targets.contains(&0) {
            return Err(SettingsProblem::NoTarget);
        }
        if self.innings_limit == Some(0) {
            return Err(SettingsProblem::NoInnings);
        }
        if self.players.len() > MAX_PLAYERS {
            return Err(SettingsProblem::TooManyPlayers(self.players.len()));
        }
        if let Some(name) = self
            .players
            .iter()
            .find(|n| n.chars().count() > MAX_NAME_CHARS)
        {
            let start = name.chars().take(MAX_NAME_CHARS).collect();
            return Err(SettingsProblem::NameTooLong(start));
        }
        if let Some(level) = self
            .computers
            .iter()
            .flatten()
            .find(|l| config.computer.level(l).is_err())
        {
            return Err(SettingsProblem::NoLevel(level.clone()));
        }
        let seated = self.seated();
        if self.mode == Mode::Match && seated.len() < 2 {
            return Err(SettingsProblem::MatchNeedsTwo);
        }
        if self.match_format(config).is_some_and(|f| f.sets.is_some())
            && (seated.len() != 2 || self.innings_limit.is_some() || !self.targets.is_empty())
        {
            return Err(SettingsProblem::SetsPlayedOut);
        }
        if let Some((_, name)) = seated
            .iter()
            .enumerate()
            .find(|(i, name)| seated[..*i].contains(name))
        {
            return Err(SettingsProblem::SameName(name.clone()));
        }
        Ok(())
    }

    /// The settings remembered at `path`, or `defaults` when there are none. Settings
    /// that cannot be read or no longer fit the config give the defaults too, with the
    /// reason beside them; the file is left alone.
    pub fn load(
        path: &Path,
        config: &Config,
        defaults: MatchSettings,
    ) -> (MatchSettings, Option<SettingsError>) {
        let parsed = read_if_there(path)
            .map_err(SettingsError::File)
            .and_then(|text| {
                let Some(text) = text else { return Ok(None) };
                let name = path.display().to_string();
                let settings = crate::config::parse::<MatchSettings>(&name, &text)
                    .map_err(|e| SettingsError::File(e.into()))?;
                settings.check(config).map_err(SettingsError::Problem)?;
                Ok(Some(settings))
            });
        match parsed {
            Ok(settings) => (settings.unwrap_or(defaults), None),
            Err(e) => (defaults, Some(e)),
        }
    }

    /// Remembers these settings at `path`.
    pub fn save(&self, path: &Path) -> Result<(), FileError> {
        write_ron(path, self)
    }
}

/// Settings that cannot make a game with this config.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsProblem {
    /// No game of this key in `games.ron`.
    NoGame(String),
    /// No such match format in formats.ron.
    NoFormat(String),
    /// A match in sets is for two players, played out: no innings limit, no handicap.
    SetsPlayedOut,
    /// No table preset of this key in `tables.ron`.
    NoTable(String),
    /// No table condition of this key in physics.ron's `conditions`.
    NoCondition(String),
    /// A target of 0 points.
    NoTarget,
    /// An innings limit of 0.
    NoInnings,
    /// More player names than [`MAX_PLAYERS`].
    TooManyPlayers(usize),
    /// A name longer than [`MAX_NAME_CHARS`]: its first characters.
    NameTooLong(String),
    /// No computer level of this key in `computer.ron`.
    NoLevel(String),
    /// A match with fewer than two names.
    MatchNeedsTwo,
    /// Two players of this one name.
    SameName(String),
}

impl std::error::Error for SettingsProblem {}

/// Remembered settings that cannot be used: the file, or what it holds.
#[derive(Clone, Debug, PartialEq)]
pub enum SettingsError {
    File(FileError),
    Problem(SettingsProblem),
}

impl std::error::Error for SettingsError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_players() -> Vec<String> {
        vec!["One".into(), "Two".into()]
    }

    /// A table's condition plays its cloth and cushions, is kept in the saved match and
    /// comes back with it; an unknown one is refused by name.
    #[test]
    fn a_tables_condition_is_played_saved_and_resumed() {
        use crate::play::{Play, SavedMatch};
        let config = Config::defaults();
        let dir = crate::test_support::fresh_dir("condition");
        let mut settings = MatchSettings::defaults(&config, two_players());
        settings.condition = Some("worn_cloth".into());
        assert_eq!(settings.check(&config), Ok(()));
        let path = dir.join("match.ron");
        let play = Play::new(&config, settings.clone(), None);
        assert_eq!(play.core().config().physics.cloth.mu_roll, 0.0055);
        assert_eq!(play.core().config().physics.cushion, config.physics.cushion);
        play.saved().unwrap().write(&path).unwrap();
        let saved = SavedMatch::read(&path).unwrap().unwrap();
        assert_eq!(saved.settings.condition.as_deref(), Some("worn_cloth"));
        let resumed = Play::resume(&config, &saved, None);
        assert_eq!(resumed.core().config().physics.cloth.mu_roll, 0.0055);
        settings.condition = Some("felt".into());
        assert_eq!(
            settings.check(&config),
            Err(SettingsProblem::NoCondition("felt".into()))
        );
    }

    #[test]
    fn settings_round_trip_through_their_file() {
        let config = Config::defaults();
        let path = crate::test_support::fresh_dir("settings").join("settings.ron");
        let mut settings = MatchSettings::defaults(&config, two_players());
        settings.players = vec!["Ann".into(), "Bea".into(), "Cy".into()];
        settings.innings_limit = Some(30);
        settings.ball_style = BallStyle::Yellow;
        settings.save(&path).unwrap();
        assert_eq!(
            MatchSettings::load(
                &path,
                &config,
                MatchSettings::defaults(&config, two_players())
            ),
            (settings, None)
        );
    }

    #[test]
    fn broken_or_foreign_settings_fall_back_to_the_defaults() {
        let config = Config::defaults();
        let path = crate::test_support::fresh_dir("settings-bad").join("settings.ron");
        std::fs::write(&path, "(mode: Match, game: \"snooker\")").unwrap();
        let (settings, problem) = MatchSettings::load(
            &path,
            &config,
            MatchSettings::defaults(&config, two_players()),
        );
        assert_eq!(settings, MatchSettings::defaults(&config, two_players()));
        assert!(problem.unwrap().to_string().contains("settings.ron"));
        // The file is left as it was.
        assert!(std::fs::read_to_string(&path).unwrap().contains("snooker"));
    }

    #[test]
    fn a_match_needs_two_names_and_practice_one() {
        let config = Config::defaults();
        let mut settings = MatchSettings::defaults(&config, two_players());
        settings.players = vec!["Ann".into(), "  ".into()];
        assert!(settings.check(&config).is_err());
        settings.mode = Mode::Practice;
        assert_eq!(settings.seated(), ["Ann"]);
        assert!(settings.check(&config).is_ok());
    }

    #[test]
    fn a_hand_edited_name_longer_than_the_menu_allows_is_refused_and_the_file_kept() {
        let config = Config::defaults();
        let path = crate::test_support::fresh_dir("settings-long").join("settings.ron");
        let mut settings = MatchSettings::defaults(&config, two_players());
        settings.players[0] = "x".repeat(10_000);
        settings.save(&path).unwrap();
        let (loaded, problem) = MatchSettings::load(
            &path,
            &config,
            MatchSettings::defaults(&config, two_players()),
        );
        assert_eq!(loaded, MatchSettings::defaults(&config, two_players()));
        assert!(
            problem
                .unwrap()
                .to_string()
                .contains("longer than 20 characters"),
            "the menu's limit"
        );
        assert!(std::fs::read_to_string(&path).unwrap().len() > 10_000);
    }

    #[test]
    fn two_players_of_one_name_cannot_be_told_apart() {
        let config = Config::defaults();
        let mut settings = MatchSettings::defaults(&config, two_players());
        settings.players = vec!["Ann".into(), " Ann".into()];
        assert_eq!(
            settings.check(&config),
            Err(SettingsProblem::SameName("Ann".into()))
        );
    }
}
