//! The physics fingerprint a client says in its `hello`: the SHA-256 of the records the
//! simulation writes for the strokes built into the binary (`carom bench`'s: the break,
//! the lag, three-cushion strokes soft to hard) under the config in use. Two builds, or
//! two configs, whose physics differ in any bit of those strokes are told apart before a
//! match. The table conditions (physics.ron's `conditions`) are hashed with them, by
//! their figures: a table's terms name a condition that each side plays from its own
//! file.

use crate::config::Config;
use crate::physics::ShotError;
use crate::physics::bench::cases;
use crate::table::TableGeometry;
use sha2::{Digest, Sha256};

/// 16 hex digits (the hash's first 8 bytes) of `config`'s physics on `table`.
pub fn physics_fingerprint(config: &Config, table: &TableGeometry) -> Result<String, ShotError> {
    let mut hash = Sha256::new();
    for case in cases(table) {
        let record = case.start(config, table)?.run_to_rest();
        hash.update(serde_json::to_vec(&record).expect("a record is plain data"));
    }
    for condition in &config.physics.conditions {
        let figures = format!(
            "{}: {:?} {:?}",
            condition.key, condition.cloth, condition.cushion
        );
        hash.update(figures.as_bytes());
    }
    Ok(super::identity::hex(&hash.finalize()[..8]))
}
