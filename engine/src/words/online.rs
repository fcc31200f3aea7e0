//! Online play without a window: what `carom online` says as a table goes.

/// Online play's words (its troubles are in `troubles`).
pub trait OnlineWords {
    /// `carom online host` is serving: the URL others on the LAN use, and the address
    /// it listens on.
    fn online_hosting(&self, lan_url: &str, listening: &str) -> String;
    /// This seat's stroke `number` is simulated to rest and on its way.
    fn online_struck(&self, number: u32) -> String;
    /// Stroke `number`'s message has arrived here (it is judged next).
    fn online_arrived(&self, number: u32) -> String;
    /// A share code made by a build whose physics fingerprint (`theirs`) is not ours.
    fn shared_physics_differs(&self, theirs: &str, ours: &str) -> String;
}
