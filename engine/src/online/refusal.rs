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
