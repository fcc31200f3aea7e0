//! Итоговая таблица турнира.

use super::*;
use crate::words::club_night::{ClubNightWords, TournamentLabels};

impl ClubNightWords for Russian {
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

    fn format_choice(&self, format: Option<&str>) -> String {
        format.unwrap_or("правила самой игры").to_owned()
    }

    fn practice_clock(&self, seconds: Option<u32>) -> String {
        match seconds {
            Some(s) => format!("{s} с на удар"),
            None => "нет".to_owned(),
        }
    }

    fn shot_clock(&self, left_s: f64, time_out: bool) -> String {
        let left = left_s.ceil() as u32;
        if time_out {
            format!("Время на удар: {left} с (тайм-аут)")
        } else {
            format!("Время на удар: {left} с")
        }
    }

    fn time_outs(&self, left: u32, key: &str) -> String {
        format!("осталось тайм-аутов: {left} · {key}: взять")
    }

    fn set_heading(&self, set: u32) -> String {
        format!("Сет {set}")
    }

    fn sets_line(&self, set: u32, to_win: u32, won: &[u32], deciding: bool) -> String {
        let won: Vec<String> = won.iter().map(u32::to_string).collect();
        let which = if deciding { ", решающий" } else { "" };
        format!(
            "Сет {set}{which} · сеты {} · до {to_win} побед",
            won.join(" : ")
        )
    }
}
