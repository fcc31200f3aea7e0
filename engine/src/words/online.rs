//! Online play: what `carom online` says as a table goes, and the game's Online screen
//! and its line at an online table.

use crate::online::{Presence, Role};

/// A row or button of the Online screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlineLabel {
    Title,
    /// The relay's address (a setting).
    Relay,
    /// The join code typed.
    Code,
    /// Host a table served by this game, for the LAN.
    HostHere,
    /// Host a table on the relay.
    HostOnRelay,
    Join,
    Watch,
    Back,
}

/// Where the Online screen stands.
#[derive(Clone, Copy, Debug)]
pub enum OnlineWait<'a> {
    /// A table is hosted: its join code, and the address a guest on the LAN gives as
    /// the relay where this game serves it.
    Hosting {
        code: &'a str,
        lan_url: Option<&'a str>,
    },
    /// Joined (or watching): waiting for the table to answer.
    Joining,
    /// Joining or hosting on a relay needs its address.
    NoRelay,
    /// What was typed is not a join code.
    NoCode,
}

/// The line an online table shows: who this game is, the connection, the other player.
#[derive(Clone, Copy, Debug)]
pub struct OnlineLine<'a> {
    /// This game's seat (None: a spectator).
    pub seat: Option<usize>,
    /// The seats' names.
    pub names: &'a [String],
    /// This game's connection to the relay is up.
    pub connected: bool,
    /// Where the other player stands (a spectator hears both: the one to play).
    pub other: Presence,
    /// The name of the other player.
    pub other_name: &'a str,
}

/// Online play's words (its troubles are in `troubles`).
pub trait OnlineWords {
    /// `carom online host` is serving: the URL others on the LAN use, and the address
    /// it listens on.
    fn online_hosting(&self, lan_url: &str, listening: &str) -> String;
    /// This seat's stroke `number` is simulated to rest and on its way.
    fn online_struck(&self, number: u32) -> String;
    /// Stroke `number`'s message has arrived here (it is judged next).
    fn online_arrived(&self, number: u32) -> String;
    /// The table's connection, lost, is made again (what was missed comes from the
    /// relay or a player's snapshot).
    fn online_reconnected(&self) -> String;
    /// A share code made by a build whose physics fingerprint (`theirs`) is not ours.
    fn shared_physics_differs(&self, theirs: &str, ours: &str) -> String;
    fn online_label(&self, label: OnlineLabel) -> String;
    /// The Online screen's button that comes back to the table the game was at, as
    /// `role`.
    fn online_comeback(&self, role: Role) -> String;
    fn online_hint(&self, up_down: &str, confirm: &str, back: &str) -> String;
    fn online_wait(&self, wait: &OnlineWait) -> String;
    fn online_line(&self, line: &OnlineLine) -> String;
}
