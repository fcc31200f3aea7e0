//! A count of what the game holds, logged after every judged stroke: entities, meshes,
//! materials, images and the process's resident memory. A long session read from the
//! log (`tools/soak.sh`) shows whether anything grows stroke by stroke.
//!
//! Clock: `Update`, on the match's `Verdict` event.

use crate::game::PlayEvent;
use crate::play::Event;
use crate::view::surfaces::{ClothMaterial, WoodMaterial};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, log_census);
}

/// What the game holds at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Census {
    entities: usize,
    meshes: usize,
    /// Standard, cloth and wood materials together.
    materials: usize,
    images: usize,
    /// The process's resident set, kB; None where the system does not tell it.
    resident_kb: Option<u64>,
}

impl std::fmt::Display for Census {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} entities, {} meshes, {} materials, {} images",
            self.entities, self.meshes, self.materials, self.images
        )?;
        match self.resident_kb {
            Some(kb) => write!(f, ", resident {kb} kB"),
            None => write!(f, ", resident unknown"),
        }
    }
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
    standard: Res<Assets<StandardMaterial>>,
    cloths: Res<Assets<ClothMaterial>>,
    woods: Res<Assets<WoodMaterial>>,
    images: Res<Assets<Image>>,
) {
    for PlayEvent(event) in events.read() {
        if *event != Event::Verdict {
            continue;
        }
        *judged += 1;
        let census = Census {
            entities: entities.iter().count(),
            meshes: meshes.len(),
            materials: standard.len() + cloths.len() + woods.len(),
            images: images.len(),
            resident_kb: resident_kb(),
        };
        info!("census after stroke {}: {census}", *judged);
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
