//! Ball on cushion: a moving ball's gap to each cushion's nose line closes.

use super::{Earliest, OnCloth, moves};
use crate::physics::poly::first_closing;
use crate::physics::sim::{Next, TableSim};
use crate::shot::Cushion;

impl TableSim {
    /// The first ball to reach a cushion within `span` s.
    pub(super) fn next_on_cushions(&self, cloth: &[OnCloth], span: f64, earliest: &mut Earliest) {
        for &(i, k, m) in cloth {
            if !moves(m) {
                continue;
            }
            let a = self.cloth.acceleration(&k, m);
            for c in Cushion::ALL {
                let n = c.inward_normal();
                let gap = k.pos.truncate().dot(n) + self.table.nose_distance(c)
                    - self.table.cushion_reach();
                let poly = [gap, k.vel.truncate().dot(n), 0.5 * a.dot(n), 0.0, 0.0];
                earliest.consider(first_closing(&poly, 0.0, span), Next::Cushion(i, c));
            }
        }
    }
}
