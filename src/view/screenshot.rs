//! `--screenshot PATH --frames N`: render N frames, save the window as a PNG, exit.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;

/// Asked for on the command line.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotPlan {
    pub path: PathBuf,
    pub frames: u32,
}

/// Frames to wait for the file before giving up.
const SAVE_TIMEOUT_FRAMES: u32 = 600;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        take_screenshot.run_if(resource_exists::<ScreenshotPlan>),
    );
}

fn take_screenshot(
    mut commands: Commands,
    plan: Res<ScreenshotPlan>,
    mut frame: Local<u32>,
    mut exit: MessageWriter<AppExit>,
) {
    *frame += 1;
    if *frame == plan.frames {
        let _ = std::fs::remove_file(&plan.path);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(plan.path.clone()));
    } else if *frame > plan.frames {
        let saved = std::fs::metadata(&plan.path).is_ok_and(|m| m.len() > 0);
        if saved {
            info!("screenshot saved to {}", plan.path.display());
            exit.write(AppExit::Success);
        } else if *frame > plan.frames + SAVE_TIMEOUT_FRAMES {
            error!("the screenshot was not saved to {}", plan.path.display());
            exit.write(AppExit::error());
        }
    }
}
