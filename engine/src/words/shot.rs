//! The table and the shot: balls, spots, cushions, strokes, events, the command line's text.

use super::*;

/// The table and the shot: balls, spots, cushions, strokes, events, the command line's text.
pub trait ShotWords {
    /// `n` points: "1 point", "3 points".
    fn points(&self, n: u32) -> String;
    /// How the players name `ball` in a set of `style`.
    fn ball(&self, ball: BallId, style: BallStyle) -> String;
    /// "head spot".
    fn spot(&self, spot: Spot) -> String;
    /// "head" (cushion).
    fn cushion(&self, cushion: Cushion) -> String;
    /// One event of a stroke, for the command line.
    fn event(&self, event: &EventKind) -> String;
    /// A stroke's settings on one line: ball, direction, speed, tip, elevation.
    fn stroke_settings(&self, stroke: &Stroke, style: BallStyle) -> String;
    /// A stroke as its record has it: the cue ball's speed is the one it was launched
    /// at, not the power the player set.
    fn struck(&self, stroke: &Stroke, style: BallStyle) -> String;
    /// Where the tip meets the ball, `side` right and `height` up in fractions of the
    /// radius: "centre", "0.30 high, 0.25 right".
    fn tip(&self, side: f64, height: f64) -> String;
    /// The cue ball's contacts in order, numbered as in a shot diagram, its cushions
    /// in diamonds: "1 red, 2 foot at 2.35, ...".
    fn contacts(&self, contacts: &[Contact], style: BallStyle) -> String;
    /// The lines under a shot diagram: the verdict in its game, the stroke, the cue
    /// ball's contacts.
    fn diagram_caption(
        &self,
        judged: Option<(&str, &Verdict)>,
        stroke: Option<&Stroke>,
        contacts: &[Contact],
        style: BallStyle,
    ) -> Vec<String>;
    /// A stroke's record as `carom sim` prints it: the events, where the balls ended,
    /// and the verdict in `game` when it was judged.
    fn shot_text(&self, record: &ShotRecord, judged: Option<(&str, &Verdict)>) -> String;
    /// `carom bench`'s table, and the random strokes on one reused table.
    fn bench_text(&self, results: &[BenchResult], random: &RandomStrokes) -> String;
    /// `carom bench`'s decision timings, level by level.
    fn decisions_text(&self, game: &str, timings: &[LevelTiming]) -> String;
    /// `carom calibrate`'s line for a level that played itself: its average with the
    /// interval, against its ladder rung in three-cushion.
    fn calibrated(&self, level: &Level, average: &Average, took: Duration) -> String;
    /// `carom system`'s report: the sweep's grid at the system's speed, the deviation
    /// at each speed, the aim check.
    fn system_report(&self, report: &SystemReport) -> String;
    /// `carom system plus`'s report: each first-rail table's grid at the system's
    /// speed, the deviations at each speed and by start, which table agrees.
    fn plus_report(&self, report: &PlusReport) -> String;
    /// `carom calibrate --exam`'s line for a level: its attempts made of `tries`, with
    /// the interval.
    fn exam_level(
        &self,
        level: &Level,
        score: &crate::play::exam::LevelScore,
        tries: u32,
        took: Duration,
    ) -> String;
    /// `carom calibrate --lay-outs`'s line: the share scored from random lay-outs.
    fn share_scored(
        &self,
        level: &Level,
        game: &str,
        share: f64,
        lay_outs: usize,
        took: Duration,
    ) -> String;
    /// What the computer at a seat (or, with `coach`, the coach) of `level` is doing:
    /// thinking while `decision` is None; `take_key` hands the coach's stroke over.
    fn advice(
        &self,
        level: &str,
        coach: bool,
        decision: Option<&Decision>,
        take_key: &str,
    ) -> String;
    /// `carom suggest`: the stroke a level chose, its chance and what it cost.
    /// A number as written, to two decimals at most ("2.5", "2,5").
    fn number(&self, value: f64) -> String;
    /// A three-cushion pattern's name.
    fn pattern(&self, pattern: Pattern) -> &'static str;
    /// The coach's explanation of its stroke, a line each: the pattern and the route,
    /// the system's numbers, the next-best strokes, the leave.
    fn explanation(&self, explanation: &Explanation, style: BallStyle) -> Vec<String>;
    fn suggestion(&self, level: &str, decision: &Decision) -> String;
}
