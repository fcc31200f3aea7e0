//! The lag (rule 5): its facts, set-up, result, and lag training's statistics.

use super::*;

/// The lag (rule 5): its facts, set-up, result, and lag training's statistics.
pub trait LagWords {
    // --- the lag ---
    /// "Lag training (rule 5)" or "Lag for the break (rule 5)".
    fn lag_heading(&self, training: bool) -> &'static str;
    fn lag_fault(&self, fault: LagFault) -> String;
    /// What one lag ball did, fact by fact: the label, the answer, and whether the
    /// answer loses the lag.
    fn lag_facts(&self, ball: &LagBall) -> Vec<(String, String, bool)>;
    /// The lag's outcome; `names` are the two laggers in order.
    fn lag_outcome(&self, verdict: &LagVerdict, names: [&str; 2], tolerance_mm: f64) -> Line;
    /// One training lag in a line.
    fn lag_summary(&self, ball: &LagBall) -> Line;

    // --- the lag's overlays ---
    /// The lag set-up's heading and lines.
    fn lag_setup(&self, facts: &LagSetupFacts) -> (String, Vec<Line>);
    /// What comes after the result, `go_on` to go on.
    fn after_lag(&self, go_on: &str, next: AfterLag) -> String;
    /// The result's heading, in training or for the break (rule 5).
    fn lag_result_heading(&self, training: bool) -> &'static str;
    /// The speed the lag was struck at, m/s.
    fn struck_at(&self, speed: f64) -> String;

    // --- lag training's statistics ---
    /// This session's figures (`within` lags in the `band_mm`), and the earlier ones'.
    fn lag_statistics(
        &self,
        summary: &LagSummary,
        within: usize,
        band_mm: f64,
        before: Option<Before>,
    ) -> Vec<String>;
    /// The history file could not be read or written.
    fn history_not_kept(&self, problem: &FileError) -> String;
    /// The chart's caption, its top at `top_mm`.
    fn lag_chart(&self, top_mm: f64) -> String;
}

/// One lag ball's facts, laid out the same in every language (see
/// [`LagWords::lag_facts`]): `labels` of the foot cushion, crossing over, touching the
/// red, leaving the table and the distance from the head cushion; `yes_no`, the two
/// answers; `mm`, a distance.
pub(super) fn lay_out_lag_facts(
    ball: &LagBall,
    labels: [&str; 5],
    [yes, no]: [&str; 2],
    mm: impl Fn(f64) -> String,
) -> Vec<(String, String, bool)> {
    let answer = |b: bool| if b { yes } else { no }.to_owned();
    let fault = |f: LagFault| ball.faults.contains(&f);
    let [foot, crossed, red, left, distance] = labels.map(str::to_owned);
    vec![
        (
            foot,
            answer(ball.touched_foot_cushion),
            !ball.touched_foot_cushion,
        ),
        (
            crossed,
            answer(fault(LagFault::CrossedOver)),
            fault(LagFault::CrossedOver),
        ),
        (
            red,
            answer(fault(LagFault::TouchedRed)),
            fault(LagFault::TouchedRed),
        ),
        (
            left,
            answer(fault(LagFault::LeftTable)),
            fault(LagFault::LeftTable),
        ),
        (distance, ball.distance_mm.map_or("-".to_owned(), mm), false),
    ]
}
