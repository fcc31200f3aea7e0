//! `--screenshot PATH --frames N`: render at least N frames, and until the screen is
//! drawn, then save the window as a PNG and exit. It is drawn when, at the table, the
//! table's meshes exist, and every render pipeline the scene asked for has been
//! compiled for a few frames running (software rendering compiles them for seconds,
//! and a frame drawn before shows nothing of what waits).

use super::compiled::{self, CompiledFrames};
use super::table::TableModel;
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
/// Frames in a row with nothing left to compile before the picture is taken.
const SETTLED_FRAMES: u32 = 5;

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<ScreenshotPlan>() {
        return;
    }
    compiled::count(app);
    app.add_systems(Last, take_screenshot);
}

fn take_screenshot(
    mut commands: Commands,
    plan: Res<ScreenshotPlan>,
    compiled: Res<CompiledFrames>,
    table: Query<(), With<TableModel>>,
    session: Option<Res<crate::session::Session>>,
    time: Res<Time<Real>>,
    mut frame: Local<u32>,
    mut first_drawn: Local<bool>,
    mut asked: Local<Option<u32>>,
    mut exit: MessageWriter<AppExit>,
) {
    *frame += 1;
    // At the table, the table too (the menu has none).
    let table_there = session.is_none() || !table.is_empty();
    let compiled_frames = compiled.frames();
    if compiled_frames >= 1 && table_there && !*first_drawn {
        *first_drawn = true;
        info!(
            "first frame drawn with every pipeline compiled: frame {}, {:.2} s after start",
            *frame,
            time.elapsed_secs()
        );
    }
    let drawn = compiled_frames >= SETTLED_FRAMES && table_there;
    match *asked {
        None if *frame >= plan.frames && drawn => {
            let _ = std::fs::remove_file(&plan.path);
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(plan.path.clone()));
            *asked = Some(*frame);
        }
        None => {}
        Some(at) => {
            let saved = std::fs::metadata(&plan.path).is_ok_and(|m| m.len() > 0);
            if saved {
                info!("screenshot saved to {} (frame {at})", plan.path.display());
                exit.write(AppExit::Success);
            } else if *frame > at + SAVE_TIMEOUT_FRAMES {
                error!("the screenshot was not saved to {}", plan.path.display());
                exit.write(AppExit::error());
            }
        }
    }
}
