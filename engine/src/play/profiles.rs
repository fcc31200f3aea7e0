//! Player records: each person's profile in the data folder (`players/NAME.ron`, one
//! file each), every finished match they played with its date, game, opponents,
//! points, target, innings, high run and result; per game, the general average (points
//! per inning) over all of them and over the last ten, and the best run. A profile is
//! written after every match; a file that cannot be read is named and kept aside
//! (`NAME.ron.unreadable-1`), a fresh profile taking its place.

use super::files::{
    FileError, keep_aside, players_folder, read_ron_folder, read_ron_or_default, write_ron,
};
use super::{LeavingVerdict, MatchEnding};
use crate::config::{Config, Level};
use crate::rules::{Outcome, ScoreSheet};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One person's record.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    /// Oldest first.
    pub matches: Vec<MatchRecord>,
    /// Practice strokes outside drills, by game and by the pattern of the path the cue
    /// ball took (`Pattern::key`): played and scored.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub practice: BTreeMap<String, BTreeMap<String, PatternTally>>,
    /// Graded exams taken, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exams: Vec<super::exam::ExamRecord>,
}

/// Practice strokes of one pattern: how many were played and how many scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatternTally {
    pub attempted: u32,
    pub made: u32,
}

/// A practice stroke of `name`'s in `game` whose cue ball took the path of `pattern`
/// (its key), scored or not, counted in their record in `data` (a record that cannot
/// be read is left as it is, and the error returned).
pub fn count_practice_stroke(
    data: &Path,
    name: &str,
    game: &str,
    pattern: &str,
    made: bool,
) -> Result<(), FileError> {
    let mut profile = read_profile(data, name)?;
    let tally = profile
        .practice
        .entry(game.to_owned())
        .or_default()
        .entry(pattern.to_owned())
        .or_default();
    tally.attempted += 1;
    tally.made += u32::from(made);
    write_ron(&profile_path(data, name), &profile)
}

/// An exam `name` took, added to their record in `data` (a record that cannot be read
/// is left as it is, and the error returned).
pub fn record_exam(
    data: &Path,
    name: &str,
    exam: super::exam::ExamRecord,
) -> Result<(), FileError> {
    let mut profile = read_profile(data, name)?;
    profile.exams.push(exam);
    write_ron(&profile_path(data, name), &profile)
}

/// One finished match, as the person played it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRecord {
    /// When it ended, seconds since 1970 (UTC).
    pub ended_s: u64,
    /// A key of games.ron.
    pub game: String,
    /// The others at the table (a computer's name is its level's).
    pub opponents: Vec<String>,
    pub points: u32,
    /// The points played to (the person's own in a handicap match).
    pub target: u32,
    pub innings: u32,
    pub high_run: u32,
    pub result: MatchResult,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchResult {
    Won,
    Lost,
    Drawn,
}

impl MatchRecord {
    /// Points per inning.
    pub fn average(&self) -> f64 {
        f64::from(self.points) / f64::from(self.innings.max(1))
    }

    /// The day it ended (UTC): year, month, day.
    pub fn date(&self) -> (i64, u32, u32) {
        civil_date(self.ended_s / 86_400)
    }
}

/// The calendar date `days` after 1970-01-01 (the proleptic Gregorian calendar, by
/// the days-to-civil reckoning of whole 400-year eras).
fn civil_date(days: u64) -> (i64, u32, u32) {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// A profile's figures in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameSummary {
    pub matches: usize,
    pub won: usize,
    /// Over every match of the game.
    pub average: f64,
    /// Over the last ten (or fewer).
    pub recent_average: f64,
    pub best_run: u32,
}

/// Matches the recent average is taken over.
pub const RECENT_MATCHES: usize = 10;

impl Profile {
    /// The matches of `game`, oldest first.
    pub fn in_game<'a>(
        &'a self,
        game: &'a str,
    ) -> impl DoubleEndedIterator<Item = &'a MatchRecord> + 'a {
        self.matches.iter().filter(move |m| m.game == game)
    }

    /// The figures in `game`; None before a match of it.
    pub fn summary(&self, game: &str) -> Option<GameSummary> {
        let matches: Vec<&MatchRecord> = self.in_game(game).collect();
        let general = |ms: &[&MatchRecord]| {
            let points: u32 = ms.iter().map(|m| m.points).sum();
            let innings: u32 = ms.iter().map(|m| m.innings).sum();
            f64::from(points) / f64::from(innings.max(1))
        };
        let last = matches.len().saturating_sub(RECENT_MATCHES);
        (!matches.is_empty()).then(|| GameSummary {
            matches: matches.len(),
            won: matches
                .iter()
                .filter(|m| m.result == MatchResult::Won)
                .count(),
            average: general(&matches),
            recent_average: general(&matches[last..]),
            best_run: matches.iter().map(|m| m.high_run).max().unwrap_or(0),
        })
    }

    /// The games played, in the order first played.
    pub fn games(&self) -> Vec<&str> {
        let mut games: Vec<&str> = Vec::new();
        for m in &self.matches {
            if !games.contains(&m.game.as_str()) {
                games.push(&m.game);
            }
        }
        games
    }
}

/// Where `name`'s profile is kept in the data folder: its name with every character
/// that is not a letter, a digit, `-` or `_` written as `_`.
pub fn profile_path(data: &Path, name: &str) -> PathBuf {
    let file: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    players_folder(data).join(format!("{file}.ron"))
}

/// `name`'s profile (an empty one before their first match).
pub fn read_profile(data: &Path, name: &str) -> Result<Profile, FileError> {
    let mut profile: Profile = read_ron_or_default(&profile_path(data, name))?;
    if profile.name.is_empty() {
        profile.name = name.trim().to_owned();
    }
    Ok(profile)
}

/// Every profile in the data folder, by name, and an error naming each file that
/// cannot be read (left as it is).
pub fn all_profiles(data: &Path) -> (Vec<Profile>, Vec<FileError>) {
    let (read, errors) = read_ron_folder(&players_folder(data), crate::config::parse::<Profile>);
    let mut profiles: Vec<Profile> = read.into_iter().map(|(_, profile)| profile).collect();
    profiles.sort_by_key(|p| p.name.to_lowercase());
    (profiles, errors)
}

/// A profile could not be used as it was, and what became of it.
#[derive(Clone, Debug, PartialEq)]
pub struct ProfileTrouble {
    pub error: FileError,
    /// Where the unreadable file was kept (None: it could not be moved).
    pub kept_at: Option<PathBuf>,
}

/// Adds the finished match on `sheet` of `game` to the profile of each person at the
/// table (the seats `computers` marks as a computer's have none), writing each profile
/// at once. A profile that cannot be read is kept aside and started again.
pub fn record_match(
    data: &Path,
    game: &str,
    sheet: &ScoreSheet,
    computers: &[Option<String>],
    ended_s: u64,
) -> Vec<ProfileTrouble> {
    let persons: Vec<usize> = (0..sheet.players.len())
        .filter(|&i| !computers.get(i).is_some_and(Option::is_some))
        .collect();
    record_for(data, game, sheet, &persons, None, ended_s)
}

/// Adds the match on `sheet` of `game` to the profiles of the players `recorded` (by
/// index): played out, or ended early as `ending` says (a concession: a loss for the
/// conceder, a win for the other; a player who left: as the leaving rule's verdict
/// gives, a void game in nobody's records).
pub fn record_for(
    data: &Path,
    game: &str,
    sheet: &ScoreSheet,
    recorded: &[usize],
    ending: Option<&MatchEnding>,
    ended_s: u64,
) -> Vec<ProfileTrouble> {
    let mut troubles = Vec::new();
    let result_of = |i: usize| -> Option<MatchResult> {
        let lost_or_won = |loser: usize| {
            if i == loser {
                MatchResult::Lost
            } else {
                MatchResult::Won
            }
        };
        match ending {
            Some(MatchEnding::Conceded { player }) => Some(lost_or_won(*player)),
            Some(MatchEnding::Abandoned {
                player, verdict, ..
            }) => match verdict {
                LeavingVerdict::Void => None,
                LeavingVerdict::LeaverLoses => (i == *player).then_some(MatchResult::Lost),
                LeavingVerdict::OpponentWins => Some(lost_or_won(*player)),
            },
            None => match sheet.outcome? {
                Outcome::Winner(w) if w == i => Some(MatchResult::Won),
                Outcome::Winner(_) => Some(MatchResult::Lost),
                Outcome::Draw | Outcome::NotReached => Some(MatchResult::Drawn),
            },
        }
    };
    let totals = sheet.totals();
    for &i in recorded {
        let (Some(player), Some(result)) = (totals.get(i), result_of(i)) else {
            continue;
        };
        let path = profile_path(data, &player.name);
        let mut profile = match read_profile(data, &player.name) {
            Ok(profile) => profile,
            Err(error) => {
                let kept_at = keep_aside(&path).ok();
                let moved = kept_at.is_some();
                troubles.push(ProfileTrouble { error, kept_at });
                if !moved {
                    // Never written over a file that could not be read.
                    continue;
                }
                Profile {
                    name: player.name.clone(),
                    ..Profile::default()
                }
            }
        };
        profile.matches.push(MatchRecord {
            ended_s,
            game: game.to_owned(),
            opponents: sheet
                .players
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, p)| p.name.clone())
                .collect(),
            points: player.points,
            target: player.target,
            innings: player.innings,
            high_run: player.high_run,
            result,
        });
        if let Err(error) = write_ron(&path, &profile) {
            troubles.push(ProfileTrouble {
                error,
                kept_at: None,
            });
        }
    }
    troubles
}

/// The level whose average in `game` (as calibrated; in three-cushion its ladder rung
/// where it was not) lies nearest `average`; None when no level has one in that game.
pub fn nearest_level<'a>(config: &'a Config, game: &str, average: f64) -> Option<&'a Level> {
    config
        .computer
        .levels
        .iter()
        .filter_map(|level| level_average(level, game).map(|a| (level, (a - average).abs())))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(level, _)| level)
}

/// The general average a player plays `game` at: the computer's at `level`, or the
/// person `name`'s recent one from their record in `data` (None: no record).
pub fn average_of(
    config: &Config,
    data: &Path,
    game: &str,
    name: &str,
    level: Option<&str>,
) -> Option<f64> {
    match level {
        Some(key) => config
            .computer
            .level(key)
            .ok()
            .and_then(|l| level_average(l, game)),
        None => read_profile(data, name)
            .ok()?
            .summary(game)
            .map(|s| s.recent_average),
    }
}

/// The general average `level` plays in `game`: as calibrated, else (three-cushion)
/// the rung it is tuned to.
pub fn level_average(level: &Level, game: &str) -> Option<f64> {
    level
        .measured
        .get(game)
        .copied()
        .or(level.ladder.filter(|_| game == "three_cushion"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{PlayerScore, ScoreSheet};
    use crate::shot::BallId;

    fn player(name: &str, points: u32, innings: u32, high_run: u32) -> PlayerScore {
        PlayerScore {
            name: name.into(),
            target: 10,
            points,
            innings,
            current_run: 0,
            high_run,
            warnings: 0,
            obligation: None,
        }
    }

    fn sheet(anna: (u32, u32, u32), outcome: Outcome) -> ScoreSheet {
        let players = vec![
            player("Anna K.", anna.0, anna.1, anna.2),
            player("Club 0.5", 4, anna.1, 2),
        ];
        ScoreSheet {
            game: "Three-cushion".into(),
            target: 10,
            innings_limit: None,
            equalising_inning: true,
            breaker: 0,
            breaker_ball: BallId::White,
            players,
            rows: Vec::new(),
            outcome: Some(outcome),
            sets: None,
        }
    }

    #[test]
    fn a_finished_match_goes_into_the_persons_profile_not_the_computers() {
        let dir = crate::test_support::fresh_dir("profiles");
        let computers = [None, Some("club".to_owned())];
        let troubles = record_match(
            &dir,
            "three_cushion",
            &sheet((10, 20, 3), Outcome::Winner(0)),
            &computers,
            1_800_000_000,
        );
        assert_eq!(troubles, Vec::new());
        record_match(
            &dir,
            "three_cushion",
            &sheet((5, 20, 4), Outcome::Winner(1)),
            &computers,
            1_800_000_100,
        );
        let profile = read_profile(&dir, "Anna K.").unwrap();
        assert_eq!(profile.name, "Anna K.");
        assert_eq!(profile.matches.len(), 2);
        assert_eq!(profile.matches[0].opponents, vec!["Club 0.5".to_owned()]);
        assert_eq!(profile.matches[1].result, MatchResult::Lost);
        let summary = profile.summary("three_cushion").unwrap();
        assert_eq!((summary.matches, summary.won, summary.best_run), (2, 1, 4));
        assert_eq!(summary.average, 15.0 / 40.0);
        assert_eq!(profile.summary("straight_rail"), None);
        assert!(!profile_path(&dir, "Club 0.5").exists());
        assert!(profile_path(&dir, "Anna K.").ends_with("players/Anna_K_.ron"));
    }

    #[test]
    fn a_match_is_dated_by_the_day_it_ended() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        // 2000 was a leap year, 2100 will not be.
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(47_541), (2100, 3, 1));
        let record = |ended_s| MatchRecord {
            ended_s,
            game: "three_cushion".into(),
            opponents: Vec::new(),
            points: 0,
            target: 1,
            innings: 1,
            high_run: 0,
            result: MatchResult::Drawn,
        };
        // 2026-12-04 11:49:43 UTC.
        assert_eq!(record(1_796_384_983).date(), (2026, 12, 4));
    }

    #[test]
    fn the_recent_average_is_over_the_last_ten_matches() {
        let dir = crate::test_support::fresh_dir("profiles-recent");
        let computers = [None, Some("club".to_owned())];
        for n in 0..12 {
            // Two early matches of 0 points, then ten of 10 in 20 innings.
            let points = if n < 2 { 0 } else { 10 };
            record_match(
                &dir,
                "three_cushion",
                &sheet((points, 20, 2), Outcome::Draw),
                &computers,
                n,
            );
        }
        let summary = read_profile(&dir, "Anna K.")
            .unwrap()
            .summary("three_cushion")
            .unwrap();
        assert_eq!(summary.recent_average, 0.5);
        assert_eq!(summary.average, 100.0 / 240.0);
    }

    #[test]
    fn a_corrupt_profile_is_named_kept_aside_and_started_again() {
        let dir = crate::test_support::fresh_dir("profiles-corrupt");
        let path = profile_path(&dir, "Anna K.");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "(name: \"Anna K.\", matches: [(ended_s: oops").unwrap();
        let troubles = record_match(
            &dir,
            "three_cushion",
            &sheet((10, 20, 3), Outcome::Winner(0)),
            &[None, Some("club".to_owned())],
            7,
        );
        assert_eq!(troubles.len(), 1);
        let message = troubles[0].error.to_string();
        assert!(message.contains("Anna_K_.ron:1:"), "{message}");
        let kept = troubles[0].kept_at.as_ref().unwrap();
        assert!(
            std::fs::read_to_string(kept).unwrap().contains("oops"),
            "the corrupt file is kept as it was"
        );
        let profile = read_profile(&dir, "Anna K.").unwrap();
        assert_eq!(profile.matches.len(), 1);
    }

    #[test]
    fn every_profile_is_listed_by_name_and_a_corrupt_one_is_named_and_left_alone() {
        let dir = crate::test_support::fresh_dir("profiles-all");
        for name in ["bob", "Anna K."] {
            let mut sheet = sheet((10, 20, 3), Outcome::Winner(0));
            sheet.players[0].name = name.into();
            record_match(
                &dir,
                "three_cushion",
                &sheet,
                &[None, Some("club".into())],
                1,
            );
        }
        let broken = dir.join("players/zed.ron");
        std::fs::write(&broken, "(name: 7").unwrap();
        let (profiles, errors) = all_profiles(&dir);
        let names: Vec<&str> = profiles.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Anna K.", "bob"]);
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].to_string().contains("zed.ron:1:"),
            "{}",
            errors[0]
        );
        assert_eq!(std::fs::read_to_string(&broken).unwrap(), "(name: 7");
    }

    #[test]
    fn the_suggested_level_is_the_one_whose_average_is_nearest() {
        let config = Config::defaults();
        let nearest = |average| {
            nearest_level(&config, "three_cushion", average)
                .unwrap()
                .key
                .clone()
        };
        // Every level's own average suggests it; between two, the nearer.
        for level in &config.computer.levels {
            if let Some(a) = level_average(level, "three_cushion") {
                assert_eq!(nearest(a), level.key, "{a}");
            }
        }
        let club = level_average(config.computer.level("club").unwrap(), "three_cushion");
        let league = level_average(config.computer.level("league").unwrap(), "three_cushion");
        let (club, league) = (club.unwrap(), league.unwrap());
        assert_eq!(nearest(club + 0.4 * (league - club)), "club");
        assert_eq!(nearest(club + 0.6 * (league - club)), "league");
        assert_eq!(nearest(0.0), "beginner");
    }

    #[test]
    fn a_game_ended_early_goes_into_the_records_as_its_ending_says() {
        let data = crate::test_support::fresh_dir("profiles-ending");
        // A game still on (no outcome), ended early: Anna (0) is this side's player.
        let mut on = sheet((3, 5, 2), Outcome::Draw);
        on.outcome = None;
        let results = |name: &str| -> Vec<MatchResult> {
            read_profile(&data, name)
                .unwrap()
                .matches
                .iter()
                .map(|m| m.result)
                .collect()
        };
        let abandoned = |player: usize, verdict: LeavingVerdict| MatchEnding::Abandoned {
            player,
            verdict,
            match_s: 30,
            away_s: 60,
        };
        for ending in [
            abandoned(1, LeavingVerdict::Void),
            abandoned(1, LeavingVerdict::LeaverLoses),
            abandoned(0, LeavingVerdict::LeaverLoses),
            abandoned(1, LeavingVerdict::OpponentWins),
            MatchEnding::Conceded { player: 0 },
        ] {
            assert!(record_for(&data, "three_cushion", &on, &[0, 1], Some(&ending), 1).is_empty());
        }
        use MatchResult::{Lost, Won};
        // Void: nothing. The leaver loses: only the leaver's loss. The opponent credited
        // the win: both. A concession: both.
        assert_eq!(results("Anna K."), [Lost, Won, Lost]);
        assert_eq!(results("Club 0.5"), [Lost, Lost, Won]);
    }
}
