//! `carom online`: a table without a window. `host` serves the relay's endpoints itself
//! (the embedded host); `play` takes a seat as the computer at a level, at a new table or
//! one joined by its code; `watch` follows a table and prints its score sheet as `carom
//! referee` does. (And `carom share`: a saved match as a share code.) Every participant saves each game like a local match
//! (`DATA/online/<table>-<game>.json`, read by `carom referee`). What happens goes to
//! standard error, one line each, stamped with the clock in milliseconds: the strokes
//! struck and arrived (from which the note's latency is measured), and every message
//! dropped, with why.

use super::{CliError, Problem, emit, json};
use crate::config::Config;
use crate::online::{
    Body, EmbeddedHost, JoinCode, LeavingRule, Link, OnlineTable, Opening, Payload, Role,
    SharedMatch, TableTerms, computer_move, physics_fingerprint,
};
use crate::table::TableGeometry;
use crate::words::{CommandLineProblem, Trouble, words};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// How long a participant waits between looks at the table.
const POLL: Duration = Duration::from_millis(2);

/// Where a participant connects and who they are.
pub struct Participant {
    /// The relay's (or embedded host's) `http://` URL.
    pub relay: String,
    /// Their name (their key is kept under it in `data`).
    pub name: String,
    /// The data folder: players' keys, and the online matches saved.
    pub data: PathBuf,
}

/// The table a seat plays at.
pub enum SeatAt {
    /// A new table, hosted on these terms: its join code is printed first.
    New(TableTerms),
    /// The table of this join code (its host's own code resumes the host's seat).
    Join(String),
}

/// A new table's terms: `game` (a key of games.ron) on `table` (a preset; None: the
/// default one) to `target` points (None: the game's) with `innings_limit` (None: the
/// game's).
pub fn terms(
    config: &Config,
    game: String,
    table: Option<String>,
    target: Option<u32>,
    innings_limit: Option<u32>,
) -> Result<TableTerms, CliError> {
    let rules = config.games.game(&game)?;
    let table = table.unwrap_or_else(|| config.tables.default_preset.clone());
    TableGeometry::new(&config.tables, Some(&table), &config.balls)?;
    Ok(TableTerms {
        target: target.unwrap_or(rules.target.get()),
        innings_limit: innings_limit.or(rules.innings_limit.map(|n| n.get())),
        game,
        table,
        targets: Vec::new(),
        leaving: LeavingRule::default(),
        format: None,
        condition: None,
    })
}

/// `carom share MATCH`: the share code of a saved match (the game's, or an online one).
pub fn share(
    config: &Config,
    path: &std::path::Path,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let saved = crate::play::SavedMatch::read(path)
        .map_err(Problem::SavedMatch)?
        .ok_or_else(|| CliError::at(path, std::io::Error::from(std::io::ErrorKind::NotFound)))?;
    let code = SharedMatch::code_of(&saved, &fingerprint(config)?, config)
        .map_err(|e| CliError::at(path, Problem::Share(e)))?;
    emit(out, &format!("{code}\n"))
}

/// The sheet of the match in a share `code`, re-simulated with `config`; a build whose
/// physics differs from the sharer's is told so on standard error, and plays on.
pub fn replay_code(config: &Config, code: &str) -> Result<crate::rules::ScoreSheet, CliError> {
    let shared = SharedMatch::open(code).map_err(Problem::Share)?;
    let ours = fingerprint(config)?;
    if shared.physics != ours {
        eprintln!("{}", words().shared_physics_differs(&shared.physics, &ours));
    }
    let saved = shared.replay(config).map_err(Problem::Share)?;
    let referee = saved.referee(config).map_err(Problem::Start)?;
    Ok(referee.sheet())
}

/// `carom online host`: serves tables on `listen` until stopped.
pub fn host(listen: &str, out: &mut impl Write) -> Result<(), CliError> {
    let host = EmbeddedHost::start(listen)?;
    emit(
        out,
        &words().online_hosting(&host.lan_url(), &host.address().to_string()),
    )?;
    loop {
        std::thread::park();
    }
}

/// `carom online play`: the computer at `level` in a seat, taking at least `pace` over
/// each move (a player's pace, and within the relay's rate), to the game's end; then its
/// score sheet.
pub fn play(
    config: &Config,
    who: &Participant,
    at: SeatAt,
    level: &str,
    pace: Duration,
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let level = config.computer.level(level)?.clone();
    let relay = who.relay.clone();
    let opening = match at {
        SeatAt::New(terms) => Opening::Host {
            terms,
            relay: Some(relay),
            serve: String::new(),
        },
        SeatAt::Join(code) => Opening::Join {
            code: join_code(&code)?,
            relay,
            role: Role::Player,
        },
    };
    let mut link = Link::open(config, &who.data, &who.name, opening).map_err(Problem::Link)?;
    if link.comeback().role == Role::Host {
        emit(out, &format!("{}\n", link.comeback().code))?;
    }
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut last_move = std::time::Instant::now();
    follow(&mut link, |table| {
        if last_move.elapsed() < pace {
            return Ok(());
        }
        let moved = computer_move(table, &level, workers).map_err(Problem::Move)?;
        if moved {
            last_move = std::time::Instant::now();
        }
        if let (true, Some(number)) = (moved, table.stroke_on_its_way()) {
            log(&words().online_struck(number));
        }
        Ok(())
    })?;
    sheet(link.table(), json, out)?;
    link.leave().map_err(|e| Problem::SavedMatch(e).into())
}

/// `carom online watch`: follows the table of `code` to the game's end; then its score
/// sheet.
pub fn watch(
    config: &Config,
    who: &Participant,
    code: &str,
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let opening = Opening::Join {
        code: join_code(code)?,
        relay: who.relay.clone(),
        role: Role::Spectator,
    };
    let mut link = Link::open(config, &who.data, &who.name, opening).map_err(Problem::Link)?;
    follow(&mut link, |_| Ok(()))?;
    sheet(link.table(), json, out)?;
    link.leave().map_err(|e| Problem::SavedMatch(e).into())
}

fn join_code(text: &str) -> Result<JoinCode, CliError> {
    JoinCode::parse(text)
        .ok_or_else(|| Problem::Checked(CommandLineProblem::NotAJoinCode(text.to_owned())).into())
}

/// This build's physics fingerprint, on the default table.
fn fingerprint(config: &Config) -> Result<String, CliError> {
    let table = TableGeometry::new(&config.tables, None, &config.balls)?;
    physics_fingerprint(config, &table).map_err(|e| Problem::Shot(e).into())
}

/// Looks at the table through `link` (its connection made again whenever it drops or
/// goes silent: a relay restarted, a network cut), saying what happens, and lets `act`
/// move, until the game is over and everything this participant said is through.
fn follow(
    link: &mut Link,
    mut act: impl FnMut(&mut OnlineTable) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let mut was_connected = true;
    loop {
        // A stroke's arrival is stamped before it is applied (judged and saved).
        link.tick_watching(&mut |_, bytes| {
            if let Ok(Payload {
                body: Body::Stroke { number, .. },
                ..
            }) = Payload::open(bytes)
            {
                log(&words().online_arrived(number));
            }
        });
        match (was_connected, link.connected(), link.trouble()) {
            (true, false, Some(trouble)) => log(&words().trouble(Trouble::Transport(trouble))),
            (false, true, _) => log(&words().online_reconnected()),
            _ => {}
        }
        was_connected = link.connected();
        let table = link.table_mut();
        for note in table.take_notes() {
            log(&words().trouble(Trouble::OnlineNote(&note)));
        }
        if table.is_over() && table.settled() {
            return Ok(());
        }
        act(table)?;
        std::thread::sleep(POLL);
    }
}

/// A line of what happens, to standard error, stamped with the clock in milliseconds.
fn log(line: &str) {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    eprintln!("[{ms} ms] {line}");
}

/// The game's score sheet, as `carom referee` prints it.
fn sheet(table: &OnlineTable, as_json: bool, out: &mut impl Write) -> Result<(), CliError> {
    let Some(mut sheet) = table.play().and_then(|p| p.sheet()) else {
        return Ok(());
    };
    let text = if as_json {
        json::sheet(&sheet) + "\n"
    } else {
        if let Some(play) = table.play() {
            super::name_the_game(play.config(), &mut sheet);
        }
        words().sheet_text(&sheet)
    };
    emit(out, &text)
}
