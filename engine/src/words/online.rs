//! Online play: what `carom online` says as a table goes, and the game's Online screen
//! and its line at an online table.

use crate::online::{LeavingRule, Presence, Role};
use crate::play::{LeavingVerdict, MatchEnding};

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
    /// Enter the relay's lobby.
    Lobby,
    Back,
}

/// An entry of the lobby's list.
#[derive(Clone, Copy, Debug)]
pub enum LobbyEntry<'a> {
    /// A challenge to this player: from whom, the game's name and the targets (one, or
    /// in a handicap the challenger's then this player's).
    Incoming {
        from: &'a str,
        game: &'a str,
        targets: &'a [u32],
    },
    /// This player's challenge, waiting for `to`.
    Outgoing { to: &'a str },
    /// A player present: their average in the game the menu has chosen.
    Player {
        name: &'a str,
        average: Option<f64>,
        playing: bool,
        me: bool,
        muted: bool,
    },
    /// Host a table on the menu's match here, open to whoever joins it from the lobby.
    OpenTable,
    /// A table: its players and score; open (waiting for an opponent) or over.
    Table {
        game: &'a str,
        players: &'a [String],
        score: &'a [u32],
        open: bool,
        over: bool,
    },
}

/// What the lobby last said happened.
#[derive(Clone, Copy, Debug)]
pub enum LobbyNews<'a> {
    Challenged {
        by: &'a str,
    },
    Declined {
        by: &'a str,
    },
    Cancelled {
        by: &'a str,
    },
    /// Accepted: the table is being opened.
    Accepted {
        by: &'a str,
    },
    /// The lobby's relay cannot be reached (reconnecting).
    Unreachable,
}

/// The clocks of an online game: how long it has gone, and whether a seat is away
/// (and for how long, of the grace the leaving rule gives).
#[derive(Clone, Copy, Debug)]
pub struct OnlineClocks<'a> {
    pub game_s: u64,
    pub away: Option<(&'a str, u64)>,
    pub rule: LeavingRule,
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
    /// The lobby's title: its relay, and whether challenges ask for a handicap.
    fn lobby_title(&self, relay: &str, handicap: bool) -> String;
    fn lobby_entry(&self, entry: &LobbyEntry) -> String;
    fn lobby_news(&self, news: &LobbyNews) -> String;
    /// The lobby's keys: choose, act on the entry (challenge, accept, watch), decline
    /// or cancel or mute, toggle the handicap, send a chat line, leave.
    fn lobby_hint(
        &self,
        up_down: &str,
        act: &str,
        other: &str,
        handicap: &str,
        back: &str,
    ) -> String;
    /// The game's clock, a seat away, and the leaving rule as both are shown it.
    fn online_clocks(&self, clocks: &OnlineClocks) -> String;
    /// How a game ended before it was played out, by the seats' `names`.
    fn online_ending(&self, ending: &MatchEnding, names: &[String]) -> String;
    /// The table's chat line being typed, or how to start one and (a seat) to concede.
    fn chat_prompt(
        &self,
        typing: Option<&str>,
        chat_key: &str,
        concede_key: Option<&str>,
    ) -> String;
    /// The concede key was pressed once: press it again to give the game up.
    fn concede_confirm(&self, concede_key: &str) -> String;
    /// What a leaving rule's verdict gives.
    fn leaving_verdict(&self, verdict: LeavingVerdict) -> &'static str;
}
