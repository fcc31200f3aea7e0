//! The lobby screen, from the Online screen: the challenges made to this player and by
//! them, the players present (with their average in the menu's game), the tables (in
//! play: one click to watch; open: to join), what just happened, and the lobby's chat.
//! The last entry hosts a table on the menu's match, open to whoever joins it from here.
//! Keyboard: up/down pick an entry, Enter acts on it (challenge a player on the menu's
//! match, accept, watch or join a table, open one) or says the chat line typed, Delete declines,
//! withdraws or mutes, the handicap key switches the challenges' handicap, any other key
//! types the chat line; Escape leaves the lobby. Each entry is a button too.

use super::widgets::{
    BUTTON_COLOUR, Tone, button, clicked, keys, keys_of, label, panel, screen_column, set_text,
    tone_colour, toned, type_into,
};
use crate::config::Action;
use crate::input::action_of;
use crate::online::{
    CHAT_MAX_CHARS, Challenge, JoinCode, LobbyEvent, Opening, PublicKey, Role, TableTerms,
    handicap_targets,
};
use crate::session::{
    GameConfig, GameSystems, OnlineLink, OnlineLobby, Preferences, Screen, Settings, UserFiles,
    open_link,
};
use crate::words::{LobbyEntry, LobbyNews, Trouble, words};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

/// The most entries shown at once.
const ENTRIES: usize = 14;
/// The chat lines shown.
const CHAT_LINES: usize = 8;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Chosen>();
    app.add_systems(OnEnter(Screen::Lobby), spawn_screen);
    app.add_systems(
        Update,
        (
            (read_keys, read_clicks, choose)
                .chain()
                .in_set(GameSystems::Rules),
            show_screen.in_set(GameSystems::Present),
        )
            .run_if(in_state(Screen::Lobby).and_then(resource_exists::<OnlineLobby>)),
    );
}

/// What an entry of the list is.
#[derive(Clone, Debug, PartialEq)]
enum Entry {
    Incoming(Challenge),
    Outgoing(Challenge),
    Player(PublicKey),
    Table {
        code: String,
        open: bool,
    },
    /// Host an open table on the menu's match.
    OpenTable,
}

#[derive(Resource, Default)]
struct LobbyScreen {
    selected: usize,
    typed: String,
    /// What went wrong last (a line refused, a table that cannot be opened).
    message: Option<String>,
}

#[derive(Component)]
struct EntryButton(usize);

#[derive(Component)]
enum Shown {
    Title,
    News,
    Chat,
    Typed,
}

fn spawn_screen(mut commands: Commands, config: Res<GameConfig>) {
    commands.insert_resource(LobbyScreen::default());
    let config = &config.0;
    let hint = words().lobby_hint(
        &keys_of(config, &[Action::MenuUp, Action::MenuDown]),
        &keys(config, Action::Confirm),
        &keys(config, Action::Decline),
        &keys(config, Action::Handicap),
        &keys(config, Action::Menu),
    );
    commands
        .spawn((
            Name::new("Lobby"),
            screen_column(6.0),
            DespawnOnExit(Screen::Lobby),
        ))
        .with_children(|screen| {
            screen.spawn((Shown::Title, label("", 22.0)));
            screen
                .spawn(panel(Node {
                    width: px(900),
                    row_gap: px(2),
                    ..default()
                }))
                .with_children(|list| {
                    for at in 0..ENTRIES {
                        list.spawn(button("", 15.0)).insert(EntryButton(at));
                    }
                });
            screen.spawn((Shown::News, toned("", 15.0, Tone::Warn)));
            screen
                .spawn(panel(Node {
                    width: px(900),
                    min_height: px(150),
                    ..default()
                }))
                .with_children(|chat| {
                    chat.spawn((Shown::Chat, toned("", 14.0, Tone::Plain)));
                    chat.spawn((Shown::Typed, toned("", 14.0, Tone::Good)));
                });
            screen.spawn((
                toned(hint, 13.0, Tone::Dim),
                TextLayout::justify(Justify::Center),
            ));
        });
}

/// The entries, in the list's order: challenges to this player, theirs, the players
/// present, the tables.
fn entries(lobby: &OnlineLobby) -> Vec<Entry> {
    let l = &lobby.lobby;
    l.incoming()
        .iter()
        .cloned()
        .map(Entry::Incoming)
        .chain(l.outgoing().iter().cloned().map(Entry::Outgoing))
        .chain(l.players().into_iter().map(|p| Entry::Player(p.key)))
        .chain(l.tables().into_iter().map(|t| Entry::Table {
            code: t.notice.code,
            open: t.notice.open,
        }))
        .take(ENTRIES - 1)
        .chain(std::iter::once(Entry::OpenTable))
        .collect()
}

/// An entry chosen (Enter on it, or a click).
#[derive(Message, Clone)]
struct Chosen(Entry);

/// The keys in the order typed.
fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    config: Res<GameConfig>,
    mut lobby: ResMut<OnlineLobby>,
    mut state: ResMut<LobbyScreen>,
    mut chosen: MessageWriter<Chosen>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    const ACTIONS: [Action; 6] = [
        Action::MenuUp,
        Action::MenuDown,
        Action::Confirm,
        Action::Decline,
        Action::Handicap,
        Action::Menu,
    ];
    for key in keys.read().filter(|k| k.state.is_pressed()) {
        let list = entries(&lobby);
        let selected = list.get(state.selected).cloned();
        match action_of(&config.0, key.key_code, &ACTIONS) {
            Some(Action::MenuUp) => state.selected = state.selected.saturating_sub(1),
            Some(Action::MenuDown) => {
                state.selected = (state.selected + 1).min(list.len().saturating_sub(1));
            }
            Some(Action::Confirm) if !state.typed.trim().is_empty() => {
                let line = std::mem::take(&mut state.typed);
                let said = lobby.lobby.say_line(&line, std::time::Instant::now());
                state.message = said.err().map(|e| words().trouble(Trouble::Lobby(&e)));
            }
            Some(Action::Confirm) => {
                if let Some(entry) = selected {
                    chosen.write(Chosen(entry));
                }
            }
            Some(Action::Decline) => {
                if let Some(entry) = selected {
                    decline(&entry, &mut lobby);
                }
            }
            Some(Action::Handicap) => lobby.handicap = !lobby.handicap,
            Some(_) => {
                commands.queue(|world: &mut World| {
                    if let Some(lobby) = world.remove_resource::<OnlineLobby>() {
                        lobby.leave();
                    }
                });
                screen.set(Screen::Online);
            }
            None => type_into(&mut state.typed, key, CHAT_MAX_CHARS),
        }
    }
}

fn read_clicks(
    buttons: Query<(&Interaction, &EntryButton), Changed<Interaction>>,
    lobby: Res<OnlineLobby>,
    mut state: ResMut<LobbyScreen>,
    mut chosen: MessageWriter<Chosen>,
) {
    let list = entries(&lobby);
    for (interaction, EntryButton(at)) in &buttons {
        if let (true, Some(entry)) = (clicked(interaction), list.get(*at)) {
            state.selected = *at;
            chosen.write(Chosen(entry.clone()));
        }
    }
}

/// An entry chosen: a player challenged on the menu's match (with handicap targets
/// from both averages where asked), a challenge accepted or withdrawn, a table watched
/// (or, open, joined).
fn choose(
    mut chosen: MessageReader<Chosen>,
    mut lobby: ResMut<OnlineLobby>,
    mut state: ResMut<LobbyScreen>,
    link: Option<Res<OnlineLink>>,
    config: Res<GameConfig>,
    files: Res<UserFiles>,
    settings: Res<Settings>,
    preferences: Res<Preferences>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    for Chosen(entry) in chosen.read() {
        let done = match entry {
            Entry::Incoming(challenge) => lobby.lobby.answer(challenge.id, true),
            Entry::Outgoing(challenge) => lobby.lobby.cancel(challenge.id),
            Entry::Player(key) => {
                let terms = challenge_terms(&lobby, &settings.0, &preferences, *key);
                lobby.lobby.challenge(*key, terms).map(|_| ())
            }
            Entry::Table { .. } | Entry::OpenTable => {
                if link.is_some() {
                    continue;
                }
                let opening = match entry {
                    Entry::Table { code, open } => match JoinCode::parse(code) {
                        Some(code) => Opening::Join {
                            code,
                            relay: lobby.relay.clone(),
                            role: if *open { Role::Player } else { Role::Spectator },
                        },
                        None => continue,
                    },
                    _ => Opening::Host {
                        terms: super::online::terms(&settings.0, &preferences),
                        relay: Some(lobby.relay.clone()),
                        serve: preferences.serve.clone(),
                    },
                };
                let name = settings.0.seated().first().cloned().unwrap_or_default();
                match open_link(&config.0, &files.data, name.trim(), opening) {
                    Ok(opened) => {
                        commands.insert_resource(OnlineLink(opened));
                        screen.set(Screen::Online);
                    }
                    Err(e) => state.message = Some(words().trouble(Trouble::Link(&e))),
                }
                continue;
            }
        };
        state.message = done.err().map(|e| words().trouble(Trouble::Lobby(&e)));
    }
}

/// The menu's match as a challenge's terms (under the settings' leaving rule: the
/// challenger hosts), with handicap targets from both players' averages in its game
/// where the lobby asks for them.
fn challenge_terms(
    lobby: &OnlineLobby,
    settings: &crate::play::MatchSettings,
    preferences: &Preferences,
    to: PublicKey,
) -> TableTerms {
    let players = lobby.lobby.players();
    let average = |key: PublicKey| {
        players
            .iter()
            .find(|p| p.key == key)
            .and_then(|p| p.averages.get(&settings.game).copied())
    };
    let targets = if lobby.handicap {
        handicap_targets(settings.target, [average(lobby.lobby.key()), average(to)])
    } else {
        Vec::new()
    };
    TableTerms {
        targets,
        ..super::online::terms(settings, preferences)
    }
}

/// Delete on an entry: a challenge declined or withdrawn, a player muted or heard again.
fn decline(entry: &Entry, lobby: &mut OnlineLobby) {
    let done = match entry {
        Entry::Incoming(challenge) => lobby.lobby.answer(challenge.id, false),
        Entry::Outgoing(challenge) => lobby.lobby.cancel(challenge.id),
        Entry::Player(key) => {
            let muted = lobby.lobby.chat().is_muted(key);
            lobby.lobby.mute(*key, !muted);
            Ok(())
        }
        Entry::Table { .. } | Entry::OpenTable => Ok(()),
    };
    if let Err(e) = done {
        warn!("the lobby did not take it: {e}");
    }
}

/// The title, the entries, what happened, the chat.
fn show_screen(
    lobby: Res<OnlineLobby>,
    state: Res<LobbyScreen>,
    config: Res<GameConfig>,
    settings: Res<Settings>,
    mut rows: Query<(&EntryButton, &Children, &mut BackgroundColor, &mut Node)>,
    mut texts: Query<&mut Text, Without<Shown>>,
    mut shown: Query<(&Shown, &mut Text)>,
) {
    let list = entries(&lobby);
    let players = lobby.lobby.players();
    let name_of = |key: &PublicKey| {
        players
            .iter()
            .find(|p| p.key == *key)
            .map_or(String::new(), |p| p.shown.clone())
    };
    let game_name = |game: &str| {
        config
            .0
            .games
            .game(game)
            .map_or(game.to_owned(), |g| g.name.clone())
    };
    let tables = lobby.lobby.tables();
    for (EntryButton(at), children, mut background, mut node) in &mut rows {
        let text = list.get(*at).map(|entry| match entry {
            Entry::Incoming(c) => {
                let targets = if c.terms.targets.is_empty() {
                    vec![c.terms.target]
                } else {
                    c.terms.targets.clone()
                };
                words().lobby_entry(&LobbyEntry::Incoming {
                    from: &name_of(&c.from),
                    game: &game_name(&c.terms.game),
                    targets: &targets,
                })
            }
            Entry::Outgoing(c) => words().lobby_entry(&LobbyEntry::Outgoing {
                to: &name_of(&c.to),
            }),
            Entry::Player(key) => {
                let player = players.iter().find(|p| p.key == *key);
                words().lobby_entry(&LobbyEntry::Player {
                    name: &name_of(key),
                    average: player.and_then(|p| p.averages.get(&settings.0.game).copied()),
                    playing: player.is_some_and(|p| p.playing),
                    me: player.is_some_and(|p| p.me),
                    muted: lobby.lobby.chat().is_muted(key),
                })
            }
            Entry::OpenTable => words().lobby_entry(&LobbyEntry::OpenTable),
            Entry::Table { code, .. } => {
                let Some(table) = tables.iter().find(|t| t.notice.code == *code) else {
                    return String::new();
                };
                words().lobby_entry(&LobbyEntry::Table {
                    game: &game_name(&table.notice.game),
                    players: &table.notice.players,
                    score: &table.notice.score,
                    open: table.notice.open,
                    over: table.notice.over,
                })
            }
        });
        let display = if text.is_some() {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
        if let Some(mut label) = children.first().and_then(|c| texts.get_mut(*c).ok()) {
            set_text(&mut label, text.unwrap_or_default());
        }
        *background = BackgroundColor(if *at == state.selected {
            tone_colour(Tone::Dim).with_alpha(0.5)
        } else {
            BUTTON_COLOUR
        });
    }
    let news = state.message.clone().or_else(|| {
        if lobby.trouble.is_some() {
            return Some(words().lobby_news(&LobbyNews::Unreachable));
        }
        let by = |key: &PublicKey| name_of(key);
        lobby.news.as_ref().map(|event| match event {
            LobbyEvent::Challenged(c) => {
                words().lobby_news(&LobbyNews::Challenged { by: &by(&c.from) })
            }
            LobbyEvent::Declined(c) => words().lobby_news(&LobbyNews::Declined { by: &by(&c.to) }),
            LobbyEvent::Cancelled(c) => {
                words().lobby_news(&LobbyNews::Cancelled { by: &by(&c.from) })
            }
            LobbyEvent::HostFor(c) => words().lobby_news(&LobbyNews::Accepted { by: &by(&c.to) }),
            LobbyEvent::Join { challenge, .. } => words().lobby_news(&LobbyNews::Accepted {
                by: &by(&challenge.from),
            }),
        })
    });
    let chat: Vec<String> = {
        let lines: Vec<_> = lobby.lobby.chat().lines().collect();
        let from = lines.len().saturating_sub(CHAT_LINES);
        lines[from..]
            .iter()
            .map(|l| format!("{}: {}", l.name, l.text))
            .collect()
    };
    for (what, mut text) in &mut shown {
        let value = match what {
            Shown::Title => words().lobby_title(&lobby.relay, lobby.handicap),
            Shown::News => news.clone().unwrap_or_default(),
            Shown::Chat => chat.join("\n"),
            Shown::Typed => format!("> {}_", state.typed),
        };
        set_text(&mut text, value);
    }
}
