//! A tournament's results sheet.

use super::*;
use crate::words::tournament::{TournamentLabels, TournamentWords};

impl TournamentWords for English {
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
}
