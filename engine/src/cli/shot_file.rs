//! One stroke described in a file (`carom sim SHOT.ron`): table, ball positions and a
//! stroke or a raw launch, and optionally the game whose referee judges it.

use super::Problem;
use crate::computer;
use crate::config::{self, Config, ConfigError};
use crate::math::{DVec2, DVec3};
use crate::physics::TableSim;
use crate::rules::{OneStroke, Referee};
use crate::shot::{BallAt, BallId, MAX_SAMPLE_HZ, Stroke};
use crate::table::TableGeometry;
use crate::words::CommandLineProblem;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The contents of a SHOT.ron file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotSpec {
    /// A preset of tables.ron; the default preset when absent.
    #[serde(default)]
    pub table: Option<String>,
    /// 1 to 4 balls; a ball not listed is not on the table.
    pub balls: Vec<BallAt>,
    #[serde(default)]
    pub stroke: Option<Stroke>,
    #[serde(default)]
    pub launch: Option<Launch>,
    /// A position for `carom suggest`: the ball to play, in place of a `stroke`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cue_ball: Option<BallId>,
    /// Trajectory samples per second, when wanted.
    #[serde(default)]
    pub sample_hz: Option<f64>,
    /// A key of games.ron: the referee then judges the stroke as one played in that
    /// game after the break (`rules::OneStroke`).
    #[serde(default)]
    pub game: Option<String>,
}

/// A ball set moving with no cue: velocity, m/s, and spin, rad/s.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Launch {
    pub ball: BallId,
    pub vx: f64,
    pub vy: f64,
    #[serde(default)]
    pub vz: f64,
    #[serde(default)]
    pub wx: f64,
    #[serde(default)]
    pub wy: f64,
    #[serde(default)]
    pub wz: f64,
}

/// The fastest spin a launch may give about each axis, rad/s: ten times the most a cue
/// gives a ball (about 500 rad/s at 15 m/s); beyond it a launch is not a stroke.
const MAX_LAUNCH_SPIN: f64 = 5_000.0;

impl ShotSpec {
    /// Reads a SHOT file's text; errors name the file, line and column.
    pub fn parse(file_name: &str, text: &str) -> Result<ShotSpec, ConfigError> {
        config::parse(file_name, text)
    }

    /// The shot's table.
    fn table(&self, config: &Config) -> Result<TableGeometry, Problem> {
        TableGeometry::new(&config.tables, self.table.as_deref(), &config.balls)
            .map_err(|e| Problem::from(e).in_field("table"))
    }

    /// Builds the table with the balls placed, and plays the stroke or launch on it, its
    /// paths sampled `sample_hz` times a second when asked.
    pub fn start(&self, config: &Config, sample_hz: Option<f64>) -> Result<TableSim, Problem> {
        let table = self.table(config)?;
        if !(1..=4).contains(&self.balls.len()) {
            return Err(CommandLineProblem::BallCount(self.balls.len()).into());
        }
        if let Some(hz) = self.sample_hz
            && !(hz > 0.0 && hz <= MAX_SAMPLE_HZ)
        {
            return Err(CommandLineProblem::SampleRate {
                hz,
                max: MAX_SAMPLE_HZ,
            }
            .into());
        }
        let mut sim = TableSim::new(config, table);
        let positions: Vec<(BallId, DVec2)> = self
            .balls
            .iter()
            .map(|p| (p.ball, DVec2::new(p.x, p.y)))
            .collect();
        sim.place(&positions)?;
        match (&self.stroke, &self.launch) {
            (Some(stroke), None) => sim.strike(&[*stroke], sample_hz),
            (None, Some(l)) => {
                for (what, w) in [
                    ("`launch.wx`, rad/s,", l.wx),
                    ("`launch.wy`, rad/s,", l.wy),
                    ("`launch.wz`, rad/s,", l.wz),
                ] {
                    if w.abs() > MAX_LAUNCH_SPIN {
                        return Err(CommandLineProblem::OutOfRange {
                            what,
                            value: w,
                            low: -MAX_LAUNCH_SPIN,
                            high: MAX_LAUNCH_SPIN,
                        }
                        .into());
                    }
                }
                sim.launch(
                    l.ball,
                    DVec3::new(l.vx, l.vy, l.vz),
                    DVec3::new(l.wx, l.wy, l.wz),
                    sample_hz,
                )
            }
            (None, None) if self.cue_ball.is_some() => {
                return Err(CommandLineProblem::PositionNotShot.into());
            }
            _ => return Err(CommandLineProblem::StrokeOrLaunch.into()),
        }?;
        Ok(sim)
    }

    /// The lay-out, ball by ball.
    fn positions(&self) -> BTreeMap<BallId, DVec2> {
        self.balls
            .iter()
            .map(|p| (p.ball, DVec2::new(p.x, p.y)))
            .collect()
    }

    /// A position's referee (`carom suggest`): the match of `game` (the file's `game`
    /// when none is given) with `cue_ball` to play from the lay-out.
    pub fn position_referee(
        &self,
        config: &Config,
        game: Option<&str>,
    ) -> Result<Referee, Problem> {
        let Some(game) = game.or(self.game.as_deref()) else {
            return Err(CommandLineProblem::NoGame.into());
        };
        config
            .games
            .game(game)
            .map_err(|e| Problem::from(e).in_field("game"))?;
        let Some(ball) = self.cue_ball else {
            return Err(CommandLineProblem::NoCueBall.into());
        };
        computer::referee_at(config, game, &self.table(config)?, self.positions(), ball)
            .map_err(|e| Problem::from(e).in_field("balls"))
    }

    /// The referee of the shot's `game`, if it names one, set up before the shot is
    /// played so that a game or a lay-out it cannot judge is refused first. The message
    /// names the shot's field at fault.
    pub fn referee(&self, config: &Config) -> Result<Option<OneStroke>, Problem> {
        let Some(game) = &self.game else {
            return Ok(None);
        };
        let rules = config
            .games
            .game(game)
            .map_err(|e| Problem::from(e).in_field("game"))?;
        let Some(stroke) = &self.stroke else {
            return Err(CommandLineProblem::GameNeedsStroke.into());
        };
        OneStroke::new(
            rules,
            &config.games.referee,
            self.table(config)?,
            self.positions(),
            stroke.ball,
        )
        .map(Some)
        .map_err(|e| Problem::from(e).in_field("balls"))
    }
}
