//! The lag (rule 5): its facts, set-up, result, and lag training's statistics.

use super::*;
use crate::words::lag::lay_out_lag_facts;

impl LagWords for English {
    fn lag_heading(&self, training: bool) -> &'static str {
        if training {
            "Lag training (rule 5)"
        } else {
            "Lag for the break (rule 5)"
        }
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
        let labels = [
            "foot cushion",
            "crossed over",
            "touched the red",
            "left the table",
            "from the head cushion",
        ];
        lay_out_lag_facts(ball, labels, ["yes", "no"], |d| format!("{d:.1} mm"))
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
}
