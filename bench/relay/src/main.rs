//! `carom-relay-bench`: the relay's load benchmark (issue 54; docs/online.md). N tables,
//! each two scripted seats that replay a recorded match's moves at a player's pace and
//! one spectator, all in this one async process, through the relay (nginx with nchan)
//! on 127.0.0.1, which it starts for each run in a folder of its own
//! (`server/relay.sh`) unless `--relay` names one. It prints, for each N, the delivery
//! latency (from a message's publishing to each subscriber's arrival, on this process's
//! one clock), the messages lost and duplicated (per subscriber, by their bytes), the
//! tables whose three sheets differ (from each other or from the recording's), and the
//! relay's and the clients' CPU and resident memory: a row of the README's table each.
//! `record` plays the match the seats replay, once, with two computer seats over the
//! in-memory hub.

mod error;
mod ledger;
mod relay;
mod report;
mod run;
mod script;
mod usage;
mod wire;

use carom_engine::config::Config;
use clap::{Args, Parser, Subcommand};
use error::BenchError;
use relay::OwnRelay;
use report::{HEAD, Report};
use run::Bench;
use script::Script;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use wire::Endpoint;

/// Open files each table takes: three participants' two WebSockets and a publishing
/// connection.
const FILES_A_TABLE: u64 = 9;
/// Open files the process takes besides (the runtime, the relay's own files, ...).
const FILES_BESIDES: u64 = 256;

#[derive(Parser)]
#[command(
    name = "carom-relay-bench",
    about = "The relay's load benchmark: N tables of two scripted seats and a spectator each, through nginx with nchan on 127.0.0.1",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    record: Option<Command>,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Plays a match with two computer seats over the in-memory hub and prints it as the
    /// scripted seats replay it (JSON; the bundled one is bench/relay/match.json).
    Record(RecordArgs),
}

#[derive(Args)]
struct RunArgs {
    /// How many tables, each run in turn with a relay of its own (10,100,1000).
    #[arg(long, value_delimiter = ',', default_value = "10")]
    tables: Vec<usize>,
    /// Seconds a seat takes over each move once its turn has come.
    #[arg(long, default_value_t = 3.0)]
    pace: f64,
    /// Seconds over which the tables start, one after another, as players arrive (their
    /// seating and lag at once would be a burst no relay sees).
    #[arg(long, default_value_t = 30.0)]
    ramp: f64,
    /// Seconds between a seat's heartbeats on the aim channel, as the game's (0: none).
    #[arg(long, default_value_t = 2.0)]
    heartbeat: f64,
    /// A relay already running (http://HOST:PORT), instead of one started for each run;
    /// its CPU and memory are then not measured.
    #[arg(long)]
    relay: Option<String>,
    /// The recorded match to replay (default: the bundled bench/relay/match.json).
    #[arg(long)]
    script: Option<PathBuf>,
}

#[derive(Args)]
struct RecordArgs {
    /// A key of games.ron.
    #[arg(long, default_value = "straight_rail")]
    game: String,
    #[arg(long, default_value_t = 5)]
    target: u32,
    #[arg(long, default_value_t = 10)]
    innings_limit: u32,
    /// The computer's levels in the two seats: two levels, since two seats of one level
    /// lag alike (their draws are seeded by the table) and repeat the lag.
    #[arg(long, value_delimiter = ',', num_args = 2, default_values = ["club", "amateur"])]
    levels: Vec<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let done = match cli.record {
        Some(Command::Record(args)) => record(&args),
        None => bench(&cli.run),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("carom-relay-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

fn record(args: &RecordArgs) -> Result<(), BenchError> {
    let config = Config::defaults();
    let levels = args
        .levels
        .iter()
        .map(|name| config.computer.level(name).cloned())
        .collect::<Result<Vec<_>, _>>()?;
    let terms = carom_engine::cli::online::terms(
        &config,
        args.game.clone(),
        None,
        Some(args.target),
        Some(args.innings_limit),
    )?;
    let script = script::record(&config, terms, &levels)?;
    let text = serde_json::to_string_pretty(&script).expect("plain data");
    println!("{text}");
    Ok(())
}

fn seconds(value: f64, bad: fn(f64) -> BenchError) -> Result<Duration, BenchError> {
    Duration::try_from_secs_f64(value).map_err(|_| bad(value))
}

fn bench(args: &RunArgs) -> Result<(), BenchError> {
    let pace = seconds(args.pace, BenchError::Pace)?;
    let ramp = seconds(args.ramp, BenchError::Ramp)?;
    let heartbeat = Some(seconds(args.heartbeat, BenchError::Heartbeat)?).filter(|h| !h.is_zero());
    let most = args.tables.iter().copied().max().unwrap_or(0);
    if args.tables.contains(&0) || most == 0 {
        return Err(BenchError::NoTables);
    }
    let allowed = raise_open_files();
    let needed = FILES_A_TABLE * most as u64 + FILES_BESIDES;
    if needed > allowed {
        return Err(BenchError::TooManyFiles {
            tables: most,
            needed,
            allowed,
        });
    }
    let script = match &args.script {
        Some(path) => Script::read(path)?,
        None => Script::bundled()?,
    };
    let config = Config::defaults();
    let physics = script::fingerprint(&config)?;
    if physics != script.physics {
        eprintln!(
            "note: the script was recorded with physics {}, this build's is {physics}: its strokes may play otherwise, and every sheet differ",
            script.physics
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(BenchError::io("starting tokio's runtime"))?;
    let given = args.relay.as_deref().map(Endpoint::parse).transpose()?;
    println!("{HEAD}");
    let mut details = Vec::new();
    for &tables in &args.tables {
        let own = match given {
            Some(_) => None,
            None => Some(OwnRelay::start()?),
        };
        let relay = match (&given, &own) {
            (Some(endpoint), _) => endpoint.clone(),
            (None, Some(own)) => own.endpoint.clone(),
            (None, None) => unreachable!("a relay is given or started"),
        };
        let bench = Arc::new(Bench {
            config: config.clone(),
            script: script.clone(),
            physics: physics.clone(),
            relay,
            pace,
            ramp,
            heartbeat,
        });
        let processes = own.as_ref().map(OwnRelay::processes);
        let mut report: Report = runtime.block_on(run::run(bench, tables, processes))?;
        println!("{}", report.row());
        details.push(report.details());
    }
    println!();
    for line in details {
        println!("{line}");
    }
    Ok(())
}

/// Raises this process's open-files limit to its hard limit; the limit then.
fn raise_open_files() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write the one struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 0;
        }
        let raised = libc::rlimit {
            rlim_cur: limit.rlim_max,
            ..limit
        };
        if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
            limit = raised;
        }
    }
    limit.rlim_cur
}
