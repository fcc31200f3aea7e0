//! Share codes: a match, or one stroke, as a compact text (its JSON deflated, in URL-safe
//! base64, behind a prefix that says what it holds) with the physics fingerprint of the
//! build that made it. A match's code holds its set-up and each stroke's input, not its
//! records: opening it re-simulates the strokes from the set-up, which gives the same
//! bits on a build with the same fingerprint (`SharedMatch::physics`: where it differs,
//! the match still plays, perhaps otherwise). A stroke's code holds the lay-out and the
//! stroke, to be opened in practice as a position.

use super::message::{pack, unpack};
use super::refusal::PackedRecordError;
use crate::config::Config;
use crate::physics::{ShotError, TableSim};
use crate::play::positions::Position;
use crate::play::stroke_that_played;
use crate::play::{MatchSettings, SavedMatch, SavedPhase, SavedStroke, StartError};
use crate::shot::{BallId, Stroke};
use crate::table::TableGeometry;
use serde::{Deserialize, Serialize};

/// What a match's code starts with (its version after the name).
pub const MATCH_CODE: &str = "carom-match-1.";
const MATCH: &str = MATCH_CODE;
/// What a stroke's code starts with.
pub const STROKE_CODE: &str = "carom-stroke-1.";
const STROKE: &str = STROKE_CODE;
/// The most a code may unpack to, bytes (a long match is tens of kilobytes).
const MAX_CODE_BYTES: u64 = 4 << 20;

/// A match as its code holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SharedMatch {
    /// The physics fingerprint of the build that shared it.
    pub physics: String,
    pub settings: MatchSettings,
    pub breaker: usize,
    pub breaker_ball: BallId,
    #[serde(default)]
    pub break_offset_m: Option<f64>,
    /// Each stroke's input, in order.
    pub strokes: Vec<SharedStroke>,
}

/// One stroke of a shared match: what was played, declared and called.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SharedStroke {
    pub stroke: Stroke,
    #[serde(default)]
    pub declared_safety: bool,
    /// Taken back by rule 22.
    #[serde(default)]
    pub restored: bool,
}

/// A stroke as its code holds it: the position (lay-out, cue ball, stroke) and the
/// fingerprint of the build that shared it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SharedPosition {
    pub physics: String,
    pub position: Position,
}

/// Why a code cannot be made or opened.
#[derive(Clone, Debug, PartialEq)]
pub enum ShareError {
    /// It does not start as a code of this kind and version does.
    NotACode { expected: &'static str },
    /// Its text does not unpack.
    Packed(PackedRecordError),
    /// It unpacks, but not to what its prefix says: what the decoder said.
    NotWhatItSays(String),
    /// A saved stroke (numbered from 1) whose record holds no strike, or one that no
    /// stroke plays again with this build's physics.
    NoStrike { number: usize },
    /// The match cannot be set up, or a stroke judged, with this build's config.
    Replay(StartError),
    /// A stroke (numbered from 1) the table refuses where the match has the balls.
    Unplayable { number: usize, error: ShotError },
}

impl std::error::Error for ShareError {}

impl SharedMatch {
    /// The code of `saved` (its set-up and each stroke's input) under `physics`, played
    /// with `config`.
    pub fn code_of(
        saved: &SavedMatch,
        physics: &str,
        config: &Config,
    ) -> Result<String, ShareError> {
        let table = table_of(&saved.settings, config)?;
        let referees = saved.referees(config).map_err(ShareError::Replay)?;
        let mut strokes = Vec::new();
        for (i, (s, before)) in saved.strokes.iter().zip(&referees).enumerate() {
            let lay_out: Vec<_> = before.positions().iter().map(|(&b, &p)| (b, p)).collect();
            let stroke = stroke_that_played(config, &table, &lay_out, &s.record)
                .ok_or(ShareError::NoStrike { number: i + 1 })?;
            strokes.push(SharedStroke {
                stroke,
                declared_safety: s.declared_safety,
                restored: s.outside_interference,
            });
        }
        let shared = SharedMatch {
            physics: physics.to_owned(),
            settings: saved.settings.clone(),
            breaker: saved.breaker,
            breaker_ball: saved.breaker_ball,
            break_offset_m: saved.break_offset_m,
            strokes,
        };
        Ok(format!("{MATCH}{}", pack(&shared)))
    }

    /// The match in `code`.
    pub fn open(code: &str) -> Result<SharedMatch, ShareError> {
        open(code, MATCH)
    }

    /// The match re-simulated with `config`: each stroke played from where the referee
    /// has the balls, to rest, and judged; the save it makes (`carom referee` reads it).
    pub fn replay(&self, config: &Config) -> Result<SavedMatch, ShareError> {
        let table = table_of(&self.settings, config)?;
        let mut saved = SavedMatch::new(
            self.settings.clone(),
            self.breaker,
            self.breaker_ball,
            &[],
            SavedPhase::Aiming,
        );
        saved.break_offset_m = self.break_offset_m;
        let mut referee = saved.referee(config).map_err(ShareError::Replay)?;
        for (i, shared) in self.strokes.iter().enumerate() {
            let lay_out: Vec<_> = referee.positions().iter().map(|(&b, &p)| (b, p)).collect();
            let mut sim = TableSim::new(config, table.clone());
            let unplayable = |error| ShareError::Unplayable {
                number: i + 1,
                error,
            };
            sim.place(&lay_out)
                .map_err(|e| unplayable(ShotError::Place(e)))?;
            sim.strike(&[shared.stroke], None)
                .map_err(|e| unplayable(ShotError::Strike(e)))?;
            let stroke = SavedStroke {
                record: sim.run_to_rest(),
                declared_safety: shared.declared_safety,
                outside_interference: shared.restored,
                ..SavedStroke::default()
            };
            referee.judge(&stroke.played()).map_err(|error| {
                ShareError::Replay(StartError::Stroke {
                    number: i + 1,
                    error,
                })
            })?;
            saved.strokes.push(stroke);
        }
        // Where play stands after the last stroke.
        saved.at = Some(if referee.is_over() {
            SavedPhase::GameOver
        } else {
            SavedPhase::Aiming
        });
        Ok(saved)
    }
}

impl SharedPosition {
    /// The code of `position` under `physics`.
    pub fn code_of(position: &Position, physics: &str) -> String {
        let shared = SharedPosition {
            physics: physics.to_owned(),
            position: position.clone(),
        };
        format!("{STROKE}{}", pack(&shared))
    }

    /// The position in `code`.
    pub fn open(code: &str) -> Result<SharedPosition, ShareError> {
        open(code, STROKE)
    }
}

fn table_of(settings: &MatchSettings, config: &Config) -> Result<TableGeometry, ShareError> {
    TableGeometry::new(&config.tables, Some(&settings.table), &config.balls)
        .map_err(|e| ShareError::Replay(StartError::Unknown(e)))
}

/// What the code of kind `prefix` holds.
fn open<T: serde::de::DeserializeOwned>(code: &str, prefix: &'static str) -> Result<T, ShareError> {
    let packed = code
        .trim()
        .strip_prefix(prefix)
        .ok_or(ShareError::NotACode { expected: prefix })?;
    let json = unpack(packed, MAX_CODE_BYTES).map_err(ShareError::Packed)?;
    serde_json::from_slice(&json).map_err(|e| ShareError::NotWhatItSays(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::{Move, Snapshot, seat_to_act};
    use crate::play::{Command, Phase, Play};

    /// A hot-seat match of two beginners played as the game plays it (the table's clock
    /// in frames of 37.1 ms), and its save.
    fn a_match_played(config: &Config) -> SavedMatch {
        let path = crate::test_support::fresh_dir("share").join("match.json");
        let mut settings = MatchSettings::defaults(config, vec!["Ann".into(), "Bob".into()]);
        settings.target = 2;
        settings.innings_limit = Some(3);
        let mut play = Play::online(config, settings, Some(path.clone()), None);
        let level = config.computer.level("beginner").unwrap().clone();
        for seed in 0..100_000 {
            match play.phase() {
                Phase::Rolling | Phase::LagRolling => play.advance(0.0371),
                Phase::LagResult | Phase::Verdict | Phase::Spotting => {
                    play.apply(Command::Continue)
                }
                Phase::GameOver => break,
                _ => {
                    let seat = seat_to_act(&play).expect("a seat acts");
                    let (safety, stroke) = match Snapshot::of(&play, seat).decide(&level, seed, 1) {
                        Some(Move::Lag(stroke)) => {
                            play.apply(Command::LagReady(stroke));
                            continue;
                        }
                        Some(Move::ChooseBreak { break_it, ball }) => {
                            play.apply(Command::ChooseBreak { break_it, ball });
                            continue;
                        }
                        Some(Move::Break {
                            offset,
                            decision,
                            played,
                        }) => {
                            if let Some(offset) = offset {
                                play.apply(Command::MoveBreakBall(offset));
                            }
                            (decision.declare_safety, played)
                        }
                        Some(Move::Stroke { decision, played }) => {
                            (decision.declare_safety, played)
                        }
                        None => panic!("no move"),
                    };
                    play.apply(Command::DeclareSafety(safety));
                    play.apply(Command::Strike(stroke));
                }
            }
        }
        assert_eq!(play.phase(), Phase::GameOver);
        SavedMatch::read(&path).unwrap().unwrap()
    }

    #[test]
    fn a_shared_match_replays_to_the_same_records_and_sheet() {
        let config = Config::defaults();
        let saved = a_match_played(&config);
        let code = SharedMatch::code_of(&saved, "0123456789abcdef", &config).unwrap();
        let json = serde_json::to_string(&saved).unwrap().len();
        println!(
            "{} strokes: a code of {} characters (the save: {json} bytes of JSON)",
            saved.strokes.len(),
            code.len()
        );
        assert!(code.starts_with("carom-match-1."));
        assert!(
            code.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        );
        let opened = SharedMatch::open(&code).unwrap();
        assert_eq!(opened.physics, "0123456789abcdef");
        let replayed = opened.replay(&config).unwrap();
        // The same bits, stroke by stroke, and so the same sheet.
        assert_eq!(replayed.strokes, saved.strokes);
        assert_eq!(
            replayed.referee(&config).unwrap().sheet(),
            saved.referee(&config).unwrap().sheet()
        );
        assert_eq!(replayed.at, Some(SavedPhase::GameOver));
    }

    #[test]
    fn a_shared_position_opens_to_the_same_position() {
        let config = Config::defaults();
        let position = crate::play::bundled::positions(None).0.remove(0).1;
        let code = SharedPosition::code_of(&position, "0123456789abcdef");
        assert!(code.starts_with("carom-stroke-1."));
        let opened = SharedPosition::open(&code).unwrap();
        assert_eq!(opened.position, position);
        assert!(config.games.game(&opened.position.game).is_ok());
    }

    #[test]
    fn what_is_not_a_code_is_told_apart() {
        let stroke = SharedPosition::code_of(&crate::play::bundled::positions(None).0[0].1, "x");
        assert_eq!(
            SharedMatch::open(&stroke),
            Err(ShareError::NotACode {
                expected: "carom-match-1."
            })
        );
        assert_eq!(
            SharedMatch::open("carom-match-1.not base64!"),
            Err(ShareError::Packed(PackedRecordError::NotBase64))
        );
        assert_eq!(
            SharedMatch::open("carom-match-1.AAAA"),
            Err(ShareError::Packed(PackedRecordError::DoesNotInflate))
        );
        let not_a_match = format!("carom-match-1.{}", pack(&vec![1, 2, 3]));
        assert!(matches!(
            SharedMatch::open(&not_a_match),
            Err(ShareError::NotWhatItSays(_))
        ));
        // 8 MiB of JSON that packs small is refused past the limit.
        let bomb = format!("carom-match-1.{}", pack(&vec![0u8; 8 << 20]));
        assert!(matches!(
            SharedMatch::open(&bomb),
            Err(ShareError::Packed(PackedRecordError::TooLarge { .. }))
        ));
    }
}
