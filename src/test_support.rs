//! Helpers for the crate's tests and those of `tests/`: the core's deterministic random
//! generator (fuzz and property tests) and fresh temporary folders.

pub use crate::random::Rng;

/// A fresh, empty folder for one test's files.
pub fn fresh_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("carom-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}
