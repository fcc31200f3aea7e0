//! The lag by commitment: each player first publishes the hash of their lag stroke with
//! a random salt, and only once both hashes are in, the stroke and the salt; neither can
//! answer the other's stroke (rule 5's strokes played at the same moment).

use super::identity::{IdentityError, hex, unhex};
use crate::shot::Stroke;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
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

macro_rules! hex_serde {
    ($t:ident, $what:literal) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&hex(&self.0))
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let text = String::deserialize(d)?;
                unhex::<32>(&text)
                    .map($t)
                    .ok_or_else(|| serde::de::Error::custom($what))
            }
        }
    };
}

hex_serde!(Salt, "a salt is 64 hex digits");
hex_serde!(Commitment, "a commitment is 64 hex digits");
