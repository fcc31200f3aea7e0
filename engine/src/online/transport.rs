//! Carrying a table's messages: the `Transport` every client speaks through, and `Hub`,
//! an in-memory relay with the relay's shape (per table two channels; a subscriber hears
//! every message from when it connects, and before that from the oldest message still
//! buffered; the sender's own message comes back to it; a message over the size limit
//! is refused), for tests and for seats in one process.

use super::identity::TableId;
use super::message::MAX_MESSAGE_BYTES;
use std::collections::{HashMap, VecDeque};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};

/// A table's two channels, and a lobby's one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Channel {
    /// The match: seating, lag, strokes, ... in the match's order (a long buffer).
    Match,
    /// What only matters now (aim, heartbeats): a one-message buffer, so that it can
    /// never evict a stroke.
    Aim,
    /// A lobby's (`online::Lobby`): presence, tables, challenges and chat, each said
    /// again every few seconds while it holds, so a short buffer is enough.
    Lobby,
}

impl Channel {
    /// How many messages the channel keeps for late subscribers.
    pub fn buffer(self) -> usize {
        match self {
            Channel::Match => 4096,
            Channel::Aim => 1,
            Channel::Lobby => 64,
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

impl std::error::Error for TransportError {}

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

/// What a hub holds of one table: each channel's buffer for late subscribers and its
/// subscribers, each handed every message as it is published (a subscriber hears every
/// message from the moment it subscribes, as on the relay).
#[derive(Default)]
struct Room {
    buffers: HashMap<Channel, VecDeque<Vec<u8>>>,
    subscribers: HashMap<Channel, Vec<Sender<Vec<u8>>>>,
}

/// An in-memory relay: the one the embedded host serves, and the tests' transport.
#[derive(Clone, Default)]
pub struct Hub {
    rooms: Arc<Mutex<HashMap<TableId, Room>>>,
}

impl Hub {
    pub fn new() -> Hub {
        Hub::default()
    }

    /// A subscriber to `table`'s `channel`: the oldest message it still holds first,
    /// then each one as it is published.
    pub fn subscribe(&self, table: TableId, channel: Channel) -> Receiver<Vec<u8>> {
        let mut rooms = self.rooms.lock().unwrap_or_else(PoisonError::into_inner);
        let room = rooms.entry(table).or_default();
        let (sender, receiver) = mpsc::channel();
        for message in room.buffers.get(&channel).into_iter().flatten() {
            // The receiver is still here.
            let _ = sender.send(message.clone());
        }
        room.subscribers.entry(channel).or_default().push(sender);
        receiver
    }

    /// Publishes `bytes` on `table`'s `channel`: kept in its buffer (the oldest dropped
    /// past its length) and handed to every subscriber; a message over the size limit
    /// is refused.
    pub fn publish(
        &self,
        table: TableId,
        channel: Channel,
        bytes: Vec<u8>,
    ) -> Result<(), TransportError> {
        TransportError::check_size(&bytes)?;
        let mut rooms = self.rooms.lock().unwrap_or_else(PoisonError::into_inner);
        let room = rooms.entry(table).or_default();
        let buffer = room.buffers.entry(channel).or_default();
        buffer.push_back(bytes.clone());
        if buffer.len() > channel.buffer() {
            buffer.pop_front();
        }
        // Subscribers that have gone are forgotten here.
        let subscribers = room.subscribers.entry(channel).or_default();
        subscribers.retain(|subscriber| subscriber.send(bytes.clone()).is_ok());
        Ok(())
    }

    /// A client's connection to `table`: both channels, from the oldest message each
    /// still holds.
    pub fn connect(&self, table: TableId) -> HubConnection {
        HubConnection {
            hub: self.clone(),
            table,
            channels: [Channel::Match, Channel::Aim]
                .map(|c| (c, self.subscribe(table, c)))
                .into(),
        }
    }

    /// A client's connection to the lobby `room`: its one channel, from the oldest
    /// message it still holds.
    pub fn lobby(&self, room: TableId) -> HubConnection {
        HubConnection {
            hub: self.clone(),
            table: room,
            channels: vec![(Channel::Lobby, self.subscribe(room, Channel::Lobby))],
        }
    }
}

/// A client's connection to a table (or a lobby) of a `Hub`.
pub struct HubConnection {
    hub: Hub,
    table: TableId,
    channels: Vec<(Channel, Receiver<Vec<u8>>)>,
}

impl Transport for HubConnection {
    fn publish(&mut self, channel: Channel, bytes: Vec<u8>) -> Result<(), TransportError> {
        self.hub.publish(self.table, channel, bytes)
    }

    fn receive(&mut self) -> Vec<(Channel, Vec<u8>)> {
        let mut got = Vec::new();
        for (channel, receiver) in &self.channels {
            got.extend(receiver.try_iter().map(|m| (*channel, m)));
        }
        got
    }
}
