//! The table and the shot: balls, spots, cushions, strokes, events, the command line's text.

use super::*;

impl ShotWords for English {
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

    fn stroke_settings(&self, stroke: &Stroke, style: BallStyle) -> String {
        self.stroke_line(stroke, style, "")
    }

    fn struck(&self, stroke: &Stroke, style: BallStyle) -> String {
        self.stroke_line(stroke, style, "launched at ")
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

    fn exam_level(
        &self,
        level: &Level,
        score: &crate::play::exam::LevelScore,
        tries: u32,
        took: Duration,
    ) -> String {
        format!(
            "{:<9} {:<18} {:>6.2} of {tries} made, 95 % {:.2} .. {:.2}, {:.0} s\n",
            level.key,
            level.name,
            score.made,
            score.low,
            score.high,
            took.as_secs_f64()
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

    fn plus_report(&self, report: &PlusReport) -> String {
        use crate::diamond_systems::plus;
        let mut text = format!(
            "Plus system on the {} table: arrival = start + first rail (Efler: 3rd rail - \
             start rail = 1st rail), the system's arrival against the simulation's\n\
             Its stroke: {} m/s, {} R of running side, {} R above centre, a level cue\n\
             First rail, table 1: 0, 10, 20, 35, 50 at 4, 3.5, 3, 2.5, 2 diamonds up the short \
             rail; table 2: 20, 30, 40, 50 at 3.5, 3, 2.5, 2\n",
            report.table,
            plus::SPEED,
            plus::SIDE,
            plus::HEIGHT
        );
        let at_speed = report.sweeps.iter().filter(|s| s.speed == plus::SPEED);
        for sweep in at_speed.clone() {
            text += &format!(
                "\nSimulated arrival at {} m/s, first-rail {} (- : not head, far rail, near rail)\n",
                sweep.speed,
                table_name(sweep.numbering)
            );
            text += &crate::words::sweep_grid(
                &crate::words::plus_cells(&sweep.played),
                "start",
                "first rail",
                1,
                false,
            );
        }
        text += "\nSimulated less system, diamonds along the arrival rails\n";
        for sweep in &report.sweeps {
            let d = sweep.deviation();
            text += &format!(
                "{}, {:.1} m/s: mean {:+.2}, mean distance {:.2}, worst {:+.2} ({} of {} took the path)\n",
                table_name(sweep.numbering),
                sweep.speed,
                d.mean,
                d.mean_distance,
                d.worst,
                d.round,
                d.strokes
            );
        }
        for sweep in at_speed {
            text += &format!(
                "\nBy start at {} m/s, {}: mean (worst)\n",
                sweep.speed,
                table_name(sweep.numbering)
            );
            let each: Vec<String> = sweep
                .by_start()
                .iter()
                .map(|(start, d)| format!("{start}: {:+.2} ({:+.2})", d.mean, d.worst))
                .collect();
            text += &each.join("; ");
            text += "\n";
        }
        if let Some((agrees, its, other)) = report.agrees() {
            text += &format!(
                "\nAt the system's speed {} agrees better with the simulation: mean distance \
                 {:.2} diamonds against {:.2}\n",
                table_name(agrees),
                its.mean_distance,
                other.mean_distance
            );
        }
        text
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
            text += &crate::words::sweep_grid(
                &crate::words::corner_five_cells(played),
                "origin",
                "first-rail aim",
                2,
                false,
            );
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
            crate::words::route_text(self, &e.route, style)
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
}

/// A first-rail numbering of the plus system by its name in the report.
fn table_name(numbering: crate::diamond_systems::plus::FirstRail) -> &'static str {
    use crate::diamond_systems::plus::FirstRail;
    match numbering {
        FirstRail::Table1 => "table 1",
        FirstRail::Table2 => "table 2",
    }
}
