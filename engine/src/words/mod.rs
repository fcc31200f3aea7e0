//! Every sentence a player reads, made from the typed results of the layers below:
//! events, verdicts and fouls, lag results, spots, scores and the score sheet, notices,
//! the end of the game, and the command line's text. Nothing here decides anything.
//!
//! The sentences of one language are one implementation of [`Words`]: English
//! ([`en::English`], the default) and Russian ([`ru::Russian`]); [`Language`] says which
//! is spoken. `Words` is made of a trait a feature (`troubles`, `shot`, `referee`,
//! `scoreboard`, `lag`, `practice`, `table`, `records`, `menu`, `rules`: each a file
//! here), and each language implements each in a file of its own (`en/lag.rs`,
//! `ru/lag.rs`): a new feature adds its own words files.

pub mod club_night;
mod display;
mod en;
mod lag;
mod language;
mod menu;
mod online;
mod practice;
mod records;
mod referee;
mod ru;
mod rules;
mod rules_book;
mod scoreboard;
mod screens;
mod shot;
mod table;
mod troubles;
mod viewer;

pub use en::English;
pub use language::{Language, named, speak, spoken};
pub use ru::Russian;
pub use rules_book::{RulesBook, Section};
pub use screens::{
    CameraChoice, GraphicsChoice, Guide, GuideKeys, Handicap, MatchTerms, MenuLabel, MenuNote,
    PlayerEntry, ResumeOffer, Setting, SettingValue,
};
pub use {
    lag::LagWords,
    menu::MenuWords,
    online::LobbyEntry,
    online::LobbyNews,
    online::OnlineClocks,
    online::OnlineLabel,
    online::OnlineLine,
    online::OnlineWait,
    online::OnlineWords,
    practice::PracticeWords,
    records::{ExamTaken, RecordsWords},
    referee::RefereeWords,
    rules::RulesWords,
    scoreboard::MatchWords,
    shot::ShotWords,
    table::TableWords,
    troubles::CommandLineProblem,
    troubles::Trouble,
    troubles::TroubleWords,
    viewer::ViewerState,
    viewer::ViewerWords,
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
use crate::diamond_systems::plus::{PlusPlayed, PlusReport};
use crate::diamond_systems::{Played, SystemReport};
use crate::physics::bench::{BenchResult, RandomStrokes};
use crate::physics::{PlaceError, StrikeError};
use crate::play::drills::{DrillProgress, MissingPosition};
use crate::play::lag_stats::Before;
use crate::play::library::DrillDone;
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
    /// A ball's place typed in diamonds that cannot be read.
    NotPlaced(crate::play::typed_place::TypedPlaceError),
}

/// The words of one language: every feature's, each a trait of its own (a file here,
/// and one a language in `en/` and `ru/`), so that a feature adds its own words files.
pub trait Words:
    TroubleWords
    + ShotWords
    + RefereeWords
    + MatchWords
    + LagWords
    + PracticeWords
    + TableWords
    + RecordsWords
    + MenuWords
    + OnlineWords
    + RulesWords
    + ViewerWords
    + club_night::ClubNightWords
    + Sync
{
}

impl<
    T: TroubleWords
        + ShotWords
        + RefereeWords
        + MatchWords
        + LagWords
        + PracticeWords
        + TableWords
        + RecordsWords
        + MenuWords
        + OnlineWords
        + RulesWords
        + ViewerWords
        + club_night::ClubNightWords
        + Sync,
> Words for T
{
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
fn sweep_grid(cells: &[GridCell], row: &str, column: &str, decimals: usize, comma: bool) -> String {
    let number = |v: f64| {
        let text = format!("{v:.decimals$}");
        if comma { text.replace('.', ",") } else { text }
    };
    let sorted = |of: fn(&GridCell) -> f64| {
        let mut values: Vec<f64> = cells.iter().map(of).collect();
        values.sort_by(f64::total_cmp);
        values.dedup();
        values
    };
    let (rows, columns) = (sorted(|c| c.0), sorted(|c| c.1));
    let mut text = format!("{row:>6} | {column}\n       |");
    for c in &columns {
        text += &format!("{:>6}", number(*c));
    }
    text += "\n";
    for r in rows {
        text += &format!("{:>6} |", number(r));
        for c in &columns {
            let cell = cells.iter().find(|cell| cell.0 == r && cell.1 == *c);
            text += &match cell {
                None => format!("{:>6}", ""),
                Some((_, _, None)) => format!("{:>6}", "-"),
                Some((_, _, Some(s))) => format!("{:>6}", number(*s)),
            };
        }
        text += "\n";
    }
    text
}

/// One cell of a sweep's grid: its row's and column's numbers and the simulated
/// arrival (None: the ball did not take the system's path).
type GridCell = (f64, f64, Option<f64>);

/// The corner-five sweep's cells: origin, aim, simulated arrival.
fn corner_five_cells(played: &[Played]) -> Vec<GridCell> {
    played
        .iter()
        .map(|p| (p.origin, p.aim, p.simulated))
        .collect()
}

/// The plus sweep's cells: start, first rail, simulated arrival.
fn plus_cells(played: &[PlusPlayed]) -> Vec<GridCell> {
    played
        .iter()
        .map(|p| (p.start, p.first_rail, p.simulated))
        .collect()
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
