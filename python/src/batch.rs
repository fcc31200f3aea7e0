//! `Simulator.batch`: N lay-outs × strokes as arrays in, results as arrays out, the rows
//! shared among worker threads (each with its own table) while Python runs on.

use crate::args::{self, Array, bad};
use crate::event_memory;
use crate::simulator::Simulator;
use crate::strokes::{self, PooltoolCue};
use crate::workers;
use carom_engine::computer;
use carom_engine::config::{GameRules, Spread};
use carom_engine::math::DVec2;
use carom_engine::physics::TableSim;
use carom_engine::random::Rng;
use carom_engine::rules::OneStroke;
use carom_engine::shot::{self, BallId, Cushion, EventKind, ShotEvent, Surface};
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

/// A stroke row as it is played, checked: a cue stroke (before the noise), or a
/// pooltool stroke, whose launch each worker works out for its own rows (worked out
/// for every row on the calling thread first, its trigonometry had held up a batch on
/// two threads by about 5 %).
enum Cue {
    Carom(shot::Stroke),
    Pooltool(PooltoolCue),
}

/// A batch, checked and ready to run.
pub struct Batch<'a> {
    balls: Vec<BallId>,
    cue_ball: BallId,
    model: Model,
    /// Lay-outs and strokes, one or N of each (a single one serves every row).
    lay_outs: Vec<f64>,
    strokes: Vec<Cue>,
    rows: usize,
    repeat: usize,
    noise: Option<Spread>,
    seed: u64,
    game: Option<&'a GameRules>,
    max_events: usize,
}

/// The batch's output arrays, filled in place by the workers, each its own run of rows.
pub struct Columns {
    rows: usize,
    balls: usize,
    max_events: usize,
    /// rows × balls × [x, y, z].
    final_positions: Vec<f64>,
    /// rows × balls.
    on_table: Vec<bool>,
    duration: Vec<f64>,
    /// rows × max_events × EVENT_COLUMNS, NaN past each row's events.
    events: Vec<f64>,
    event_count: Vec<i64>,
    /// rows × 5: the strokes as played.
    played: Vec<f64>,
    points: Vec<i64>,
    foul: Vec<bool>,
    inning_over: Vec<bool>,
}

/// A run of rows' part of each column.
struct Share<'a> {
    final_positions: &'a mut [f64],
    on_table: &'a mut [bool],
    duration: &'a mut [f64],
    events: &'a mut [f64],
    event_count: &'a mut [i64],
    played: &'a mut [f64],
    points: &'a mut [i64],
    foul: &'a mut [bool],
    inning_over: &'a mut [bool],
}

impl Columns {
    /// Columns to be written: each worker writes every element of its rows (so the first
    /// touch of fresh pages is shared out too).
    fn new(rows: usize, balls: usize, max_events: usize) -> Columns {
        Columns {
            rows,
            balls,
            max_events,
            final_positions: vec![0.0; rows * balls * 3],
            on_table: vec![false; rows * balls],
            duration: vec![0.0; rows],
            events: event_memory::column(rows * max_events * EVENT_COLUMNS),
            event_count: vec![0; rows],
            played: vec![0.0; rows * 5],
            points: vec![0; rows],
            foul: vec![false; rows],
            inning_over: vec![false; rows],
        }
    }

    /// The columns cut into runs of `per` rows.
    fn shares(&mut self, per: usize) -> Vec<Share<'_>> {
        // A chunk of at least one element, so that an empty column (no events kept)
        // still cuts.
        fn cut<T>(column: &mut [T], width: usize, per: usize) -> std::slice::ChunksMut<'_, T> {
            column.chunks_mut((per * width).max(1))
        }
        let count = self.rows.div_ceil(per);
        let (b, e) = (self.balls, self.max_events * EVENT_COLUMNS);
        let mut final_positions = cut(&mut self.final_positions, b * 3, per);
        let mut on_table = cut(&mut self.on_table, b, per);
        let mut duration = cut(&mut self.duration, 1, per);
        let mut events = cut(&mut self.events, e, per);
        let mut event_count = cut(&mut self.event_count, 1, per);
        let mut played = cut(&mut self.played, 5, per);
        let mut points = cut(&mut self.points, 1, per);
        let mut foul = cut(&mut self.foul, 1, per);
        let mut inning_over = cut(&mut self.inning_over, 1, per);
        (0..count)
            .map(|_| Share {
                final_positions: final_positions.next().unwrap_or_default(),
                on_table: on_table.next().unwrap_or_default(),
                duration: duration.next().unwrap_or_default(),
                events: events.next().unwrap_or_default(),
                event_count: event_count.next().unwrap_or_default(),
                played: played.next().unwrap_or_default(),
                points: points.next().unwrap_or_default(),
                foul: foul.next().unwrap_or_default(),
                inning_over: inning_over.next().unwrap_or_default(),
            })
            .collect()
    }
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
                        args::names(&balls),
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
        // Each stroke checked before any is played, so that a bad one is named at once.
        let strokes = strokes
            .rows::<5>()
            .enumerate()
            .map(|(i, row)| {
                let argument = args::Row("strokes", i);
                Ok(match model {
                    Model::Carom => Cue::Carom(strokes::carom_stroke(argument, cue_ball, row)?),
                    Model::Pooltool => {
                        let cue = PooltoolCue::from_row(row);
                        cue.check(argument)?;
                        Cue::Pooltool(cue)
                    }
                })
            })
            .collect::<PyResult<Vec<Cue>>>()?;
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

    /// Plays every row on `threads` workers, each taking the next run of rows as it
    /// finishes one and writing its rows into the columns: the columns, or what is
    /// wrong with the first row that cannot be played.
    pub fn run(&self, sim: &Simulator, threads: usize) -> Result<Columns, String> {
        let total = self.total();
        let per_piece = workers::rows_a_piece(total, threads);
        let mut columns = Columns::new(total, self.balls.len(), self.max_events);
        workers::share_out(
            columns.shares(per_piece),
            threads,
            || TableSim::new(&sim.config, sim.table.clone()),
            |table, piece, mut share| {
                let start = piece * per_piece;
                let end = (start + per_piece).min(total);
                (start..end).try_for_each(|i| self.play(sim, table, i, &mut share, i - start))
            },
        )
        .map_err(|(_, e)| e)?;
        Ok(columns)
    }

    /// Row `i`: its lay-out, its stroke (with the noise drawn for it), played to rest.
    /// Its results go to row `k` of `share`.
    fn play(
        &self,
        sim: &Simulator,
        table: &mut TableSim,
        i: usize,
        share: &mut Share<'_>,
        k: usize,
    ) -> Result<(), String> {
        let source = i / self.repeat;
        let lay_out_row = if self.lay_outs.len() == self.balls.len() * 2 {
            0
        } else {
            source
        };
        let stroke_row = if self.strokes.len() == 1 { 0 } else { source };
        let n = self.balls.len();
        // On the stack, as every row places its balls.
        let mut places = BallId::ALL.map(|ball| (ball, DVec2::ZERO));
        for (b, &ball) in self.balls.iter().enumerate() {
            let at = &self.lay_outs[(lay_out_row * n + b) * 2..][..2];
            places[b] = (ball, DVec2::new(at[0], at[1]));
        }
        let lay_out = &places[..n];
        let in_lay_out = |e: &dyn std::fmt::Display| format!("lay_outs[{lay_out_row}]: {e}");
        table.place(lay_out).map_err(|e| in_lay_out(&e))?;
        match &self.strokes[stroke_row] {
            Cue::Carom(stroke) => {
                let stroke = match &self.noise {
                    Some(spread) => computer::execute(stroke, spread, &mut row_rng(self.seed, i)),
                    None => *stroke,
                };
                share.played[k * 5..][..5].copy_from_slice(&[
                    stroke.direction_deg,
                    stroke.speed,
                    stroke.side,
                    stroke.height,
                    stroke.elevation_deg,
                ]);
                table
                    .strike(&[stroke], None)
                    .map_err(|e| format!("strokes[{stroke_row}]: {e}"))?;
            }
            Cue::Pooltool(cue) => {
                let (v, w) = cue.launch(sim.config.balls.mass(), sim.table.ball_radius);
                table
                    .launch(self.cue_ball, v, w, None)
                    .map_err(|e| format!("strokes[{stroke_row}]: {e}"))?;
            }
        }
        table.finish();
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
                .judge(&table.record())
                .map_err(|e| format!("row {i}: {e}"))?;
            share.points[k] = i64::from(verdict.points);
            share.foul[k] = !verdict.fouls.is_empty();
            share.inning_over[k] = verdict.inning_over;
        }
        let mut finals = [None; 4];
        for (ball, at) in table.final_positions() {
            finals[ball.index()] = Some(at);
        }
        for (b, ball) in self.balls.iter().enumerate() {
            let (at, on_table) = match finals[ball.index()] {
                Some(p) => ([p.x, p.y, p.z], p.on_table),
                None => ([f64::NAN; 3], false),
            };
            share.final_positions[(k * n + b) * 3..][..3].copy_from_slice(&at);
            share.on_table[k * n + b] = on_table;
        }
        share.duration[k] = table.duration();
        share.event_count[k] = table.events().len() as i64;
        let width = self.max_events * EVENT_COLUMNS;
        let slots = share.events[k * width..][..width].chunks_exact_mut(EVENT_COLUMNS);
        let mut events = table.events().iter();
        for slot in slots {
            slot.copy_from_slice(&events.next().map_or([f64::NAN; EVENT_COLUMNS], event_row));
        }
        Ok(())
    }

    /// The columns as a dict of numpy arrays (handed over, not copied).
    pub fn arrays<'py>(&self, py: Python<'py>, columns: Columns) -> PyResult<Bound<'py, PyDict>> {
        let (m, n, e) = (columns.rows, columns.balls, columns.max_events);
        let out = PyDict::new(py);
        out.set_item(
            "final",
            PyArray1::from_vec(py, columns.final_positions).reshape([m, n, 3])?,
        )?;
        out.set_item(
            "on_table",
            PyArray1::from_vec(py, columns.on_table).reshape([m, n])?,
        )?;
        out.set_item("duration", PyArray1::from_vec(py, columns.duration))?;
        out.set_item(
            "events",
            event_memory::into_array(py, columns.events, [m, e, EVENT_COLUMNS])?,
        )?;
        out.set_item("event_count", PyArray1::from_vec(py, columns.event_count))?;
        if matches!(self.model, Model::Carom) {
            out.set_item(
                "played",
                PyArray1::from_vec(py, columns.played).reshape([m, 5])?,
            )?;
        }
        if self.game.is_some() {
            out.set_item("points", PyArray1::from_vec(py, columns.points))?;
            out.set_item("foul", PyArray1::from_vec(py, columns.foul))?;
            out.set_item("inning_over", PyArray1::from_vec(py, columns.inning_over))?;
        }
        Ok(out)
    }
}

/// The noise's generator for row `i`: its own stream, whichever worker plays it.
pub fn row_rng(seed: u64, i: usize) -> Rng {
    let mut mix = Rng(seed ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
    Rng(mix.next_u64())
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
