//! Why a message from the table is not applied, or a record it carries not read.

/// Why a message was not applied.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    TooLarge {
        bytes: usize,
        max: usize,
    },
    /// Not a message of this protocol: what the decoder said.
    Malformed(String),
    UnknownVersion(u32),
    /// Its signature is not its sender's key's.
    Forged,
    /// It names another table.
    OtherTable,
    /// Its counter is not above the last one applied from the same key.
    Replayed {
        n: u64,
        last: u64,
    },
    /// A seating not signed by the table's host.
    SeatingNotFromHost,
    /// A player's message from a key that holds no seat (a spectator), or before the
    /// seating.
    NotSeated,
    /// A player's message claiming a seat its key does not hold.
    WrongSeat {
        seat: Option<u8>,
    },
    /// A move the table does not take now: not the seat's turn, or not this phase.
    OutOfTurn,
    /// A lag revealed that is not the one the seat committed to.
    LagNotAsCommitted {
        seat: usize,
    },
    /// A stroke that names another state of the table than this one (another number,
    /// or other balls before it).
    NotThisState {
        number: u32,
    },
    /// A stroke's record that cannot be read.
    Record(PackedRecordError),
    /// Terms the table cannot be played on: what is wrong.
    Terms(String),
}

impl std::error::Error for Refusal {}

/// Why a stroke message's packed record cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum PackedRecordError {
    NotBase64,
    DoesNotInflate,
    /// It would unpack to more than this many bytes.
    TooLarge {
        max: u64,
    },
    /// It unpacks, but not to a record: what the decoder said.
    NotARecord(String),
}

impl std::error::Error for PackedRecordError {}
