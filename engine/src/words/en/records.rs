//! The player records.

use super::*;
use crate::words::ExamTaken;

impl RecordsWords for English {
    fn profile(
        &self,
        name: &str,
        game: &str,
        summary: Option<&GameSummary>,
        suggested: Option<&str>,
    ) -> Vec<String> {
        let Some(s) = summary else {
            return vec![format!("{name}: no {game} match on record yet")];
        };
        let mut lines = vec![
            format!(
                "{name} in {game}: {} {}, {} won",
                s.matches,
                if s.matches == 1 { "match" } else { "matches" },
                s.won
            ),
            format!(
                "general average {:.3}, last {} {:.3}, best run {}",
                s.average,
                s.matches.min(crate::play::profiles::RECENT_MATCHES),
                s.recent_average,
                s.best_run
            ),
        ];
        if let Some(level) = suggested {
            lines.push(format!("The computer at your level: {level}"));
        }
        lines
    }

    fn profile_not_kept(&self, problem: &FileError) -> String {
        format!("Profile not kept: {problem}")
    }

    fn profile_chart(&self, top: f64) -> String {
        format!("Average of each match, oldest first (top {top:.2})")
    }

    fn profile_match(&self, m: &MatchRecord) -> String {
        let (year, month, day) = m.date();
        let result = match m.result {
            MatchResult::Won => "won",
            MatchResult::Lost => "lost",
            MatchResult::Drawn => "drawn",
        };
        format!(
            "{year}-{month:02}-{day:02}  vs {}: {} of {} in {} {} ({:.3}), high run {}, {result}",
            m.opponents.join(", "),
            m.points,
            m.target,
            m.innings,
            if m.innings == 1 { "inning" } else { "innings" },
            m.average(),
            m.high_run
        )
    }

    fn records_title(&self) -> &'static str {
        "Player records"
    }

    fn records_hint(&self, choose: &str, leave: &str) -> String {
        format!("{choose}: another player    {leave}: back to the menu")
    }

    fn records_empty(&self, folder: &str) -> String {
        format!(
            "No records yet: a person's record starts with their first finished match ({folder})"
        )
    }

    fn exam_history(&self, exam: &str, last: &ExamTaken, taken: usize, best: u32) -> String {
        let grade = match (last.reached, last.short_of) {
            (Some(a), Some(b)) => format!("between {a} and {b}"),
            (None, Some(b)) => format!("below {b}"),
            (Some(a), None) => format!("{a} and above"),
            (None, None) => "not graded".to_owned(),
        };
        let table = if last.off_the_fitted_table {
            " (on another table condition)"
        } else {
            ""
        };
        format!(
            "{exam}: last {} of {}, {grade}{table}; {taken} taken, best {best}",
            last.made, last.attempts
        )
    }

    fn practice_patterns(&self, game: &str, tallies: &[(&str, u32, u32)]) -> String {
        let lines: Vec<String> = tallies
            .iter()
            .map(|(pattern, made, attempted)| {
                let share = f64::from(*made) / f64::from((*attempted).max(1)) * 100.0;
                format!("{pattern}: {made} of {attempted} made ({share:.0} %)")
            })
            .collect();
        format!("Practice in {game}, by pattern:\n{}", lines.join("\n"))
    }
}
