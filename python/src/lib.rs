//! The native module of the `carom` Python package (`carom._carom`): Carom's engine —
//! the simulation, the referee, the computer player — over numpy, with no Bevy, window
//! or sound library in its tree. The package (`python/carom/`) re-exports it and adds
//! the Gymnasium environments and pooltool's frames.

mod args;
mod batch;
mod event_memory;
mod innings;
mod record;
mod simulator;
mod strokes;
mod workers;

use carom_engine::shot::{BallId, Cushion};
use pyo3::prelude::*;

#[pymodule]
fn _carom(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<simulator::Simulator>()?;
    m.add_class::<strokes::Stroke>()?;
    m.add_class::<strokes::PooltoolStroke>()?;
    m.add_class::<record::Record>()?;
    m.add_class::<innings::Innings>()?;
    m.add("BALLS", BallId::ALL.map(BallId::name).to_vec())?;
    m.add(
        "CUSHIONS",
        Cushion::ALL
            .map(|c| match c {
                Cushion::Head => "head",
                Cushion::Foot => "foot",
                Cushion::Left => "left",
                Cushion::Right => "right",
            })
            .to_vec(),
    )?;
    m.add("EVENT_KINDS", batch::EVENT_KINDS.to_vec())?;
    m.add("SURFACES", batch::SURFACES.to_vec())?;
    m.add("MAX_SPEED", carom_engine::shot::MAX_SPEED)?;
    m.add("INNING_STROKE_LOW", innings::STROKE_LOW.to_vec())?;
    m.add("INNING_STROKE_HIGH", innings::STROKE_HIGH.to_vec())?;
    Ok(())
}
