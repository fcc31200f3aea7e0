//! Measuring the levels (`carom calibrate`): the general average each level plays
//! against itself from the break, points per inning with a 95 % interval, and the
//! cheaper share of random lay-outs from which its stroke scores, which tunes a level
//! before it is calibrated (the average is about share / (1 − share)).

use super::{choose, execute, random_lay_out, referee_at};
use crate::config::{Config, Level};
use crate::physics::TableSim;
use crate::play::StartError;
use crate::random::Rng;
use crate::rules::{Calls, MatchSetup, OneStroke, PlayedStroke, Referee};
use crate::shot::BallId;
use crate::table::TableGeometry;

/// A level playing itself: what its innings made.
#[derive(Clone, Debug, PartialEq)]
pub struct Average {
    pub level: String,
    pub game: String,
    /// Innings played, the one under way when counting stopped included.
    pub innings: u32,
    pub points: u32,
    pub strokes: u64,
    pub high_run: u32,
    /// Points per inning.
    pub average: f64,
    /// The 95 % interval of the average, from the spread of the runs.
    pub interval: (f64, f64),
    /// Stopped at ten strokes an inning asked for, before the innings were played (a
    /// level that hardly misses): the average is a lower bound.
    pub stopped: bool,
}

/// `level` playing itself in `game` from the break, `innings` innings (a match without
/// end); `progress` hears of every 50th inning.
pub fn self_play(
    config: &Config,
    game: &str,
    level: &Level,
    innings: u32,
    workers: usize,
    mut progress: impl FnMut(u32, u32),
) -> Result<Average, StartError> {
    let table = TableGeometry::new(&config.tables, None, &config.balls)?;
    let rules = config.games.game(game)?;
    let setup = MatchSetup {
        players: vec!["A".into(), "B".into()],
        target: u32::MAX,
        targets: Vec::new(),
        innings_limit: None,
        breaker: 0,
        breaker_ball: BallId::White,
    };
    let mut referee = Referee::new(rules, &config.games.referee, table.clone(), setup)?;
    let mut sim = TableSim::new(config, table);
    let mut rng = Rng(5);
    let most_strokes = 10 * u64::from(innings);
    let (mut runs, mut run, mut strokes) = (Vec::new(), 0, 0);
    while runs.len() < innings as usize && strokes < most_strokes {
        strokes += 1;
        let Some(decision) = choose(config, &referee, level, strokes, workers) else {
            // No stroke at all: the inning is lost as a miss would lose it.
            break;
        };
        let stroke = execute(&decision.stroke, &level.error, &mut rng);
        let lay_out: Vec<_> = referee.positions().iter().map(|(&b, &p)| (b, p)).collect();
        sim.place(&lay_out)
            .expect("the referee's lay-out is on the table");
        sim.strike(&[stroke], None)
            .expect("a stroke the search played");
        let verdict = referee
            .judge(&PlayedStroke {
                record: sim.run_to_rest(),
                declared_safety: decision.declare_safety,
                calls: Calls::default(),
                thinking_s: None,
            })
            .expect("a match without end judges every stroke");
        run += verdict.points;
        if verdict.inning_over {
            runs.push(run);
            run = 0;
            if runs.len() % 50 == 0 {
                progress(runs.len() as u32, runs.iter().sum());
            }
        }
    }
    let stopped = runs.len() < innings as usize;
    if run > 0 || runs.is_empty() {
        runs.push(run);
    }
    Ok(summarise(level, game, &runs, strokes, stopped))
}

fn summarise(level: &Level, game: &str, runs: &[u32], strokes: u64, stopped: bool) -> Average {
    let points: u32 = runs.iter().sum();
    let (average, low, high) = crate::math::mean_and_interval(runs);
    Average {
        level: level.key.clone(),
        game: game.to_owned(),
        innings: runs.len() as u32,
        points,
        strokes,
        high_run: runs.iter().copied().max().unwrap_or(0),
        average,
        interval: (low.max(0.0), high),
        stopped,
    }
}

/// One random lay-out tried: the points the level's stroke made, played with its error
/// on a fresh table and judged by a fresh referee (as `carom sim` plays a shot file),
/// and the chance of scoring the level gave it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LayOutTry {
    pub points: u32,
    pub p_score: f64,
}

/// `level`'s stroke from each of `lay_outs` seeded random lay-outs of `game`.
pub fn from_random_lay_outs(
    config: &Config,
    game: &str,
    level: &Level,
    lay_outs: usize,
    workers: usize,
) -> Result<Vec<LayOutTry>, StartError> {
    let table = TableGeometry::new(&config.tables, None, &config.balls)?;
    let rules = config.games.game(game)?;
    let mut rng = Rng(14);
    let mut tries = Vec::with_capacity(lay_outs);
    for n in 0..lay_outs as u64 {
        let lay_out = random_lay_out(config, game, &table, &mut rng)?;
        let referee = referee_at(config, game, &table, lay_out.clone(), BallId::White)?;
        let Some(decision) = choose(config, &referee, level, n, workers) else {
            tries.push(LayOutTry {
                points: 0,
                p_score: 0.0,
            });
            continue;
        };
        let stroke = execute(&decision.stroke, &level.error, &mut Rng(n));
        let mut sim = TableSim::new(config, table.clone());
        sim.place(&lay_out.iter().map(|(&b, &p)| (b, p)).collect::<Vec<_>>())
            .expect("a lay-out on the bed");
        sim.strike(&[stroke], None)
            .expect("a stroke the search played");
        let record = sim.run_to_rest();
        let mut judge = OneStroke::new(
            rules,
            &config.games.referee,
            table.clone(),
            lay_out,
            BallId::White,
        )?;
        let points = judge
            .judge(&record)
            .expect("a stroke played to rest")
            .points;
        tries.push(LayOutTry {
            points,
            p_score: decision.p_score,
        });
    }
    Ok(tries)
}

/// The share of `tries` that scored.
pub fn share_scored(tries: &[LayOutTry]) -> f64 {
    tries.iter().filter(|t| t.points > 0).count() as f64 / tries.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_narrows_with_the_innings_and_holds_the_average() {
        let config = Config::defaults();
        let level = &config.computer.levels[0];
        let few = summarise(level, "three_cushion", &[0, 1, 0, 2, 0, 0, 1, 0], 12, false);
        let runs: Vec<u32> = [0, 1, 0, 2, 0, 0, 1, 0].repeat(25);
        let many = summarise(level, "three_cushion", &runs, 300, false);
        assert_eq!(few.average, 0.5);
        assert_eq!(many.average, 0.5);
        assert!(few.interval.0 < 0.5 && 0.5 < few.interval.1, "{few:?}");
        let width = |a: &Average| a.interval.1 - a.interval.0;
        // 25 times the innings: a fifth of the width.
        assert!(
            (width(&few) / width(&many) - 5.0).abs() < 0.6,
            "{few:?} {many:?}"
        );
        assert_eq!(many.high_run, 2);
    }
}
