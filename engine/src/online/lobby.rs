//! A lobby: a relay's room where players see who is there (their name and measured
//! averages), the tables in play (with their score: any can be watched) and the open
//! ones, challenge one another, and chat. It is one channel (`Channel::Lobby`) with a
//! short buffer: everyone says who they are (and a host what their table stands at)
//! every `LOBBY_HEARTBEAT`, and is forgotten `LOBBY_EXPIRY` after last heard. A
//! challenge names its terms; once accepted the challenger hosts the table and tells the
//! challenged its join code, which must be the challenger's own table (a table's host
//! key is in its code). Messages are signed as a table's are, under the room's id.

use super::chat::{ChatLog, ChatRefusal};
use super::identity::{Identity, PublicKey, TableId};
use super::message::{JoinCode, PROTOCOL_VERSION, TableTerms, open_signed, seal_signed};
use super::refusal::Refusal;
use super::transport::{Channel, Transport, TransportError};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::{Duration, Instant};

/// How often a participant says they are there (and a host what their table stands at).
pub const LOBBY_HEARTBEAT: Duration = Duration::from_secs(5);
/// How long after last heard a player or a table is forgotten (three heartbeats).
pub const LOBBY_EXPIRY: Duration = Duration::from_secs(15);
/// The relay's main room: every game that enters the lobby meets here.
pub const MAIN_ROOM: TableId = TableId(*b"carom lobby main");

/// What is said in a lobby.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LobbyBody {
    /// I am here (every heartbeat): my name, my build's physics fingerprint, my measured
    /// average by game (points an inning, from my player records), whether I play now.
    Here {
        name: String,
        physics: String,
        averages: BTreeMap<String, f64>,
        playing: bool,
    },
    /// I leave the lobby.
    Gone,
    /// The table I host (every heartbeat while it is there): its join code (a watcher's
    /// way in; an open table's guest's too), game, target, players and score, whether
    /// it waits for an opponent and whether its game is over.
    Table(TableNotice),
    /// My table is closed.
    TableClosed,
    /// I challenge `to` to a game on `terms` (handicap targets in them if wanted).
    Challenge {
        id: u64,
        to: PublicKey,
        terms: TableTerms,
    },
    /// My answer to `to`'s challenge `id`.
    Answer {
        id: u64,
        to: PublicKey,
        accept: bool,
    },
    /// I withdraw my challenge `id` to `to`.
    Cancel { id: u64, to: PublicKey },
    /// The table for my challenge `id`, accepted by `to`, is open: its join code.
    Ready {
        id: u64,
        to: PublicKey,
        code: String,
    },
    /// A line of chat (plain text; never interpreted).
    Chat { line: String },
}

/// A table as its host tells the lobby.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableNotice {
    pub code: String,
    pub game: String,
    pub target: u32,
    pub players: Vec<String>,
    pub score: Vec<u32>,
    pub open: bool,
    pub over: bool,
}

/// A lobby's message as signed: as a table's, under the room's id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LobbyPayload {
    pub v: u32,
    pub room: TableId,
    pub from: PublicKey,
    pub n: u64,
    pub body: LobbyBody,
}

/// A player in the lobby.
#[derive(Clone, Debug, PartialEq)]
pub struct LobbyPlayer {
    pub key: PublicKey,
    pub name: String,
    /// The name as shown: with the start of the key after it where another player
    /// present has the same name.
    pub shown: String,
    pub physics: String,
    pub averages: BTreeMap<String, f64>,
    pub playing: bool,
    /// This participant.
    pub me: bool,
}

/// A table in the lobby, by its host.
#[derive(Clone, Debug, PartialEq)]
pub struct LobbyTable {
    pub host: PublicKey,
    pub notice: TableNotice,
}

/// A challenge between two players.
#[derive(Clone, Debug, PartialEq)]
pub struct Challenge {
    pub id: u64,
    pub from: PublicKey,
    pub to: PublicKey,
    pub terms: TableTerms,
}

/// What the lobby asks of the player (or their game).
#[derive(Clone, Debug, PartialEq)]
pub enum LobbyEvent {
    /// Someone challenges this player: answer it.
    Challenged(Challenge),
    /// This player's challenge was declined, or its player left.
    Declined(Challenge),
    /// A challenge to this player was withdrawn, or its challenger left.
    Cancelled(Challenge),
    /// This player's challenge was accepted: host its table and say `Lobby::ready`.
    HostFor(Challenge),
    /// The table of a challenge this player accepted is open: join it by `code`.
    Join {
        challenge: Challenge,
        code: JoinCode,
    },
}

/// Why the lobby did not take what this player asked (`Display`: words/troubles).
#[derive(Clone, Debug, PartialEq)]
pub enum LobbyError {
    /// No such player present (or it is this player).
    NoSuchPlayer,
    /// No such challenge open.
    NoSuchChallenge,
    /// A challenge to that player is open already.
    AlreadyChallenged,
    Chat(ChatRefusal),
}

impl std::error::Error for LobbyError {}

/// A player or a table, and when last heard of.
struct Heard<T> {
    what: T,
    at: Instant,
}

/// One participant's lobby.
pub struct Lobby {
    room: TableId,
    me: Identity,
    here: LobbyBody,
    /// The last counter used: from the clock at entry, so a player who starts again
    /// continues above their earlier messages.
    counter: u64,
    my_table: Option<TableNotice>,
    next_heartbeat: Option<Instant>,
    players: HashMap<PublicKey, Heard<LobbyBody>>,
    tables: HashMap<PublicKey, Heard<TableNotice>>,
    /// Open challenges this player made, and those made to them.
    outgoing: Vec<Challenge>,
    incoming: Vec<Challenge>,
    /// Challenges this player accepted, waiting for their table.
    accepted: Vec<Challenge>,
    last: HashMap<PublicKey, u64>,
    chat: ChatLog,
    outbox: Vec<Vec<u8>>,
    events: Vec<LobbyEvent>,
    notes: Vec<Refusal>,
}

impl Lobby {
    /// `me`, named `name`, with their `averages` by game and their build's `physics`,
    /// entering `room`.
    pub fn enter(
        me: Identity,
        name: &str,
        averages: BTreeMap<String, f64>,
        physics: String,
        room: TableId,
    ) -> Lobby {
        let clock_us = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_micros() as u64);
        Lobby {
            room,
            chat: ChatLog::new(me.public()),
            me,
            here: LobbyBody::Here {
                name: name.to_owned(),
                physics,
                averages,
                playing: false,
            },
            counter: clock_us,
            my_table: None,
            next_heartbeat: None,
            players: HashMap::new(),
            tables: HashMap::new(),
            outgoing: Vec::new(),
            incoming: Vec::new(),
            accepted: Vec::new(),
            last: HashMap::new(),
            outbox: Vec::new(),
            events: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn key(&self) -> PublicKey {
        self.me.public()
    }

    /// Says what is due (a heartbeat at `now`, what the player asked), then applies
    /// what arrived and forgets whom it has not heard for `LOBBY_EXPIRY`.
    pub fn exchange<T: Transport + ?Sized>(
        &mut self,
        transport: &mut T,
        now: Instant,
    ) -> Result<(), TransportError> {
        if self.next_heartbeat.is_none_or(|at| now >= at) {
            self.next_heartbeat = Some(now + LOBBY_HEARTBEAT);
            self.say(self.here.clone());
            if let Some(table) = self.my_table.clone() {
                self.say(LobbyBody::Table(table));
            }
        }
        for bytes in std::mem::take(&mut self.outbox) {
            transport.publish(Channel::Lobby, bytes)?;
        }
        for (_, bytes) in transport.receive() {
            match self.accept(&bytes) {
                Ok(payload) => self.apply(payload, now),
                Err(refusal) => self.notes.push(refusal),
            }
        }
        self.expire(now);
        Ok(())
    }

    /// Says this player leaves (sent with the next exchange, or at once by `leave`).
    pub fn leave(mut self, transport: &mut impl Transport) -> Result<(), TransportError> {
        self.say(LobbyBody::Gone);
        for bytes in std::mem::take(&mut self.outbox) {
            transport.publish(Channel::Lobby, bytes)?;
        }
        Ok(())
    }

    /// Whether this player is at a table now (said with their presence).
    pub fn set_playing(&mut self, now_playing: bool) {
        if let LobbyBody::Here { playing, .. } = &mut self.here
            && *playing != now_playing
        {
            *playing = now_playing;
            self.say(self.here.clone());
        }
    }

    /// The table this player hosts, as it stands (said now if it changed, and with
    /// each heartbeat), or None once it is closed.
    pub fn announce(&mut self, table: Option<TableNotice>) {
        if table == self.my_table {
            return;
        }
        let closed = table.is_none() && self.my_table.is_some();
        self.my_table = table.clone();
        match table {
            Some(table) => self.say(LobbyBody::Table(table)),
            None if closed => self.say(LobbyBody::TableClosed),
            None => {}
        }
    }

    /// The players present, this one among them, by name.
    pub fn players(&self) -> Vec<LobbyPlayer> {
        let mut players: Vec<LobbyPlayer> = self
            .players
            .iter()
            .filter_map(|(key, heard)| match &heard.what {
                LobbyBody::Here {
                    name,
                    physics,
                    averages,
                    playing,
                } => Some(LobbyPlayer {
                    key: *key,
                    name: name.clone(),
                    shown: name.clone(),
                    physics: physics.clone(),
                    averages: averages.clone(),
                    playing: *playing,
                    me: *key == self.key(),
                }),
                _ => None,
            })
            .collect();
        let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        for player in &mut players {
            if names.iter().filter(|n| **n == player.name).count() > 1 {
                player.shown = format!("{} #{}", player.name, &player.key.to_hex()[..6]);
            }
        }
        players.sort_by(|a, b| (&a.shown, a.key.0).cmp(&(&b.shown, b.key.0)));
        players
    }

    /// The tables present: those in play first, then the open ones, each by host.
    pub fn tables(&self) -> Vec<LobbyTable> {
        let mut tables: Vec<LobbyTable> = self
            .tables
            .iter()
            .map(|(host, heard)| LobbyTable {
                host: *host,
                notice: heard.what.clone(),
            })
            .collect();
        tables.sort_by(|a, b| {
            (a.notice.open, &a.notice.players, a.host.0).cmp(&(
                b.notice.open,
                &b.notice.players,
                b.host.0,
            ))
        });
        tables
    }

    /// Challenges made to this player, still open.
    pub fn incoming(&self) -> &[Challenge] {
        &self.incoming
    }

    /// Challenges this player made, still open.
    pub fn outgoing(&self) -> &[Challenge] {
        &self.outgoing
    }

    /// Challenges `to` to a game on `terms`; its id.
    pub fn challenge(&mut self, to: PublicKey, terms: TableTerms) -> Result<u64, LobbyError> {
        if to == self.key() || !self.players.contains_key(&to) {
            return Err(LobbyError::NoSuchPlayer);
        }
        if self.outgoing.iter().any(|c| c.to == to) {
            return Err(LobbyError::AlreadyChallenged);
        }
        let id = self.counter + 1;
        self.outgoing.push(Challenge {
            id,
            from: self.key(),
            to,
            terms: terms.clone(),
        });
        self.say(LobbyBody::Challenge { id, to, terms });
        Ok(id)
    }

    /// Answers the challenge `id` made to this player.
    pub fn answer(&mut self, id: u64, accept: bool) -> Result<(), LobbyError> {
        let at = self.incoming.iter().position(|c| c.id == id);
        let challenge = self.incoming.remove(at.ok_or(LobbyError::NoSuchChallenge)?);
        let to = challenge.from;
        if accept {
            self.accepted.push(challenge);
        }
        self.say(LobbyBody::Answer { id, to, accept });
        Ok(())
    }

    /// Withdraws this player's challenge `id`.
    pub fn cancel(&mut self, id: u64) -> Result<(), LobbyError> {
        let at = self.outgoing.iter().position(|c| c.id == id);
        let challenge = self.outgoing.remove(at.ok_or(LobbyError::NoSuchChallenge)?);
        self.say(LobbyBody::Cancel {
            id,
            to: challenge.to,
        });
        Ok(())
    }

    /// Tells the player who accepted `challenge` that its table is open at `code`.
    pub fn ready(&mut self, challenge: &Challenge, code: &JoinCode) {
        self.say(LobbyBody::Ready {
            id: challenge.id,
            to: challenge.to,
            code: code.to_text(),
        });
    }

    /// Says `line` to the lobby, if its length and this player's rate allow it.
    pub fn say_line(&mut self, line: &str, now: Instant) -> Result<(), LobbyError> {
        self.chat.speak(line, now).map_err(LobbyError::Chat)?;
        self.say(LobbyBody::Chat {
            line: line.to_owned(),
        });
        Ok(())
    }

    pub fn chat(&self) -> &ChatLog {
        &self.chat
    }

    pub fn mute(&mut self, player: PublicKey, muted: bool) {
        self.chat.mute(player, muted);
    }

    pub fn take_events(&mut self) -> Vec<LobbyEvent> {
        std::mem::take(&mut self.events)
    }

    /// What was refused since last asked, for the log.
    pub fn take_notes(&mut self) -> Vec<Refusal> {
        std::mem::take(&mut self.notes)
    }

    fn say(&mut self, body: LobbyBody) {
        self.counter += 1;
        let payload = LobbyPayload {
            v: PROTOCOL_VERSION,
            room: self.room,
            from: self.key(),
            n: self.counter,
            body,
        };
        self.outbox.push(seal_signed(&payload, &self.me));
    }

    /// The message in `bytes` if it may be applied: signed by its sender, of this room,
    /// not replayed.
    fn accept(&mut self, bytes: &[u8]) -> Result<LobbyPayload, Refusal> {
        let payload = open_signed(bytes, |p: &LobbyPayload| p.from)?;
        if payload.room != self.room {
            return Err(Refusal::OtherTable);
        }
        if let Some(&last) = self.last.get(&payload.from)
            && payload.n <= last
        {
            return Err(Refusal::Replayed { n: payload.n, last });
        }
        self.last.insert(payload.from, payload.n);
        Ok(payload)
    }

    fn apply(&mut self, payload: LobbyPayload, now: Instant) {
        let from = payload.from;
        let me = self.key();
        match payload.body {
            here @ LobbyBody::Here { .. } => {
                self.players.insert(
                    from,
                    Heard {
                        what: here,
                        at: now,
                    },
                );
            }
            LobbyBody::Gone => self.forget(from),
            LobbyBody::Table(notice) => {
                self.tables.insert(
                    from,
                    Heard {
                        what: notice,
                        at: now,
                    },
                );
            }
            LobbyBody::TableClosed => {
                self.tables.remove(&from);
            }
            LobbyBody::Challenge { id, to, terms } if to == me && from != me => {
                let challenge = Challenge {
                    id,
                    from,
                    to,
                    terms,
                };
                if !self.incoming.iter().any(|c| c.id == id && c.from == from) {
                    self.incoming.push(challenge.clone());
                    self.events.push(LobbyEvent::Challenged(challenge));
                }
            }
            LobbyBody::Answer { id, to, accept } if to == me => {
                let at = self
                    .outgoing
                    .iter()
                    .position(|c| c.id == id && c.to == from);
                if let Some(at) = at {
                    let challenge = self.outgoing.remove(at);
                    self.events.push(if accept {
                        LobbyEvent::HostFor(challenge)
                    } else {
                        LobbyEvent::Declined(challenge)
                    });
                }
            }
            LobbyBody::Cancel { id, to } if to == me => {
                let at = self
                    .incoming
                    .iter()
                    .position(|c| c.id == id && c.from == from);
                if let Some(at) = at {
                    let challenge = self.incoming.remove(at);
                    self.events.push(LobbyEvent::Cancelled(challenge));
                }
            }
            LobbyBody::Ready { id, to, code } if to == me => {
                let at = self
                    .accepted
                    .iter()
                    .position(|c| c.id == id && c.from == from);
                // Only the challenger's own table: its code names its host's key.
                match (at, JoinCode::parse(&code)) {
                    (Some(at), Some(code)) if code.host == from => {
                        let challenge = self.accepted.remove(at);
                        self.events.push(LobbyEvent::Join { challenge, code });
                    }
                    (Some(_), _) => self.notes.push(Refusal::Terms(format!(
                        "a challenge's table at {code:?}, which is not its challenger's"
                    ))),
                    (None, _) => {}
                }
            }
            LobbyBody::Chat { line } => {
                let name = self.name_of(&from);
                // A line refused (too long, too fast, muted) is simply not shown.
                let _ = self.chat.hear(from, &name, &line, now);
            }
            // What is addressed to someone else.
            LobbyBody::Challenge { .. }
            | LobbyBody::Answer { .. }
            | LobbyBody::Cancel { .. }
            | LobbyBody::Ready { .. } => {}
        }
    }

    /// The name `key` is shown by (as `players` shows it), or the start of its key.
    fn name_of(&self, key: &PublicKey) -> String {
        self.players()
            .into_iter()
            .find(|p| p.key == *key)
            .map_or_else(|| format!("#{}", &key.to_hex()[..6]), |p| p.shown)
    }

    /// Forgets `key`'s presence, table and challenges.
    fn forget(&mut self, key: PublicKey) {
        self.players.remove(&key);
        self.tables.remove(&key);
        let (gone, kept): (Vec<Challenge>, Vec<Challenge>) =
            self.outgoing.drain(..).partition(|c| c.to == key);
        self.outgoing = kept;
        self.events
            .extend(gone.into_iter().map(LobbyEvent::Declined));
        let (gone, kept): (Vec<Challenge>, Vec<Challenge>) =
            self.incoming.drain(..).partition(|c| c.from == key);
        self.incoming = kept;
        self.events
            .extend(gone.into_iter().map(LobbyEvent::Cancelled));
        self.accepted.retain(|c| c.from != key);
    }

    fn expire(&mut self, now: Instant) {
        let stale: HashSet<PublicKey> = self
            .players
            .iter()
            .filter(|(_, heard)| now.duration_since(heard.at) > LOBBY_EXPIRY)
            .map(|(key, _)| *key)
            .collect();
        for key in stale {
            self.forget(key);
        }
        self.tables
            .retain(|_, heard| now.duration_since(heard.at) <= LOBBY_EXPIRY);
    }
}

/// A handicap match's targets from both players' averages (points an inning), in their
/// order: `play::tournament::handicap_targets` for two.
pub fn handicap_targets(target: u32, averages: [Option<f64>; 2]) -> Vec<u32> {
    crate::play::tournament::handicap_targets(target, &averages)
}
