//! `Innings`: tables that each play one inning of a game, stroke by stroke, for the
//! Gymnasium environments (`carom.env`): every table stepped in one call, on every core
//! with the GIL released. An inning starts from a random lay-out (seeded) with a random
//! cue ball, and ends when the referee ends it (a miss or a foul) or the game ends.

use crate::args::{self, bad};
use crate::batch;
use crate::simulator::Simulator;
use crate::strokes;
use crate::workers;
use carom_engine::computer;
use carom_engine::config::{Config, Spread};
use carom_engine::physics::TableSim;
use carom_engine::random::Rng;
use carom_engine::rules::{self, Calls, PlayedStroke, Referee};
use carom_engine::shot::BallId;
use carom_engine::table::TableGeometry;
use numpy::{AllowTypeChange, PyArray1, PyArrayLikeDyn, PyArrayMethods};
use pyo3::prelude::*;

/// The strokes an inning's action may be: direction_deg, speed (m/s), side, height
/// (fractions of the radius), elevation_deg (Python's `carom.INNING_STROKE_LOW` and
/// `INNING_STROKE_HIGH`). They hold every stroke of the computer's grid and what its
/// levels' errors make of it; beyond them (harder, further off centre, a steeper cue)
/// balls leave the cloth far more often, and a stroke in the air costs rapier's steps
/// (a hundred times a stroke on the cloth).
pub const STROKE_LOW: [f64; 5] = [0.0, 0.3, -0.5, -0.5, 0.0];
pub const STROKE_HIGH: [f64; 5] = [360.0, 6.0, 0.5, 0.5, 15.0];

/// One table's inning.
struct Table {
    sim: TableSim,
    referee: Option<Referee>,
    rng: Rng,
    strokes: u32,
}

/// What one step did at one table.
#[derive(Clone, Copy, Default)]
struct Step {
    reward: f64,
    terminated: bool,
    truncated: bool,
}

/// ``n`` tables each playing an inning (``Simulator.innings``): the native core of
/// ``carom.env``. Observations are rows ``[x, y]`` of each ball of the game in the order
/// of ``balls`` (m, table frame), then 0 when the cue ball is the white, 1 when it is
/// the dotted; an action is a row ``direction_deg, speed, side, height,
/// elevation_deg`` within ``action_low`` and ``action_high``; the reward is the
/// stroke's points.
#[pyclass(module = "carom")]
pub struct Innings {
    config: Config,
    table: TableGeometry,
    game: String,
    balls: Vec<BallId>,
    noise: Option<Spread>,
    max_strokes: u32,
    tables: Vec<Table>,
}

impl Innings {
    pub fn new(
        sim: &Simulator,
        n: usize,
        game: &str,
        noise: Option<&str>,
        max_strokes: u32,
    ) -> PyResult<Innings> {
        let rules = sim.config.games.game(game).map_err(|e| bad("game", e))?;
        if n == 0 {
            return Err(bad("n", "0 is not allowed; at least 1 table"));
        }
        if max_strokes == 0 {
            return Err(bad("max_strokes", "0 is not allowed; at least 1"));
        }
        let noise = match noise {
            Some(key) => Some(args::level("noise", &sim.config, key)?.error),
            None => None,
        };
        Ok(Innings {
            balls: rules::balls_in_play(rules),
            config: sim.config.clone(),
            table: sim.table.clone(),
            game: game.to_owned(),
            noise,
            max_strokes,
            tables: (0..n)
                .map(|_| Table {
                    sim: TableSim::new(&sim.config, sim.table.clone()),
                    referee: None,
                    rng: Rng(0),
                    strokes: 0,
                })
                .collect(),
        })
    }

    fn observation(&self, i: usize, out: &mut Vec<f64>) {
        let referee = self.tables[i].referee.as_ref().expect("reset before use");
        for ball in &self.balls {
            let at = referee.positions()[ball];
            out.extend([at.x, at.y]);
        }
        out.push(if referee.cue_ball() == BallId::Dotted {
            1.0
        } else {
            0.0
        });
    }

    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
        let mut obs = Vec::new();
        for i in 0..self.tables.len() {
            self.observation(i, &mut obs);
        }
        PyArray1::from_vec(py, obs).reshape([self.tables.len(), self.width()])
    }

    fn width(&self) -> usize {
        self.balls.len() * 2 + 1
    }

    /// Table `i`'s new inning from `seed`.
    fn start(&mut self, i: usize, seed: u64) -> Result<(), String> {
        let mut rng = Rng(seed);
        let lay_out = computer::random_lay_out(&self.config, &self.game, &self.table, &mut rng)
            .map_err(|e| e.to_string())?;
        let cue_ball = rng.pick(&[BallId::White, BallId::Dotted]);
        let referee =
            computer::referee_at(&self.config, &self.game, &self.table, lay_out, cue_ball)
                .map_err(|e| e.to_string())?;
        let table = &mut self.tables[i];
        table.referee = Some(referee);
        table.rng = rng;
        table.strokes = 0;
        Ok(())
    }
}

impl Table {
    /// Plays `action` and judges it.
    fn play(
        &mut self,
        action: [f64; 5],
        noise: Option<&Spread>,
        max_strokes: u32,
    ) -> Result<Step, String> {
        let referee = self.referee.as_mut().ok_or("reset() the table first")?;
        if referee.is_over() {
            return Err("the inning is over: reset() the table".to_owned());
        }
        let cue_ball = referee.cue_ball();
        let mut stroke =
            strokes::carom_stroke("action", cue_ball, action).map_err(|e| e.to_string())?;
        if let Some(spread) = noise {
            stroke = computer::execute(&stroke, spread, &mut self.rng);
        }
        let lay_out: Vec<_> = referee.positions().iter().map(|(&b, &p)| (b, p)).collect();
        self.sim.place(&lay_out).map_err(|e| e.to_string())?;
        self.sim
            .strike(&[stroke], None)
            .map_err(|e| e.to_string())?;
        let record = self.sim.run_to_rest();
        let verdict = referee
            .judge(&PlayedStroke {
                record,
                declared_safety: false,
                calls: Calls::default(),
                thinking_s: None,
            })
            .map_err(|e| e.to_string())?;
        self.strokes += 1;
        let terminated = verdict.inning_over || verdict.game_over();
        Ok(Step {
            reward: f64::from(verdict.points),
            terminated,
            truncated: !terminated && self.strokes >= max_strokes,
        })
    }
}

#[pymethods]
impl Innings {
    /// The number of tables.
    fn __len__(&self) -> usize {
        self.tables.len()
    }

    /// The balls of an observation's rows, in order.
    #[getter]
    fn balls(&self) -> Vec<&'static str> {
        self.balls.iter().map(|b| b.name()).collect()
    }

    /// The game played (a key of ``games.ron``).
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// How far from the centre a ball may lie: (x, y), m.
    #[getter]
    fn limits(&self) -> (f64, f64) {
        let l = self.table.centre_limits();
        (l.x, l.y)
    }

    /// Starts a new inning at each table of ``indices`` from its seed in ``seeds``
    /// (the same seed, the same lay-out and cue ball, to the bit); returns every
    /// table's observation.
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        indices: Vec<usize>,
        seeds: Vec<u64>,
    ) -> PyResult<Bound<'py, numpy::PyArray2<f64>>> {
        if indices.len() != seeds.len() {
            return Err(bad("seeds", "must have one seed for each index"));
        }
        for (&i, &seed) in indices.iter().zip(&seeds) {
            if i >= self.tables.len() {
                return Err(bad(
                    "indices",
                    format!("{i} is not a table; 0 to {}", self.tables.len() - 1),
                ));
            }
            self.start(i, seed).map_err(|e| bad("seeds", e))?;
        }
        self.observations(py)
    }

    /// Plays one stroke at every table: ``actions`` has a row per table. A table
    /// whose ``restart`` entry is true starts a new inning from its ``seeds`` entry
    /// instead (its action unused; reward 0). Returns (observations, rewards,
    /// terminated, truncated).
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
        restart: Vec<bool>,
        seeds: Vec<u64>,
        threads: Option<usize>,
    ) -> PyResult<(
        Bound<'py, numpy::PyArray2<f64>>,
        Bound<'py, PyArray1<f64>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<bool>>,
    )> {
        let n = self.tables.len();
        let actions = args::Array::read("actions", &actions)?;
        if actions.shape != [n, 5] {
            return Err(bad(
                "actions",
                format!(
                    "has shape {:?}; it must be ({n}, 5), a row per table",
                    actions.shape
                ),
            ));
        }
        if restart.len() != n || seeds.len() != n {
            return Err(bad(
                "restart",
                format!("and `seeds` must have {n} entries, one per table"),
            ));
        }
        let rows: Vec<[f64; 5]> = actions.rows().collect();
        for (i, row) in rows.iter().enumerate() {
            if restart[i] {
                continue;
            }
            for (k, &x) in row.iter().enumerate() {
                if !(STROKE_LOW[k]..=STROKE_HIGH[k]).contains(&x) {
                    return Err(bad(
                        format_args!("actions[{i}][{k}]"),
                        format!(
                            "{x} is outside the strokes an inning takes, {} to {}",
                            STROKE_LOW[k], STROKE_HIGH[k]
                        ),
                    ));
                }
            }
        }
        for (i, &again) in restart.iter().enumerate() {
            if again {
                self.start(i, seeds[i]).map_err(|e| bad("seeds", e))?;
            }
        }
        let threads = batch::threads(threads)?;
        let (noise, max_strokes) = (self.noise, self.max_strokes);
        let per_piece = workers::rows_a_piece(n, threads);
        let mut steps = vec![Step::default(); n];
        let pieces = self
            .tables
            .chunks_mut(per_piece)
            .zip(rows.chunks(per_piece))
            .zip(restart.chunks(per_piece))
            .zip(steps.chunks_mut(per_piece));
        let played = py.detach(|| {
            workers::share_out(
                pieces.collect(),
                threads,
                || (),
                |(), piece, (((tables, rows), restart), steps)| {
                    for (k, table) in tables.iter_mut().enumerate() {
                        if !restart[k] {
                            steps[k] = table
                                .play(rows[k], noise.as_ref(), max_strokes)
                                .map_err(|e| (piece * per_piece + k, e))?;
                        }
                    }
                    Ok(())
                },
            )
        });
        played.map_err(|(_, (i, e))| bad(format_args!("actions[{i}]"), e))?;
        Ok((
            self.observations(py)?,
            PyArray1::from_vec(py, steps.iter().map(|s| s.reward).collect()),
            PyArray1::from_vec(py, steps.iter().map(|s| s.terminated).collect()),
            PyArray1::from_vec(py, steps.iter().map(|s| s.truncated).collect()),
        ))
    }
}
