//! The table and the shot: balls, spots, cushions, strokes, events, the command line's text.

use super::*;

impl ShotWords for Russian {
    fn points(&self, n: u32) -> String {
        count(u64::from(n), "очко", "очка", "очков")
    }

    fn ball(&self, ball: BallId, style: BallStyle) -> String {
        match (ball, style) {
            (BallId::Dotted, BallStyle::Yellow) => "жёлтый".to_owned(),
            (BallId::Red2, _) => "второй красный".to_owned(),
            _ => ball_word(ball).to_owned(),
        }
    }

    fn spot(&self, spot: Spot) -> String {
        format!("{} отметка", spot_short(spot))
    }

    fn cushion(&self, cushion: Cushion) -> String {
        match cushion {
            Cushion::Head => "передний",
            Cushion::Foot => "задний",
            Cushion::Left => "левый",
            Cushion::Right => "правый",
        }
        .to_owned()
    }

    fn event(&self, event: &EventKind) -> String {
        match event {
            EventKind::Strike {
                ball,
                speed,
                direction_deg,
                side,
                height,
                elevation_deg,
                ..
            } => format!(
                "удар: {} уходит со скоростью {} м/с в направлении {}°, наклейка {} R вбок, {} R \
                 по высоте, кий под углом {}°",
                ball_word(*ball),
                dec(*speed, 3),
                dec(*direction_deg, 1),
                signed(*side, 2),
                signed(*height, 2),
                dec(*elevation_deg, 0)
            ),
            EventKind::Tip { ball, speed } => format!(
                "наклейка снова касается {} со скоростью {} м/с",
                ball_in(ball_word(*ball), Case::Gen),
                dec(*speed, 3)
            ),
            EventKind::TipOff { ball } => format!(
                "наклейка, продолжая толкать, отходит от {}",
                ball_in(ball_word(*ball), Case::Gen)
            ),
            EventKind::Miscue { ball } => {
                format!("кикс по {}", ball_in(ball_word(*ball), Case::Dat))
            }
            EventKind::BallBall { a, b, speed } => format!(
                "{} сталкивается с {} со скоростью {} м/с",
                ball_word(*a),
                ball_in(ball_word(*b), Case::Ins),
                dec(*speed, 3)
            ),
            EventKind::Cushion {
                ball,
                cushion,
                speed,
                ..
            } => format!(
                "{} касается {} борта со скоростью {} м/с",
                ball_word(*ball),
                decline(&self.cushion(*cushion), Case::Gen),
                dec(*speed, 3)
            ),
            EventKind::Airborne { ball, vz } => format!(
                "{} отрывается от сукна, поднимаясь со скоростью {} м/с",
                ball_word(*ball),
                dec(*vz, 3)
            ),
            EventKind::Landed {
                ball,
                surface,
                height,
                distance,
            } => {
                let onto = match surface {
                    Surface::Bed => "сукно",
                    Surface::Cushion => "резину борта",
                    Surface::Rail => "планку борта",
                };
                format!(
                    "{} падает на {onto}, поднявшись на {} мм и пролетев {} м",
                    ball_word(*ball),
                    dec(height * 1000.0, 1),
                    dec(*distance, 3)
                )
            }
            EventKind::JumpedOver { ball, over } => format!(
                "{} перепрыгивает через {} шар",
                ball_word(*ball),
                ball_word(*over)
            ),
            EventKind::OffTable { ball, reason } => {
                let why = match reason {
                    OffTableReason::Floor => "упал на пол",
                    OffTableReason::RestedOffBed => "остановился вне игровой поверхности",
                };
                format!("{} вне стола ({why})", ball_word(*ball))
            }
            EventKind::Rest => "все шары остановились".to_owned(),
        }
    }

    fn stroke_settings(&self, stroke: &Stroke, style: BallStyle) -> String {
        self.stroke_line(stroke, style, "скорость ")
    }

    fn struck(&self, stroke: &Stroke, style: BallStyle) -> String {
        self.stroke_line(stroke, style, "скорость вылета ")
    }

    fn tip(&self, side: f64, height: f64) -> String {
        // What rounds to nothing is the centre (no "-0,00").
        let part = |v: f64, plus: &str, minus: &str| {
            let hundredths = (v * 100.0).round();
            (hundredths != 0.0).then(|| {
                let word = if hundredths > 0.0 { plus } else { minus };
                format!("{} {word}", dec(hundredths.abs() / 100.0, 2))
            })
        };
        let parts: Vec<String> = [part(height, "вверх", "вниз"), part(side, "вправо", "влево")]
            .into_iter()
            .flatten()
            .collect();
        if parts.is_empty() {
            "центр".to_owned()
        } else {
            parts.join(", ")
        }
    }

    fn contacts(&self, contacts: &[Contact], style: BallStyle) -> String {
        if contacts.is_empty() {
            return "касаний нет".to_owned();
        }
        // Semicolons between the contacts: the diamonds have decimal commas.
        contacts
            .iter()
            .enumerate()
            .map(|(i, c)| match c.touched {
                Touched::Ball(ball) => format!("{} {}", i + 1, self.ball(ball, style)),
                Touched::Cushion { cushion, diamond } => {
                    format!("{} {} ({})", i + 1, self.cushion(cushion), dec(diamond, 2))
                }
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn diagram_caption(
        &self,
        judged: Option<(&str, &Verdict)>,
        stroke: Option<&Stroke>,
        contacts: &[Contact],
        style: BallStyle,
    ) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some((game, verdict)) = judged {
            lines.push(format!("{game}: {}", self.verdict_notes(verdict)));
        }
        if let Some(stroke) = stroke {
            lines.push(self.struck(stroke, style));
            lines.push(format!(
                "Касания битка, борта в ромбах: {}",
                self.contacts(contacts, style)
            ));
        }
        lines
    }

    fn shot_text(&self, record: &ShotRecord, judged: Option<(&str, &Verdict)>) -> String {
        let mut text = String::new();
        for e in &record.events {
            text += &format!("{:>9} с  {}\n", dec(e.t, 4), self.event(&e.kind));
        }
        for (ball, p) in &record.final_positions {
            let place = if p.on_table {
                "на столе"
            } else {
                "вне стола"
            };
            text += &format!(
                "{:>14}  x {}  y {}  z {}  {place}\n",
                ball_word(*ball),
                signed(p.x, 4),
                signed(p.y, 4),
                dec(p.z, 4)
            );
        }
        text += &format!("всё остановилось через {} с\n", dec(record.duration, 3));
        if let Some((game, v)) = judged {
            text += &format!(
                "судья ({game}): {}; {}\n",
                self.points(v.points),
                self.verdict_notes(v)
            );
        }
        text
    }

    fn bench_text(&self, results: &[BenchResult], random: &RandomStrokes) -> String {
        let mut text = format!(
            "{:<7} {:>12} {:>10} {:>7} {:>7} {:>12}  удар\n",
            "тест", "время/удар", "модель", "шагов", "событий", "× реального"
        );
        for r in results {
            text += &format!(
                "{:<7} {:>9} мс {:>8} с {:>7} {:>7} {:>11}×  {}\n",
                r.name,
                dec(r.wall.as_secs_f64() * 1e3, 3),
                dec(r.simulated, 2),
                r.steps,
                r.events,
                dec(r.real_time_factor(), 0),
                r.what
            );
        }
        text + &format!(
            "случ.  {:>9} мкс {:>8} событий за удар, среднее по {} ударам из расстановки начального удара на одном столе (0-360°, 2-6 м/с, наклейка в пределах 0,4 R от центра, кий горизонтально)\n",
            dec(random.per_stroke.as_secs_f64() * 1e6, 1),
            dec(random.events, 1),
            random.strokes
        )
    }

    fn decisions_text(&self, game: &str, timings: &[LevelTiming]) -> String {
        let mut text = format!(
            "\nрешения в игре {game}, из случайных расстановок\n{:<9} {:>7} {:>9} {:>11} {:>11} \
             {:>11} {:>14} {:>8}\n",
            "уровень", "потоки", "решений", "медиана", "9 из 10", "максимум", "ударов/с", "шанс"
        );
        for t in timings {
            text += &format!(
                "{:<9} {:>7} {:>9} {:>8} мс {:>8} мс {:>8} мс {:>14} {:>7} %\n",
                t.level,
                t.workers,
                t.decisions,
                dec(t.median.as_secs_f64() * 1e3, 0),
                dec(t.ninetieth.as_secs_f64() * 1e3, 0),
                dec(t.slowest.as_secs_f64() * 1e3, 0),
                dec(t.strokes_per_s, 0),
                dec(t.mean_p_score * 100.0, 0)
            );
        }
        text
    }

    fn calibrated(&self, level: &Level, average: &Average, took: Duration) -> String {
        let rung = match (level.ladder, average.game.as_str()) {
            (Some(rung), "three_cushion") => format!(
                ", ступень {}: {}{} %",
                dec(rung, 2),
                if average.average >= rung { "+" } else { "-" },
                dec(((average.average / rung - 1.0) * 100.0).abs(), 0)
            ),
            _ => String::new(),
        };
        let stopped = if average.stopped {
            " (остановлен на десяти ударах за подход: оценка снизу)"
        } else {
            ""
        };
        format!(
            "{:<9} {:<18} {:>8} за подход, 95 % {} .. {}{rung}; подходов {}, очков {}, лучшая серия {}, ударов {}{stopped}, {} с\n",
            level.key,
            level.name_in("ru"),
            dec(average.average, 3),
            dec(average.interval.0, 3),
            dec(average.interval.1, 3),
            average.innings,
            average.points,
            average.high_run,
            average.strokes,
            dec(took.as_secs_f64(), 0)
        )
    }

    fn plus_report(&self, report: &PlusReport) -> String {
        use crate::diamond_systems::plus;
        let mut text = format!(
            "Система «плюс» на столе {}: приход = исход + первый борт (Эфлер: третий борт - \
             исход = первый борт), приход по системе и в симуляции\n\
             Её удар: {} м/с, {} R накатного бокового, {} R выше центра, кий горизонтален\n\
             Первый борт, таблица 1: 0, 10, 20, 35, 50 на 4; 3,5; 3; 2,5; 2 ромба вверх по \
             короткому борту; таблица 2: 20, 30, 40, 50 на 3,5; 3; 2,5; 2\n",
            report.table,
            dec(plus::SPEED, 1),
            dec(plus::SIDE, 1),
            dec(plus::HEIGHT, 1)
        );
        let at_speed = report.sweeps.iter().filter(|s| s.speed == plus::SPEED);
        for sweep in at_speed.clone() {
            text += &format!(
                "\nПриход в симуляции при {} м/с, первый борт: {} (- : не короткий, дальний, \
                 ближний борт)\n",
                dec(sweep.speed, 1),
                table_name(sweep.numbering)
            );
            text += &crate::words::sweep_grid(
                &crate::words::plus_cells(&sweep.played),
                "исход",
                "первый борт",
                1,
                true,
            );
        }
        text += "\nСимуляция минус система, ромбы вдоль бортов прихода\n";
        for sweep in &report.sweeps {
            let d = sweep.deviation();
            text += &format!(
                "{}, {} м/с: среднее {}, среднее расстояние {}, худшее {} ({} из {} прошли путь)\n",
                table_name(sweep.numbering),
                dec(sweep.speed, 1),
                signed(d.mean, 2),
                dec(d.mean_distance, 2),
                signed(d.worst, 2),
                d.round,
                d.strokes
            );
        }
        for sweep in at_speed {
            text += &format!(
                "\nПо исходам при {} м/с, {}: среднее (худшее)\n",
                dec(sweep.speed, 1),
                table_name(sweep.numbering)
            );
            let each: Vec<String> = sweep
                .by_start()
                .iter()
                .map(|(start, d)| {
                    format!(
                        "{}: {} ({})",
                        dec(*start, 0),
                        signed(d.mean, 2),
                        signed(d.worst, 2)
                    )
                })
                .collect();
            text += &each.join("; ");
            text += "\n";
        }
        if let Some((agrees, its, other)) = report.agrees() {
            text += &format!(
                "\nПри скорости системы с симуляцией лучше согласна {}: среднее расстояние {} \
                 ромба против {}\n",
                table_name(agrees),
                dec(its.mean_distance, 2),
                dec(other.mean_distance, 2)
            );
        }
        text
    }

    fn exam_level(
        &self,
        level: &Level,
        score: &crate::play::exam::LevelScore,
        tries: u32,
        took: Duration,
    ) -> String {
        format!(
            "{:<9} {:<18} {:>6} из {tries} сделано, 95 % {} .. {}, {} с\n",
            level.key,
            level.name_in("ru"),
            dec(score.made, 2),
            dec(score.low, 2),
            dec(score.high, 2),
            dec(took.as_secs_f64(), 0)
        )
    }

    fn system_report(&self, report: &SystemReport) -> String {
        use crate::diamond_systems::corner_five;
        let mut text = format!(
            "Система «угол пять» (пять с половиной) на столе {}: приход на третий борт по \
             системе (исход - прицел) и в симуляции, в ромбах от угла у нижнего борта\n\
             Её удар: {} м/с, {} R накатного бокового, {} R выше центра, кий горизонтален\n\n",
            report.table,
            dec(corner_five::SPEED, 1),
            dec(corner_five::SIDE, 1),
            dec(corner_five::HEIGHT, 1)
        );
        if let Some((speed, played)) = report
            .sweeps
            .iter()
            .find(|(speed, _)| *speed == corner_five::SPEED)
        {
            text += &format!(
                "Приход в симуляции при {} м/с (- : шар не обошёл стол)\n",
                dec(*speed, 1)
            );
            text += &crate::words::sweep_grid(
                &crate::words::corner_five_cells(played),
                "исход",
                "прицел на первый борт",
                2,
                true,
            );
        }
        text += "\nСимуляция минус система, ромбы\n";
        let summaries = report.summaries();
        for (speed, summary) in &summaries {
            let (all, middle) = (summary.all, summary.middle);
            text += &format!(
                "{} м/с: среднее {}, среднее расстояние {}, худшее {} ({} из {} обошли стол); \
                 исход 3-6, приход 1-4: среднее {}, среднее расстояние {}, худшее {}\n",
                dec(*speed, 1),
                signed(all.mean, 2),
                dec(all.mean_distance, 2),
                signed(all.worst, 2),
                all.round,
                all.strokes,
                signed(middle.mean, 2),
                dec(middle.mean_distance, 2),
                signed(middle.worst, 2)
            );
        }
        text += "\nТо же, с приходом там, где шар касается носа третьего борта\n";
        for (speed, summary) in &summaries {
            let (all, middle) = (summary.nose, summary.nose_middle);
            text += &format!(
                "{} м/с: среднее {}, среднее расстояние {}, худшее {}; \
                 исход 3-6, приход 1-4: среднее {}, среднее расстояние {}, худшее {}\n",
                dec(*speed, 1),
                signed(all.mean, 2),
                dec(all.mean_distance, 2),
                signed(all.worst, 2),
                signed(middle.mean, 2),
                dec(middle.mean_distance, 2),
                signed(middle.worst, 2)
            );
        }
        if let Some(check) = report.aim {
            text += &format!(
                "\nИз {} в {}: система целит в {}; ",
                dec(check.origin, 1),
                dec(check.target, 1),
                dec(check.system, 2)
            );
            text += &match check.simulated {
                Some(aim) => format!(
                    "в симуляции шар приходит туда при прицеле {} ({})\n",
                    dec(aim, 2),
                    signed(aim - check.system, 2)
                ),
                None => {
                    "ни один прицел в пределах двух ромбов от него туда не приводит\n".to_owned()
                }
            };
        }
        text
    }

    fn share_scored(
        &self,
        level: &Level,
        game: &str,
        share: f64,
        lay_outs: usize,
        took: Duration,
    ) -> String {
        format!(
            "{:<9} {:<18} забивает из {} % случайных расстановок ({lay_outs}) игры {game} (около {} за подход), {} с\n",
            level.key,
            level.name_in("ru"),
            dec(share * 100.0, 1),
            dec(share / (1.0 - share).max(1e-9), 2),
            dec(took.as_secs_f64(), 0)
        )
    }

    fn advice(
        &self,
        level: &str,
        coach: bool,
        decision: Option<&Decision>,
        take_key: &str,
    ) -> String {
        match (coach, decision) {
            (false, None) => format!("{level} думает…"),
            (false, Some(d)) if d.declare_safety => {
                format!("{level} объявляет отыгрыш (правило 23) и бьёт")
            }
            (false, Some(d)) => format!(
                "{level} бьёт: шанс карамболя {} %",
                dec(d.p_score * 100.0, 0)
            ),
            (true, None) => format!("Тренер ({level}) думает…"),
            (true, Some(d)) if d.declare_safety => {
                format!("Тренер: отыгрыш, показан зелёным; {take_key}: взять его")
            }
            (true, Some(d)) => format!(
                "Тренер: удар зелёным, шанс карамболя {} %; {take_key}: взять его",
                dec(d.p_score * 100.0, 0)
            ),
        }
    }

    fn number(&self, value: f64) -> String {
        let text = format!("{value:.2}");
        text.trim_end_matches('0')
            .trim_end_matches('.')
            .replace('.', ",")
    }

    fn pattern(&self, pattern: Pattern) -> &'static str {
        match pattern {
            Pattern::AroundTheTable => "вокруг стола",
            Pattern::RailFirstAroundTheTable => "от борта вокруг стола",
            Pattern::Bricole => "бриколь (сначала три борта)",
            Pattern::Umbrella => "зонтик",
            Pattern::ShortLongShort => "короткий, длинный, короткий",
            Pattern::ShortLongLong => "короткий, длинный, длинный",
            Pattern::AcrossTheTable => "поперёк стола (длинный, длинный, короткий)",
            Pattern::DoubleTheRail => "дважды поперёк стола",
            Pattern::Ticky => "тики",
            Pattern::Other => "свой путь",
        }
    }

    fn explanation(&self, e: &Explanation, style: BallStyle) -> Vec<String> {
        let pattern = self.pattern(e.pattern);
        let mut first = pattern.chars();
        let pattern: String = first
            .next()
            .map(|c| c.to_uppercase().chain(first).collect())
            .unwrap_or_default();
        let mut lines = vec![format!(
            "{pattern}: {}",
            crate::words::route_text(self, &e.route, style)
        )];
        if let Some(r) = e.system {
            lines.push(format!(
                "«Угол пять»: {} - {} = {}; шар приходит в {}",
                dec(r.origin, 1),
                dec(r.aim, 1),
                dec(r.predicted, 1),
                dec(r.arrived, 1)
            ));
        }
        let others: Vec<String> = e
            .alternatives
            .iter()
            .map(|a| {
                format!(
                    "{} {} %",
                    self.pattern(a.pattern),
                    dec(a.p_score * 100.0, 0)
                )
            })
            .collect();
        lines.push(match (e.safety, others.is_empty()) {
            (false, true) => "Другого удара с очком не найдено".to_owned(),
            (false, false) => format!("Следующие по силе: {}", others.join("; ")),
            (true, true) => "Удара с очком не найдено".to_owned(),
            (true, false) => format!(
                "Лучшая попытка, менее выгодная, чем отыгрыш: {}",
                others.join("; ")
            ),
        });
        if let Some(share) = e.leave_share {
            lines.push(format!(
                "После очка: {} % ударов из оставленной позиции приносят очко",
                dec(share * 100.0, 0)
            ));
        }
        lines
    }

    fn suggestion(&self, level: &str, decision: &Decision) -> String {
        let what = if decision.declare_safety {
            "объявить отыгрыш (правило 23) и бить".to_owned()
        } else {
            format!(
                "бить (шанс карамболя {} %)",
                dec(decision.p_score * 100.0, 0)
            )
        };
        format!(
            "{level}: {what}\n{}\nперебрано: {} за {} мс\n",
            self.stroke_settings(&decision.stroke, BallStyle::default()),
            count(decision.evaluated as u64, "удар", "удара", "ударов"),
            dec(decision.elapsed.as_secs_f64() * 1e3, 0)
        )
    }
}

/// A first-rail numbering of the plus system by its name in the report.
fn table_name(numbering: crate::diamond_systems::plus::FirstRail) -> &'static str {
    use crate::diamond_systems::plus::FirstRail;
    match numbering {
        FirstRail::Table1 => "таблица 1",
        FirstRail::Table2 => "таблица 2",
    }
}
