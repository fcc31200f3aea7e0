//! What is said at a table, and its wire form: the payload's JSON text and the sender's
//! signature of exactly those bytes (so nothing is re-serialised to be checked).

use super::commit::{Commitment, LagStroke, Salt};
use super::identity::{Identity, PublicKey, TableId, hex, unhex};
use super::refusal::{PackedRecordError, Refusal};
use crate::play::LeavingVerdict;
use crate::shot::{BallId, ShotRecord, Stroke};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};

/// The protocol's version: a message of another is refused, never guessed at.
pub const PROTOCOL_VERSION: u32 = 1;

/// The most a message may take on the wire, bytes (the relay's `client_max_body_size`).
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The most a packed record may unpack to, bytes: a record is a few kilobytes; more is
/// a peer's attempt to exhaust memory.
const MAX_RECORD_BYTES: u64 = 1 << 20;

/// What a guest is given to join a table: the table and its host's public key (so that
/// the guest can check the seating is the host's), written as 64 URL-safe characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JoinCode {
    pub table: TableId,
    pub host: PublicKey,
}

impl JoinCode {
    pub fn to_text(&self) -> String {
        use base64::Engine;
        let mut bytes = self.table.0.to_vec();
        bytes.extend_from_slice(&self.host.0);
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
    }

    /// The code in `text` (spaces around it ignored); None if it is not one.
    pub fn parse(text: &str) -> Option<JoinCode> {
        use base64::Engine;
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(text.trim())
            .ok()?;
        let (table, host) = bytes.split_at_checked(16)?;
        Some(JoinCode {
            table: TableId(table.try_into().ok()?),
            host: PublicKey(host.try_into().ok()?),
        })
    }
}

/// What the host asks for when it makes a table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableTerms {
    /// A key of games.ron.
    pub game: String,
    /// A preset of tables.ron.
    pub table: String,
    pub target: u32,
    pub innings_limit: Option<u32>,
    /// A handicap match's targets, by seat (empty: `target` for both).
    pub targets: Vec<u32>,
    /// What happens to a player who leaves and stays away (absent: Carom3D's rule).
    #[serde(default)]
    pub leaving: LeavingRule,
    /// A match format (a key of formats.ron) and its shot clock; absent: the game's own
    /// rules. Formats in sets are not played online yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// The table's condition (a key of physics.ron's `conditions`); absent: the fitted
    /// physics. Both sides play it from their own physics.ron, whose conditions the
    /// physics fingerprint covers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
}

/// The rule for a player who leaves a table and stays away past `grace_s` seconds
/// (the host's setting, in the seating: shown to both). Carom3D's by default: the
/// game is void if they left within `void_within_s` of its start, they lose if within
/// `loses_within_s`, and later the opponent is credited the win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeavingRule {
    pub grace_s: u32,
    pub void_within_s: u32,
    pub loses_within_s: u32,
}

impl Default for LeavingRule {
    fn default() -> LeavingRule {
        LeavingRule {
            grace_s: 60,
            void_within_s: 10,
            loses_within_s: 60,
        }
    }
}

/// The grace a leaving rule may give, s: long enough to reconnect, short enough that
/// a table is not held for ever.
pub const LEAVING_GRACE_S: std::ops::RangeInclusive<u32> = 10..=600;

/// The longest a leaving rule's loss window may be, s.
pub const LEAVING_LOSS_MAX_S: u32 = 3600;

/// What is wrong with a leaving rule (`Display`: words/troubles).
#[derive(Clone, Debug, PartialEq)]
pub enum LeavingRuleError {
    /// A grace out of `LEAVING_GRACE_S`.
    Grace(u32),
    /// The void window longer than the loss window, or the loss window past
    /// `LEAVING_LOSS_MAX_S`.
    Windows {
        void_within_s: u32,
        loses_within_s: u32,
    },
}

impl std::error::Error for LeavingRuleError {}

impl LeavingRule {
    /// What is wrong with the rule, if anything.
    pub fn check(&self) -> Result<(), LeavingRuleError> {
        if !LEAVING_GRACE_S.contains(&self.grace_s) {
            return Err(LeavingRuleError::Grace(self.grace_s));
        }
        if self.void_within_s > self.loses_within_s || self.loses_within_s > LEAVING_LOSS_MAX_S {
            return Err(LeavingRuleError::Windows {
                void_within_s: self.void_within_s,
                loses_within_s: self.loses_within_s,
            });
        }
        Ok(())
    }

    /// What a game gets whose player left `match_s` seconds after it began.
    pub fn verdict(&self, match_s: u32) -> LeavingVerdict {
        if match_s < self.void_within_s {
            LeavingVerdict::Void
        } else if match_s < self.loses_within_s {
            LeavingVerdict::LeaverLoses
        } else {
            LeavingVerdict::OpponentWins
        }
    }
}

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
    /// A newcomer (a player or a spectator) introduces themself: their build, the
    /// physics fingerprint it works out at start-up, and whether they ask for a seat.
    Hello {
        build: String,
        physics: String,
        name: String,
        wants_seat: bool,
    },
    /// The host seats the players (seat 0 the host) for a match on its terms (their
    /// fields beside `seats` on the wire); only the host's key may say it.
    Seating {
        #[serde(flatten)]
        terms: TableTerms,
        seats: Vec<SeatHolder>,
    },
    /// A seat's lag stroke of the lag's `round` (from 1; a repeated lag is the next
    /// round), hidden: its commitment.
    LagCommit { round: u32, commitment: Commitment },
    /// The lag stroke and salt behind the seat's commitment, once both are in.
    LagReveal {
        round: u32,
        lag: LagStroke,
        salt: Salt,
    },
    /// The lag's winner breaks (or passes the break) and plays `ball` (rules 4, 6).
    ChooseBreak { break_it: bool, ball: BallId },
    /// The breaker's ball this far left (+) of the head spot along the head string, m
    /// (rule 7).
    BreakBall { offset_m: f64 },
    /// The seat's stroke number `number` of the game (from 1), the record its
    /// simulation wrote (packed: `pack_record`) and the hash of the table's state before
    /// it (`OnlineTable::state_hash`).
    Stroke {
        number: u32,
        stroke: Stroke,
        declared_safety: bool,
        before: String,
        record: String,
        /// On a shot clock: the seconds the shooter took, from when the balls stopped.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        thinking_s: Option<f64>,
        /// On a shot clock: the shooter called a time-out for it.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        time_out: bool,
    },
    /// The shot clock ran out on the seat's stroke number `number`, the table's state
    /// being `before`, after `thinking_s` seconds (with a time-out called, or not): the
    /// stroke not played is judged by the format's rule.
    TimedOut {
        number: u32,
        before: String,
        thinking_s: f64,
        time_out: bool,
    },
    /// The seat asks (or agrees) to put the balls back where they were before the last
    /// stroke (rule 22), the table's state being `before`; done once both seats ask.
    Restore { before: String },
    /// The seat gives the game up.
    Concede,
    /// The other seat (`away`) left `match_s` seconds after the game began and has
    /// been away `away_s` seconds, past the leaving rule's grace: the seat claims the
    /// game ends by the rule.
    Abandon { away: u8, match_s: u32, away_s: u32 },
    /// A line of chat at the table (on the aim channel; from anyone there).
    Chat { line: String },
    /// The seat will play game number `game` (from 1) of the table once the current one
    /// is over; it starts when both seats say so.
    Rematch { game: u32 },
    /// The host's record of the lag of `round` (packed as a stroke's), played to rest
    /// once both lags are revealed: every side judges the lag from it, as a stroke from
    /// its shooter's record, so that builds whose physics differ agree on its winner.
    LagRecord { round: u32, record: String },
    /// A seat's aim while it aims (`stroke`), or only that it is there (None: a
    /// heartbeat); said on the aim channel, which keeps the last one only.
    Aim { stroke: Option<Stroke> },
    /// A player's answer to `to`'s hello: the table's messages so far, each as signed by
    /// its sender (part `part` of `parts`, from 1), so that a newcomer catches up
    /// whatever the relay still buffers.
    Snapshot {
        to: PublicKey,
        part: u32,
        parts: u32,
        messages: Vec<String>,
    },
}

impl Body {
    /// Whether only a seated player may say it (a spectator may only say hello; the
    /// seating is the host's; a snapshot's messages are each checked as their sender's,
    /// so it may come before its receiver knows the seats).
    pub fn needs_a_seat(&self) -> bool {
        !matches!(
            self,
            Body::Hello { .. } | Body::Seating { .. } | Body::Snapshot { .. } | Body::Chat { .. }
        )
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
        seal_signed(self, identity)
    }

    /// The payload of a message off the wire, checked for size, form, version and
    /// signature (not yet for its table, seat or counter: the `Inbox` knows those).
    pub fn open(bytes: &[u8]) -> Result<Payload, Refusal> {
        open_signed(bytes, |payload: &Payload| payload.from)
    }
}

/// `value` on the wire: its JSON text and `identity`'s signature of exactly those bytes
/// (a table's message, a lobby's).
pub(super) fn seal_signed(value: &impl Serialize, identity: &Identity) -> Vec<u8> {
    let payload = serde_json::to_string(value).expect("a payload is plain data");
    let sig = hex(&identity.sign(payload.as_bytes()));
    serde_json::to_vec(&Wire { payload, sig }).expect("plain data")
}

/// The value of a message off the wire, checked for size, form, version (a field `v`)
/// and that the key `from` names in it signed it.
pub(super) fn open_signed<T: DeserializeOwned>(
    bytes: &[u8],
    from: impl Fn(&T) -> PublicKey,
) -> Result<T, Refusal> {
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
    let value: T = serde_json::from_str(&wire.payload).map_err(malformed)?;
    let sig = unhex::<64>(&wire.sig)
        .ok_or_else(|| Refusal::Malformed("a signature is 128 hex digits".to_owned()))?;
    if !from(&value).verifies(wire.payload.as_bytes(), &sig) {
        return Err(Refusal::Forged);
    }
    Ok(value)
}

/// A record as a stroke message carries it: its JSON, deflated, in URL-safe base64.
pub fn pack_record(record: &ShotRecord) -> String {
    pack(record)
}

/// The record of a stroke message; what is wrong with it otherwise.
pub fn unpack_record(text: &str) -> Result<ShotRecord, PackedRecordError> {
    let json = unpack(text, MAX_RECORD_BYTES)?;
    serde_json::from_slice(&json).map_err(|e| PackedRecordError::NotARecord(e.to_string()))
}

/// `value`'s JSON, deflated, in URL-safe base64 (a stroke's record, a share code).
pub(super) fn pack(value: &impl Serialize) -> String {
    use base64::Engine;
    let json = serde_json::to_vec(value).expect("plain data");
    let mut deflate = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    deflate.write_all(&json).expect("writing to memory");
    let packed = deflate.finish().expect("writing to memory");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
}

/// The JSON `pack` made of `text`, refused past `max` bytes (a peer's attempt to exhaust
/// memory); what is wrong with it otherwise (`NotARecord` is left to the caller).
pub(super) fn unpack(text: &str, max: u64) -> Result<Vec<u8>, PackedRecordError> {
    use base64::Engine;
    let packed = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(text)
        .map_err(|_| PackedRecordError::NotBase64)?;
    let mut json = Vec::new();
    flate2::read::DeflateDecoder::new(packed.as_slice())
        .take(max + 1)
        .read_to_end(&mut json)
        .map_err(|_| PackedRecordError::DoesNotInflate)?;
    if json.len() as u64 > max {
        return Err(PackedRecordError::TooLarge { max });
    }
    Ok(json)
}
