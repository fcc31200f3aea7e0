//! English.

use super::{
    AfterLag, Before, BreakSetup, CameraChoice, GraphicsChoice, Guide, GuideKeys, LagSetupFacts,
    Lagger, LibraryNote, Line, MatchTerms, MenuLabel, MenuNote, PlayerEntry, ReplayState,
    ResumeOffer, Setting, SettingValue, SheetColumns, StrokePanel, Tone, Trouble, Words,
};
use crate::computer::Decision;
use crate::computer::bench::LevelTiming;
use crate::computer::calibrate::Average;
use crate::computer::explain::Explanation;
use crate::config::Action;
use crate::config::Level;
use crate::diagram::{Contact, Touched};
use crate::diamond_systems::SystemReport;
use crate::diamond_systems::patterns::Pattern;
use crate::math::DVec2;
use crate::physics::bench::{BenchResult, RandomStrokes};
use crate::play::drills::DrillProgress;
use crate::play::positions::{Met, Miss, Target, Touch};
use crate::play::profiles::{GameSummary, MatchRecord, MatchResult};
use crate::play::{
    BallStyle, FileError, LagOpponent, LagSummary, LiveCount, Mode, Notice, Seat, SetUpRefusal,
};
use crate::rules::{
    BalkSpace, BalkTally, CountMiss, Foul, LagBall, LagFault, LagOutcome, LagVerdict, Obligation,
    Outcome, Placement, Remark, Repeat, Rule, ScoreSheet, Side, Verdict, Warning,
};
use crate::shot::{BallId, Cushion, EventKind, ShotRecord, Spot, Stroke};
use crate::table::TableGeometry;
use crate::words::Handicap;
use std::time::Duration;

/// The English words of the game.
pub struct English;

/// Balls listed: `white, red`.
fn names(balls: &[BallId]) -> String {
    balls
        .iter()
        .map(|b| b.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A spot's short name, as the one-line verdict has it: `head`.
fn spot_short(spot: Spot) -> &'static str {
    match spot {
        Spot::Head => "head",
        Spot::Foot => "foot",
        Spot::Centre => "centre",
    }
}

impl Words for English {
    // The errors' own texts are English.
    fn trouble(&self, trouble: Trouble) -> String {
        match trouble {
            Trouble::File(e) => e.to_string(),
            Trouble::Start(e) => e.to_string(),
            Trouble::Resume(e) => e.to_string(),
            Trouble::Judge(e) => e.to_string(),
            Trouble::Lag(e) => e.to_string(),
            Trouble::Strike(e) => e.to_string(),
            Trouble::Place(e) => e.to_string(),
            Trouble::Setup(e) => e.to_string(),
            Trouble::Unknown(e) => e.to_string(),
            Trouble::Settings(e) => e.to_string(),
            Trouble::MissingPosition(e) => e.to_string(),
        }
    }

    fn points(&self, n: u32) -> String {
        match n {
            1 => "1 point".to_owned(),
            n => format!("{n} points"),
        }
    }

    fn ball(&self, ball: BallId, style: BallStyle) -> String {
        match (ball, style) {
            (BallId::Dotted, BallStyle::Yellow) => "yellow".to_owned(),
            (BallId::Red2, _) => "second red".to_owned(),
            _ => ball.name().to_owned(),
        }
    }

    fn spot(&self, spot: Spot) -> String {
        format!("{} spot", spot_short(spot))
    }

    fn cushion(&self, cushion: Cushion) -> String {
        match cushion {
            Cushion::Head => "head",
            Cushion::Foot => "foot",
            Cushion::Left => "left",
            Cushion::Right => "right",
        }
        .to_owned()
    }

    fn stroke_settings(&self, stroke: &Stroke, style: BallStyle) -> String {
        self.stroke_line(stroke, style, "")
    }

    fn struck(&self, stroke: &Stroke, style: BallStyle) -> String {
        self.stroke_line(stroke, style, "launched at ")
    }

    fn target(&self, target: &Target, table: &TableGeometry) -> String {
        let area = match target {
            Target::Score => return "Target: score".to_owned(),
            Target::Arrive(arrival) => {
                let correction = arrival.system.map_or(String::new(), |system| {
                    format!(
                        "; the system says {system}, its stroke arrives at {} on this table",
                        arrival.diamond
                    )
                });
                return format!(
                    "Target: round the table to {} on the third rail (corner-five numbers{correction}), within {}",
                    arrival.diamond, arrival.within
                );
            }
            Target::ScoreAndLeave(area) => area,
        };
        // Along the table from the head end (0 to 8), across from the right (0 to 4).
        let along = |x: f64| table.diamond_at(Cushion::Left, DVec2::new(x, 0.0));
        let across = |y: f64| table.diamond_at(Cushion::Head, DVec2::new(0.0, y));
        let span = |a: f64, b: f64, all: f64| {
            let (a, b) = (a.clamp(0.0, all), b.clamp(0.0, all));
            (a > 0.05 || b < all - 0.05).then(|| format!("{} to {}", diamonds(a), diamonds(b)))
        };
        let parts: Vec<String> = [
            span(
                along(area.min.0),
                along(area.max.0),
                f64::from(table.long_intervals),
            )
            .map(|s| format!("diamonds {s} along the table")),
            span(
                across(area.min.1),
                across(area.max.1),
                f64::from(table.short_intervals),
            )
            .map(|s| format!("{s} across")),
        ]
        .into_iter()
        .flatten()
        .collect();
        format!(
            "Target: score, every ball stopping within {}",
            parts.join(" and ")
        )
    }

    fn target_result(&self, result: &Result<Met, Miss>, style: BallStyle) -> Line {
        match result {
            Ok(Met::Done) => Line::new("Target met", Tone::Good),
            Ok(Met::Arrived { at, target }) => Line::new(
                format!(
                    "Target met: arrived at {at:.2}, {:.2} from {target}",
                    (at - target).abs()
                ),
                Tone::Good,
            ),
            Err(Miss::Arrived {
                at: Some(at),
                target,
            }) => Line::new(
                format!(
                    "Target missed: arrived at {at:.2}, {:+.2} from {target}",
                    at - target
                ),
                Tone::Bad,
            ),
            Err(Miss::Arrived { at: None, .. }) => Line::new(
                "Target missed: the cue ball did not go round the table (long, short, long)",
                Tone::Bad,
            ),
            Err(Miss::NoScore) => Line::new("Target missed: no count", Tone::Bad),
            Err(Miss::Route(route)) => {
                let touched: Vec<&str> = route.iter().map(|t| touch(*t)).collect();
                Line::new(
                    format!(
                        "Target missed: the cue ball's route went {}",
                        touched.join(", ")
                    ),
                    Tone::Bad,
                )
            }
            Err(Miss::LeftOutside(ball)) => Line::new(
                format!(
                    "Target missed: the {} ball stopped outside the area",
                    self.ball(*ball, style)
                ),
                Tone::Bad,
            ),
        }
    }

    fn tip(&self, side: f64, height: f64) -> String {
        // What rounds to nothing is the centre (no "-0.00").
        let part = |v: f64, plus: &str, minus: &str| {
            let hundredths = (v * 100.0).round();
            (hundredths != 0.0).then(|| {
                let word = if hundredths > 0.0 { plus } else { minus };
                format!("{:.2} {word}", hundredths.abs() / 100.0)
            })
        };
        let parts: Vec<String> = [part(height, "high", "low"), part(side, "right", "left")]
            .into_iter()
            .flatten()
            .collect();
        if parts.is_empty() {
            "centre".to_owned()
        } else {
            parts.join(", ")
        }
    }

    fn contacts(&self, contacts: &[Contact], style: BallStyle) -> String {
        if contacts.is_empty() {
            return "no contact".to_owned();
        }
        contacts
            .iter()
            .enumerate()
            .map(|(i, c)| match c.touched {
                Touched::Ball(ball) => format!("{} {}", i + 1, self.ball(ball, style)),
                Touched::Cushion { cushion, diamond } => {
                    format!("{} {} at {diamond:.2}", i + 1, self.cushion(cushion))
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
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
                "strike: {ball} away at {speed:.3} m/s toward {direction_deg:.1}°, tip {side:+.2} R side {height:+.2} R height, cue at {elevation_deg:.0}°"
            ),
            EventKind::Tip { ball, speed } => {
                format!("the cue tip touches {ball} again at {speed:.3} m/s")
            }
            EventKind::TipOff { ball } => format!("the cue tip, pushing on, leaves {ball}"),
            EventKind::Miscue { ball } => format!("miscue on {ball}"),
            EventKind::BallBall { a, b, speed } => format!("{a} meets {b} at {speed:.3} m/s"),
            EventKind::Cushion {
                ball,
                cushion,
                speed,
                ..
            } => format!("{ball} meets the {cushion:?} cushion at {speed:.3} m/s"),
            EventKind::Airborne { ball, vz } => {
                format!("{ball} leaves the bed rising at {vz:.3} m/s")
            }
            EventKind::Landed {
                ball,
                surface,
                height,
                distance,
            } => format!(
                "{ball} lands on the {surface:?} after rising {:.1} mm over {distance:.3} m",
                height * 1000.0
            ),
            EventKind::JumpedOver { ball, over } => format!("{ball} jumps over {over}"),
            EventKind::OffTable { ball, reason } => {
                format!("{ball} is off the table ({reason:?})")
            }
            EventKind::Rest => "every ball at rest".to_owned(),
        }
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
                "Cue ball contacts, cushions in diamonds: {}",
                self.contacts(contacts, style)
            ));
        }
        lines
    }

    fn shot_text(&self, record: &ShotRecord, judged: Option<(&str, &Verdict)>) -> String {
        let mut text = String::new();
        for e in &record.events {
            text += &format!("{:9.4} s  {}\n", e.t, self.event(&e.kind));
        }
        for (ball, p) in &record.final_positions {
            let place = if p.on_table {
                "on the table"
            } else {
                "off the table"
            };
            text += &format!(
                "{ball:>6}  x {:+.4}  y {:+.4}  z {:.4}  {place}\n",
                p.x, p.y, p.z
            );
        }
        text += &format!("at rest after {:.3} s\n", record.duration);
        if let Some((game, v)) = judged {
            text += &format!(
                "referee ({game}): {}; {}\n",
                self.points(v.points),
                self.verdict_notes(v)
            );
        }
        text
    }

    fn bench_text(&self, results: &[BenchResult], random: &RandomStrokes) -> String {
        let mut text = format!(
            "{:<7} {:>12} {:>10} {:>7} {:>7} {:>12}  stroke\n",
            "name", "wall/stroke", "simulated", "steps", "events", "real-time"
        );
        for r in results {
            text += &format!(
                "{:<7} {:>9.3} ms {:>8.2} s {:>7} {:>7} {:>11.0}x  {}\n",
                r.name,
                r.wall.as_secs_f64() * 1e3,
                r.simulated,
                r.steps,
                r.events,
                r.real_time_factor(),
                r.what
            );
        }
        text + &format!(
            "random {:>9.1} us {:>8.1} events a stroke, mean of {} seeded strokes from the break lay-out on one reused table (0-360°, 2-6 m/s, tip within 0.4 R, level cue)\n",
            random.per_stroke.as_secs_f64() * 1e6,
            random.events,
            random.strokes
        )
    }

    fn calibrated(&self, level: &Level, average: &Average, took: Duration) -> String {
        let rung = match (level.ladder, average.game.as_str()) {
            (Some(rung), "three_cushion") => format!(
                ", ladder {rung}: {:+.0} %",
                (average.average / rung - 1.0) * 100.0
            ),
            _ => String::new(),
        };
        let stopped = if average.stopped {
            " (stopped at ten strokes an inning: a lower bound)"
        } else {
            ""
        };
        format!(
            "{:<9} {:<18} {:>8.3} an inning, 95 % {:.3} .. {:.3}{rung}; {} innings, {} points, high run {}, {} strokes{stopped}, {:.0} s\n",
            level.key,
            level.name,
            average.average,
            average.interval.0,
            average.interval.1,
            average.innings,
            average.points,
            average.high_run,
            average.strokes,
            took.as_secs_f64()
        )
    }

    fn system_report(&self, report: &SystemReport) -> String {
        use crate::diamond_systems::corner_five;
        let mut text = format!(
            "Corner-five (five-and-a-half) system on the {} table: third-rail arrivals, the \
             system's (origin - aim) against the simulation's, in diamonds from the foot corner\n\
             Its stroke: {} m/s, {} R of running side, {} R above centre, a level cue\n\n",
            report.table,
            corner_five::SPEED,
            corner_five::SIDE,
            corner_five::HEIGHT
        );
        if let Some((speed, played)) = report
            .sweeps
            .iter()
            .find(|(speed, _)| *speed == corner_five::SPEED)
        {
            text += &format!("Simulated arrival at {speed} m/s (- : not round the table)\n");
            text += &super::sweep_grid(played, "origin", "first-rail aim", false);
        }
        text += "\nSimulated less system, diamonds\n";
        let summaries = report.summaries();
        for (speed, summary) in &summaries {
            let (all, middle) = (summary.all, summary.middle);
            text += &format!(
                "{speed:.1} m/s: mean {:+.2}, mean distance {:.2}, worst {:+.2} ({} of {} round); \
                 origins 3-6, arrivals 1-4: mean {:+.2}, mean distance {:.2}, worst {:+.2}\n",
                all.mean,
                all.mean_distance,
                all.worst,
                all.round,
                all.strokes,
                middle.mean,
                middle.mean_distance,
                middle.worst
            );
        }
        text += "\nThe same read where the ball meets the third cushion's nose\n";
        for (speed, summary) in &summaries {
            let (all, middle) = (summary.nose, summary.nose_middle);
            text += &format!(
                "{speed:.1} m/s: mean {:+.2}, mean distance {:.2}, worst {:+.2}; \
                 origins 3-6, arrivals 1-4: mean {:+.2}, mean distance {:.2}, worst {:+.2}\n",
                all.mean,
                all.mean_distance,
                all.worst,
                middle.mean,
                middle.mean_distance,
                middle.worst
            );
        }
        if let Some(check) = report.aim {
            text += &format!(
                "\nFrom {} to {}: the system aims at {:.2}; ",
                check.origin, check.target, check.system
            );
            text += &match check.simulated {
                Some(aim) => format!(
                    "the simulation gets there aiming at {aim:.2} ({:+.2})\n",
                    aim - check.system
                ),
                None => "no aim within two diamonds of it gets there\n".to_owned(),
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
            "{:<9} {:<18} scores from {:>5.1} % of {lay_outs} random lay-outs of {game} (about {:.2} an inning), {:.0} s\n",
            level.key,
            level.name,
            share * 100.0,
            share / (1.0 - share).max(1e-9),
            took.as_secs_f64()
        )
    }

    fn decisions_text(&self, game: &str, timings: &[LevelTiming]) -> String {
        let mut text = format!(
            "\ndecisions in {game}, from random lay-outs\n{:<9} {:>7} {:>9} {:>11} {:>11} {:>11} {:>14} {:>8}\n",
            "level", "threads", "decisions", "median", "9 in 10", "slowest", "strokes/s", "chance"
        );
        for t in timings {
            text += &format!(
                "{:<9} {:>7} {:>9} {:>8.0} ms {:>8.0} ms {:>8.0} ms {:>14.0} {:>7.0} %\n",
                t.level,
                t.workers,
                t.decisions,
                t.median.as_secs_f64() * 1e3,
                t.ninetieth.as_secs_f64() * 1e3,
                t.slowest.as_secs_f64() * 1e3,
                t.strokes_per_s,
                t.mean_p_score * 100.0
            );
        }
        text
    }

    fn advice(
        &self,
        level: &str,
        coach: bool,
        decision: Option<&Decision>,
        take_key: &str,
    ) -> String {
        match (coach, decision) {
            (false, None) => format!("{level} is thinking..."),
            (false, Some(d)) if d.declare_safety => {
                format!("{level} declares a safety (rule 23) and plays")
            }
            (false, Some(d)) => format!(
                "{level} plays: chance of scoring {:.0} %",
                d.p_score * 100.0
            ),
            (true, None) => format!("The coach ({level}) is thinking..."),
            (true, Some(d)) if d.declare_safety => {
                format!("Coach: a safety in green; {take_key} takes it")
            }
            (true, Some(d)) => format!(
                "Coach: green, {:.0} % to score; {take_key} takes it",
                d.p_score * 100.0
            ),
        }
    }

    fn number(&self, value: f64) -> String {
        let text = format!("{value:.2}");
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    }

    fn pattern(&self, pattern: Pattern) -> &'static str {
        match pattern {
            Pattern::AroundTheTable => "around the table",
            Pattern::RailFirstAroundTheTable => "cushion first around the table",
            Pattern::Bricole => "bricole (three cushions first)",
            Pattern::Umbrella => "umbrella",
            Pattern::ShortLongShort => "short, long, short",
            Pattern::ShortLongLong => "short, long, long",
            Pattern::AcrossTheTable => "across the table (long, long, short)",
            Pattern::DoubleTheRail => "double the rail",
            Pattern::Ticky => "ticky",
            Pattern::Other => "a route of its own",
        }
    }

    fn explanation(&self, e: &Explanation, style: BallStyle) -> Vec<String> {
        let mut pattern = self.pattern(e.pattern).to_owned();
        pattern[..1].make_ascii_uppercase();
        let mut lines = vec![format!(
            "{pattern}: {}",
            super::route_text(self, &e.route, style)
        )];
        if let Some(r) = e.system {
            lines.push(format!(
                "Corner-five: {:.1} - {:.1} = {:.1}; the ball arrives at {:.1}",
                r.origin, r.aim, r.predicted, r.arrived
            ));
        }
        let others: Vec<String> = e
            .alternatives
            .iter()
            .map(|a| format!("{} {:.0} %", self.pattern(a.pattern), a.p_score * 100.0))
            .collect();
        lines.push(match (e.safety, others.is_empty()) {
            (false, true) => "No other stroke found that scores".to_owned(),
            (false, false) => format!("Next best: {}", others.join("; ")),
            (true, true) => "No stroke found that scores".to_owned(),
            (true, false) => format!(
                "Best attempt, less likely than the safety pays: {}",
                others.join("; ")
            ),
        });
        if let Some(share) = e.leave_share {
            lines.push(format!(
                "After the count: {:.0} % of the strokes tried from the lay-out left score",
                share * 100.0
            ));
        }
        lines
    }

    fn suggestion(&self, level: &str, decision: &Decision) -> String {
        let what = if decision.declare_safety {
            "declare a safety (rule 23) and play".to_owned()
        } else {
            format!("play (chance of scoring {:.0} %)", decision.p_score * 100.0)
        };
        format!(
            "{level}: {what}\n{}\n{} strokes tried in {:.0} ms\n",
            self.stroke_settings(&decision.stroke, BallStyle::default()),
            decision.evaluated,
            decision.elapsed.as_secs_f64() * 1e3
        )
    }

    fn rule(&self, rule: Rule) -> String {
        match rule {
            Rule::General(n) => format!("rule {n}"),
            Rule::Balkline => "balkline rule".to_owned(),
            Rule::KoreanFourBall => "Korean four-ball rule".to_owned(),
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
        out += &format!(
            "{} breaks with {}.\n\n",
            sheet.name(sheet.breaker),
            sheet.breaker_ball
        );
        let width = sheet
            .players
            .iter()
            .map(|p| p.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        // Inning by inning: each player's run and running total.
        let cell = (width + 2).max(12);
        out += "inning";
        for p in &sheet.players {
            out += &format!("  {:>cell$}", p.name);
        }
        out += "\n      ";
        for _ in &sheet.players {
            out += &format!("  {:>cell$}", format!("{:>5} {:>5}", "run", "total"));
        }
        out += "\n";
        for (n, row) in sheet.inning_rows().iter().enumerate() {
            out += &format!("{:>6}", n + 1);
            for inning in row {
                let both = match inning {
                    Some(i) => format!("{:>5} {:>5}", i.run, i.total),
                    None => format!("{:>5} {:>5}", "-", "-"),
                };
                out += &format!("  {both:>cell$}");
            }
            out += "\n";
        }
        out += &format!(
            "\n{:<width$}  {:>6}  {:>7}  {:>8}  {:>7}\n",
            "player", "points", "innings", "high run", "average"
        );
        for p in &sheet.players {
            out += &format!(
                "{:<width$}  {:>6}  {:>7}  {:>8}  {:>7}\n",
                p.name,
                p.points,
                p.innings,
                p.high_run,
                self.average(p.average())
            );
        }
        out += &match sheet.outcome {
            Some(Outcome::Winner(w)) => format!("\nWinner: {}\n", sheet.name(w)),
            Some(Outcome::Draw) => "\nGame over: a draw.\n".to_owned(),
            Some(Outcome::NotReached) => "\nGame over: target not reached.\n".to_owned(),
            None => "\nThe game is not finished.\n".to_owned(),
        };
        out += &format!(
            "\nStroke by stroke:\n{:>4}  {:<width$}  {:<6}  {:>3}  notes\n",
            "#", "player", "ball", "pts"
        );
        for (i, row) in sheet.rows.iter().enumerate() {
            let v = &row.verdict;
            out += &format!(
                "{i:>4}  {:<width$}  {:<6}  {:>3}  {}\n",
                sheet.name(v.shooter),
                v.cue_ball.name(),
                v.points,
                self.verdict_notes(v)
            );
        }
        out
    }

    fn lag_fault(&self, fault: LagFault) -> String {
        match fault {
            LagFault::CrossedOver => "crossed into the opponent's half",
            LagFault::NoFootCushion => "never touched the foot cushion",
            LagFault::LeftTable => "left the table",
            LagFault::TouchedRed => "touched the red",
        }
        .to_owned()
    }

    fn lag_facts(&self, ball: &LagBall) -> Vec<(String, String, bool)> {
        let yes_no = |b: bool| if b { "yes" } else { "no" }.to_owned();
        let fault = |f: LagFault| ball.faults.contains(&f);
        vec![
            (
                "foot cushion".to_owned(),
                yes_no(ball.touched_foot_cushion),
                !ball.touched_foot_cushion,
            ),
            (
                "crossed over".to_owned(),
                yes_no(fault(LagFault::CrossedOver)),
                fault(LagFault::CrossedOver),
            ),
            (
                "touched the red".to_owned(),
                yes_no(fault(LagFault::TouchedRed)),
                fault(LagFault::TouchedRed),
            ),
            (
                "left the table".to_owned(),
                yes_no(fault(LagFault::LeftTable)),
                fault(LagFault::LeftTable),
            ),
            (
                "from the head cushion".to_owned(),
                ball.distance_mm
                    .map_or("-".to_owned(), |d| format!("{d:.1} mm")),
                false,
            ),
        ]
    }

    fn lag_outcome(&self, verdict: &LagVerdict, names: [&str; 2], tolerance_mm: f64) -> Line {
        match verdict.outcome {
            LagOutcome::Winner(w) => {
                let loser = &verdict.balls[1 - w];
                let why = if loser.faults.is_empty() {
                    let gap = loser.distance_mm.unwrap_or(0.0)
                        - verdict.balls[w].distance_mm.unwrap_or(0.0);
                    format!("{gap:.1} mm closer to the head cushion")
                } else {
                    format!("{} {}", names[1 - w], self.lag_faults(loser))
                };
                Line::new(
                    format!("{} wins the lag (rule 5): {why}", names[w]),
                    Tone::Good,
                )
            }
            LagOutcome::Repeat(Repeat::BothFaulted) => Line::new(
                "Both players faulted: the lag is repeated (rule 5)",
                Tone::Warn,
            ),
            LagOutcome::Repeat(Repeat::TooClose { difference_mm }) => Line::new(
                format!(
                    "The distances differ by {difference_mm:.1} mm, no more than {tolerance_mm} \
                     mm: too close to tell, the lag is repeated (rule 5)"
                ),
                Tone::Warn,
            ),
        }
    }

    fn lag_summary(&self, ball: &LagBall) -> Line {
        match (ball.faults.is_empty(), ball.distance_mm) {
            (true, Some(d)) => Line::new(format!("{d:.1} mm from the head cushion"), Tone::Good),
            _ => Line::new(format!("lost: {}", self.lag_faults(ball)), Tone::Bad),
        }
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

    fn key(&self, key: &str) -> String {
        let printed = match key {
            "Comma" => ",",
            "Period" => ".",
            "Minus" => "-",
            "Equal" => "=",
            "Slash" => "/",
            "Semicolon" => ";",
            "BracketLeft" => "[",
            "BracketRight" => "]",
            "Backquote" => "`",
            "Quote" => "'",
            "Backslash" => "\\",
            "ArrowUp" => "Up",
            "ArrowDown" => "Down",
            "ArrowLeft" => "Left",
            "ArrowRight" => "Right",
            "PageUp" => "Page Up",
            "PageDown" => "Page Down",
            _ => "",
        };
        if !printed.is_empty() {
            return printed.to_owned();
        }
        // ShiftLeft: Left Shift; KeyA: A; Digit1: 1.
        for side in ["Left", "Right"] {
            if let Some(key) = key.strip_suffix(side) {
                return format!("{side} {}", key.replace("Control", "Ctrl"));
            }
        }
        key.strip_prefix("Key")
            .or_else(|| key.strip_prefix("Digit"))
            .unwrap_or(key)
            .to_owned()
    }

    fn mouse_button(&self, button: &str) -> String {
        format!("{button} mouse")
    }

    fn action(&self, action: Action) -> &'static str {
        match action {
            Action::AimLeft => "aim left (fine)",
            Action::AimRight => "aim right (fine)",
            Action::HoldAim => "hold: keep the aim while the mouse moves",
            Action::PowerUp => "more power",
            Action::PowerDown => "less power",
            Action::TipUp => "tip higher (follow)",
            Action::TipDown => "tip lower (draw)",
            Action::TipLeft => "tip left (left side)",
            Action::TipRight => "tip right (right side)",
            Action::ElevationUp => "raise the cue",
            Action::ElevationDown => "lower the cue",
            Action::ShortStroke => "short or full stroke (short: no double hit on close balls)",
            Action::Strike => "strike",
            Action::OrbitCamera => "hold and drag: turn the camera (orbit view)",
            Action::NextCamera => "next view: behind the ball, top, orbit, follow",
            Action::ResetCamera => "back to the default view",
            Action::ToggleTrails => "show or hide the last stroke's paths and contacts",
            Action::ExportDiagram => "save the last stroke as an SVG diagram",
            Action::NextPosition => "practice: next position of this game",
            Action::PreviousPosition => "practice: previous position",
            Action::PositionStroke => "practice: aim as the position's own stroke",
            Action::Coach => "practice: the coach's best stroke, again: take it",
            Action::SavePosition => "practice: save the lay-out and stroke as a position",
            Action::DeletePosition => "practice: delete your own position shown",
            Action::NextDrill => "practice: start the next drill of this game",
            Action::Undo => "practice: take the last stroke back",
            Action::Redo => "practice: play the stroke taken back again",
            Action::Retry => "practice: take it back and aim as it was played",
            Action::Snap => "practice: hold while dragging a ball: onto a spot or diamond line",
            Action::NextCueBall => "practice: play on with the other white",
            Action::SwitchLagHalf => "lag training: lag from the other half",
            Action::LagOpponent => "lag training: alone, against the computer, against your best",
            Action::Replay => "replay the last stroke; again: the one before",
            Action::ReplayPause => "replay: pause or play on",
            Action::ReplayBack => "replay: step back",
            Action::ReplayForward => "replay: step on",
            Action::ReplaySlower => "replay: slower",
            Action::ReplayFaster => "replay: faster",
            Action::MouseStroke => {
                "hold, draw the mouse back and push: strike (draw-back sets the power)"
            }
            Action::ToggleHelp => "show or hide this help",
            Action::ToggleRules => "the rules of the game (at a verdict: the rule it cites)",
            Action::DeclareSafety => "declare a safety",
            Action::RestorePositions => "restore the positions of before the last stroke",
            Action::Menu => "menu (in a replay: leave it)",
            Action::Confirm => "go on (confirm the set-up, dismiss a result, rematch)",
            Action::MoveBall => "drag a ball where the rules let you (lag, break; any in practice)",
            Action::Choose1 => "lag winner: break, play the white",
            Action::Choose2 => "lag winner: break, play the dotted",
            Action::Choose3 => "lag winner: pass the break, keep the white",
            Action::Choose4 => "lag winner: pass the break, keep the dotted",
            Action::MenuUp => "menu: up",
            Action::MenuDown => "menu: down",
            Action::MenuLeft => "menu: previous choice",
            Action::MenuRight => "menu: next choice",
        }
    }

    fn controls_heading(&self) -> &'static str {
        "Controls  (the mouse aims: from behind it drags the aim, from above it points)"
    }

    fn go_on(&self, keys: &str) -> String {
        format!("{keys}: go on")
    }

    fn go_on_or_click(&self, keys: &str) -> String {
        format!("{keys} or a click: go on")
    }

    fn break_decided(
        &self,
        name: &str,
        break_it: bool,
        ball: &str,
        other: &str,
        theirs: &str,
    ) -> String {
        if break_it {
            format!("{name} breaks with the {ball} ball.")
        } else {
            format!(
                "{name} passes the break and keeps the {ball} ball: {other} breaks with the {theirs}."
            )
        }
    }

    fn break_setup(&self, setup: &BreakSetup) -> (String, Vec<Line>) {
        const MM_PER_INCH: f64 = 25.4;
        let BreakSetup {
            breaker,
            ball,
            other,
            strike,
            confirm,
            ..
        } = setup;
        let mut lines = Vec::new();
        let heading = if setup.on_head_string {
            let mm = setup.offset_mm;
            lines.push(Line::new(
                format!("Red on the foot spot, the {other} ball on the head spot."),
                Tone::Plain,
            ));
            lines.push(Line::new(
                format!(
                    "{breaker}: press on your {ball} ball and drag it along the head string, \
                     at most {:.0} in ({mm:.0} mm) either side of the head spot.",
                    mm / MM_PER_INCH,
                ),
                Tone::Warn,
            ));
            lines.push(Line::new(
                format!(
                    "{confirm}: confirm the place, then aim and strike; or strike from here \
                     ({strike})."
                ),
                Tone::Plain,
            ));
            "Break set-up (rule 7)".to_owned()
        } else {
            lines.push(Line::new(
                format!("{breaker} breaks with the {ball} ball: {strike} when ready."),
                Tone::Warn,
            ));
            format!("{} set-up", setup.game)
        };
        if setup.red_first {
            lines.push(Line::new(
                "The break must hit the red before the other white (rule 8).",
                Tone::Dim,
            ));
        }
        (heading, lines)
    }

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
            _ => format!("handicap {}", super::each_target(targets)),
        };
        format!("{game}: {distance}, {limit}")
    }

    fn average(&self, points_per_inning: f64) -> String {
        format!("{points_per_inning:.3}")
    }

    fn board_columns(&self) -> [&'static str; 6] {
        ["Player", "Pts", "Inn", "Run", "High", "Avg"]
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

    fn lag_heading(&self, training: bool) -> &'static str {
        if training {
            "Lag training (rule 5)"
        } else {
            "Lag for the break (rule 5)"
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
            "Press on your ball and drag it anywhere behind the head string in the {side} half. \
             Aim at the foot cushion; power with {} / {}.",
            keys.power_up, keys.power_down,
        );
        let ready = &keys.ready;
        let mut lines = Vec::new();
        let heading = if let Some(opponent) = facts.training {
            lines.push(Line::new(
                format!("{name}: the {ball} ball, {side} half"),
                Tone::Warn,
            ));
            let against = match opponent {
                LagOpponent::Alone => "alone".to_owned(),
                LagOpponent::Computer { spread } => format!(
                    "the computer (speed off by {:.0} %), struck with yours",
                    spread * 100.0
                ),
                LagOpponent::Ghost => "your best lag (ghost), struck with yours".to_owned(),
            };
            lines.push(Line::new(
                format!("Against: {against}; {}: another opponent", keys.opponent),
                Tone::Plain,
            ));
            lines.push(Line::new(place, Tone::Plain));
            lines.push(Line::new(
                format!(
                    "{} or {ready}: lag; {}: the other half",
                    keys.strike, keys.other_half
                ),
                Tone::Plain,
            ));
            lines.push(Line::new(
                "Touch the foot cushion; stay in your half, off the red and on the table; \
                 stop as close to the head cushion as you can.",
                Tone::Dim,
            ));
            self.lag_heading(true)
        } else {
            let then = if facts.first {
                format!("then {other} sets up")
            } else {
                "then both balls are struck together".to_owned()
            };
            lines.push(Line::new(
                format!("{name}'s turn: the {ball} ball, {side} half"),
                Tone::Warn,
            ));
            lines.push(Line::new(
                format!(
                    "{other} looks away: this stroke stays hidden until both balls are struck."
                ),
                Tone::Plain,
            ));
            lines.push(Line::new(place, Tone::Plain));
            lines.push(Line::new(
                format!("{ready} (or click off the ball): ready, {then}"),
                Tone::Plain,
            ));
            lines.push(Line::new(
                "Touch the foot cushion; stay in your half, off the red and on the table. \
                 The ball that stops closest to the head cushion wins.",
                Tone::Dim,
            ));
            self.lag_heading(false)
        };
        (heading.to_owned(), lines)
    }

    fn after_lag(&self, go_on: &str, next: AfterLag) -> String {
        match next {
            AfterLag::Chooses(name) => format!("{go_on}: {name} chooses the break"),
            AfterLag::Again => format!("{go_on}: lag again"),
            AfterLag::Unjudged => format!("{go_on}: lag again (this lag could not be judged)"),
        }
    }

    fn lag_result_heading(&self, training: bool) -> &'static str {
        if training {
            "Lag result"
        } else {
            "Lag result (rule 5)"
        }
    }

    fn struck_at(&self, speed: f64) -> String {
        format!("Struck at {speed:.2} m/s")
    }

    fn library_note(&self, note: &LibraryNote) -> String {
        match note {
            LibraryNote::NotLoaded(e) => format!("Not loaded: {e}"),
            LibraryNote::DrillResultsNotKept(e) => format!("Drill results not kept: {e}"),
            LibraryNote::NotSaved(None) => "Not saved".to_owned(),
            LibraryNote::NotSaved(Some(e)) => format!("Not saved: {e}"),
            LibraryNote::Saved(path) => format!("Saved: {}", path.display()),
            LibraryNote::NoDrills => "No drills for this game".to_owned(),
            LibraryNote::DrillNotStarted(e) => format!("Drill not started: {e}"),
            LibraryNote::DrillDone(done) => {
                let mut said = format!(
                    "Drill done: {} of {} ({:.0} %)",
                    done.made,
                    done.tries,
                    100.0 * done.score
                );
                if let Some(best) = done.best {
                    said += &format!("; best {:.0} %", 100.0 * best);
                }
                if let Some(trend) = done.trend {
                    said += &format!("; trend {:+.0} %", 100.0 * trend);
                }
                if let Some(e) = &done.not_kept {
                    said += &format!("; not kept: {e}");
                }
                said
            }
            LibraryNote::NoPositions => "No positions for this game".to_owned(),
            LibraryNote::NoStroke => "This position has no stroke".to_owned(),
            LibraryNote::Deleted(path) => format!("Deleted: {}", path.display()),
            LibraryNote::NotDeleted(e) => format!("Not deleted: {e}"),
            LibraryNote::BundledStay => "The bundled positions stay".to_owned(),
        }
    }

    fn own_position_name(&self, n: usize) -> String {
        format!("My position {n}")
    }

    fn naming_position(&self, name: &str) -> [String; 2] {
        [
            format!("Name of the position: {name}_"),
            "Enter: save it (with the stroke as set), Escape: no".to_owned(),
        ]
    }

    fn drill_under_way(&self, drill: &DrillProgress) -> [String; 3] {
        let made: u32 = drill.run.made.iter().sum();
        [
            format!("Drill: {}", drill.drill.name),
            format!(
                "Position {}/{}: {}",
                drill.position + 1,
                drill.positions.len(),
                drill.current().name
            ),
            format!(
                "Attempt {}/{}; made {made} so far",
                drill.attempt + 1,
                drill.drill.attempts
            ),
        ]
    }

    fn position_of(&self, number: usize, count: usize, name: &str) -> String {
        format!("Position {number}/{count}: {name}")
    }

    fn position_keys(&self, next: &str, stroke: &str, save: &str, delete: Option<&str>) -> String {
        let own = delete.map_or(String::new(), |keys| format!(", {keys}: delete"));
        format!("{next}: next, {stroke}: its stroke, {save}: save{own}")
    }

    fn library_keys(&self, next: &str, positions: usize, drill: &str, drills: usize) -> String {
        format!(
            "{next}: practice positions ({positions} for this game); {drill}: drills ({drills})"
        )
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

    fn lag_statistics(
        &self,
        summary: &LagSummary,
        within: usize,
        band_mm: f64,
        before: Option<Before>,
    ) -> Vec<String> {
        let mm = |d: Option<f64>| d.map_or("-".to_owned(), |d| format!("{d:.0} mm"));
        let s = summary;
        let mut lines = vec![
            format!(
                "Lags {}   faults {} ({:.0} %)   within {band_mm:.0} mm: {within}",
                s.lags,
                s.faults,
                100.0 * s.fault_rate(),
            ),
            format!(
                "Mean {}   best {}   spread {}",
                mm(s.mean_mm),
                mm(s.best_mm),
                mm(s.spread_mm)
            ),
        ];
        if let Some(before) = before {
            let sessions = match before.sessions {
                1 => "1 session".to_owned(),
                n => format!("{n} sessions"),
            };
            lines.push(format!(
                "Before: {sessions}; the last {} lags, mean {}; best ever {}",
                before.last.lags,
                mm(before.last.mean_mm),
                mm(before.best_ever_mm)
            ));
        }
        lines
    }

    fn history_not_kept(&self, problem: &FileError) -> String {
        format!("History not kept: {problem}")
    }

    fn lag_chart(&self, top_mm: f64) -> String {
        format!("Distance to the head cushion, each lag (top {top_mm:.0} mm; red: a fault)")
    }

    fn profile(
        &self,
        name: &str,
        game: &str,
        summary: Option<&GameSummary>,
        suggested: Option<&str>,
    ) -> Vec<String> {
        let Some(s) = summary else {
            return vec![format!("{name}: no {game} match on record yet")];
        };
        let mut lines = vec![
            format!(
                "{name} in {game}: {} {}, {} won",
                s.matches,
                if s.matches == 1 { "match" } else { "matches" },
                s.won
            ),
            format!(
                "general average {:.3}, last {} {:.3}, best run {}",
                s.average,
                s.matches.min(crate::play::profiles::RECENT_MATCHES),
                s.recent_average,
                s.best_run
            ),
        ];
        if let Some(level) = suggested {
            lines.push(format!("The computer at your level: {level}"));
        }
        lines
    }

    fn profile_not_kept(&self, problem: &FileError) -> String {
        format!("Profile not kept: {problem}")
    }

    fn profile_chart(&self, top: f64) -> String {
        format!("Average of each match, oldest first (top {top:.2})")
    }

    fn profile_match(&self, m: &MatchRecord) -> String {
        let (year, month, day) = m.date();
        let result = match m.result {
            MatchResult::Won => "won",
            MatchResult::Lost => "lost",
            MatchResult::Drawn => "drawn",
        };
        format!(
            "{year}-{month:02}-{day:02}  vs {}: {} of {} in {} {} ({:.3}), high run {}, {result}",
            m.opponents.join(", "),
            m.points,
            m.target,
            m.innings,
            if m.innings == 1 { "inning" } else { "innings" },
            m.average(),
            m.high_run
        )
    }

    fn records_title(&self) -> &'static str {
        "Player records"
    }

    fn records_hint(&self, choose: &str, leave: &str) -> String {
        format!("{choose}: another player    {leave}: back to the menu")
    }

    fn records_empty(&self, folder: &str) -> String {
        format!(
            "No records yet: a person's record starts with their first finished match ({folder})"
        )
    }

    fn head_string(&self) -> &'static str {
        "head string"
    }

    fn half_of(&self, name: &str) -> String {
        format!("{name}'s half")
    }

    fn millimetres(&self, mm: f64) -> String {
        format!("{mm:.1} mm")
    }

    fn spot_occupied(&self, n: usize, spot: Spot) -> String {
        format!("{n}. {}: occupied", self.spot(spot))
    }

    fn spot_here(&self, n: usize, spot: Option<Spot>, ball: &str) -> String {
        let place = spot.map_or("long axis".to_owned(), |s| self.spot(s));
        format!("{n}. {place}: the {ball} goes here")
    }

    fn contact_at_diamond(&self, n: usize, diamond: f64) -> String {
        format!("{n} ({diamond:.1})")
    }

    fn controls_hint(&self, keys: &str) -> String {
        format!("{keys}: controls")
    }

    fn stroke_panel(&self, panel: &StrokePanel) -> String {
        let raised = if panel.over_the_rail {
            " (over the rail)"
        } else {
            ""
        };
        let stroke = match panel.short_stroke_mm {
            Some(mm) => format!("short ({mm:.0} mm)"),
            None => format!("full ({:.0} mm)", panel.full_stroke_mm),
        };
        format!(
            "Power {:.2} m/s\nElevation {:.1}°{raised}\nTip {}\nStroke {stroke}",
            panel.speed, panel.elevation_deg, panel.tip,
        )
    }

    fn ready_to_strike(&self) -> &'static str {
        "Ready: click the open cloth (away from the balls) or Space to strike"
    }

    fn balls_moving(&self, count: &LiveCount, style: BallStyle) -> String {
        format!("Balls moving: {}", self.live_count(count, style))
    }

    fn beyond_the_miscue_limit(&self) -> &'static str {
        "Beyond the miscue limit!\nClick the open cloth or Space to strike"
    }

    fn ready_with_path(&self, ready: &str, contacts: &[Contact], style: BallStyle) -> String {
        format!("{ready}\nPath: {}", self.contacts(contacts, style))
    }

    fn ready_to_set_the_tip(&self, ready: &str) -> String {
        format!("{ready}\nSet the tip on the ball face in this panel (click or drag it)")
    }

    fn contacts_line(&self, contacts: &[Contact], style: BallStyle) -> String {
        format!("Contacts (diamonds): {}", self.contacts(contacts, style))
    }

    fn spots_next(&self) -> &'static str {
        "Jumped balls go to their spots next (rules 21, 26)"
    }

    fn next_up(&self, next: &str, ball: &str, again: bool) -> String {
        if again {
            format!("{next} plays again, the {ball} ball")
        } else {
            format!("Next: {next}, the {ball} ball")
        }
    }

    fn go_on_then_hide(&self, keys: &str) -> String {
        format!("{keys}: go on, then hide this")
    }

    fn stroke_heading(&self, n: usize) -> String {
        format!("Stroke {n}")
    }

    fn last_strokes(&self) -> &'static str {
        "Last strokes"
    }

    fn recent_stroke(&self, number: usize, name: &str, verdict: &Verdict) -> Line {
        let note = self.sheet_note(verdict);
        let (what, tone) = if verdict.points > 0 {
            (format!("+{}", verdict.points), Tone::Good)
        } else if note.text.is_empty() {
            ("no count".to_owned(), note.tone)
        } else {
            (note.text, note.tone)
        };
        Line::new(format!("{number:>3}. {name}: {what}"), tone)
    }

    fn replay_status(&self, state: &ReplayState) -> String {
        let ReplayState {
            stroke,
            strokes,
            t,
            speed,
            keys: [pause, back, forward, slower, faster, earlier, leave],
            ..
        } = state;
        let paused = if state.paused { ", paused" } else { "" };
        format!(
            "Replay {stroke}/{strokes}: {t:.2} s at {speed}x{paused}\n{pause}: pause or play, \
             {back} {forward}: step, {slower} {faster}: slower, faster, {earlier}: earlier, \
             {leave}: leave"
        )
    }

    fn break_choice_title(&self, name: &str) -> String {
        format!("{name} won the lag: break or pass, and pick your ball (rules 4, 6)")
    }

    fn break_choice(&self, break_it: bool, ball: &str, other: &str, theirs: &str) -> String {
        if break_it {
            format!("Break, playing the {ball} ball")
        } else {
            format!("Pass, keep the {ball}: {other} breaks with the {theirs}")
        }
    }

    fn ball_for_the_game(&self, other: &str) -> String {
        format!("The ball you pick is yours all game; {other} plays the other.")
    }

    fn won_the_lag(&self, name: &str) -> String {
        format!("{name} won the lag (rules 4, 6)")
    }

    fn spotting_title(&self) -> &'static str {
        "Jumped balls are spotted (rules 21, 26)"
    }

    fn spotting_order(&self) -> &'static str {
        "First choice: the head spot for a white, the foot spot for the red; then the other \
         spot, then the centre spot."
    }

    fn confirm_restore(&self, keys: &str) -> String {
        format!(
            "Press {keys} again to put the balls back where they were before the last stroke \
             (rule 22) - both players agree"
        )
    }

    fn confirm_leave(&self, keys: &str) -> String {
        format!("Press {keys} again to leave: this session is not saved")
    }

    fn diagram_saved(&self, path: &std::path::Path) -> String {
        format!("Saved the stroke's diagram: {}", path.display())
    }

    fn no_stroke_to_save(&self) -> &'static str {
        "No stroke to save yet"
    }

    fn seat(&self, seat: &Seat) -> String {
        match seat {
            Seat::Named(name) => name.clone(),
            Seat::Unnamed(i) => format!("Player {}", i + 1),
            Seat::ComputerLagger => "Computer".to_owned(),
            Seat::Ghost => "Ghost".to_owned(),
        }
    }

    fn set_up_refusal(&self, refusal: &SetUpRefusal) -> String {
        let named = |position: &Option<String>, why: String| match position {
            Some(name) => format!("{name}: {why}"),
            None => why,
        };
        match refusal {
            SetUpRefusal::OtherGame { position, game } => {
                format!("\"{position}\" is a position of {game}, not of this game")
            }
            SetUpRefusal::DrillOfOtherGame { drill, game } => {
                format!("the drill \"{drill}\" is for {game}")
            }
            SetUpRefusal::Start { position, error } => named(position, error.to_string()),
            SetUpRefusal::Place { position, error } => named(position, error.to_string()),
            SetUpRefusal::BallsWouldTouch => "the balls would touch".to_owned(),
            SetUpRefusal::NotAWhite => "the cue ball is a white one".to_owned(),
        }
    }

    fn menu_title(&self) -> (&'static str, &'static str) {
        ("Carom", "carom billiards for one or more at one table")
    }

    fn menu_hint(&self, choose: &str, change: &str, next: &str, rules: &str) -> String {
        format!(
            "{choose}: choose a row    {change}: change it (a player: a person or the computer)\n\
             type a name on a player row    {next}: next row, start    {rules}: the rules"
        )
    }

    fn menu_label(&self, label: MenuLabel) -> String {
        match label {
            MenuLabel::Language => "Language".into(),
            MenuLabel::Mode => "Mode".into(),
            MenuLabel::Game => "Game".into(),
            MenuLabel::Table => "Table".into(),
            MenuLabel::Target => "Target".into(),
            MenuLabel::InningsLimit => "Innings limit".into(),
            MenuLabel::Handicap => "Handicap".into(),
            MenuLabel::SeatTarget(seat) => format!("  target of {}", self.default_player(seat)),
            MenuLabel::Player(None) => "Player".into(),
            MenuLabel::Player(Some(seat)) => self.default_player(seat),
            MenuLabel::Settings => "Settings".into(),
            MenuLabel::Records => "Player records".into(),
            MenuLabel::Start => "Start".into(),
            MenuLabel::Resume => "Resume".into(),
        }
    }

    fn versus(&self, names: &[String]) -> String {
        names.join(" vs ")
    }

    fn settings_button(&self) -> &'static str {
        "Settings (graphics, sound, camera, balls, keys)"
    }

    fn records_button(&self) -> &'static str {
        "Player records"
    }

    fn resume_offer(&self, offer: &ResumeOffer) -> String {
        match offer {
            ResumeOffer::Ready { players, strokes } => format!(
                "Resume: {players}, {strokes} stroke{}",
                if *strokes == 1 { "" } else { "s" }
            ),
            ResumeOffer::Finished { players } => {
                format!("Resume (the last match, {players}, is over)")
            }
            ResumeOffer::Nothing => "Resume saved match (none saved)".into(),
            ResumeOffer::Unreadable => "Resume saved match (the save cannot be read)".into(),
        }
    }

    fn menu_note(&self, note: &MenuNote) -> String {
        match note {
            MenuNote::StartReplaces { players, strokes } => format!(
                "A new match replaces the saved one ({players}, {strokes} stroke{}): press Start again to replace it, or Resume",
                if *strokes == 1 { "" } else { "s" }
            ),
            MenuNote::SavedMatchOver => "The saved match is over: start a new one".into(),
            MenuNote::NoSavedMatch => "No saved match".into(),
            MenuNote::SaveUnreadable(why) => format!("{why} (the file is kept as it is)"),
            MenuNote::NotStarted(problem) => problem.to_string(),
            MenuNote::Suggested {
                person,
                average,
                level,
            } => format!(
                "{person} plays {average:.3} an inning over their last matches: the computer plays at the nearest level, {level}"
            ),
            MenuNote::NoAverage(people) => format!(
                "No finished match of this game on record for {}: the match's target for them",
                people.join(", ")
            ),
        }
    }

    fn handicap(&self, handicap: Handicap) -> String {
        match handicap {
            Handicap::Off => "none: one target for all".into(),
            Handicap::Own => "each player's own target".into(),
            Handicap::FromAverages(n) => format!("targets from the averages × {n} innings"),
        }
    }

    fn level_average(&self, average: f64) -> String {
        format!(" · {average:.2} an inning")
    }

    fn mode(&self, mode: Mode) -> &'static str {
        match mode {
            Mode::Match => "Two-player match (hot seat)",
            Mode::Practice => "Practice (one player)",
            Mode::LagTraining => "Lag training (one player)",
        }
    }

    fn table_size(&self, name: &str, width_mm: f64, length_mm: f64) -> String {
        format!("{name} ({width_mm:.0} x {length_mm:.0} mm)")
    }

    fn innings_limit(&self, limit: Option<u32>) -> String {
        match limit {
            None => "none".into(),
            Some(1) => "1 inning".into(),
            Some(n) => format!("{n} innings"),
        }
    }

    fn player_entry(&self, entry: &PlayerEntry) -> String {
        match entry {
            PlayerEntry::Empty => "(none: type one for three in rotation)".into(),
            PlayerEntry::Person { name, caret } => format!("{name}{caret}"),
            PlayerEntry::Computer {
                name,
                caret,
                level: None,
            } => format!("{name}{caret}   (computer)"),
            PlayerEntry::Computer {
                name,
                caret,
                level: Some(level),
            } => format!("{name}{caret}   (computer, {level})"),
        }
    }

    fn default_player(&self, seat: usize) -> String {
        format!("Player {}", seat + 1)
    }

    fn settings_title(&self) -> &'static str {
        "Settings"
    }

    fn software_rendering(&self, adapter: &str, chose_low: bool) -> String {
        let why = format!("Drawn by the CPU ({adapter}), not a graphics card");
        if chose_low {
            format!(
                "{why}: Low was chosen for a playable frame rate (High draws about a frame a second here)."
            )
        } else {
            format!("{why}: Low plays best here.")
        }
    }

    fn setting(&self, setting: Setting) -> &'static str {
        match setting {
            Setting::Quality => "Graphics",
            Setting::Shadows => "Shadows",
            Setting::AntiAliasing => "Anti-aliasing",
            Setting::Lighting => "Cloth lighting",
            Setting::DepthPrepass => "Depth first",
            Setting::Resolution => "Table resolution",
            Setting::Window => "Window",
            Setting::Volume => "Volume",
            Setting::Mute => "Sound",
            Setting::AimAids => "Aim aids in practice",
            Setting::AimAidsInMatches => "Aim aids in matches",
            Setting::PredictedPath => "Predicted path",
            Setting::LagBand => "Lag target band",
            Setting::LagSpread => "Computer lagger",
            Setting::ComputerVerdict => "Computer's verdicts",
            Setting::Camera => "Camera at the start",
            Setting::BallStyle => "Balls",
            Setting::Language => "Language",
            Setting::Cloth => "Cloth",
            Setting::FrameRate => "Frame rate shown",
            Setting::Back => "Back",
        }
    }

    fn setting_value(&self, value: &SettingValue) -> String {
        let on_off = |on: bool| if on { "on" } else { "off" }.to_owned();
        match value {
            SettingValue::OnOff(on) => on_off(*on),
            SettingValue::Graphics(GraphicsChoice::Low) => "low (software)".into(),
            SettingValue::Graphics(GraphicsChoice::High) => "high".into(),
            SettingValue::Graphics(GraphicsChoice::Custom) => "custom".into(),
            SettingValue::Multisampling(true) => "4x MSAA".into(),
            SettingValue::Multisampling(false) => "off".into(),
            SettingValue::Lighting { full, slow_here } => format!(
                "{}{}",
                if *full { "full" } else { "simple" },
                if *slow_here { " (slow here)" } else { "" }
            ),
            SettingValue::Percent(fraction) => format!("{:.0} %", fraction * 100.0),
            SettingValue::FullScreen(true) => "full screen".into(),
            SettingValue::FullScreen(false) => "windowed".into(),
            SettingValue::Muted(muted) => if *muted { "muted" } else { "on" }.into(),
            SettingValue::WithinMm(mm) => format!("within {mm:.0} mm"),
            SettingValue::SpeedOff(fraction) => format!("speed off by {:.0} %", fraction * 100.0),
            SettingValue::ShownFor(s) => format!("shown {s} s"),
            SettingValue::Camera(CameraChoice::Behind) => "behind the ball".into(),
            SettingValue::Camera(CameraChoice::Top) => "top view".into(),
            SettingValue::Camera(CameraChoice::Orbit) => "orbit".into(),
            SettingValue::Camera(CameraChoice::Follow) => "follow".into(),
            SettingValue::Balls(BallStyle::Dotted) => "white and dotted".into(),
            SettingValue::Balls(BallStyle::Yellow) => "white and yellow".into(),
            SettingValue::Named(name) => (*name).to_owned(),
            SettingValue::Nothing => String::new(),
        }
    }

    fn keys_heading(&self, file: &str) -> String {
        format!("Keys ({file})")
    }

    fn settings_hint(&self, choose: &str, change: &str, leave: &str) -> String {
        format!("{choose}: choose a row    {change}: change it    {leave}: back to the menu")
    }

    fn rules_document(&self) -> &'static str {
        include_str!("../../../docs/rules.md")
    }

    fn rules_title(&self, game: &str) -> String {
        format!("The rules: {game}, then the general rules")
    }

    fn match_terms(&self, terms: &MatchTerms) -> Vec<String> {
        let target = if terms.targets.is_empty() {
            self.points(terms.target)
        } else {
            format!(
                "each their own target ({})",
                super::named_targets(&terms.targets)
            )
        };
        let innings = match terms.innings_limit {
            None => "no innings limit".to_owned(),
            Some(1) => "at most 1 inning".to_owned(),
            Some(n) => format!("at most {n} innings (at the limit the most points win)"),
        };
        let equalising = if terms.equalising_inning {
            "equalising inning"
        } else {
            "no equalising inning: the target wins at once"
        };
        let mut lines = vec![format!("This match: {target}, {innings}, {equalising}.")];
        if terms.usba {
            lines.push(
                "Safety (USBA): a declared safety is a foul (rule 23); rules 24 and 25 do not apply."
                    .to_owned(),
            );
        }
        lines
    }

    fn rules_hint(&self, back: &str, on: &str, close: &str) -> String {
        format!("{back} / {on}: the rule before / after    {close}: close")
    }

    fn read_rule(&self, keys: &str, rule: Rule) -> String {
        format!("{keys}: read {}", self.rule(rule))
    }

    fn guide_title(&self, guide: Guide) -> &'static str {
        match guide {
            Guide::Match => "How to play a match",
            Guide::Practice => "How to practise",
            Guide::LagTraining => "How to train the lag",
            Guide::Drills => "Drills",
            Guide::Coach => "The coach",
        }
    }

    fn guide(&self, guide: Guide, k: &GuideKeys) -> Vec<String> {
        let stroke = [
            format!(
                "Turn the cue with {} (hold {} to turn it finely), or drag with the mouse.",
                k.aim, k.fine_aim
            ),
            format!(
                "{} sets how hard you hit; {} moves the tip on the ball for spin; {} raises the cue.",
                k.power, k.tip, k.elevation
            ),
            format!("{} strikes. {} changes the camera.", k.strike, k.camera),
        ];
        let mut lines: Vec<String> = match guide {
            Guide::Match => vec![
                "Two players (or three) take turns at one table. A lag first decides who breaks: both play a ball to the far cushion and back, the nearer to the near cushion wins.".into(),
                format!("In the lag, hit with {} when your stroke is set; the second player sets theirs, then both run together.", k.strike),
            ],
            Guide::Practice => vec![
                "One player, every stroke judged as in a match, with the aim line and the ball's predicted path shown.".into(),
                format!("{} takes a stroke back; {} moves a ball (drag it); {} steps through the practice positions.", k.undo, k.move_ball, k.positions),
            ],
            Guide::LagTraining => vec![
                "Lag again and again: stop the ball as close to the near (head) cushion as you can, after it touches the far one.".into(),
                format!("{} lags from the other half; {} changes the opponent (none, the computer, your best lag).", k.lag_half, k.lag_opponent),
            ],
            Guide::Drills => vec![
                format!("{} starts a drill: a set of positions, each tried several times, scored and kept so you can see your progress.", k.drill),
            ],
            Guide::Coach => vec![
                format!("{} asks the coach for a stroke: it searches the table as the strongest computer does and shows its aim; {} takes it over.", k.coach, k.take_stroke),
            ],
        };
        if matches!(guide, Guide::Match | Guide::Practice | Guide::LagTraining) {
            lines.extend(stroke);
        }
        if guide == Guide::Match {
            lines.push(format!(
                "After each stroke the referee says what counted and why, citing the rule: {} opens its text. {} goes on; {} declares a safety.",
                k.rules, k.go_on, k.safety
            ));
        }
        // Once, under the mode's own guide (practice's drills and coach follow it).
        if matches!(guide, Guide::Match | Guide::Practice | Guide::LagTraining) {
            lines.push(format!(
                "{} shows every key; {} the rules; {} the menu.",
                k.help, k.rules, k.menu
            ));
        }
        lines
    }

    fn guide_hint(&self, keys: &str, help: &str) -> String {
        format!("{keys}: close    {help}: this guide and every key again")
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
}

impl English {
    /// A stroke on one line, its speed after `speed_words` ("launched at ").
    fn stroke_line(&self, stroke: &Stroke, style: BallStyle, speed_words: &str) -> String {
        format!(
            "{}: direction {:.1}°, {speed_words}{:.2} m/s, tip {}, elevation {:.1}°",
            self.ball(stroke.ball, style),
            stroke.direction_deg,
            stroke.speed,
            self.tip(stroke.side, stroke.height),
            stroke.elevation_deg
        )
    }

    /// The faults of a lag ball: `crossed into the opponent's half, touched the red`.
    fn lag_faults(&self, ball: &LagBall) -> String {
        ball.faults
            .iter()
            .map(|f| self.lag_fault(*f))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A place in diamonds: whole ones plainly, others to a tenth.
fn diamonds(d: f64) -> String {
    if (d - d.round()).abs() < 0.05 {
        format!("{:.0}", d.round())
    } else {
        format!("{d:.1}")
    }
}

fn touch(touch: Touch) -> &'static str {
    match touch {
        Touch::Ball => "a ball",
        Touch::Red => "the red",
        Touch::Long => "a long cushion",
        Touch::Short => "a short cushion",
        Touch::Cushion => "a cushion",
    }
}

/// "no cushion", "1 cushion", "3 cushions".
fn cushions(n: usize) -> String {
    match n {
        0 => "no cushion".to_owned(),
        1 => "1 cushion".to_owned(),
        n => format!("{n} cushions"),
    }
}

/// A half of the table (rule 5): "left" or "right".
fn side_name(side: Side) -> &'static str {
    match side {
        Side::Left => "left",
        Side::Right => "right",
    }
}
