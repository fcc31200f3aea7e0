//! The referee: rules, fouls, warnings, remarks, verdicts, spotting, the score sheet.

use super::*;
use crate::words::referee::{SheetWords, lay_out_sheet};

impl RefereeWords for Russian {
    fn rule(&self, rule: Rule) -> String {
        match rule {
            Rule::General(n) => format!("правило {n}"),
            Rule::Balkline => "правило балклайна".to_owned(),
            Rule::KoreanFourBall => "правило корейского карамболя с четырьмя шарами".to_owned(),
            Rule::ShotClock => "время на удар по регламенту".to_owned(),
        }
    }

    fn foul(&self, foul: &Foul) -> String {
        match foul {
            Foul::RedNotFirst { on_break, first } => {
                let when = if *on_break {
                    "при начальном ударе"
                } else {
                    "в этой игре"
                };
                format!(
                    "{when} биток должен первым коснуться красного шара, а сначала коснулся {}",
                    ball_in(ball_word(*first), Case::Gen)
                )
            }
            Foul::BallsMoving(balls) => {
                format!("удар выполнен, пока ещё двигались: {}", names(balls))
            }
            Foul::WrongBall { struck, cue_ball } => {
                let why = if struck.is_cue_ball() {
                    format!("биток этого удара — {} (правило 6)", ball_word(*cue_ball))
                } else {
                    "красный шар никогда не бывает битком (правило 2)".to_owned()
                };
                format!(
                    "наклейка ударила по {}: {why}",
                    ball_in(ball_word(*struck), Case::Dat)
                )
            }
            Foul::CueTouchedAtStrike(balls) => {
                format!("кий при ударе коснулся: {}", names(balls))
            }
            Foul::CueTouchedAfterStrike(balls) => {
                format!("кий после удара коснулся: {}", names(balls))
            }
            Foul::TouchedBall => {
                "шара в игре коснулось что-то, кроме наклейки (решение судьи)".to_owned()
            }
            Foul::IntentionalFoul => "по шару в игре умышленно ударили не наклейкой (решение \
                                      судьи, правило 18)"
                .to_owned(),
            Foul::TipAgain(1) => "наклейка ещё раз коснулась битка после удара".to_owned(),
            Foul::TipAgain(times) => format!(
                "наклейка ещё {} коснулась битка после удара",
                count(*times as u64, "раз", "раза", "раз")
            ),
            Foul::TipStillOn {
                ball,
                after_s,
                contact_s,
            } => format!(
                "наклейка ещё касалась битка, когда он дошёл до {} ({} мс после удара, контакт \
                 наклейки {} мс)",
                ball_in(ball_word(*ball), Case::Gen),
                dec(after_s * 1000.0, 2),
                dec(contact_s * 1000.0, 2)
            ),
            Foul::Push { contact_s, limit_s } => format!(
                "пропих: наклейка оставалась на битке {} мс (больше {} мс)",
                dec(contact_s * 1000.0, 2),
                dec(limit_s * 1000.0, 2)
            ),
            Foul::CueBallJumped => "биток выскочил за пределы игровой поверхности".to_owned(),
            Foul::ScoopedJump { below, over } => format!(
                "подброс: удар на {} R ниже центра, и биток перепрыгнул через {} шар, не дойдя \
                 до прицельного",
                dec(*below, 2),
                ball_word(*over)
            ),
            Foul::MiscueJump => "наклейка соскользнула (кикс), и биток подскочил: его подбросил \
                                 наконечник или шафт"
                .to_owned(),
            Foul::SafetyForbidden => {
                "трёхбортный карамболь по правилам USBA запрещает преднамеренные отыгрыши"
                    .to_owned()
            }
            Foul::SafetyWithoutContact => {
                "неправильный отыгрыш: биток не коснулся ни одного шара".to_owned()
            }
            Foul::SafetyWithoutCushion => "неправильный отыгрыш: после касания битком \
                                           прицельного шара ни один шар не дошёл до борта"
                .to_owned(),
            Foul::SafetyOwed(obligation) => {
                let after = match obligation {
                    Obligation::AfterSafety => {
                        "два отыгрыша подряд нельзя: ваш прошлый подход закончился отыгрышем"
                    }
                    Obligation::AfterFoul => "ваш прошлый подход закончился фолом",
                };
                format!(
                    "{after}, поэтому этот подход должен начаться с попытки результативного удара"
                )
            }
            Foul::BalkCount { space, counts } => {
                let n = u64::from(*counts);
                format!(
                    "оба прицельных шара остались в {} после {n} {} в ней: этот карамболь должен \
                     был вывести из неё один из них",
                    self.balk_space_forms(space).1,
                    plural(n, "карамболя", "карамболей", "карамболей")
                )
            }
            Foul::OpponentBall(ball) => {
                format!("биток коснулся битка соперника ({})", ball_word(*ball))
            }
            Foul::ShotClock => "время на удар истекло: подход окончен как после фола, шары \
                                остаются, где лежат"
                .to_owned(),
        }
    }

    fn warning(&self, warning: &Warning) -> String {
        match warning {
            Warning::IntentionalFoul { loses_game: true } => {
                "второе предупреждение за умышленный фол: партия проиграна".to_owned()
            }
            Warning::IntentionalFoul { loses_game: false } => {
                "предупреждение за умышленный фол: второе — поражение в партии".to_owned()
            }
        }
    }

    fn remark(&self, remark: &Remark) -> String {
        match remark {
            Remark::NoCount(miss) => format!("карамболя нет: {}", self.count_miss(miss)),
            Remark::LegalSafety => "правильный отыгрыш (правило 23)".to_owned(),
            Remark::TargetReached { equalising: false } => "цель достигнута".to_owned(),
            Remark::TargetReached { equalising: true } => {
                "цель достигнута: остальные игроки круга играют уравнивающий подход".to_owned()
            }
            Remark::Interference => "постороннее вмешательство: позиция восстановлена, без \
                                     штрафа; удар не засчитан (правило 22)"
                .to_owned(),
            Remark::BankShot { points } => {
                format!("удар с борта (три борта до первого шара): очков — {points}")
            }
            Remark::SetWon { set, .. } => format!("сет {set} выигран"),
        }
    }

    fn count_miss(&self, miss: &CountMiss) -> String {
        match miss {
            CountMiss::Cushions { had, needed } => {
                format!("{} до второго шара, нужно {needed}", cushions(*had))
            }
            CountMiss::TouchedNone => "биток не коснулся ни одного из нужных шаров".to_owned(),
            CountMiss::TouchedOnly(ball) => format!(
                "биток коснулся только {}",
                ball_in(ball_word(*ball), Case::Gen)
            ),
            CountMiss::NotAll => "биток коснулся не всех нужных шаров".to_owned(),
        }
    }

    fn balk_space(&self, space: &BalkSpace) -> String {
        self.balk_space_forms(space).0
    }

    fn verdict_notes(&self, verdict: &Verdict) -> String {
        let mut notes: Vec<String> = Vec::new();
        if verdict.points > 0 {
            notes.push("карамболь".to_owned());
        }
        notes.extend(
            verdict
                .fouls
                .iter()
                .map(|f| format!("ФОЛ, {}: {}", self.rule(f.rule()), self.foul(f))),
        );
        notes.extend(verdict.warnings.iter().map(|w| {
            format!(
                "ПРЕДУПРЕЖДЕНИЕ, {}: {}",
                self.rule(w.rule()),
                self.warning(w)
            )
        }));
        notes.extend(verdict.remarks.iter().map(|r| self.remark(r)));
        for p in &verdict.spot {
            let occupied = if p.occupied.is_empty() {
                String::new()
            } else {
                let spots: Vec<&str> = p.occupied.iter().map(|s| spot_short(*s)).collect();
                let taken = if spots.len() == 1 {
                    "занята"
                } else {
                    "заняты"
                };
                format!(" ({} {taken})", spots.join(", "))
            };
            notes.push(format!(
                "{} выставлен на {}{occupied}",
                ball_word(p.ball),
                spot_to(p.spot)
            ));
        }
        if verdict.game_over() {
            notes.push("партия окончена".to_owned());
        } else if verdict.inning_over {
            notes.push("подход окончен".to_owned());
        }
        notes.join("; ")
    }

    fn verdict_lines(&self, verdict: &Verdict, names: &[String]) -> Vec<Line> {
        let name = |i: usize| names.get(i).map_or("?", String::as_str);
        let shooter = name(verdict.shooter);
        let mut lines = Vec::new();
        if verdict.restore_positions {
            lines.push(Line::new(
                "Позиция восстановлена (правило 22): удар не засчитан",
                Tone::Warn,
            ));
        } else if !verdict.fouls.is_empty() {
            lines.push(Line::new(
                format!("{shooter}: фол, карамболь не засчитан"),
                Tone::Bad,
            ));
            for foul in &verdict.fouls {
                lines.push(Line::new(
                    format!("Фол — {}: {}", self.rule(foul.rule()), self.foul(foul)),
                    Tone::Bad,
                ));
            }
        } else if verdict.points > 0 {
            lines.push(Line::new(
                format!("{shooter}: Карамболь! +{}", verdict.points),
                Tone::Good,
            ));
        } else {
            lines.push(Line::new(format!("{shooter}: Карамболя нет"), Tone::Plain));
        }
        for warning in &verdict.warnings {
            lines.push(Line::new(
                format!(
                    "Предупреждение — {}: {}",
                    self.rule(warning.rule()),
                    self.warning(warning)
                ),
                Tone::Warn,
            ));
        }
        for remark in &verdict.remarks {
            lines.push(Line::new(self.remark(remark), Tone::Dim));
        }
        if let Some(outcome) = verdict.outcome {
            let tone = if verdict.winner().is_some() {
                Tone::Good
            } else {
                Tone::Warn
            };
            lines.push(Line::new(self.outcome(outcome, names), tone));
        }
        lines
    }

    fn spotting(&self, placement: &Placement, style: BallStyle) -> String {
        let ball = self.ball(placement.ball, style);
        let tried: Vec<String> = placement.occupied.iter().map(|s| self.spot(*s)).collect();
        match tried.len() {
            0 => format!("{ball}: на {}", spot_to(placement.spot)),
            3 => format!(
                "{ball}: {} заняты — на ближайшую свободную точку продольной оси",
                tried.join(", ")
            ),
            1 => format!(
                "{ball}: {} занята — на {}",
                tried.join(" и "),
                spot_to(placement.spot)
            ),
            _ => format!(
                "{ball}: {} заняты — на {}",
                tried.join(" и "),
                spot_to(placement.spot)
            ),
        }
    }

    fn outcome(&self, outcome: Outcome, names: &[String]) -> String {
        match outcome {
            Outcome::Winner(w) => format!(
                "Партия окончена: побеждает {}",
                names.get(w).map_or("?", String::as_str)
            ),
            Outcome::Draw => "Партия окончена: ничья".to_owned(),
            Outcome::NotReached => "Партия окончена: цель не достигнута".to_owned(),
        }
    }

    fn sheet_note(&self, verdict: &Verdict) -> Line {
        if verdict.restore_positions {
            return Line::new("восстановлено (правило 22), без фола", Tone::Warn);
        }
        if !verdict.fouls.is_empty() {
            let rules: Vec<String> = verdict.fouls.iter().map(|f| self.rule(f.rule())).collect();
            return Line::new(format!("фол: {}", rules.join(", ")), Tone::Bad);
        }
        let tone = if verdict.points > 0 {
            Tone::Plain
        } else {
            Tone::Dim
        };
        if verdict.remarks.contains(&Remark::LegalSafety) {
            return Line::new("отыгрыш (правило 23)", tone);
        }
        Line::new("", tone)
    }

    fn sheet_text(&self, sheet: &ScoreSheet) -> String {
        let mut out = String::new();
        let limit = match sheet.innings_limit {
            Some(n) => format!(
                "не более {n} {}",
                plural(u64::from(n), "подхода", "подходов", "подходов")
            ),
            None => "без лимита подходов".to_owned(),
        };
        let equalising = if sheet.equalising_inning {
            ", уравнивающий подход"
        } else {
            ""
        };
        out += &format!(
            "{}: {}, {limit}{equalising}\n",
            sheet.game,
            up_to_points(sheet.target)
        );
        out += &match &sheet.sets {
            Some(sets) => format!(
                "По сетам: до {} выигранных; начинающий сет играет {}.\n\n",
                sets.to_win(),
                ball_in(ball_word(sheet.breaker_ball), Case::Ins)
            ),
            None => format!(
                "{} начинает партию {}.\n\n",
                sheet.name(sheet.breaker),
                ball_in(ball_word(sheet.breaker_ball), Case::Ins)
            ),
        };
        let outcome = match sheet.outcome {
            Some(Outcome::Winner(w)) => format!("Победитель: {}", sheet.name(w)),
            Some(Outcome::Draw) => "Партия окончена: ничья.".to_owned(),
            Some(Outcome::NotReached) => "Партия окончена: цель не достигнута.".to_owned(),
            None => "Партия не закончена.".to_owned(),
        };
        let words = SheetWords {
            heading: out,
            innings: ["подход", "серия", "итого"],
            totals: ["игрок", "очки", "подходы", "лучшая серия", "средняя"],
            outcome,
            by_stroke: "Удар за ударом",
            strokes: ["№", "игрок", "биток", "очки", "примечания"],
            set: |n, breaker, score| format!("Сет {n}, разбивает {breaker}: {score}"),
            sets_won: "сеты",
        };
        lay_out_sheet(
            sheet,
            words,
            |ball| ball_word(ball).to_string(),
            |average| self.average(average),
            |verdict| self.verdict_notes(verdict),
        )
    }
}
