//! What the referee decides about one stroke: points, fouls and warnings with the rule
//! they cite, whether the inning is over, which jumped balls go to which spot, and
//! whether the game is over.

use crate::ball::BallId;
use crate::math::DVec2;
use crate::table::Spot;
use serde::{Serialize, Serializer};
use std::fmt;

/// The rule a ruling cites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A general rule, by its number in RULES.md (1–26).
    General(u8),
    /// Balkline: a count made with both object balls left in the balk space where the
    /// game allows no more counts.
    Balkline,
    /// Four-ball: the cue ball touched the opponent's cue ball.
    FourBall,
}

/// JSON: a general rule is its number, a game's own rule its name (`"balkline"`,
/// `"four_ball"`).
impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Rule::General(n) => s.serialize_u8(*n),
            Rule::Balkline => s.serialize_str("balkline"),
            Rule::FourBall => s.serialize_str("four_ball"),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::General(n) => write!(f, "rule {n}"),
            Rule::Balkline => f.write_str("balkline rule"),
            Rule::FourBall => f.write_str("four-ball rule"),
        }
    }
}

/// A foul or a warning: the rule and why, in words a player understands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ruling {
    pub rule: Rule,
    pub reason: String,
}

impl Ruling {
    pub fn new(rule: Rule, reason: impl Into<String>) -> Ruling {
        Ruling {
            rule,
            reason: reason.into(),
        }
    }

    /// A ruling under general rule `n`.
    pub fn general(n: u8, reason: impl Into<String>) -> Ruling {
        Ruling::new(Rule::General(n), reason)
    }
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.reason)
    }
}

/// Where a jumped ball is put once every ball has stopped (rules 21, 26).
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    pub ball: BallId,
    /// The spot it goes to.
    pub spot: Spot,
    /// Its centre on the bed, m: the spot itself, unless all three spots were occupied
    /// (then the nearest free point on the long axis from the centre spot).
    pub position: DVec2,
    /// The spots tried first and found occupied, in the order tried.
    pub occupied: Vec<Spot>,
}

/// The referee's decision on one stroke.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Index of the player who played the stroke.
    pub shooter: usize,
    /// The ball the tip struck.
    pub cue_ball: BallId,
    /// Points the stroke scored (0 on any foul, rule 16).
    pub points: u32,
    /// Fouls, in the order of the rules they cite.
    pub fouls: Vec<Ruling>,
    /// Whether the shooter's inning ended with this stroke; if not, they play again.
    pub inning_over: bool,
    /// Jumped balls and where they go, in the order they are spotted (rule 26).
    pub spot: Vec<Placement>,
    /// Warnings given (rule 18).
    pub warnings: Vec<Ruling>,
    /// Rule 22: put every ball back where it was before the stroke; it did not count.
    pub restore_positions: bool,
    /// Notes that are not fouls: why a stroke did not count, a legal safety, ...
    pub remarks: Vec<String>,
    pub game_over: bool,
    /// The winner, once the game is over; None then means a draw (or a practice game
    /// that ended without reaching its target).
    pub winner: Option<usize>,
}

impl Verdict {
    /// What the referee said, in one line for people.
    pub fn notes(&self) -> String {
        let mut notes: Vec<String> = Vec::new();
        if self.points > 0 {
            notes.push("carom".to_owned());
        }
        notes.extend(self.fouls.iter().map(|f| format!("FOUL, {f}")));
        notes.extend(self.warnings.iter().map(|w| format!("WARNING, {w}")));
        notes.extend(self.remarks.iter().cloned());
        for p in &self.spot {
            let occupied = if p.occupied.is_empty() {
                String::new()
            } else {
                let names: Vec<&str> = p.occupied.iter().map(spot_name).collect();
                format!(" ({} occupied)", names.join(", "))
            };
            notes.push(format!(
                "{} spotted on the {} spot{occupied}",
                p.ball,
                spot_name(&p.spot)
            ));
        }
        if self.game_over {
            notes.push("game over".to_owned());
        } else if self.inning_over {
            notes.push("inning over".to_owned());
        }
        notes.join("; ")
    }
}

/// `n` points in words: "1 point", "3 points".
pub fn points(n: u32) -> String {
    match n {
        1 => "1 point".to_owned(),
        n => format!("{n} points"),
    }
}

fn spot_name(spot: &Spot) -> &'static str {
    match spot {
        Spot::Head => "head",
        Spot::Foot => "foot",
        Spot::Centre => "centre",
    }
}

/// A verdict as the command line prints it in JSON: `points`, `fouls` (`rule`,
/// `reason`), `inning_over`, `spot` (`ball`, `spot`), `warnings`.
#[derive(Serialize)]
pub struct VerdictJson<'a> {
    points: u32,
    fouls: &'a [Ruling],
    inning_over: bool,
    spot: Vec<SpotJson>,
    warnings: &'a [Ruling],
}

#[derive(Serialize)]
struct SpotJson {
    ball: BallId,
    spot: Spot,
}

impl<'a> From<&'a Verdict> for VerdictJson<'a> {
    fn from(v: &'a Verdict) -> VerdictJson<'a> {
        VerdictJson {
            points: v.points,
            fouls: &v.fouls,
            inning_over: v.inning_over,
            spot: v
                .spot
                .iter()
                .map(|p| SpotJson {
                    ball: p.ball,
                    spot: p.spot,
                })
                .collect(),
            warnings: &v.warnings,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_serialise_as_numbers_and_game_rules_by_name() {
        let fouls = [
            Ruling::general(8, "red first"),
            Ruling::new(Rule::Balkline, "drive one out"),
            Ruling::new(Rule::FourBall, "opponent's ball"),
        ];
        let json = serde_json::to_string(&fouls).unwrap();
        assert_eq!(
            json,
            r#"[{"rule":8,"reason":"red first"},{"rule":"balkline","reason":"drive one out"},{"rule":"four_ball","reason":"opponent's ball"}]"#
        );
        assert_eq!(fouls[0].to_string(), "rule 8: red first");
    }
}
