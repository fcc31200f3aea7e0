//! Online play's protocol, version 1 (docs/online.md): who may say what at a table, and
//! how a message is sealed, opened and refused. A table is a channel named by 128
//! random bits; every message is the sender's signed payload (ed25519), carrying the
//! protocol version, the table, the sender's key, seat and message counter; the host
//! signs the seating, and a receiver applies nothing that is unsigned, of another
//! table, replayed, malformed, oversized, of an unknown version, or from a key that
//! does not hold the seat it claims. The transport (an in-memory hub for tests; the
//! relay (nginx with nchan, `server/`); the embedded host later) only carries bytes.

mod chat;
mod commit;
mod computer_seat;
mod fingerprint;
mod follower;
mod host;
mod identity;
mod inbox;
mod link;
mod lobby;
mod message;
mod opened;
mod refusal;
mod relay;
mod share;
mod table;
mod transport;

#[cfg(test)]
mod link_tests;
#[cfg(test)]
mod lobby_tests;
#[cfg(test)]
mod relay_tests;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;

pub use chat::{CHAT_MAX_CHARS, CHAT_RATE_LINES, CHAT_RATE_WINDOW, ChatLine, ChatLog, ChatRefusal};
pub use commit::{Commitment, LagStroke, Salt};
pub use computer_seat::computer_move;
pub use fingerprint::physics_fingerprint;
pub use follower::Follower;
pub use host::EmbeddedHost;
pub use identity::{Identity, IdentityError, PublicKey, TableId, player_identity};
pub use inbox::Inbox;
pub use link::{CONNECTED_WITHIN, Comeback, Link, LinkError, Opening, Presence, Role, who_plays};
pub use lobby::{
    Challenge, LOBBY_EXPIRY, LOBBY_HEARTBEAT, Lobby, LobbyBody, LobbyError, LobbyEvent,
    LobbyPlayer, LobbyTable, MAIN_ROOM, TableNotice, handicap_targets,
};
pub use message::{
    Body, JoinCode, LEAVING_GRACE_S, LEAVING_LOSS_MAX_S, LeavingRule, LeavingRuleError,
    MAX_MESSAGE_BYTES, PROTOCOL_VERSION, Payload, SeatHolder, TableTerms, pack_record,
    unpack_record,
};
pub use opened::{OpenError, Opened, Physics};
pub use refusal::{PackedRecordError, Refusal};
pub use relay::{RelayConnection, channel_path};
pub use share::{MATCH_CODE, STROKE_CODE, ShareError, SharedMatch, SharedPosition, SharedStroke};
pub use table::{MoveError, Note, OnlineTable, Turn};
pub use transport::{Channel, Hub, HubConnection, Transport, TransportError};
