//! The score sheet of a match: every stroke's verdict with the run and score it left,
//! each player's totals, and how the game ended; read inning by inning as a carom
//! score sheet is kept (each player's run in each inning and the running total). The
//! referee keeps it; the game-over screen, `carom referee` and the save all read this
//! one sheet.

use super::score::PlayerScore;
use super::sets::SetPlay;
use super::verdict::{Outcome, Verdict};
use crate::shot::BallId;

/// One stroke on the sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetRow {
    pub verdict: Verdict,
    /// The shooter's points in this inning so far, this stroke included.
    pub run: u32,
    /// The shooter's score after the stroke (in the set, in a match in sets).
    pub score: u32,
    /// The set the stroke was played in, from 1; None outside a match in sets.
    pub set: Option<u32>,
}

/// A match's score sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreSheet {
    /// The game's name (`Three-cushion`).
    pub game: String,
    pub target: u32,
    pub innings_limit: Option<u32>,
    pub equalising_inning: bool,
    pub breaker: usize,
    pub breaker_ball: BallId,
    pub players: Vec<PlayerScore>,
    /// One row per stroke judged, in order.
    pub rows: Vec<SheetRow>,
    /// How the game ended, once it is over.
    pub outcome: Option<Outcome>,
    /// A match in sets: the sets played (`players` is then the set being played).
    pub sets: Option<SetPlay>,
}

/// One player's inning on the sheet: from their first stroke at the table to the
/// stroke that ended it (or the last one, while it goes on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inning {
    pub player: usize,
    /// The set it was played in, from 1; None outside a match in sets.
    pub set: Option<u32>,
    /// The player's own innings, counted from 1.
    pub number: u32,
    /// The points made in it.
    pub run: u32,
    /// The player's score at its end.
    pub total: u32,
    /// Still going on: the player is at the table.
    pub open: bool,
}

impl ScoreSheet {
    /// The name of player `i`.
    pub fn name(&self, i: usize) -> &str {
        self.players.get(i).map_or("?", |p| p.name.as_str())
    }

    /// Every inning played, in the order played (each set's counted from 1).
    pub fn innings(&self) -> Vec<Inning> {
        let mut innings: Vec<Inning> = Vec::new();
        let mut played = vec![0u32; self.players.len()];
        for row in &self.rows {
            let v = &row.verdict;
            if innings.last().is_some_and(|i| i.set != row.set) {
                played.fill(0);
            }
            let going_on = innings.last_mut().filter(|inning| {
                inning.open && inning.player == v.shooter && inning.set == row.set
            });
            let inning = match going_on {
                Some(inning) => inning,
                None => {
                    if let Some(count) = played.get_mut(v.shooter) {
                        *count += 1;
                    }
                    innings.push(Inning {
                        player: v.shooter,
                        set: row.set,
                        number: played.get(v.shooter).copied().unwrap_or(1),
                        run: 0,
                        total: 0,
                        open: true,
                    });
                    innings.last_mut().expect("just pushed")
                }
            };
            inning.run += v.points;
            inning.total = row.score;
            inning.open = !v.inning_over;
        }
        innings
    }

    /// Each player's points, innings and high run over the whole match (in sets: all
    /// sets together; otherwise `players`).
    pub fn totals(&self) -> Vec<PlayerScore> {
        match &self.sets {
            Some(sets) => sets.totals(&self.players),
            None => self.players.clone(),
        }
    }

    /// The set being played (the last one, once the match is over); None outside a
    /// match in sets.
    pub fn current_set(&self) -> Option<u32> {
        Some(self.sets.as_ref()?.current(self.players.len()))
    }

    /// The sheet's rows of innings: row `n` holds each player's `n + 1`th inning (None
    /// where they have not played it), as a score sheet lays them out; in a match in
    /// sets, those of `set` (None: the whole match's innings otherwise).
    pub fn inning_rows(&self, set: Option<u32>) -> Vec<Vec<Option<Inning>>> {
        let mut rows: Vec<Vec<Option<Inning>>> = Vec::new();
        for inning in self.innings().into_iter().filter(|i| i.set == set) {
            let n = inning.number as usize - 1;
            while rows.len() <= n {
                rows.push(vec![None; self.players.len()]);
            }
            if let Some(cell) = rows[n].get_mut(inning.player) {
                *cell = Some(inning);
            }
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::stroke::{Calls, PlayedStroke};
    use crate::rules::testkit::Shot;
    use crate::rules::testkit::{game, referee_config, table};
    use crate::rules::{MatchSetup, Referee};
    use crate::shot::BallId::{Dotted, Red, White};

    #[test]
    fn the_sheet_reads_inning_by_inning_with_runs_and_running_totals() {
        let setup = MatchSetup {
            players: vec!["Anna".into(), "Boris".into()],
            target: 10,
            targets: Vec::new(),
            innings_limit: None,
            breaker: 0,
            breaker_ball: White,
        };
        let mut r =
            Referee::new(&game("straight_rail"), &referee_config(), table(), setup).unwrap();
        let carom = |cue| {
            Shot::new(cue)
                .hit(Red)
                .hit(if cue == White { Dotted } else { White })
                .rest()
        };
        let miss = |cue| Shot::new(cue).cushions(1).rest();
        // Anna: 2 then a miss; Boris: a miss; Anna: 1 and at the table.
        for record in [
            carom(White),
            carom(White),
            miss(White),
            miss(Dotted),
            carom(White),
        ] {
            let stroke = PlayedStroke {
                record,
                declared_safety: false,
                calls: Calls::default(),
                thinking_s: None,
            };
            r.judge(&stroke).unwrap();
        }
        let sheet = r.sheet();
        let innings = sheet.innings();
        let read: Vec<(usize, u32, u32, u32, bool)> = innings
            .iter()
            .map(|i| (i.player, i.number, i.run, i.total, i.open))
            .collect();
        assert_eq!(
            read,
            [(0, 1, 2, 2, false), (1, 1, 0, 0, false), (0, 2, 1, 3, true)]
        );
        let rows = sheet.inning_rows(None);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1][1], None, "Boris has not played his second inning");
        // The players' own counts agree with the sheet's.
        assert_eq!((sheet.players[0].innings, sheet.players[1].innings), (2, 1));
        assert_eq!(sheet.players[0].high_run, 2);
    }
}
