//! The match at the table: the scoreboard, its keys, the end of a game.

use super::*;

impl MatchWords for English {
    fn last_lag(&self, ball: &LagBall) -> Line {
        let Line { text, tone } = self.lag_summary(ball);
        Line::new(format!("Last lag: {text}"), tone)
    }

    fn safety_declared(&self) -> &'static str {
        "Safety declared for this stroke (rules 23-25)"
    }

    fn table_keys(&self, safety: &str, restore: &str, menu: &str, saved: bool) -> String {
        let saved = if saved { " (the match is saved)" } else { "" };
        format!(
            "{safety}: declare a safety (rules 23-25)\n{restore} twice: restore positions \
             (rule 22)\n{menu}: menu{saved}"
        )
    }

    fn board_title(&self, game: &str, targets: &[u32], innings_limit: Option<u32>) -> String {
        let limit = innings_limit.map_or("no innings limit".to_owned(), |n| {
            format!("limit {}", self.innings_limit(Some(n)))
        });
        let distance = match targets {
            [first, rest @ ..] if rest.iter().all(|t| t == first) => self.points(*first),
            _ => format!("handicap {}", crate::words::each_target(targets)),
        };
        format!("{game}: {distance}, {limit}")
    }

    fn board_columns(&self) -> [&'static str; 6] {
        ["Player", "Pts", "Inn", "Run", "High", "Avg"]
    }

    fn average(&self, points_per_inning: f64) -> String {
        format!("{points_per_inning:.3}")
    }

    fn training_row(&self, lags: usize, best_mm: Option<f64>) -> String {
        let best = best_mm.map_or("-".to_owned(), |d| format!("{d:.1} mm"));
        format!("lags: {lags}   best: {best}")
    }

    fn lagger(&self, side: Side, status: Lagger) -> String {
        let side = format!("{} half", side_name(side));
        let status = match status {
            Lagger::Won => "won the lag",
            Lagger::AtTheTable => "at the table",
            Lagger::Ready => "ready",
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
            .map(|(ball, before)| format!("{} (after {before})", self.ball(*ball, style)))
            .collect();
        if balls.is_empty() {
            format!("{cushions}, no ball yet")
        } else {
            format!("{cushions}; hit {}", balls.join(", "))
        }
    }

    fn stroke_story(&self, count: &LiveCount, style: BallStyle) -> String {
        let hits: Vec<String> = count
            .balls
            .iter()
            .zip(&count.cushions_before)
            .enumerate()
            .map(|(i, (ball, before))| {
                let when = if i == 0 { "first" } else { "then" };
                format!(
                    "{when} the {} after {}",
                    self.ball(*ball, style),
                    cushions(*before)
                )
            })
            .collect();
        let mut story = if hits.is_empty() {
            format!("Cue ball: {}, no ball hit", cushions(count.cushions))
        } else {
            format!(
                "Cue ball: {} in all; {}",
                cushions(count.cushions),
                hits.join(", ")
            )
        };
        for [a, b] in &count.kisses {
            story += &format!(
                "; kiss: {} on {}",
                self.ball(*a, style),
                self.ball(*b, style)
            );
        }
        story
    }

    fn balk_tally(&self, tally: &BalkTally, limit: u32) -> Line {
        let counts = match tally.counts {
            1 => "1 count".to_owned(),
            n => format!("{n} counts"),
        };
        let space = self.balk_space(&tally.space);
        if tally.counts >= limit {
            Line::new(
                format!("{counts} in the {space}: one object ball must leave it next"),
                Tone::Warn,
            )
        } else {
            Line::new(
                format!("{counts} in the {space} (of {limit} allowed)"),
                Tone::Plain,
            )
        }
    }

    fn notice(&self, notice: &Notice, names: &[String], style: BallStyle) -> String {
        match notice {
            Notice::WrongBall { player, ball } => format!(
                "{} plays the {} ball (rule 6)",
                names.get(*player).map_or("?", String::as_str),
                self.ball(*ball, style)
            ),
            Notice::NoStroke(e) => format!("No stroke: {e}"),
            Notice::NoLag(e) => format!("No lag: {e}"),
            Notice::CannotJudge(e) => format!("The referee cannot judge that stroke: {e}"),
            Notice::CannotJudgeLag(e) => format!("The lag cannot be judged: {e}"),
            Notice::NothingToRestore => {
                "Nothing to restore: no stroke has been played yet".to_owned()
            }
            Notice::PositionsRestored => {
                "Positions restored to before the last stroke (rule 22)".to_owned()
            }
            Notice::SaveFailed(e) => format!("The match could not be saved: {e}"),
            Notice::OldSaveKept(path) => format!(
                "The old save could not be read; it is kept as {}",
                path.display()
            ),
            Notice::OldSaveStuck(e) => e.to_string(),
            Notice::CannotResume(e) => format!("The saved match cannot be resumed: {e}"),
            Notice::CannotStart(e) => format!("The match cannot start: {e}"),
            Notice::CannotSetUp(refusal) => format!(
                "The position cannot be set up: {}",
                self.set_up_refusal(refusal)
            ),
            Notice::NothingToUndo => "No stroke to take back".to_owned(),
            Notice::NothingToRedo => "No stroke to play again".to_owned(),
        }
    }

    fn no_game(&self) -> &'static str {
        "No game"
    }

    fn to_the_menu(&self, keys: &str) -> String {
        format!("{keys}: menu")
    }

    fn sheet_columns(&self) -> SheetColumns {
        SheetColumns {
            players: ["Player", "Points", "Innings", "High run", "Average"],
            score_sheet: "Score sheet",
            inning: "Inning",
            total: "total",
            stroke_by_stroke: "Stroke by stroke",
            strokes: ["#", "Player", "Points", "Run", "Score", "Notes"],
        }
    }

    fn scroll_the_sheet(&self, up: &str, down: &str) -> String {
        format!("Scroll the sheet with the mouse wheel or {up} / {down}")
    }

    fn rematch_button(&self, keys: &str) -> String {
        format!("Rematch ({keys})")
    }

    fn menu_button(&self, keys: &str) -> String {
        format!("Menu ({keys})")
    }
}
