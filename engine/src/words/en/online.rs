//! Online play without a window.

use super::*;

impl OnlineWords for English {
    fn online_hosting(&self, lan_url: &str, listening: &str) -> String {
        format!(
            "hosting tables at {lan_url} (listening on {listening}); players and spectators \
             give this address as --relay; stop with Ctrl-C\n"
        )
    }

    fn online_struck(&self, number: u32) -> String {
        format!("stroke {number} struck, its record sent")
    }

    fn online_arrived(&self, number: u32) -> String {
        format!("stroke {number} arrived")
    }

    fn shared_physics_differs(&self, theirs: &str, ours: &str) -> String {
        format!(
            "this code was shared by a build with other physics (fingerprint {theirs}, ours \
             {ours}): its strokes are played again here, and may play otherwise"
        )
    }
}
