//! `carom.Simulator`: one table (a preset of the bundled config or of a config folder)
//! with its balls and physics, and what Python does on it: a stroke, a batch, the
//! referee's verdict, the computer's stroke, a random lay-out.

use crate::args::{self, bad};
use crate::batch::{self, Batch};
use crate::innings::Innings;
use crate::record::Record;
use crate::strokes::{PooltoolStroke, Stroke};
use carom_engine::cli::{self, json};
use carom_engine::computer;
use carom_engine::config::Config;
use carom_engine::math::{DVec2, DVec3};
use carom_engine::physics::TableSim;
use carom_engine::random::Rng;
use carom_engine::rules::OneStroke;
use carom_engine::shot::{self, BallId};
use carom_engine::table::TableGeometry;
use numpy::{AllowTypeChange, PyArrayLikeDyn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pythonize::pythonize;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A carom table to simulate on: the table, balls, cue and physics of Carom's bundled
/// config (``config=None``) or of a config folder as ``carom --config DIR`` reads it
/// (``tables.ron``, ``balls.ron``, ``physics.ron``, ... ; a file the folder lacks is
/// the bundled one), and a preset of ``tables.ron`` (``table=None``: its default), with
/// a table condition of ``physics.ron``'s ``conditions`` (``condition="worn_cloth"``;
/// ``None``: the fitted cloth and cushions).
///
/// Every position is metres in the table frame: origin at the centre of the bed, +x
/// along the long axis toward the foot cushion, +y across to the left seen from the
/// head end, +z up. Directions are degrees counter-clockwise from +x; times seconds;
/// speeds m/s; spins rad/s. The same inputs give the same bits on the same build.
#[pyclass(frozen, module = "carom")]
pub struct Simulator {
    pub config: Config,
    pub table: TableGeometry,
}

#[pymethods]
impl Simulator {
    #[new]
    #[pyo3(signature = (config = None, table = None, condition = None))]
    fn new(
        config: Option<PathBuf>,
        table: Option<&str>,
        condition: Option<&str>,
    ) -> PyResult<Simulator> {
        let config = match config {
            Some(dir) => cli::load_config(Some(dir)).map_err(|e| bad("config", e))?,
            None => Config::load(None).map_err(|e| bad("config", e))?,
        };
        let config = config
            .with_condition(condition)
            .map_err(|e| bad("condition", e))?;
        let table = TableGeometry::new(&config.tables, table, &config.balls)
            .map_err(|e| bad("table", e))?;
        Ok(Simulator { config, table })
    }

    /// The table preset's name.
    #[getter]
    fn table(&self) -> &str {
        &self.table.preset
    }

    /// The bed between the cushion noses: (length, width), m.
    #[getter]
    fn bed(&self) -> (f64, f64) {
        (self.table.length, self.table.width)
    }

    /// How far from the centre a ball's centre may lie on the bed: (x, y), m.
    #[getter]
    fn limits(&self) -> (f64, f64) {
        let limits = self.table.centre_limits();
        (limits.x, limits.y)
    }

    /// The balls' radius, m.
    #[getter]
    fn ball_radius(&self) -> f64 {
        self.table.ball_radius
    }

    /// The balls' mass, kg.
    #[getter]
    fn ball_mass(&self) -> f64 {
        self.config.balls.mass()
    }

    /// The games the referee knows (keys of ``games.ron``: ``three_cushion``, ...).
    #[getter]
    fn games(&self) -> Vec<String> {
        self.config.games.games.keys().cloned().collect()
    }

    /// The fingerprint of this table's physics: 16 hex digits of the SHA-256 of the
    /// records of the strokes built into the engine (``carom bench``'s), under this
    /// config. Equal fingerprints: the same simulation, bit for bit, on those strokes;
    /// store it with results to say which physics made them.
    fn physics_fingerprint(&self) -> PyResult<String> {
        carom_engine::online::physics_fingerprint(&self.config, &self.table)
            .map_err(|e| bad("config", e))
    }

    /// The computer's levels, weakest first (keys of ``computer.ron``), whose
    /// execution error ``noise=`` borrows.
    #[getter]
    fn levels(&self) -> Vec<String> {
        self.config
            .computer
            .levels
            .iter()
            .map(|l| l.key.clone())
            .collect()
    }

    /// Plays one stroke from a lay-out to rest and returns its ``Record``.
    ///
    /// Args:
    ///     balls: the lay-out, ``{"white": (x, y), "dotted": (x, y), "red": (x, y)}``,
    ///         m in the table frame; a ball not named is not on the table.
    ///     stroke: a ``carom.Stroke`` (Carom's terms), a ``carom.PooltoolStroke``
    ///         (pooltool's, played as its launch) or None when only ``velocities``
    ///         move balls.
    ///     velocities: balls already moving, ``{"red": (vx, vy, vz)}``, m/s.
    ///     spins: their spin, ``{"red": (wx, wy, wz)}``, rad/s (table frame).
    ///     sample_hz: record each ball's position this many times a second of the
    ///         simulation's clock (``Record.trajectories``); None: no paths.
    #[pyo3(signature = (balls, stroke = None, *, velocities = None, spins = None, sample_hz = None))]
    fn simulate(
        &self,
        py: Python<'_>,
        balls: &Bound<'_, PyDict>,
        stroke: Option<&Bound<'_, PyAny>>,
        velocities: Option<&Bound<'_, PyDict>>,
        spins: Option<&Bound<'_, PyDict>>,
        sample_hz: Option<f64>,
    ) -> PyResult<Record> {
        let lay_out = args::lay_out("balls", balls)?;
        if let Some(hz) = sample_hz {
            args::within(
                "sample_hz",
                hz,
                f64::MIN_POSITIVE,
                shot::MAX_SAMPLE_HZ,
                " Hz",
            )?;
        }
        let mut moving: BTreeMap<BallId, (DVec3, DVec3)> = BTreeMap::new();
        if let Some(v) = velocities {
            for (ball, [x, y, z]) in args::per_ball::<3>("velocities", v, "vx, vy, vz in m/s")? {
                moving.entry(ball).or_default().0 = DVec3::new(x, y, z);
            }
        }
        if let Some(w) = spins {
            for (ball, [x, y, z]) in args::per_ball::<3>("spins", w, "wx, wy, wz in rad/s")? {
                moving.entry(ball).or_default().1 = DVec3::new(x, y, z);
            }
        }
        let cue = match stroke {
            None => None,
            Some(s) => Some(self.cue(s)?),
        };
        let mut struck = None;
        match cue {
            Some(Cue::Carom(s)) => struck = Some(s),
            Some(Cue::Launch(ball, vel, spin)) => {
                if moving.contains_key(&ball) {
                    return Err(bad(
                        "stroke",
                        format!("strikes {ball}, which `velocities` or `spins` already move"),
                    ));
                }
                moving.insert(ball, (vel, spin));
            }
            None if moving.is_empty() => {
                return Err(bad(
                    "stroke",
                    "nothing moves: give a stroke, or `velocities` for balls already moving",
                ));
            }
            None => {}
        }
        let launches: Vec<(BallId, DVec3, DVec3)> =
            moving.into_iter().map(|(b, (v, w))| (b, v, w)).collect();
        let table = self.table.clone();
        let record = py.detach(|| -> Result<_, (&str, String)> {
            let mut sim = TableSim::new(&self.config, table);
            sim.place(&lay_out).map_err(|e| ("balls", e.to_string()))?;
            if !launches.is_empty() {
                sim.launch_all(&launches, sample_hz)
                    .map_err(|e| ("velocities", e.to_string()))?;
            }
            if let Some(s) = &struck {
                sim.strike(&[*s], sample_hz)
                    .map_err(|e| ("stroke", e.to_string()))?;
            }
            Ok(sim.run_to_rest())
        });
        let record = record.map_err(|(argument, e)| bad(argument, e))?;
        Ok(Record {
            record,
            lay_out,
            stroke: struck,
        })
    }

    /// The referee's verdict on a record's stroke played in ``game`` (a key of
    /// ``games``), from the record's lay-out in the middle of a match, after the break:
    /// ``{"points", "fouls": [{"rule", "reason"}], "inning_over", "spot": [{"ball",
    /// "spot"}], "warnings"}``, as ``carom sim --json`` prints it. Rules are numbered as
    /// in the general carom rules (docs/rules.md); a game's own rule by its name.
    fn judge<'py>(
        &self,
        py: Python<'py>,
        record: &Record,
        game: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let rules = self.config.games.game(game).map_err(|e| bad("game", e))?;
        let Some(stroke) = record.stroke else {
            return Err(bad(
                "record",
                "was a launch with no cue stroke; the referee judges a cue stroke",
            ));
        };
        let mut referee = OneStroke::new(
            rules,
            &self.config.games.referee,
            self.table.clone(),
            record.lay_out.iter().copied().collect(),
            stroke.ball,
        )
        .map_err(|e| bad("record", e))?;
        let verdict = referee
            .judge(&record.record)
            .map_err(|e| bad("record", e))?;
        Ok(pythonize(py, &json::Verdict::from(&verdict))?)
    }

    /// The computer's stroke from a lay-out, as ``carom suggest --json`` gives it:
    /// ``{"stroke": {...}, "p_score", "evaluated", "ms", "declare_safety", "level",
    /// "pattern", "alternatives", ...}``; ``p_score`` is the chance that the stroke
    /// scores when played with the level's execution error.
    ///
    /// Args:
    ///     balls: the lay-out (every ball of ``game``), m in the table frame.
    ///     cue_ball: the ball to play, ``"white"`` or ``"dotted"``.
    ///     game: a key of ``games``.
    ///     level: a key of ``levels`` (None: the coach's level).
    ///     seed: the search's random seed (the same seed, the same stroke).
    ///     threads: worker threads (None: every core).
    #[pyo3(signature = (balls, cue_ball = "white", game = "three_cushion", level = None, seed = 1, threads = None))]
    fn suggest<'py>(
        &self,
        py: Python<'py>,
        balls: &Bound<'py, PyDict>,
        cue_ball: &str,
        game: &str,
        level: Option<&str>,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let lay_out: BTreeMap<BallId, DVec2> = args::lay_out("balls", balls)?.into_iter().collect();
        let cue_ball = args::ball("cue_ball", cue_ball)?;
        let level = match level {
            Some(key) => args::level("level", &self.config, key)?,
            None => self.config.computer.coach(),
        };
        let threads = batch::threads(threads)?;
        let referee = computer::referee_at(&self.config, game, &self.table, lay_out, cue_ball)
            .map_err(|e| bad("balls", e))?;
        let (decision, explanation) = py
            .detach(|| {
                let decision = computer::choose(&self.config, &referee, level, seed, threads)?;
                let explanation = computer::explain::explain(&self.config, &referee, &decision);
                Some((decision, explanation))
            })
            .ok_or_else(|| bad("cue_ball", "is not on the table to be played"))?;
        Ok(pythonize(
            py,
            &json::Suggestion::new(&decision, &explanation, level),
        )?)
    }

    /// A random lay-out of ``game``'s balls (uniform on the bed, none touching), the
    /// same for the same seed: ``{"white": (x, y), ...}``, m.
    #[pyo3(signature = (seed, game = "three_cushion"))]
    fn random_lay_out<'py>(
        &self,
        py: Python<'py>,
        seed: u64,
        game: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let lay_out = computer::random_lay_out(&self.config, game, &self.table, &mut Rng(seed))
            .map_err(|e| bad("game", e))?;
        let balls = PyDict::new(py);
        for (ball, at) in lay_out {
            balls.set_item(ball.name(), (at.x, at.y))?;
        }
        Ok(balls)
    }

    /// A ``PooltoolStroke``'s launch in Carom's table frame: ((vx, vy, vz) m/s, (wx, wy,
    /// wz) rad/s), for this table's balls (their mass and radius).
    fn pooltool_launch(
        &self,
        stroke: &PooltoolStroke,
    ) -> PyResult<((f64, f64, f64), (f64, f64, f64))> {
        let (v, w) = stroke
            .cue("stroke")?
            .launch(self.config.balls.mass(), self.table.ball_radius);
        Ok(((v.x, v.y, v.z), (w.x, w.y, w.z)))
    }

    /// Plays many strokes at once, on every core with the GIL released.
    ///
    /// Args:
    ///     lay_outs: positions, m, shape ``(len(balls), 2)`` (one lay-out for every
    ///         stroke) or ``(N, len(balls), 2)``.
    ///     strokes: shape ``(5,)`` or ``(N, 5)``; with ``model="carom"`` the columns are
    ///         ``direction_deg, speed, side, height, elevation_deg`` (as ``Stroke``),
    ///         with ``model="pooltool"`` ``V0, phi, theta, a, b`` (as
    ///         ``PooltoolStroke`` with pooltool's cue).
    ///     balls: the ball of each lay-out row, default ``("white", "dotted", "red")``.
    ///     cue_ball: the ball every stroke strikes.
    ///     model: ``"carom"`` or ``"pooltool"``.
    ///     repeat: each stroke played this many times (rows ``i * repeat + k``).
    ///     noise: a key of ``levels``: each stroke played with that level's execution
    ///         error (``model="carom"`` only), drawn from ``seed`` and the row's index,
    ///         so the same call gives the same bits on any number of threads.
    ///     seed: the noise's seed.
    ///     game: a key of ``games``: each stroke judged (``points``, ``foul``,
    ///         ``inning_over``).
    ///     threads: worker threads (None: every core).
    ///     max_events: the events kept per stroke in ``events``.
    ///
    /// Returns a dict of arrays, M = N × repeat rows: ``final`` (M, len(balls), 3) x, y,
    /// z, m; ``on_table`` (M, len(balls)); ``duration`` (M,) s; ``events`` (M,
    /// max_events, 7) rows ``t, kind, ball, other, speed, x, y`` (NaN-padded; kinds,
    /// balls, cushions and surfaces as indices into ``carom.EVENT_KINDS``,
    /// ``carom.BALLS``, ``carom.CUSHIONS``, ``carom.SURFACES``); ``event_count`` (M,);
    /// ``played`` (M, 5) the strokes as played (``model="carom"``); with ``game``,
    /// ``points`` (M,), ``foul`` (M,), ``inning_over`` (M,). Once Python frees an
    /// ``events`` array, its memory is kept for a later batch of one to two times its
    /// size (256 MiB at most), as fresh memory is slow to touch first.
    #[pyo3(signature = (lay_outs, strokes, *, balls = None, cue_ball = "white", model = "carom", repeat = 1, noise = None, seed = 0, game = None, threads = None, max_events = 32))]
    fn batch<'py>(
        &self,
        py: Python<'py>,
        lay_outs: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
        strokes: PyArrayLikeDyn<'py, f64, AllowTypeChange>,
        balls: Option<Vec<String>>,
        cue_ball: &str,
        model: &str,
        repeat: usize,
        noise: Option<&str>,
        seed: u64,
        game: Option<&str>,
        threads: Option<usize>,
        max_events: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let batch = Batch::read(
            self,
            batch::Inputs {
                lay_outs: args::Array::read("lay_outs", &lay_outs)?,
                strokes: args::Array::read("strokes", &strokes)?,
                balls,
                cue_ball,
                model,
                repeat,
                noise,
                seed,
                game,
                max_events,
            },
        )?;
        let threads = batch::threads(threads)?;
        let rows = py.detach(|| batch.run(self, threads));
        batch.arrays(py, rows.map_err(PyValueError::new_err)?)
    }

    /// ``n`` tables each playing one inning of ``game`` (the core of
    /// ``carom.env.ThreeCushionInning`` and its vector environment).
    #[pyo3(signature = (n, game = "three_cushion", noise = None, max_strokes = 100))]
    fn innings(
        &self,
        n: usize,
        game: &str,
        noise: Option<&str>,
        max_strokes: u32,
    ) -> PyResult<Innings> {
        Innings::new(self, n, game, noise, max_strokes)
    }
}

/// A stroke argument: a cue stroke, or a pooltool stroke's launch.
enum Cue {
    Carom(shot::Stroke),
    Launch(BallId, DVec3, DVec3),
}

impl Simulator {
    fn cue(&self, stroke: &Bound<'_, PyAny>) -> PyResult<Cue> {
        if let Ok(s) = stroke.cast::<Stroke>() {
            return Ok(Cue::Carom(s.get().engine("stroke")?));
        }
        if let Ok(s) = stroke.cast::<PooltoolStroke>() {
            let s = s.get();
            let ball = crate::strokes::stroke_ball("stroke", &s.ball)?;
            let (v, w) = s
                .cue("stroke")?
                .launch(self.config.balls.mass(), self.table.ball_radius);
            return Ok(Cue::Launch(ball, v, w));
        }
        Err(bad(
            "stroke",
            "must be a carom.Stroke, a carom.PooltoolStroke or None",
        ))
    }
}
