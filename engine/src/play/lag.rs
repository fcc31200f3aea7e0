//! The lag (rule 5) at the table: each player in turn puts their ball behind the head
//! string on their side of the head spot and sets up a stroke, hidden from the other;
//! then both balls are struck at the same moment in one simulation and the referee
//! decides. In lag training one player lags alone, and the lags are tallied.

use super::table_core::TableCore;
use super::{Event, Notice, Phase};
use crate::config::Config;
use crate::math::DVec2;
use crate::physics::TableSim;
use crate::rules::{
    LagBall, LagError, LagOutcome, LagVerdict, Lagger, Side, head_cushion_gap, judge_lag,
    judge_lag_ball,
};
use crate::shot::{BallId, Cushion, EventKind, ShotRecord, Stroke};
use crate::table::TableGeometry;

/// Trajectory samples per second in a lag: the referee looks for a crossing of the long
/// axis between them.
pub(super) const LAG_SAMPLE_HZ: f64 = 500.0;

/// Where a lag ball starts, m to the side of the long axis on the head string.
const START_Y: f64 = 0.35;

/// Where a lag ball starts, m, on the head string on the left (+y) half.
pub fn lag_start(table: &TableGeometry) -> DVec2 {
    DVec2::new(table.head_string_x(), START_Y)
}

/// The distance from the head cushion a good lag stops within, m, where nobody chose
/// one (the computer lagger aims at the middle of these).
pub const GOOD_LAG_BAND_M: f64 = 0.1;

/// The launch speeds, m/s, of `stroke` (its ball, tip and elevation; its direction and
/// speed are not read) played from `from` straight at the foot cushion that come back
/// to rest within `band_m` of the head cushion without touching it (rule 5's aim), on
/// this table with this physics: the softest and the firmest.
pub fn good_lag_speeds(
    config: &Config,
    table: &TableGeometry,
    stroke: &Stroke,
    from: DVec2,
    band_m: f64,
) -> Option<(f64, f64)> {
    // Where the ball stops from the head cushion, and whether it touched the foot and
    // the head cushion.
    let lag = |speed: f64| {
        let mut sim = TableSim::new(config, table.clone());
        sim.place(&[(stroke.ball, from)]).ok()?;
        let played = Stroke {
            direction_deg: 0.0,
            speed,
            ..*stroke
        };
        sim.strike(&[played], None).ok()?;
        let record = sim.run_to_rest();
        let touched = |c: Cushion| {
            record
                .events
                .iter()
                .any(|e| matches!(e.kind, EventKind::Cushion { cushion, .. } if cushion == c))
        };
        let end = record.final_positions.get(&stroke.ball)?;
        let gap = if end.on_table {
            head_cushion_gap(table, end.x)
        } else {
            f64::INFINITY
        };
        Some((gap, touched(Cushion::Foot), touched(Cushion::Head)))
    };
    // The first speed, in steps from soft, at which `turns` holds, then narrowed down
    // between that step and the one before.
    let first = |from: f64, turns: &dyn Fn(f64) -> Option<bool>| {
        let step = 0.05;
        let mut hi = from;
        while !turns(hi)? {
            hi += step;
            if hi > 9.0 {
                return None;
            }
        }
        let mut lo = hi - step;
        for _ in 0..20 {
            let mid = 0.5 * (lo + hi);
            if turns(mid)? {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Some(hi)
    };
    // Back from the foot cushion to within the band, or on to the head cushion.
    let softest = first(0.3, &|v| {
        lag(v).map(|(gap, foot, head)| foot && (head || gap <= band_m))
    })?;
    // Touching the head cushion: too fast.
    let firmest = first(softest, &|v| lag(v).map(|(_, _, head)| head))?;
    (firmest > softest).then_some((softest, firmest))
}

/// Whom a player in lag training lags against (rule 5: both balls struck together).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum LagOpponent {
    /// Alone: the lag's own faults and distance.
    #[default]
    Alone,
    /// A computer lagger aiming at the middle of the good lags, its speed off by a
    /// relative error drawn from a normal spread (0.05: 5 %).
    Computer { spread: f64 },
    /// The player's own best lag of the session, mirrored onto the other half.
    Ghost,
}

/// One player's lag: their ball, their side of the head spot, where they put it and,
/// once ready, their (hidden) stroke.
#[derive(Clone, Debug, PartialEq)]
pub struct LagSetup {
    pub player: usize,
    pub ball: BallId,
    pub side: Side,
    pub position: DVec2,
    pub stroke: Option<Stroke>,
}

/// What the last lag came to.
#[derive(Clone, Debug, PartialEq)]
pub enum LagResult {
    /// Two players (rule 5).
    Match(LagVerdict),
    /// One player training: their ball's faults and distance.
    Training(LagBall),
}

/// The lag in progress: one set-up per player lagging, and the last result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lag {
    pub setups: Vec<LagSetup>,
    pub result: Option<LagResult>,
    /// Who won the last lag (an index into the players).
    pub winner: Option<usize>,
}

impl Lag {
    /// A fresh lag for one player (training) or two (a match), the balls on the head
    /// string on either side (`lag_start`, mirrored).
    pub(super) fn new(table: &TableGeometry, players: usize) -> Lag {
        let laggers: &[(BallId, Side)] = if players == 1 {
            &[(BallId::White, Side::Left)]
        } else {
            &[(BallId::White, Side::Left), (BallId::Dotted, Side::Right)]
        };
        let setups = laggers
            .iter()
            .enumerate()
            .map(|(player, &(ball, side))| LagSetup {
                player,
                ball,
                side,
                position: DVec2::new(
                    table.head_string_x(),
                    if side == Side::Left {
                        START_Y
                    } else {
                        -START_Y
                    },
                ),
                stroke: None,
            })
            .collect();
        Lag {
            setups,
            result: None,
            winner: None,
        }
    }

    /// Whose turn it is to set up: the index of the first lagger not yet ready.
    pub fn turn_index(&self) -> Option<usize> {
        self.setups.iter().position(|l| l.stroke.is_none())
    }

    /// The lagger whose turn it is to set up.
    pub fn turn(&self) -> Option<&LagSetup> {
        self.turn_index().map(|i| &self.setups[i])
    }

    pub(super) fn turn_mut(&mut self) -> Option<&mut LagSetup> {
        self.turn_index().map(|i| &mut self.setups[i])
    }

    /// Every lagger's ball and side, for the referee.
    pub(super) fn laggers(&self) -> Vec<Lagger> {
        self.setups
            .iter()
            .map(|l| Lagger {
                ball: l.ball,
                side: l.side,
            })
            .collect()
    }

    /// The balls of the lag: each lagger's where they put it, and, `with_red`, the red
    /// on the foot spot (rule 5; four-ball lags without its object balls).
    pub(super) fn positions(&self, table: &TableGeometry, with_red: bool) -> Vec<(BallId, DVec2)> {
        let mut positions: Vec<(BallId, DVec2)> =
            self.setups.iter().map(|l| (l.ball, l.position)).collect();
        if with_red {
            positions.push((BallId::Red, table.spot(crate::shot::Spot::Foot)));
        }
        positions
    }
}

/// Where a lagger's ball may stand: behind the head string, on their side, clear of the
/// cushions and of the long axis.
pub(super) fn lag_area(table: &TableGeometry, side: Side) -> (DVec2, DVec2) {
    let limits = table.centre_limits();
    let r = table.ball_radius;
    let (y0, y1) = match side {
        Side::Left => (r, limits.y),
        Side::Right => (-limits.y, -r),
    };
    (
        DVec2::new(-limits.x, y0),
        DVec2::new(table.head_string_x(), y1),
    )
}

/// The lag at a table, the same in a match and in lag training.
impl Lag {
    /// A fresh lag for `players` (one or two), its balls placed, play in its set-up.
    pub(super) fn begin(core: &mut TableCore, players: usize) -> Lag {
        let lag = Lag::new(core.table(), players);
        lag.place_balls(core);
        lag
    }

    /// Puts the lag's balls on the table.
    pub(super) fn place_balls(&self, core: &mut TableCore) {
        // Rule 5's exception: four-ball's red is not on the foot spot for the lag.
        let with_red = core
            .config()
            .games
            .games
            .get(&core.settings().game)
            .is_none_or(|g| !g.has_red2());
        let positions = self.positions(core.table(), with_red);
        core.place(&positions);
    }

    /// The ball of the player at the table moved to `p`, kept in their area.
    pub(super) fn move_ball(&mut self, core: &mut TableCore, p: DVec2) {
        let table = core.table().clone();
        let Some(turn) = self.turn_mut() else {
            return;
        };
        let (lo, hi) = lag_area(&table, turn.side);
        turn.position = p.clamp(lo, hi);
        self.place_balls(core);
    }

    /// The player at the table has set up `stroke` (with their own ball); the next
    /// lagger's turn, if any.
    pub(super) fn set_stroke(&mut self, stroke: Stroke) {
        if let Some(turn) = self.turn_mut() {
            turn.stroke = Some(Stroke {
                ball: turn.ball,
                ..stroke
            });
        }
    }

    /// Every lagger is ready: both balls struck at once (rule 5). A refused lag is
    /// set up again.
    pub(super) fn strike(&mut self, core: &mut TableCore) {
        if self.turn().is_some() {
            return;
        }
        let strokes: Vec<Stroke> = self.setups.iter().filter_map(|l| l.stroke).collect();
        match core.roll(&strokes, LAG_SAMPLE_HZ) {
            Ok(()) => core.enter(Phase::LagRolling),
            Err(e) => {
                for l in &mut self.setups {
                    l.stroke = None;
                }
                core.tell(Notice::NoLag(e));
            }
        }
    }

    /// The balls have stopped: rule 5's judgement (or one ball's, in training).
    pub(super) fn judge(
        &self,
        core: &mut TableCore,
        record: &ShotRecord,
    ) -> Result<LagResult, LagError> {
        core.stopped(record);
        let table = core.table();
        match self.laggers().as_slice() {
            [one] => judge_lag_ball(table, *one, record).map(LagResult::Training),
            [a, b] => core
                .config()
                .games
                .game(&core.settings().game)
                .map_err(|_| LagError::NoLag)
                .and_then(|game| {
                    judge_lag(
                        game,
                        table,
                        core.config().games.referee.lag_tolerance_mm,
                        [*a, *b],
                        record,
                    )
                })
                .map(LagResult::Match),
            _ => Err(LagError::Balls),
        }
    }

    /// The judged lag's result kept, with its winner (none in training, where nobody
    /// breaks); play shows the result.
    pub(super) fn judged(
        &mut self,
        core: &mut TableCore,
        result: Result<LagResult, LagError>,
        decides_the_break: bool,
    ) {
        match result {
            Ok(result) => {
                self.winner = match &result {
                    LagResult::Match(v) if decides_the_break => match v.outcome {
                        LagOutcome::Winner(i) => Some(self.setups[i].player),
                        LagOutcome::Repeat(_) => None,
                    },
                    _ => None,
                };
                self.result = Some(result);
                core.push(Event::LagJudged);
            }
            Err(e) => core.tell(Notice::CannotJudgeLag(e)),
        }
        core.enter(Phase::LagResult);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_lag_speeds_stop_the_ball_within_the_band_of_the_head_cushion() {
        let config = Config::defaults();
        let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
        let start = lag_start(&table);
        // Where a lag at `speed` with the tip at `height` stops, m from the head cushion,
        // and whether it touched it.
        let stops = |speed: f64, height: f64| {
            let mut sim = TableSim::new(&config, table.clone());
            sim.place(&[(BallId::White, start)]).unwrap();
            let stroke = Stroke {
                height,
                ..Stroke::new(BallId::White, 0.0, speed)
            };
            sim.strike(&[stroke], None).unwrap();
            let record = sim.run_to_rest();
            let head = record.events.iter().any(|e| {
                matches!(
                    e.kind,
                    EventKind::Cushion {
                        cushion: Cushion::Head,
                        ..
                    }
                )
            });
            let gap = head_cushion_gap(&table, record.final_positions[&BallId::White].x);
            (gap, head)
        };
        for height in [0.0, 0.4] {
            let lagger = Stroke {
                height,
                ..Stroke::new(BallId::White, 0.0, 1.0)
            };
            let (soft, firm) =
                good_lag_speeds(&config, &table, &lagger, start, 0.1).expect("a range");
            println!("tip {height:+.1}: good lags within 100 mm: {soft:.4} ..= {firm:.4} m/s");
            assert!(0.8 < soft && soft < firm && firm < soft + 0.1);
            for speed in [soft + 1e-4, 0.5 * (soft + firm), firm - 1e-4] {
                let (gap, head) = stops(speed, height);
                assert!(gap <= 0.1 + 1e-6 && !head, "{speed}: {gap} m, head {head}");
            }
            let (gap, _) = stops(soft - 0.005, height);
            assert!(gap > 0.1, "slower stops short: {gap}");
            assert!(
                stops(firm + 0.005, height).1,
                "faster touches the head cushion"
            );
        }
        // A wider band starts at softer speeds and ends at the same one.
        let lagger = Stroke::new(BallId::White, 0.0, 1.0);
        let narrow = good_lag_speeds(&config, &table, &lagger, start, 0.05).unwrap();
        let wide = good_lag_speeds(&config, &table, &lagger, start, 0.25).unwrap();
        assert!(
            wide.0 < narrow.0 && (wide.1 - narrow.1).abs() < 1e-3,
            "{wide:?} {narrow:?}"
        );
    }
}
