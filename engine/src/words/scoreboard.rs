//! The match at the table: the scoreboard, its keys, the end of a game.

use super::*;

/// The match at the table: the scoreboard, its keys, the end of a game.
pub trait MatchWords {
    // --- the scoreboard ---
    /// The last lag of training, for the footer.
    fn last_lag(&self, ball: &LagBall) -> Line;
    /// An intentional safety is declared (rules 23-25).
    fn safety_declared(&self) -> &'static str;
    /// The keys at the table: declare a safety, restore, menu (`saved`: the match is).
    fn table_keys(&self, safety: &str, restore: &str, menu: &str, saved: bool) -> String;
    /// The game, its target (each player's, in order, in a handicap match) and its
    /// innings limit.
    fn board_title(&self, game: &str, targets: &[u32], innings_limit: Option<u32>) -> String;
    /// A player's points, "12", and in a `handicap` match against their own target,
    /// "12/25".
    fn points_of(&self, points: u32, target: u32, handicap: bool) -> String {
        if handicap {
            format!("{points}/{target}")
        } else {
            points.to_string()
        }
    }
    /// Player, points, innings, run, high run, average (short).
    fn board_columns(&self) -> [&'static str; 6];
    /// A general average, points an inning, to three decimals: "0.714".
    fn average(&self, points_per_inning: f64) -> String;
    /// Lag training's row: the lags so far and the best, mm.
    fn training_row(&self, lags: usize, best_mm: Option<f64>) -> String;
    /// A lagger's half and where they stand.
    fn lagger(&self, side: Side, status: Lagger) -> String;

    // --- the match ---
    /// The count kept while the balls roll: the cue ball's cushions and the balls it hit.
    fn live_count(&self, count: &LiveCount, style: BallStyle) -> String;
    /// What the cue ball did in a whole stroke, in the game's terms: its cushions, the
    /// balls it hit with the cushions before each, and the kisses between the others.
    fn stroke_story(&self, count: &LiveCount, style: BallStyle) -> String;
    /// The balk space count on the scoreboard: the counts made there and the limit.
    fn balk_tally(&self, tally: &BalkTally, limit: u32) -> Line;
    /// A notice of the match layer; `names` are the players in order.
    fn notice(&self, notice: &Notice, names: &[String], style: BallStyle) -> String;

    // --- the end of a game ---
    /// No game could start (the notice says why).
    fn no_game(&self) -> &'static str;
    /// "`keys`: menu".
    fn to_the_menu(&self, keys: &str) -> String;
    fn sheet_columns(&self) -> SheetColumns;
    fn scroll_the_sheet(&self, up: &str, down: &str) -> String;
    fn rematch_button(&self, keys: &str) -> String;
    fn menu_button(&self, keys: &str) -> String;
}
