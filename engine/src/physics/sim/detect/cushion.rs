//! Ball on cushion: a moving ball's gap to each cushion's nose line closes.

use super::{ByBall, Earliest, OnCloth, moves};
use crate::physics::poly::{Poly, closing};
use crate::physics::sim::{Next, TableSim};
use crate::shot::Cushion;

impl TableSim {
    /// The first ball to reach a cushion within `span` s.
    pub(super) fn next_on_cushions(
        &self,
        cloth: &ByBall<OnCloth>,
        span: f64,
        earliest: &mut Earliest,
    ) {
        let reach = self.cushion_reach;
        for &OnCloth {
            i,
            k,
            motion,
            acceleration: a,
        } in cloth.iter().flatten()
        {
            if !moves(motion) {
                continue;
            }
            for c in Cushion::ALL {
                let n = c.inward_normal();
                let gap = k.pos.truncate().dot(n) + self.table.nose_distance(c) - reach;
                let poly = [gap, k.vel.truncate().dot(n), 0.5 * a.dot(n), 0.0, 0.0];
                if stays_clear(&poly, earliest.window(span)) {
                    continue;
                }
                earliest.consider_closing(closing(&poly, 0.0, span), Next::Cushion(i, c));
            }
        }
    }
}

/// A gap `g + v·t + a·t²` (m) that cannot close within `span` s, by a margin far above
/// rounding: apart and opening, or its lowest point on [0, span] a micrometre clear. The
/// cheap answer first: most of a ball's four cushions are behind it or out of reach.
fn stays_clear(poly: &Poly, span: f64) -> bool {
    const MARGIN: f64 = 1e-6;
    let [g, v, a, ..] = *poly;
    if g <= MARGIN {
        return false;
    }
    let at = |t: f64| g + v * t + a * t * t;
    // A parabola opening upwards is lowest at its vertex (or the nearer end); any other
    // at one of the ends.
    let lowest = if a > 0.0 {
        at((-v / (2.0 * a)).clamp(0.0, span))
    } else {
        g.min(at(span))
    };
    lowest > MARGIN
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::poly::first_closing;
    use crate::random::Rng;

    /// A ball's gap to a cushion: up to 2 m, closing or opening at up to 6 m/s.
    fn random_gap(rng: &mut Rng) -> Poly {
        [
            rng.range(-0.1, 2.0),
            rng.range(-6.0, 6.0),
            rng.range(-3.0, 3.0),
            0.0,
            0.0,
        ]
    }

    #[test]
    fn a_gap_said_to_stay_clear_never_closes() {
        let mut rng = Rng(25);
        let mut clear = 0;
        for _ in 0..20_000 {
            let poly = random_gap(&mut rng);
            let span = rng.range(0.0, 10.0);
            if stays_clear(&poly, span) {
                clear += 1;
                assert_eq!(
                    first_closing(&poly, 0.0, span),
                    None,
                    "{poly:?} over {span} s"
                );
            }
        }
        // Most draws close or stay clear; both must have been tried.
        assert!((2_000..18_000).contains(&clear), "{clear} of 20 000 clear");
    }

    #[test]
    fn a_gap_clear_over_a_window_closes_only_after_it() {
        // As a pair of balls (`ball_ball`): skipped when clear until the earliest event
        // so far, searched over the whole span otherwise.
        let mut rng = Rng(28);
        let (mut clear, mut closed_later) = (0, 0);
        for _ in 0..20_000 {
            let poly = random_gap(&mut rng);
            let span = rng.range(0.0, 10.0);
            let window = span * rng.range(0.0, 1.0);
            if stays_clear(&poly, window) {
                clear += 1;
                if let Some(t) = first_closing(&poly, 0.0, span) {
                    closed_later += 1;
                    assert!(t > window, "{poly:?}: closed at {t} s, window {window} s");
                }
            }
        }
        assert!(
            clear > 2_000 && closed_later > 500,
            "{clear} clear, {closed_later} closed later"
        );
    }
}
