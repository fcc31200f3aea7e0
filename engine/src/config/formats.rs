//! Match formats (`formats.ron`, docs/rules.md "Formats"): a game of `games.ron` played
//! to a target, with or without a limit of innings and the equalising inning, in sets or
//! not, on a shot clock or not, with the format's scoring exceptions and the tie-break a
//! drawn knock-out match needs. Data only, checked against the games; the referee and
//! the screens that play a format are issue 55's later parts.

use super::error::{ConfigError, Keyed, UnknownKey};
use super::games::GamesConfig;
use super::source::Source;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The formats, by key.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatsConfig {
    pub formats: BTreeMap<String, Format>,
}

/// One match format.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Format {
    pub name: String,
    #[serde(default)]
    pub translated: crate::config::Translations,
    /// Where its figures come from, and when they were set.
    pub source: String,
    /// A key of games.ron.
    pub game: String,
    /// Points to win (a match, or a set where `sets` says otherwise).
    pub target: u32,
    pub innings_limit: Option<u32>,
    pub equalising_inning: bool,
    /// Each player's own target from both averages (a handicap match).
    pub handicap: bool,
    pub sets: Option<Sets>,
    pub shot_clock: Option<ShotClock>,
    /// A bank shot (the cue ball meets three cushions or more before the first object
    /// ball) counts this many points (PBA: 2); None: it counts as any other.
    pub bank_shot_points: Option<u32>,
    /// How a drawn knock-out match is decided.
    pub tie_break: TieBreak,
}

/// A match in sets.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sets {
    /// Sets to win the match (best of 5: 3).
    pub to_win: u32,
    /// Points a set.
    pub points: u32,
    /// The deciding set's points.
    pub last_set_points: u32,
    pub breaks: SetBreaks,
}

/// Who breaks each set after the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetBreaks {
    /// The players take turns.
    Alternate,
    /// The loser of the set before.
    Loser,
    /// A lag before each set.
    Lag,
}

/// The shot clock.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotClock {
    /// Seconds a stroke, counted from when every ball has stopped.
    pub seconds: u32,
    /// The warning when this many seconds are left (None: the source names none).
    pub warning_s: Option<u32>,
    /// A time-out (or extension) raises the stroke's limit to this many seconds (None:
    /// the format has none).
    pub timeout_limit_s: Option<u32>,
    /// Time-outs a player has, by the match's target (the first band that holds it).
    pub timeouts: Vec<TimeoutBand>,
    /// Time-outs count per set, not per match.
    pub timeouts_per_set: bool,
    /// When the time runs out and the player has a time-out left, it is taken for them.
    pub timeouts_automatic: bool,
}

/// Time-outs a player has in a match to `from_target ..= to_target` points.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeoutBand {
    pub from_target: u32,
    pub to_target: u32,
    pub timeouts: u32,
}

/// How a knock-out match that ends drawn is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// A penalty shoot-out: each player in turn plays the same set position, the most
    /// made wins (UMB).
    PenaltyShots,
    /// The better general average of the match.
    Average,
    /// A drawn match can only end a group, whose standings settle it.
    None,
}

super::translated!(Format);

/// Practice's clock warns this many seconds before the end.
const PRACTICE_WARNING_S: u32 = 10;

impl ShotClock {
    /// Practice's clock of `seconds` a stroke, warning ten seconds before its end, with
    /// no time-outs.
    pub fn practice(seconds: u32) -> ShotClock {
        ShotClock {
            seconds,
            warning_s: Some(PRACTICE_WARNING_S.min(seconds.saturating_sub(1))),
            timeout_limit_s: None,
            timeouts: Vec::new(),
            timeouts_per_set: false,
            timeouts_automatic: false,
        }
    }

    /// The time-outs a player has in a match to `target` points (0 outside every band).
    pub fn timeouts_for(&self, target: u32) -> u32 {
        self.timeouts
            .iter()
            .find(|b| (b.from_target..=b.to_target).contains(&target))
            .map_or(0, |b| b.timeouts)
    }
}

impl FormatsConfig {
    pub fn format(&self, key: &str) -> Result<&Format, UnknownKey> {
        self.formats.get(key).ok_or_else(|| {
            UnknownKey::new(
                Keyed::MatchFormat,
                key,
                self.formats.keys().map(String::as_str),
            )
        })
    }

    /// Every format names a game there is, with figures that can be played: a target,
    /// sets whose deciding set is no longer than a set, a clock whose warning comes before
    /// its end and whose time-out gives more time, bands in order.
    pub(super) fn check(&self, source: &Source, games: &GamesConfig) -> Result<(), ConfigError> {
        for (key, format) in &self.formats {
            let at = |field: &str, why: String| {
                Err(source.error_at(&["formats", key, field], format!("format `{key}`: {why}")))
            };
            if let Err(e) = games.game(&format.game) {
                return at("game", e.to_string());
            }
            if format.target == 0 {
                return at("target", "`target` is 0; allowed: 1 or more".into());
            }
            if format.innings_limit == Some(0) {
                return at(
                    "innings_limit",
                    "`innings_limit` is 0; allowed: None or 1 or more".into(),
                );
            }
            if let Some(sets) = &format.sets {
                if sets.to_win == 0 || sets.points == 0 || sets.last_set_points == 0 {
                    return at(
                        "sets",
                        "`to_win`, `points` and `last_set_points` are each 1 or more".into(),
                    );
                }
                if format.innings_limit.is_some() || format.equalising_inning || format.handicap {
                    return at(
                        "sets",
                        "sets are played out to their points: allowed only without \
                         `innings_limit`, `equalising_inning` or `handicap`"
                            .into(),
                    );
                }
            }
            if let Some(clock) = &format.shot_clock {
                let warning = clock.warning_s.unwrap_or(0);
                if clock.seconds == 0 || warning >= clock.seconds {
                    return at(
                        "shot_clock",
                        format!(
                            "a clock of {} s warns with {warning} s left; allowed: a clock of \
                             1 s or more, warning after it starts",
                            clock.seconds
                        ),
                    );
                }
                match clock.timeout_limit_s {
                    Some(limit) if limit <= clock.seconds => {
                        return at(
                            "shot_clock",
                            format!(
                                "a time-out's limit of {limit} s gives no more than the \
                                 clock's {} s",
                                clock.seconds
                            ),
                        );
                    }
                    None if !clock.timeouts.is_empty() => {
                        return at(
                            "shot_clock",
                            "time-outs without `timeout_limit_s`, the time one gives".into(),
                        );
                    }
                    _ => {}
                }
                if clock.timeouts.iter().any(|b| b.from_target > b.to_target) {
                    return at(
                        "shot_clock",
                        "a band of `timeouts` runs from a higher target to a lower".into(),
                    );
                }
            }
            if format.bank_shot_points == Some(0) {
                return at(
                    "bank_shot_points",
                    "`bank_shot_points` is 0; allowed: None or 1 or more".into(),
                );
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::config::{Config, SetBreaks, TieBreak};

    #[test]
    fn the_bundled_formats_carry_their_sources_figures() {
        let config = Config::defaults();
        let formats = &config.formats.formats;
        let umb = &formats["umb_world_cup"];
        assert_eq!((umb.target, umb.equalising_inning), (50, false));
        let clock = umb.shot_clock.as_ref().unwrap();
        assert_eq!(
            (clock.seconds, clock.warning_s, clock.timeout_limit_s),
            (30, Some(20), Some(60))
        );
        assert_eq!(
            [25, 35, 40, 50, 15].map(|t| clock.timeouts_for(t)),
            [3, 3, 4, 4, 0]
        );
        assert_eq!(umb.tie_break, TieBreak::PenaltyShots);
        let pba = &formats["pba_sets"];
        let sets = pba.sets.as_ref().unwrap();
        assert_eq!(
            (sets.to_win, sets.points, sets.last_set_points, sets.breaks),
            (3, 15, 11, SetBreaks::Lag)
        );
        assert_eq!(
            (pba.bank_shot_points, pba.equalising_inning),
            (Some(2), false)
        );
        assert_eq!(pba.shot_clock.as_ref().unwrap().seconds, 35);
        assert!(formats["club_handicap"].handicap);
        for (key, format) in formats {
            assert!(!format.source.is_empty(), "{key} names its source");
            assert!(
                format.translated.contains_key("ru"),
                "{key} has its Russian name"
            );
        }
    }

    #[test]
    fn a_format_that_cannot_be_played_is_named_with_its_place_and_what_is_allowed() {
        let dir = crate::test_support::fresh_dir("formats-bad");
        let bundled = include_str!("../../../config/formats.ron");
        for (broken, says) in [
            (
                bundled.replacen("game: \"three_cushion\"", "game: \"snooker\"", 1),
                "format `general`: no game \"snooker\" in games.ron",
            ),
            (
                bundled.replacen("warning_s: Some(20)", "warning_s: Some(30)", 1),
                "a clock of 30 s warns with 30 s left",
            ),
            (
                bundled.replacen("timeout_limit_s: Some(60)", "timeout_limit_s: Some(20)", 1),
                "a time-out's limit of 20 s gives no more than the clock's 30 s",
            ),
        ] {
            std::fs::write(dir.join("formats.ron"), &broken).unwrap();
            let error = Config::load(Some(&dir)).unwrap_err().to_string();
            assert!(error.contains("formats.ron:"), "{error}");
            assert!(error.contains(says), "{error}");
        }
    }
}
