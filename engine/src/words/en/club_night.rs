//! A tournament's results sheet.

use super::*;
use crate::words::club_night::{ClubNightWords, TournamentLabels};

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

    fn format_choice(&self, format: Option<&str>) -> String {
        format.unwrap_or("the game's own rules").to_owned()
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
}
