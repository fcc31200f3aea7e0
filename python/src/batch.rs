//! `Simulator.batch`: N lay-outs × strokes as arrays in, results as arrays out, the rows
//! shared among worker threads (each with its own table) while Python runs on.

use crate::args::{self, Array, bad};
use crate::simulator::Simulator;
use crate::strokes::{self, PooltoolCue};
use carom_engine::computer;
use carom_engine::config::{GameRules, Spread};
use carom_engine::math::DVec2;
use carom_engine::physics::TableSim;
use carom_engine::random::Rng;
use carom_engine::rules::OneStroke;
use carom_engine::shot::{BallId, Cushion, EventKind, ShotEvent, Surface};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The names behind the event array's codes (Python's `carom.EVENT_KINDS`, ...): an
/// index into each list is the code. `kind` is as `carom sim --json` names it.
pub const EVENT_KINDS: [&str; 11] = [
    "strike",
    "tip",
    "tip_off",
    "miscue",
    "ball_ball",
    "cushion",
    "airborne",
    "landed",
    "jumped_over",
    "off_table",
    "rest",
];
pub const SURFACES: [&str; 3] = ["bed", "cushion", "rail"];

/// Columns of one event row: t, kind, ball, other, speed, x, y.
const EVENT_COLUMNS: usize = 7;

/// What `Simulator.batch` was given.
pub struct Inputs<'a> {
    pub lay_outs: Array,
    pub strokes: Array,
    pub balls: Option<Vec<String>>,
    pub cue_ball: &'a str,
    pub model: &'a str,
    pub repeat: usize,
    pub noise: Option<&'a str>,
    pub seed: u64,
    pub game: Option<&'a str>,
    pub max_events: usize,
}

enum Model {
    Carom,
    Pooltool,
}

/// A batch, checked and ready to run.
pub struct Batch<'a> {
    balls: Vec<BallId>,
    cue_ball: BallId,
    model: Model,
    /// Lay-outs and strokes, one or N of each (a single one serves every row).
    lay_outs: Vec<f64>,
    strokes: Vec<[f64; 5]>,
    rows: usize,
    repeat: usize,
    noise: Option<Spread>,
    seed: u64,
    game: Option<&'a GameRules>,
    max_events: usize,
}

/// One row's results.
pub struct Row {
    final_positions: Vec<[f64; 3]>,
    on_table: Vec<bool>,
    duration: f64,
    events: Vec<[f64; EVENT_COLUMNS]>,
    event_count: usize,
    played: [f64; 5],
    points: i64,
    foul: bool,
    inning_over: bool,
}

/// Worker threads: `requested`, or every core.
pub fn threads(requested: Option<usize>) -> PyResult<usize> {
    match requested {
        Some(0) => Err(bad(
            "threads",
            "0 is not allowed; at least 1, or None for every core",
        )),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

impl<'a> Batch<'a> {
    pub fn read(sim: &'a Simulator, inputs: Inputs<'a>) -> PyResult<Batch<'a>> {
        let balls: Vec<BallId> = match &inputs.balls {
            Some(names) => names
                .iter()
                .map(|n| args::ball("balls", n))
                .collect::<PyResult<_>>()?,
            None => vec![BallId::White, BallId::Dotted, BallId::Red],
        };
        for (i, b) in balls.iter().enumerate() {
            if balls[..i].contains(b) {
                return Err(bad("balls", format!("names {b} twice")));
            }
        }
        if balls.is_empty() || balls.len() > 4 {
            return Err(bad("balls", "must name 1 to 4 balls"));
        }
        let cue_ball = args::ball("cue_ball", inputs.cue_ball)?;
        if !balls.contains(&cue_ball) {
            return Err(bad("cue_ball", format!("{cue_ball} is not one of `balls`")));
        }
        let model = match inputs.model {
            "carom" => Model::Carom,
            "pooltool" => Model::Pooltool,
            other => {
                return Err(bad(
                    "model",
                    format!("{other:?} is not a stroke model; \"carom\" or \"pooltool\""),
                ));
            }
        };
        let (lay_outs, strokes) = (inputs.lay_outs, inputs.strokes);
        let lay_out_rows = match lay_outs.shape.as_slice() {
            [b, 2] if *b == balls.len() => 1,
            [n, b, 2] if *b == balls.len() => *n,
            shape => {
                return Err(bad(
                    "lay_outs",
                    format!(
                        "has shape {shape:?}; it must be ({b}, 2) or (N, {b}, 2) for the {b} balls {}",
                        names(&balls),
                        b = balls.len()
                    ),
                ));
            }
        };
        let stroke_rows = match strokes.shape.as_slice() {
            [5] => 1,
            [n, 5] => *n,
            shape => {
                return Err(bad(
                    "strokes",
                    format!("has shape {shape:?}; it must be (5,) or (N, 5)"),
                ));
            }
        };
        let rows = match (lay_out_rows, stroke_rows) {
            (1, n) | (n, 1) => n,
            (a, b) if a == b => a,
            (a, b) => {
                return Err(bad(
                    "strokes",
                    format!(
                        "has {b} rows and `lay_outs` {a}; they must have as many, or one of them 1"
                    ),
                ));
            }
        };
        let noise = match inputs.noise {
            None => None,
            Some(_) if matches!(model, Model::Pooltool) => {
                return Err(bad("noise", "applies to model=\"carom\" strokes only"));
            }
            Some(key) => Some(args::level("noise", &sim.config, key)?.error),
        };
        let game = match inputs.game {
            None => None,
            Some(key) => Some(sim.config.games.game(key).map_err(|e| bad("game", e))?),
        };
        if inputs.repeat == 0 {
            return Err(bad("repeat", "0 is not allowed; at least 1"));
        }
        if inputs.max_events > 10_000 {
            return Err(bad("max_events", "must be at most 10000"));
        }
        let strokes: Vec<[f64; 5]> = strokes
            .values
            .chunks_exact(5)
            .map(|c| [c[0], c[1], c[2], c[3], c[4]])
            .collect();
        // Each stroke checked before any is played, so that a bad one is named at once.
        for (i, row) in strokes.iter().enumerate() {
            let argument = format!("strokes[{i}]");
            match model {
                Model::Carom => strokes::carom_stroke(&argument, cue_ball, *row).map(drop)?,
                Model::Pooltool => PooltoolCue::from_row(*row).check(&argument)?,
            }
        }
        Ok(Batch {
            balls,
            cue_ball,
            model,
            lay_outs: lay_outs.values,
            strokes,
            rows,
            repeat: inputs.repeat,
            noise,
            seed: inputs.seed,
            game,
            max_events: inputs.max_events,
        })
    }

    fn total(&self) -> usize {
        self.rows * self.repeat
    }

    /// Plays every row on `threads` workers: the rows in order, or what is wrong with
    /// the first row that cannot be played.
    pub fn run(&self, sim: &Simulator, threads: usize) -> Result<Vec<Row>, String> {
        let total = self.total();
        let per_worker = total.div_ceil(threads.max(1)).max(1);
        let results: Vec<Result<Vec<Row>, String>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..total)
                .step_by(per_worker)
                .map(|start| {
                    let end = (start + per_worker).min(total);
                    scope.spawn(move || {
                        let mut table = TableSim::new(&sim.config, sim.table.clone());
                        (start..end)
                            .map(|i| self.play(sim, &mut table, i))
                            .collect()
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| {
                    w.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
        let mut rows = Vec::with_capacity(total);
        for chunk in results {
            rows.extend(chunk?);
        }
        Ok(rows)
    }

    /// Row `i`: its lay-out, its stroke (with the noise drawn for it), played to rest.
    fn play(&self, sim: &Simulator, table: &mut TableSim, i: usize) -> Result<Row, String> {
        let source = i / self.repeat;
        let lay_out_row = if self.lay_outs.len() == self.balls.len() * 2 {
            0
        } else {
            source
        };
        let stroke_row = if self.strokes.len() == 1 { 0 } else { source };
        let n = self.balls.len();
        let lay_out: Vec<(BallId, DVec2)> = self
            .balls
            .iter()
            .enumerate()
            .map(|(b, &ball)| {
                let at = &self.lay_outs[(lay_out_row * n + b) * 2..][..2];
                (ball, DVec2::new(at[0], at[1]))
            })
            .collect();
        let in_lay_out = |e: &dyn std::fmt::Display| format!("lay_outs[{lay_out_row}]: {e}");
        table.place(&lay_out).map_err(|e| in_lay_out(&e))?;
        let row = self.strokes[stroke_row];
        let mut played = [f64::NAN; 5];
        match self.model {
            Model::Carom => {
                let mut stroke =
                    strokes::carom_stroke("", self.cue_ball, row).expect("checked when read");
                if let Some(spread) = &self.noise {
                    stroke = computer::execute(&stroke, spread, &mut row_rng(self.seed, i));
                }
                played = [
                    stroke.direction_deg,
                    stroke.speed,
                    stroke.side,
                    stroke.height,
                    stroke.elevation_deg,
                ];
                table
                    .strike(&[stroke], None)
                    .map_err(|e| format!("strokes[{stroke_row}]: {e}"))?;
            }
            Model::Pooltool => {
                let (v, w) = PooltoolCue::from_row(row)
                    .launch(sim.config.balls.mass(), sim.table.ball_radius);
                table
                    .launch(self.cue_ball, v, w, None)
                    .map_err(|e| format!("strokes[{stroke_row}]: {e}"))?;
            }
        }
        let record = table.run_to_rest();
        let (mut points, mut foul, mut inning_over) = (0, false, false);
        if let Some(rules) = self.game {
            let mut referee = OneStroke::new(
                rules,
                &sim.config.games.referee,
                sim.table.clone(),
                lay_out.iter().copied().collect(),
                self.cue_ball,
            )
            .map_err(|e| in_lay_out(&e))?;
            let verdict = referee
                .judge(&record)
                .map_err(|e| format!("row {i}: {e}"))?;
            points = i64::from(verdict.points);
            foul = !verdict.fouls.is_empty();
            inning_over = verdict.inning_over;
        }
        let (final_positions, on_table) = self
            .balls
            .iter()
            .map(|b| match record.final_positions.get(b) {
                Some(p) => ([p.x, p.y, p.z], p.on_table),
                None => ([f64::NAN; 3], false),
            })
            .unzip();
        Ok(Row {
            final_positions,
            on_table,
            duration: record.duration,
            events: record
                .events
                .iter()
                .take(self.max_events)
                .map(event_row)
                .collect(),
            event_count: record.events.len(),
            played,
            points,
            foul,
            inning_over,
        })
    }

    /// The rows as a dict of numpy arrays.
    pub fn arrays<'py>(&self, py: Python<'py>, rows: Vec<Row>) -> PyResult<Bound<'py, PyDict>> {
        let (m, n, e) = (rows.len(), self.balls.len(), self.max_events);
        let out = PyDict::new(py);
        let flat = |f: &dyn Fn(&Row) -> Vec<f64>| rows.iter().flat_map(f).collect::<Vec<f64>>();
        out.set_item(
            "final",
            PyArray1::from_vec(py, flat(&|r| r.final_positions.concat())).reshape([m, n, 3])?,
        )?;
        let on_table: Vec<bool> = rows.iter().flat_map(|r| r.on_table.clone()).collect();
        out.set_item(
            "on_table",
            PyArray1::from_vec(py, on_table).reshape([m, n])?,
        )?;
        out.set_item(
            "duration",
            PyArray1::from_vec(py, flat(&|r| vec![r.duration])),
        )?;
        let events = flat(&|r| {
            let mut padded = r.events.concat();
            padded.resize(e * EVENT_COLUMNS, f64::NAN);
            padded
        });
        out.set_item(
            "events",
            PyArray1::from_vec(py, events).reshape([m, e, EVENT_COLUMNS])?,
        )?;
        let counts: Vec<i64> = rows.iter().map(|r| r.event_count as i64).collect();
        out.set_item("event_count", PyArray1::from_vec(py, counts))?;
        if matches!(self.model, Model::Carom) {
            out.set_item(
                "played",
                PyArray1::from_vec(py, flat(&|r| r.played.to_vec())).reshape([m, 5])?,
            )?;
        }
        if self.game.is_some() {
            let points: Vec<i64> = rows.iter().map(|r| r.points).collect();
            out.set_item("points", PyArray1::from_vec(py, points))?;
            let fouls: Vec<bool> = rows.iter().map(|r| r.foul).collect();
            out.set_item("foul", PyArray1::from_vec(py, fouls))?;
            let over: Vec<bool> = rows.iter().map(|r| r.inning_over).collect();
            out.set_item("inning_over", PyArray1::from_vec(py, over))?;
        }
        Ok(out)
    }
}

/// The noise's generator for row `i`: its own stream, whichever worker plays it.
pub fn row_rng(seed: u64, i: usize) -> Rng {
    let mut mix = Rng(seed ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
    Rng(mix.next_u64())
}

fn names(balls: &[BallId]) -> String {
    balls
        .iter()
        .map(|b| b.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// An event as a row: t, kind, ball, other (a ball, a cushion or a surface), speed, x, y.
fn event_row(event: &ShotEvent) -> [f64; EVENT_COLUMNS] {
    let ball = |b: BallId| b.index() as f64;
    let cushion = |c: Cushion| Cushion::ALL.iter().position(|&x| x == c).unwrap_or(0) as f64;
    let nan = f64::NAN;
    let (kind, a, other, speed, at) = match &event.kind {
        EventKind::Strike { ball: b, speed, .. } => (0, ball(*b), nan, *speed, None),
        EventKind::Tip { ball: b, speed } => (1, ball(*b), nan, *speed, None),
        EventKind::TipOff { ball: b } => (2, ball(*b), nan, nan, None),
        EventKind::Miscue { ball: b } => (3, ball(*b), nan, nan, None),
        EventKind::BallBall { a, b, speed } => (4, ball(*a), ball(*b), *speed, None),
        EventKind::Cushion {
            ball: b,
            cushion: c,
            speed,
            at,
        } => (5, ball(*b), cushion(*c), *speed, *at),
        EventKind::Airborne { ball: b, vz } => (6, ball(*b), nan, *vz, None),
        EventKind::Landed {
            ball: b, surface, ..
        } => {
            let s = match surface {
                Surface::Bed => 0.0,
                Surface::Cushion => 1.0,
                Surface::Rail => 2.0,
            };
            (7, ball(*b), s, nan, None)
        }
        EventKind::JumpedOver { ball: b, over } => (8, ball(*b), ball(*over), nan, None),
        EventKind::OffTable { ball: b, .. } => (9, ball(*b), nan, nan, None),
        EventKind::Rest => (10, nan, nan, nan, None),
    };
    let [x, y] = at.unwrap_or([nan, nan]);
    [event.t, f64::from(kind), a, other, speed, x, y]
}
