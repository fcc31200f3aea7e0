//! The recorded match the scripted seats replay: its terms, the seats' names, every move
//! of each seat in the channel's order (the lag, the break's choice and ball, each
//! stroke) and the sheet it ended with. `record` plays it once with two computer seats
//! over the in-memory hub (`match.json` beside this crate is one such recording); a
//! scripted seat then takes each move from it instead of searching, so that the
//! benchmark measures the relay, and every table ends with the recorded sheet.

use crate::error::BenchError;
use carom_engine::cli::json;
use carom_engine::config::{Config, Level};
use carom_engine::online::{
    Body, Channel, Hub, Identity, LagStroke, OnlineTable, Payload, TableId, TableTerms, Turn,
    computer_move, physics_fingerprint,
};
use carom_engine::play::StrokeTime;
use carom_engine::shot::{BallId, Stroke};
use carom_engine::table::TableGeometry;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::path::Path;

/// The recording bundled with the benchmark.
const BUNDLED: &str = include_str!("../match.json");

/// The most looks at the table a recording may take.
const MAX_LOOKS: usize = 1_000_000;
/// The most lag rounds a recording may take (each repeated lag is the next).
const MAX_LAG_ROUNDS: u32 = 20;

/// A recorded match.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Script {
    /// The physics fingerprint of the build that recorded it: another one may play the
    /// strokes otherwise (its sheets then differ from the recording's).
    pub physics: String,
    pub terms: TableTerms,
    /// The seats' names, by seat (the sheet names them).
    pub names: [String; 2],
    /// Every move, in the order the match's channel carried them.
    pub moves: Vec<ScriptedMove>,
    /// The match's score sheet as `carom referee --json` prints it.
    pub sheet: serde_json::Value,
}

/// One move of the recording: the seat and what it did.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct ScriptedMove {
    pub seat: usize,
    #[serde(flatten)]
    pub play: Move,
}

/// What a seat does on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Move {
    /// Commit to this lag (revealed by the table once both seats have committed).
    Lag {
        lag: LagStroke,
    },
    ChooseBreak {
        break_it: bool,
        ball: BallId,
    },
    BreakBall {
        offset_m: f64,
    },
    Stroke {
        stroke: Stroke,
        declared_safety: bool,
    },
}

impl Script {
    /// The recording bundled with the benchmark.
    pub fn bundled() -> Result<Script, BenchError> {
        serde_json::from_str(BUNDLED).map_err(|source| BenchError::Script {
            path: "bench/relay/match.json".into(),
            source,
        })
    }

    /// The recording in the file at `path`.
    pub fn read(path: &Path) -> Result<Script, BenchError> {
        let text = std::fs::read_to_string(path)
            .map_err(BenchError::io(format!("reading {}", path.display())))?;
        serde_json::from_str(&text).map_err(|source| BenchError::Script {
            path: path.to_owned(),
            source,
        })
    }

    /// `seat`'s moves, in order.
    pub fn moves_of(&self, seat: usize) -> VecDeque<Move> {
        self.moves
            .iter()
            .filter(|m| m.seat == seat)
            .map(|m| m.play)
            .collect()
    }
}

/// Whether a seat has something to do at `turn` (a game over ends the script: no
/// rematch).
pub fn has_to_move(turn: Turn) -> bool {
    !matches!(turn, Turn::Wait | Turn::Over)
}

/// `seat`'s next move from `moves`, played at `table` where it is its turn.
pub fn play_next(
    table: &mut OnlineTable,
    seat: usize,
    moves: &mut VecDeque<Move>,
) -> Result<(), BenchError> {
    let turn = table.turn();
    let next = moves.pop_front();
    match (turn, next) {
        (Turn::Lag, Some(Move::Lag { lag })) => table.lag(lag)?,
        (Turn::ChooseBreak, Some(Move::ChooseBreak { break_it, ball })) => {
            table.choose_break(break_it, ball)?
        }
        (Turn::BreakSetup { may_move: true }, Some(Move::BreakBall { offset_m })) => {
            table.move_break_ball(offset_m)?
        }
        (
            Turn::BreakSetup { .. } | Turn::Stroke,
            Some(Move::Stroke {
                stroke,
                declared_safety,
            }),
        ) => table.strike(stroke, declared_safety, StrokeTime::default())?,
        (turn, next) => return Err(BenchError::OffScript { seat, turn, next }),
    }
    Ok(())
}

/// The sheet `table` holds, as `carom referee --json` prints it (None before its match
/// has one).
pub fn sheet_of(table: &OnlineTable) -> Option<serde_json::Value> {
    let sheet = table.play()?.sheet()?;
    serde_json::from_str(&json::sheet(&sheet)).ok()
}

/// This build's physics fingerprint, on the default table.
pub fn fingerprint(config: &Config) -> Result<String, BenchError> {
    let table = TableGeometry::new(&config.tables, None, &config.balls)?;
    Ok(physics_fingerprint(config, &table)?)
}

/// A match on `terms` played by two computer seats at `levels` (by seat) over the
/// in-memory hub, recorded from its channel.
pub fn record(config: &Config, terms: TableTerms, levels: &[Level]) -> Result<Script, BenchError> {
    let physics = fingerprint(config)?;
    let names = ["Ann".to_owned(), "Bob".to_owned()];
    let hub = Hub::new();
    let id = TableId::generate()?;
    let channel = hub.subscribe(id, Channel::Match);
    let host = OnlineTable::host(
        config,
        Identity::generate()?,
        &names[0],
        id,
        terms.clone(),
        physics.clone(),
        None,
    );
    let host_key = host.join_code().host;
    let guest = OnlineTable::join(
        config,
        Identity::generate()?,
        &names[1],
        id,
        host_key,
        true,
        physics.clone(),
        None,
    );
    let mut seats = [(host, hub.connect(id)), (guest, hub.connect(id))];
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    for _ in 0..MAX_LOOKS {
        if seats.iter().all(|(t, _)| t.is_over() && t.settled()) {
            let moves = channel.try_iter().filter_map(|m| scripted(&m)).collect();
            let sheet = sheet_of(&seats[0].0).unwrap_or_default();
            return Ok(Script {
                physics,
                terms,
                names,
                moves,
                sheet,
            });
        }
        for ((table, connection), level) in seats.iter_mut().zip(levels) {
            table.exchange(connection)?;
            if table.lag_round() > MAX_LAG_ROUNDS {
                return Err(BenchError::LagRepeated {
                    rounds: MAX_LAG_ROUNDS,
                });
            }
            computer_move(table, level, workers)?;
        }
    }
    Err(BenchError::RecordingUnfinished { looks: MAX_LOOKS })
}

/// The move a message of the match's channel carries, if it is one a seat chooses.
fn scripted(bytes: &[u8]) -> Option<ScriptedMove> {
    let payload = Payload::open(bytes).ok()?;
    let seat = usize::from(payload.seat?);
    let play = match payload.body {
        Body::LagReveal { lag, .. } => Move::Lag { lag },
        Body::ChooseBreak { break_it, ball } => Move::ChooseBreak { break_it, ball },
        Body::BreakBall { offset_m } => Move::BreakBall { offset_m },
        Body::Stroke {
            stroke,
            declared_safety,
            ..
        } => Move::Stroke {
            stroke,
            declared_safety,
        },
        _ => return None,
    };
    Some(ScriptedMove { seat, play })
}
