//! `--screenshot PATH --frames N`: render at least N frames, and until the screen is
//! drawn, then save the window as a PNG and exit. It is drawn when, at the table, the
//! table's meshes exist, and every render pipeline the scene asked for has been
//! compiled for a few frames running (software rendering compiles them for seconds,
//! and a frame drawn before shows nothing of what waits).

use super::table::TableModel;
use bevy::prelude::*;
use bevy::render::render_resource::{CachedPipelineState, PipelineCache};
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::render::{Render, RenderApp, RenderSystems};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

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

/// How many frames in a row the renderer has had every pipeline it was asked for
/// compiled (written by the render world, read by the main one).
#[derive(Resource, Clone, Default)]
struct Compiled(Arc<AtomicU32>);

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<ScreenshotPlan>() {
        return;
    }
    let compiled = Compiled::default();
    app.insert_resource(compiled.clone());
    app.add_systems(Last, take_screenshot);
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render.insert_resource(compiled);
        render.add_systems(Render, count_compiled_frames.in_set(RenderSystems::Cleanup));
    }
}

fn count_compiled_frames(pipelines: Res<PipelineCache>, compiled: Res<Compiled>) {
    let waiting = pipelines.waiting_pipelines().next().is_some();
    let any = pipelines
        .pipelines()
        .any(|p| matches!(p.state, CachedPipelineState::Ok(_)));
    if waiting || !any {
        compiled.0.store(0, Ordering::Relaxed);
    } else {
        compiled.0.fetch_add(1, Ordering::Relaxed);
    }
}

fn take_screenshot(
    mut commands: Commands,
    plan: Res<ScreenshotPlan>,
    compiled: Res<Compiled>,
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
    let compiled_frames = compiled.0.load(Ordering::Relaxed);
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
