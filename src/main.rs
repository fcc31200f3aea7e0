//! The `carom` command: no subcommand plays; the subcommands run the core headless.

use carom::config::{Config, FILE_NAMES};
use carom::physics::bench;
use carom::physics::events::ShotRecord;
use carom::physics::shot::ShotSpec;
use carom::rules::{OneStroke, VerdictJson, points};
use clap::{Parser, Subcommand};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "carom",
    version,
    about = "Carom billiards: play, simulate, referee"
)]
struct Cli {
    /// Config folder whose files replace the built-in defaults (default: ./config when present).
    #[arg(long, global = true, value_name = "DIR")]
    config: Option<PathBuf>,
    /// Render, save a PNG of the window after --frames frames, and exit.
    #[arg(long, value_name = "PATH")]
    screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 60, requires = "screenshot")]
    frames: u32,
    /// The screen to open with the last menu choices [default: menu; with --screenshot,
    /// practice: the table at the break].
    #[arg(long, value_enum)]
    start: Option<StartScreen>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Where `carom` opens.
#[derive(Clone, Copy, clap::ValueEnum)]
enum StartScreen {
    Menu,
    Match,
    Practice,
    LagTraining,
}

impl StartScreen {
    fn screen(self) -> carom::game::Screen {
        use carom::game::Screen;
        match self {
            StartScreen::Menu => Screen::Menu,
            StartScreen::Match => Screen::Match,
            StartScreen::Practice => Screen::Practice,
            StartScreen::LagTraining => Screen::LagTraining,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Simulate one stroke headless: events, final positions, trajectories, and the
    /// referee's verdict when the shot names a `game`.
    Sim {
        /// The shot: table, balls, and a stroke or a launch (RON).
        shot: PathBuf,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Time a fixed set of strokes headless (build with --release for real figures).
    Bench {
        /// Runs of each stroke; the median is reported.
        #[arg(long, default_value_t = 21)]
        repeats: usize,
    },
    /// Validate the config files of DIR (default: ./config, else the built-in ones).
    CheckConfig { dir: Option<PathBuf> },
    /// Replay a recorded match (MATCH.ron or MATCH.json) through the referee and print
    /// its score sheet.
    Referee {
        file: PathBuf,
        /// Print the score sheet as JSON.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Sim { shot, json }) => {
            load_config(cli.config).and_then(|c| sim(&c, &shot, json))
        }
        Some(Command::Bench { repeats }) => {
            load_config(cli.config).and_then(|c| bench(&c, repeats))
        }
        Some(Command::CheckConfig { dir }) => check_config(dir.or(cli.config)),
        Some(Command::Referee { file, json }) => {
            load_config(cli.config).and_then(|c| referee(&c, &file, json))
        }
        None => {
            let start = cli.start.unwrap_or(if cli.screenshot.is_some() {
                StartScreen::Practice
            } else {
                StartScreen::Menu
            });
            load_config(cli.config).and_then(|c| play(c, start, cli.screenshot, cli.frames))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("carom: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Loads the config as the game would and says which files were read.
fn check_config(dir: Option<PathBuf>) -> Result<(), String> {
    let dir = Config::folder(dir);
    if let Some(dir) = &dir
        && !dir.is_dir()
    {
        return Err(format!("{}: not a folder", dir.display()));
    }
    Config::load(dir.as_deref()).map_err(|e| e.to_string())?;
    for name in FILE_NAMES {
        match dir.as_ref().map(|d| d.join(name)).filter(|p| p.exists()) {
            Some(path) => println!("ok  {}", path.display()),
            None => println!("ok  {name} (built-in)"),
        }
    }
    Ok(())
}

/// Opens the window and plays.
fn play(
    config: Config,
    start: StartScreen,
    screenshot: Option<PathBuf>,
    frames: u32,
) -> Result<(), String> {
    use bevy::prelude::*;
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Carom".into(),
            resolution: (1280, 720).into(),
            ..default()
        }),
        ..default()
    }));
    let paths = carom::game::StoragePaths::for_user();
    let mut settings = carom::game::MatchSettings::load(&paths.settings, &config);
    settings.mode = match start {
        StartScreen::Practice => carom::game::Mode::Practice,
        StartScreen::LagTraining => carom::game::Mode::LagTraining,
        StartScreen::Match => carom::game::Mode::Match,
        StartScreen::Menu => settings.mode,
    };
    app.insert_resource(settings);
    app.insert_state(start.screen());
    app.insert_resource(paths);
    app.insert_resource(carom::game::GameConfig(config));
    if let Some(path) = screenshot {
        app.insert_resource(carom::view::screenshot::ScreenshotPlan { path, frames });
    }
    app.add_plugins(carom::CaromPlugin);
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("the game stopped with error {code}")),
    }
}

fn load_config(dir: Option<PathBuf>) -> Result<Config, String> {
    Config::load(Config::folder(dir).as_deref()).map_err(|e| e.to_string())
}

/// What `carom sim --json` prints: the shot record, and the verdict when judged.
#[derive(Serialize)]
struct SimJson<'a> {
    #[serde(flatten)]
    record: &'a ShotRecord,
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<VerdictJson<'a>>,
}

fn sim(config: &Config, path: &Path, json: bool) -> Result<(), String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let spec = ShotSpec::parse(&name, &text)?;
    let mut referee = spec
        .game
        .as_deref()
        .map(|game| OneStroke::new(config, game, &spec))
        .transpose()
        .map_err(|e| format!("{name}: {e}"))?;
    let record = spec.run(config).map_err(|e| format!("{name}: {e}"))?;
    let verdict = referee
        .as_mut()
        .map(|r| r.judge(&record))
        .transpose()
        .map_err(|e| format!("{name}: {e}"))?;
    if json {
        let output = SimJson {
            record: &record,
            verdict: verdict.as_ref().map(VerdictJson::from),
        };
        let text = serde_json::to_string(&output).map_err(|e| e.to_string())?;
        println!("{text}");
        return Ok(());
    }
    for e in &record.events {
        println!("{:9.4} s  {}", e.t, e.kind);
    }
    for (ball, p) in &record.final_positions {
        let place = if p.on_table {
            "on the table"
        } else {
            "off the table"
        };
        println!(
            "{ball:>6}  x {:+.4}  y {:+.4}  z {:.4}  {place}",
            p.x, p.y, p.z
        );
    }
    println!("at rest after {:.3} s", record.duration);
    if let (Some(referee), Some(v)) = (referee, verdict) {
        println!(
            "referee ({}): {}; {}",
            referee.game_name(),
            points(v.points),
            v.notes()
        );
    }
    Ok(())
}

fn bench(config: &Config, repeats: usize) -> Result<(), String> {
    if cfg!(debug_assertions) {
        eprintln!("note: a debug build; build with --release for the figures that count");
    }
    println!(
        "{:<7} {:>12} {:>10} {:>7} {:>7} {:>12}  stroke",
        "name", "wall/stroke", "simulated", "steps", "events", "real-time"
    );
    for r in bench::run(config, repeats)? {
        println!(
            "{:<7} {:>9.3} ms {:>8.2} s {:>7} {:>7} {:>11.0}x  {}",
            r.name,
            r.wall.as_secs_f64() * 1e3,
            r.simulated,
            r.steps,
            r.events,
            r.real_time_factor(),
            r.what
        );
    }
    Ok(())
}

/// Replays a match file and prints its score sheet.
fn referee(config: &Config, file: &Path, json: bool) -> Result<(), String> {
    let sheet = carom::rules::replay::replay_file(file, config).map_err(|e| e.to_string())?;
    if json {
        println!("{}", sheet.to_json());
    } else {
        print!("{}", sheet.to_text());
    }
    Ok(())
}
