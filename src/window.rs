//! Opening the game's window: the app with Bevy's default plugins and Carom's, at the
//! screen the command line asked for.

use crate::config::Config;
use crate::game::{GameConfig, Screen, Settings, UserFiles};
use crate::play::{MatchSettings, Mode, StoragePaths};
use crate::view::screenshot::ScreenshotPlan;
use bevy::prelude::*;
use std::path::PathBuf;

/// Opens the window and plays: at the menu, or at the table in `start`'s mode with the
/// last menu choices. With `screenshot`, saves a picture after `frames` frames and exits.
pub fn run(
    config: Config,
    start: Option<Mode>,
    screenshot: Option<PathBuf>,
    frames: u32,
) -> Result<(), String> {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Carom".into(),
            resolution: (1280, 720).into(),
            ..default()
        }),
        ..default()
    }));
    let paths = StoragePaths::for_user();
    let (mut settings, problem) = MatchSettings::load(&paths.settings, &config);
    if let Some(problem) = problem {
        warn!("the remembered menu choices are not used: {problem}");
    }
    if let Some(mode) = start {
        settings.mode = mode;
    }
    app.insert_resource(Settings(settings));
    app.insert_state(if start.is_some() {
        Screen::Table
    } else {
        Screen::Menu
    });
    app.insert_resource(UserFiles(paths));
    app.insert_resource(GameConfig(config));
    if let Some(path) = screenshot {
        app.insert_resource(ScreenshotPlan { path, frames });
    }
    app.add_plugins(crate::CaromPlugin);
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("the game stopped with error {code}")),
    }
}
