//! Practice: positions, drills and their library.

use super::*;

impl PracticeWords for Russian {
    fn target(&self, target: &Target, table: &TableGeometry) -> String {
        let area = match target {
            Target::Score => return "Задание: карамболь".to_owned(),
            Target::Arrive(arrival) => {
                let correction = arrival.system.map_or(String::new(), |system| {
                    format!(
                        "; по системе {}, но на этом столе её удар приходит в {}",
                        dec(system, 1),
                        dec(arrival.diamond, 2)
                    )
                });
                return match arrival.numbers {
                    SystemNumbers::CornerFive => format!(
                        "Задание: вокруг стола в {} на третьем борту (числа системы «угол пять»{correction}), с точностью {}",
                        dec(arrival.diamond, 2),
                        dec(arrival.within, 2)
                    ),
                    SystemNumbers::Plus => format!(
                        "Задание: короткий, дальний, ближний борт в {} (числа системы «плюс», исход + первый борт = приход{correction}), с точностью {}",
                        dec(arrival.diamond, 1),
                        dec(arrival.within, 1)
                    ),
                };
            }
            Target::ScoreAndLeave(area) => area,
        };
        // Along the table from the head end (0 to 8), across from the right (0 to 4).
        let along = |x: f64| table.diamond_at(Cushion::Left, DVec2::new(x, 0.0));
        let across = |y: f64| table.diamond_at(Cushion::Head, DVec2::new(0.0, y));
        let span = |a: f64, b: f64, all: f64| {
            let (a, b) = (a.clamp(0.0, all), b.clamp(0.0, all));
            (a > 0.05 || b < all - 0.05).then(|| format!("{}–{}", diamonds(a), diamonds(b)))
        };
        let parts: Vec<String> = [
            span(
                along(area.min.0),
                along(area.max.0),
                f64::from(table.long_intervals),
            )
            .map(|s| format!("ромбов {s} по длине стола")),
            span(
                across(area.min.1),
                across(area.max.1),
                f64::from(table.short_intervals),
            )
            .map(|s| format!("ромбов {s} по ширине")),
        ]
        .into_iter()
        .flatten()
        .collect();
        format!(
            "Задание: карамболь, и каждый шар останавливается в пределах {}",
            parts.join(" и ")
        )
    }

    fn target_result(&self, result: &Result<Met, Miss>, style: BallStyle) -> Line {
        match result {
            Ok(Met::Done) => Line::new("Задание выполнено", Tone::Good),
            Ok(Met::Arrived { at, target }) => Line::new(
                format!(
                    "Задание выполнено: приход в {}, {} от {}",
                    dec(*at, 2),
                    dec((at - target).abs(), 2),
                    dec(*target, 1)
                ),
                Tone::Good,
            ),
            Err(Miss::Arrived {
                at: Some(at),
                target,
                ..
            }) => Line::new(
                format!(
                    "Задание не выполнено: приход в {}, {} от {}",
                    dec(*at, 2),
                    signed(at - target, 2),
                    dec(*target, 1)
                ),
                Tone::Bad,
            ),
            Err(Miss::Arrived {
                at: None, numbers, ..
            }) => Line::new(
                match numbers {
                    SystemNumbers::CornerFive => {
                        "Задание не выполнено: биток не обошёл стол (длинный, короткий, длинный)"
                    }
                    SystemNumbers::Plus => {
                        "Задание не выполнено: биток не прошёл короткий, дальний длинный, ближний длинный борт"
                    }
                },
                Tone::Bad,
            ),
            Err(Miss::NoScore) => Line::new("Задание не выполнено: карамболя нет", Tone::Bad),
            Err(Miss::Route(route)) => {
                let touched: Vec<&str> = route.iter().map(|t| touch(*t)).collect();
                Line::new(
                    format!("Задание не выполнено: путь битка — {}", touched.join(", ")),
                    Tone::Bad,
                )
            }
            Err(Miss::LeftOutside(ball)) => Line::new(
                format!(
                    "Задание не выполнено: {} шар остановился вне зоны",
                    self.ball(*ball, style)
                ),
                Tone::Bad,
            ),
        }
    }

    fn library_note(&self, note: &LibraryNote) -> String {
        match note {
            LibraryNote::NotLoaded(e) => format!("Не загружено: {}", file_error(e)),
            LibraryNote::DrillResultsNotKept(e) => {
                format!("Результаты упражнений не сохраняются: {}", file_error(e))
            }
            LibraryNote::NotSaved(None) => "Не сохранено".to_owned(),
            LibraryNote::NotSaved(Some(e)) => format!("Не сохранено: {}", file_error(e)),
            LibraryNote::Saved(path) => format!("Сохранено: {}", path.display()),
            LibraryNote::NoDrills => "Для этой игры нет упражнений".to_owned(),
            LibraryNote::DrillNotStarted(e) => format!(
                "Упражнение не начато: {}",
                self.trouble(Trouble::MissingPosition(e))
            ),
            LibraryNote::DrillDone(done) => {
                let mut said = format!(
                    "Упражнение завершено: {} из {} ({} %)",
                    done.made,
                    done.tries,
                    dec(100.0 * done.score, 0)
                );
                if let Some(best) = done.best {
                    said += &format!("; рекорд {} %", dec(100.0 * best, 0));
                }
                if let Some(trend) = done.trend {
                    said += &format!("; динамика {} %", signed(100.0 * trend, 0));
                }
                if let Some(e) = &done.not_kept {
                    said += &format!("; не сохранено: {}", file_error(e));
                }
                if let Some(grade) = &done.grade {
                    said += "\n";
                    said += &exam_grade(grade);
                }
                said
            }
            LibraryNote::NoPositions => "Для этой игры нет позиций".to_owned(),
            LibraryNote::NoStroke => "У этой позиции нет своего удара".to_owned(),
            LibraryNote::Deleted(path) => format!("Удалено: {}", path.display()),
            LibraryNote::NotDeleted(e) => format!("Не удалено: {}", file_error(e)),
            LibraryNote::BundledStay => "Встроенные позиции не удаляются".to_owned(),
            LibraryNote::NotPlaced(e) => {
                format!("Не поставлен: {}", self.trouble(Trouble::TypedPlace(e)))
            }
        }
    }

    fn own_position_name(&self, n: usize) -> String {
        format!("Моя позиция {n}")
    }

    fn placing_ball(&self, text: &str) -> [String; 2] {
        [
            format!("Поставить шар: {text}_"),
            "Шар, затем ромбы вдоль от короткого борта у начала стола (0-8) и поперёк от \
             правого борта (0-4), например «красный 3,5 / 1,25»; Enter: поставить, Escape: нет"
                .to_owned(),
        ]
    }

    fn naming_position(&self, name: &str) -> [String; 2] {
        [
            format!("Название позиции: {name}_"),
            "Enter: сохранить (с заданным ударом), Escape: отмена".to_owned(),
        ]
    }

    fn drill_under_way(&self, drill: &DrillProgress) -> [String; 3] {
        let made: u32 = drill.run.made.iter().sum();
        [
            format!("Упражнение: {}", drill.drill.name_in("ru")),
            format!(
                "Позиция {}/{}: {}",
                drill.position + 1,
                drill.positions.len(),
                drill.current().name_in("ru")
            ),
            format!(
                "Попытка {}/{}; пока удачных: {made}",
                drill.attempt + 1,
                drill.drill.attempts
            ),
        ]
    }

    fn position_of(&self, number: usize, count: usize, name: &str) -> String {
        format!("Позиция {number}/{count}: {name}")
    }

    fn position_keys(&self, next: &str, stroke: &str, save: &str, delete: Option<&str>) -> String {
        let own = delete.map_or(String::new(), |keys| format!(", {keys}: удалить"));
        format!("{next}: следующая, {stroke}: её удар, {save}: сохранить{own}")
    }

    fn library_keys(&self, next: &str, positions: usize, drill: &str, drills: usize) -> String {
        format!(
            "{next}: тренировочные позиции ({} в этой игре); {drill}: упражнения ({drills})",
            count(positions as u64, "позиция", "позиции", "позиций")
        )
    }
}

/// An exam's grade: the levels the result lies between.
fn exam_grade(grade: &crate::play::exam::NamedGrade) -> String {
    let mut said = match (&grade.reached, &grade.short_of) {
        (Some((a, made_a)), Some((b, made_b))) => format!(
            "Оценка: между уровнями «{a}» ({}) и «{b}» ({})",
            dec(*made_a, 1),
            dec(*made_b, 1)
        ),
        (None, Some((b, made_b))) => {
            format!("Оценка: ниже уровня «{b}» ({})", dec(*made_b, 1))
        }
        (Some((a, made_a)), None) => {
            format!("Оценка: уровень «{a}» ({}) и выше", dec(*made_a, 1))
        }
        (None, None) => "Оценка: уровни на этом экзамене ещё не измерены".to_owned(),
    };
    if !grade.fitted {
        said += " (уровни измерены на столе по замерам: оценка только для него)";
    }
    said
}
