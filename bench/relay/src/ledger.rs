//! What became of one table's messages: when each was published (just before its POST
//! was written) and what each of the table's subscribers received of it, by the
//! message's bytes; from which the delivery latency of each arrival (one process, one
//! clock), the messages a subscriber never received and those it received twice.

use carom_engine::online::Channel;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

/// One subscription: a participant of the table (0 the host, 1 the guest, 2 the
/// spectator) and the channel it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Subscriber {
    pub participant: usize,
    pub channel: Channel,
}

/// A table's ledger, written by its participants and their subscriptions' readers.
#[derive(Default)]
pub struct Ledger {
    books: Mutex<Books>,
}

#[derive(Default)]
struct Books {
    /// Each message published, by its bytes' hash: its channel and when.
    sent: HashMap<u64, (Channel, Instant)>,
    /// How many times each subscriber received each message, by its bytes' hash.
    received: HashMap<Subscriber, HashMap<u64, u32>>,
    /// Each arrival's delay after its publishing, µs.
    latencies_us: Vec<u32>,
    /// Arrivals of messages this table never published.
    strays: u64,
}

/// What a table's ledger says once its match is over.
#[derive(Debug, Default)]
pub struct Tally {
    pub published: u64,
    pub delivered: u64,
    pub lost: u64,
    pub duplicated: u64,
    pub strays: u64,
    pub latencies_us: Vec<u32>,
}

impl Tally {
    /// Adds `other`'s counts and latencies to this one's.
    pub fn add(&mut self, mut other: Tally) {
        self.published += other.published;
        self.delivered += other.delivered;
        self.lost += other.lost;
        self.duplicated += other.duplicated;
        self.strays += other.strays;
        self.latencies_us.append(&mut other.latencies_us);
    }
}

fn key(bytes: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

impl Ledger {
    fn books(&self) -> std::sync::MutexGuard<'_, Books> {
        self.books.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `bytes` are about to be published on `channel` (again, after the relay said too
    /// fast: the clock starts again).
    pub fn publishing(&self, channel: Channel, bytes: &[u8]) {
        self.books()
            .sent
            .insert(key(bytes), (channel, Instant::now()));
    }

    /// The relay did not take `bytes` (too fast): not published.
    pub fn not_taken(&self, bytes: &[u8]) {
        self.books().sent.remove(&key(bytes));
    }

    /// `subscriber` received `bytes` at `at`.
    pub fn arrived(&self, subscriber: Subscriber, bytes: &[u8], at: Instant) {
        let key = key(bytes);
        let mut books = self.books();
        match books.sent.get(&key) {
            Some(&(_, sent)) => {
                let us = at.saturating_duration_since(sent).as_micros();
                books
                    .latencies_us
                    .push(u32::try_from(us).unwrap_or(u32::MAX));
            }
            None => books.strays += 1,
        }
        *books
            .received
            .entry(subscriber)
            .or_default()
            .entry(key)
            .or_default() += 1;
    }

    /// The counts for `subscribers`, each of which should have received every message
    /// published on its channel.
    pub fn tally(&self, subscribers: &[Subscriber]) -> Tally {
        let mut books = self.books();
        let mut tally = Tally {
            published: books.sent.len() as u64,
            strays: books.strays,
            latencies_us: std::mem::take(&mut books.latencies_us),
            ..Tally::default()
        };
        let nothing = HashMap::new();
        for subscriber in subscribers {
            let received = books.received.get(subscriber).unwrap_or(&nothing);
            for (key, _) in books
                .sent
                .iter()
                .filter(|(_, (channel, _))| *channel == subscriber.channel)
            {
                match received.get(key) {
                    None => tally.lost += 1,
                    Some(&times) => {
                        tally.delivered += 1;
                        tally.duplicated += u64::from(times - 1);
                    }
                }
            }
        }
        tally
    }
}
