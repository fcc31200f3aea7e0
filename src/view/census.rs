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

/// The resident set of this process, from Linux's `/proc/self/status` (`VmRSS`).
fn resident_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    resident_kb_in(&status)
}

fn resident_kb_in(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
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
        let resident = resident_kb().map_or("?".to_owned(), |kb| kb.to_string());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resident_set_is_read_from_the_status_lines() {
        let status = "Name:\tcarom\nVmPeak:\t  600000 kB\nVmRSS:\t  478612 kB\nThreads:\t20\n";
        assert_eq!(resident_kb_in(status), Some(478_612));
        assert_eq!(resident_kb_in("Name:\tcarom\n"), None);
        assert_eq!(resident_kb_in("VmRSS:\tlots kB\n"), None);
    }
}
