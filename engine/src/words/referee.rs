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

/// A score sheet's words in one language, for [`lay_out_sheet`].
pub(super) struct SheetWords<'a> {
    /// The lines above the innings: the game and its terms, who breaks.
    pub heading: String,
    /// The innings table's headings: inning, run, total.
    pub innings: [&'a str; 3],
    /// The totals' headings: player, points, innings, high run, average.
    pub totals: [&'a str; 5],
    /// The end of the game (or that it is not over), a line.
    pub outcome: String,
    /// The stroke list's title and headings: #, player, ball, points, notes.
    pub by_stroke: &'a str,
    pub strokes: [&'a str; 5],
    /// In a match in sets: a set's heading from its number, breaker and score ("Set 2,
    /// Boris breaks: 0 : 2") and the totals' sets column.
    pub set: fn(u32, &str, &str) -> String,
    pub sets_won: &'a str,
}

/// The whole score sheet as text, laid out the same in every language: the heading,
/// each inning's run and total a player a column, the totals, the outcome, then stroke
/// by stroke. Each column is as wide as its heading or its widest entry; `ball`,
/// `average` and `notes` say a ball, an average and a verdict in the language.
pub(super) fn lay_out_sheet(
    sheet: &ScoreSheet,
    words: SheetWords,
    ball: impl Fn(BallId) -> String,
    average: impl Fn(f64) -> String,
    notes: impl Fn(&Verdict) -> String,
) -> String {
    let chars = |s: &str| s.chars().count();
    let [inning, run, total] = words.innings;
    let [player, points, innings, high_run, mean] = words.totals;
    let [number, shooter, cue_ball, scored, noted] = words.strokes;
    let mut out = words.heading;
    let width = sheet
        .players
        .iter()
        .map(|p| chars(&p.name))
        .chain([chars(player), chars(shooter)])
        .max()
        .unwrap_or(0);
    // Inning by inning: each player's run and running total.
    let (first, pair) = (chars(inning), chars(run).max(chars(total)).max(5));
    let cell = (width + 2).max(2 * pair + 2);
    out += inning;
    for p in &sheet.players {
        out += &format!("  {:>cell$}", p.name);
    }
    out += &format!("\n{:first$}", "");
    for _ in &sheet.players {
        out += &format!("  {:>cell$}", format!("{run:>pair$} {total:>pair$}"));
    }
    out += "\n";
    // A match in sets: each set's innings under its heading and its score.
    let mut sets: Vec<Option<u32>> = sheet.rows.iter().map(|r| r.set).collect();
    sets.dedup();
    if sets.is_empty() {
        sets.push(None);
    }
    for set in sets {
        if let Some(n) = set {
            let done = sheet.sets.as_ref().and_then(|s| s.done.get(n as usize - 1));
            let (score, breaker) =
                done.map_or((&sheet.players, sheet.breaker), |s| (&s.players, s.breaker));
            let points: Vec<String> = score.iter().map(|p| p.points.to_string()).collect();
            out += &(words.set)(n, sheet.name(breaker), &points.join(" : "));
            out += "\n";
        }
        for (n, row) in sheet.inning_rows(set).iter().enumerate() {
            out += &format!("{:>first$}", n + 1);
            for inning in row {
                let both = match inning {
                    Some(i) => format!("{:>pair$} {:>pair$}", i.run, i.total),
                    None => format!("{:>pair$} {:>pair$}", "-", "-"),
                };
                out += &format!("  {both:>cell$}");
            }
            out += "\n";
        }
    }
    let [w_points, w_innings, w_high, w_mean] = [points, innings, high_run, mean].map(chars);
    let won = sheet.sets.as_ref().map(|s| s.won(sheet.players.len()));
    let w_sets = chars(words.sets_won);
    let sets_column = |cell: String| {
        won.as_ref()
            .map_or(String::new(), |_| format!("  {cell:>w_sets$}"))
    };
    out += &format!(
        "\n{player:<width$}  {points:>w_points$}  {innings:>w_innings$}  {high_run:>w_high$}  {mean:>w_mean$}{}\n",
        sets_column(words.sets_won.to_owned())
    );
    for (i, p) in sheet.totals().iter().enumerate() {
        let sets_won = won.as_ref().and_then(|w| w.get(i)).copied().unwrap_or(0);
        out += &format!(
            "{:<width$}  {:>w_points$}  {:>w_innings$}  {:>w_high$}  {:>w_mean$}{}\n",
            sheet.name(i),
            p.points,
            p.innings,
            p.high_run,
            average(p.average()),
            sets_column(sets_won.to_string())
        );
    }
    out += &format!("\n{}\n", words.outcome);
    let w_ball = BallId::ALL
        .iter()
        .map(|&b| chars(&ball(b)))
        .chain([chars(cue_ball)])
        .max()
        .unwrap_or(0);
    let w_scored = chars(scored);
    out += &format!(
        "\n{}:\n{number:>4}  {shooter:<width$}  {cue_ball:<w_ball$}  {scored:>w_scored$}  {noted}\n",
        words.by_stroke
    );
    for (i, row) in sheet.rows.iter().enumerate() {
        let v = &row.verdict;
        out += &format!(
            "{i:>4}  {:<width$}  {:<w_ball$}  {:>w_scored$}  {}\n",
            sheet.name(v.shooter),
            ball(v.cue_ball),
            v.points,
            notes(v)
        );
    }
    out
}
