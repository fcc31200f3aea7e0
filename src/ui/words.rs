//! What the screen says about the referee's decisions, in plain Rust with tests: a
//! verdict, a lag, a jumped ball's spot, and the score sheet of a game. The overlays
//! lay these lines out; nothing here decides anything.

use super::widgets::Tone;
use crate::game::BallStyle;
use crate::rules::{LagBall, LagFault, LagOutcome, LagVerdict, Placement, Repeat, Verdict};

/// One line of text and what it means.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub text: String,
    pub tone: Tone,
}

impl Line {
    pub fn new(text: impl Into<String>, tone: Tone) -> Line {
        Line {
            text: text.into(),
            tone,
        }
    }
}

/// The verdict on one stroke: the count or every foul with its rule, warnings, remarks,
/// and the end of the game. `names` are the players in order.
pub fn verdict_lines(verdict: &Verdict, names: &[String]) -> Vec<Line> {
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
            lines.push(Line::new(format!("Foul - {foul}"), Tone::Bad));
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
        lines.push(Line::new(format!("Warning - {warning}"), Tone::Warn));
    }
    for remark in &verdict.remarks {
        lines.push(Line::new(remark.clone(), Tone::Dim));
    }
    if verdict.game_over {
        lines.push(match verdict.winner {
            Some(w) => Line::new(format!("Game over: {} wins", name(w)), Tone::Good),
            None => Line::new("Game over: no winner", Tone::Warn),
        });
    }
    lines
}

/// What one lag ball did, fact by fact (rule 5): the label, the answer, and whether
/// the answer loses the lag.
pub fn lag_facts(ball: &LagBall) -> Vec<(&'static str, String, bool)> {
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_owned();
    let fault = |f: LagFault| ball.faults.contains(&f);
    vec![
        (
            "touched the foot cushion",
            yes_no(ball.touched_foot_cushion),
            !ball.touched_foot_cushion,
        ),
        (
            "crossed into the other half",
            yes_no(fault(LagFault::CrossedOver)),
            fault(LagFault::CrossedOver),
        ),
        (
            "touched the red",
            yes_no(fault(LagFault::TouchedRed)),
            fault(LagFault::TouchedRed),
        ),
        (
            "left the table (jumped)",
            yes_no(fault(LagFault::LeftTable)),
            fault(LagFault::LeftTable),
        ),
        (
            "distance to the head cushion",
            ball.distance_mm
                .map_or("-".to_owned(), |d| format!("{d:.1} mm")),
            false,
        ),
    ]
}

/// The faults of a lag ball in words: `crossed into the opponent's half, touched the red`.
fn faults(ball: &LagBall) -> String {
    ball.faults
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The lag's outcome, citing rule 5. `names` are the two laggers in order.
pub fn lag_outcome(verdict: &LagVerdict, names: [&str; 2], tolerance_mm: f64) -> Line {
    match verdict.outcome {
        LagOutcome::Winner(w) => {
            let loser = &verdict.balls[1 - w];
            let why = if loser.faults.is_empty() {
                let gap =
                    loser.distance_mm.unwrap_or(0.0) - verdict.balls[w].distance_mm.unwrap_or(0.0);
                format!("{gap:.1} mm closer to the head cushion")
            } else {
                format!("{} {}", names[1 - w], faults(loser))
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
                "The distances differ by {difference_mm:.1} mm, no more than {tolerance_mm} mm: \
                 too close to tell, the lag is repeated (rule 5)"
            ),
            Tone::Warn,
        ),
    }
}

/// One training lag in a line: clean with its distance, or its faults.
pub fn lag_summary(ball: &LagBall) -> Line {
    match (ball.faults.is_empty(), ball.distance_mm) {
        (true, Some(d)) => Line::new(format!("{d:.1} mm from the head cushion"), Tone::Good),
        _ => Line::new(format!("lost: {}", faults(ball)), Tone::Bad),
    }
}

/// Where a jumped ball goes and why (rule 26): `red: foot spot occupied -> head spot`.
pub fn spotting_line(placement: &Placement, style: BallStyle) -> String {
    let ball = style.ball_name(placement.ball);
    let tried: Vec<&str> = placement.occupied.iter().map(|s| s.name()).collect();
    match tried.len() {
        0 => format!("{ball}: to the {}", placement.spot.name()),
        3 => format!(
            "{ball}: {} all occupied -> the nearest free point on the long axis",
            tried.join(", ")
        ),
        _ => format!(
            "{ball}: {} occupied -> {}",
            tried.join(" and "),
            placement.spot.name()
        ),
    }
}

/// One stroke on the score sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetRow {
    /// From 1.
    pub number: usize,
    pub shooter: usize,
    pub points: u32,
    /// The rules fouled, `rule 8, rule 16`; empty when none.
    pub fouls: String,
    /// The shooter's points in this inning so far, this stroke included.
    pub run: u32,
    /// The shooter's score after the stroke.
    pub score: u32,
    /// Rule 22: the stroke was taken back.
    pub restored: bool,
}

/// The score sheet of a game, stroke by stroke, from its verdicts.
pub fn score_sheet(verdicts: &[Verdict], players: usize) -> Vec<SheetRow> {
    let mut scores = vec![0; players.max(1)];
    let mut run = 0;
    let mut inning_open = false;
    let mut previous_shooter = None;
    verdicts
        .iter()
        .enumerate()
        .map(|(i, v)| {
            if !inning_open || previous_shooter != Some(v.shooter) {
                run = 0;
            }
            run += v.points;
            if let Some(score) = scores.get_mut(v.shooter) {
                *score += v.points;
            }
            inning_open = !v.inning_over;
            previous_shooter = Some(v.shooter);
            SheetRow {
                number: i + 1,
                shooter: v.shooter,
                points: v.points,
                fouls: v
                    .fouls
                    .iter()
                    .map(|f| f.rule.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                run,
                score: scores.get(v.shooter).copied().unwrap_or(0),
                restored: v.restore_positions,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ball::BallId;
    use crate::math::DVec2;
    use crate::rules::{Ruling, Side};
    use crate::table::Spot;

    fn verdict(shooter: usize, points: u32, inning_over: bool) -> Verdict {
        Verdict {
            shooter,
            cue_ball: BallId::White,
            points,
            fouls: Vec::new(),
            inning_over,
            spot: Vec::new(),
            warnings: Vec::new(),
            restore_positions: false,
            remarks: Vec::new(),
            game_over: false,
            winner: None,
        }
    }

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Bea".into()]
    }

    #[test]
    fn a_count_says_carom_and_the_points() {
        let lines = verdict_lines(&verdict(0, 1, false), &names());
        assert_eq!(lines[0], Line::new("Ann: Carom! +1", Tone::Good));
    }

    #[test]
    fn every_foul_is_shown_with_its_rule_and_reason() {
        let mut v = verdict(1, 0, true);
        v.fouls = vec![
            Ruling::general(8, "the cue ball hit the opponent's ball before the red"),
            Ruling::general(15, "the cue ball left the table"),
        ];
        v.warnings = vec![Ruling::general(18, "deliberate")];
        let text: Vec<String> = verdict_lines(&v, &names())
            .into_iter()
            .map(|l| l.text)
            .collect();
        assert_eq!(
            text,
            [
                "Bea: foul, no count",
                "Foul - rule 8: the cue ball hit the opponent's ball before the red",
                "Foul - rule 15: the cue ball left the table",
                "Warning - rule 18: deliberate",
            ]
        );
    }

    #[test]
    fn the_end_of_the_game_names_the_winner_or_none() {
        let mut v = verdict(0, 1, true);
        v.game_over = true;
        v.winner = Some(0);
        assert_eq!(
            verdict_lines(&v, &names()).last().unwrap().text,
            "Game over: Ann wins"
        );
        v.winner = None;
        assert_eq!(
            verdict_lines(&v, &names()).last().unwrap().text,
            "Game over: no winner"
        );
    }

    fn lag_ball(faults: Vec<LagFault>, distance_mm: Option<f64>) -> LagBall {
        LagBall {
            ball: BallId::White,
            side: Side::Left,
            touched_foot_cushion: !faults.contains(&LagFault::NoFootCushion),
            faults,
            distance_mm,
        }
    }

    #[test]
    fn a_lag_won_on_distance_says_by_how_much() {
        let verdict = LagVerdict {
            balls: [lag_ball(vec![], Some(40.0)), lag_ball(vec![], Some(25.5))],
            outcome: LagOutcome::Winner(1),
        };
        let line = lag_outcome(&verdict, ["Ann", "Bea"], 1.0);
        assert_eq!(
            line.text,
            "Bea wins the lag (rule 5): 14.5 mm closer to the head cushion"
        );
    }

    #[test]
    fn a_lag_won_on_a_fault_names_the_fault() {
        let verdict = LagVerdict {
            balls: [
                lag_ball(vec![LagFault::CrossedOver, LagFault::TouchedRed], Some(5.0)),
                lag_ball(vec![], Some(60.0)),
            ],
            outcome: LagOutcome::Winner(1),
        };
        let line = lag_outcome(&verdict, ["Ann", "Bea"], 1.0);
        assert_eq!(
            line.text,
            "Bea wins the lag (rule 5): Ann crossed into the opponent's half, touched the red"
        );
        let facts = lag_facts(&verdict.balls[0]);
        assert_eq!(
            facts[1],
            ("crossed into the other half", "yes".into(), true)
        );
        assert_eq!(facts[4].1, "5.0 mm");
    }

    #[test]
    fn a_repeated_lag_says_why() {
        let both = LagVerdict {
            balls: [
                lag_ball(vec![LagFault::NoFootCushion], Some(5.0)),
                lag_ball(vec![LagFault::LeftTable], None),
            ],
            outcome: LagOutcome::Repeat(Repeat::BothFaulted),
        };
        assert!(
            lag_outcome(&both, ["Ann", "Bea"], 1.0)
                .text
                .starts_with("Both players faulted")
        );
        let facts = lag_facts(&both.balls[1]);
        assert_eq!(facts[3].1, "yes");
        assert_eq!(facts[4].1, "-");
        let close = LagVerdict {
            outcome: LagOutcome::Repeat(Repeat::TooClose { difference_mm: 0.4 }),
            ..both
        };
        assert!(
            lag_outcome(&close, ["Ann", "Bea"], 1.0)
                .text
                .contains("0.4 mm, no more than 1 mm")
        );
    }

    #[test]
    fn a_spotted_ball_names_the_occupied_spots_and_the_fallback() {
        let placement = |ball, spot, occupied: Vec<Spot>| Placement {
            ball,
            spot,
            position: DVec2::ZERO,
            occupied,
        };
        assert_eq!(
            spotting_line(
                &placement(BallId::Red, Spot::Head, vec![Spot::Foot]),
                BallStyle::Dotted
            ),
            "red: foot spot occupied -> head spot"
        );
        assert_eq!(
            spotting_line(
                &placement(BallId::Dotted, Spot::Head, vec![]),
                BallStyle::Yellow
            ),
            "yellow: to the head spot"
        );
        assert_eq!(
            spotting_line(
                &placement(BallId::White, Spot::Centre, vec![Spot::Head, Spot::Foot]),
                BallStyle::Dotted
            ),
            "white: head spot and foot spot occupied -> centre spot"
        );
    }

    #[test]
    fn the_score_sheet_keeps_runs_per_inning_and_scores_per_player() {
        let mut foul = verdict(1, 0, true);
        foul.fouls = vec![Ruling::general(8, "opponent's ball first")];
        let verdicts = [
            verdict(0, 1, false),
            verdict(0, 1, false),
            verdict(0, 0, true),
            foul,
            verdict(0, 1, true),
        ];
        let sheet = score_sheet(&verdicts, 2);
        let runs: Vec<u32> = sheet.iter().map(|r| r.run).collect();
        let scores: Vec<u32> = sheet.iter().map(|r| r.score).collect();
        assert_eq!(runs, [1, 2, 2, 0, 1]);
        assert_eq!(scores, [1, 2, 2, 0, 3]);
        assert_eq!(sheet[3].fouls, "rule 8");
        assert_eq!(sheet[4].number, 5);
    }
}
