//! Every sentence a player reads, made from the typed results of the layers below:
//! events, verdicts and fouls, lag results, spots, scores and the score sheet, notices,
//! the end of the game, and the command line's text. Nothing here decides anything.
//!
//! The sentences of one language are one implementation of [`Words`]: English
//! ([`en::English`], the default) and Russian ([`ru::Russian`]); [`Language`] says which
//! is spoken.

mod en;
mod language;
mod ru;
mod rules_book;
mod screens;

pub use en::English;
pub use language::{Language, named, speak, spoken};
pub use ru::Russian;
pub use rules_book::{RulesBook, Section};
pub use screens::{
    CameraChoice, GraphicsChoice, Guide, GuideKeys, Handicap, MatchTerms, MenuLabel, MenuNote,
    PlayerEntry, ResumeOffer, Setting, SettingValue,
};

use crate::computer::Decision;
use crate::computer::bench::LevelTiming;
use crate::computer::calibrate::Average;
use crate::computer::explain::Explanation;
use crate::config::Action;
use crate::config::Level;
use crate::config::UnknownKey;
use crate::diagram::Contact;
use crate::diamond_systems::patterns::{Contact as RouteContact, Pattern};
use crate::diamond_systems::{Played, SystemReport};
use crate::physics::bench::{BenchResult, RandomStrokes};
use crate::physics::{PlaceError, StrikeError};
use crate::play::drills::{DrillProgress, MissingPosition};
use crate::play::positions::{Met, Miss, Target};
use crate::play::profiles::{GameSummary, MatchRecord};
use crate::play::{
    BallStyle, FileError, LagOpponent, LagSummary, LiveCount, Mode, Notice, Seat, SetUpRefusal,
};
use crate::play::{ResumeError, SettingsProblem, StartError};
use crate::rules::{
    BalkSpace, BalkTally, CountMiss, Foul, LagBall, LagFault, LagVerdict, Outcome, Placement,
    Remark, Rule, ScoreSheet, Side, Verdict, Warning,
};
use crate::rules::{JudgeError, LagError, SetupError};
use crate::shot::{BallId, Cushion, EventKind, ShotRecord, Spot, Stroke};
use crate::table::TableGeometry;
use std::path::PathBuf;
use std::time::Duration;

/// What a line of text means, which the screen shows by its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Plain,
    Good,
    Bad,
    Warn,
    Dim,
}

/// One line of text and what it means.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub text: String,
    pub tone: Tone,
}

impl Line {
    pub fn new(text: impl Into<String>, tone: Tone) -> Line {
        Line {
            text: text.into(),
            tone,
        }
    }
}

/// What the break set-up says (rule 7): who breaks with which ball, where the other
/// balls stand, how far the ball may move, the keys.
pub struct BreakSetup<'a> {
    pub breaker: &'a str,
    pub ball: String,
    /// The other white, on the head spot.
    pub other: String,
    pub game: &'a str,
    /// The breaker places the ball on the head string (rule 7); four-ball does not.
    pub on_head_string: bool,
    /// How far either side of the head spot the ball may go, mm.
    pub offset_mm: f64,
    pub strike: String,
    pub confirm: String,
    /// The break must hit the red first (rule 8).
    pub red_first: bool,
}

/// Where a replay stands, and its keys: pause, back, forward, slower, faster, the one
/// before, leave.
pub struct ReplayState {
    /// Which stroke (from 1) of how many.
    pub stroke: usize,
    pub strokes: usize,
    /// Its time, s, and the replay's speed (1: as played).
    pub t: f64,
    pub speed: f64,
    pub paused: bool,
    pub keys: [String; 7],
}

/// What the stroke panel shows of the stroke being set up.
pub struct StrokePanel {
    /// m/s.
    pub speed: f64,
    pub elevation_deg: f64,
    /// Raised to clear the rail (or a ball) behind the cue ball.
    pub over_the_rail: bool,
    /// Where the tip meets the ball, in words.
    pub tip: String,
    /// A short stroke's follow-through, mm; None: the full one.
    pub short_stroke_mm: Option<f64>,
    pub full_stroke_mm: f64,
}

/// Lag training's earlier sessions, for the statistics: how many, the last one's
/// figures and the best lag of them all, mm.
pub struct Before {
    pub sessions: usize,
    pub last: LagSummary,
    pub best_ever_mm: Option<f64>,
}

/// The headings of the score sheet at the end of a game.
pub struct SheetColumns {
    /// Player, points, innings, high run, average.
    pub players: [&'static str; 5],
    pub score_sheet: &'static str,
    pub inning: &'static str,
    /// A player's running total in an inning.
    pub total: &'static str,
    pub stroke_by_stroke: &'static str,
    /// Number, player, points, run, score, notes.
    pub strokes: [&'static str; 6],
}

/// The keys a lagger uses.
pub struct LagKeys {
    pub power_up: String,
    pub power_down: String,
    pub ready: String,
    pub strike: String,
    /// Lag training: another opponent.
    pub opponent: String,
    /// Lag training: lag from the other half.
    pub other_half: String,
}

/// What the lag's set-up says to the lagger at the table (rule 5).
pub struct LagSetupFacts {
    pub name: String,
    pub ball: String,
    pub side: Side,
    /// Lag training's opponent; None in a match's lag.
    pub training: Option<LagOpponent>,
    /// The other lagger (in a match).
    pub other: String,
    /// The first lagger to set up: the other sets up next.
    pub first: bool,
    pub keys: LagKeys,
}

/// What comes after a lag's result.
pub enum AfterLag {
    /// The winner (named) chooses the break.
    Chooses(String),
    Again,
    /// A lag again, this one not judged.
    Unjudged,
}

/// Where a lagger stands in the lag, for the scoreboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lagger {
    Won,
    AtTheTable,
    /// Their stroke is set up, hidden.
    Ready,
    Waiting,
}

/// A drill's run is over: made of tries (its score, 0 ..= 1), the best and the trend of
/// the drill's runs, or why the run was not kept.
pub struct DrillDone {
    pub made: u32,
    pub tries: usize,
    pub score: f64,
    pub best: Option<f64>,
    pub trend: Option<f64>,
    pub not_kept: Option<FileError>,
}

/// What the practice library says after a key.
pub enum LibraryNote {
    /// A position or drill file could not be read.
    NotLoaded(FileError),
    /// The drill history could not be read: runs are not kept.
    DrillResultsNotKept(FileError),
    /// The position was not saved: the player said no, or the file could not be written.
    NotSaved(Option<FileError>),
    Saved(PathBuf),
    NoDrills,
    DrillNotStarted(MissingPosition),
    DrillDone(DrillDone),
    NoPositions,
    /// The position shown has no stroke of its own.
    NoStroke,
    Deleted(PathBuf),
    NotDeleted(FileError),
    /// Only the player's own positions can be deleted.
    BundledStay,
}

/// Something that went wrong, as a player reads it: the typed errors of the layers
/// below that reach a screen or the command line's text.
#[derive(Clone, Copy)]
pub enum Trouble<'a> {
    File(&'a FileError),
    Start(&'a StartError),
    Resume(&'a ResumeError),
    Judge(&'a JudgeError),
    Lag(&'a LagError),
    Strike(&'a StrikeError),
    Place(&'a PlaceError),
    Setup(&'a SetupError),
    Unknown(&'a UnknownKey),
    Settings(&'a SettingsProblem),
    MissingPosition(&'a MissingPosition),
}

/// The words of one language.
pub trait Words: Sync {
    /// What went wrong, in a line.
    fn trouble(&self, trouble: Trouble) -> String;

    // --- the table and the shot ---
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

    // --- the referee ---
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

    // --- practice ---
    /// What a practice position asks of its stroke; an area in diamonds, as players
    /// read the table.
    fn target(&self, target: &Target, table: &TableGeometry) -> String;
    /// Whether the stroke did what its position asks, and if not, why.
    fn target_result(&self, result: &Result<Met, Miss>, style: BallStyle) -> Line;

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

    // --- the lag's overlays ---
    /// The lag set-up's heading and lines.
    fn lag_setup(&self, facts: &LagSetupFacts) -> (String, Vec<Line>);
    /// What comes after the result, `go_on` to go on.
    fn after_lag(&self, go_on: &str, next: AfterLag) -> String;
    /// The result's heading, in training or for the break (rule 5).
    fn lag_result_heading(&self, training: bool) -> &'static str;
    /// The speed the lag was struck at, m/s.
    fn struck_at(&self, speed: f64) -> String;

    // --- practice positions and drills ---
    fn library_note(&self, note: &LibraryNote) -> String;
    /// The name offered for the player's `n`th own position.
    fn own_position_name(&self, n: usize) -> String;
    /// Naming a position: the name so far, and the keys.
    fn naming_position(&self, name: &str) -> [String; 2];
    /// The drill under way: its name, position and attempt.
    fn drill_under_way(&self, drill: &DrillProgress) -> [String; 3];
    /// "Position `number`/`count`: `name`".
    fn position_of(&self, number: usize, count: usize, name: &str) -> String;
    /// The keys of a position shown (`delete` for the player's own).
    fn position_keys(&self, next: &str, stroke: &str, save: &str, delete: Option<&str>) -> String;
    /// The keys of the library, with how many positions and drills this game has.
    fn library_keys(&self, next: &str, positions: usize, drill: &str, drills: usize) -> String;

    // --- the end of a game ---
    /// No game could start (the notice says why).
    fn no_game(&self) -> &'static str;
    /// "`keys`: menu".
    fn to_the_menu(&self, keys: &str) -> String;
    fn sheet_columns(&self) -> SheetColumns;
    fn scroll_the_sheet(&self, up: &str, down: &str) -> String;
    fn rematch_button(&self, keys: &str) -> String;
    fn menu_button(&self, keys: &str) -> String;

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

    // --- player records ---
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

    // --- the menu and the settings screen ---
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
    /// A table preset with its playing area's size.
    fn table_size(&self, name: &str, width_mm: f64, length_mm: f64) -> String;
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

    // --- the rules and the guides ---
    /// The rules in this language: a Markdown document as [`RulesBook::parse`] reads it.
    fn rules_document(&self) -> &'static str;
    /// The rules screen's heading, for the game `game` (its name).
    fn rules_title(&self, game: &str) -> String;
    /// The rules screen's first lines: the match as chosen, in words — its target (or
    /// each player's), its innings limit, the equalising inning, and the USBA safety
    /// rule where the game plays it.
    fn match_terms(&self, terms: &MatchTerms) -> Vec<String>;
    /// The rules screen's keys: the rule before and after, close.
    fn rules_hint(&self, back: &str, on: &str, close: &str) -> String;
    /// Under a verdict that cites `rule`: `keys` opens its text.
    fn read_rule(&self, keys: &str, rule: Rule) -> String;
    /// A guide's heading.
    fn guide_title(&self, guide: Guide) -> &'static str;
    /// A guide's lines, naming the `keys`.
    fn guide(&self, guide: Guide, keys: &GuideKeys) -> Vec<String>;
    /// Under a guide: `keys` close it, `help` shows it again.
    fn guide_hint(&self, keys: &str, help: &str) -> String;
}

/// The words of the language spoken now.
pub fn words() -> &'static dyn Words {
    spoken().words()
}

#[cfg(test)]
mod tests;

/// Each player's target of a handicap match, "25 / 13".
fn each_target(targets: &[u32]) -> String {
    let each: Vec<String> = targets.iter().map(u32::to_string).collect();
    each.join(" / ")
}

/// Each player of a handicap match with their target, "Ann 25, Bob 13".
fn named_targets(targets: &[(&str, u32)]) -> String {
    let each: Vec<String> = targets
        .iter()
        .map(|(name, target)| format!("{name} {target}"))
        .collect();
    each.join(", ")
}

/// A sweep's simulated arrivals as a grid: a row for each origin, a column for each
/// aim; "-" where the ball did not go round, blank where the system's arrival is out of
/// its range. `comma` writes the decimal comma.
fn sweep_grid(played: &[Played], origin: &str, aim: &str, comma: bool) -> String {
    let number = |v: f64| {
        let text = format!("{v:.2}");
        if comma { text.replace('.', ",") } else { text }
    };
    let mut aims: Vec<f64> = played.iter().map(|p| p.aim).collect();
    aims.sort_by(f64::total_cmp);
    aims.dedup();
    let mut origins: Vec<f64> = played.iter().map(|p| p.origin).collect();
    origins.sort_by(f64::total_cmp);
    origins.dedup();
    let mut text = format!("{origin:>6} | {aim}\n       |");
    for a in &aims {
        text += &format!("{:>6}", number(*a));
    }
    text += "\n";
    for o in origins {
        text += &format!("{:>6} |", number(o));
        for a in &aims {
            let cell = played.iter().find(|p| p.origin == o && p.aim == *a);
            text += &match cell {
                None => format!("{:>6}", ""),
                Some(Played {
                    simulated: None, ..
                }) => format!("{:>6}", "-"),
                Some(Played {
                    simulated: Some(s), ..
                }) => format!("{:>6}", number(*s)),
            };
        }
        text += "\n";
    }
    text
}

/// A route as "red, left, foot, right, white", in `words`.
fn route_text(words: &dyn Words, route: &[RouteContact], style: BallStyle) -> String {
    let each: Vec<String> = route
        .iter()
        .map(|c| match c {
            RouteContact::Ball(ball) => words.ball(*ball, style),
            RouteContact::Cushion(cushion) => words.cushion(*cushion),
        })
        .collect();
    each.join(", ")
}
