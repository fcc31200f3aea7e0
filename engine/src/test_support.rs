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

/// FNV-1a, 64 bits: a hash that is the same on every platform and Rust release.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A file or folder of the repository (the workspace's root, above the engine's folder):
/// the config, the example files, the golden outputs.
pub fn repo(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}
