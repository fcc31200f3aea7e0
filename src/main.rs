//! The `carom` command: no subcommand plays; the subcommands run the core headless
//! (`carom::cli`).

use carom::cli;
use carom::play::Mode;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
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
    /// The screen to open with the last menu choices: menu, match, practice or
    /// lag-training [default: menu; with --screenshot, practice: the table at the break].
    #[arg(long, value_name = "SCREEN", value_parser = start_screen)]
    start: Option<Start>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Where `carom` opens: the menu, or the table in a mode.
#[derive(Clone, Copy)]
struct Start(Option<Mode>);

fn start_screen(name: &str) -> Result<Start, String> {
    if name == "menu" {
        return Ok(Start(None));
    }
    Mode::ALL
        .into_iter()
        .find(|m| m.key() == name)
        .map(|m| Start(Some(m)))
        .ok_or_else(|| {
            let modes: Vec<&str> = Mode::ALL.iter().map(|m| m.key()).collect();
            format!("the screens are: menu, {}", modes.join(", "))
        })
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
    let out = &mut std::io::stdout().lock();
    let result = match cli.command {
        Some(Command::Sim { shot, json }) => {
            cli::load_config(cli.config).and_then(|c| cli::sim(&c, &shot, json, out))
        }
        Some(Command::Bench { repeats }) => {
            cli::load_config(cli.config).and_then(|c| cli::bench(&c, repeats, out))
        }
        Some(Command::CheckConfig { dir }) => cli::check_config(dir.or(cli.config), out),
        Some(Command::Referee { file, json }) => {
            cli::load_config(cli.config).and_then(|c| cli::referee(&c, &file, json, out))
        }
        None => {
            let start = match cli.start {
                Some(Start(mode)) => mode,
                None if cli.screenshot.is_some() => Some(Mode::Practice),
                None => None,
            };
            cli::load_config(cli.config)
                .and_then(|c| carom::run(c, start, cli.screenshot, cli.frames))
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
