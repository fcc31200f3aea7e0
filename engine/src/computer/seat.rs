//! A computer in a seat of a match: which seat must act now, and what it does in each
//! phase — lags (rule 5), chooses to break or pass and its cue ball (rules 4, 6), sets
//! the break ball on the head string (rule 7) and plays its strokes. The decision is
//! made from a snapshot of the table, so that it can be made off the game's thread.

use super::{Decision, choose, execute};
use crate::config::{Config, Level};
use crate::math::DVec2;
use crate::play::{GOOD_LAG_BAND_M, Phase, Play, good_lag_speeds};
use crate::random::Rng;
use crate::rules::{MatchSetup, Referee};
use crate::shot::{BallId, Stroke};
use crate::table::TableGeometry;
use std::collections::BTreeMap;

/// What a computer seat does.
#[derive(Clone, Debug, PartialEq)]
pub enum Move {
    /// Its lag stroke, error included.
    Lag(Stroke),
    /// Break (or pass the break) with this ball.
    ChooseBreak { break_it: bool, ball: BallId },
    /// Move the break ball this far left of the head spot (rule 7; None: leave it),
    /// then play: `played` is the stroke `decision` chose with the error drawn.
    Break {
        offset: Option<f64>,
        decision: Decision,
        played: Stroke,
    },
    /// Declare a safety if the decision says so, then play `played`.
    Stroke { decision: Decision, played: Stroke },
}

/// The seat (an index into the seated players) that must act now; None while the
/// balls roll, a lag result, a verdict or the spotting shows (whoever reads it goes on)
/// and once the game is over.
pub fn seat_to_act(play: &Play) -> Option<usize> {
    match play.phase() {
        Phase::Lag => play.lag_turn().map(|t| t.player),
        Phase::ChooseBreak => play.lag().and_then(|lag| lag.winner),
        Phase::BreakSetup | Phase::Aiming => Some(play.player()),
        _ => None,
    }
}

/// The computer's lag with `ball` from `from`: straight at the foot cushion with a
/// little follow, at the middle of the speeds that come back to rest near the head
/// cushion (rule 5), played with `level`'s error.
pub fn lag_stroke(
    config: &Config,
    table: &TableGeometry,
    ball: BallId,
    from: DVec2,
    level: &Level,
    rng: &mut Rng,
) -> Option<Stroke> {
    let lagger = Stroke {
        height: 0.2,
        ..Stroke::new(ball, 0.0, 1.0)
    };
    let (soft, firm) = good_lag_speeds(config, table, &lagger, from, GOOD_LAG_BAND_M)?;
    let aim = Stroke {
        speed: 0.5 * (soft + firm),
        ..lagger
    };
    Some(execute(&aim, &level.error, rng))
}

/// What the computer needs of the table to decide.
#[derive(Clone, Debug)]
pub struct Snapshot {
    config: Config,
    phase: Phase,
    seat: usize,
    table: TableGeometry,
    /// The match in play, with the balls where the table has them.
    referee: Option<Referee>,
    /// The match as it would start with this seat breaking (ChooseBreak).
    breaking: Option<Referee>,
    lag_ball: BallId,
    /// Where the lag ball stands.
    lag_from: DVec2,
}

impl Snapshot {
    /// The table as `seat` finds it.
    pub fn of(play: &Play, seat: usize) -> Snapshot {
        let config = play.config().clone();
        let lay_out: BTreeMap<BallId, DVec2> = play.sim().lay_out().into_iter().collect();
        let referee = play.referee().map(|r| r.what_if(lay_out));
        let settings = play.settings();
        let breaking = (play.phase() == Phase::ChooseBreak)
            .then(|| {
                let rules = config.games.game(&settings.game).ok()?;
                let setup = MatchSetup {
                    players: settings.seated(),
                    target: settings.target,
                    targets: settings.seated_targets(),
                    innings_limit: settings.innings_limit,
                    breaker: seat,
                    breaker_ball: BallId::White,
                };
                Referee::new(rules, &config.games.referee, play.table().clone(), setup).ok()
            })
            .flatten();
        Snapshot {
            phase: play.phase(),
            seat,
            table: play.table().clone(),
            referee,
            breaking,
            lag_ball: play.lag_turn().map_or(BallId::White, |t| t.ball),
            lag_from: play
                .lag_turn()
                .map_or_else(|| crate::play::lag_start(play.table()), |t| t.position),
            config,
        }
    }

    /// What `level` does here, searching on `workers` threads; `seed` draws its errors.
    pub fn decide(&self, level: &Level, seed: u64, workers: usize) -> Option<Move> {
        let mut rng = Rng(seed);
        match self.phase {
            Phase::Lag => lag_stroke(
                &self.config,
                &self.table,
                self.lag_ball,
                self.lag_from,
                level,
                &mut rng,
            )
            .map(Move::Lag),
            Phase::ChooseBreak => {
                // Break when the break is more likely made than not; else let the
                // opponent break.
                let p =
                    choose(&self.config, self.breaking.as_ref()?, level, seed, workers)?.p_score;
                Some(Move::ChooseBreak {
                    break_it: p >= 0.5,
                    ball: BallId::White,
                })
            }
            Phase::BreakSetup => {
                let referee = self.referee.as_ref()?;
                let ball = referee.cue_ball();
                let reach = self.table.break_offset;
                // Where the game's set-up allows it, the three places: either end of
                // the six inches and the head spot's own line.
                let offsets: &[f64] = if referee.game().breaker_on_head_string() {
                    &[-reach, 0.0, reach]
                } else {
                    &[]
                };
                let mut tries = vec![(None, referee.clone())];
                for &offset in offsets {
                    let mut lay_out = referee.positions().clone();
                    let at = self.table.break_position(offset);
                    lay_out.insert(ball, at);
                    let clear = lay_out
                        .iter()
                        .all(|(b, p)| *b == ball || p.distance(at) >= 2.0 * self.table.ball_radius);
                    if clear {
                        tries.push((Some(offset), referee.what_if(lay_out)));
                    }
                }
                let (offset, decision) = tries
                    .into_iter()
                    .filter_map(|(offset, r)| {
                        Some((offset, choose(&self.config, &r, level, seed, workers)?))
                    })
                    .max_by(|a, b| a.1.p_score.total_cmp(&b.1.p_score))?;
                let played = execute(&decision.stroke, &level.error, &mut rng);
                Some(Move::Break {
                    offset,
                    decision,
                    played,
                })
            }
            Phase::Aiming => {
                let decision = choose(&self.config, self.referee.as_ref()?, level, seed, workers)?;
                let played = execute(&decision.stroke, &level.error, &mut rng);
                Some(Move::Stroke { decision, played })
            }
            _ => None,
        }
    }

    pub fn seat(&self) -> usize {
        self.seat
    }
}
