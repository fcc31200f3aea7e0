//! The menu and the settings screen.

use super::*;

/// The menu and the settings screen.
pub trait MenuWords {
    /// The game's name and what it is, at the head of the menu.
    fn menu_title(&self) -> (&'static str, &'static str);
    /// The menu's keys: choose a row, change it, go on to the next row or start, read
    /// the rules.
    fn menu_hint(&self, choose: &str, change: &str, next: &str, rules: &str) -> String;
    fn menu_label(&self, label: MenuLabel) -> String;
    /// The players of a match side by side: "Ann vs Bea".
    fn versus(&self, names: &[String]) -> String;
    /// The Settings button, with what is behind it.
    fn settings_button(&self) -> &'static str;
    /// The button to the player records screen.
    fn records_button(&self) -> &'static str;
    fn resume_offer(&self, offer: &ResumeOffer) -> String;
    fn menu_note(&self, note: &MenuNote) -> String;
    /// How the table is used.
    fn mode(&self, mode: Mode) -> &'static str;
    /// A table preset and its condition (None: the fitted cloth and cushions) shown by how many of the
    /// table's lengths a firm stroke (`physics::firm_stroke`: up and down the table from
    /// beside the head cushion) runs on it.
    fn table_condition(&self, table: &str, name: Option<&str>, lengths: f64) -> String;
    fn innings_limit(&self, limit: Option<u32>) -> String;
    fn player_entry(&self, entry: &PlayerEntry) -> String;
    /// The menu's handicap row.
    fn handicap(&self, handicap: Handicap) -> String;
    /// After a computer seat's entry: its level's general average in the game chosen.
    fn level_average(&self, average: f64) -> String;
    /// The name a seat gets until its player types one (`seat` from 0).
    fn default_player(&self, seat: usize) -> String;
    fn settings_title(&self) -> &'static str;
    /// Under the settings' title on a renderer that draws on the CPU (`adapter`): the
    /// low preset plays there, and (`chose_low`) was chosen for it on this first run.
    fn software_rendering(&self, adapter: &str, chose_low: bool) -> String;
    fn setting(&self, setting: Setting) -> &'static str;
    fn setting_value(&self, value: &SettingValue) -> String;
    /// The heading of the settings' key table; `file` the controls' file.
    fn keys_heading(&self, file: &str) -> String;
    /// The settings screen's keys: choose a row, change it, leave.
    fn settings_hint(&self, choose: &str, change: &str, leave: &str) -> String;
}
