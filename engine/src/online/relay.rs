//! The relay's transport: a table's two channels on nginx with nchan (`server/`), read by
//! WebSocket (`/sub/<id>`, `/sub/aim/<id>`, each on a thread of its own) and written by
//! HTTP POST (`/pub/<id>`, `/pub/aim/<id>`). Plain `http://` relays for now (a LAN, a
//! forwarded port, or TLS ended in front of the client). A connection that goes silent
//! (a network cut that closes nothing) is noticed: each reader pings the server every
//! 2 s, and a socket that brings nothing back, not even the pong, for 6 s is taken as
//! closed, as one the server closed is; connecting, the handshake and a publish are
//! each bounded in time, so that a cut never holds the participant for long.

use super::identity::TableId;
use super::message::MAX_MESSAGE_BYTES;
use super::transport::{Channel, Transport, TransportError};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How often a reader looks up from its socket to see whether it should stop.
const READ_POLL: Duration = Duration::from_millis(100);
/// How often a reader pings the server (nginx and the embedded host answer a pong).
const PING_EVERY: Duration = Duration::from_secs(2);
/// A socket that brought nothing (no message, no pong) for this long is taken as gone.
const SILENT_AFTER: Duration = Duration::from_secs(6);
/// The longest a connection, its WebSocket handshake, or a publish may take.
const CONNECT_WITHIN: Duration = Duration::from_secs(3);
const PUBLISH_WITHIN: Duration = Duration::from_secs(5);

/// A client's connection to one table of a relay.
pub struct RelayConnection {
    /// `http://host:port`.
    base: String,
    table: TableId,
    agent: ureq::Agent,
    /// In a mutex only so that a connection may be shared (a game's resource); it is
    /// only read through `&mut self`.
    incoming: Mutex<Receiver<(Channel, Vec<u8>)>>,
    stop: Arc<AtomicBool>,
    /// Set by a reader whose socket closed.
    closed: Arc<AtomicBool>,
}

impl RelayConnection {
    /// Subscribes to `table`'s channels on the relay at `base` (`http://host:port`):
    /// from the oldest message each still holds.
    pub fn connect(base: &str, table: TableId) -> Result<RelayConnection, TransportError> {
        RelayConnection::open(base, table, &[Channel::Match, Channel::Aim])
    }

    /// Subscribes to the lobby `room`'s channel on the relay at `base`.
    pub fn lobby(base: &str, room: TableId) -> Result<RelayConnection, TransportError> {
        RelayConnection::open(base, room, &[Channel::Lobby])
    }

    fn open(
        base: &str,
        table: TableId,
        channels: &[Channel],
    ) -> Result<RelayConnection, TransportError> {
        let base = base.trim_end_matches('/');
        let Some(host) = base.strip_prefix("http://") else {
            return Err(TransportError::Closed(format!(
                "{base}: a relay's address starts with http:// (TLS goes in front of it)"
            )));
        };
        let (sender, incoming) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let closed = Arc::new(AtomicBool::new(false));
        for &channel in channels {
            let path = channel_path("sub", channel, table);
            let flags = Flags {
                stop: Arc::clone(&stop),
                closed: Arc::clone(&closed),
            };
            subscribe(host, &path, channel, sender.clone(), flags)?;
        }
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(PUBLISH_WITHIN))
            .build()
            .into();
        Ok(RelayConnection {
            base: base.to_owned(),
            table,
            agent,
            incoming: Mutex::new(incoming),
            stop,
            closed,
        })
    }

    /// Whether both channels are still being read (a relay that went away closes
    /// them, and a socket silent past `SILENT_AFTER` counts as closed; a new
    /// connection is then needed).
    pub fn is_open(&self) -> bool {
        !self.closed.load(Ordering::Relaxed)
    }
}

/// A reader's flags: `stop` it (set by the connection), its socket `closed` (set by it).
struct Flags {
    stop: Arc<AtomicBool>,
    closed: Arc<AtomicBool>,
}

/// `/sub/<id>`, `/pub/aim/<id>`, `/sub/lobby/<id>`, ...: where `verb` (`pub` or `sub`)
/// reaches `table`'s `channel` on a relay.
pub fn channel_path(verb: &str, channel: Channel, table: TableId) -> String {
    match channel {
        Channel::Match => format!("/{verb}/{}", table.to_hex()),
        Channel::Aim => format!("/{verb}/aim/{}", table.to_hex()),
        Channel::Lobby => format!("/{verb}/lobby/{}", table.to_hex()),
    }
}

/// Opens the WebSocket of `path` on `host` and reads it on a thread into `sender` until
/// stopped, or the socket closes or goes silent (then said in `flags.closed`).
fn subscribe(
    host: &str,
    path: &str,
    channel: Channel,
    sender: Sender<(Channel, Vec<u8>)>,
    flags: Flags,
) -> Result<(), TransportError> {
    let closed = |e: &dyn std::fmt::Display| TransportError::Closed(format!("{host}{path}: {e}"));
    let address = host
        .to_socket_addrs()
        .map_err(|e| closed(&e))?
        .next()
        .ok_or_else(|| closed(&"no address"))?;
    let stream = TcpStream::connect_timeout(&address, CONNECT_WITHIN).map_err(|e| closed(&e))?;
    stream
        .set_read_timeout(Some(CONNECT_WITHIN))
        .and_then(|()| stream.set_write_timeout(Some(CONNECT_WITHIN)))
        .map_err(|e| closed(&e))?;
    let (mut socket, _) =
        tungstenite::client(format!("ws://{host}{path}"), stream).map_err(|e| closed(&e))?;
    socket
        .get_mut()
        .set_read_timeout(Some(READ_POLL))
        .map_err(|e| closed(&e))?;
    std::thread::spawn(move || {
        let mut heard = Instant::now();
        let mut pinged = Instant::now();
        while !flags.stop.load(Ordering::Relaxed) {
            if heard.elapsed() > SILENT_AFTER {
                flags.closed.store(true, Ordering::Relaxed);
                break;
            }
            if pinged.elapsed() > PING_EVERY {
                pinged = Instant::now();
                // A ping that cannot be written is a socket gone: its read says so.
                let _ = socket.send(tungstenite::Message::Ping(Vec::new().into()));
            }
            let read = socket.read();
            if read.is_ok() {
                heard = Instant::now();
            }
            match read {
                Ok(tungstenite::Message::Text(text)) => {
                    if sender.send((channel, text.as_bytes().to_vec())).is_err() {
                        break;
                    }
                }
                Ok(tungstenite::Message::Binary(bytes)) => {
                    if sender.send((channel, bytes.to_vec())).is_err() {
                        break;
                    }
                }
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => {
                    flags.closed.store(true, Ordering::Relaxed);
                    break;
                }
            }
        }
        let _ = socket.close(None);
    });
    Ok(())
}

impl Transport for RelayConnection {
    fn publish(&mut self, channel: Channel, bytes: Vec<u8>) -> Result<(), TransportError> {
        TransportError::check_size(&bytes)?;
        let url = format!("{}{}", self.base, channel_path("pub", channel, self.table));
        let response = self
            .agent
            .post(&url)
            .header("Content-Type", "application/json")
            .send(&bytes[..])
            .map_err(|e| TransportError::Closed(format!("{url}: {e}")))?;
        match response.status().as_u16() {
            200..=299 => Ok(()),
            413 => Err(TransportError::TooLarge {
                bytes: bytes.len(),
                max: MAX_MESSAGE_BYTES,
            }),
            // nginx's limit_req answers 503 to an address over its rate.
            503 => Err(TransportError::TooFast),
            status => Err(TransportError::Closed(format!("{url}: HTTP {status}"))),
        }
    }

    fn receive(&mut self) -> Vec<(Channel, Vec<u8>)> {
        let incoming = self
            .incoming
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        incoming.try_iter().collect()
    }
}

impl Drop for RelayConnection {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
