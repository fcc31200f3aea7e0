//! What `--json` prints. These shapes are a contract for scripts: fields are added,
//! never renamed or dropped, and they read the same in every language: their reasons
//! are English whatever `--lang` says.

use crate::computer::Decision;
use crate::computer::explain::Explanation;
use crate::config::Level;
use crate::diamond_systems;
use crate::rules::{self, Rule, ScoreSheet};
use crate::shot::{BallId, ShotRecord, Spot, Stroke};
use crate::words::Language;
use serde::Serialize;

/// `carom sim --json`: the shot record, and the verdict when judged.
#[derive(Serialize)]
pub struct Sim<'a> {
    #[serde(flatten)]
    pub record: &'a ShotRecord,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
}

/// A verdict: `points`, `fouls` (`rule`, `reason`), `inning_over`, `spot` (`ball`,
/// `spot`), `warnings`.
#[derive(Serialize)]
pub struct Verdict {
    points: u32,
    fouls: Vec<Ruling>,
    inning_over: bool,
    spot: Vec<Spotted>,
    warnings: Vec<Ruling>,
}

/// A foul or a warning: the rule (a number, or a game's rule by name) and why.
#[derive(Serialize)]
struct Ruling {
    rule: Rule,
    reason: String,
}

#[derive(Serialize)]
struct Spotted {
    ball: BallId,
    spot: Spot,
}

impl From<&rules::Verdict> for Verdict {
    fn from(v: &rules::Verdict) -> Verdict {
        let w = Language::English.words();
        Verdict {
            points: v.points,
            fouls: v
                .fouls
                .iter()
                .map(|f| Ruling {
                    rule: f.rule(),
                    reason: w.foul(f),
                })
                .collect(),
            inning_over: v.inning_over,
            spot: v
                .spot
                .iter()
                .map(|p| Spotted {
                    ball: p.ball,
                    spot: p.spot,
                })
                .collect(),
            warnings: v
                .warnings
                .iter()
                .map(|x| Ruling {
                    rule: x.rule(),
                    reason: w.warning(x),
                })
                .collect(),
        }
    }
}

#[derive(Serialize)]
struct Sheet<'a> {
    strokes: Vec<SheetStroke<'a>>,
    /// Each player's score; in a match in sets, over all its sets.
    score: Vec<Score<'a>>,
    winner: Option<&'a str>,
    /// The sheet inning by inning, in the order played.
    innings: Vec<SheetInning<'a>>,
    /// A match in sets: each set played to its end.
    #[serde(skip_serializing_if = "Option::is_none")]
    sets: Option<Vec<SetJson<'a>>>,
}

#[derive(Serialize)]
struct SetJson<'a> {
    /// From 1.
    set: u32,
    breaker: &'a str,
    winner: &'a str,
    score: Vec<Score<'a>>,
}

/// Each player's line of the score: `won`, the sets each has won in a match in sets.
fn scores<'a>(players: &'a [rules::PlayerScore], won: Option<&[u32]>) -> Vec<Score<'a>> {
    players
        .iter()
        .enumerate()
        .map(|(i, p)| Score {
            player: &p.name,
            points: p.points,
            innings: p.innings,
            high_run: p.high_run,
            average: p.average(),
            target: p.target,
            sets: won.and_then(|w| w.get(i).copied()),
        })
        .collect()
}

#[derive(Serialize)]
struct SheetInning<'a> {
    player: &'a str,
    /// The set it was played in, from 1 (a match in sets).
    #[serde(skip_serializing_if = "Option::is_none")]
    set: Option<u32>,
    /// The player's own innings, from 1.
    inning: u32,
    run: u32,
    total: u32,
    /// The player is still at the table.
    open: bool,
}

#[derive(Serialize)]
struct SheetStroke<'a> {
    index: usize,
    shooter: &'a str,
    #[serde(flatten)]
    verdict: Verdict,
    game_over: bool,
    /// Rule 22: disturbed from outside, the positions restored; the stroke did not
    /// count.
    voided: bool,
    /// The set it was played in, from 1 (a match in sets).
    #[serde(skip_serializing_if = "Option::is_none")]
    set: Option<u32>,
    /// A bank shot the format counts more than a point.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    bank_shot: bool,
}

#[derive(Serialize)]
struct Score<'a> {
    player: &'a str,
    points: u32,
    innings: u32,
    high_run: u32,
    average: f64,
    /// The points the player plays to (their own in a handicap match).
    target: u32,
    /// Sets won (a match in sets).
    #[serde(skip_serializing_if = "Option::is_none")]
    sets: Option<u32>,
}

/// `carom referee --json`: `{"strokes": [...], "score": [...], "winner": name or null,
/// "innings": [...]}`.
pub fn sheet(sheet: &ScoreSheet) -> String {
    let won = sheet.sets.as_ref().map(|s| s.won(sheet.players.len()));
    let totals = sheet.totals();
    let json = Sheet {
        strokes: sheet
            .rows
            .iter()
            .enumerate()
            .map(|(index, row)| SheetStroke {
                index,
                shooter: sheet.name(row.verdict.shooter),
                verdict: Verdict::from(&row.verdict),
                game_over: row.verdict.game_over(),
                voided: row.verdict.restore_positions,
                set: row.set,
                bank_shot: row
                    .verdict
                    .remarks
                    .iter()
                    .any(|r| matches!(r, rules::Remark::BankShot { .. })),
            })
            .collect(),
        score: scores(&totals, won.as_deref()),
        sets: sheet.sets.as_ref().map(|sets| {
            sets.done
                .iter()
                .enumerate()
                .map(|(i, set)| SetJson {
                    set: i as u32 + 1,
                    breaker: sheet.name(set.breaker),
                    winner: sheet.name(set.winner),
                    score: scores(&set.players, None),
                })
                .collect()
        }),
        winner: match sheet.outcome {
            Some(rules::Outcome::Winner(w)) => Some(sheet.name(w)),
            _ => None,
        },
        innings: sheet
            .innings()
            .into_iter()
            .map(|i| SheetInning {
                player: sheet.name(i.player),
                set: i.set,
                inning: i.number,
                run: i.run,
                total: i.total,
                open: i.open,
            })
            .collect(),
    };
    serde_json::to_string_pretty(&json).expect("a score sheet is plain data")
}

/// `carom suggest --json`: the stroke chosen, its chance of scoring under the level's
/// error, the strokes tried and the time taken.
#[derive(Serialize)]
pub struct Suggestion<'a> {
    pub stroke: &'a Stroke,
    pub p_score: f64,
    pub evaluated: usize,
    pub ms: f64,
    pub declare_safety: bool,
    pub level: &'a str,
    /// The three-cushion pattern of the stroke's path (`around_the_table`, ...).
    pub pattern: &'static str,
    /// The next-best strokes that score, best first.
    pub alternatives: Vec<SuggestedAlternative<'a>>,
    /// The corner-five numbers where the path goes round the table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system: Option<SystemReading>,
    /// The share of strokes that score from the lay-out the count leaves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leave_share: Option<f64>,
}

impl<'a> Suggestion<'a> {
    /// What `level`'s `decision` is, with the coach's `explanation` of it.
    pub fn new(
        decision: &'a Decision,
        explanation: &'a Explanation,
        level: &'a Level,
    ) -> Suggestion<'a> {
        Suggestion {
            stroke: &decision.stroke,
            p_score: decision.p_score,
            evaluated: decision.evaluated,
            ms: decision.elapsed.as_secs_f64() * 1e3,
            declare_safety: decision.declare_safety,
            level: &level.key,
            pattern: explanation.pattern.key(),
            alternatives: explanation
                .alternatives
                .iter()
                .map(|a| SuggestedAlternative {
                    stroke: &a.stroke,
                    p_score: a.p_score,
                    pattern: a.pattern.key(),
                })
                .collect(),
            system: explanation.system.map(|r| SystemReading {
                system: "corner_five",
                origin: r.origin,
                aim: r.aim,
                predicted: r.predicted,
                arrived: r.arrived,
            }),
            leave_share: explanation.leave_share,
        }
    }
}

#[derive(Serialize)]
pub struct SuggestedAlternative<'a> {
    pub stroke: &'a Stroke,
    pub p_score: f64,
    pub pattern: &'static str,
}

/// A path read in the corner-five system: origin less aim gives `predicted`; the ball
/// really `arrived`.
#[derive(Serialize)]
pub struct SystemReading {
    pub system: &'static str,
    pub origin: f64,
    pub aim: f64,
    pub predicted: f64,
    pub arrived: f64,
}

/// `carom system --json`: the table, each speed's strokes and deviation, the aim check.
#[derive(Serialize)]
pub struct SystemReport {
    system: &'static str,
    table: String,
    speeds: Vec<SystemSweep>,
    #[serde(skip_serializing_if = "Option::is_none")]
    aim: Option<SystemAim>,
}

#[derive(Serialize)]
struct SystemSweep {
    speed: f64,
    mean: f64,
    mean_distance: f64,
    worst: f64,
    /// The same over origins 3-6 and arrivals 1-4.
    middle_mean: f64,
    middle_mean_distance: f64,
    /// The same with each arrival read where the ball meets the cushion's nose.
    nose_mean: f64,
    nose_mean_distance: f64,
    nose_middle_mean: f64,
    nose_middle_mean_distance: f64,
    strokes: Vec<SystemStroke>,
}

/// One stroke: the system's numbers, the simulated arrival (null: not round the table).
#[derive(Serialize)]
struct SystemStroke {
    origin: f64,
    aim: f64,
    predicted: f64,
    simulated: Option<f64>,
    simulated_at_nose: Option<f64>,
}

#[derive(Serialize)]
struct SystemAim {
    from: f64,
    to: f64,
    system: f64,
    simulated: Option<f64>,
}

impl From<&diamond_systems::SystemReport> for SystemReport {
    fn from(report: &diamond_systems::SystemReport) -> SystemReport {
        use diamond_systems::SweepSummary;
        SystemReport {
            system: "corner_five",
            table: report.table.clone(),
            speeds: report
                .sweeps
                .iter()
                .map(|(speed, played)| {
                    let SweepSummary {
                        all,
                        middle,
                        nose,
                        nose_middle,
                    } = SweepSummary::of(played);
                    SystemSweep {
                        speed: *speed,
                        mean: all.mean,
                        mean_distance: all.mean_distance,
                        worst: all.worst,
                        middle_mean: middle.mean,
                        middle_mean_distance: middle.mean_distance,
                        nose_mean: nose.mean,
                        nose_mean_distance: nose.mean_distance,
                        nose_middle_mean: nose_middle.mean,
                        nose_middle_mean_distance: nose_middle.mean_distance,
                        strokes: played
                            .iter()
                            .map(|p| SystemStroke {
                                origin: p.origin,
                                aim: p.aim,
                                predicted: p.predicted,
                                simulated: p.simulated,
                                simulated_at_nose: p.at_nose,
                            })
                            .collect(),
                    }
                })
                .collect(),
            aim: report.aim.map(|a| SystemAim {
                from: a.origin,
                to: a.target,
                system: a.system,
                simulated: a.simulated,
            }),
        }
    }
}

/// `carom system plus --json`: the system's stroke, each first-rail table's sweep at
/// each speed with its deviations (diamonds along the arrival rails) overall and by
/// start, and the table that agrees better at the system's speed.
#[derive(Serialize)]
pub struct PlusReport {
    system: &'static str,
    table: String,
    stroke: PlusStroke,
    sweeps: Vec<PlusSweep>,
    agrees: Option<PlusAgreement>,
}

#[derive(Serialize)]
struct PlusStroke {
    speed: f64,
    side: f64,
    height: f64,
}

#[derive(Serialize)]
struct PlusSweep {
    first_rail_table: &'static str,
    speed: f64,
    /// Strokes that went head, far rail, near rail (the others have no arrival).
    round: usize,
    mean: f64,
    mean_distance: f64,
    worst: f64,
    by_start: Vec<PlusStart>,
    strokes: Vec<PlusStrokePlayed>,
}

#[derive(Serialize)]
struct PlusStart {
    start: f64,
    round: usize,
    mean: f64,
    worst: f64,
}

#[derive(Serialize)]
struct PlusStrokePlayed {
    start: f64,
    first_rail: f64,
    predicted: f64,
    simulated: Option<f64>,
    deviation: Option<f64>,
}

#[derive(Serialize)]
struct PlusAgreement {
    first_rail_table: &'static str,
    mean_distance: f64,
    other_mean_distance: f64,
}

impl From<&diamond_systems::plus::PlusReport> for PlusReport {
    fn from(report: &diamond_systems::plus::PlusReport) -> PlusReport {
        use diamond_systems::plus;
        PlusReport {
            system: "plus",
            table: report.table.clone(),
            stroke: PlusStroke {
                speed: plus::SPEED,
                side: plus::SIDE,
                height: plus::HEIGHT,
            },
            sweeps: report
                .sweeps
                .iter()
                .map(|sweep| {
                    let all = sweep.deviation();
                    PlusSweep {
                        first_rail_table: sweep.numbering.key(),
                        speed: sweep.speed,
                        round: all.round,
                        mean: all.mean,
                        mean_distance: all.mean_distance,
                        worst: all.worst,
                        by_start: sweep
                            .by_start()
                            .into_iter()
                            .map(|(start, d)| PlusStart {
                                start,
                                round: d.round,
                                mean: d.mean,
                                worst: d.worst,
                            })
                            .collect(),
                        strokes: sweep
                            .played
                            .iter()
                            .map(|p| PlusStrokePlayed {
                                start: p.start,
                                first_rail: p.first_rail,
                                predicted: p.predicted,
                                simulated: p.simulated,
                                deviation: p.deviation,
                            })
                            .collect(),
                    }
                })
                .collect(),
            agrees: report.agrees().map(|(table, its, other)| PlusAgreement {
                first_rail_table: table.key(),
                mean_distance: its.mean_distance,
                other_mean_distance: other.mean_distance,
            }),
        }
    }
}
