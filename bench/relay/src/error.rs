//! What can stop the benchmark, each naming the thing and what is allowed.

use crate::script::Move;
use carom_engine::cli::CliError;
use carom_engine::config::UnknownKey;
use carom_engine::online::{IdentityError, MoveError, Turn};
use carom_engine::physics::ShotError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("--relay {0:?}: a relay's address is http://HOST:PORT")]
    RelayAddress(String),
    #[error("the relay could not be started ({script}): {said}")]
    RelayStart { script: PathBuf, said: String },
    #[error("the relay started by {script} never opened {listen} (5 s)")]
    RelayNotListening { script: PathBuf, listen: String },
    #[error("{what}: {source}")]
    Io {
        what: String,
        source: std::io::Error,
    },
    #[error("the WebSocket {url}: {source}")]
    WebSocket {
        url: String,
        source: Box<tokio_tungstenite::tungstenite::Error>,
    },
    #[error("POST {url}: {source}")]
    Http { url: String, source: hyper::Error },
    #[error("POST {url}: the relay answered HTTP {status} (200-299 or 503 expected)")]
    Status { url: String, status: u16 },
    #[error("{url}: the relay closed the connection twice before taking the message")]
    ClosedTwice { url: String },
    #[error("the relay closed both subscriptions of participant {participant}")]
    SubscriptionsClosed { participant: usize },
    #[error("a message was refused before it was sent: {0}")]
    Transport(#[from] carom_engine::online::TransportError),
    #[error("a scripted move: {0}")]
    Move(#[from] MoveError),
    #[error("seat {seat}: the table asks for {turn:?} and the script's next move is {next:?}")]
    OffScript {
        seat: usize,
        turn: Turn,
        next: Option<Move>,
    },
    #[error("participant {participant} had not finished its match after {seconds} s")]
    TimedOut { participant: usize, seconds: u64 },
    #[error("the recording was not over after {looks} looks at the table")]
    RecordingUnfinished { looks: usize },
    #[error("the lag was repeated {rounds} times: give the two seats different levels")]
    LagRepeated { rounds: u32 },
    #[error("the script {path}: {source}")]
    Script {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error(
        "{tables} tables need about {needed} open files; this process may open {allowed} \
         (raise the hard limit: ulimit -Hn)"
    )]
    TooManyFiles {
        tables: usize,
        needed: u64,
        allowed: u64,
    },
    #[error("a participant's task: {0}")]
    Task(#[from] tokio::task::JoinError),
    #[error("--tables 0: at least one table")]
    NoTables,
    #[error("--pace {0}: a number of seconds, 0 or more")]
    Pace(f64),
    #[error("--ramp {0}: a number of seconds, 0 or more")]
    Ramp(f64),
    #[error("--heartbeat {0}: a number of seconds, 0 (none) or more")]
    Heartbeat(f64),
    #[error("{0}")]
    Cli(#[from] CliError),
    #[error("{0}")]
    Unknown(#[from] UnknownKey),
    #[error("{0}")]
    Identity(#[from] IdentityError),
    #[error("the physics fingerprint: {0}")]
    Physics(#[from] ShotError),
}

impl BenchError {
    /// An I/O error while doing `what`.
    pub fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> BenchError {
        let what = what.into();
        move |source| BenchError::Io { what, source }
    }
}
