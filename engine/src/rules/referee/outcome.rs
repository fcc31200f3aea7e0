//! Whether an inning ends the game, and who won it.

use super::Referee;
use crate::rules::verdict::Outcome;

impl Referee {
    pub(super) fn result_after_inning(&mut self, shooter: usize, lost: bool) -> Option<Outcome> {
        let n = self.players.len();
        if lost {
            return Some(self.leader(|i| i != shooter));
        }
        let round_over = (shooter + 1) % n == self.breaker;
        if self.players[shooter].reached() {
            if !self.equalising_inning {
                return Some(Outcome::Winner(shooter));
            }
            self.finishing_round = true;
        }
        let innings_done = self
            .innings_limit
            .is_some_and(|limit| self.players[shooter].innings >= limit);
        (round_over && (self.finishing_round || innings_done)).then(|| self.leader(|_| true))
    }

    /// The one player with the most points among those `eligible`, if there is one; in
    /// practice, the player if they reached the target.
    fn leader(&self, eligible: impl Fn(usize) -> bool) -> Outcome {
        if self.players.len() == 1 {
            return if eligible(0) && self.players[0].reached() {
                Outcome::Winner(0)
            } else {
                Outcome::NotReached
            };
        }
        let candidates: Vec<usize> = (0..self.players.len()).filter(|i| eligible(*i)).collect();
        // The most of their own distance: the most points when all play to one target.
        let share = |i: usize| {
            let p = &self.players[i];
            (u64::from(p.points.min(p.target)), u64::from(p.target))
        };
        let more = |a: (u64, u64), b: (u64, u64)| a.0 * b.1 > b.0 * a.1;
        let Some(best) = candidates
            .iter()
            .map(|&i| share(i))
            .reduce(|a, b| if more(b, a) { b } else { a })
        else {
            return Outcome::Draw;
        };
        match candidates
            .iter()
            .filter(|&&i| !more(best, share(i)))
            .collect::<Vec<_>>()
            .as_slice()
        {
            [one] => Outcome::Winner(**one),
            _ => Outcome::Draw,
        }
    }
}
