//! What is said at a table, and its wire form: the payload's JSON text and the sender's
//! signature of exactly those bytes (so nothing is re-serialised to be checked).

use super::commit::{Commitment, Salt};
use super::identity::{Identity, PublicKey, hex, unhex};
use super::refusal::{PackedRecordError, Refusal};
use crate::shot::{ShotRecord, Stroke};
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};

/// The protocol's version: a message of another is refused, never guessed at.
pub const PROTOCOL_VERSION: u32 = 1;

/// The most a message may take on the wire, bytes (the relay's `client_max_body_size`).
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The most a packed record may unpack to, bytes: a record is a few kilobytes; more is
/// a peer's attempt to exhaust memory.
const MAX_RECORD_BYTES: u64 = 1 << 20;

/// A table: 128 random bits, the name of its channels (unguessable, so only those told
/// it find the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableId(pub [u8; 16]);

impl TableId {
    pub fn generate() -> Result<TableId, super::IdentityError> {
        let mut id = [0u8; 16];
        getrandom::fill(&mut id).map_err(|e| super::IdentityError(e.to_string()))?;
        Ok(TableId(id))
    }

    /// 32 hex digits.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    pub fn from_hex(text: &str) -> Option<TableId> {
        unhex::<16>(text).map(TableId)
    }
}

super::identity::hex_serde!(TableId, 16, "a table is 32 hex digits");

/// A seat's holder as the host seats them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatHolder {
    pub name: String,
    pub key: PublicKey,
}

/// What a message says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Body {
    /// A newcomer (a player or a spectator) introduces themself: their build and the
    /// physics fingerprint it works out at start-up.
    Hello {
        build: String,
        physics: String,
        name: String,
    },
    /// The host seats the players (seat 0 the host) for a match of `game` (a key of
    /// games.ron) to `target` points; only the host's key may say it.
    Seating {
        game: String,
        target: u32,
        innings_limit: Option<u32>,
        seats: Vec<SeatHolder>,
    },
    /// A seat's lag stroke, hidden: its commitment.
    LagCommit { commitment: Commitment },
    /// The stroke and salt behind the seat's commitment, once both are in.
    LagReveal { stroke: Stroke, salt: Salt },
    /// The seat's stroke number `number` of the match, the record its simulation wrote
    /// (packed: `pack_record`) and the hash of the match's state before it.
    Stroke {
        number: u32,
        stroke: Stroke,
        declared_safety: bool,
        before: String,
        record: String,
    },
    /// The seat gives the game up.
    Concede,
}

impl Body {
    /// Whether only a seated player may say it (a spectator may only say hello; the
    /// seating is the host's).
    pub fn needs_a_seat(&self) -> bool {
        !matches!(self, Body::Hello { .. } | Body::Seating { .. })
    }
}

/// A message as signed: the protocol version, the table, the sender's key, the seat
/// they speak from (None: a spectator, or the host before seating), their own count of
/// messages (a replay guard: it only ever rises) and what it says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Payload {
    pub v: u32,
    pub table: TableId,
    pub from: PublicKey,
    pub seat: Option<u8>,
    pub n: u64,
    pub body: Body,
}

/// The wire form.
#[derive(Serialize, Deserialize)]
struct Wire {
    payload: String,
    sig: String,
}

/// Only the version, read before the rest so that another version's message is named
/// as such rather than as malformed.
#[derive(Deserialize)]
struct Version {
    v: u32,
}

impl Payload {
    /// The message on the wire, signed by `identity` (whose key it names).
    pub fn seal(&self, identity: &Identity) -> Vec<u8> {
        let payload = serde_json::to_string(self).expect("a payload is plain data");
        let sig = hex(&identity.sign(payload.as_bytes()));
        serde_json::to_vec(&Wire { payload, sig }).expect("plain data")
    }

    /// The payload of a message off the wire, checked for size, form, version and
    /// signature (not yet for its table, seat or counter: the `Inbox` knows those).
    pub fn open(bytes: &[u8]) -> Result<Payload, Refusal> {
        if bytes.len() > MAX_MESSAGE_BYTES {
            return Err(Refusal::TooLarge {
                bytes: bytes.len(),
                max: MAX_MESSAGE_BYTES,
            });
        }
        let malformed = |e: serde_json::Error| Refusal::Malformed(e.to_string());
        let wire: Wire = serde_json::from_slice(bytes).map_err(malformed)?;
        let Version { v } = serde_json::from_str(&wire.payload).map_err(malformed)?;
        if v != PROTOCOL_VERSION {
            return Err(Refusal::UnknownVersion(v));
        }
        let payload: Payload = serde_json::from_str(&wire.payload).map_err(malformed)?;
        let sig = unhex::<64>(&wire.sig)
            .ok_or_else(|| Refusal::Malformed("a signature is 128 hex digits".to_owned()))?;
        if !payload.from.verifies(wire.payload.as_bytes(), &sig) {
            return Err(Refusal::Forged);
        }
        Ok(payload)
    }
}

/// A record as a stroke message carries it: its JSON, deflated, in URL-safe base64.
pub fn pack_record(record: &ShotRecord) -> String {
    use base64::Engine;
    let json = serde_json::to_vec(record).expect("a record is plain data");
    let mut deflate = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    deflate.write_all(&json).expect("writing to memory");
    let packed = deflate.finish().expect("writing to memory");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
}

/// The record of a stroke message; what is wrong with it otherwise.
pub fn unpack_record(text: &str) -> Result<ShotRecord, PackedRecordError> {
    use base64::Engine;
    let packed = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(text)
        .map_err(|_| PackedRecordError::NotBase64)?;
    let mut json = Vec::new();
    flate2::read::DeflateDecoder::new(packed.as_slice())
        .take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut json)
        .map_err(|_| PackedRecordError::DoesNotInflate)?;
    if json.len() as u64 > MAX_RECORD_BYTES {
        return Err(PackedRecordError::TooLarge {
            max: MAX_RECORD_BYTES,
        });
    }
    serde_json::from_slice(&json).map_err(|e| PackedRecordError::NotARecord(e.to_string()))
}
