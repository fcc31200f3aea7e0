//! Work shared out to worker threads a piece at a time: a worker takes the next piece
//! when it has finished one, so no worker waits idle while another still has a share to
//! play (a core slowed by other work, a share of strokes in the air, each costing about
//! twenty on the cloth). Pieces are handed out in their order, from a queue behind a
//! lock: rayon's work stealing would balance as well, but hand them out in no order,
//! and the error callers report is the earliest piece's.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

/// Runs `work(state, index, piece)` on every piece, on `threads` workers (no more than
/// there are pieces) each with a `state` of its own. After a piece fails no more are
/// handed out; as every earlier piece was handed out before it and is still finished,
/// the error returned is that of the earliest piece that failed, with its index. A
/// worker's panic is raised again here.
pub fn share_out<P: Send, S, E: Send>(
    pieces: Vec<P>,
    threads: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize, P) -> Result<(), E> + Sync,
) -> Result<(), (usize, E)> {
    let workers = threads.clamp(1, pieces.len().max(1));
    let queue = Mutex::new(pieces.into_iter().enumerate());
    let failed = AtomicBool::new(false);
    let next = || {
        if failed.load(Ordering::Relaxed) {
            return None;
        }
        queue.lock().unwrap_or_else(PoisonError::into_inner).next()
    };
    let failures: Vec<(usize, E)> = std::thread::scope(|scope| {
        let running: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut state = state();
                    while let Some((i, piece)) = next() {
                        if let Err(e) = work(&mut state, i, piece) {
                            failed.store(true, Ordering::Relaxed);
                            return Some((i, e));
                        }
                    }
                    None
                })
            })
            .collect();
        running
            .into_iter()
            .filter_map(|w| {
                w.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    match failures.into_iter().min_by_key(|&(i, _)| i) {
        Some(failure) => Err(failure),
        None => Ok(()),
    }
}

/// Rows a piece: 16 pieces a worker where there are rows enough, for balance, and at
/// most 64 rows (a fraction of a millisecond of strokes on the cloth), so that the lock
/// is taken seldom.
pub fn rows_a_piece(rows: usize, threads: usize) -> usize {
    rows.div_ceil(16 * threads.max(1)).clamp(1, 64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_is_worked_once() {
        let done: Vec<_> = (0..1000).map(|_| AtomicBool::new(false)).collect();
        let result: Result<(), (usize, ())> = share_out(
            (0..1000).collect(),
            3,
            || (),
            |_, i, piece: usize| {
                assert_eq!(i, piece);
                assert!(
                    !done[piece].swap(true, Ordering::Relaxed),
                    "piece {piece} twice"
                );
                Ok(())
            },
        );
        assert!(result.is_ok());
        assert!(done.iter().all(|d| d.load(Ordering::Relaxed)));
    }

    #[test]
    fn the_earliest_failing_piece_is_reported_and_no_more_are_handed_out() {
        for threads in 1..=4 {
            let worked = std::sync::atomic::AtomicUsize::new(0);
            // Piece 10 fails slowly; piece 50 fails at once, and is met first on
            // more than one worker.
            let result = share_out(
                (0..200).collect(),
                threads,
                || (),
                |_, _, piece: usize| {
                    worked.fetch_add(1, Ordering::Relaxed);
                    match piece {
                        10 => {
                            std::thread::sleep(std::time::Duration::from_millis(20));
                            Err(piece)
                        }
                        50 => Err(piece),
                        _ => Ok(()),
                    }
                },
            );
            assert_eq!(result, Err((10, 10)), "{threads} threads");
            assert!(
                worked.load(Ordering::Relaxed) <= 51 + threads,
                "{threads} threads"
            );
        }
    }
}
