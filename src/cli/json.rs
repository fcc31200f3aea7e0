//! What `--json` prints. These shapes are a contract for scripts: fields are added,
//! never renamed or dropped, and they read the same in every language: their reasons
//! are English whatever `--lang` says.

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
    score: Vec<Score<'a>>,
    winner: Option<&'a str>,
    /// The sheet inning by inning, in the order played.
    innings: Vec<SheetInning<'a>>,
}

#[derive(Serialize)]
struct SheetInning<'a> {
    player: &'a str,
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
}

/// `carom referee --json`: `{"strokes": [...], "score": [...], "winner": name or null,
/// "innings": [...]}`.
pub fn sheet(sheet: &ScoreSheet) -> String {
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
            })
            .collect(),
        score: sheet
            .players
            .iter()
            .map(|p| Score {
                player: &p.name,
                points: p.points,
                innings: p.innings,
                high_run: p.high_run,
                average: p.average(),
                target: p.target,
            })
            .collect(),
        winner: match sheet.outcome {
            Some(rules::Outcome::Winner(w)) => Some(sheet.name(w)),
            _ => None,
        },
        innings: sheet
            .innings()
            .into_iter()
            .map(|i| SheetInning {
                player: sheet.name(i.player),
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
}
