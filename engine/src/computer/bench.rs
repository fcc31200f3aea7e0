//! `carom bench`'s decisions: each level deciding from the same seeded random lay-outs,
//! timed on one core and on all of them.

use super::choose;
use crate::config::{Config, UnknownKey};
use crate::math::DVec2;
use crate::play::StartError;
use crate::random::Rng;
use crate::rules::{self, OneStroke, Referee};
use crate::shot::BallId;
use crate::table::TableGeometry;
use std::collections::BTreeMap;
use std::time::Duration;

/// One level's decisions with `workers` threads.
#[derive(Clone, Debug)]
pub struct LevelTiming {
    pub level: String,
    pub workers: usize,
    pub decisions: usize,
    pub median: Duration,
    /// Nine decisions in ten take at most this long.
    pub ninetieth: Duration,
    pub slowest: Duration,
    /// Strokes simulated and judged per second of the decisions.
    pub strokes_per_s: f64,
    /// The mean chance of scoring of the strokes chosen.
    pub mean_p_score: f64,
}

/// A lay-out of `game`'s balls dropped at random on the bed, none touching another or
/// a cushion.
pub fn random_lay_out(
    config: &Config,
    game: &str,
    table: &TableGeometry,
    rng: &mut Rng,
) -> Result<BTreeMap<BallId, DVec2>, UnknownKey> {
    let rules = config.games.game(game)?;
    let limits = table.centre_limits() - DVec2::splat(0.001);
    let mut balls = BTreeMap::new();
    for ball in rules::balls_in_play(rules) {
        let at = loop {
            let p = DVec2::new(
                rng.range(-limits.x, limits.x),
                rng.range(-limits.y, limits.y),
            );
            if balls
                .values()
                .all(|q: &DVec2| p.distance(*q) > 2.0 * table.ball_radius + 0.001)
            {
                break p;
            }
        };
        balls.insert(ball, at);
    }
    Ok(balls)
}

/// The match of `game` after its break with the balls at `lay_out`, `cue_ball` to play.
pub fn referee_at(
    config: &Config,
    game: &str,
    table: &TableGeometry,
    lay_out: BTreeMap<BallId, DVec2>,
    cue_ball: BallId,
) -> Result<Referee, StartError> {
    let rules = config.games.game(game)?;
    let one = OneStroke::new(
        rules,
        &config.games.referee,
        table.clone(),
        lay_out,
        cue_ball,
    )?;
    Ok(one.referee().clone())
}

/// Why the computer's bench cannot run.
#[derive(Clone, Debug, PartialEq)]
pub enum BenchError {
    /// The game or a lay-out cannot be set up.
    Start(StartError),
    /// A level found nothing to play from a lay-out.
    NothingToPlay,
}

impl From<StartError> for BenchError {
    fn from(e: StartError) -> BenchError {
        BenchError::Start(e)
    }
}

impl From<UnknownKey> for BenchError {
    fn from(e: UnknownKey) -> BenchError {
        BenchError::Start(e.into())
    }
}

impl std::error::Error for BenchError {}

/// Every level deciding from `lay_outs` random lay-outs of `game`, once with each
/// number of `workers`.
pub fn run(
    config: &Config,
    game: &str,
    lay_outs: usize,
    workers: &[usize],
) -> Result<Vec<LevelTiming>, BenchError> {
    let table = TableGeometry::new(&config.tables, None, &config.balls)?;
    let mut rng = Rng(2026);
    let referees = (0..lay_outs)
        .map(|_| {
            let lay_out = random_lay_out(config, game, &table, &mut rng)?;
            referee_at(config, game, &table, lay_out, BallId::White)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut timings = Vec::new();
    for level in &config.computer.levels {
        for &workers in workers {
            let mut times = Vec::new();
            let (mut strokes, mut p_sum) = (0, 0.0);
            for (seed, referee) in referees.iter().enumerate() {
                let decision = choose(config, referee, level, seed as u64, workers)
                    .ok_or(BenchError::NothingToPlay)?;
                times.push(decision.elapsed);
                strokes += decision.evaluated;
                p_sum += decision.p_score;
            }
            times.sort();
            let total: Duration = times.iter().sum();
            timings.push(LevelTiming {
                level: level.key.clone(),
                workers,
                decisions: times.len(),
                median: times[times.len() / 2],
                ninetieth: times[(times.len() * 9).div_ceil(10) - 1],
                slowest: *times.last().expect("at least one lay-out"),
                strokes_per_s: strokes as f64 / total.as_secs_f64().max(1e-9),
                mean_p_score: p_sum / times.len() as f64,
            });
        }
    }
    Ok(timings)
}
