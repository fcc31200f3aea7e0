//! A club night in progress: a tournament at one table (`tournament`) and the settings
//! its matches share, kept in a file of its own and written after every match (its
//! match in progress is saved after every stroke in a match file of its own, and
//! resumed like any match); each match's settings from its pairing; each result taken
//! from the match's score sheet, a drawn knock-out match settled by the format's
//! tie-break.

use super::files::{FileError, StoragePaths, delete, read_if_there, write_atomically};
use super::settings::MatchSettings;
use super::tournament::{Draw, Entrant, Pairing, Played, Tournament, TournamentError};
use crate::rules::{Outcome, ScoreSheet};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What the file says it is.
const FORMAT: &str = "carom club night";
const VERSION: u32 = 1;

/// A tournament and the settings its matches share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClubNight {
    pub format: String,
    pub version: u32,
    pub tournament: Tournament,
    /// Every match's game, table, format, innings limit and balls (its players and
    /// targets are the pairing's).
    pub settings: MatchSettings,
}

/// How a played match went into the tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// As it was played.
    Played,
    /// A knock-out match drawn, settled by the better general average of the match:
    /// the format's tie-break, or in place of a penalty shoot-out, which the game
    /// does not play.
    OnAverage,
}

impl StoragePaths {
    /// The club night in progress.
    pub fn club_night(&self) -> PathBuf {
        self.data.join("club-night.json")
    }

    /// These paths with the club night's match file in place of the hot-seat match's.
    pub fn for_club_night(&self) -> StoragePaths {
        StoragePaths {
            saved_match: self.data.join("club-night-match.json"),
            ..self.clone()
        }
    }

    /// The club night's results sheet: `.txt` and `.html`.
    pub fn club_night_results(&self, extension: &str) -> PathBuf {
        self.data.join(format!("club-night-results.{extension}"))
    }
}

impl ClubNight {
    /// A club night of `entrants` drawn by `draw`, its matches played as `settings`
    /// say (their format, if any, names the tournament).
    pub fn new(
        settings: MatchSettings,
        draw: Draw,
        entrants: Vec<Entrant>,
    ) -> Result<ClubNight, TournamentError> {
        let format = settings.format.clone().unwrap_or_default();
        Ok(ClubNight {
            format: FORMAT.to_owned(),
            version: VERSION,
            tournament: Tournament::new(&format, draw, entrants)?,
            settings: settings.for_a_match(),
        })
    }

    /// The next match and its settings: its two players (persons or computers), each's
    /// target where they differ (a handicap).
    pub fn next_match(&self) -> Option<(Pairing, MatchSettings)> {
        let pairing = self.tournament.next()?;
        let [a, b] = pairing.players.map(|i| &self.tournament.entrants[i]);
        let targets = if a.target == b.target {
            Vec::new()
        } else {
            vec![a.target, b.target]
        };
        let settings = MatchSettings {
            players: vec![a.name.clone(), b.name.clone()],
            computers: vec![a.level.clone(), b.level.clone()],
            target: a.target.max(b.target),
            targets,
            ..self.settings.clone()
        };
        Some((pairing, settings))
    }

    /// Takes the next match's result from its finished score sheet; a drawn knock-out
    /// match goes to the better general average of the match (equal averages: the first
    /// named).
    pub fn record(&mut self, sheet: &ScoreSheet) -> Result<Settled, TournamentError> {
        let pairing = self.tournament.next().ok_or(TournamentError::NotNext)?;
        let totals = sheet.totals();
        let [a, b] = [0, 1].map(|i| totals.get(i).cloned());
        let (Some(a), Some(b)) = (a, b) else {
            return Err(TournamentError::NotNext);
        };
        let by_average = || {
            let better = if b.average() > a.average() { 1 } else { 0 };
            pairing.players[better]
        };
        let (winner, settled) = match sheet.outcome {
            Some(Outcome::Winner(w)) => (Some(pairing.players[w.min(1)]), Settled::Played),
            _ if self.tournament.draw == Draw::KnockOut => (Some(by_average()), Settled::OnAverage),
            _ => (None, Settled::Played),
        };
        self.tournament.record(Played {
            pairing,
            points: [a.points, b.points],
            innings: [a.innings, b.innings],
            high_runs: [a.high_run, b.high_run],
            winner,
        })?;
        Ok(settled)
    }

    /// Reads the club night at `path` (None: there is none).
    pub fn read(path: &Path) -> Result<Option<ClubNight>, FileError> {
        let Some(text) = read_if_there(path)? else {
            return Ok(None);
        };
        let night: ClubNight =
            serde_json::from_str(&text).map_err(|e| FileError::content(path, e.to_string()))?;
        if night.format != FORMAT || night.version > VERSION {
            let why = format!(
                "`format` is \"{}\" version {}; this game reads \"{FORMAT}\" up to version {VERSION}",
                night.format, night.version
            );
            return Err(FileError::content(path, why));
        }
        Ok(Some(night))
    }

    /// Ends the club night kept in `files`: its file and its match's are deleted
    /// (those not there are not missed).
    pub fn end(files: &StoragePaths) -> Result<(), FileError> {
        for path in [files.club_night(), files.for_club_night().saved_match] {
            if path.exists() {
                delete(&path)?;
            }
        }
        Ok(())
    }

    pub fn write(&self, path: &Path) -> Result<(), FileError> {
        let text =
            serde_json::to_string(self).map_err(|e| FileError::content(path, e.to_string()))?;
        write_atomically(path, text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::play::Mode;
    use crate::rules::PlayerScore;
    use crate::shot::BallId;
    use crate::test_support::fresh_dir;

    fn entrant(name: &str, level: Option<&str>, target: u32) -> Entrant {
        Entrant {
            name: name.into(),
            level: level.map(str::to_owned),
            target,
        }
    }

    /// A finished sheet of Anna's and Boris's match: each's points and innings.
    fn sheet(points: [u32; 2], innings: u32, outcome: Outcome) -> ScoreSheet {
        let player = |name: &str, points: u32| PlayerScore {
            name: name.into(),
            target: 10,
            points,
            innings,
            current_run: 0,
            high_run: points.min(3),
            warnings: 0,
            obligation: None,
        };
        ScoreSheet {
            game: "Three-cushion".into(),
            target: 10,
            innings_limit: Some(innings),
            equalising_inning: true,
            breaker: 0,
            breaker_ball: BallId::White,
            players: vec![player("A", points[0]), player("B", points[1])],
            rows: Vec::new(),
            outcome: Some(outcome),
            sets: None,
        }
    }

    #[test]
    fn each_match_has_its_pairings_players_and_targets_and_its_result_from_the_sheet() {
        let config = Config::defaults();
        let settings = MatchSettings {
            format: Some("club_handicap".into()),
            ..MatchSettings::defaults(&config, Vec::new())
        };
        let entrants = vec![
            entrant("Anna", None, 10),
            entrant("Boris", Some("club"), 6),
            entrant("Vera", Some("master"), 10),
        ];
        let mut night = ClubNight::new(settings, Draw::RoundRobin, entrants).unwrap();
        let (pairing, first) = night.next_match().unwrap();
        let names: Vec<&str> = pairing
            .players
            .iter()
            .map(|&i| night.tournament.entrants[i].name.as_str())
            .collect();
        assert_eq!(first.players, names);
        assert_eq!(first.mode, Mode::Match);
        assert_eq!(first.format.as_deref(), Some("club_handicap"));
        let computers: Vec<Option<String>> = pairing
            .players
            .iter()
            .map(|&i| night.tournament.entrants[i].level.clone())
            .collect();
        assert_eq!(first.computers, computers);
        assert!(first.check(&config).is_ok(), "{:?}", first.check(&config));
        // A draw in a round robin is a draw: a match point each.
        assert_eq!(
            night.record(&sheet([7, 7], 20, Outcome::Draw)),
            Ok(Settled::Played)
        );
        let standings = night.tournament.standings();
        assert!(
            standings
                .iter()
                .take(2)
                .all(|s| s.drawn == 1 && s.match_points == 1)
        );
        // Saved and read back whole.
        let path = fresh_dir("club-night").join("club-night.json");
        night.write(&path).unwrap();
        assert_eq!(ClubNight::read(&path).unwrap(), Some(night.clone()));
        std::fs::write(&path, "{\"format\": \"carom match\"}").unwrap();
        let refused = ClubNight::read(&path).unwrap_err().to_string();
        assert!(refused.contains("club-night.json"), "{refused}");
    }

    #[test]
    fn a_drawn_knock_out_match_goes_to_the_better_average() {
        let config = Config::defaults();
        let settings = MatchSettings::defaults(&config, Vec::new());
        let entrants = vec![entrant("Anna", None, 10), entrant("Boris", None, 10)];
        let mut night = ClubNight::new(settings, Draw::KnockOut, entrants).unwrap();
        let (pairing, _) = night.next_match().unwrap();
        // Level on points, the second named made them in fewer innings of their own.
        let mut drawn = sheet([8, 8], 20, Outcome::Draw);
        drawn.players[1].innings = 16;
        assert_eq!(night.record(&drawn), Ok(Settled::OnAverage));
        assert!(night.tournament.is_over());
        assert_eq!(night.tournament.winner(), Some(pairing.players[1]));
    }
}
