//! The `carom` command: no subcommand plays; the subcommands run the core headless
//! (`carom::cli`).

use carom::cli;
use carom::online::{Opened, Physics};
use carom::play::Mode;
use carom::session::Screen;
use carom::view::staging::Staging;
use carom::words::{Language, Trouble, speak, words};
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
    /// The language of the screens and the text output: en or ru [default: the
    /// settings' choice, else the system's locale]. JSON output is the same in every
    /// language.
    #[arg(long, global = true, value_name = "LANG", value_parser = language)]
    lang: Option<Language>,
    #[command(flatten)]
    look: Look,
    /// The screen to open with the last menu choices: menu, online, club-night, records, match,
    /// practice or lag-training [default: menu; with --screenshot or --frame-rate, practice: the
    /// table at the break].
    #[arg(long, value_name = "SCREEN", value_parser = start_screen)]
    start: Option<Start>,
    /// Play a firm stroke in practice, print the frame rate while aiming and while the balls roll and the
    /// time the game's systems take a frame, and exit.
    #[arg(long, conflicts_with = "screenshot")]
    frame_rate: bool,
    /// At the practice table, switch the graphics preset from low to high and back N
    /// times, print the resident memory and the compiled pipelines once each has
    /// settled, and exit.
    #[arg(long, value_name = "N", conflicts_with_all = ["screenshot", "frame_rate"])]
    preset_round_trips: Option<u32>,
    /// A fixed camera here, m in the table frame (x toward the foot, y left, z up from
    /// the cloth), looking at --looking-at: for pictures of one part of the table.
    #[arg(long, value_name = "X,Y,Z", value_parser = point, requires = "looking_at")]
    camera_at: Option<carom::math::DVec3>,
    #[arg(long, value_name = "X,Y,Z", value_parser = point, requires = "camera_at")]
    looking_at: Option<carom::math::DVec3>,
    /// The cue raised at least this many degrees.
    #[arg(long, value_name = "DEGREES")]
    elevation: Option<f64>,
    /// Set up this practice position at once: a file as in config/positions/, or a
    /// stroke's share code (carom-stroke-1.…), itself or in a text file.
    #[arg(long, value_name = "FILE|CODE")]
    position: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// How the window looks and what it pictures: for playing and for watching.
#[derive(clap::Args)]
struct Look {
    /// Render, save a PNG of the window after --frames frames, and exit.
    #[arg(long, value_name = "PATH")]
    screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 60, requires = "screenshot")]
    frames: u32,
    /// Graphics for this run, whatever the settings say: low or high.
    #[arg(long, value_name = "QUALITY", value_parser = quality)]
    quality: Option<carom::session::Quality>,
    /// The camera view to open in: behind, top, orbit or follow.
    #[arg(long, value_name = "VIEW", value_parser = view)]
    view: Option<carom::session::CameraView>,
}

fn view(name: &str) -> Result<carom::session::CameraView, String> {
    use carom::session::CameraView;
    match name {
        "behind" => Ok(CameraView::Behind),
        "top" => Ok(CameraView::Top),
        "orbit" => Ok(CameraView::Orbit),
        "follow" => Ok(CameraView::Follow),
        _ => Err("the views are: behind, top, orbit, follow".into()),
    }
}

fn point(text: &str) -> Result<carom::math::DVec3, String> {
    let parts: Vec<f64> = text
        .split(',')
        .map(|p| p.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{text}: {e} (give X,Y,Z in metres)"))?;
    match parts[..] {
        [x, y, z] => Ok(carom::math::DVec3::new(x, y, z)),
        _ => Err(format!("{text}: give three numbers, X,Y,Z in metres")),
    }
}

/// Where `carom` opens: the menu, the Online screen, or the table in a mode.
#[derive(Clone, Copy)]
enum Start {
    Menu,
    Online,
    ClubNight,
    Records,
    Table(Mode),
}

fn start_screen(name: &str) -> Result<Start, String> {
    match name {
        "menu" => return Ok(Start::Menu),
        "online" => return Ok(Start::Online),
        "club-night" => return Ok(Start::ClubNight),
        "records" => return Ok(Start::Records),
        _ => {}
    }
    Mode::ALL
        .into_iter()
        .find(|m| m.key() == name)
        .map(Start::Table)
        .ok_or_else(|| {
            let modes: Vec<&str> = Mode::ALL.iter().map(|m| m.key()).collect();
            format!(
                "the screens are: menu, online, club-night, records, {}",
                modes.join(", ")
            )
        })
}

fn language(code: &str) -> Result<Language, String> {
    Language::ALL
        .into_iter()
        .find(|l| l.code() == code)
        .ok_or_else(|| {
            let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
            format!("the languages are: {}", codes.join(", "))
        })
}

fn quality(name: &str) -> Result<carom::session::Quality, String> {
    use carom::session::Quality;
    match name {
        "low" => Ok(Quality::Low),
        "high" => Ok(Quality::High),
        _ => Err("the qualities are: low (software rendering), high".into()),
    }
}

fn half(name: &str) -> Result<carom::fit::Half, String> {
    use carom::fit::Half;
    match name {
        "even" => Ok(Half::Even),
        "odd" => Ok(Half::Odd),
        "all" => Ok(Half::All),
        _ => Err("the halves are: even (fitting), odd (held out), all".into()),
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
        /// Also draw the stroke as an SVG top view into this file: the table, each
        /// ball's path, the cue ball's contacts numbered, the stroke's settings.
        #[arg(long, value_name = "OUT.svg")]
        svg: Option<PathBuf>,
    },
    /// Time a fixed set of strokes headless (build with --release for real figures).
    Bench {
        /// Runs of each stroke; the median is reported.
        #[arg(long, default_value_t = 21)]
        repeats: usize,
        /// Seeded random strokes played one after another on one reused table.
        #[arg(long, default_value_t = 2000)]
        strokes: usize,
        /// Random three-cushion lay-outs each computer level decides from.
        #[arg(long, default_value_t = 5)]
        decisions: usize,
    },
    /// Measure the computer's levels (build with --release): each level's general
    /// average playing itself from the break, with its 95 % interval; or, with
    /// --lay-outs, the cheaper share of random lay-outs its stroke scores from.
    Calibrate {
        /// The game (a key of games.ron).
        #[arg(long, default_value = "three_cushion")]
        game: String,
        /// Innings each level plays.
        #[arg(long, default_value_t = 500)]
        innings: u32,
        /// Instead of innings: the share scored from this many random lay-outs.
        #[arg(long)]
        lay_outs: Option<usize>,
        /// Only these levels (keys of computer.ron, comma-separated).
        #[arg(long, value_delimiter = ',')]
        levels: Vec<String>,
        /// Instead: each level taking this bundled graded exam (a drill's file name,
        /// exam-three-cushion or exam-straight-rail), and the table for its file.
        #[arg(long, conflicts_with_all = ["innings", "lay_outs"])]
        exam: Option<String>,
        /// Exams each level takes (with --exam).
        #[arg(long, default_value_t = 10, requires = "exam")]
        runs: u32,
    },
    /// The stroke the computer would play from a position: a shot file with
    /// `cue_ball: White` (or another ball) in place of a `stroke`.
    Suggest {
        position: PathBuf,
        /// The game (a key of games.ron); the file's `game` when not given.
        #[arg(long)]
        game: Option<String>,
        /// A level of computer.ron; the coach's when not given.
        #[arg(long)]
        level: Option<String>,
        /// Print one JSON object: stroke, p_score, evaluated, ms.
        #[arg(long)]
        json: bool,
    },
    /// A diamond system against the simulation: where its stroke really takes the cue
    /// ball over the system's inputs, at its speed and a slower and a faster one; with
    /// --from and --to, the system's aim beside the one that really gets there.
    System {
        /// five-and-half (or corner-five), or plus.
        name: String,
        /// A table preset of tables.ron.
        #[arg(long, default_value = "match")]
        table: String,
        /// The cue ball's origin in the system's numbers (1.5 to 8).
        #[arg(long, requires = "to")]
        from: Option<f64>,
        /// The third-rail arrival wanted (0 to 7).
        #[arg(long, requires = "from")]
        to: Option<f64>,
        /// Print one JSON object: each speed's strokes and deviations, the aim check.
        #[arg(long)]
        json: bool,
    },
    /// Validate the config files of DIR (default: ./config, else the built-in ones).
    CheckConfig { dir: Option<PathBuf> },
    /// Replay real tracked shots (tailuge/billiards' dist/fit/trajectories.json): fit each
    /// shot's stroke, and print how close the simulation comes to the real balls.
    Fit {
        /// The tracked shots.
        #[arg(required_unless_present_any = ["probe", "tune_cushion"])]
        trajectories: Option<PathBuf>,
        /// Only the simulation's own cushion curve, from balls rolling into a cushion.
        #[arg(long)]
        probe: bool,
        /// Tune the cushion's restitution curve and friction to the real curve (probe).
        #[arg(long)]
        tune_cushion: bool,
        /// Which shots: even (the fitting half), odd (held out) or all.
        #[arg(long, default_value = "even", value_parser = half)]
        half: carom::fit::Half,
        /// Fit at most this many shots of the half.
        #[arg(long)]
        limit: Option<usize>,
        /// Simulations per shot's fit.
        #[arg(long, default_value_t = 2000)]
        budget: usize,
        /// Print each shot's fit too.
        #[arg(long)]
        shots: bool,
    },
    /// Write each kind of the table's sounds (ball on ball, cushion, cue tip, miscue,
    /// slate, floor, rolling) at a soft, a medium and a hard contact as WAV files.
    Sounds {
        /// The folder to write them into (made if missing).
        out_dir: PathBuf,
    },
    /// Replay a recorded match (MATCH.ron or MATCH.json, or a match's share code)
    /// through the referee and print its score sheet.
    Referee {
        file: PathBuf,
        /// Print the score sheet as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The share code of a saved match (MATCH.json, the game's or an online one): its
    /// set-up and strokes, compressed, which `carom referee CODE` plays again.
    Share { file: PathBuf },
    /// Watch a match in the game's viewer, stroke by stroke: a saved match (MATCH.json,
    /// the game's or an online one) or a share code (carom-match-1.…, itself or in a
    /// text file); a stroke's code (carom-stroke-1.…) opens practice at its position.
    Watch {
        #[arg(value_name = "FILE|CODE")]
        file: String,
        #[command(flatten)]
        look: Look,
    },
    /// Online play without a window: host tables, play a seat as the computer, watch.
    Online {
        #[command(subcommand)]
        what: Online,
    },
}

#[derive(Subcommand)]
enum Online {
    /// Serve tables yourself (the embedded host: the relay's endpoints, for a LAN or a
    /// forwarded port) until stopped.
    Host {
        /// The address to listen on.
        #[arg(long, default_value = "0.0.0.0:8090")]
        listen: String,
    },
    /// Play a seat as the computer, at a new table (its join code is printed first) or
    /// at one joined by its code, to the game's end; then print its score sheet.
    Play {
        #[command(flatten)]
        at: Connection,
        /// Host a new table.
        #[arg(long, conflicts_with = "join", required_unless_present = "join")]
        new: bool,
        /// Join the table of this code (its host's code resumes the host's own seat). A
        /// code may begin with `-`: it is taken as the code, not as an option.
        #[arg(long, value_name = "CODE", allow_hyphen_values = true)]
        join: Option<String>,
        /// A new table's game (a key of games.ron).
        #[arg(long, default_value = "three_cushion")]
        game: String,
        /// A new table's table preset (tables.ron) [default: the default preset].
        #[arg(long)]
        table: Option<String>,
        /// A new table's target [default: the game's].
        #[arg(long)]
        target: Option<u32>,
        /// A new table's limit of innings [default: the game's].
        #[arg(long)]
        innings_limit: Option<u32>,
        /// The computer's level (a key of computer.ron).
        #[arg(long, default_value = "club")]
        level: String,
        /// The least time the computer takes over a move, s (a player's pace; the
        /// relay turns away more than 20 messages a second from an address).
        #[arg(long, default_value_t = 1.0, value_parser = pace)]
        pace: f64,
        /// Print the score sheet as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Follow the table of CODE as a spectator to the game's end; then print its score
    /// sheet as `carom referee` does.
    Watch {
        #[arg(allow_hyphen_values = true)]
        code: String,
        #[command(flatten)]
        at: Connection,
        /// Print the score sheet as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Where an online participant connects, and who they are.
#[derive(clap::Args)]
struct Connection {
    /// The relay's (or an embedded host's) address, http://HOST:PORT.
    #[arg(long)]
    relay: String,
    /// The name to play or watch under (its key is kept in the data folder).
    #[arg(long, default_value = "Carom")]
    name: String,
    /// The data folder for the players' keys and the online matches saved [default:
    /// the user's].
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
}

impl Connection {
    fn participant(self) -> cli::online::Participant {
        cli::online::Participant {
            relay: self.relay,
            name: self.name,
            data: self
                .data
                .unwrap_or_else(|| carom::play::StoragePaths::for_user().data),
        }
    }
}

/// `carom online ...`.
fn online(
    config: Option<PathBuf>,
    what: Online,
    out: &mut impl std::io::Write,
) -> Result<(), cli::CliError> {
    use cli::online::SeatAt;
    match what {
        Online::Host { listen } => cli::online::host(&listen, out),
        Online::Play {
            at,
            new,
            join,
            game,
            table,
            target,
            innings_limit,
            level,
            pace,
            json,
        } => {
            let config = cli::load_config(config)?;
            let pace = std::time::Duration::from_secs_f64(pace);
            let seat = match (new, join) {
                (false, Some(code)) => SeatAt::Join(code),
                _ => SeatAt::New(cli::online::terms(
                    &config,
                    game,
                    table,
                    target,
                    innings_limit,
                )?),
            };
            cli::online::play(&config, &at.participant(), seat, &level, pace, json, out)
        }
        Online::Watch { code, at, json } => {
            let config = cli::load_config(config)?;
            cli::online::watch(&config, &at.participant(), &code, json, out)
        }
    }
}

/// A pace in seconds: 0 to 60.
fn pace(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=60.0).contains(&s) => Ok(s),
        _ => Err(format!("{text}: a pace is seconds, 0 to 60")),
    }
}

/// What the command line opens the game on at once.
enum Opening {
    /// `carom watch`'s match (or stroke) to watch.
    Watch(String),
    /// `--position`'s position to practise.
    Position(String),
}

/// The game's window as the command line opens it.
struct Game {
    opening: Option<Opening>,
    look: Look,
    start: Option<Mode>,
    /// A screen at once in place of the menu (`--start online`, `--start club-night`).
    screen: Option<Screen>,
    frame_rate: bool,
    preset_round_trips: Option<u32>,
    staging: Staging,
}

impl Game {
    /// Opens the window (after what it opens on, which is refused with a clear error) and
    /// plays until it closes.
    fn open(mut self, config: Option<PathBuf>, language: Option<Language>) -> ExitCode {
        let config_folder = carom::config::Config::folder(config.clone());
        let loaded = match cli::load_config(config) {
            Ok(loaded) => loaded,
            Err(e) => {
                eprintln!("carom: {}", e.worded(words()));
                return ExitCode::FAILURE;
            }
        };
        let opened = match &self.opening {
            Some(Opening::Watch(given)) => Opened::open(&loaded, given).map(Some),
            Some(Opening::Position(given)) => Opened::position(&loaded, given).map(Some),
            None => Ok(None),
        };
        let (mut watch, mut position) = (None, None);
        match opened {
            Err(e) => {
                eprintln!("carom: {}", words().trouble(Trouble::Open(&e)));
                return ExitCode::FAILURE;
            }
            Ok(Some(Opened::Match { viewer, physics })) => {
                watch = Some(carom::session::Viewing {
                    viewer: *viewer,
                    physics,
                });
            }
            Ok(Some(Opened::Position {
                position: opened,
                physics,
            })) => {
                if let Physics::Differs { theirs, ours } = physics {
                    eprintln!("carom: {}", words().shared_physics_differs(&theirs, &ours));
                }
                position = Some(*opened);
                self.start = Some(Mode::Practice);
            }
            Ok(None) => {}
        }
        self.staging.view = self.look.view;
        let launch = carom::Launch {
            start: self.start,
            screen: self.screen,
            watch,
            position,
            screenshot: self.look.screenshot.map(|path| (path, self.look.frames)),
            frame_rate: self.frame_rate,
            preset_round_trips: self.preset_round_trips,
            quality: self.look.quality,
            staging: Some(self.staging),
            language,
            config_folder,
        };
        match carom::run(loaded, launch) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("carom: {e}");
                ExitCode::FAILURE
            }
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The game itself may speak the settings' language instead (`carom::run`).
    speak(cli.lang.unwrap_or_else(carom::system_language));
    // Not locked for the whole run: the game prints from its own threads.
    let out = &mut std::io::stdout();
    let result: Result<(), Box<dyn std::error::Error>> = match cli.command {
        Some(Command::Sim { shot, json, svg }) => cli::load_config(cli.config)
            .and_then(|c| cli::sim(&c, &shot, json, svg.as_deref(), out))
            .map_err(Into::into),
        Some(Command::Bench {
            repeats,
            strokes,
            decisions,
        }) => cli::load_config(cli.config)
            .and_then(|c| cli::bench(&c, repeats, strokes, decisions, out))
            .map_err(Into::into),
        Some(Command::Calibrate {
            exam: Some(exam),
            runs,
            levels,
            ..
        }) => cli::load_config(cli.config)
            .and_then(|c| cli::calibrate_exam(&c, &exam, runs, &levels, out))
            .map_err(Into::into),
        Some(Command::Calibrate {
            game,
            innings,
            lay_outs,
            levels,
            ..
        }) => {
            let task = match lay_outs {
                Some(n) => cli::Calibration::LayOuts(n),
                None => cli::Calibration::Innings(innings),
            };
            cli::load_config(cli.config)
                .and_then(|c| cli::calibrate(&c, &game, task, &levels, out))
                .map_err(Into::into)
        }
        Some(Command::Suggest {
            position,
            game,
            level,
            json,
        }) => cli::load_config(cli.config)
            .and_then(|c| cli::suggest(&c, &position, game.as_deref(), level.as_deref(), json, out))
            .map_err(Into::into),
        Some(Command::System {
            name,
            table,
            from,
            to,
            json,
        }) => cli::load_config(cli.config)
            .and_then(|c| cli::system(&c, &name, &table, from.zip(to), json, out))
            .map_err(Into::into),
        Some(Command::CheckConfig { dir }) => {
            cli::check_config(dir.or(cli.config), out).map_err(Into::into)
        }
        Some(Command::Fit {
            trajectories,
            probe,
            tune_cushion,
            half,
            limit,
            budget,
            shots,
        }) => {
            let task = match (probe, tune_cushion, &trajectories) {
                (true, _, _) => cli::FitTask::Probe,
                (_, true, _) => cli::FitTask::TuneCushion,
                (_, _, path) => cli::FitTask::Shots {
                    path: path.as_deref().expect("clap requires it"),
                    half,
                    limit,
                    budget,
                    per_shot: shots,
                },
            };
            cli::load_config(cli.config)
                .and_then(|c| cli::fit(&c, task, out))
                .map_err(Into::into)
        }
        Some(Command::Sounds { out_dir }) => cli::sounds(&out_dir, out).map_err(Into::into),
        Some(Command::Referee { file, json }) => cli::load_config(cli.config)
            .and_then(|c| cli::referee(&c, &file, json, out))
            .map_err(Into::into),
        Some(Command::Share { file }) => cli::load_config(cli.config)
            .and_then(|c| cli::online::share(&c, &file, out))
            .map_err(Into::into),
        Some(Command::Online { what }) => online(cli.config, what, out).map_err(Into::into),
        Some(Command::Watch { file, look }) => {
            let at_table = Game {
                opening: Some(Opening::Watch(file)),
                look,
                start: None,
                screen: None,
                frame_rate: false,
                preset_round_trips: None,
                staging: Staging::default(),
            };
            return at_table.open(cli.config, cli.lang);
        }
        None => {
            let look = cli.look;
            let start = match cli.start {
                Some(Start::Table(mode)) => Some(mode),
                Some(Start::Menu | Start::Online | Start::ClubNight | Start::Records) => None,
                None if look.screenshot.is_some()
                    || cli.frame_rate
                    || cli.preset_round_trips.is_some() =>
                {
                    Some(Mode::Practice)
                }
                None => None,
            };
            let at_table = Game {
                opening: cli.position.map(Opening::Position),
                look,
                start,
                screen: match cli.start {
                    Some(Start::Online) => Some(Screen::Online),
                    Some(Start::ClubNight) => Some(Screen::ClubNight),
                    Some(Start::Records) => Some(Screen::Records),
                    _ => None,
                },
                frame_rate: cli.frame_rate,
                preset_round_trips: cli.preset_round_trips,
                staging: Staging {
                    camera: cli.camera_at.zip(cli.looking_at),
                    elevation_deg: cli.elevation,
                    ..Staging::default()
                },
            };
            return at_table.open(cli.config, cli.lang);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // The command line's errors in the language spoken (`--lang`).
            let said = match error.downcast_ref::<cli::CliError>() {
                Some(e) => e.worded(words()),
                None => error.to_string(),
            };
            eprintln!("carom: {said}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A join code is URL-safe base64: one in 64 begins with `-`, which must be taken
    /// as the code (a guest that could not join made a match hang, now and then).
    #[test]
    fn a_code_that_begins_with_a_hyphen_is_taken_as_the_code() {
        let code = "-J3a9B";
        let play = ["carom", "online", "play", "--relay", "http://127.0.0.1:9"];
        let cli = Cli::try_parse_from(play.iter().copied().chain(["--join", code])).unwrap();
        let Some(Command::Online {
            what: Online::Play { join, .. },
        }) = cli.command
        else {
            panic!("not online play");
        };
        assert_eq!(join.as_deref(), Some(code));
        let watch = [
            "carom",
            "online",
            "watch",
            code,
            "--relay",
            "http://127.0.0.1:9",
        ];
        let cli = Cli::try_parse_from(watch).unwrap();
        let Some(Command::Online {
            what: Online::Watch { code: watched, .. },
        }) = cli.command
        else {
            panic!("not online watch");
        };
        assert_eq!(watched, code);
    }
}
