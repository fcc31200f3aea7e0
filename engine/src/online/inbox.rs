//! A receiver's guard: what it applies of what arrives at a table, and why it drops the
//! rest (each refusal is logged by the caller; none stops the match).

use super::identity::PublicKey;
use super::identity::TableId;
use super::message::{Body, Payload};
use super::refusal::Refusal;
use std::collections::HashMap;

/// What a receiver knows of a table: its id, the host's key (from the join code), the
/// seats once the host has signed them, and the last counter applied from each key.
pub struct Inbox {
    table: TableId,
    host: PublicKey,
    seats: Option<Vec<PublicKey>>,
    last: HashMap<PublicKey, u64>,
}

impl Inbox {
    pub fn new(table: TableId, host: PublicKey) -> Inbox {
        Inbox {
            table,
            host,
            seats: None,
            last: HashMap::new(),
        }
    }

    /// The seats' keys, once seated.
    pub fn seats(&self) -> Option<&[PublicKey]> {
        self.seats.as_deref()
    }

    /// The message in `bytes` if it may be applied (and, a seating, the seats it
    /// names taken); why not otherwise.
    pub fn accept(&mut self, bytes: &[u8]) -> Result<Payload, Refusal> {
        let payload = Payload::open(bytes)?;
        if payload.table != self.table {
            return Err(Refusal::OtherTable);
        }
        let last = self.last.get(&payload.from).copied();
        if let Some(last) = last.filter(|&last| payload.n <= last) {
            return Err(Refusal::Replayed { n: payload.n, last });
        }
        if matches!(payload.body, Body::Seating { .. }) && payload.from != self.host {
            return Err(Refusal::SeatingNotFromHost);
        }
        if payload.body.needs_a_seat() {
            let seats = self.seats.as_deref().ok_or(Refusal::NotSeated)?;
            let holds = |seat: u8| seats.get(usize::from(seat)) == Some(&payload.from);
            if !seats.contains(&payload.from) {
                return Err(Refusal::NotSeated);
            }
            if !payload.seat.is_some_and(holds) {
                return Err(Refusal::WrongSeat { seat: payload.seat });
            }
        }
        if let Body::Seating { seats, .. } = &payload.body {
            self.seats = Some(seats.iter().map(|s| s.key).collect());
        }
        // A snapshot carries its sender's earlier messages, which must still apply
        // after it: its own number is not kept (replayed, it only brings replays).
        if !matches!(payload.body, Body::Snapshot { .. }) {
            self.last.insert(payload.from, payload.n);
        }
        Ok(payload)
    }
}
