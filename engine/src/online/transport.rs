//! Carrying a table's messages: the `Transport` every client speaks through, and `Hub`,
//! an in-memory relay with the relay's shape (per table two channels; a subscriber hears
//! every message from when it connects, and before that from the oldest message still
//! buffered; the sender's own message comes back to it; a message over the size limit
//! is refused), for tests and for seats in one process.

use super::message::{MAX_MESSAGE_BYTES, TableId};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// A table's two channels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Channel {
    /// The match: seating, lag, strokes, ... in the match's order (a long buffer).
    Match,
    /// What only matters now (aim, heartbeats): a one-message buffer, so that it can
    /// never evict a stroke.
    Aim,
}

impl Channel {
    /// How many messages the channel keeps for late subscribers.
    pub fn buffer(self) -> usize {
        match self {
            Channel::Match => 4096,
            Channel::Aim => 1,
        }
    }
}

/// Why a message could not be sent.
#[derive(Clone, Debug, PartialEq)]
pub enum TransportError {
    TooLarge {
        bytes: usize,
        max: usize,
    },
    /// The relay turned the message away: this address published faster than it allows.
    TooFast,
    /// The connection is gone: what the transport said.
    Closed(String),
}

impl TransportError {
    /// `TooLarge` for a message over the size limit, which no transport sends.
    pub fn check_size(bytes: &[u8]) -> Result<(), TransportError> {
        if bytes.len() > MAX_MESSAGE_BYTES {
            return Err(TransportError::TooLarge {
                bytes: bytes.len(),
                max: MAX_MESSAGE_BYTES,
            });
        }
        Ok(())
    }
}

/// A client's connection to one table.
pub trait Transport {
    /// Publishes `bytes` on the table's `channel`.
    fn publish(&mut self, channel: Channel, bytes: Vec<u8>) -> Result<(), TransportError>;
    /// Every message that arrived since the last call, in the channel's order.
    fn receive(&mut self) -> Vec<(Channel, Vec<u8>)>;
}

/// What a hub holds of one table: each channel's buffer for late subscribers, and the
/// queue of every connection, which each message is also handed to as it is published
/// (a subscriber hears every message from the moment it connects, as on the relay).
#[derive(Default)]
struct Room {
    buffers: HashMap<Channel, VecDeque<Vec<u8>>>,
    queues: Vec<Weak<Mutex<Queue>>>,
}

type Queue = VecDeque<(Channel, Vec<u8>)>;

/// An in-memory relay.
#[derive(Clone, Default)]
pub struct Hub {
    rooms: Arc<Mutex<HashMap<TableId, Room>>>,
}

impl Hub {
    pub fn new() -> Hub {
        Hub::default()
    }

    /// A subscriber to `table`, starting from the oldest message each channel still
    /// holds.
    pub fn connect(&self, table: TableId) -> HubConnection {
        let mut rooms = self.rooms.lock().unwrap_or_else(PoisonError::into_inner);
        let room = rooms.entry(table).or_default();
        let mut queue = Queue::new();
        for channel in [Channel::Match, Channel::Aim] {
            if let Some(buffer) = room.buffers.get(&channel) {
                queue.extend(buffer.iter().map(|m| (channel, m.clone())));
            }
        }
        let queue = Arc::new(Mutex::new(queue));
        room.queues.push(Arc::downgrade(&queue));
        HubConnection {
            hub: self.clone(),
            table,
            queue,
        }
    }
}

/// A client's connection to a table of a `Hub`.
pub struct HubConnection {
    hub: Hub,
    table: TableId,
    queue: Arc<Mutex<Queue>>,
}

impl Transport for HubConnection {
    fn publish(&mut self, channel: Channel, bytes: Vec<u8>) -> Result<(), TransportError> {
        TransportError::check_size(&bytes)?;
        let mut rooms = self
            .hub
            .rooms
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let room = rooms.entry(self.table).or_default();
        let buffer = room.buffers.entry(channel).or_default();
        buffer.push_back(bytes.clone());
        if buffer.len() > channel.buffer() {
            buffer.pop_front();
        }
        // Connections that have gone are forgotten here.
        room.queues.retain(|queue| match queue.upgrade() {
            Some(queue) => {
                queue
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push_back((channel, bytes.clone()));
                true
            }
            None => false,
        });
        Ok(())
    }

    fn receive(&mut self) -> Vec<(Channel, Vec<u8>)> {
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        queue.drain(..).collect()
    }
}
