//! The lag by commitment: each player first publishes the hash of their lag stroke with
//! a random salt, and only once both hashes are in, the stroke and the salt; neither can
//! answer the other's stroke (rule 5's strokes played at the same moment).

use super::identity::IdentityError;
use crate::shot::Stroke;
use sha2::{Digest, Sha256};

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
}

impl Commitment {
    /// The commitment to `stroke` under `salt`: the hash of the salt, then the stroke
    /// as its JSON (the form it is revealed in).
    pub fn to(stroke: &Stroke, salt: &Salt) -> Commitment {
        let mut hash = Sha256::new();
        hash.update(salt.0);
        hash.update(serde_json::to_vec(stroke).expect("a stroke is plain data"));
        Commitment(hash.finalize().into())
    }

    /// Whether `stroke` and `salt` are what this commitment was made to.
    pub fn opens_to(&self, stroke: &Stroke, salt: &Salt) -> bool {
        Commitment::to(stroke, salt) == *self
    }
}

super::identity::hex_serde!(Salt, 32, "a salt is 64 hex digits");
super::identity::hex_serde!(Commitment, 32, "a commitment is 64 hex digits");
