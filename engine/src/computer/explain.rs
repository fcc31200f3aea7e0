//! Why a stroke: the coach's explanation of the stroke it chose. The stroke is played
//! once more, its path sampled, and read: the pattern (around the table, umbrella, ...),
//! the corner-five system's numbers where the path goes round the table, the next-best
//! strokes with their patterns and chances, and what the lay-out the count leaves
//! offers (the stroke's own chance is the decision's).

use super::Decision;
use crate::config::Config;
use crate::diamond_systems::patterns::{self, Contact, Pattern};
use crate::diamond_systems::{Reading, read_corner_five};
use crate::physics::TableSim;
use crate::rules::Referee;
use crate::shot::{BallId, ShotRecord, Stroke};

/// The path is sampled this often to read its lines, Hz.
const SAMPLE_HZ: f64 = 100.0;

/// What a stroke is, as the coach tells it.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    pub cue_ball: BallId,
    /// The cue ball's contacts up to the count.
    pub route: Vec<Contact>,
    pub pattern: Pattern,
    /// The corner-five numbers of a path round the table.
    pub system: Option<Reading>,
    /// Beside a stroke that scores, the next-best ones; beside a safety, the best
    /// attempts to score that it was preferred to.
    pub alternatives: Vec<Alternative>,
    /// The stroke is a declared safety.
    pub safety: bool,
    /// The share of strokes that score from the lay-out the count leaves.
    pub leave_share: Option<f64>,
}

/// A next-best stroke.
#[derive(Clone, Debug, PartialEq)]
pub struct Alternative {
    pub stroke: Stroke,
    pub p_score: f64,
    pub pattern: Pattern,
}

/// The explanation of `decision`, taken from `referee`'s lay-out.
pub fn explain(config: &Config, referee: &Referee, decision: &Decision) -> Explanation {
    let mut sim = TableSim::new(config, referee.table().clone());
    let lay_out: Vec<(BallId, crate::math::DVec2)> =
        referee.positions().iter().map(|(&b, &p)| (b, p)).collect();
    let mut play = |stroke: &Stroke| -> ShotRecord {
        let played = sim.place(&lay_out).ok().and_then(|()| {
            sim.strike(std::slice::from_ref(stroke), Some(SAMPLE_HZ))
                .ok()
        });
        match played {
            Some(()) => sim.run_to_rest(),
            None => ShotRecord::default(),
        }
    };
    let cue_ball = decision.stroke.ball;
    let record = play(&decision.stroke);
    let route = patterns::route(&record, cue_ball);
    let alternatives = decision
        .alternatives
        .iter()
        .map(|(stroke, p_score)| Alternative {
            stroke: *stroke,
            p_score: *p_score,
            pattern: patterns::recognise(&patterns::route(&play(stroke), cue_ball)),
        })
        .collect();
    Explanation {
        cue_ball,
        pattern: patterns::recognise(&route),
        route,
        system: read_corner_five(referee.table(), &record, cue_ball),
        alternatives,
        safety: decision.declare_safety,
        leave_share: decision.leave_share,
    }
}
