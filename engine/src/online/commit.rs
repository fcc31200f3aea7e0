//! The lag by commitment: each player first publishes the hash of their lag stroke with
//! a random salt, and only once both hashes are in, the stroke and the salt; neither can
//! answer the other's stroke (rule 5's strokes played at the same moment).

use super::identity::{Identity, IdentityError, TableId};
use crate::shot::Stroke;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A lag stroke as committed to and revealed: where the lagger put their ball behind
/// the head string (m, table frame) and the stroke.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LagStroke {
    pub at: [f64; 2],
    pub stroke: Stroke,
}

/// 32 random bytes that hide a committed stroke until it is revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Salt(pub [u8; 32]);

/// The SHA-256 of a salt and a stroke.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Commitment(pub [u8; 32]);

impl Salt {
    pub fn generate() -> Result<Salt, IdentityError> {
        let mut salt = [0u8; 32];
        getrandom::fill(&mut salt).map_err(|e| IdentityError(e.to_string()))?;
        Ok(Salt(salt))
    }

    /// The salt `identity` hides its lag of `round` at `table` under: the hash of its
    /// signature of them (ed25519 signs deterministically), so that a seat that restarts
    /// between its commitment and its reveal makes the same salt again, and nobody else
    /// can.
    pub fn for_lag(identity: &Identity, table: TableId, round: u32) -> Salt {
        let mut said = b"carom lag salt ".to_vec();
        said.extend_from_slice(&table.0);
        said.extend_from_slice(&round.to_le_bytes());
        Salt(Sha256::digest(identity.sign(&said)).into())
    }
}

impl Commitment {
    /// The commitment to `lag` under `salt`: the hash of the salt, then the lag as its
    /// JSON (the form it is revealed in).
    pub fn to(lag: &LagStroke, salt: &Salt) -> Commitment {
        let mut hash = Sha256::new();
        hash.update(salt.0);
        hash.update(serde_json::to_vec(lag).expect("a lag stroke is plain data"));
        Commitment(hash.finalize().into())
    }

    /// Whether `lag` and `salt` are what this commitment was made to.
    pub fn opens_to(&self, lag: &LagStroke, salt: &Salt) -> bool {
        Commitment::to(lag, salt) == *self
    }
}

super::identity::hex_serde!(Salt, 32, "a salt is 64 hex digits");
super::identity::hex_serde!(Commitment, 32, "a commitment is 64 hex digits");
