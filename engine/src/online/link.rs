//! A participant's hold on a table from a front end that runs for a while (the game):
//! the table, its connection to the relay (made again when it drops), the embedded host
//! where this participant serves the table itself, a heartbeat and the seat's aim on
//! the aim channel, and what it takes to come back after the game starts again
//! ([`Comeback`], kept in the data folder until the participant leaves the table).

use super::identity::{Identity, IdentityError, TableId, player_identity};
use super::message::{JoinCode, TableTerms};
use super::relay::RelayConnection;
use super::table::OnlineTable;
use super::transport::{Channel, Transport, TransportError};
use super::{EmbeddedHost, physics_fingerprint};
use crate::config::Config;
use crate::play::{FileError, delete, read_if_there, write_ron};
use crate::shot::Stroke;
use crate::table::TableGeometry;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How often a seat says it is there.
const HEARTBEAT: Duration = Duration::from_secs(2);
/// The least time between two aims said (the relay allows 20 messages a second from
/// an address, which three games on one machine share).
const AIM_EVERY: Duration = Duration::from_millis(250);
/// How long a participant the relay turned away as too fast waits before it publishes
/// again (one message's worth of the relay's 20 a second from an address).
const RATE_WAIT: Duration = Duration::from_millis(50);
/// How long a dropped connection waits before it is made again (a connection that goes
/// silent is dropped by `RelayConnection` after 6 s).
const RECONNECT_EVERY: Duration = Duration::from_secs(2);
/// Heard from within this: connected; within `GONE_AFTER`: reconnecting; else gone.
pub const CONNECTED_WITHIN: Duration = Duration::from_secs(7);
const GONE_AFTER: Duration = Duration::from_secs(60);

/// How a participant sits at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// The host, in seat 0.
    Host,
    /// A guest who asked for seat 1.
    Player,
    Spectator,
}

/// What it takes to come back to a table once the game starts again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comeback {
    /// The relay's `http://` address (this game's own embedded host's, where it serves).
    pub relay: String,
    /// The table's join code.
    pub code: String,
    pub name: String,
    pub role: Role,
    /// The host's terms (a host that comes back before the seating still seats).
    pub terms: Option<TableTerms>,
    /// Where this game's embedded host listens, when it serves the table itself.
    pub serve: Option<String>,
}

impl Comeback {
    /// Where the comeback is kept in the data folder `data`.
    pub fn path(data: &Path) -> PathBuf {
        data.join("online").join("comeback.ron")
    }

    /// The table to come back to, if there is one.
    pub fn read(data: &Path) -> Result<Option<Comeback>, FileError> {
        let path = Comeback::path(data);
        match read_if_there(&path)? {
            None => Ok(None),
            Some(text) => Ok(Some(crate::config::parse(
                &path.display().to_string(),
                &text,
            )?)),
        }
    }
}

/// How the participant comes to the table.
#[derive(Clone, Debug)]
pub enum Opening {
    /// A new table on `terms`, on the relay at `relay`, or served by this game on
    /// `serve` (a listen address, such as `0.0.0.0:8090`) where `relay` is None.
    Host {
        terms: TableTerms,
        relay: Option<String>,
        serve: String,
    },
    /// The table of `code` on the relay at `relay`, as a player or a spectator.
    Join {
        code: JoinCode,
        relay: String,
        role: Role,
    },
    /// The table the game was at when it stopped.
    Comeback(Comeback),
}

/// Why a table could not be opened.
#[derive(Debug)]
pub enum LinkError {
    /// The player's key or the comeback could not be read or written.
    File(FileError),
    Identity(IdentityError),
    /// The embedded host could not listen at the address: what the system said.
    Serve {
        listen: String,
        error: String,
    },
    /// The relay could not be reached.
    Transport(TransportError),
    /// This build's physics could not be fingerprinted: why.
    Physics(String),
    /// A comeback's join code does not read as one.
    Code(String),
}

impl std::error::Error for LinkError {}

/// Where the other player stands, as this participant hears them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    Connected,
    /// Not heard from for a few seconds.
    Reconnecting,
    /// Not heard from for a minute, or never.
    Gone,
}

impl Presence {
    fn since(heard: Option<Instant>) -> Presence {
        match heard.map(|t| t.elapsed()) {
            Some(d) if d < CONNECTED_WITHIN => Presence::Connected,
            Some(d) if d < GONE_AFTER => Presence::Reconnecting,
            _ => Presence::Gone,
        }
    }
}

/// A participant's table, connected.
pub struct Link {
    table: OnlineTable,
    comeback: Comeback,
    data: PathBuf,
    connection: Option<RelayConnection>,
    /// A connection being made again, on a thread of its own (a relay that does not
    /// answer takes seconds to give up on, which a game's frame cannot wait). In a
    /// mutex only so that a link may be shared (a game's resource).
    connecting: Option<Mutex<Receiver<Result<RelayConnection, TransportError>>>>,
    /// This game's embedded host, while it serves the table.
    serving: Option<EmbeddedHost>,
    next_connect: Instant,
    next_heartbeat: Instant,
    aim_said: Option<(Instant, Stroke)>,
    /// What went wrong with the connection last, while it is down.
    trouble: Option<TransportError>,
    /// Whether the table has been connected before: a connection made again says hello
    /// again, so that a player's snapshot brings what the relay no longer holds.
    was_connected: bool,
    /// The relay said "too fast": nothing is published before this.
    publish_after: Instant,
}

impl Link {
    /// Opens the table as `opening` says, for `name` (whose key is kept in `data`), and
    /// keeps its comeback there.
    pub fn open(
        config: &Config,
        data: &Path,
        name: &str,
        opening: Opening,
    ) -> Result<Link, LinkError> {
        let (me, physics) = who_plays(config, data, name)?;
        let saves = Some(data.join("online"));
        // A new table's relay, or one joined, must answer now; a comeback's may still
        // be starting.
        let must_answer = !matches!(opening, Opening::Comeback(_));
        let (comeback, serving) = match opening {
            Opening::Host {
                terms,
                relay,
                serve,
            } => {
                let table = TableId::generate().map_err(LinkError::Identity)?;
                let code = JoinCode {
                    table,
                    host: me.public(),
                };
                let (relay, serving, serve) = match relay {
                    Some(relay) => (relay, None, None),
                    None => {
                        let (host, own) = serve_at(&serve)?;
                        // Where it really listens (a port 0 chosen), to serve again there.
                        let serve = host.address().to_string();
                        (own, Some(host), Some(serve))
                    }
                };
                let comeback = Comeback {
                    relay,
                    code: code.to_text(),
                    name: name.to_owned(),
                    role: Role::Host,
                    terms: Some(terms),
                    serve,
                };
                (comeback, serving)
            }
            Opening::Join { code, relay, role } => {
                let comeback = Comeback {
                    relay,
                    code: code.to_text(),
                    name: name.to_owned(),
                    role,
                    terms: None,
                    serve: None,
                };
                (comeback, None)
            }
            Opening::Comeback(comeback) => match &comeback.serve {
                Some(serve) => {
                    let (host, _) = serve_at(serve)?;
                    (comeback, Some(host))
                }
                None => (comeback, None),
            },
        };
        let code = JoinCode::parse(&comeback.code)
            .ok_or_else(|| LinkError::Code(comeback.code.clone()))?;
        let table = match (&comeback.role, &comeback.terms) {
            (Role::Host, Some(terms)) => {
                OnlineTable::host(config, me, name, code.table, terms.clone(), physics, saves)
            }
            (role, _) => OnlineTable::join(
                config,
                me,
                name,
                code.table,
                code.host,
                *role != Role::Spectator,
                physics,
                saves,
            ),
        };
        write_ron(&Comeback::path(data), &comeback).map_err(LinkError::File)?;
        let now = Instant::now();
        let mut link = Link {
            table,
            comeback,
            data: data.to_owned(),
            connection: None,
            connecting: None,
            serving,
            next_connect: now,
            next_heartbeat: now,
            aim_said: None,
            trouble: None,
            was_connected: false,
            publish_after: now,
        };
        // The first connection is made at once: a new table's relay must answer now.
        let first = RelayConnection::connect(&link.comeback.relay, link.table.table_id());
        link.connected_or_not(first);
        match link.trouble.take() {
            Some(e) if must_answer => {
                link.leave().map_err(LinkError::File)?;
                Err(LinkError::Transport(e))
            }
            trouble => {
                link.trouble = trouble;
                Ok(link)
            }
        }
    }

    pub fn table(&self) -> &OnlineTable {
        &self.table
    }

    pub fn table_mut(&mut self) -> &mut OnlineTable {
        &mut self.table
    }

    /// How this participant came to the table (and comes back to it).
    pub fn comeback(&self) -> &Comeback {
        &self.comeback
    }

    /// Where others on the LAN join, when this game serves the table.
    pub fn lan_url(&self) -> Option<String> {
        self.serving.as_ref().map(EmbeddedHost::lan_url)
    }

    /// Whether the connection to the relay is up.
    pub fn connected(&self) -> bool {
        self.connection
            .as_ref()
            .is_some_and(RelayConnection::is_open)
    }

    /// What went wrong with the connection, while it is down.
    pub fn trouble(&self) -> Option<&TransportError> {
        self.trouble.as_ref()
    }

    /// Where `seat`'s player stands, as heard from here.
    pub fn presence(&self, seat: usize) -> Presence {
        Presence::since(self.table.heard(seat))
    }

    /// One look at the table: the connection made again where it dropped, what this
    /// participant says published and what arrived applied, a heartbeat when due.
    pub fn tick(&mut self) {
        self.tick_watching(&mut |_, _| {});
    }

    /// `tick`, with `watch` shown each message that arrives before it is applied (`carom
    /// online` stamps a stroke's arrival with it).
    pub fn tick_watching(&mut self, watch: &mut dyn FnMut(Channel, &[u8])) {
        let now = Instant::now();
        if !self.connected() && now >= self.next_connect {
            self.connect_again();
        }
        if now >= self.next_heartbeat && self.table.caught_up() {
            self.table.say_aim(self.aim_said.map(|(_, s)| s));
            self.next_heartbeat = now + HEARTBEAT;
        }
        let Some(connection) = &mut self.connection else {
            return;
        };
        // Only a seat whose own connection is up may say the other stayed away.
        if self.table.caught_up() {
            self.table.claim_if_abandoned(now);
        }
        let mut paced = Paced {
            connection,
            watch,
            publish_after: &mut self.publish_after,
        };
        match self.table.exchange(&mut paced) {
            // What could not go stays in the table's outbox for the next look.
            Ok(()) | Err(TransportError::TooFast) => self.trouble = None,
            Err(e) => {
                self.trouble = Some(e);
                self.connection = None;
                self.next_connect = now + RECONNECT_EVERY;
            }
        }
    }

    /// The seat's aim while it aims (None: it does not aim now), said at most every
    /// quarter of a second, and only when it changed.
    pub fn aim(&mut self, stroke: Option<Stroke>) {
        let now = Instant::now();
        let said = self.aim_said.map(|(_, s)| s);
        let due = self.aim_said.is_none_or(|(at, _)| now >= at + AIM_EVERY);
        if said != stroke && due {
            self.table.say_aim(stroke);
            self.aim_said = stroke.map(|s| (now, s));
            self.next_heartbeat = now + HEARTBEAT;
        }
    }

    /// The participant leaves the table: nothing to come back to.
    pub fn leave(self) -> Result<(), FileError> {
        let path = Comeback::path(&self.data);
        match path.exists() {
            true => delete(&path),
            false => Ok(()),
        }
    }

    /// Makes the connection again on a thread, or takes it once made.
    fn connect_again(&mut self) {
        match &mut self.connecting {
            None => {
                let (made, connecting) = channel();
                let (relay, table) = (self.comeback.relay.clone(), self.table.table_id());
                std::thread::spawn(move || {
                    // The link may have gone meanwhile: nobody to tell.
                    let _ = made.send(RelayConnection::connect(&relay, table));
                });
                self.connecting = Some(Mutex::new(connecting));
            }
            Some(connecting) => match connecting
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner)
                .try_recv()
            {
                Ok(result) => {
                    self.connecting = None;
                    self.connected_or_not(result);
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    self.connecting = None;
                    self.next_connect = Instant::now() + RECONNECT_EVERY;
                }
            },
        }
    }

    /// A connection made (the table says hello again if it had one before), or why not.
    fn connected_or_not(&mut self, result: Result<RelayConnection, TransportError>) {
        match result {
            Ok(connection) => {
                self.connection = Some(connection);
                self.trouble = None;
                if self.was_connected {
                    self.table.rejoin();
                }
                self.was_connected = true;
            }
            Err(e) => {
                self.trouble = Some(e);
                self.next_connect = Instant::now() + RECONNECT_EVERY;
            }
        }
    }
}

/// `name`'s key (kept in the data folder `data`) and this build's physics fingerprint
/// on the default table: who a table or a lobby is told this participant is.
pub fn who_plays(
    config: &Config,
    data: &Path,
    name: &str,
) -> Result<(Identity, String), LinkError> {
    let me = player_identity(data, name).map_err(LinkError::File)?;
    let geometry = TableGeometry::new(&config.tables, None, &config.balls)
        .map_err(|e| LinkError::Physics(e.to_string()))?;
    let physics =
        physics_fingerprint(config, &geometry).map_err(|e| LinkError::Physics(e.to_string()))?;
    Ok((me, physics))
}

/// A connection that publishes nothing for a while once the relay says "too fast" (it
/// would only turn away more), and whose arrivals are shown to `watch` before they are
/// applied.
struct Paced<'a> {
    connection: &'a mut RelayConnection,
    watch: &'a mut dyn FnMut(Channel, &[u8]),
    publish_after: &'a mut Instant,
}

impl Transport for Paced<'_> {
    fn publish(&mut self, channel: Channel, bytes: Vec<u8>) -> Result<(), TransportError> {
        if Instant::now() < *self.publish_after {
            return Err(TransportError::TooFast);
        }
        let published = self.connection.publish(channel, bytes);
        if published == Err(TransportError::TooFast) {
            *self.publish_after = Instant::now() + RATE_WAIT;
        }
        published
    }

    fn receive(&mut self) -> Vec<(Channel, Vec<u8>)> {
        let got = self.connection.receive();
        for (channel, bytes) in &got {
            (self.watch)(*channel, bytes);
        }
        got
    }
}

/// This game's embedded host at `listen`, and the address this game reaches it at.
fn serve_at(listen: &str) -> Result<(EmbeddedHost, String), LinkError> {
    let host = EmbeddedHost::start(listen).map_err(|e| LinkError::Serve {
        listen: listen.to_owned(),
        error: e.to_string(),
    })?;
    let own = format!("http://127.0.0.1:{}", host.address().port());
    Ok((host, own))
}
