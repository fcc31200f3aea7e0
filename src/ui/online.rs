//! The Online screen, from the menu: host a table (served by this game for the LAN, or
//! on the relay), join the table of a code, watch it, or come back to the table the game
//! was at when it stopped; then wait there (the join code and the LAN address shown)
//! until the table is seated and the match opens. The relay's address is a setting,
//! typed on its row; the code is typed on its own. The match is the menu's: its game,
//! table, target and innings limit, and its first player's name.
//! Keyboard: up/down pick a row, typing writes on the relay's and the code's rows,
//! Enter goes, Escape goes back (and leaves a table waiting), read in the order typed.

use super::widgets::{
    Tone, button, clicked, keys, keys_of, label, panel, screen_column, toned, type_into,
};

/// The longest relay address or code that may be typed, characters.
const LONGEST: usize = 200;
use crate::config::Action;
use crate::input::action_of;
use crate::online::{Comeback, JoinCode, Opening, Role, TableTerms, Turn};
use crate::play::MatchSettings;
use crate::session::{
    GameConfig, GameSystems, OnlineLink, OnlineLobby, OnlineNotes, Preferences, Screen, Settings,
    UserFiles, open_link,
};
use crate::words::{OnlineLabel, OnlineWait, Trouble, words};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Go>();
    app.add_systems(OnEnter(Screen::Online), spawn_screen);
    app.add_systems(
        Update,
        (
            (read_keys, read_clicks, go, open_when_seated)
                .chain()
                .in_set(GameSystems::Rules),
            show_screen.in_set(GameSystems::Present),
        )
            .run_if(in_state(Screen::Online)),
    );
}

/// The screen's rows, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    ComeBack,
    Relay,
    Code,
    HostHere,
    HostOnRelay,
    Join,
    Watch,
    Lobby,
    Back,
}

const ROWS: [Row; 9] = [
    Row::ComeBack,
    Row::Relay,
    Row::Code,
    Row::HostHere,
    Row::HostOnRelay,
    Row::Join,
    Row::Watch,
    Row::Lobby,
    Row::Back,
];

#[derive(Resource)]
struct OnlineScreen {
    selected: Row,
    code: String,
    /// The table the game was at when it stopped, to come back to.
    comeback: Option<Comeback>,
    message: Option<(String, Tone)>,
}

impl OnlineScreen {
    /// The rows that take something now.
    fn rows(&self) -> Vec<Row> {
        ROWS.into_iter()
            .filter(|r| *r != Row::ComeBack || self.comeback.is_some())
            .collect()
    }
}

#[derive(Component)]
struct RowButton(Row);

#[derive(Component)]
struct Message;

fn spawn_screen(mut commands: Commands, config: Res<GameConfig>, files: Res<UserFiles>) {
    let (comeback, message) = match Comeback::read(&files.data) {
        Ok(comeback) => (comeback, None),
        Err(e) => (None, Some((words().trouble(Trouble::File(&e)), Tone::Bad))),
    };
    let selected = if comeback.is_some() {
        Row::ComeBack
    } else {
        Row::Code
    };
    commands.insert_resource(OnlineScreen {
        selected,
        code: String::new(),
        comeback,
        message,
    });
    let config = &config.0;
    let hint = words().online_hint(
        &keys_of(config, &[Action::MenuUp, Action::MenuDown]),
        &keys(config, Action::Confirm),
        &keys(config, Action::Menu),
    );
    commands
        .spawn((
            Name::new("Online"),
            screen_column(8.0),
            DespawnOnExit(Screen::Online),
        ))
        .with_children(|screen| {
            screen.spawn(label(words().online_label(OnlineLabel::Title), 30.0));
            screen
                .spawn(panel(Node {
                    width: px(760),
                    row_gap: px(4),
                    ..default()
                }))
                .with_children(|list| {
                    for row in ROWS {
                        list.spawn(button("", 17.0)).insert(RowButton(row));
                    }
                });
            screen.spawn((
                Message,
                toned("", 16.0, Tone::Warn),
                TextLayout::justify(Justify::Center),
                Node {
                    max_width: px(900),
                    min_height: px(72),
                    ..default()
                },
            ));
            screen.spawn((
                toned(hint, 14.0, Tone::Dim),
                TextLayout::justify(Justify::Center),
            ));
        });
}

/// The keys in the order they were typed (several may come in one slow frame): up and
/// down pick a row, Enter goes, Escape goes back; on the relay's row the other keys
/// write its address (kept in the settings), on the code's row the code; Backspace
/// deletes.
fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    config: Res<GameConfig>,
    files: Res<UserFiles>,
    mut preferences: ResMut<Preferences>,
    mut state: ResMut<OnlineScreen>,
    mut go: MessageWriter<Go>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    const ACTIONS: [Action; 4] = [
        Action::MenuUp,
        Action::MenuDown,
        Action::Confirm,
        Action::Menu,
    ];
    let mut relay_typed = false;
    for key in keys.read().filter(|k| k.state.is_pressed()) {
        let rows = state.rows();
        let at = rows.iter().position(|r| *r == state.selected).unwrap_or(0);
        match action_of(&config.0, key.key_code, &ACTIONS) {
            Some(Action::MenuUp) => state.selected = rows[at.saturating_sub(1)],
            Some(Action::MenuDown) => state.selected = rows[(at + 1).min(rows.len() - 1)],
            Some(Action::Confirm) => {
                go.write(Go(state.selected));
            }
            Some(_) => {
                leave_waiting(&mut commands);
                screen.set(Screen::Menu);
            }
            None => match state.selected {
                Row::Relay => {
                    type_into(&mut preferences.relay, key, LONGEST);
                    relay_typed = true;
                }
                Row::Code => type_into(&mut state.code, key, LONGEST),
                _ => {}
            },
        }
    }
    if relay_typed && let Err(e) = preferences.save(&files.settings) {
        warn!("the settings are not saved: {e}");
    }
}

/// A row pressed (Enter on it, or a click).
#[derive(Message, Clone, Copy)]
struct Go(Row);

fn read_clicks(
    rows: Query<(&Interaction, &RowButton), Changed<Interaction>>,
    mut state: ResMut<OnlineScreen>,
    mut go: MessageWriter<Go>,
) {
    for (interaction, RowButton(row)) in &rows {
        if clicked(interaction) && state.rows().contains(row) {
            state.selected = *row;
            go.write(Go(*row));
        }
    }
}

/// A row pressed: a table opened as it says (the screen then waits for it), or back to
/// the menu.
fn go(
    mut go: MessageReader<Go>,
    mut state: ResMut<OnlineScreen>,
    config: Res<GameConfig>,
    files: Res<UserFiles>,
    settings: Res<Settings>,
    preferences: Res<Preferences>,
    link: Option<Res<OnlineLink>>,
    lobby: Option<Res<OnlineLobby>>,
    mut notes: ResMut<OnlineNotes>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    for Go(row) in go.read() {
        let relay = preferences.relay.trim().to_owned();
        let code = JoinCode::parse(state.code.trim());
        let needs_relay = matches!(row, Row::HostOnRelay | Row::Join | Row::Watch | Row::Lobby);
        let opening = match row {
            Row::Back => {
                leave_waiting(&mut commands);
                screen.set(Screen::Menu);
                continue;
            }
            Row::Relay | Row::Code => continue,
            _ if link.is_some() => continue,
            _ if needs_relay && relay.is_empty() => {
                state.message = Some((words().online_wait(&OnlineWait::NoRelay), Tone::Warn));
                continue;
            }
            Row::Lobby => {
                let name = settings.seated().first().cloned().unwrap_or_default();
                if lobby.is_none() {
                    match OnlineLobby::enter(&config.0, &files.data, name.trim(), &relay) {
                        Ok(entered) => commands.insert_resource(entered),
                        Err(e) => {
                            state.message = Some((words().trouble(Trouble::Link(&e)), Tone::Bad));
                            continue;
                        }
                    }
                }
                screen.set(Screen::Lobby);
                continue;
            }
            Row::ComeBack => match state.comeback.clone() {
                Some(comeback) => Opening::Comeback(comeback),
                None => continue,
            },
            Row::HostHere => Opening::Host {
                terms: terms(&settings, &preferences),
                relay: None,
                serve: preferences.serve.clone(),
            },
            Row::HostOnRelay => Opening::Host {
                terms: terms(&settings, &preferences),
                relay: Some(relay),
                serve: preferences.serve.clone(),
            },
            Row::Join | Row::Watch => match code {
                Some(code) => Opening::Join {
                    code,
                    relay,
                    role: if *row == Row::Join {
                        Role::Player
                    } else {
                        Role::Spectator
                    },
                },
                None => {
                    state.message = Some((words().online_wait(&OnlineWait::NoCode), Tone::Warn));
                    continue;
                }
            },
        };
        let name = settings.seated().first().cloned().unwrap_or_default();
        match open_link(&config.0, &files.data, name.trim(), opening) {
            Ok(link) => {
                state.message = None;
                notes.0.clear();
                commands.insert_resource(OnlineLink(link));
            }
            Err(e) => state.message = Some((words().trouble(Trouble::Link(&e)), Tone::Bad)),
        }
    }
}

/// A new table's terms: the menu's match (its format and shot clock too), under the
/// settings' leaving rule.
pub(super) fn terms(settings: &MatchSettings, preferences: &Preferences) -> TableTerms {
    TableTerms {
        game: settings.game.clone(),
        table: settings.table.clone(),
        target: settings.target,
        innings_limit: settings.innings_limit,
        targets: settings.targets.clone(),
        leaving: preferences.leaving,
        format: settings.format.clone(),
        condition: settings.condition.clone(),
    }
}

/// A table waiting to be seated is left: nothing to come back to.
fn leave_waiting(commands: &mut Commands) {
    commands.queue(|world: &mut World| {
        if let Some(OnlineLink(link)) = world.remove_resource::<OnlineLink>()
            && let Err(e) = link.leave()
        {
            warn!("the online table's comeback is not removed: {e}");
        }
    });
}

/// The table is seated and this game caught up with it: the match opens.
fn open_when_seated(link: Option<Res<OnlineLink>>, mut screen: ResMut<NextState<Screen>>) {
    let Some(link) = link else {
        return;
    };
    let table = link.0.table();
    if table.play().is_some() && table.caught_up() && table.turn() != Turn::Over {
        screen.set(Screen::Table);
    }
}

/// The rows' texts and the selection, and what the screen waits for.
fn show_screen(
    state: Res<OnlineScreen>,
    preferences: Res<Preferences>,
    link: Option<Res<OnlineLink>>,
    notes: Res<OnlineNotes>,
    mut rows: Query<(&RowButton, &Children, &mut BackgroundColor, &mut Node)>,
    mut texts: Query<&mut Text, Without<Message>>,
    mut message: Single<&mut Text, (With<Message>, Without<RowButton>)>,
) {
    let shown = state.rows();
    for (RowButton(row), children, mut background, mut node) in &mut rows {
        let caret = if *row == state.selected { "_" } else { "" };
        let text = match row {
            Row::ComeBack => state
                .comeback
                .as_ref()
                .map_or(String::new(), |c| words().online_comeback(c.role)),
            Row::Relay => format!(
                "{}: {}{}",
                words().online_label(OnlineLabel::Relay),
                preferences.relay,
                caret
            ),
            Row::Code => format!(
                "{}: {}{}",
                words().online_label(OnlineLabel::Code),
                state.code,
                caret
            ),
            Row::HostHere => words().online_label(OnlineLabel::HostHere),
            Row::HostOnRelay => words().online_label(OnlineLabel::HostOnRelay),
            Row::Join => words().online_label(OnlineLabel::Join),
            Row::Watch => words().online_label(OnlineLabel::Watch),
            Row::Lobby => words().online_label(OnlineLabel::Lobby),
            Row::Back => words().online_label(OnlineLabel::Back),
        };
        if let Some(mut label) = children.first().and_then(|c| texts.get_mut(*c).ok()) {
            super::widgets::set_text(&mut label, text);
        }
        *background = BackgroundColor(if *row == state.selected {
            super::widgets::tone_colour(Tone::Dim).with_alpha(0.5)
        } else {
            super::widgets::BUTTON_COLOUR
        });
        let display = if shown.contains(row) {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
    let said = match (&link, &state.message) {
        (_, Some((text, _))) => text.clone(),
        (Some(link), None) => {
            let link = &link.0;
            let wait = match link.comeback().role {
                Role::Host if link.table().seats().is_empty() => OnlineWait::Hosting {
                    code: &link.comeback().code,
                    lan_url: None,
                },
                _ => OnlineWait::Joining,
            };
            let lan = link.lan_url();
            let wait = match wait {
                OnlineWait::Hosting { code, .. } => OnlineWait::Hosting {
                    code,
                    lan_url: lan.as_deref(),
                },
                wait => wait,
            };
            words().online_wait(&wait)
        }
        (None, None) => String::new(),
    };
    let lines: Vec<String> = std::iter::once(said)
        .chain(notes.shown().map(super::online_table::said))
        .collect();
    super::widgets::set_text(&mut message, lines.join("\n"));
}
