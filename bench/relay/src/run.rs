//! One run of the benchmark: N tables set up (every participant's two subscriptions and
//! its publishing connection opened, a few tables at a time), then played, table i
//! starting i/N of the ramp after the first, so that the tables' moves spread over time.
//! Each participant is a task holding its `OnlineTable`: it exchanges with the table
//! through its `Wire`, publishes what the table said in order, and, in a seat, makes its
//! next scripted move a pace after its turn came, and its heartbeat on the aim channel.
//! Then every ledger is counted and every table's three sheets compared with the
//! recording's. The clock is the run's tasks' one `Instant`.

use crate::error::BenchError;
use crate::ledger::{Ledger, Subscriber, Tally};
use crate::report::Report;
use crate::script::{Move, Script, has_to_move, play_next, sheet_of};
use crate::usage::{Meter, Process};
use crate::wire::{Endpoint, Published, Publisher, Wire, path};
use bytes::Bytes;
use carom_engine::config::Config;
use carom_engine::online::{Channel, Identity, Note, OnlineTable, TableId};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use tokio::task::{JoinHandle, JoinSet};
use tokio::time::{Instant, sleep, sleep_until};

/// How many tables are set up at once.
const SETTING_UP_AT_ONCE: usize = 32;
/// How long a participant waits when the relay says it publishes too fast (one
/// message's worth of its 20 a second from an address).
const RATE_WAIT: Duration = Duration::from_millis(50);
/// How long the last arrivals (a heartbeat on its way) are waited for once every
/// table is over.
const GRACE: Duration = Duration::from_secs(1);
/// How often the processes' memory is looked at.
const LOOK_EVERY: Duration = Duration::from_millis(500);
/// A table's participants: its host (seat 0), its guest (seat 1) and a spectator.
const PARTICIPANTS: usize = 3;

/// What every run shares.
pub struct Bench {
    pub config: Config,
    pub script: Script,
    pub physics: String,
    pub relay: Endpoint,
    /// How long a seat takes over each move once its turn has come.
    pub pace: Duration,
    /// How long the tables take to start, one after another.
    pub ramp: Duration,
    /// How often a seat says it is there on the aim channel (None: never).
    pub heartbeat: Option<Duration>,
}

enum Role {
    Seat { seat: usize, moves: VecDeque<Move> },
    Spectator,
}

struct Participant {
    /// Among the table's three.
    at_table: usize,
    table: OnlineTable,
    role: Role,
    wire: Wire,
    publisher: Publisher,
    ledger: Arc<Ledger>,
}

/// How a participant's match went.
struct Outcome {
    table: usize,
    at_table: usize,
    sheet: Option<serde_json::Value>,
    too_fast: u64,
    notes: Vec<Note>,
    failure: Option<BenchError>,
    readers: Vec<JoinHandle<()>>,
}

/// Runs `tables` tables through the relay (whose processes are `relay`, where known).
pub async fn run(
    bench: Arc<Bench>,
    tables: usize,
    relay: Option<Vec<Process>>,
) -> Result<Report, BenchError> {
    let began = Instant::now();
    let at_once = Arc::new(Semaphore::new(SETTING_UP_AT_ONCE));
    let mut setting_up = JoinSet::new();
    for index in 0..tables {
        let (bench, at_once) = (Arc::clone(&bench), Arc::clone(&at_once));
        setting_up.spawn(async move {
            let _turn = at_once.acquire().await;
            set_up(&bench, index).await.map(|t| (index, t))
        });
    }
    let mut set = Vec::with_capacity(tables);
    while let Some(done) = setting_up.join_next().await {
        set.push(done.map_err(BenchError::Task)??);
    }
    set.sort_by_key(|(index, _)| *index);
    let ledgers: Vec<Arc<Ledger>> = set.iter().map(|(_, (l, _))| Arc::clone(l)).collect();
    let set_up_in = began.elapsed();

    let mut relay_meter = relay.map(Meter::start);
    let mut clients_meter = Meter::start(vec![Process::This]);
    let start = Instant::now();
    // Each move a pace after the last (the lag's two at once): three times that, and a
    // minute.
    let moves = bench.script.moves.len() as u32;
    let deadline = start
        + bench.ramp
        + (bench.pace + Duration::from_secs(1)) * 3 * moves
        + Duration::from_secs(60);
    let mut playing = JoinSet::new();
    for (index, (_, participants)) in set {
        let offset = bench.ramp.mul_f64(index as f64 / tables as f64);
        for participant in participants {
            let bench = Arc::clone(&bench);
            playing.spawn(participant.play(bench, index, start + offset, deadline));
        }
    }
    let mut outcomes = Vec::with_capacity(tables * PARTICIPANTS);
    let mut look = tokio::time::interval(LOOK_EVERY);
    loop {
        tokio::select! {
            done = playing.join_next() => match done {
                Some(outcome) => outcomes.push(outcome.map_err(BenchError::Task)?),
                None => break,
            },
            _ = look.tick() => {
                clients_meter.look();
                if let Some(meter) = &mut relay_meter {
                    meter.look();
                }
            }
        }
    }
    let played_in = start.elapsed();
    sleep(GRACE).await;
    let relay_usage = relay_meter.as_mut().map(Meter::usage);
    let clients_usage = clients_meter.usage();
    for outcome in &outcomes {
        outcome.readers.iter().for_each(JoinHandle::abort);
    }

    let subscribers: Vec<Subscriber> = (0..PARTICIPANTS)
        .flat_map(|participant| {
            [Channel::Match, Channel::Aim].map(|channel| Subscriber {
                participant,
                channel,
            })
        })
        .collect();
    let mut tally = Tally::default();
    for ledger in &ledgers {
        tally.add(ledger.tally(&subscribers));
    }
    let mut sheets = vec![[None, None, None]; tables];
    let mut report = Report::new(tables, set_up_in, played_in, relay_usage, clients_usage);
    for outcome in outcomes {
        sheets[outcome.table][outcome.at_table] = outcome.sheet;
        report.too_fast += outcome.too_fast;
        report.notes += outcome.notes.len() as u64;
        if let Some(failure) = outcome.failure {
            report.failed(failure);
        }
    }
    let recorded = Some(bench.script.sheet.clone());
    report.desyncs = sheets
        .iter()
        .filter(|three| three.iter().any(|sheet| *sheet != recorded))
        .count();
    report.tally = tally;
    Ok(report)
}

/// Table `index`'s three participants, subscribed and with their publishing
/// connections open, and its ledger.
async fn set_up(
    bench: &Bench,
    index: usize,
) -> Result<(Arc<Ledger>, Vec<Participant>), BenchError> {
    let id = TableId::generate()?;
    let ledger = Arc::new(Ledger::default());
    let names = &bench.script.names;
    let physics = bench.physics.clone();
    let config = &bench.config;
    let terms = bench.script.terms.clone();
    let host = OnlineTable::host(
        config,
        Identity::generate()?,
        &names[0],
        id,
        terms,
        physics.clone(),
        None,
    );
    let host_key = host.join_code().host;
    let join = |name: &str, seat: bool| -> Result<OnlineTable, BenchError> {
        Ok(OnlineTable::join(
            config,
            Identity::generate()?,
            name,
            id,
            host_key,
            seat,
            physics.clone(),
            None,
        ))
    };
    let tables = [host, join(&names[1], true)?, join("Eve", false)?];
    let mut participants = Vec::with_capacity(PARTICIPANTS);
    for (at_table, table) in tables.into_iter().enumerate() {
        let everywhere = index * PARTICIPANTS + at_table;
        let role = match at_table {
            seat @ (0 | 1) => Role::Seat {
                seat,
                moves: bench.script.moves_of(seat),
            },
            _ => Role::Spectator,
        };
        participants.push(Participant {
            at_table,
            wire: Wire::subscribe(&bench.relay, everywhere, at_table, id, &ledger).await?,
            publisher: Publisher::connect(&bench.relay, everywhere).await?,
            table,
            role,
            ledger: Arc::clone(&ledger),
        });
    }
    Ok((ledger, participants))
}

impl Participant {
    /// Plays from `start` until the match is over and everything said is through (or
    /// `deadline`).
    async fn play(
        mut self,
        bench: Arc<Bench>,
        index: usize,
        start: Instant,
        deadline: Instant,
    ) -> Outcome {
        let mut too_fast = 0;
        let mut notes = Vec::new();
        sleep_until(start).await;
        let failure = self
            .follow(&bench, deadline, &mut too_fast, &mut notes)
            .await
            .err();
        Outcome {
            table: index,
            at_table: self.at_table,
            sheet: sheet_of(&self.table),
            too_fast,
            notes,
            failure,
            readers: self.wire.into_readers(),
        }
    }

    async fn follow(
        &mut self,
        bench: &Bench,
        deadline: Instant,
        too_fast: &mut u64,
        notes: &mut Vec<Note>,
    ) -> Result<(), BenchError> {
        let allowed = deadline.duration_since(Instant::now()).as_secs();
        let mut turn_since: Option<Instant> = None;
        let mut next_heartbeat = Instant::now();
        loop {
            *too_fast += self.settle().await?;
            notes.extend(self.table.take_notes());
            if self.table.is_over() && self.table.settled() {
                return Ok(());
            }
            let now = Instant::now();
            let mut wake = deadline;
            if let Role::Seat { seat, moves } = &mut self.role {
                if let Some(every) = bench.heartbeat {
                    if now >= next_heartbeat && self.table.caught_up() {
                        self.table.say_aim(None);
                        next_heartbeat = now + every;
                        continue;
                    }
                    wake = wake.min(next_heartbeat);
                }
                if has_to_move(self.table.turn()) {
                    let since = *turn_since.get_or_insert(now);
                    if now >= since + bench.pace {
                        play_next(&mut self.table, *seat, moves)?;
                        turn_since = None;
                        continue;
                    }
                    wake = wake.min(since + bench.pace);
                } else {
                    turn_since = None;
                }
            }
            if now >= deadline {
                return Err(BenchError::TimedOut {
                    participant: self.at_table,
                    seconds: allowed,
                });
            }
            tokio::select! {
                open = self.wire.next_arrival() => if !open {
                    return Err(BenchError::SubscriptionsClosed { participant: self.at_table });
                },
                _ = sleep_until(wake) => {}
            }
        }
    }

    /// Exchanges with the table until nothing more is said or arrives: what it says
    /// published in order. How many times the relay said too fast.
    async fn settle(&mut self) -> Result<u64, BenchError> {
        let mut too_fast = 0;
        loop {
            self.table.exchange(&mut self.wire)?;
            let (outgoing, received) = self.wire.take_exchanged();
            if outgoing.is_empty() && received == 0 {
                return Ok(too_fast);
            }
            for (channel, bytes) in outgoing {
                too_fast += self.publish(channel, Bytes::from(bytes)).await?;
            }
        }
    }

    /// Publishes `bytes` on `channel`, asked again while the relay says too fast; how
    /// many times it did.
    async fn publish(&mut self, channel: Channel, bytes: Bytes) -> Result<u64, BenchError> {
        let path = path("pub", channel, self.table.table_id());
        let mut too_fast = 0;
        loop {
            self.ledger.publishing(channel, &bytes);
            match self.publisher.post(&path, bytes.clone()).await? {
                Published::Taken => return Ok(too_fast),
                Published::TooFast => {
                    self.ledger.not_taken(&bytes);
                    too_fast += 1;
                    sleep(RATE_WAIT).await;
                }
            }
        }
    }
}
