//! Итоговая таблица турнира.

use super::*;
use crate::words::tournament::{TournamentLabels, TournamentWords};

impl TournamentWords for Russian {
    fn tournament_labels(&self) -> TournamentLabels {
        TournamentLabels {
            round_robin: "круговой турнир",
            knock_out: "на выбывание",
            ranking: "Места по очкам за матчи (2 за победу, 1 за ничью), затем по общему среднему, затем по лучшей серии (UMB).",
            columns: [
                "Место",
                "Игрок",
                "Сыграно",
                "Побед",
                "Ничьих",
                "Очки за матчи",
                "Общее среднее",
                "Лучшая серия",
            ],
            winner: "Победитель",
            matches: "Матчи (очки, подходы)",
            round: "Тур",
            computer: "компьютер,",
        }
    }
}
