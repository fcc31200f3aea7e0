//! The referee: rules, fouls, warnings, remarks, verdicts, spotting, the score sheet.

use super::*;
use crate::words::referee::{SheetWords, lay_out_sheet};

impl RefereeWords for English {
    fn rule(&self, rule: Rule) -> String {
        match rule {
            Rule::General(n) => format!("rule {n}"),
            Rule::Balkline => "balkline rule".to_owned(),
            Rule::KoreanFourBall => "Korean four-ball rule".to_owned(),
            Rule::ShotClock => "the format's shot clock".to_owned(),
        }
    }

    fn foul(&self, foul: &Foul) -> String {
        match foul {
            Foul::RedNotFirst { on_break, first } => {
                let when = if *on_break {
                    "on the break"
                } else {
                    "in this game"
                };
                format!("{when} the cue ball must touch the red first; it touched {first} first")
            }
            Foul::BallsMoving(balls) => format!("played while {} still moved", names(balls)),
            Foul::WrongBall { struck, cue_ball } => {
                let why = if struck.is_cue_ball() {
                    format!("this stroke's cue ball is {cue_ball} (rule 6)")
                } else {
                    "the red is never a cue ball (rule 2)".to_owned()
                };
                format!("the tip struck {struck}: {why}")
            }
            Foul::CueTouchedAtStrike(balls) => {
                format!("the cue touched {} at the strike", names(balls))
            }
            Foul::CueTouchedAfterStrike(balls) => {
                format!("the cue touched {} after the strike", names(balls))
            }
            Foul::TouchedBall => {
                "a ball in play was touched by something other than the tip (referee's call)"
                    .to_owned()
            }
            Foul::IntentionalFoul => "a ball in play was struck on purpose with something other \
                                      than the tip (referee's call, rule 18)"
                .to_owned(),
            Foul::TipAgain(1) => "the tip touched the cue ball again after the strike".to_owned(),
            Foul::TipAgain(times) => {
                format!("the tip touched the cue ball {times} more times after the strike")
            }
            Foul::TipStillOn {
                ball,
                after_s,
                contact_s,
            } => format!(
                "the tip was still on the cue ball when it reached {ball} ({:.2} ms after the \
                 strike, tip contact {:.2} ms)",
                after_s * 1000.0,
                contact_s * 1000.0
            ),
            Foul::Push { contact_s, limit_s } => format!(
                "push: the tip stayed on the cue ball {:.2} ms (more than {:.2} ms)",
                contact_s * 1000.0,
                limit_s * 1000.0
            ),
            Foul::CueBallJumped => "the cue ball left the playing surface".to_owned(),
            Foul::ScoopedJump { below, over } => format!(
                "scooped jump: struck {below:.2} R below centre, the cue ball jumped over \
                 {over} before it reached a ball"
            ),
            Foul::MiscueJump => "the tip slipped off (miscue) and the cue ball jumped: the \
                                 ferrule or shaft lifted it"
                .to_owned(),
            Foul::SafetyForbidden => "USBA three-cushion forbids intentional safeties".to_owned(),
            Foul::SafetyWithoutContact => {
                "illegal safety: the cue ball touched no other ball".to_owned()
            }
            Foul::SafetyWithoutCushion => "illegal safety: no ball reached a cushion after the \
                                           cue ball touched an object ball"
                .to_owned(),
            Foul::SafetyOwed(obligation) => {
                let after = match obligation {
                    Obligation::AfterSafety => {
                        "no two safeties in a row: your last inning ended with one"
                    }
                    Obligation::AfterFoul => "your last inning ended with a foul",
                };
                format!("{after}, so this inning must start with an attempt to score")
            }
            Foul::BalkCount { space, counts } => format!(
                "both object balls stayed in the {} after {counts} count(s) there: this count \
                 had to drive one out",
                self.balk_space(space)
            ),
            Foul::OpponentBall(ball) => {
                format!("the cue ball touched the opponent's cue ball ({ball})")
            }
            Foul::ShotClock => "the time for the stroke ran out: the inning ends as a foul, the \
                                balls stay where they lie"
                .to_owned(),
        }
    }

    fn warning(&self, warning: &Warning) -> String {
        match warning {
            Warning::IntentionalFoul { loses_game: true } => {
                "second warning for an intentional foul: the game is lost".to_owned()
            }
            Warning::IntentionalFoul { loses_game: false } => {
                "warning for an intentional foul: a second one loses the game".to_owned()
            }
        }
    }

    fn remark(&self, remark: &Remark) -> String {
        match remark {
            Remark::NoCount(miss) => format!("no count: {}", self.count_miss(miss)),
            Remark::LegalSafety => "legal safety (rule 23)".to_owned(),
            Remark::TargetReached { equalising: false } => "target reached".to_owned(),
            Remark::TargetReached { equalising: true } => {
                "target reached: the rest of the round plays its equalising inning".to_owned()
            }
            Remark::Interference => "outside interference: positions restored, no penalty; the \
                                     stroke does not count (rule 22)"
                .to_owned(),
            Remark::BankShot { points } => {
                format!("bank shot (three cushions before the first ball): {points} points")
            }
            Remark::SetWon { set, .. } => format!("set {set} won"),
        }
    }

    fn count_miss(&self, miss: &CountMiss) -> String {
        match miss {
            CountMiss::Cushions { had, needed } => {
                format!("{} before the second ball, {needed} needed", cushions(*had))
            }
            CountMiss::TouchedNone => "the cue ball touched none of the balls it needed".to_owned(),
            CountMiss::TouchedOnly(ball) => format!("the cue ball touched only {ball}"),
            CountMiss::NotAll => "the cue ball did not touch every ball it needed".to_owned(),
        }
    }

    fn balk_space(&self, space: &BalkSpace) -> String {
        match *space {
            BalkSpace::Balk { along, across } => {
                let along_name = ["head", "middle", "foot"][(along + 1) as usize];
                let across_name = ["right", "middle", "left"][(across + 1) as usize];
                match (along, across) {
                    (_, 0) => format!("{along_name} balk space"),
                    (0, _) => format!("{across_name} balk space"),
                    _ => format!("{along_name}-{across_name} balk space"),
                }
            }
            BalkSpace::Anchor { cushion, line } => {
                let line_name = match (cushion, line) {
                    (_, 0) => "middle",
                    (Cushion::Left | Cushion::Right, -1) => "head",
                    (Cushion::Left | Cushion::Right, _) => "foot",
                    (_, -1) => "right",
                    _ => "left",
                };
                format!(
                    "anchor space where the {line_name} balk line meets the {} cushion",
                    self.cushion(cushion)
                )
            }
        }
    }

    fn verdict_notes(&self, verdict: &Verdict) -> String {
        let mut notes: Vec<String> = Vec::new();
        if verdict.points > 0 {
            notes.push("carom".to_owned());
        }
        notes.extend(
            verdict
                .fouls
                .iter()
                .map(|f| format!("FOUL, {}: {}", self.rule(f.rule()), self.foul(f))),
        );
        notes.extend(
            verdict
                .warnings
                .iter()
                .map(|w| format!("WARNING, {}: {}", self.rule(w.rule()), self.warning(w))),
        );
        notes.extend(verdict.remarks.iter().map(|r| self.remark(r)));
        for p in &verdict.spot {
            let occupied = if p.occupied.is_empty() {
                String::new()
            } else {
                let spots: Vec<&str> = p.occupied.iter().map(|s| spot_short(*s)).collect();
                format!(" ({} occupied)", spots.join(", "))
            };
            notes.push(format!(
                "{} spotted on the {} spot{occupied}",
                p.ball,
                spot_short(p.spot)
            ));
        }
        if verdict.game_over() {
            notes.push("game over".to_owned());
        } else if verdict.inning_over {
            notes.push("inning over".to_owned());
        }
        notes.join("; ")
    }

    fn verdict_lines(&self, verdict: &Verdict, names: &[String]) -> Vec<Line> {
        let name = |i: usize| names.get(i).map_or("?", String::as_str);
        let shooter = name(verdict.shooter);
        let mut lines = Vec::new();
        if verdict.restore_positions {
            lines.push(Line::new(
                "Positions restored (rule 22): the stroke does not count",
                Tone::Warn,
            ));
        } else if !verdict.fouls.is_empty() {
            lines.push(Line::new(format!("{shooter}: foul, no count"), Tone::Bad));
            for foul in &verdict.fouls {
                lines.push(Line::new(
                    format!("Foul - {}: {}", self.rule(foul.rule()), self.foul(foul)),
                    Tone::Bad,
                ));
            }
        } else if verdict.points > 0 {
            lines.push(Line::new(
                format!("{shooter}: Carom! +{}", verdict.points),
                Tone::Good,
            ));
        } else {
            lines.push(Line::new(format!("{shooter}: No count"), Tone::Plain));
        }
        for warning in &verdict.warnings {
            lines.push(Line::new(
                format!(
                    "Warning - {}: {}",
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
            0 => format!("{ball}: to the {}", self.spot(placement.spot)),
            3 => format!(
                "{ball}: {} all occupied -> the nearest free point on the long axis",
                tried.join(", ")
            ),
            _ => format!(
                "{ball}: {} occupied -> {}",
                tried.join(" and "),
                self.spot(placement.spot)
            ),
        }
    }

    fn outcome(&self, outcome: Outcome, names: &[String]) -> String {
        match outcome {
            Outcome::Winner(w) => format!(
                "Game over: {} wins",
                names.get(w).map_or("?", String::as_str)
            ),
            Outcome::Draw => "Game over: a draw".to_owned(),
            Outcome::NotReached => "Game over: the target was not reached".to_owned(),
        }
    }

    fn sheet_note(&self, verdict: &Verdict) -> Line {
        if verdict.restore_positions {
            return Line::new("restored (rule 22), no foul", Tone::Warn);
        }
        if !verdict.fouls.is_empty() {
            let rules: Vec<String> = verdict.fouls.iter().map(|f| self.rule(f.rule())).collect();
            return Line::new(format!("foul: {}", rules.join(", ")), Tone::Bad);
        }
        let tone = if verdict.points > 0 {
            Tone::Plain
        } else {
            Tone::Dim
        };
        if verdict.remarks.contains(&Remark::LegalSafety) {
            return Line::new("safety (rule 23)", tone);
        }
        Line::new("", tone)
    }

    fn sheet_text(&self, sheet: &ScoreSheet) -> String {
        let mut out = String::new();
        let limit = match sheet.innings_limit {
            Some(n) => self.innings_limit(Some(n)),
            None => "no innings limit".to_owned(),
        };
        let equalising = if sheet.equalising_inning {
            ", equalising inning"
        } else {
            ""
        };
        out += &format!(
            "{}: {} points, {limit}{equalising}\n",
            sheet.game, sheet.target
        );
        out += &match &sheet.sets {
            Some(sets) => format!(
                "In sets: the first to win {}; each set's breaker plays {}.\n\n",
                sets.to_win(),
                sheet.breaker_ball
            ),
            None => format!(
                "{} breaks with {}.\n\n",
                sheet.name(sheet.breaker),
                sheet.breaker_ball
            ),
        };
        let outcome = match sheet.outcome {
            Some(Outcome::Winner(w)) => format!("Winner: {}", sheet.name(w)),
            Some(Outcome::Draw) => "Game over: a draw.".to_owned(),
            Some(Outcome::NotReached) => "Game over: target not reached.".to_owned(),
            None => "The game is not finished.".to_owned(),
        };
        let words = SheetWords {
            heading: out,
            innings: ["inning", "run", "total"],
            totals: ["player", "points", "innings", "high run", "average"],
            outcome,
            by_stroke: "Stroke by stroke",
            strokes: ["#", "player", "ball", "pts", "notes"],
            set: |n, breaker, score| format!("Set {n}, {breaker} breaks: {score}"),
            sets_won: "sets",
        };
        lay_out_sheet(
            sheet,
            words,
            |ball| ball.name().to_owned(),
            |average| self.average(average),
            |verdict| self.verdict_notes(verdict),
        )
    }
}
