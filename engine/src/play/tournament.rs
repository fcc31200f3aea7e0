//! A club's tournament at one table (issue 55, its draw and its standings): who plays
//! whom, round by round, and where each player stands. A round robin pairs every two
//! players once (the circle method: one player fixed, the others turning; with an odd
//! number a bye each round); a knock-out seeds the players in a bracket whose first
//! round is padded to a power of two by byes for the top seeds, each later round pairing
//! the winners above. The standings rank as the UMB ranks a round robin: match points
//! (2 a win, 1 a draw), then the general average (points over innings of every match),
//! then the high run.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// Match points for a win and for a draw (UMB).
pub const POINTS_FOR_A_WIN: u32 = 2;
pub const POINTS_FOR_A_DRAW: u32 = 1;

/// How the players meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Draw {
    RoundRobin,
    KnockOut,
}

/// One match between two players (by their index in the tournament's list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The round, from 1.
    pub round: u32,
    pub players: [usize; 2],
}

/// A played match as the standings count it: each player's points and high run, the
/// innings (the same for both, or each's own), and who won (None: a draw, which a
/// knock-out's tie-break must settle before the next round).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Played {
    pub pairing: Pairing,
    pub points: [u32; 2],
    pub innings: [u32; 2],
    pub high_runs: [u32; 2],
    pub winner: Option<usize>,
}

/// The matches of a round robin of `players`, round by round: every two players meet
/// once; with an odd number, one player sits out each round (a bye).
pub fn round_robin(players: usize) -> Vec<Pairing> {
    if players < 2 {
        return Vec::new();
    }
    // An odd field gets a stand-in: whoever meets it has the round off.
    let seats = players + players % 2;
    let mut order: Vec<usize> = (0..seats).collect();
    let mut pairings = Vec::new();
    for round in 1..seats as u32 {
        for i in 0..seats / 2 {
            let (a, b) = (order[i], order[seats - 1 - i]);
            if a < players && b < players {
                // The fixed player alternates colours, as the circle method is written.
                let players = if i == 0 && round % 2 == 0 {
                    [b, a]
                } else {
                    [a, b]
                };
                pairings.push(Pairing { round, players });
            }
        }
        // Everyone but the first turns one place.
        order[1..].rotate_right(1);
    }
    pairings
}

/// A knock-out bracket of `players` seeded in their order (the first the top seed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bracket {
    players: usize,
    /// The first round's slots, seed order placed so that the top seeds meet last:
    /// a slot past the last player is a bye.
    slots: Vec<usize>,
    /// Each round's winners so far, by the round's match order.
    winners: Vec<Vec<Option<usize>>>,
}

impl Bracket {
    pub fn new(players: usize) -> Bracket {
        let size = players.max(2).next_power_of_two();
        Bracket {
            players,
            slots: seeded(size),
            winners: Vec::new(),
        }
    }

    /// The number of rounds to a winner.
    pub fn rounds(&self) -> u32 {
        self.slots.len().trailing_zeros()
    }

    /// Who meets whom in `round` (from 1) as far as known: the first round's matches,
    /// and a later round's once both its players are decided. A player drawn against
    /// a bye is not a match: they go through.
    pub fn pairings(&self, round: u32) -> Vec<Pairing> {
        self.entrants(round)
            .chunks(2)
            .filter_map(|pair| match pair {
                [Some(a), Some(b)] => Some(Pairing {
                    round,
                    players: [*a, *b],
                }),
                _ => None,
            })
            .collect()
    }

    /// The players of each slot of `round`: None where a bye, or a match of the round
    /// before not yet played.
    fn entrants(&self, round: u32) -> Vec<Option<usize>> {
        let first: Vec<Option<usize>> = self
            .slots
            .iter()
            .map(|&seed| (seed < self.players).then_some(seed))
            .collect();
        let mut entrants = first;
        for r in 1..round {
            let played = self.winners.get(r as usize - 1);
            entrants = entrants
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| match pair {
                    [Some(a), None] | [None, Some(a)] if r == 1 => Some(*a),
                    _ => played.and_then(|w| w.get(i).copied().flatten()),
                })
                .collect();
        }
        entrants
    }

    /// Takes `pairing`'s winner; false if it is not a match of the bracket, or its
    /// winner not one of its players.
    pub fn record(&mut self, pairing: Pairing, winner: usize) -> bool {
        let [a, b] = pairing.players;
        let slot = self
            .entrants(pairing.round)
            .chunks(2)
            .position(|pair| pair == [Some(a), Some(b)]);
        let (Some(slot), true) = (slot, pairing.players.contains(&winner)) else {
            return false;
        };
        let round = pairing.round as usize;
        while self.winners.len() < round {
            let matches = self.slots.len() >> (self.winners.len() + 1);
            self.winners.push(vec![None; matches]);
        }
        self.winners[round - 1][slot] = Some(winner);
        true
    }

    /// The tournament's winner, once the final is played.
    pub fn winner(&self) -> Option<usize> {
        self.winners
            .get(self.rounds() as usize - 1)
            .and_then(|w| w.first().copied().flatten())
    }
}

/// The first round's slots of a bracket of `size` (a power of two), by seed: 1 v size,
/// and each half seeded again, so that the top two seeds can meet only in the final
/// and the byes (the seeds past the field) fall to the top seeds.
fn seeded(size: usize) -> Vec<usize> {
    let mut slots = vec![0];
    while slots.len() < size {
        let n = slots.len() * 2;
        slots = slots.iter().flat_map(|&s| [s, n - 1 - s]).collect();
    }
    slots
}

/// A player's line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub player: usize,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub match_points: u32,
    pub points: u32,
    pub innings: u32,
    pub high_run: u32,
}

impl Standing {
    /// Points per inning over every match played.
    pub fn general_average(&self) -> f64 {
        f64::from(self.points) / f64::from(self.innings.max(1))
    }
}

/// The standings of `players` after the matches `played`: by match points, then the
/// general average, then the high run (UMB's order); players level on all three keep
/// their order in the list.
pub fn standings(players: usize, played: &[Played]) -> Vec<Standing> {
    let mut lines: Vec<Standing> = (0..players)
        .map(|player| Standing {
            player,
            played: 0,
            won: 0,
            drawn: 0,
            match_points: 0,
            points: 0,
            innings: 0,
            high_run: 0,
        })
        .collect();
    for game in played {
        for (side, &player) in game.pairing.players.iter().enumerate() {
            let Some(line) = lines.get_mut(player) else {
                continue;
            };
            line.played += 1;
            line.points += game.points[side];
            line.innings += game.innings[side];
            line.high_run = line.high_run.max(game.high_runs[side]);
            match game.winner {
                Some(winner) if winner == player => {
                    line.won += 1;
                    line.match_points += POINTS_FOR_A_WIN;
                }
                Some(_) => {}
                None => {
                    line.drawn += 1;
                    line.match_points += POINTS_FOR_A_DRAW;
                }
            }
        }
    }
    lines.sort_by(|a, b| {
        b.match_points
            .cmp(&a.match_points)
            .then(
                b.general_average()
                    .partial_cmp(&a.general_average())
                    .unwrap_or(Ordering::Equal),
            )
            .then(b.high_run.cmp(&a.high_run))
    });
    lines
}

/// Each player's own target from their averages (points an inning), in their order:
/// the strongest plays to `target`, each other the same number of innings at their own
/// average (at least 1 point); empty (everyone to `target`) where an average is not
/// known or not above nought.
pub fn handicap_targets(target: u32, averages: &[Option<f64>]) -> Vec<u32> {
    let Some(known) = averages
        .iter()
        .map(|a| a.filter(|a| *a > 0.0 && a.is_finite()))
        .collect::<Option<Vec<f64>>>()
    else {
        return Vec::new();
    };
    let strongest = known.iter().copied().fold(0.0, f64::max);
    if strongest <= 0.0 {
        return Vec::new();
    }
    known
        .iter()
        .map(|avg| ((f64::from(target) * avg / strongest).round() as u32).max(1))
        .collect()
}

/// A player of a tournament: a person, or the computer at a level of computer.ron, and
/// the points they play to (their own in a handicap).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    pub name: String,
    pub level: Option<String>,
    pub target: u32,
}

/// Why a tournament cannot be made, or a result taken.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentError {
    /// A tournament has 2 to `MOST_ENTRANTS` players.
    Entrants(usize),
    /// Two players of one name.
    SameName(String),
    /// The result is not of the match to play next.
    NotNext,
    /// A knock-out match needs its winner (a draw settled by the format's tie-break).
    NoWinner,
}

/// The most players a tournament at one table takes.
pub const MOST_ENTRANTS: usize = 16;

/// A tournament at one table: its format (a key of formats.ron), its draw, its players
/// and the matches played, in the order played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub format: String,
    pub draw: Draw,
    pub entrants: Vec<Entrant>,
    pub played: Vec<Played>,
    /// A knock-out's bracket.
    bracket: Option<Bracket>,
}

impl Tournament {
    pub fn new(
        format: &str,
        draw: Draw,
        entrants: Vec<Entrant>,
    ) -> Result<Tournament, TournamentError> {
        if !(2..=MOST_ENTRANTS).contains(&entrants.len()) {
            return Err(TournamentError::Entrants(entrants.len()));
        }
        for (i, entrant) in entrants.iter().enumerate() {
            if entrants[..i]
                .iter()
                .any(|e| e.name.trim() == entrant.name.trim())
            {
                return Err(TournamentError::SameName(entrant.name.clone()));
            }
        }
        let bracket = (draw == Draw::KnockOut).then(|| Bracket::new(entrants.len()));
        Ok(Tournament {
            format: format.to_owned(),
            draw,
            entrants,
            played: Vec::new(),
            bracket,
        })
    }

    /// The match to play next, in the draw's order; None once the tournament is over.
    pub fn next(&self) -> Option<Pairing> {
        let unplayed = |p: &Pairing| !self.played.iter().any(|m| m.pairing == *p);
        match &self.bracket {
            None => round_robin(self.entrants.len()).into_iter().find(unplayed),
            Some(bracket) => (1..=bracket.rounds())
                .flat_map(|round| bracket.pairings(round))
                .find(unplayed),
        }
    }

    /// Takes the result of the match to play next.
    pub fn record(&mut self, result: Played) -> Result<(), TournamentError> {
        if self.next() != Some(result.pairing) {
            return Err(TournamentError::NotNext);
        }
        if let Some(bracket) = &mut self.bracket {
            let winner = result.winner.ok_or(TournamentError::NoWinner)?;
            if !bracket.record(result.pairing, winner) {
                return Err(TournamentError::NotNext);
            }
        }
        self.played.push(result);
        Ok(())
    }

    pub fn standings(&self) -> Vec<Standing> {
        standings(self.entrants.len(), &self.played)
    }

    /// A knock-out's bracket.
    pub fn bracket(&self) -> Option<&Bracket> {
        self.bracket.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.next().is_none()
    }

    /// The winner, once over: the knock-out's final's, or the round robin's first.
    pub fn winner(&self) -> Option<usize> {
        if !self.is_over() {
            return None;
        }
        match &self.bracket {
            Some(bracket) => bracket.winner(),
            None => self.standings().first().map(|s| s.player),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn a_round_robin_of_five_pairs_every_two_players_once_with_a_bye_each() {
        let pairings = round_robin(5);
        let pairs: BTreeSet<[usize; 2]> = pairings
            .iter()
            .map(|p| {
                let [a, b] = p.players;
                [a.min(b), a.max(b)]
            })
            .collect();
        assert_eq!(pairings.len(), 10);
        assert_eq!(pairs.len(), 10, "no pairing twice");
        let rounds: BTreeSet<u32> = pairings.iter().map(|p| p.round).collect();
        assert_eq!(rounds.len(), 5);
        for round in rounds {
            let playing: Vec<usize> = pairings
                .iter()
                .filter(|p| p.round == round)
                .flat_map(|p| p.players)
                .collect();
            let distinct: BTreeSet<usize> = playing.iter().copied().collect();
            assert_eq!(playing.len(), 4, "round {round}: two matches, one bye");
            assert_eq!(distinct.len(), 4, "round {round}: nobody twice");
        }
        // An even field has no byes: four players, three rounds of two matches.
        assert_eq!(round_robin(4).len(), 6);
        assert!(round_robin(1).is_empty());
    }

    fn played(
        round: u32,
        a: usize,
        b: usize,
        points: [u32; 2],
        innings: u32,
        runs: [u32; 2],
    ) -> Played {
        let winner = match points[0].cmp(&points[1]) {
            Ordering::Greater => Some(a),
            Ordering::Less => Some(b),
            Ordering::Equal => None,
        };
        Played {
            pairing: Pairing {
                round,
                players: [a, b],
            },
            points,
            innings: [innings; 2],
            high_runs: runs,
            winner,
        }
    }

    #[test]
    fn the_standings_rank_by_match_points_then_general_average_then_high_run() {
        // Hand-made: 0 wins twice; 1 and 2 win once and draw once, 1 at the better
        // average; 3 and 4 draw once each at the same average, 4 with the higher run.
        let results = [
            played(1, 0, 1, [30, 20], 30, [5, 4]),
            played(1, 2, 3, [30, 25], 40, [3, 6]),
            played(2, 0, 2, [30, 10], 30, [7, 2]),
            played(2, 1, 4, [30, 25], 40, [6, 3]),
            played(3, 1, 2, [20, 20], 20, [2, 2]),
            played(3, 3, 4, [10, 10], 20, [2, 9]),
        ];
        let table = standings(5, &results);
        let order: Vec<usize> = table.iter().map(|s| s.player).collect();
        let points: Vec<u32> = table.iter().map(|s| s.match_points).collect();
        assert_eq!(points, [4, 3, 3, 1, 1]);
        assert!(table[1].general_average() > table[2].general_average());
        assert_eq!(order, [0, 1, 2, 4, 3]);
        assert_eq!(table[3].general_average(), table[4].general_average());
        assert_eq!(table[3].high_run, 9);
        assert_eq!((table[0].played, table[0].won), (2, 2));
    }

    #[test]
    fn a_knock_out_of_six_gives_the_top_two_seeds_byes_and_ends_with_one_winner() {
        let mut bracket = Bracket::new(6);
        assert_eq!(bracket.rounds(), 3);
        let first = bracket.pairings(1);
        assert_eq!(first.len(), 2, "two matches; seeds 0 and 1 have byes");
        assert!(
            first
                .iter()
                .all(|p| !p.players.contains(&0) && !p.players.contains(&1))
        );
        assert!(!bracket.record(
            Pairing {
                round: 1,
                players: [0, 1]
            },
            0
        ));
        // The better seed (lower index) wins every match.
        for round in 1..=3 {
            let matches = bracket.pairings(round);
            assert!(!matches.is_empty(), "round {round} is drawn");
            for pairing in matches {
                let winner = pairing.players[0].min(pairing.players[1]);
                assert!(!bracket.record(pairing, 9), "a winner outside the match");
                assert!(bracket.record(pairing, winner));
            }
        }
        let last = bracket.pairings(3);
        assert_eq!(last.len(), 1, "one final");
        assert_eq!(
            last[0].players,
            [0, 1],
            "the top two meet only in the final"
        );
        assert_eq!(bracket.winner(), Some(0));
    }

    fn entrants(n: usize) -> Vec<Entrant> {
        (0..n)
            .map(|i| Entrant {
                name: format!("Player {i}"),
                level: (i % 2 == 1).then(|| "club".to_owned()),
                target: 10,
            })
            .collect()
    }

    /// Plays out `tournament`, the lower index winning every match 10 to `5`.
    fn play_out(tournament: &mut Tournament) -> usize {
        let mut matches = 0;
        while let Some(pairing) = tournament.next() {
            let [a, b] = pairing.players;
            let winner = a.min(b);
            let points = if winner == a { [10, 5] } else { [5, 10] };
            let result = Played {
                pairing,
                points,
                innings: [12, 12],
                high_runs: [3, 2],
                winner: Some(winner),
            };
            tournament.record(result).unwrap();
            matches += 1;
        }
        matches
    }

    #[test]
    fn a_tournament_plays_its_draw_to_one_winner_and_refuses_what_is_not_next() {
        let mut robin = Tournament::new("club_handicap", Draw::RoundRobin, entrants(5)).unwrap();
        let next = robin.next().unwrap();
        let wrong = Played {
            pairing: Pairing {
                round: 9,
                players: [0, 1],
            },
            points: [1, 0],
            innings: [1, 1],
            high_runs: [1, 0],
            winner: Some(0),
        };
        assert_eq!(robin.record(wrong), Err(TournamentError::NotNext));
        assert_eq!(robin.next(), Some(next));
        assert_eq!(play_out(&mut robin), 10);
        assert_eq!(robin.winner(), Some(0));
        let wins: Vec<u32> = robin.standings().iter().map(|s| s.won).collect();
        assert_eq!(wins, [4, 3, 2, 1, 0]);

        let mut knock_out = Tournament::new("umb_world_cup", Draw::KnockOut, entrants(6)).unwrap();
        let first = knock_out.next().unwrap();
        let drawn = Played {
            pairing: first,
            points: [5, 5],
            innings: [10, 10],
            high_runs: [2, 2],
            winner: None,
        };
        assert_eq!(knock_out.record(drawn), Err(TournamentError::NoWinner));
        assert_eq!(play_out(&mut knock_out), 5, "6 players, 2 byes: 5 matches");
        assert_eq!(knock_out.winner(), Some(0));

        // Saved and read back, it is the same tournament.
        let text = ron::to_string(&knock_out).unwrap();
        assert_eq!(ron::from_str::<Tournament>(&text).unwrap(), knock_out);
        assert_eq!(
            Tournament::new("general", Draw::RoundRobin, entrants(1)),
            Err(TournamentError::Entrants(1))
        );
        let mut twins = entrants(3);
        twins[2].name = "Player 0".into();
        assert_eq!(
            Tournament::new("general", Draw::RoundRobin, twins),
            Err(TournamentError::SameName("Player 0".into()))
        );
    }

    #[test]
    fn a_handicapped_field_plays_the_same_innings_at_each_average() {
        let averages = [Some(1.2), Some(0.6), Some(0.3), Some(0.9)];
        assert_eq!(handicap_targets(40, &averages), [40, 20, 10, 30]);
        assert_eq!(handicap_targets(10, &[Some(2.0), Some(0.01)]), [10, 1]);
        assert!(handicap_targets(40, &[Some(1.0), None]).is_empty());
        assert!(handicap_targets(40, &[Some(1.0), Some(0.0)]).is_empty());
    }
}
