//! The `carom` command: no subcommand plays; the subcommands run the core headless.

use carom::config::{Config, FILE_NAMES};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "carom", version, about = "Carom billiards: play, simulate, referee")]
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::CheckConfig { dir }) => check_config(dir.or(cli.config)),
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
