//! `carom --preset-round-trips N`: at the practice table, switch the graphics preset
//! from low to high and back N times, as a player would in the settings, and print the
//! resident memory at the start and after each return to low, then exit. Bevy 0.19
//! keeps every pipeline it has compiled: the first round trip adds the high preset's,
//! and later ones should add next to nothing.
//!
//! Clock: `Update`, counting frames drawn at the table.

use super::compiled::{self, CompiledFrames};
use crate::session::{Graphics, Preferences, Quality, Session};
use bevy::prelude::*;

/// Asked for on the command line: this many round trips.
#[derive(Resource, Clone, Copy, Debug)]
pub struct PresetRoundTrips(pub u32);

/// Frames drawn at the table before the first reading, and at each preset before the
/// next switch, at the least.
const SETTLE_FRAMES: u32 = 40;
/// And seconds: at low, 40 frames are under two, and the renderer is still making the
/// preset's textures and buffers (a reading then was up to 14 MB under the settled one,
/// which the next trip then counted).
const SETTLE_SECONDS: f32 = 5.0;
/// And frames in a row drawn with every pipeline compiled.
const COMPILED_FRAMES: u32 = 5;

pub(super) fn plugin(app: &mut App) {
    if app.world().contains_resource::<PresetRoundTrips>() {
        compiled::count(app);
        app.add_systems(Update, switch_presets.run_if(resource_exists::<Session>));
    }
}

fn switch_presets(
    trips: Res<PresetRoundTrips>,
    compiled: Res<CompiledFrames>,
    mut preferences: ResMut<Preferences>,
    time: Res<Time<Real>>,
    mut frames: Local<u32>,
    mut since: Local<f32>,
    mut switches: Local<u32>,
    mut exit: MessageWriter<AppExit>,
) {
    *frames += 1;
    let settled = *frames >= SETTLE_FRAMES
        && time.elapsed_secs() - *since >= SETTLE_SECONDS
        && compiled.frames() >= COMPILED_FRAMES;
    if !settled {
        return;
    }
    *frames = 0;
    *since = time.elapsed_secs();
    let resident = crate::play::resident_kib().map_or("?".to_owned(), |kb| kb.to_string());
    let pipelines = compiled.pipelines();
    let now = preferences.graphics.quality;
    if now == Quality::Low {
        let trip = *switches / 2;
        println!("resident at low after {trip} round trips: {resident} kB, {pipelines} pipelines");
        if trip == trips.0 {
            exit.write(AppExit::Success);
            return;
        }
    } else {
        println!("resident at high: {resident} kB, {pipelines} pipelines");
    }
    let next = if now == Quality::Low {
        Quality::High
    } else {
        Quality::Low
    };
    preferences.graphics = Graphics::of(next);
    *switches += 1;
}
