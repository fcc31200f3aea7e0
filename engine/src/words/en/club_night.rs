//! A tournament's results sheet.

use super::*;
use crate::play::tournament::{Draw, MOST_ENTRANTS, TournamentError};
use crate::words::club_night::{ClubNightWords, NightLine, TournamentLabels};

impl ClubNightWords for English {
    fn tournament_labels(&self) -> TournamentLabels {
        TournamentLabels {
            round_robin: "round robin",
            knock_out: "knock-out",
            ranking: "Ranked by match points (2 a win, 1 a draw), then general average, then high run (UMB).",
            columns: [
                "Place",
                "Player",
                "Played",
                "Won",
                "Drawn",
                "Match points",
                "General average",
                "High run",
            ],
            winner: "Winner",
            matches: "Matches (points, innings)",
            round: "Round",
            computer: "computer,",
        }
    }

    fn practice_clock(&self, seconds: Option<u32>) -> String {
        match seconds {
            Some(s) => format!("{s} s a stroke"),
            None => "off".to_owned(),
        }
    }

    fn shot_clock(&self, left_s: f64, time_out: bool) -> String {
        let left = left_s.ceil() as u32;
        if time_out {
            format!("Shot clock {left} s (time-out)")
        } else {
            format!("Shot clock {left} s")
        }
    }

    fn time_outs(&self, left: u32, key: &str) -> String {
        format!("time-outs left: {left} · {key}: call one")
    }

    fn set_heading(&self, set: u32) -> String {
        format!("Set {set}")
    }

    fn sets_line(&self, set: u32, to_win: u32, won: &[u32], deciding: bool) -> String {
        let won: Vec<String> = won.iter().map(u32::to_string).collect();
        let which = if deciding { ", the deciding set" } else { "" };
        format!(
            "Set {set}{which} · sets {} · first to {to_win}",
            won.join(" : ")
        )
    }

    fn night_line(&self, line: &NightLine) -> String {
        let draw = |d: &Draw| match d {
            Draw::RoundRobin => "round robin",
            Draw::KnockOut => "knock-out",
        };
        match line {
            NightLine::Title { format, draw: d } => format!("Club night · {format} · {}", draw(d)),
            NightLine::Entrant {
                name,
                level,
                target,
            } => match level {
                Some(level) => format!("{name} (computer, {level}) · {}", self.points(*target)),
                None => format!("{name} · {}", self.points(*target)),
            },
            NightLine::AddPlayer => "+ add a player".into(),
            NightLine::DrawRow(d) => format!("Draw: {}", draw(d)),
            NightLine::HandicapRow(true) => "Handicap: targets from the players' averages".into(),
            NightLine::HandicapRow(false) => "Handicap: none, all to one target".into(),
            NightLine::Begin => "Begin the club night".into(),
            NightLine::SetupKeys {
                change,
                remove,
                menu,
            } => format!(
                "type a name · {change}: a person or the computer · {remove}: remove · {menu}: menu"
            ),
            NightLine::Next { players, targets } => format!(
                "Next: {} – {}, {} / {}",
                players[0],
                players[1],
                self.points(targets[0]),
                targets[1]
            ),
            NightLine::Resume { players } => {
                format!(
                    "Under way: {} – {} (saved; it resumes)",
                    players[0], players[1]
                )
            }
            NightLine::Winner(name) => format!("Winner of the night: {name}"),
            NightLine::OnAverage => {
                "A drawn knock-out match went to the better general average".into()
            }
            NightLine::Results(path) => format!("Results sheet: {path}"),
            NightLine::NightKeys { play, end, menu } => {
                let next = play.map_or(String::new(), |p| format!("{p}: play the next match · "));
                format!("{next}{end} twice: end the night · {menu}: menu")
            }
            NightLine::EndArmed => "Press again to end the club night (its file is removed)".into(),
            NightLine::Problem(e) => match e {
                TournamentError::Entrants(n) => {
                    format!("{n} players: a club night takes 2 to {MOST_ENTRANTS}")
                }
                TournamentError::SameName(name) => format!("two players are called \"{name}\""),
                TournamentError::NotNext => "that result is not of the match to play next".into(),
                TournamentError::NoWinner => "a knock-out match needs a winner".into(),
            },
            NightLine::BackToNight(key) => format!("{key}: back to the club night"),
            NightLine::Round(n) => format!("Round {n}"),
            NightLine::Bracketed { players, winner } => match winner {
                Some(w) => format!("{} – {}: {w}", players[0], players[1]),
                None => format!("{} – {}", players[0], players[1]),
            },
        }
    }
}
