//! A count of what the game holds, logged after every judged stroke: entities, meshes,
//! materials, images and the process's resident memory. A long session read from the
//! log (`tools/soak.sh`) shows whether anything grows stroke by stroke.
//!
//! Clock: `Update`, on the match's `Verdict` event.

use crate::play::Event;
use crate::session::PlayEvent;
use crate::view::surfaces::SurfaceMaterial;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, log_census);
}

fn log_census(
    mut events: MessageReader<PlayEvent>,
    mut judged: Local<u64>,
    entities: Query<Entity>,
    meshes: Res<Assets<Mesh>>,
    surfaces: Res<Assets<SurfaceMaterial>>,
    images: Res<Assets<Image>>,
) {
    for PlayEvent(event) in events.read() {
        if *event != Event::Verdict {
            continue;
        }
        *judged += 1;
        let resident = crate::play::resident_kib().map_or("?".to_owned(), |kb| kb.to_string());
        info!(
            "census after stroke {}: {} entities, {} meshes, {} materials, {} images, resident {resident} kB",
            *judged,
            entities.iter().count(),
            meshes.len(),
            surfaces.len(),
            images.len(),
        );
    }
}
