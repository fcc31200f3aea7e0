//! The embedded host: the relay's endpoints served by Carom itself (the game, or
//! `carom online host`) for a LAN or a forwarded port, so that one client path
//! (`RelayConnection`) serves both. The same URLs as `server/nginx.conf`: WebSocket
//! subscriptions at `/sub/<id>` and `/sub/aim/<id>`, each starting from the oldest
//! message the channel still holds; HTTP POST to `/pub/<id>` and `/pub/aim/<id>`,
//! bounded as nginx bounds them (16 KiB a message, 20 a second from an address with
//! bursts of 40); every subscriber, the sender included, hears each message. The
//! channels are a `Hub`'s, kept in memory while the host runs.

use super::identity::TableId;
use super::message::MAX_MESSAGE_BYTES;
use super::transport::{Channel, Hub};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Messages an address may publish a second, and in a burst (nginx's `limit_req`).
const RATE_PER_S: f64 = 20.0;
const BURST: f64 = 40.0;
/// The longest request head read, bytes.
const MAX_HEAD_BYTES: usize = 8192;
/// How long a client has to send its request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// How often an idle subscription looks whether its client has gone or the host stops.
const IDLE_POLL: Duration = Duration::from_millis(200);

/// A running embedded host; it stops when dropped.
pub struct EmbeddedHost {
    address: SocketAddr,
    stop: Arc<AtomicBool>,
    accepting: Option<JoinHandle<()>>,
}

/// Each address's publishing allowance: tokens, refilled at `RATE_PER_S` up to `BURST`.
type Allowances = Arc<Mutex<HashMap<IpAddr, (f64, Instant)>>>;

impl EmbeddedHost {
    /// Serves on `listen` (`0.0.0.0:8090` for a LAN, `127.0.0.1:0` for a free port here).
    pub fn start(listen: &str) -> std::io::Result<EmbeddedHost> {
        let listener = TcpListener::bind(listen)?;
        let address = listener.local_addr()?;
        let stop = Arc::new(AtomicBool::new(false));
        let hub = Hub::new();
        let allowances = Allowances::default();
        let stopping = Arc::clone(&stop);
        let accepting = std::thread::spawn(move || {
            // Blocking: a connection is served the moment it comes (`drop` wakes it).
            while !stopping.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok(_) if stopping.load(Ordering::Relaxed) => break,
                    Ok((stream, peer)) => {
                        let (hub, stop, allowances) =
                            (hub.clone(), Arc::clone(&stopping), Arc::clone(&allowances));
                        std::thread::spawn(move || {
                            // A client that goes away mid-request is no concern of the host's.
                            let _ = serve(stream, peer, &hub, &stop, &allowances);
                        });
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(10)),
                }
            }
        });
        Ok(EmbeddedHost {
            address,
            stop,
            accepting: Some(accepting),
        })
    }

    /// The address it listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The URL others on the LAN reach it at: this machine's address on the network its
    /// default route goes out on (no packet is sent to find it), else loopback.
    pub fn lan_url(&self) -> String {
        let ip = if self.address.ip().is_unspecified() {
            UdpSocket::bind("0.0.0.0:0")
                .and_then(|s| s.connect("192.0.2.1:9").and_then(|()| s.local_addr()))
                .map_or(IpAddr::from([127, 0, 0, 1]), |a| a.ip())
        } else {
            self.address.ip()
        };
        format!("http://{}", SocketAddr::new(ip, self.address.port()))
    }
}

impl Drop for EmbeddedHost {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Wakes the accepting thread to see it should stop.
        let mut wake = self.address;
        if wake.ip().is_unspecified() {
            wake.set_ip(IpAddr::from([127, 0, 0, 1]));
        }
        let _ = TcpStream::connect_timeout(&wake, Duration::from_secs(1));
        if let Some(accepting) = self.accepting.take() {
            let _ = accepting.join();
        }
    }
}

/// What a request asks for.
enum Route {
    Publish(TableId, Channel),
    Subscribe(TableId, Channel),
}

/// `/pub/<id>`, `/sub/aim/<id>`, `/sub/lobby/<id>`, ...
fn route(method: &str, path: &str) -> Option<Route> {
    let (verb, rest) = path.strip_prefix('/')?.split_once('/')?;
    let (channel, id) = if let Some(id) = rest.strip_prefix("aim/") {
        (Channel::Aim, id)
    } else if let Some(id) = rest.strip_prefix("lobby/") {
        (Channel::Lobby, id)
    } else {
        (Channel::Match, rest)
    };
    let table = TableId::from_hex(id)?;
    match (method, verb) {
        ("POST", "pub") => Some(Route::Publish(table, channel)),
        ("GET", "sub") => Some(Route::Subscribe(table, channel)),
        _ => None,
    }
}

fn serve(
    mut stream: TcpStream,
    peer: SocketAddr,
    hub: &Hub,
    stop: &AtomicBool,
    allowances: &Allowances,
) -> std::io::Result<()> {
    stream.set_nonblocking(false)?;
    stream.set_read_timeout(Some(REQUEST_TIMEOUT))?;
    stream.set_nodelay(true)?;
    // The head is peeked, not read: a subscription's is tungstenite's to read.
    let mut head = vec![0u8; MAX_HEAD_BYTES];
    let deadline = Instant::now() + REQUEST_TIMEOUT;
    let (head_len, method, path, content_length) = loop {
        let n = stream.peek(&mut head)?;
        let mut headers = [httparse::EMPTY_HEADER; 32];
        let mut request = httparse::Request::new(&mut headers);
        match request.parse(&head[..n]) {
            Ok(httparse::Status::Complete(len)) => {
                let length = request
                    .headers
                    .iter()
                    .find(|h| h.name.eq_ignore_ascii_case("content-length"))
                    .and_then(|h| {
                        std::str::from_utf8(h.value)
                            .ok()?
                            .trim()
                            .parse::<usize>()
                            .ok()
                    });
                break (
                    len,
                    request.method.unwrap_or("").to_owned(),
                    request.path.unwrap_or("").to_owned(),
                    length,
                );
            }
            Ok(httparse::Status::Partial) if n < MAX_HEAD_BYTES && Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(1));
            }
            _ => return respond(&mut stream, "400 Bad Request"),
        }
    };
    match route(&method, &path) {
        Some(Route::Subscribe(table, channel)) => subscribe(stream, hub, table, channel, stop),
        Some(Route::Publish(table, channel)) => {
            let mut skip = vec![0u8; head_len];
            stream.read_exact(&mut skip)?;
            let Some(length) = content_length else {
                return respond(&mut stream, "411 Length Required");
            };
            if length > MAX_MESSAGE_BYTES {
                return respond(&mut stream, "413 Content Too Large");
            }
            if !allowed(allowances, peer.ip()) {
                return respond(&mut stream, "503 Service Unavailable");
            }
            let mut body = vec![0u8; length];
            stream.read_exact(&mut body)?;
            match hub.publish(table, channel, body) {
                Ok(()) => respond(&mut stream, "202 Accepted"),
                Err(_) => respond(&mut stream, "413 Content Too Large"),
            }
        }
        None => respond(&mut stream, "404 Not Found"),
    }
}

/// Takes one message from `ip`'s allowance, if it has one left.
fn allowed(allowances: &Allowances, ip: IpAddr) -> bool {
    let mut allowances = allowances.lock().unwrap_or_else(PoisonError::into_inner);
    let now = Instant::now();
    let (tokens, since) = allowances.entry(ip).or_insert((BURST, now));
    *tokens = (*tokens + now.duration_since(*since).as_secs_f64() * RATE_PER_S).min(BURST);
    *since = now;
    if *tokens >= 1.0 {
        *tokens -= 1.0;
        true
    } else {
        false
    }
}

fn respond(stream: &mut TcpStream, status: &str) -> std::io::Result<()> {
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )?;
    stream.flush()
}

/// A WebSocket subscriber to `table`'s `channel`: every message from the oldest held,
/// sent as it is published, until the client closes or the host stops.
fn subscribe(
    stream: TcpStream,
    hub: &Hub,
    table: TableId,
    channel: Channel,
    stop: &AtomicBool,
) -> std::io::Result<()> {
    let mut socket = tungstenite::accept(stream).map_err(std::io::Error::other)?;
    let messages = hub.subscribe(table, channel);
    let send = |socket: &mut tungstenite::WebSocket<TcpStream>, message: Vec<u8>| {
        let text = String::from_utf8(message).map_err(std::io::Error::other)?;
        socket
            .send(tungstenite::Message::text(text))
            .map_err(std::io::Error::other)
    };
    while !stop.load(Ordering::Relaxed) {
        match messages.recv_timeout(IDLE_POLL) {
            Ok(message) => send(&mut socket, message)?,
            Err(RecvTimeoutError::Timeout) => {
                // Idle: has the client closed?
                socket.get_mut().set_nonblocking(true)?;
                let read = socket.read();
                socket.get_mut().set_nonblocking(false)?;
                match read {
                    Ok(tungstenite::Message::Close(_)) => break,
                    Ok(_) => {}
                    Err(tungstenite::Error::Io(e))
                        if e.kind() == std::io::ErrorKind::WouldBlock => {}
                    Err(_) => break,
                }
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    let _ = socket.close(None);
    Ok(())
}
