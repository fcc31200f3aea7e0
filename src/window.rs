//! Opening the game's window: the app with Bevy's default plugins and Carom's, at the
//! screen the command line asked for, with the player's settings.

use crate::config::Config;
use crate::play::positions::Position;
use crate::play::{MatchSettings, Mode, StoragePaths};
use crate::session::{
    ConfigFolder, GameConfig, Graphics, PracticeAt, Preferences, Quality, Screen, Settings,
    UserFiles, Viewing,
};
use crate::ui::{FrameRateTest, GraphicsChosen};
use crate::view::screenshot::ScreenshotPlan;
use crate::view::staging::Staging;
use crate::words::{Language, speak};
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use std::path::PathBuf;

/// How the game was started from the command line.
#[derive(Default)]
pub struct Launch {
    /// The table in this mode at once (with the last menu choices); None: the menu.
    pub start: Option<Mode>,
    /// This screen at once in place of the menu (the Online screen, the club night).
    pub screen: Option<Screen>,
    /// A match to watch at the table at once (`carom watch`).
    pub watch: Option<Viewing>,
    /// A practice position to set up at once (`--position`, a stroke's share code).
    pub position: Option<Position>,
    /// Save a picture here after this many frames, and exit.
    pub screenshot: Option<(PathBuf, u32)>,
    /// Measure the frame rate during a stroke, print it, and exit.
    pub frame_rate: bool,
    /// Switch the graphics preset low → high → low this many times, print the
    /// resident memory after each, and exit (`view::round_trips`).
    pub preset_round_trips: Option<u32>,
    /// The config folder (its practice positions and drills).
    pub config_folder: Option<PathBuf>,
    /// Graphics for this run, whatever the settings say.
    pub quality: Option<Quality>,
    /// A staged picture: view, camera, cue, position (`view::staging`).
    pub staging: Option<Staging>,
    /// The language for this run (`--lang`), whatever the settings say.
    pub language: Option<Language>,
}

/// Everything the game adds to a windowed app. Needs `session::GameConfig` inserted.
pub struct CaromPlugin;

impl Plugin for CaromPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            crate::session::plugin,
            crate::input::plugin,
            crate::cue::plugin,
            crate::table_commands::plugin,
            crate::view::plugin,
            crate::ui::plugin,
        ));
    }
}

/// The game ended with an error code of Bevy's `AppExit`.
#[derive(Debug)]
pub struct GameStopped(pub std::num::NonZero<u8>);

impl std::fmt::Display for GameStopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the game stopped with error {}", self.0)
    }
}

impl std::error::Error for GameStopped {}

/// The language the system's locale asks for (`LC_ALL`, `LC_MESSAGES`, `LANG`, then
/// the platform's own setting); English when it is none the game speaks.
pub fn system_language() -> Language {
    Language::of_environment(|name| std::env::var(name).ok(), sys_locale::get_locale())
}

/// glibc's allocator set for the game:
/// - Two heaps at most: glibc gives each thread that allocates a heap of its own (up to
///   eight a core), each keeping what its thread freed; the game's dozen threads (Bevy's
///   pools, the render thread, the software renderer's) held 5-9 MB more resident with
///   them than with two.
/// - Blocks of 4 MiB and more mapped on their own, and so given back when freed; heaps
///   trimmed when 8 MiB is free at their top. glibc's own threshold starts at 128 KiB and
///   rises to the largest block freed (up to 32 MiB): the software renderer's video
///   memory (`view::video_memory`'s blocks, the high preset's render targets) then
///   landed in the heaps, and each low -> high -> low left 17-46 MB more resident there.
///   Nothing at the table allocates 4 MiB a frame (no block mapped in 5 s, strace). With
///   glibc's 128 KiB trim, heaps were given back and taken again every frame (340 calls
///   a second), and a 1 MiB threshold with it aimed a tenth slower.
fn tune_the_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: sets the allocator's parameters, before any thread is started.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 4 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 8 << 20);
    }
}

/// Opens the window and plays as `launch` says.
pub fn run(config: Config, launch: Launch) -> Result<(), GameStopped> {
    let paths = StoragePaths::for_user();
    paths.move_old_menu_choices();
    let graphics_chosen = launch.quality.is_some() || paths.settings.exists();
    let (mut preferences, problem) = Preferences::load(&paths.settings);
    if let Some(problem) = problem {
        warn!("the settings are not used (the file is kept, the defaults used): {problem}");
    }
    speak(
        launch
            .language
            .or(preferences.language)
            .unwrap_or_else(system_language),
    );
    if let Some(quality) = launch.quality {
        preferences.graphics = Graphics::of(quality);
    }
    if let Some(view) = launch.staging.as_ref().and_then(|s| s.view) {
        preferences.camera = view;
    }
    tune_the_allocator();
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(crate::view::cpu_side::pbr_plugin())
            .set(crate::view::video_memory::render_plugin())
            .set(crate::view::video_memory::log_plugin())
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Carom".into(),
                    resolution: (1280, 720).into(),
                    // One frame queued, not wgpu's two: a swapchain of two images, not
                    // three (3.5 MiB each at 1280x720, resident with a software
                    // renderer), and no slower (low, 5 alternated runs: 26.1/27.7 fps
                    // aiming/rolling against 25.8/27.9).
                    desired_maximum_frame_latency: std::num::NonZero::new(1),
                    ..default()
                }),
                ..default()
            }),
    );
    let (mut settings, problem) =
        MatchSettings::load(&paths.menu, &config, crate::ui::default_settings(&config));
    if let Some(problem) = problem {
        warn!("the remembered menu choices are not used: {problem}");
    }
    if let Some(mode) = launch.start {
        settings.mode = mode;
    }
    app.insert_resource(Settings(settings));
    app.insert_resource(preferences);
    app.insert_resource(GraphicsChosen(graphics_chosen));
    let at_table = launch.start.is_some() || launch.watch.is_some();
    if let Some(viewing) = launch.watch {
        app.insert_resource(viewing);
    }
    if let Some(position) = launch.position {
        app.insert_resource(PracticeAt(position));
    }
    app.insert_state(match (at_table, launch.screen) {
        (true, _) => Screen::Table,
        (false, Some(screen)) => screen,
        (false, None) => Screen::Menu,
    });
    app.insert_resource(UserFiles(paths));
    app.insert_resource(ConfigFolder(launch.config_folder.clone()));
    app.insert_resource(GameConfig(config));
    if let Some((path, frames)) = launch.screenshot {
        app.insert_resource(ScreenshotPlan { path, frames });
    }
    if let Some(staging) = launch.staging {
        app.insert_resource(staging);
    }
    if launch.frame_rate {
        app.insert_resource(FrameRateTest);
    }
    if let Some(trips) = launch.preset_round_trips {
        app.insert_resource(crate::view::round_trips::PresetRoundTrips(trips));
    }
    app.add_plugins(CaromPlugin);
    // The game's systems, all in Update, are small: handing them out to worker threads
    // cost more than it saved (`carom --frame-rate --quality low` on two cores: Update
    // took 1.13-1.28 ms a frame while aiming with the multi-threaded executor, 0.59-0.69
    // on one thread; 0.78-0.83 and 0.18-0.25 while the balls rolled).
    app.edit_schedule(Update, |update| {
        update.set_executor(SingleThreadedExecutor::new());
    });
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(GameStopped(code)),
    }
}
