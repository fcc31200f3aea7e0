//! The memory of `Simulator.batch`'s event column, its one large output (1.8 KB a row at
//! the default 32 events): fresh from the system the first time, and, once Python has let
//! go of a batch's event array, kept for the next batch. A fresh column's pages are
//! zeroed by the kernel on first touch, which took a tenth of a batch's time on this
//! machine (about 2 GB/s in this virtual machine); a batch writes every element of its
//! column, so memory used before serves as well.

use numpy::PyArray3;
use numpy::ndarray::ArrayView3;
use pyo3::prelude::*;
use std::sync::{Mutex, PoisonError};

/// Released columns kept at most, in bytes (about 150 000 rows at 32 events); beyond it
/// the oldest goes back to the system.
const KEPT_BYTES: usize = 256 << 20;

/// Columns that Python has let go of, oldest first.
static KEPT: Mutex<Vec<Vec<f64>>> = Mutex::new(Vec::new());

/// A column of `len` values whose contents are to be overwritten: a kept one of one to
/// two times its length where there is one (shortened, so no memory is read or written
/// here), otherwise a fresh one.
pub fn column(len: usize) -> Vec<f64> {
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    match kept
        .iter()
        .rposition(|c| c.len() >= len && c.len() <= 2 * len)
    {
        Some(k) => {
            let mut column = kept.remove(k);
            column.truncate(len);
            column
        }
        None => on_huge_pages(vec![0.0; len]),
    }
}

/// The column as the array `shape` (rows, events, columns), its memory kept for a later
/// batch when numpy frees the array.
pub fn into_array<'py>(
    py: Python<'py>,
    column: Vec<f64>,
    shape: [usize; 3],
) -> PyResult<Bound<'py, PyArray3<f64>>> {
    let owner = Bound::new(py, EventMemory(column))?;
    let view = ArrayView3::from_shape(shape, &owner.get().0)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(format!("event array: {e}")))?;
    // SAFETY: the array is the owner's memory, which it holds as its base object; the
    // owner is frozen, so its vector is neither changed nor freed while the array lives.
    Ok(unsafe { PyArray3::borrow_from_array(&view, owner.clone().into_any()) })
}

/// The memory behind an event array, handed to `KEPT` when numpy lets go of it.
#[pyclass(frozen, module = "carom._carom")]
struct EventMemory(Vec<f64>);

impl Drop for EventMemory {
    fn drop(&mut self) {
        let bytes = |c: &Vec<f64>| std::mem::size_of_val(c.as_slice());
        let column = std::mem::take(&mut self.0);
        if column.is_empty() || bytes(&column) > KEPT_BYTES {
            return;
        }
        let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        while kept.iter().map(bytes).sum::<usize>() + bytes(&column) > KEPT_BYTES {
            kept.remove(0);
        }
        kept.push(column);
    }
}

/// `column`, its pages asked of Linux as huge pages (2 MiB) where the kernel grants them
/// on request (transparent huge pages in `madvise` mode): a fresh column's first touch
/// otherwise takes one page fault each 4 KiB, a fifth of a batch's time in the event
/// column on this machine. Only advice: elsewhere, or refused, nothing changes.
fn on_huge_pages<T>(column: Vec<T>) -> Vec<T> {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = column.as_ptr() as usize;
        let end = start + std::mem::size_of_val(column.as_slice());
        let (first, past) = (start.div_ceil(PAGE) * PAGE, end / PAGE * PAGE);
        if past > first {
            // SAFETY: advice on whole pages inside the column's own allocation, which it
            // neither moves nor frees; the kernel keeps their contents (zeros, untouched).
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    past - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    column
}
