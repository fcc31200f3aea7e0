//! Online play without a window.

use super::*;
use crate::online::{Presence, Role};
use crate::words::{OnlineLabel, OnlineLine, OnlineWait};

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

    fn online_reconnected(&self) -> String {
        "connected to the table again".into()
    }

    fn shared_physics_differs(&self, theirs: &str, ours: &str) -> String {
        format!(
            "this code was shared by a build with other physics (fingerprint {theirs}, ours \
             {ours}): its strokes are played again here, and may play otherwise"
        )
    }

    fn online_label(&self, label: OnlineLabel) -> String {
        match label {
            OnlineLabel::Title => "Online",
            OnlineLabel::Relay => "Relay",
            OnlineLabel::Code => "Join code",
            OnlineLabel::HostHere => "Host a table on this computer (LAN)",
            OnlineLabel::HostOnRelay => "Host a table on the relay",
            OnlineLabel::Join => "Join the table of the code",
            OnlineLabel::Watch => "Watch the table of the code",
            OnlineLabel::Back => "Back",
        }
        .into()
    }

    fn online_comeback(&self, role: Role) -> String {
        let as_ = match role {
            Role::Host => "its host",
            Role::Player => "its guest",
            Role::Spectator => "a spectator",
        };
        format!("Come back to the table you were at, as {as_}")
    }

    fn online_hint(&self, up_down: &str, confirm: &str, back: &str) -> String {
        format!(
            "{up_down}: choose · type the relay's address or a code on its row · {confirm}: go · {back}: back"
        )
    }

    fn online_wait(&self, wait: &OnlineWait) -> String {
        match wait {
            OnlineWait::Hosting { code, lan_url } => {
                let at = lan_url.map_or(String::new(), |url| {
                    format!("\nA player on your network gives {url} as the relay.")
                });
                format!("Waiting for a player. Join code:\n{code}{at}")
            }
            OnlineWait::Joining => "Connecting to the table…".into(),
            OnlineWait::NoRelay => "Type the relay's address (http://HOST:PORT) first.".into(),
            OnlineWait::NoCode => "That is not a join code (64 letters, digits, - and _).".into(),
        }
    }

    fn online_line(&self, line: &OnlineLine) -> String {
        let me = match line.seat {
            Some(seat) => format!(
                "Online: you play {}",
                line.names.get(seat).map_or("", String::as_str)
            ),
            None => "Online: watching".into(),
        };
        let connection = match line.connected {
            true => "",
            false => " · your connection is down, reconnecting…",
        };
        let other = match line.other {
            Presence::Connected => "connected",
            Presence::Reconnecting => "reconnecting…",
            Presence::Gone => "gone",
        };
        format!("{me}{connection} · {}: {other}", line.other_name)
    }
}
