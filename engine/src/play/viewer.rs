//! A saved match played back stroke by stroke, as the viewer shows it (any save of any
//! version, the game's or an online one, or a share code's match): each stroke's paths
//! made again from its input when it is first shown; play and pause, step, speed, jump to
//! a stroke; the verdict and the score sheet as they stood. Plain state the shell drives
//! from the keys and the wall clock, and draws.

use super::playback::PlaybackClock;
use super::refereed::StartError;
use super::save::SavedMatch;
use crate::config::Config;
use crate::diagram::DIAGRAM_SAMPLE_HZ;
use crate::math::DVec2;
use crate::physics::TableSim;
use crate::rules::{Referee, ScoreSheet, Verdict};
use crate::shot::{BallId, EventKind, ShotRecord, Stroke};
use crate::table::TableGeometry;

/// How long the end of a stroke stays before the next one plays, s.
const HOLD_S: f64 = 1.0;

/// A saved match in the viewer.
pub struct MatchViewer {
    config: Config,
    saved: SavedMatch,
    table: TableGeometry,
    /// The referee before the first stroke and after each one.
    referees: Vec<Referee>,
    /// Each stroke's record with its paths, once made (the saved record where its input
    /// cannot be found again: its balls then jump to where they stopped).
    paths: Vec<Option<ShotRecord>>,
    /// The stroke shown (an index) and its time, s.
    at: usize,
    t: f64,
    clock: PlaybackClock,
}

/// What the viewer shows now.
#[derive(Clone, Debug)]
pub struct Viewed<'a> {
    /// The stroke, from 1, of how many.
    pub number: usize,
    pub of: usize,
    /// Its record, with the balls' paths where they could be made again.
    pub record: &'a ShotRecord,
    /// Its time, s.
    pub t: f64,
    /// 1: as played.
    pub speed: f64,
    pub paused: bool,
    /// Its verdict, once the balls have stopped.
    pub verdict: Option<Verdict>,
    /// The score sheet as it stood: before the stroke while it rolls, after it once
    /// stopped.
    pub sheet: ScoreSheet,
}

impl MatchViewer {
    /// The viewer at the first stroke of `saved`, paused; refused where the match cannot
    /// be replayed with `config`.
    pub fn open(config: &Config, saved: SavedMatch) -> Result<MatchViewer, StartError> {
        let referees = saved.referees(config)?;
        let table = TableGeometry::new(&config.tables, Some(&saved.settings.table), &config.balls)?;
        Ok(MatchViewer {
            config: config.clone(),
            paths: vec![None; saved.strokes.len()],
            referees,
            saved,
            table,
            at: 0,
            t: 0.0,
            clock: PlaybackClock::new(true),
        })
    }

    /// The match it plays.
    pub fn saved(&self) -> &SavedMatch {
        &self.saved
    }

    pub fn toggle_pause(&mut self) {
        self.clock.toggle_pause();
    }

    /// `steps` speeds faster (or slower, below 0), within those there are.
    pub fn faster(&mut self, steps: i32) {
        self.clock.faster(steps);
    }

    /// Stroke `number` (from 1, kept within the match) from its start.
    pub fn jump(&mut self, number: usize) {
        self.at = number.clamp(1, self.saved.strokes.len().max(1)) - 1;
        self.t = 0.0;
    }

    /// Time goes on: `wall_s` seconds of the clock at the speed chosen, or, when the
    /// viewer steps (`steps` on, or back below 0), that many steps, paused. A stroke
    /// played to its end (and a moment more) gives way to the next; the last one stays.
    pub fn advance(&mut self, wall_s: f64, steps: f64) {
        let dt = self.clock.elapsed(wall_s, steps);
        let Some(duration) = self.saved.strokes.get(self.at).map(|s| s.record.duration) else {
            return;
        };
        self.t = (self.t + dt).clamp(0.0, duration + HOLD_S);
        if !self.clock.paused && self.t >= duration + HOLD_S {
            if self.at + 1 < self.saved.strokes.len() {
                self.at += 1;
                self.t = 0.0;
            } else {
                self.clock.paused = true;
            }
        }
    }

    /// What is shown now (None: a match without strokes).
    pub fn viewed(&mut self) -> Option<Viewed<'_>> {
        let i = self.at;
        let saved = self.saved.strokes.get(i)?;
        let stopped = self.t >= saved.record.duration;
        let referee = &self.referees[if stopped { i + 1 } else { i }];
        let verdict = stopped.then(|| referee.last_verdict().cloned()).flatten();
        let sheet = referee.sheet();
        if self.paths[i].is_none() {
            let before = &self.referees[i];
            let lay_out: Vec<_> = before.positions().iter().map(|(&b, &p)| (b, p)).collect();
            self.paths[i] = Some(with_paths(
                &self.config,
                &self.table,
                &lay_out,
                &saved.record,
            ));
        }
        Some(Viewed {
            number: i + 1,
            of: self.saved.strokes.len(),
            record: self.paths[i].as_ref()?,
            t: self.t,
            speed: self.clock.speed(),
            paused: self.clock.paused,
            verdict,
            sheet,
        })
    }
}

/// `record` played again from `lay_out` with its paths sampled: the same record, with
/// paths, where its stroke can be found again (`stroke_that_played`); else `record`.
fn with_paths(
    config: &Config,
    table: &TableGeometry,
    lay_out: &[(BallId, DVec2)],
    record: &ShotRecord,
) -> ShotRecord {
    let replayed = stroke_that_played(config, table, lay_out, record).and_then(|stroke| {
        let mut sim = TableSim::new(config, table.clone());
        sim.place(lay_out).ok()?;
        sim.strike(&[stroke], Some(DIAGRAM_SAMPLE_HZ)).ok()?;
        Some(sim.run_to_rest())
    });
    replayed
        .filter(|r| r.events == record.events && r.final_positions == record.final_positions)
        .unwrap_or_else(|| record.clone())
}

/// The stroke whose record, played from `lay_out`, is `record`: a record keeps the ball's
/// launch speed, not the stroke's (the tip's offset and the cue's elevation take some of
/// it), so the stroke's speed is found again from the strike model: the speeds that give
/// that launch speed to the bit, the one whose whole record is the same. None where no
/// speed near it does (a record of another build's physics).
pub fn stroke_that_played(
    config: &Config,
    table: &TableGeometry,
    lay_out: &[(BallId, DVec2)],
    record: &ShotRecord,
) -> Option<Stroke> {
    let struck = record.events.iter().find_map(|e| e.kind.struck())?;
    let played = |speed: f64| {
        let mut sim = TableSim::new(config, table.clone());
        sim.place(lay_out).ok()?;
        sim.strike(&[Stroke { speed, ..struck }], None).ok()?;
        Some(sim)
    };
    let launched = |speed: f64| match played(speed)?.events().first()?.kind {
        EventKind::Strike { speed, .. } => Some(speed),
        _ => None,
    };
    let wanted = struck.speed;
    // The launch is near proportional to the stroke's speed.
    let mut speed = wanted;
    for _ in 0..4 {
        let got = launched(speed)?;
        if got == wanted {
            break;
        }
        speed *= wanted / got;
    }
    // That speed and its neighbours, ulp by ulp: those that launch at the recorded speed,
    // then the one that plays the whole record.
    let bits = speed.to_bits();
    std::iter::once(bits)
        .chain((1..=64u64).flat_map(|k| [bits + k, bits - k]))
        .map(f64::from_bits)
        .filter(|&s| launched(s) == Some(wanted))
        .find(|&s| played(s).is_some_and(|mut sim| sim.run_to_rest() == *record))
        .map(|speed| Stroke { speed, ..struck })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::tests::roll;
    use crate::play::{Command, MatchSettings, Phase, Play};

    /// Three strokes of a match played at the table, and its save.
    fn three_strokes(config: &Config) -> SavedMatch {
        let path = crate::test_support::fresh_dir("viewer").join("match.json");
        let settings = MatchSettings {
            game: "korean_four_ball".to_owned(),
            ..MatchSettings::defaults(config, vec!["Ann".into(), "Bob".into()])
        };
        let mut play = Play::online(config, settings, Some(path.clone()), None);
        for direction in [10.0, 100.0, 200.0] {
            let ball = play.cue_ball();
            play.apply(Command::Strike(Stroke {
                side: 0.3,
                ..Stroke::new(ball, direction, 3.0)
            }));
            roll(&mut play);
            while matches!(play.phase(), Phase::Verdict | Phase::Spotting) {
                play.apply(Command::Continue);
            }
        }
        SavedMatch::read(&path).unwrap().unwrap()
    }

    #[test]
    fn the_viewer_plays_a_saved_match_stroke_by_stroke_with_its_paths_and_sheet() {
        let config = Config::defaults();
        let saved = three_strokes(&config);
        let mut viewer = MatchViewer::open(&config, saved.clone()).unwrap();
        let shown = |v: &mut MatchViewer| {
            let seen = v.viewed().unwrap();
            (seen.number, seen.t, seen.paused, seen.verdict.is_some())
        };
        assert_eq!(shown(&mut viewer), (1, 0.0, true, false));
        // Each stroke's paths made again end where its balls stopped.
        for number in 1..=3 {
            viewer.jump(number);
            let seen = viewer.viewed().unwrap();
            assert_eq!(seen.record.events, saved.strokes[number - 1].record.events);
            for (ball, path) in &seen.record.trajectories {
                let end = &seen.record.final_positions[ball];
                let last = path.last().unwrap();
                assert!((last[1] - end.x).abs() < 1e-9 && (last[2] - end.y).abs() < 1e-9);
            }
            assert!(!seen.record.trajectories.is_empty(), "stroke {number}");
        }
        // Played on at double speed, the first stroke gives way to the second.
        viewer.jump(1);
        viewer.faster(2);
        viewer.toggle_pause();
        let first = saved.strokes[0].record.duration;
        viewer.advance(first / 2.0, 0.0);
        assert_eq!(shown(&mut viewer), (1, first, false, true));
        viewer.advance(HOLD_S, 0.0);
        assert_eq!(shown(&mut viewer), (2, 0.0, false, false));
        // Steps pause it; the sheet is the referee's as the match stood.
        viewer.advance(0.0, 3.0);
        assert_eq!(
            shown(&mut viewer),
            (2, 3.0 * crate::play::playback::STEP_S, true, false)
        );
        let before_second = {
            let mut first = saved.clone();
            first.strokes.truncate(1);
            first.referee(&config).unwrap().sheet()
        };
        assert_eq!(viewer.viewed().unwrap().sheet, before_second);
        // At the last stroke's end it stays.
        viewer.jump(99);
        viewer.toggle_pause();
        viewer.advance(1_000.0, 0.0);
        let last = viewer.viewed().unwrap();
        assert_eq!((last.number, last.of, last.paused), (3, 3, true));
        assert_eq!(last.sheet, saved.referee(&config).unwrap().sheet());
    }

    #[test]
    fn every_saved_version_opens_in_the_viewer() {
        let config = Config::defaults();
        for name in ["v1-gameover.json", "v2-10-gameover.json"] {
            let path = crate::test_support::repo("tests/data/saves").join(name);
            let saved = SavedMatch::read(&path).unwrap().unwrap();
            let mut viewer = MatchViewer::open(&config, saved.clone()).unwrap();
            viewer.jump(saved.strokes.len());
            viewer.advance(0.0, 1e6);
            let last = viewer.viewed().unwrap();
            assert_eq!(
                last.sheet,
                saved.referee(&config).unwrap().sheet(),
                "{name}"
            );
            assert_eq!(
                last.record.final_positions,
                saved.strokes.last().unwrap().record.final_positions
            );
        }
    }
}
