//! The lag (rule 5): its facts, set-up, result, and lag training's statistics.

use super::*;
use crate::words::lag::lay_out_lag_facts;

impl LagWords for Russian {
    fn lag_heading(&self, training: bool) -> &'static str {
        if training {
            "Тренировка раската (правило 5)"
        } else {
            "Раскат на начальный удар (правило 5)"
        }
    }

    fn lag_fault(&self, fault: LagFault) -> String {
        match fault {
            LagFault::CrossedOver => "перешёл на половину соперника",
            LagFault::NoFootCushion => "ни разу не коснулся заднего борта",
            LagFault::LeftTable => "выскочил за пределы стола",
            LagFault::TouchedRed => "коснулся красного шара",
        }
        .to_owned()
    }

    fn lag_facts(&self, ball: &LagBall) -> Vec<(String, String, bool)> {
        let labels = [
            "задний борт",
            "на чужой половине",
            "касание красного",
            "вылет со стола",
            "до переднего борта",
        ];
        lay_out_lag_facts(ball, labels, ["да", "нет"], |d| {
            format!("{} мм", dec(d, 1))
        })
    }

    fn lag_outcome(&self, verdict: &LagVerdict, names: [&str; 2], tolerance_mm: f64) -> Line {
        match verdict.outcome {
            LagOutcome::Winner(w) => {
                let loser = &verdict.balls[1 - w];
                let why = if loser.faults.is_empty() {
                    let gap = loser.distance_mm.unwrap_or(0.0)
                        - verdict.balls[w].distance_mm.unwrap_or(0.0);
                    format!("на {} мм ближе к переднему борту", dec(gap, 1))
                } else {
                    format!("шар игрока {} {}", names[1 - w], self.lag_faults(loser))
                };
                Line::new(
                    format!("Раскат выигрывает {} (правило 5): {why}", names[w]),
                    Tone::Good,
                )
            }
            LagOutcome::Repeat(Repeat::BothFaulted) => Line::new(
                "Оба игрока допустили нарушения: раскат повторяется (правило 5)",
                Tone::Warn,
            ),
            LagOutcome::Repeat(Repeat::TooClose { difference_mm }) => Line::new(
                format!(
                    "Расстояния различаются на {} мм, не больше чем на {} мм: не различить, \
                     раскат повторяется (правило 5)",
                    dec(difference_mm, 1),
                    num(tolerance_mm)
                ),
                Tone::Warn,
            ),
        }
    }

    fn lag_summary(&self, ball: &LagBall) -> Line {
        match (ball.faults.is_empty(), ball.distance_mm) {
            (true, Some(d)) => {
                Line::new(format!("{} мм от переднего борта", dec(d, 1)), Tone::Good)
            }
            _ => Line::new(
                format!("проигрыш: шар {}", self.lag_faults(ball)),
                Tone::Bad,
            ),
        }
    }

    fn lag_setup(&self, facts: &LagSetupFacts) -> (String, Vec<Line>) {
        let LagSetupFacts {
            name,
            ball,
            other,
            keys,
            ..
        } = facts;
        let side = side_name(facts.side);
        let place = format!(
            "Нажмите на свой шар и перетащите его в любое место за передней линией в {} \
             половине. Цельтесь в задний борт; сила: {} / {}.",
            side_in(facts.side),
            keys.power_up,
            keys.power_down,
        );
        let ready = &keys.ready;
        let mut lines = Vec::new();
        let heading = if let Some(opponent) = facts.training {
            lines.push(Line::new(
                format!("{name}: {ball} шар, {side} половина"),
                Tone::Warn,
            ));
            let against = match opponent {
                LagOpponent::Alone => "нет, вы один".to_owned(),
                LagOpponent::Computer { spread } => format!(
                    "компьютер (ошибка скорости {} %), бьёт вместе с вами",
                    dec(spread * 100.0, 0)
                ),
                LagOpponent::Ghost => "ваш лучший раскат (призрак), вместе с вами".to_owned(),
            };
            lines.push(Line::new(
                format!("Соперник: {against}; {}: другой соперник", keys.opponent),
                Tone::Plain,
            ));
            lines.push(Line::new(place, Tone::Plain));
            lines.push(Line::new(
                format!(
                    "{} или {ready}: раскат; {}: другая половина",
                    keys.strike, keys.other_half
                ),
                Tone::Plain,
            ));
            lines.push(Line::new(
                "Шар должен коснуться заднего борта, остаться в своей половине, не задеть \
                 красный и не вылететь со стола; остановите его как можно ближе к переднему \
                 борту.",
                Tone::Dim,
            ));
            self.lag_heading(true)
        } else {
            let then = if facts.first {
                format!("затем шар ставит {other}")
            } else {
                "затем по обоим шарам бьют одновременно".to_owned()
            };
            lines.push(Line::new(
                format!("Ваш ход, {name}: {ball} шар, {side} половина"),
                Tone::Warn,
            ));
            lines.push(Line::new(
                format!("{other} отворачивается: этот удар скрыт, пока не будут пущены оба шара."),
                Tone::Plain,
            ));
            lines.push(Line::new(place, Tone::Plain));
            lines.push(Line::new(
                format!("{ready} (или щелчок мимо шара): готово, {then}"),
                Tone::Plain,
            ));
            lines.push(Line::new(
                "Шар должен коснуться заднего борта, остаться в своей половине, не задеть \
                 красный и не вылететь со стола. Побеждает шар, который остановится ближе \
                 к переднему борту.",
                Tone::Dim,
            ));
            self.lag_heading(false)
        };
        (heading.to_owned(), lines)
    }

    fn after_lag(&self, go_on: &str, next: AfterLag) -> String {
        match next {
            AfterLag::Chooses(name) => format!("{go_on}: {name} решает, кто начинает партию"),
            AfterLag::Again => format!("{go_on}: раскат ещё раз"),
            AfterLag::Unjudged => {
                format!("{go_on}: раскат ещё раз (этот раскат не удалось оценить)")
            }
        }
    }

    fn lag_result_heading(&self, training: bool) -> &'static str {
        if training {
            "Итог раската"
        } else {
            "Итог раската (правило 5)"
        }
    }

    fn struck_at(&self, speed: f64) -> String {
        format!("Удар со скоростью {} м/с", dec(speed, 2))
    }

    fn lag_statistics(
        &self,
        summary: &LagSummary,
        within: usize,
        band_mm: f64,
        before: Option<Before>,
    ) -> Vec<String> {
        let mm = |d: Option<f64>| d.map_or("-".to_owned(), |d| format!("{} мм", dec(d, 0)));
        let s = summary;
        let mut lines = vec![
            format!(
                "{}   {} ({} %)   в пределах {} мм: {within}",
                count(s.lags as u64, "раскат", "раската", "раскатов"),
                count(s.faults as u64, "фол", "фола", "фолов"),
                dec(100.0 * s.fault_rate(), 0),
                dec(band_mm, 0),
            ),
            format!(
                "Среднее {}   лучший {}   разброс {}",
                mm(s.mean_mm),
                mm(s.best_mm),
                mm(s.spread_mm)
            ),
        ];
        if let Some(before) = before {
            let sessions = count(before.sessions as u64, "сеанс", "сеанса", "сеансов");
            lines.push(format!(
                "Ранее: {sessions}; в последнем {}, среднее {}; лучший за всё время {}",
                count(before.last.lags as u64, "раскат", "раската", "раскатов"),
                mm(before.last.mean_mm),
                mm(before.best_ever_mm)
            ));
        }
        lines
    }

    fn history_not_kept(&self, problem: &FileError) -> String {
        format!("История не сохраняется: {}", file_error(problem))
    }

    fn lag_chart(&self, top_mm: f64) -> String {
        format!(
            "Расстояние до переднего борта по раскатам (верх {} мм; красным — фол)",
            dec(top_mm, 0)
        )
    }
}
