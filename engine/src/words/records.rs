//! The player records.

use super::*;

/// The player records.
pub trait RecordsWords {
    /// A person's profile in `game`: their matches, general average over all and over
    /// the last ten, best run, and the computer level nearest their recent average.
    fn profile(
        &self,
        name: &str,
        game: &str,
        summary: Option<&GameSummary>,
        suggested: Option<&str>,
    ) -> Vec<String>;
    /// A profile that could not be read or written.
    fn profile_not_kept(&self, problem: &FileError) -> String;
    /// The average chart's caption, its top at `top`.
    fn profile_chart(&self, top: f64) -> String;
    /// One finished match of a profile, as the records screen lists it.
    fn profile_match(&self, record: &MatchRecord) -> String;
    /// The player records screen's title.
    fn records_title(&self) -> &'static str;
    /// The records screen's keys: `choose` another person, `leave` for the menu.
    fn records_hint(&self, choose: &str, leave: &str) -> String;
    /// No profile in `folder` yet.
    fn records_empty(&self, folder: &str) -> String;
    /// Practice outside drills in `game`: each pattern's strokes scored and played
    /// (`(pattern, made, attempted)`, the most played first).
    fn practice_patterns(&self, game: &str, tallies: &[(&str, u32, u32)]) -> String;
    /// A graded exam's history: the last one taken with its grade (the levels it
    /// reached and fell short of, by name), how many were taken and the best.
    fn exam_history(&self, exam: &str, last: &ExamTaken, taken: usize, best: u32) -> String;
}

/// The last exam taken, as the records screen says it.
pub struct ExamTaken<'a> {
    pub made: u32,
    pub attempts: u32,
    pub reached: Option<&'a str>,
    pub short_of: Option<&'a str>,
    /// Taken on another table condition than the fitted one.
    pub off_the_fitted_table: bool,
}
