//! At the table: the overlays, the words on the cloth, the controls and the stroke panel.

use super::*;

/// At the table: the overlays, the words on the cloth, the controls and the stroke panel.
pub trait TableWords {
    // --- the overlays ---
    /// "`keys`: go on".
    fn go_on(&self, keys: &str) -> String;
    /// "`keys` or a click: go on".
    fn go_on_or_click(&self, keys: &str) -> String;
    /// A computer lag winner's choice, told (rules 4, 6): `name` breaks with `ball`, or
    /// passes and keeps it, `other` breaking with `theirs`.
    fn break_decided(
        &self,
        name: &str,
        break_it: bool,
        ball: &str,
        other: &str,
        theirs: &str,
    ) -> String;
    /// The break set-up's heading and lines (rules 7, 8).
    fn break_setup(&self, setup: &BreakSetup) -> (String, Vec<Line>);

    // --- on the cloth ---
    fn head_string(&self) -> &'static str;
    /// The half of the table `name` lags in (rule 5).
    fn half_of(&self, name: &str) -> String;
    /// A distance, "56.1 mm".
    fn millimetres(&self, mm: f64) -> String;
    /// The `n`th spot tried for a jumped ball (rules 21, 26), taken.
    fn spot_occupied(&self, n: usize, spot: Spot) -> String;
    /// The `n`th spot tried, where `ball` goes; None: the nearest free point on the
    /// long axis, all three spots taken.
    fn spot_here(&self, n: usize, spot: Option<Spot>, ball: &str) -> String;
    /// The `n`th contact of the cue ball, on a cushion at `diamond`.
    fn contact_at_diamond(&self, n: usize, diamond: f64) -> String;

    /// "`keys`: controls".
    fn controls_hint(&self, keys: &str) -> String;
    /// The stroke panel's lines: power, elevation, tip, stroke length.
    fn stroke_panel(&self, panel: &StrokePanel) -> String;
    fn ready_to_strike(&self) -> &'static str;
    /// The balls roll: what the cue ball has done so far.
    fn balls_moving(&self, count: &LiveCount, style: BallStyle) -> String;
    fn beyond_the_miscue_limit(&self) -> &'static str;
    /// `ready`, then the predicted path's contacts.
    fn ready_with_path(&self, ready: &str, contacts: &[Contact], style: BallStyle) -> String;
    /// `ready`, then how to set the tip.
    fn ready_to_set_the_tip(&self, ready: &str) -> String;
    /// "Contacts (diamonds): ..." for the verdict.
    fn contacts_line(&self, contacts: &[Contact], style: BallStyle) -> String;
    /// The verdict says the spotting comes next (rules 21, 26).
    fn spots_next(&self) -> &'static str;
    /// Who plays next, with which ball; `again`: the same player goes on.
    fn next_up(&self, next: &str, ball: &str, again: bool) -> String;
    /// "`keys`: go on, then hide this".
    fn go_on_then_hide(&self, keys: &str) -> String;
    /// "Stroke `n`".
    fn stroke_heading(&self, n: usize) -> String;
    /// The heading of the list of the last strokes.
    fn last_strokes(&self) -> &'static str;
    /// One of the last strokes: its number, who played it and what it made.
    fn recent_stroke(&self, number: usize, name: &str, verdict: &Verdict) -> Line;
    /// The replay's status line and its keys.
    fn replay_status(&self, state: &ReplayState) -> String;
    /// The lag winner's choice, asked (rules 4, 6).
    fn break_choice_title(&self, name: &str) -> String;
    /// One choice of the break: break with `ball`, or pass, keep it and let `other`
    /// break with `theirs`.
    fn break_choice(&self, break_it: bool, ball: &str, other: &str, theirs: &str) -> String;
    /// The ball chosen is the winner's all game (rule 6); `other` plays the other.
    fn ball_for_the_game(&self, other: &str) -> String;
    /// "`name` won the lag (rules 4, 6)".
    fn won_the_lag(&self, name: &str) -> String;
    /// The spotting's heading (rules 21, 26).
    fn spotting_title(&self) -> &'static str;
    /// The order of the spots a jumped ball goes to.
    fn spotting_order(&self) -> &'static str;
    /// Asked again before rule 22's restore (`keys` restore).
    fn confirm_restore(&self, keys: &str) -> String;
    /// Asked again before leaving an unsaved session (`keys` leave).
    fn confirm_leave(&self, keys: &str) -> String;
    /// The stroke's diagram was saved at `path`.
    fn diagram_saved(&self, path: &std::path::Path) -> String;
    fn no_stroke_to_save(&self) -> &'static str;

    // --- the controls ---
    /// A key as printed on it, from its name in `controls.ron` (Bevy's `KeyCode`):
    /// `Enter`, `U`, `Left Shift`, `]`.
    fn key(&self, key: &str) -> String;
    /// A mouse button of `controls.ron` (`Left`) as a player reads it.
    fn mouse_button(&self, button: &str) -> String;
    /// What an action does (the help, the settings screen).
    fn action(&self, action: Action) -> &'static str;
    /// The heading of the controls' help.
    fn controls_heading(&self) -> &'static str;
    /// Who sits in a seat: their name, or what the seat is.
    fn seat(&self, seat: &Seat) -> String;
    /// Why practice cannot set a lay-out up.
    fn set_up_refusal(&self, refusal: &SetUpRefusal) -> String;
}
