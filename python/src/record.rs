//! A stroke's record as Python sees it: the engine's record kept whole, turned into
//! Python objects (the dicts `carom sim --json` prints) or numpy arrays when read.

use crate::args;
use crate::strokes::Stroke;
use carom_engine::math::DVec2;
use carom_engine::shot::{self, BallId, ShotRecord};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pythonize::pythonize;

/// What one stroke did, strike to rest: its events, where the balls ended and, when
/// asked for, their sampled paths. Positions are metres in the table frame (origin at
/// the bed's centre, +x toward the foot cushion, +y to the left seen from the head
/// end, +z up; a ball at rest has z = its radius), times seconds after the strike,
/// speeds m/s.
#[pyclass(frozen, module = "carom")]
pub struct Record {
    pub record: ShotRecord,
    /// The balls before the stroke.
    pub lay_out: Vec<(BallId, DVec2)>,
    /// The cue stroke, when the stroke was one (not a launch).
    pub stroke: Option<shot::Stroke>,
}

#[pymethods]
impl Record {
    /// The events in time order, each a dict as ``carom sim --json`` prints it: ``t``
    /// (s), ``kind`` (one of ``carom.EVENT_KINDS``) and the kind's fields — ``ball``,
    /// ``a`` and ``b`` (ball names), ``cushion`` (``head``, ``foot``, ``left``,
    /// ``right``), ``speed`` (m/s), ``at`` ([x, y] of the ball's centre at a cushion,
    /// m), ...
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(pythonize(py, &self.record.events)?)
    }

    /// Where each ball ended: ``{"white": {"x", "y", "z", "on_table"}, ...}``, m.
    #[getter(r#final)]
    fn final_<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(pythonize(py, &self.record.final_positions)?)
    }

    /// Simulated time from the strike to rest, s.
    #[getter]
    fn duration(&self) -> f64 {
        self.record.duration
    }

    /// Each ball's sampled path as an array of rows ``[t, x, y, z]`` (s, m), when the
    /// stroke was simulated with ``sample_hz``; empty otherwise.
    #[getter]
    fn trajectories<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let paths = PyDict::new(py);
        for (ball, samples) in &self.record.trajectories {
            let flat: Vec<f64> = samples.iter().flatten().copied().collect();
            let array = PyArray1::from_vec(py, flat).reshape([samples.len(), 4])?;
            paths.set_item(ball.name(), array)?;
        }
        Ok(paths)
    }

    /// The balls before the stroke: ``{"white": (x, y), ...}``, m.
    #[getter]
    fn lay_out<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let balls = PyDict::new(py);
        for (ball, at) in &self.lay_out {
            balls.set_item(ball.name(), (at.x, at.y))?;
        }
        Ok(balls)
    }

    /// The cue stroke played (None for a launch with no cue).
    #[getter]
    fn stroke(&self) -> Option<Stroke> {
        self.stroke.map(|s| Stroke {
            ball: s.ball.name().to_owned(),
            direction_deg: s.direction_deg,
            speed: s.speed,
            side: s.side,
            height: s.height,
            elevation_deg: s.elevation_deg,
        })
    }

    /// The final positions of ``balls`` (names, default every ball the record has) as
    /// an array of rows ``[x, y, z]``, m; NaN for a ball not on the table.
    #[pyo3(signature = (balls = None))]
    fn final_positions<'py>(
        &self,
        py: Python<'py>,
        balls: Option<Vec<String>>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let balls: Vec<BallId> = match balls {
            Some(names) => names
                .iter()
                .map(|n| args::ball("balls", n))
                .collect::<PyResult<_>>()?,
            None => self.record.final_positions.keys().copied().collect(),
        };
        let mut rows = Vec::with_capacity(balls.len() * 3);
        for ball in &balls {
            rows.extend(match self.record.final_positions.get(ball) {
                Some(p) if p.on_table => [p.x, p.y, p.z],
                _ => [f64::NAN; 3],
            });
        }
        PyArray1::from_vec(py, rows).reshape([balls.len(), 3])
    }

    /// The record as ``carom sim --json`` prints it (without a verdict): ``events``,
    /// ``final``, ``duration`` and, when sampled, ``trajectories``.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(pythonize(py, &self.record)?)
    }

    fn __repr__(&self) -> String {
        format!(
            "<carom.Record: {} events, {:.3} s>",
            self.record.events.len(),
            self.record.duration
        )
    }
}
