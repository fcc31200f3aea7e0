//! The `carom` command: no subcommand plays; the subcommands run the core headless.

use carom::config::{Config, FILE_NAMES};
use clap::{Parser, Subcommand};
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
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
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
        Some(Command::CheckConfig { dir }) => check_config(dir.or(cli.config)),
        Some(Command::Referee { file, json }) => {
            load_config(cli.config).and_then(|c| referee(&c, &file, json))
        }
        None => Err("playing is not built yet".to_owned()),
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

fn load_config(dir: Option<PathBuf>) -> Result<Config, String> {
    Config::load(Config::folder(dir).as_deref()).map_err(|e| e.to_string())
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
