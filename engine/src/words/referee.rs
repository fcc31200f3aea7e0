//! The referee: rules, fouls, warnings, remarks, verdicts, spotting, the score sheet.

use super::*;

/// The referee: rules, fouls, warnings, remarks, verdicts, spotting, the score sheet.
pub trait RefereeWords {
    /// "rule 8", "balkline rule".
    fn rule(&self, rule: Rule) -> String;
    /// Why a foul is one, without its rule.
    fn foul(&self, foul: &Foul) -> String;
    fn warning(&self, warning: &Warning) -> String;
    fn remark(&self, remark: &Remark) -> String;
    fn count_miss(&self, miss: &CountMiss) -> String;
    fn balk_space(&self, space: &BalkSpace) -> String;
    /// The referee's verdict in one line: "carom; inning over".
    fn verdict_notes(&self, verdict: &Verdict) -> String;
    /// The referee's verdict line by line; `names` are the players in order.
    fn verdict_lines(&self, verdict: &Verdict, names: &[String]) -> Vec<Line>;
    /// Where a jumped ball goes and why (rule 26).
    fn spotting(&self, placement: &Placement, style: BallStyle) -> String;
    /// The end of a game: who won, or why nobody did.
    fn outcome(&self, outcome: Outcome, names: &[String]) -> String;
    /// A stroke's note on the score sheet, toned: its fouls ("rule 8, rule 16"), a
    /// restore (rule 22, no foul), a declared safety, or nothing.
    fn sheet_note(&self, verdict: &Verdict) -> Line;
    /// The whole score sheet as text (`carom referee`).
    fn sheet_text(&self, sheet: &ScoreSheet) -> String;
}
