//! Lag training's statistics: every lag of the session (its speed, its distance to the
//! head cushion, a rule-5 fault), their summary against the player's target band, and
//! the history of sessions kept in the data folder (`lag-history.ron`).

use super::files::FileError;
use crate::math::DVec2;
use crate::rules::LagBall;
use crate::shot::Stroke;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One lag of a session.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LagAttempt {
    /// The launch speed, m/s.
    pub speed: f64,
    /// The whole stroke and where the ball stood (a ghost lags it again); absent in
    /// histories written before they were kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stroke: Option<(Stroke, [f64; 2])>,
    /// Distance to the head cushion, mm; None when the ball did not come to rest on
    /// the bed.
    pub distance_mm: Option<f64>,
    /// One of rule 5's automatic losses (short of the foot cushion, crossing into the
    /// other half, the red, off the table).
    pub fault: bool,
}

/// Lag training so far: every lag and the last one's judgement.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LagLog {
    pub attempts: Vec<LagAttempt>,
    pub last: Option<LagBall>,
}

impl LagLog {
    pub(super) fn add(&mut self, ball: &LagBall, stroke: Stroke, from: DVec2) {
        self.attempts.push(LagAttempt {
            speed: stroke.speed,
            stroke: Some((stroke, [from.x, from.y])),
            distance_mm: ball.distance_mm,
            fault: !ball.faults.is_empty(),
        });
        self.last = Some(ball.clone());
    }

    /// The best clean lag with its stroke (a ghost's to lag again).
    pub fn best(&self) -> Option<&LagAttempt> {
        self.attempts
            .iter()
            .filter(|a| !a.fault && a.stroke.is_some())
            .filter(|a| a.distance_mm.is_some())
            .min_by(|a, b| {
                a.distance_mm
                    .partial_cmp(&b.distance_mm)
                    .expect("distances")
            })
    }

    /// The distances of the clean lags, mm.
    fn clean(&self) -> impl Iterator<Item = f64> + '_ {
        self.attempts
            .iter()
            .filter(|a| !a.fault)
            .filter_map(|a| a.distance_mm)
    }

    /// Clean lags that stopped within `band_mm` of the head cushion (the player's
    /// target band).
    pub fn within(&self, band_mm: f64) -> usize {
        self.clean().filter(|&d| d <= band_mm).count()
    }

    /// The session's figures.
    pub fn summary(&self) -> LagSummary {
        let clean: Vec<f64> = self.clean().collect();
        let n = clean.len() as f64;
        let mean = (!clean.is_empty()).then(|| clean.iter().sum::<f64>() / n);
        let spread = mean
            .filter(|_| clean.len() > 1)
            .map(|m| (clean.iter().map(|d| (d - m).powi(2)).sum::<f64>() / (n - 1.0)).sqrt());
        LagSummary {
            lags: self.attempts.len(),
            faults: self.attempts.iter().filter(|a| a.fault).count(),
            mean_mm: mean,
            best_mm: clean.iter().copied().reduce(f64::min),
            spread_mm: spread,
        }
    }
}

/// A session's figures.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LagSummary {
    pub lags: usize,
    /// Lags lost by rule 5's automatic losses.
    pub faults: usize,
    /// Mean, best and spread (sample standard deviation) of the clean lags' distances.
    pub mean_mm: Option<f64>,
    pub best_mm: Option<f64>,
    pub spread_mm: Option<f64>,
}

impl LagSummary {
    /// The share of lags lost to a fault, 0 to 1.
    pub fn fault_rate(&self) -> f64 {
        if self.lags == 0 {
            0.0
        } else {
            self.faults as f64 / self.lags as f64
        }
    }
}

/// One past session.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LagSession {
    /// When it started, seconds since 1970.
    pub started: u64,
    pub summary: LagSummary,
    /// The target band then, and the clean lags within it.
    pub band_mm: f64,
    pub within_band: usize,
    pub attempts: Vec<LagAttempt>,
}

/// The sessions of lag training, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LagHistory {
    pub sessions: Vec<LagSession>,
}

impl LagHistory {
    /// The history at `path`: none yet is empty; a file that cannot be read is an error
    /// naming it (and is left as it is).
    pub fn read(path: &Path) -> Result<LagHistory, FileError> {
        super::read_ron_or_default(path)
    }

    /// Puts this session's figures in (replacing its earlier entry) and writes the file.
    pub fn record(
        &mut self,
        path: &Path,
        started: u64,
        log: &LagLog,
        band_mm: f64,
    ) -> Result<(), FileError> {
        let session = LagSession {
            started,
            summary: log.summary(),
            band_mm,
            within_band: log.within(band_mm),
            attempts: log.attempts.clone(),
        };
        match self.sessions.iter_mut().find(|s| s.started == started) {
            Some(entry) => *entry = session,
            None => self.sessions.push(session),
        }
        super::write_ron(path, self)
    }
}

/// Lag training's earlier sessions, for the statistics: how many, the last one's
/// figures and the best lag of them all, mm.
#[derive(Clone, Debug, PartialEq)]
pub struct Before {
    pub sessions: usize,
    pub last: LagSummary,
    pub best_ever_mm: Option<f64>,
}

/// One session of lag training and the history it goes into: read when the session
/// starts, this session's entry written again after each lag; a history file that
/// cannot be read or written is told once and left as it is.
#[derive(Debug)]
pub struct LagDiary {
    /// When this session started, s since 1970: its key in the history.
    started: u64,
    path: PathBuf,
    history: LagHistory,
    problem: Option<FileError>,
}

impl LagDiary {
    /// A session starting now, over the history at `paths`.
    pub fn open(paths: &super::StoragePaths) -> LagDiary {
        let path = paths.lag_history();
        let (history, problem) = match LagHistory::read(&path) {
            Ok(history) => (history, None),
            Err(e) => (LagHistory::default(), Some(e)),
        };
        LagDiary {
            started: super::now_s(),
            path,
            history,
            problem,
        }
    }

    /// This session's lags so far (`log`, with the target band then) written into the
    /// history, unless its file is in trouble.
    pub fn record(&mut self, log: &LagLog, band_mm: f64) {
        if self.problem.is_some() {
            return;
        }
        if let Err(e) = self.history.record(&self.path, self.started, log, band_mm) {
            self.problem = Some(e);
        }
    }

    /// The sessions before this one; none the first time.
    pub fn before(&self) -> Option<Before> {
        let earlier: Vec<&LagSession> = self
            .history
            .sessions
            .iter()
            .filter(|past| past.started != self.started)
            .collect();
        earlier.last().map(|last| Before {
            sessions: earlier.len(),
            last: last.summary,
            best_ever_mm: earlier
                .iter()
                .filter_map(|past| past.summary.best_mm)
                .reduce(f64::min),
        })
    }

    /// The history file that could not be read or written.
    pub fn problem(&self) -> Option<&FileError> {
        self.problem.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shot::BallId;
    use crate::test_support::fresh_dir;

    fn lag(distance_mm: f64, fault: bool) -> LagBall {
        LagBall {
            ball: BallId::White,
            side: crate::rules::Side::Left,
            touched_foot_cushion: !fault,
            faults: if fault {
                vec![crate::rules::LagFault::NoFootCushion]
            } else {
                Vec::new()
            },
            distance_mm: Some(distance_mm),
        }
    }

    #[test]
    fn the_summary_counts_faults_and_measures_only_clean_lags() {
        let mut log = LagLog::default();
        for (d, fault) in [(40.0, false), (900.0, true), (80.0, false), (120.0, false)] {
            log.add(
                &lag(d, fault),
                Stroke::new(BallId::White, 0.0, 1.2),
                DVec2::ZERO,
            );
        }
        let s = log.summary();
        assert_eq!(
            (s.lags, s.faults, log.within(50.0), log.within(100.0)),
            (4, 1, 1, 2)
        );
        assert_eq!(s.fault_rate(), 0.25);
        assert_eq!(s.best_mm, Some(40.0));
        assert_eq!(s.mean_mm, Some(80.0));
        // Sample standard deviation of 40, 80, 120.
        assert!((s.spread_mm.unwrap() - 40.0).abs() < 1e-9);
        assert_eq!(LagLog::default().summary().mean_mm, None);
    }

    #[test]
    fn the_history_keeps_one_entry_a_session_and_a_corrupt_file_is_named_and_kept() {
        let path = fresh_dir("lag-history").join("lag-history.ron");
        assert_eq!(LagHistory::read(&path), Ok(LagHistory::default()));
        let mut log = LagLog::default();
        log.add(
            &lag(60.0, false),
            Stroke::new(BallId::White, 0.0, 1.1),
            DVec2::ZERO,
        );
        let mut history = LagHistory::default();
        history.record(&path, 100, &log, 50.0).unwrap();
        log.add(
            &lag(30.0, false),
            Stroke::new(BallId::White, 0.0, 1.15),
            DVec2::ZERO,
        );
        history.record(&path, 100, &log, 50.0).unwrap();
        history
            .record(&path, 200, &LagLog::default(), 50.0)
            .unwrap();
        let read = LagHistory::read(&path).unwrap();
        assert_eq!(read, history);
        assert_eq!(read.sessions.len(), 2);
        assert_eq!(read.sessions[0].summary.lags, 2);
        std::fs::write(&path, "(sessions: [(started: ").unwrap();
        let error = LagHistory::read(&path).unwrap_err();
        assert!(error.to_string().contains("lag-history.ron:1:"), "{error}");
        assert!(path.exists());
    }

    #[test]
    fn a_diary_keeps_this_session_beside_the_earlier_ones_and_leaves_a_broken_file_alone() {
        let paths = crate::play::StoragePaths::in_folder(&fresh_dir("lag-diary"));
        let mut log = LagLog::default();
        log.add(
            &lag(40.0, false),
            Stroke::new(BallId::White, 0.0, 1.2),
            DVec2::ZERO,
        );
        let mut first = LagDiary::open(&paths);
        assert_eq!(first.before(), None);
        first.record(&log, 50.0);
        first.record(&log, 50.0);
        assert_eq!(first.problem(), None);
        let mut second = LagDiary::open(&paths);
        second.started += 1;
        let before = second.before().unwrap();
        assert_eq!((before.sessions, before.best_ever_mm), (1, Some(40.0)));
        second.record(&log, 50.0);
        assert_eq!(
            LagHistory::read(&paths.lag_history())
                .unwrap()
                .sessions
                .len(),
            2
        );

        std::fs::write(paths.lag_history(), "(sessions: [").unwrap();
        let mut broken = LagDiary::open(&paths);
        assert!(broken.problem().is_some());
        broken.record(&log, 50.0);
        assert_eq!(
            std::fs::read_to_string(paths.lag_history()).unwrap(),
            "(sessions: ["
        );
    }
}
