//! The lobby this game is in ([`OnlineLobby`], entered from the Online screen), kept
//! while the game plays at a table opened from it: the player stays present (at a
//! table), a host's table is told with its score, and a challenge accepted opens its
//! table (the challenger hosts it on the lobby's relay, the other joins it by the code
//! the lobby brings), which the Online screen then waits for.

use super::online::open_link;
use super::{GameConfig, OnlineLink, Preferences, Screen, Settings, UserFiles};
use crate::online::{
    JoinCode, Lobby, LobbyEvent, MAIN_ROOM, Opening, RelayConnection, Role, TableNotice,
    TransportError, who_plays,
};
use crate::play::profiles::read_profile;
use bevy::prelude::*;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// How long after a lost connection the lobby's relay is tried again.
const RECONNECT_EVERY: Duration = Duration::from_secs(2);

/// The lobby, its relay and this game's connection to it.
#[derive(Resource)]
pub struct OnlineLobby {
    pub lobby: Lobby,
    pub relay: String,
    connection: Option<RelayConnection>,
    next_connect: Instant,
    /// Challenges ask for handicap targets from both players' averages.
    pub handicap: bool,
    /// What the lobby last said happened, for the screen.
    pub news: Option<LobbyEvent>,
    /// The relay cannot be reached now (tried again every 2 s).
    pub trouble: Option<TransportError>,
}

impl OnlineLobby {
    /// Enters the main room of the relay at `relay` as `name`, with their averages from
    /// their player records.
    pub fn enter(
        config: &crate::config::Config,
        data: &std::path::Path,
        name: &str,
        relay: &str,
    ) -> Result<OnlineLobby, crate::online::LinkError> {
        use crate::online::LinkError;
        let (me, physics) = who_plays(config, data, name)?;
        // Records that cannot be read give no averages; the lobby is still entered.
        let averages: BTreeMap<String, f64> = read_profile(data, name)
            .map(|profile| {
                profile
                    .games()
                    .into_iter()
                    .filter_map(|g| Some((g.to_owned(), profile.summary(g)?.average)))
                    .collect()
            })
            .unwrap_or_default();
        let connection = RelayConnection::lobby(relay, MAIN_ROOM).map_err(LinkError::Transport)?;
        Ok(OnlineLobby {
            lobby: Lobby::enter(me, name, averages, physics, MAIN_ROOM),
            relay: relay.to_owned(),
            connection: Some(connection),
            next_connect: Instant::now(),
            handicap: false,
            news: None,
            trouble: None,
        })
    }

    /// Leaves the lobby, saying so.
    pub fn leave(self) {
        if let Some(mut connection) = self.connection
            && let Err(e) = self.lobby.leave(&mut connection)
        {
            warn!("the lobby is not told this player left: {e}");
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        look_at_the_lobby.run_if(resource_exists::<OnlineLobby>),
    );
}

/// One look at the lobby: connected again where it dropped, this player's table told,
/// what came applied; a challenge accepted opens its table.
fn look_at_the_lobby(
    mut lobby: ResMut<OnlineLobby>,
    link: Option<Res<OnlineLink>>,
    config: Res<GameConfig>,
    files: Res<UserFiles>,
    settings: Res<Settings>,
    preferences: Res<Preferences>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let now = Instant::now();
    let state = &mut *lobby;
    if state.connection.is_none() && now >= state.next_connect {
        match RelayConnection::lobby(&state.relay, MAIN_ROOM) {
            Ok(connection) => state.connection = Some(connection),
            Err(e) => {
                state.trouble = Some(e);
                state.next_connect = now + RECONNECT_EVERY;
            }
        }
    }
    let role = link.as_ref().map(|l| l.0.comeback().role);
    state
        .lobby
        .set_playing(matches!(role, Some(Role::Host | Role::Player)));
    let notice = link
        .as_ref()
        .filter(|_| role == Some(Role::Host))
        .map(|l| table_notice(&l.0));
    state.lobby.announce(notice);
    if let Some(connection) = &mut state.connection {
        let lost = match state.lobby.exchange(connection, now) {
            // What could not go is said again with the next heartbeat.
            Ok(()) | Err(TransportError::TooFast) => !connection.is_open(),
            Err(e) => {
                state.trouble = Some(e);
                true
            }
        };
        if lost {
            state.connection = None;
            state.next_connect = now + RECONNECT_EVERY;
        } else {
            state.trouble = None;
        }
    }
    for refusal in state.lobby.take_notes() {
        info!("the lobby dropped a message: {refusal}");
    }
    let name = settings.0.seated().first().cloned().unwrap_or_default();
    for event in state.lobby.take_events() {
        let opening = match &event {
            LobbyEvent::HostFor(challenge) if link.is_none() => Some(Opening::Host {
                terms: challenge.terms.clone(),
                relay: Some(state.relay.clone()),
                serve: preferences.serve.clone(),
            }),
            LobbyEvent::Join { code, .. } if link.is_none() => Some(Opening::Join {
                code: *code,
                relay: state.relay.clone(),
                role: Role::Player,
            }),
            _ => None,
        };
        if let Some(opening) = opening {
            match open_link(&config.0, &files.data, name.trim(), opening) {
                Ok(opened) => {
                    if let LobbyEvent::HostFor(challenge) = &event
                        && let Some(code) = JoinCode::parse(&opened.comeback().code)
                    {
                        state.lobby.ready(challenge, &code);
                    }
                    commands.insert_resource(OnlineLink(opened));
                    screen.set(Screen::Online);
                }
                Err(e) => warn!("the challenge's table cannot be opened: {e}"),
            }
        }
        state.news = Some(event);
    }
}

/// The table this game hosts, as the lobby is told it.
fn table_notice(link: &crate::online::Link) -> TableNotice {
    let table = link.table();
    let terms = link.comeback().terms.clone();
    let play = table.play();
    let score = play
        .and_then(|p| p.sheet())
        .map(|sheet| sheet.players.iter().map(|p| p.points).collect())
        // Before the break: nought each (an open table: no score).
        .unwrap_or_else(|| vec![0; table.seats().len()]);
    // An open table is its host's alone.
    let players = match table.seats() {
        [] => vec![link.comeback().name.clone()],
        seats => seats.iter().map(|s| s.name.clone()).collect(),
    };
    TableNotice {
        code: link.comeback().code.clone(),
        game: terms.as_ref().map_or(String::new(), |t| t.game.clone()),
        target: terms.as_ref().map_or(0, |t| t.target),
        players,
        score,
        open: table.seats().is_empty(),
        over: table.is_over(),
    }
}
