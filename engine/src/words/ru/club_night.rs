//! Итоговая таблица турнира.

use super::*;
use crate::play::tournament::{Draw, MOST_ENTRANTS, TournamentError};
use crate::words::club_night::{ClubNightWords, NightLine, TournamentLabels};

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

    fn night_line(&self, line: &NightLine) -> String {
        let draw = |d: &Draw| match d {
            Draw::RoundRobin => "круговая система",
            Draw::KnockOut => "на выбывание",
        };
        match line {
            NightLine::Title { format, draw: d } => {
                format!("Клубный вечер · {format} · {}", draw(d))
            }
            NightLine::Entrant {
                name,
                level,
                target,
            } => match level {
                Some(level) => format!("{name} (компьютер, {level}) · {}", up_to_points(*target)),
                None => format!("{name} · {}", up_to_points(*target)),
            },
            NightLine::AddPlayer => "+ добавить игрока".into(),
            NightLine::DrawRow(d) => format!("Система: {}", draw(d)),
            NightLine::HandicapRow(true) => "Фора: дистанции по средним игроков".into(),
            NightLine::HandicapRow(false) => "Фора: нет, у всех одна дистанция".into(),
            NightLine::Begin => "Начать клубный вечер".into(),
            NightLine::SetupKeys {
                change,
                remove,
                menu,
            } => format!(
                "наберите имя · {change}: человек или компьютер · {remove}: убрать · {menu}: меню"
            ),
            NightLine::Next { players, targets } => format!(
                "Следующий матч: {} – {}, до {} / {}",
                players[0], players[1], targets[0], targets[1]
            ),
            NightLine::Resume { players } => {
                format!(
                    "Идёт матч: {} – {} (сохранён, продолжится)",
                    players[0], players[1]
                )
            }
            NightLine::Winner(name) => format!("Победитель вечера: {name}"),
            NightLine::OnAverage => {
                "Ничья в матче на выбывание решена по лучшей общей средней".into()
            }
            NightLine::Results(path) => format!("Таблица результатов: {path}"),
            NightLine::NightKeys { play, end, menu } => {
                let next = play.map_or(String::new(), |p| format!("{p}: играть следующий матч · "));
                format!("{next}{end} дважды: закончить вечер · {menu}: меню")
            }
            NightLine::EndArmed => {
                "Нажмите ещё раз, чтобы закончить клубный вечер (его файл будет удалён)".into()
            }
            NightLine::Problem(e) => match e {
                TournamentError::Entrants(n) => {
                    format!("игроков: {n}; в клубном вечере от 2 до {MOST_ENTRANTS}")
                }
                TournamentError::SameName(name) => format!("двух игроков зовут «{name}»"),
                TournamentError::NotNext => "это результат не того матча, что играется".into(),
                TournamentError::NoWinner => "в матче на выбывание нужен победитель".into(),
            },
            NightLine::BackToNight(key) => format!("{key}: вернуться к клубному вечеру"),
            NightLine::Round(n) => format!("Тур {n}"),
            NightLine::Bracketed { players, winner } => match winner {
                Some(w) => format!("{} – {}: {w}", players[0], players[1]),
                None => format!("{} – {}", players[0], players[1]),
            },
        }
    }
}
