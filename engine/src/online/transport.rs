//! Carrying a table's messages: the `Transport` every client speaks through, and `Hub`,
//! an in-memory relay with the relay's shape (per table two channels; a late
//! subscriber starts from the oldest message still buffered; the sender's own message
//! comes back to it; a message over the size limit is refused), for tests and for
//! seats in one process.

use super::message::{MAX_MESSAGE_BYTES, TableId};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

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
    /// The connection is gone: what the transport said.
    Closed(String),
}

/// A client's connection to one table.
pub trait Transport {
    /// Publishes `bytes` on the table's `channel`.
    fn publish(&mut self, channel: Channel, bytes: Vec<u8>) -> Result<(), TransportError>;
    /// Every message that arrived since the last call, in the channel's order.
    fn receive(&mut self) -> Vec<(Channel, Vec<u8>)>;
}

/// One channel's buffer: the sequence number of its oldest message, and the messages.
#[derive(Default)]
struct Buffer {
    first: u64,
    messages: VecDeque<Vec<u8>>,
}

/// An in-memory relay.
#[derive(Clone, Default)]
pub struct Hub {
    channels: Arc<Mutex<HashMap<(TableId, Channel), Buffer>>>,
}

impl Hub {
    pub fn new() -> Hub {
        Hub::default()
    }

    /// A subscriber to `table`, starting from the oldest message each channel still
    /// holds.
    pub fn connect(&self, table: TableId) -> HubConnection {
        let channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
        let first = |c: Channel| channels.get(&(table, c)).map_or(0, |b| b.first);
        HubConnection {
            hub: self.clone(),
            table,
            next: [first(Channel::Match), first(Channel::Aim)],
        }
    }
}

/// A client's connection to a table of a `Hub`.
pub struct HubConnection {
    hub: Hub,
    table: TableId,
    /// The next sequence number to read, per channel (Match, Aim).
    next: [u64; 2],
}

fn slot(channel: Channel) -> usize {
    match channel {
        Channel::Match => 0,
        Channel::Aim => 1,
    }
}

impl Transport for HubConnection {
    fn publish(&mut self, channel: Channel, bytes: Vec<u8>) -> Result<(), TransportError> {
        if bytes.len() > MAX_MESSAGE_BYTES {
            return Err(TransportError::TooLarge {
                bytes: bytes.len(),
                max: MAX_MESSAGE_BYTES,
            });
        }
        let mut channels = self
            .hub
            .channels
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let buffer = channels.entry((self.table, channel)).or_default();
        buffer.messages.push_back(bytes);
        if buffer.messages.len() > channel.buffer() {
            buffer.messages.pop_front();
            buffer.first += 1;
        }
        Ok(())
    }

    fn receive(&mut self) -> Vec<(Channel, Vec<u8>)> {
        let channels = self
            .hub
            .channels
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let mut out = Vec::new();
        for channel in [Channel::Match, Channel::Aim] {
            let Some(buffer) = channels.get(&(self.table, channel)) else {
                continue;
            };
            let next = &mut self.next[slot(channel)];
            // Messages evicted before this subscriber read them are gone: it reads on
            // from the oldest kept (a snapshot from a player catches it up).
            let from = (*next).max(buffer.first);
            let skip = usize::try_from(from - buffer.first).unwrap_or(usize::MAX);
            out.extend(
                buffer
                    .messages
                    .iter()
                    .skip(skip)
                    .map(|m| (channel, m.clone())),
            );
            *next = buffer.first + buffer.messages.len() as u64;
        }
        out
    }
}
