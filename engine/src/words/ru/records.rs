//! The player records.

use super::*;
use crate::words::ExamTaken;

impl RecordsWords for Russian {
    fn profile(
        &self,
        name: &str,
        game: &str,
        summary: Option<&GameSummary>,
        suggested: Option<&str>,
    ) -> Vec<String> {
        let Some(s) = summary else {
            return vec![format!("{name}: партий в игре «{game}» пока нет")];
        };
        let mut lines = vec![
            format!(
                "{name}, {game}: {} {}, {} {}",
                s.matches,
                plural(s.matches as u64, "партия", "партии", "партий"),
                plural(s.won as u64, "выиграна", "выиграны", "выиграно"),
                s.won
            ),
            format!(
                "общая средняя {}, за последние {} — {}, лучшая серия {}",
                dec(s.average, 3),
                s.matches.min(crate::play::profiles::RECENT_MATCHES),
                dec(s.recent_average, 3),
                s.best_run
            ),
        ];
        if let Some(level) = suggested {
            lines.push(format!("Компьютер вашего уровня: {level}"));
        }
        lines
    }

    fn profile_not_kept(&self, problem: &FileError) -> String {
        format!("Профиль не сохраняется: {}", file_error(problem))
    }

    fn profile_chart(&self, top: f64) -> String {
        format!("Средняя каждой партии, слева старые (верх {})", dec(top, 2))
    }

    fn profile_match(&self, m: &MatchRecord) -> String {
        let (year, month, day) = m.date();
        let result = match m.result {
            MatchResult::Won => "победа",
            MatchResult::Lost => "поражение",
            MatchResult::Drawn => "ничья",
        };
        const MONTHS: [&str; 12] = [
            "января",
            "февраля",
            "марта",
            "апреля",
            "мая",
            "июня",
            "июля",
            "августа",
            "сентября",
            "октября",
            "ноября",
            "декабря",
        ];
        let month = MONTHS[(month as usize).clamp(1, 12) - 1];
        format!(
            "{day} {month} {year}  против {}: {} из {} за {} ({}), лучшая серия {}, {result}",
            m.opponents.join(", "),
            m.points,
            m.target,
            count(u64::from(m.innings), "подход", "подхода", "подходов"),
            dec(m.average(), 3),
            m.high_run
        )
    }

    fn records_title(&self) -> &'static str {
        "Статистика игроков"
    }

    fn records_hint(&self, choose: &str, leave: &str) -> String {
        format!("{choose}: другой игрок    {leave}: назад в меню")
    }

    fn records_empty(&self, folder: &str) -> String {
        format!(
            "Записей пока нет: статистика игрока начинается с его первой сыгранной партии ({folder})"
        )
    }

    fn exam_history(&self, exam: &str, last: &ExamTaken, taken: usize, best: u32) -> String {
        let grade = match (last.reached, last.short_of) {
            (Some(a), Some(b)) => format!("между «{a}» и «{b}»"),
            (None, Some(b)) => format!("ниже «{b}»"),
            (Some(a), None) => format!("«{a}» и выше"),
            (None, None) => "без оценки".to_owned(),
        };
        let table = if last.off_the_fitted_table {
            " (на другом состоянии стола)"
        } else {
            ""
        };
        format!(
            "{exam}: последний {} из {}, {grade}{table}; сдано {taken}, лучший {best}",
            last.made, last.attempts
        )
    }

    fn practice_patterns(&self, game: &str, tallies: &[(&str, u32, u32)]) -> String {
        let lines: Vec<String> = tallies
            .iter()
            .map(|(pattern, made, attempted)| {
                let share = f64::from(*made) / f64::from((*attempted).max(1)) * 100.0;
                format!(
                    "{pattern}: удалось {made} из {attempted} ({} %)",
                    dec(share, 0)
                )
            })
            .collect();
        format!("Тренировка, {game}, по схемам:\n{}", lines.join("\n"))
    }
}
