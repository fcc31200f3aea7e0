//! `carom --preset-round-trips N`: at the practice table, switch the graphics preset
//! from low to high and back N times, as a player would in the settings, and print the
//! resident memory at the start and after each return to low, then exit. Bevy 0.19
//! keeps every pipeline it has compiled: the first round trip adds the high preset's,
//! and later ones should add next to nothing.
//!
//! Clock: `Update`, counting frames drawn at the table.

use crate::session::{Graphics, Preferences, Quality, Session};
use bevy::prelude::*;

/// Asked for on the command line: this many round trips.
#[derive(Resource, Clone, Copy, Debug)]
pub struct PresetRoundTrips(pub u32);

/// Frames drawn at the table before the first reading, and at each preset before the
/// next switch: enough for its pipelines to compile and draw.
const SETTLE_FRAMES: u32 = 40;

pub(super) fn plugin(app: &mut App) {
    if app.world().contains_resource::<PresetRoundTrips>() {
        app.add_systems(Update, switch_presets.run_if(resource_exists::<Session>));
    }
}

fn switch_presets(
    trips: Res<PresetRoundTrips>,
    mut preferences: ResMut<Preferences>,
    mut frames: Local<u32>,
    mut switches: Local<u32>,
    mut exit: MessageWriter<AppExit>,
) {
    *frames += 1;
    if *frames < SETTLE_FRAMES {
        return;
    }
    *frames = 0;
    let resident = crate::play::resident_kib().map_or("?".to_owned(), |kb| kb.to_string());
    let now = preferences.graphics.quality;
    if now == Quality::Low {
        let trip = *switches / 2;
        println!("resident at low after {trip} round trips: {resident} kB");
        if trip == trips.0 {
            exit.write(AppExit::Success);
            return;
        }
    } else {
        println!("resident at high: {resident} kB");
    }
    let next = if now == Quality::Low {
        Quality::High
    } else {
        Quality::Low
    };
    preferences.graphics = Graphics::of(next);
    *switches += 1;
}
