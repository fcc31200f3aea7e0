//! The command line as a front end over the core: `carom sim` (one stroke of a shot
//! file), `carom referee` (a recorded match replayed through the referee), `carom bench`,
//! `carom suggest` (the computer's stroke from a position), `carom sounds` (the table's
//! sounds as WAV files) and `carom check-config`, with their file types and their
//! printing. `--json` output is a contract: fields are only ever added.

mod error;
mod exam;
mod fit;
pub mod json;
mod match_file;
pub mod online;
mod shot_file;
mod sounds;
mod system;

pub use error::{BadFile, CliError, Problem};
pub use exam::calibrate_exam;
pub use match_file::{Call, Format, MatchFile, MatchFileError, MatchProblem, StrokeEntry};
pub use shot_file::{Launch, ShotSpec};
pub use sounds::sounds;
pub use system::system;

use crate::computer;
use crate::config::{Config, FILE_NAMES};
use crate::diagram::{self, DIAGRAM_SAMPLE_HZ};
use crate::physics::bench;
use crate::play::{BallStyle, SavedMatch};
use crate::rules::{self, MatchSetup, Referee, ScoreSheet};
use crate::rules::{OneStroke, Verdict};
use crate::shot::ShotRecord;
use crate::table::TableGeometry;
use crate::words::{CommandLineProblem, words};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Loads the config of `dir` (or `./config`, or the built-in one). A folder named on
/// the command line must exist.
pub fn load_config(dir: Option<PathBuf>) -> Result<Config, CliError> {
    if let Some(dir) = &dir
        && !dir.is_dir()
    {
        return Err(CliError::at(dir, CommandLineProblem::NoConfigFolder));
    }
    let config = Config::load(Config::folder(dir).as_deref())?;
    rules::check_setups(&config)?;
    Ok(config)
}

/// Writes a command's output. A reader that has gone (`carom sim ... | head`) ends the
/// command quietly: nothing more can be said to it.
fn emit(out: &mut impl Write, text: &str) -> Result<(), CliError> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// `carom check-config`: loads the config as the game would and says which files were
/// read.
pub fn check_config(dir: Option<PathBuf>, out: &mut impl Write) -> Result<(), CliError> {
    let dir = Config::folder(dir);
    if let Some(dir) = &dir
        && !dir.is_dir()
    {
        return Err(CliError::at(dir, CommandLineProblem::NotAFolder));
    }
    let config = Config::load(dir.as_deref())?;
    rules::check_setups(&config)?;
    let mut text = String::new();
    for name in FILE_NAMES {
        text += &match dir.as_ref().map(|d| d.join(name)).filter(|p| p.exists()) {
            Some(path) => format!("ok  {}\n", path.display()),
            None => format!("ok  {name} (built-in)\n"),
        };
    }
    let bad = match &dir {
        Some(dir) => check_practice_files(&config, dir, &mut text),
        None => Vec::new(),
    };
    let (positions, drills) = (
        crate::play::bundled::POSITIONS,
        crate::play::bundled::DRILLS,
    );
    text += &format!(
        "ok  {} practice positions and {} drills (built-in)\n",
        positions.len(),
        drills.len()
    );
    emit(out, &text)?;
    if bad.is_empty() {
        Ok(())
    } else {
        Err(Problem::BadFiles(bad).into())
    }
}

/// The config folder's `positions/` and `drills/`: each good file listed in `text`, and
/// what is wrong with each bad one (a file that cannot be read, a position of a game
/// games.ron does not have, a drill naming a position neither the folder nor the
/// built-in ones have).
fn check_practice_files(config: &Config, dir: &Path, text: &mut String) -> Vec<BadFile> {
    use crate::play::bundled;
    use crate::play::drills::Drill;
    let mut bad = Vec::new();
    // The folder's positions add to the built-in ones, which its drills may name too.
    let (library, errors) = bundled::positions(Some(dir));
    bad.extend(errors.into_iter().map(BadFile::Unreadable));
    for (path, position) in library.iter().filter(|(path, _)| path.starts_with(dir)) {
        match config.games.game(&position.game) {
            Ok(_) => *text += &format!("ok  {}\n", path.display()),
            Err(error) => bad.push(BadFile::NoGame {
                path: path.clone(),
                error,
            }),
        }
    }
    let (drills, errors) = crate::play::read_ron_folder(&dir.join("drills"), Drill::parse);
    bad.extend(errors.into_iter().map(BadFile::Unreadable));
    for (path, drill) in &drills {
        match drill.positions(&library) {
            Ok(_) => *text += &format!("ok  {}\n", path.display()),
            Err(error) => bad.push(BadFile::NoPosition {
                path: path.clone(),
                error,
            }),
        }
    }
    bad
}

/// `carom sim SHOT`: one stroke headless, its events, final positions and, when the
/// shot names a game, the referee's verdict; with `svg`, its diagram written there.
pub fn sim(
    config: &Config,
    path: &Path,
    json: bool,
    svg: Option<&Path>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let spec = read_shot(path)?;
    let at = |problem: Problem| CliError::at(path, problem);
    let mut referee = spec.referee(config).map_err(at)?;
    let record = spec
        .start(config, spec.sample_hz)
        .map_err(at)?
        .run_to_rest();
    let verdict = referee
        .as_mut()
        .map(|r| r.judge(&record))
        .transpose()
        .map_err(|e| at(e.into()))?;
    if let Some(svg) = svg {
        let sampled = spec
            .start(config, Some(DIAGRAM_SAMPLE_HZ))
            .map_err(at)?
            .run_to_rest();
        let drawing = shot_diagram(
            config,
            &spec,
            &sampled,
            referee.as_ref().zip(verdict.as_ref()),
        )?;
        std::fs::write(svg, drawing).map_err(|e| CliError::at(svg, e))?;
    }
    let text = if json {
        let output = json::Sim {
            record: &record,
            verdict: verdict.as_ref().map(json::Verdict::from),
        };
        serde_json::to_string(&output)? + "\n"
    } else {
        let judged = referee.as_ref().zip(verdict.as_ref());
        words().shot_text(&record, judged.map(|(r, v)| (r.game_name(), v)))
    };
    emit(out, &text)
}

/// Reads the shot (or position) file at `path`.
fn read_shot(path: &Path) -> Result<ShotSpec, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::at(path, e))?;
    Ok(ShotSpec::parse(&path.display().to_string(), &text)?)
}

/// The diagram of a shot file's stroke: the table, the paths, and under it the verdict,
/// the stroke's settings and the cue ball's contacts.
fn shot_diagram(
    config: &Config,
    spec: &ShotSpec,
    record: &ShotRecord,
    judged: Option<(&OneStroke, &Verdict)>,
) -> Result<String, CliError> {
    let table = TableGeometry::new(&config.tables, spec.table.as_deref(), &config.balls)?;
    let stroke = record.stroke();
    let cue_ball = stroke.map(|s| s.ball);
    let contacts = cue_ball
        .map(|ball| diagram::cue_ball_contacts(&table, record, ball))
        .unwrap_or_default();
    let caption = words().diagram_caption(
        judged.map(|(referee, verdict)| (referee.game_name(), verdict)),
        stroke.as_ref(),
        &contacts,
        BallStyle::default(),
    );
    Ok(diagram::svg(
        &table,
        config.balls.radius(),
        record,
        cue_ball,
        &caption,
        BallStyle::default(),
    ))
}

/// `carom referee MATCH`: replays a recorded match (or a match's share code) and prints
/// its score sheet.
pub fn referee(
    config: &Config,
    path: &Path,
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let mut sheet = replay(config, path)?;
    let text = if json {
        json::sheet(&sheet) + "\n"
    } else {
        name_the_game(config, &mut sheet);
        words().sheet_text(&sheet)
    };
    emit(out, &text)
}

/// The sheet names its game in English; the text names it in the language spoken.
fn name_the_game(config: &Config, sheet: &mut ScoreSheet) {
    if let Some(game) = config.games.games.values().find(|g| g.name == sheet.game) {
        sheet.game = crate::words::named(game).to_owned();
    }
}

/// Reads and replays the match file at `path` — a recorded match, or the game's own
/// saved match of any version it writes — : its score sheet.
pub fn replay(config: &Config, path: &Path) -> Result<ScoreSheet, CliError> {
    if let Some(code) = path
        .to_str()
        .filter(|p| p.starts_with(crate::online::MATCH_CODE))
    {
        return online::replay_code(config, code);
    }
    if SavedMatch::is_one(path) {
        let saved = SavedMatch::read(path)
            .map_err(|e| CliError::from(Problem::SavedMatch(e)))?
            .ok_or_else(|| {
                CliError::at(path, std::io::Error::from(std::io::ErrorKind::NotFound))
            })?;
        let referee = saved
            .referee(config)
            .map_err(|e| CliError::at(path, Problem::Start(e)))?;
        return Ok(referee.sheet());
    }
    Ok(replay_match_file(config, path)?)
}

/// Reads and replays the recorded match file at `path`: its score sheet.
fn replay_match_file(config: &Config, path: &Path) -> Result<ScoreSheet, MatchFileError> {
    let file = path.display().to_string();
    let game = MatchFile::read(path)?;
    let error = |at: Option<&str>, problem| MatchFileError {
        file: file.clone(),
        at: at.map(str::to_owned),
        problem,
    };
    let rules = config
        .games
        .game(&game.game)
        .map_err(|e| error(Some("game"), MatchProblem::Unknown(e)))?;
    let table = TableGeometry::new(&config.tables, game.table.as_deref(), &config.balls)
        .map_err(|e| error(Some("table"), MatchProblem::Unknown(e)))?;
    let format = game
        .format
        .as_deref()
        .map(|key| config.formats.format(key))
        .transpose()
        .map_err(|e| error(Some("format"), MatchProblem::Unknown(e)))?;
    let own_limit = match format {
        Some(format) => format.innings_limit,
        None => rules.innings_limit.map(|n| n.get()),
    };
    let setup = MatchSetup {
        players: game.players.clone(),
        target: game.target,
        targets: game.targets.clone(),
        innings_limit: game.innings_limit.unwrap_or(own_limit),
        breaker: game.breaker,
        breaker_ball: game.breaker_ball,
    };
    let mut referee = Referee::new(rules, &config.games.referee, table, setup)
        .map_err(|e| error(None, MatchProblem::Setup(e)))?;
    if let Some(format) = format {
        referee = referee
            .with_format(format)
            .map_err(|e| error(Some("format"), MatchProblem::Setup(e)))?;
    }
    let mut set_breakers = game.set_breakers.iter().enumerate();
    for (i, stroke) in game.strokes.iter().enumerate() {
        if referee.set_breaker_pending()
            && let Some((n, &breaker)) = set_breakers.next()
        {
            referee
                .set_breaker(breaker)
                .map_err(|e| error(Some(&format!("set_breakers[{n}]")), MatchProblem::Setup(e)))?;
        }
        referee
            .judge(&stroke.played())
            .map_err(|e| error(Some(&format!("strokes[{i}]")), MatchProblem::Judge(e)))?;
    }
    Ok(referee.sheet())
}

/// What `carom fit` does.
pub enum FitTask<'a> {
    /// Replay and fit the tracked shots at the path.
    Shots {
        path: &'a Path,
        half: crate::fit::Half,
        limit: Option<usize>,
        budget: usize,
        per_shot: bool,
    },
    /// The simulation's own cushion curve.
    Probe,
    /// Tune the cushion's restitution and friction to the real curve.
    TuneCushion,
}

/// `carom fit`: real tracked shots replayed and fitted, or the cushion curve probed.
pub fn fit(config: &Config, task: FitTask, out: &mut impl Write) -> Result<(), CliError> {
    let text = match task {
        FitTask::Shots {
            path,
            half,
            limit,
            budget,
            per_shot,
        } => fit::run(config, path, half, limit, budget, per_shot)?,
        FitTask::Probe => fit::probe(config)?,
        FitTask::TuneCushion => fit::tune_cushion(config)?,
    };
    emit(out, &text)
}

/// `carom bench`: the headless timings.
pub fn bench(
    config: &Config,
    repeats: usize,
    random_strokes: usize,
    decisions: usize,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if cfg!(debug_assertions) {
        eprintln!("note: a debug build; build with --release for the figures that count");
    }
    let results = bench::run(config, repeats)?;
    let random = bench::random_strokes(config, random_strokes)?;
    emit(out, &words().bench_text(&results, &random))?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let workers: Vec<usize> = if threads > 1 {
        vec![1, threads]
    } else {
        vec![1]
    };
    if decisions == 0 {
        return Ok(());
    }
    let game = "three_cushion";
    let timings = computer::bench::run(config, game, decisions, &workers)?;
    emit(out, &words().decisions_text(game, &timings))
}

/// What `carom calibrate` measures of each level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Calibration {
    /// The general average over this many innings of self-play from the break.
    Innings(u32),
    /// The share scored from this many random lay-outs.
    LayOuts(usize),
}

/// `carom calibrate`: each level of `keys` (every level when empty) measured in `game`,
/// a line printed as each is done, progress on stderr.
pub fn calibrate(
    config: &Config,
    game: &str,
    task: Calibration,
    keys: &[String],
    out: &mut impl Write,
) -> Result<(), CliError> {
    if cfg!(debug_assertions) {
        eprintln!("note: a debug build; build with --release for the figures that count");
    }
    config.games.game(game)?;
    let levels = if keys.is_empty() {
        config.computer.levels.iter().collect()
    } else {
        keys.iter()
            .map(|k| config.computer.level(k))
            .collect::<Result<Vec<_>, _>>()?
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for level in levels {
        let started = std::time::Instant::now();
        let line = match task {
            Calibration::Innings(innings) => {
                let average = computer::calibrate::self_play(
                    config,
                    game,
                    level,
                    innings,
                    threads,
                    |innings, points| {
                        eprintln!("  {}: {points} points in {innings} innings", level.key)
                    },
                )?;
                words().calibrated(level, &average, started.elapsed())
            }
            Calibration::LayOuts(n) => {
                let tries =
                    computer::calibrate::from_random_lay_outs(config, game, level, n, threads)?;
                let share = computer::calibrate::share_scored(&tries);
                words().share_scored(level, game, share, n, started.elapsed())
            }
        };
        emit(out, &line)?;
    }
    Ok(())
}

/// `carom suggest POSITION`: the stroke `level` (the coach's by default) would play
/// from a position file in `game` (the file's when not given).
pub fn suggest(
    config: &Config,
    path: &Path,
    game: Option<&str>,
    level: Option<&str>,
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let spec = read_shot(path)?;
    let referee = spec
        .position_referee(config, game)
        .map_err(|e| CliError::at(path, e))?;
    let level = match level {
        Some(key) => config.computer.level(key)?,
        None => config.computer.coach(),
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let decision = computer::choose(config, &referee, level, 1, threads)
        .ok_or_else(|| CliError::at(path, CommandLineProblem::CueBallOff))?;
    let explanation = computer::explain::explain(config, &referee, &decision);
    let text = if json {
        let suggestion = json::Suggestion::new(&decision, &explanation, level);
        serde_json::to_string(&suggestion)? + "\n"
    } else {
        let lines = words().explanation(&explanation, BallStyle::default());
        words().suggestion(crate::words::named(level), &decision) + &lines.join("\n") + "\n"
    };
    emit(out, &text)
}
