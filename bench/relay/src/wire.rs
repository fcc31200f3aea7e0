//! One participant's connection to the relay, async: its two WebSocket subscriptions
//! (`/sub/<id>`, `/sub/aim/<id>`), each read by a task of its own that notes every
//! arrival in the table's ledger before handing it on, and its publishing (HTTP POST to
//! `/pub/<id>`, `/pub/aim/<id>`) over one kept-alive connection. Every socket is opened
//! from the participant's own loopback address where the relay is on loopback (Linux
//! routes all of 127/8 to `lo`), so that the relay's rate limit per address (20 a
//! second, bursts of 40) applies to each participant alone, as it does to players on
//! their own machines. `Wire` is the `Transport` its `OnlineTable` speaks through.

use crate::error::BenchError;
use crate::ledger::{Ledger, Subscriber};
use bytes::Bytes;
use carom_engine::online::{Channel, TableId, Transport, TransportError};
use futures_util::StreamExt;
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1::{self, SendRequest};
use hyper_util::rt::TokioIo;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, ToSocketAddrs};
use std::sync::Arc;
use std::time::Instant;
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

/// Where the relay listens.
#[derive(Clone, Debug)]
pub struct Endpoint {
    pub address: SocketAddr,
    /// `host:port`, as the URLs and the Host header say it.
    pub host: String,
}

impl Endpoint {
    /// The relay at `url` (`http://HOST:PORT`).
    pub fn parse(url: &str) -> Result<Endpoint, BenchError> {
        let bad = || BenchError::RelayAddress(url.to_owned());
        let host = url
            .trim_end_matches('/')
            .strip_prefix("http://")
            .ok_or_else(bad)?;
        let address = host
            .to_socket_addrs()
            .map_err(|_| bad())?
            .next()
            .ok_or_else(bad)?;
        Ok(Endpoint {
            address,
            host: host.to_owned(),
        })
    }

    /// The address participant `index`'s sockets are opened from: 127.1.0.1 and up,
    /// where the relay is on loopback; otherwise the system's choice.
    pub fn source(&self, index: usize) -> Option<IpAddr> {
        let first = u32::from(Ipv4Addr::new(127, 1, 0, 1));
        let own = u32::try_from(index).ok()?.checked_add(first)?;
        (self.address.ip().is_loopback() && own < u32::from(Ipv4Addr::new(127, 255, 255, 255)))
            .then(|| IpAddr::V4(Ipv4Addr::from(own)))
    }

    /// A TCP connection to the relay from `source`.
    async fn open(&self, source: Option<IpAddr>) -> Result<TcpStream, std::io::Error> {
        let socket = match self.address {
            SocketAddr::V4(_) => TcpSocket::new_v4()?,
            SocketAddr::V6(_) => TcpSocket::new_v6()?,
        };
        if let Some(ip) = source {
            socket.bind(SocketAddr::new(ip, 0))?;
        }
        let stream = socket.connect(self.address).await?;
        stream.set_nodelay(true)?;
        Ok(stream)
    }
}

/// `/sub/<id>`, `/pub/aim/<id>`, ... (the engine's relay paths).
pub fn path(verb: &str, channel: Channel, table: TableId) -> String {
    carom_engine::online::channel_path(verb, channel, table)
}

/// A participant's subscriptions: what arrived, for its table to take.
pub struct Wire {
    incoming: UnboundedReceiver<(Channel, Vec<u8>)>,
    /// Taken off `incoming` while waiting, not yet handed to the table.
    waiting: Vec<(Channel, Vec<u8>)>,
    /// What the table said at its last exchange, to be published in order.
    outgoing: Vec<(Channel, Vec<u8>)>,
    /// How many messages the table took at its last exchange.
    received: usize,
    readers: Vec<JoinHandle<()>>,
}

impl Wire {
    /// Subscribes participant `participant` (of the table's three; `index` among all)
    /// to `table`'s two channels, each arrival noted in `ledger`.
    pub async fn subscribe(
        relay: &Endpoint,
        index: usize,
        participant: usize,
        table: TableId,
        ledger: &Arc<Ledger>,
    ) -> Result<Wire, BenchError> {
        let (sender, incoming) = unbounded_channel();
        let mut readers = Vec::new();
        for channel in [Channel::Match, Channel::Aim] {
            let subscriber = Subscriber {
                participant,
                channel,
            };
            let url = format!("ws://{}{}", relay.host, path("sub", channel, table));
            let reader = subscription(
                relay,
                index,
                &url,
                subscriber,
                Arc::clone(ledger),
                sender.clone(),
            )
            .await;
            readers.push(reader.map_err(|source| BenchError::WebSocket {
                url,
                source: Box::new(source),
            })?);
        }
        Ok(Wire {
            incoming,
            waiting: Vec::new(),
            outgoing: Vec::new(),
            received: 0,
            readers,
        })
    }

    /// Waits for the next arrival; false once both subscriptions have closed.
    pub async fn next_arrival(&mut self) -> bool {
        match self.incoming.recv().await {
            Some(message) => {
                self.waiting.push(message);
                true
            }
            None => false,
        }
    }

    /// What the table said at its last exchange, and how many messages it took then.
    pub fn take_exchanged(&mut self) -> (Vec<(Channel, Vec<u8>)>, usize) {
        (
            std::mem::take(&mut self.outgoing),
            std::mem::take(&mut self.received),
        )
    }

    /// The subscriptions' readers, to be stopped once the run is counted.
    pub fn into_readers(self) -> Vec<JoinHandle<()>> {
        self.readers
    }
}

/// Opens the WebSocket at `url` and reads it on a task until it closes: each message
/// noted in `ledger` as it arrives, then handed to `to_table` (once the table is over,
/// nobody takes it; its arrival still counts).
async fn subscription(
    relay: &Endpoint,
    index: usize,
    url: &str,
    subscriber: Subscriber,
    ledger: Arc<Ledger>,
    to_table: UnboundedSender<(Channel, Vec<u8>)>,
) -> Result<JoinHandle<()>, tokio_tungstenite::tungstenite::Error> {
    let stream = relay.open(relay.source(index)).await?;
    let (mut socket, _) = tokio_tungstenite::client_async(url, stream).await?;
    Ok(tokio::spawn(async move {
        while let Some(frame) = socket.next().await {
            let bytes = match frame {
                Ok(Message::Text(text)) => Vec::from(text.as_bytes()),
                Ok(Message::Binary(bytes)) => Vec::from(bytes),
                Ok(Message::Close(_)) | Err(_) => break,
                Ok(_) => continue,
            };
            ledger.arrived(subscriber, &bytes, Instant::now());
            // A table that is over reads no more.
            let _ = to_table.send((subscriber.channel, bytes));
        }
    }))
}

impl Transport for Wire {
    fn publish(&mut self, channel: Channel, bytes: Vec<u8>) -> Result<(), TransportError> {
        TransportError::check_size(&bytes)?;
        self.outgoing.push((channel, bytes));
        Ok(())
    }

    fn receive(&mut self) -> Vec<(Channel, Vec<u8>)> {
        let mut got = std::mem::take(&mut self.waiting);
        while let Ok(message) = self.incoming.try_recv() {
            got.push(message);
        }
        self.received += got.len();
        got
    }
}

/// What the relay said to a message published.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Published {
    Taken,
    /// 503: the address published faster than the relay allows; not taken.
    TooFast,
}

/// A participant's publishing: HTTP POSTs over one kept-alive connection from its own
/// address, opened again where the relay closed it.
pub struct Publisher {
    relay: Endpoint,
    source: Option<IpAddr>,
    connection: Option<SendRequest<Full<Bytes>>>,
}

impl Publisher {
    /// Participant `index`'s publisher, its connection opened.
    pub async fn connect(relay: &Endpoint, index: usize) -> Result<Publisher, BenchError> {
        let mut publisher = Publisher {
            relay: relay.clone(),
            source: relay.source(index),
            connection: None,
        };
        publisher.connection().await?;
        Ok(publisher)
    }

    /// The connection, opened (again) where there is none or the relay closed it.
    async fn connection(&mut self) -> Result<&mut SendRequest<Full<Bytes>>, BenchError> {
        let url = format!("http://{}", self.relay.host);
        if let Some(sender) = &mut self.connection
            && sender.ready().await.is_err()
        {
            self.connection = None;
        }
        if self.connection.is_none() {
            let stream = self
                .relay
                .open(self.source)
                .await
                .map_err(BenchError::io(format!("connecting to {url}")))?;
            let (sender, connection) =
                http1::handshake(TokioIo::new(stream))
                    .await
                    .map_err(|source| BenchError::Http {
                        url: url.clone(),
                        source,
                    })?;
            // Ends with the connection; a request on a closed one says why.
            tokio::spawn(connection);
            self.connection = Some(sender);
        }
        Ok(self.connection.as_mut().expect("opened above"))
    }

    /// POSTs `bytes` to `path`. A request the relay never took (its kept-alive
    /// connection closed meanwhile) is sent once more on a new connection; one it may
    /// have taken is not (it would be a duplicate).
    pub async fn post(&mut self, path: &str, bytes: Bytes) -> Result<Published, BenchError> {
        let url = format!("http://{}{path}", self.relay.host);
        let http = |source| BenchError::Http {
            url: url.clone(),
            source,
        };
        let mut request = hyper::Request::post(path)
            .header(hyper::header::HOST, &self.relay.host)
            .header(hyper::header::CONTENT_TYPE, "application/json")
            .body(Full::new(bytes))
            .expect("a path, two plain headers and a body make a request");
        for _ in 0..2 {
            let sender = self.connection().await?;
            match sender.try_send_request(request).await {
                Ok(response) => {
                    let status = response.status().as_u16();
                    response.into_body().collect().await.map_err(http)?;
                    return match status {
                        200..=299 => Ok(Published::Taken),
                        503 => Ok(Published::TooFast),
                        status => Err(BenchError::Status { url, status }),
                    };
                }
                Err(mut failed) => {
                    self.connection = None;
                    match failed.take_message() {
                        Some(unsent) => request = unsent,
                        None => return Err(http(failed.into_error())),
                    }
                }
            }
        }
        Err(BenchError::ClosedTwice { url })
    }
}
