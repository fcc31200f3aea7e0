//! The lag (rule 5) at the table: each player in turn puts their ball behind the head
//! string on their side of the head spot and sets up a stroke, hidden from the other;
//! then both balls are struck at the same moment in one simulation and the referee
//! decides. In lag training one player lags alone, and the lags are tallied.

use crate::math::DVec2;
use crate::rules::{LagBall, LagVerdict, Lagger, Side};
use crate::shot::{BallId, Stroke};
use crate::table::TableGeometry;

/// Trajectory samples per second in a lag: the referee looks for a crossing of the long
/// axis between them.
pub(super) const LAG_SAMPLE_HZ: f64 = 500.0;

/// Where a lag ball starts, m to the side of the long axis on the head string.
const START_Y: f64 = 0.35;

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
    /// string on either side.
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

/// Lag training so far: how many lags, the best clean distance, the last lag.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LagLog {
    pub lags: u32,
    pub best_mm: Option<f64>,
    pub last: Option<LagBall>,
}

impl LagLog {
    pub(super) fn add(&mut self, ball: &LagBall) {
        self.lags += 1;
        if ball.faults.is_empty()
            && let Some(d) = ball.distance_mm
        {
            self.best_mm = Some(self.best_mm.map_or(d, |best| best.min(d)));
        }
        self.last = Some(ball.clone());
    }
}
