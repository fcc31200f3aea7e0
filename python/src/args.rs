//! Checks of what Python passes in: every bad argument becomes a `ValueError` that names
//! the argument and says what is allowed; the engine's own errors keep their English
//! words.

use carom_engine::config::Level;
use carom_engine::math::DVec2;
use carom_engine::shot::BallId;
use numpy::{AllowTypeChange, PyArrayLikeDyn, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyDictMethods};
use std::fmt::Display;

/// `argument: what is wrong`, as a `ValueError`.
pub fn bad(argument: impl Display, what: impl Display) -> PyErr {
    PyValueError::new_err(format!("{argument}: {what}"))
}

/// The ball called `name` (`white`, `dotted`, `red`, `red2`).
pub fn ball(argument: &str, name: &str) -> PyResult<BallId> {
    BallId::from_name(name).ok_or_else(|| {
        bad(
            argument,
            format!("no ball is called {name:?}; the balls are {}", ball_names()),
        )
    })
}

/// Every ball's name: `white, dotted, red, red2`.
pub fn ball_names() -> String {
    names(&BallId::ALL)
}

/// The balls' names, listed: `white, red`.
pub fn names(balls: &[BallId]) -> String {
    balls
        .iter()
        .map(|b| b.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `name[index]`, an array's row as an argument: written out only when an error names
/// it (a batch checks every one of its thousands of rows).
#[derive(Clone, Copy)]
pub struct Row(pub &'static str, pub usize);

impl Display for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}[{}]", self.0, self.1)
    }
}

/// `value` when it is a finite number within `low..=high`.
pub fn within(
    argument: impl Display,
    value: f64,
    low: f64,
    high: f64,
    unit: &str,
) -> PyResult<f64> {
    if value.is_finite() && (low..=high).contains(&value) {
        Ok(value)
    } else {
        Err(bad(
            argument,
            format!("{value} is not allowed; it must lie in {low} to {high}{unit}"),
        ))
    }
}

/// `value` when it is a finite number.
pub fn finite(argument: impl Display, value: f64) -> PyResult<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(bad(
            argument,
            format!("{value} is not allowed; it must be a finite number"),
        ))
    }
}

/// A mapping of ball names to `n` numbers each (`{"white": (x, y), ...}`), in the order
/// of `BallId::ALL`.
pub fn per_ball<const N: usize>(
    argument: &str,
    mapping: &Bound<'_, PyDict>,
    what: &str,
) -> PyResult<Vec<(BallId, [f64; N])>> {
    let mut out = Vec::new();
    for (key, value) in mapping.iter() {
        let name: String = key
            .extract()
            .map_err(|_| bad(argument, format!("keys are ball names ({})", ball_names())))?;
        let id = ball(argument, &name)?;
        let numbers: Vec<f64> = value.extract().map_err(|_| {
            bad(
                format_args!("{argument}[{name:?}]"),
                format!("must be {N} numbers ({what})"),
            )
        })?;
        let numbers: [f64; N] = numbers.try_into().map_err(|v: Vec<f64>| {
            bad(
                format_args!("{argument}[{name:?}]"),
                format!("has {} numbers; it must have {N} ({what})", v.len()),
            )
        })?;
        for (i, &x) in numbers.iter().enumerate() {
            finite(format_args!("{argument}[{name:?}][{i}]"), x)?;
        }
        out.push((id, numbers));
    }
    out.sort_by_key(|(id, _)| *id);
    Ok(out)
}

/// A lay-out: `{"white": (x, y), ...}`, m in the table frame.
pub fn lay_out(argument: &str, balls: &Bound<'_, PyDict>) -> PyResult<Vec<(BallId, DVec2)>> {
    let balls = per_ball::<2>(argument, balls, "x, y in metres")?;
    if balls.is_empty() {
        return Err(bad(argument, "names no ball; a lay-out has 1 to 4"));
    }
    Ok(balls
        .into_iter()
        .map(|(id, [x, y])| (id, DVec2::new(x, y)))
        .collect())
}

/// An array of float64 and its shape, from any array-like.
pub struct Array {
    pub values: Vec<f64>,
    pub shape: Vec<usize>,
}

impl Array {
    /// Its numbers as rows of `N` (its last axis).
    pub fn rows<const N: usize>(&self) -> impl Iterator<Item = [f64; N]> + '_ {
        self.values
            .chunks_exact(N)
            .map(|row| row.try_into().expect("chunks of N"))
    }

    pub fn read(
        argument: &str,
        array: &PyArrayLikeDyn<'_, f64, AllowTypeChange>,
    ) -> PyResult<Array> {
        let shape = array.shape().to_vec();
        // A C-ordered array copied as one block; any other walked element by element (an
        // n-dimensional walk, a tenth of a batch's time on the calling thread).
        let values = match array.as_slice() {
            Ok(values) if array.is_c_contiguous() => values.to_vec(),
            _ => array.as_array().iter().copied().collect(),
        };
        if let Some(i) = values.iter().position(|v| !v.is_finite()) {
            return Err(bad(
                argument,
                format!(
                    "element {i} (in C order) is {}; every number must be finite",
                    values[i]
                ),
            ));
        }
        Ok(Array { values, shape })
    }
}

/// The level called `key` of computer.ron.
pub fn level<'a>(
    argument: &str,
    config: &'a carom_engine::config::Config,
    key: &str,
) -> PyResult<&'a Level> {
    config.computer.level(key).map_err(|e| bad(argument, e))
}
