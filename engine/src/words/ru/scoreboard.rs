//! The match at the table: the scoreboard, its keys, the end of a game.

use super::*;

impl MatchWords for Russian {
    fn last_lag(&self, ball: &LagBall) -> Line {
        let Line { text, tone } = self.lag_summary(ball);
        Line::new(format!("Последний раскат: {text}"), tone)
    }

    fn safety_declared(&self) -> &'static str {
        "На этот удар объявлен отыгрыш (правила 23–25)"
    }

    fn table_keys(&self, safety: &str, restore: &str, menu: &str, saved: bool) -> String {
        let saved = if saved {
            " (матч сохранён)"
        } else {
            ""
        };
        format!(
            "{safety}: объявить отыгрыш (правила 23–25)\n{restore} дважды: восстановить \
             позицию (правило 22)\n{menu}: меню{saved}"
        )
    }

    fn board_title(&self, game: &str, targets: &[u32], innings_limit: Option<u32>) -> String {
        let limit = innings_limit.map_or("без лимита подходов".to_owned(), |n| {
            format!(
                "не более {n} {}",
                plural(u64::from(n), "подхода", "подходов", "подходов")
            )
        });
        let distance = match targets {
            [first, rest @ ..] if rest.iter().all(|t| t == first) => up_to_points(*first),
            _ => format!("фора {}", crate::words::each_target(targets)),
        };
        format!("{game}: {distance}, {limit}")
    }

    fn board_columns(&self) -> [&'static str; 6] {
        ["Игрок", "Очк", "Подх", "Сер", "Макс", "Ср"]
    }

    fn average(&self, points_per_inning: f64) -> String {
        dec(points_per_inning, 3)
    }

    fn training_row(&self, lags: usize, best_mm: Option<f64>) -> String {
        let best = best_mm.map_or("-".to_owned(), |d| format!("{} мм", dec(d, 1)));
        format!(
            "{}   лучший: {best}",
            count(lags as u64, "раскат", "раската", "раскатов")
        )
    }

    fn lagger(&self, side: Side, status: Lagger) -> String {
        let side = format!("{} половина", side_name(side));
        let status = match status {
            Lagger::Won => "раскат выигран",
            Lagger::AtTheTable => "у стола",
            Lagger::Ready => "удар готов",
            Lagger::Waiting => "",
        };
        format!("{side}  {status}")
    }

    fn live_count(&self, count: &LiveCount, style: BallStyle) -> String {
        let cushions = cushions(count.cushions);
        let balls: Vec<String> = count
            .balls
            .iter()
            .zip(&count.cushions_before)
            .map(|(ball, before)| format!("{} (после {before})", self.ball(*ball, style)))
            .collect();
        if balls.is_empty() {
            format!("{cushions}, шаров пока нет")
        } else {
            format!("{cushions}; задеты: {}", balls.join(", "))
        }
    }

    fn stroke_story(&self, count: &LiveCount, style: BallStyle) -> String {
        let hits: Vec<String> = count
            .balls
            .iter()
            .zip(&count.cushions_before)
            .enumerate()
            .map(|(i, (ball, before))| {
                let when = if i == 0 {
                    "сначала"
                } else {
                    "затем"
                };
                format!(
                    "{when} {} {}",
                    self.ball(*ball, style),
                    cushions_before(*before)
                )
            })
            .collect();
        let mut story = if hits.is_empty() {
            format!("Биток: {}, ни одного шара", cushions(count.cushions))
        } else {
            format!(
                "Биток: всего {}; {}",
                cushions(count.cushions),
                hits.join(", ")
            )
        };
        for [a, b] in &count.kisses {
            story += &format!(
                "; столкновение: {} с {}",
                self.ball(*a, style),
                decline(&self.ball(*b, style), Case::Ins)
            );
        }
        story
    }

    fn balk_tally(&self, tally: &BalkTally, limit: u32) -> Line {
        let counts = count(
            u64::from(tally.counts),
            "карамболь",
            "карамболя",
            "карамболей",
        );
        let space = self.balk_space_forms(&tally.space).1;
        if tally.counts >= limit {
            Line::new(
                format!(
                    "{counts} в {space}: следующим ударом один прицельный шар должен её покинуть"
                ),
                Tone::Warn,
            )
        } else {
            Line::new(
                format!("{counts} в {space} (из {limit} допустимых)"),
                Tone::Plain,
            )
        }
    }

    fn notice(&self, notice: &Notice, names: &[String], style: BallStyle) -> String {
        match notice {
            Notice::WrongBall { player, ball } => format!(
                "{} играет {} (правило 6)",
                names.get(*player).map_or("?", String::as_str),
                ball_in(&self.ball(*ball, style), Case::Ins)
            ),
            Notice::NoStroke(e) => format!("Удар невозможен: {}", self.trouble(Trouble::Strike(e))),
            Notice::NoLag(e) => format!("Раскат невозможен: {}", self.trouble(Trouble::Strike(e))),
            Notice::CannotJudge(e) => format!(
                "Судья не может оценить этот удар: {}",
                self.trouble(Trouble::Judge(e))
            ),
            Notice::CannotJudgeLag(e) => {
                format!("Раскат нельзя оценить: {}", self.trouble(Trouble::Lag(e)))
            }
            Notice::NothingToRestore => {
                "Нечего восстанавливать: ещё не сыграно ни одного удара".to_owned()
            }
            Notice::PositionsRestored => {
                "Позиция восстановлена, как до последнего удара (правило 22)".to_owned()
            }
            Notice::SaveFailed(e) => format!("Матч не удалось сохранить: {}", file_error(e)),
            Notice::OldSaveKept(path) => format!(
                "Старое сохранение не читается; оно оставлено как {}",
                path.display()
            ),
            Notice::OldSaveStuck(e) => file_error(e),
            Notice::CannotResume(e) => format!(
                "Сохранённый матч нельзя продолжить: {}",
                self.trouble(Trouble::Start(e))
            ),
            Notice::CannotStart(e) => format!(
                "Матч не может начаться: {}",
                self.trouble(Trouble::Start(e))
            ),
            Notice::CannotSetUp(refusal) => format!(
                "Позицию нельзя расставить: {}",
                self.set_up_refusal(refusal)
            ),
            Notice::NothingToUndo => "Нет удара, который можно отменить".to_owned(),
            Notice::NothingToRedo => "Нет удара, который можно сыграть снова".to_owned(),
        }
    }

    fn no_game(&self) -> &'static str {
        "Игры нет"
    }

    fn to_the_menu(&self, keys: &str) -> String {
        format!("{keys}: меню")
    }

    fn sheet_columns(&self) -> SheetColumns {
        SheetColumns {
            players: ["Игрок", "Очки", "Подходы", "Лучш. серия", "Средняя"],
            score_sheet: "Протокол партии",
            inning: "Подход",
            total: "итого",
            stroke_by_stroke: "Удар за ударом",
            strokes: ["№", "Игрок", "Очки", "Серия", "Счёт", "Примечания"],
        }
    }

    fn scroll_the_sheet(&self, up: &str, down: &str) -> String {
        format!("Прокрутка протокола: колесо мыши или {up} / {down}")
    }

    fn rematch_button(&self, keys: &str) -> String {
        format!("Реванш ({keys})")
    }

    fn menu_button(&self, keys: &str) -> String {
        format!("Меню ({keys})")
    }
}
