//! English: the struct, the helpers its features share, and a file a feature
//! (`lag.rs` implements `LagWords`, ...).

mod club_night;
mod lag;
mod menu;
mod online;
mod practice;
mod records;
mod referee;
mod rules;
mod scoreboard;
mod shot;
mod table;
mod troubles;
mod viewer;

use super::{
    AfterLag, Before, BreakSetup, CameraChoice, CommandLineProblem, GraphicsChoice, Guide,
    GuideKeys, LagSetupFacts, Lagger, LibraryNote, Line, MatchTerms, MenuLabel, MenuNote,
    PlayerEntry, ReplayState, ResumeOffer, Setting, SettingValue, SheetColumns, StrokePanel, Tone,
    Trouble,
};
use super::{
    LagWords, MatchWords, MenuWords, OnlineWords, PracticeWords, RecordsWords, RefereeWords,
    RulesWords, ShotWords, TableWords, TroubleWords, ViewerState, ViewerWords,
};
use crate::computer::Decision;
use crate::computer::bench::LevelTiming;
use crate::computer::calibrate::Average;
use crate::computer::explain::Explanation;
use crate::config::Action;
use crate::config::Level;
use crate::diagram::{Contact, Touched};
use crate::diamond_systems::SystemReport;
use crate::diamond_systems::patterns::Pattern;
use crate::diamond_systems::plus::PlusReport;
use crate::math::DVec2;
use crate::physics::bench::{BenchResult, RandomStrokes};
use crate::play::drills::DrillProgress;
use crate::play::positions::{Met, Miss, SystemNumbers, Target, Touch};
use crate::play::profiles::{GameSummary, MatchRecord, MatchResult};
use crate::play::{
    BallStyle, FileError, LagOpponent, LagSummary, LiveCount, Mode, Notice, Seat, SetUpRefusal,
};
use crate::rules::{
    BalkSpace, BalkTally, CountMiss, Foul, LagBall, LagFault, LagOutcome, LagVerdict, Obligation,
    Outcome, Placement, Remark, Repeat, Rule, ScoreSheet, Side, Verdict, Warning,
};
use crate::shot::{BallId, Cushion, EventKind, ShotRecord, Spot, Stroke};
use crate::table::TableGeometry;
use crate::words::Handicap;
use std::time::Duration;

/// The English words of the game.
pub struct English;

/// Balls listed: `white, red`.
fn names(balls: &[BallId]) -> String {
    balls
        .iter()
        .map(|b| b.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A spot's short name, as the one-line verdict has it: `head`.
fn spot_short(spot: Spot) -> &'static str {
    match spot {
        Spot::Head => "head",
        Spot::Foot => "foot",
        Spot::Centre => "centre",
    }
}

impl English {
    /// A stroke on one line, its speed after `speed_words` ("launched at ").
    fn stroke_line(&self, stroke: &Stroke, style: BallStyle, speed_words: &str) -> String {
        format!(
            "{}: direction {:.1}°, {speed_words}{:.2} m/s, tip {}, elevation {:.1}°",
            self.ball(stroke.ball, style),
            stroke.direction_deg,
            stroke.speed,
            self.tip(stroke.side, stroke.height),
            stroke.elevation_deg
        )
    }

    /// The faults of a lag ball: `crossed into the opponent's half, touched the red`.
    fn lag_faults(&self, ball: &LagBall) -> String {
        ball.faults
            .iter()
            .map(|f| self.lag_fault(*f))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A place in diamonds: whole ones plainly, others to a tenth.
fn diamonds(d: f64) -> String {
    if (d - d.round()).abs() < 0.05 {
        format!("{:.0}", d.round())
    } else {
        format!("{d:.1}")
    }
}

fn touch(touch: Touch) -> &'static str {
    match touch {
        Touch::Ball => "a ball",
        Touch::Red => "the red",
        Touch::Long => "a long cushion",
        Touch::Short => "a short cushion",
        Touch::Cushion => "a cushion",
    }
}

/// "no cushion", "1 cushion", "3 cushions".
fn cushions(n: usize) -> String {
    match n {
        0 => "no cushion".to_owned(),
        1 => "1 cushion".to_owned(),
        n => format!("{n} cushions"),
    }
}

/// A half of the table (rule 5): "left" or "right".
fn side_name(side: Side) -> &'static str {
    match side {
        Side::Left => "left",
        Side::Right => "right",
    }
}
