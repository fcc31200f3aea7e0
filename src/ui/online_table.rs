//! The line an online table shows under the key hint: who this game plays (or that it
//! watches), its own connection, where the other player stands (connected,
//! reconnecting, gone), the game's clock and a seat's time away under the leaving rule,
//! how the game ended if it did not play out (conceded, or left), what the table noted
//! (`OnlineNotes`: another build's physics, a stroke this build plays otherwise than its
//! shooter's record, a message dropped, a move the table did not take), and the table's
//! chat: the chat key starts a line (letters are then typed, not actions), Enter says it,
//! Escape drops it; the concede key pressed twice within 3 s gives the game up.

use super::dock::{Slot, docked};
use super::widgets::{Tone, keys, set_text, toned, type_into};
use crate::config::Action;
use crate::input::{TextEntry, action_of};
use crate::online::CHAT_MAX_CHARS;
use crate::session::{
    GameConfig, GameSystems, OnlineLink, OnlineNote, OnlineNotes, Screen, Session, at_online_table,
};
use crate::words::{OnlineClocks, OnlineLine, Trouble, words};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use std::time::{Duration, Instant};

/// How long a first press of the concede key waits for the second.
const CONCEDE_WITHIN: Duration = Duration::from_secs(3);
/// The table's chat lines shown.
const CHAT_LINES: usize = 4;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Table), spawn_line.run_if(at_online_table));
    app.add_systems(OnExit(Screen::Table), stop_typing.run_if(at_online_table));
    app.add_systems(
        Update,
        (
            read_keys.in_set(GameSystems::Rules),
            show_line.in_set(GameSystems::Present),
        )
            .run_if(in_state(Screen::Table).and_then(at_online_table)),
    );
}

/// The chat line being typed (None: not typing), and when the concede key was first
/// pressed.
#[derive(Resource, Default)]
struct TableTalk {
    typing: Option<String>,
    concede_pressed: Option<Instant>,
}

/// The chat and concede keys, in the order typed.
fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    config: Res<GameConfig>,
    mut link: ResMut<OnlineLink>,
    mut talk: ResMut<TableTalk>,
    mut entry: ResMut<TextEntry>,
    mut notes: ResMut<OnlineNotes>,
) {
    const ACTIONS: [Action; 4] = [Action::Chat, Action::Concede, Action::Confirm, Action::Menu];
    for key in keys.read().filter(|k| k.state.is_pressed()) {
        let action = action_of(&config.0, key.key_code, &ACTIONS);
        match (talk.typing.take(), action) {
            (Some(line), Some(Action::Confirm)) => {
                if let Err(e) = link.0.table_mut().say_line(&line, Instant::now()) {
                    let e = crate::online::LobbyError::Chat(e);
                    warn!("{}", words().trouble(Trouble::Lobby(&e)));
                }
            }
            (Some(_), Some(Action::Menu)) => {}
            (Some(mut line), _) => {
                type_into(&mut line, key, CHAT_MAX_CHARS);
                talk.typing = Some(line);
            }
            (None, Some(Action::Chat)) => talk.typing = Some(String::new()),
            (None, Some(Action::Concede)) => {
                let now = Instant::now();
                match talk.concede_pressed {
                    Some(first) if now.duration_since(first) <= CONCEDE_WITHIN => {
                        talk.concede_pressed = None;
                        if let Err(e) = link.0.table_mut().concede() {
                            notes.add(OnlineNote::Refused(e));
                        }
                    }
                    _ => talk.concede_pressed = Some(now),
                }
            }
            (None, _) => {}
        }
    }
    if entry.0 != talk.typing.is_some() {
        entry.0 = talk.typing.is_some();
    }
}

#[derive(Component)]
struct LineText;

/// A chat line not said when the table is left is dropped: keys are actions again.
fn stop_typing(mut entry: ResMut<TextEntry>) {
    entry.0 = false;
}

fn spawn_line(mut commands: Commands) {
    commands.insert_resource(TableTalk::default());
    commands.spawn((
        Name::new("Online"),
        docked(Slot::Status),
        DespawnOnExit(Screen::Table),
        children![(LineText, toned("", 14.0, Tone::Plain))],
    ));
}

/// What a note says.
pub(super) fn said(note: &OnlineNote) -> String {
    match note {
        OnlineNote::Table(note) => words().trouble(Trouble::OnlineNote(note)),
        OnlineNote::Refused(e) => words().trouble(Trouble::Move(e)),
    }
}

fn show_line(
    link: Res<OnlineLink>,
    session: Option<Res<Session>>,
    notes: Res<OnlineNotes>,
    talk: Res<TableTalk>,
    config: Res<GameConfig>,
    mut text: Single<&mut Text, With<LineText>>,
) {
    let (link, Some(session)) = (&link.0, session) else {
        return;
    };
    let table = link.table();
    let names: Vec<String> = table.seats().iter().map(|s| s.name.clone()).collect();
    let seat = table.my_seat();
    // The other player: the opponent, or for a spectator the one to play.
    let other = match seat {
        Some(seat) => 1 - seat.min(1),
        None => session.player().min(1),
    };
    let line = OnlineLine {
        seat,
        names: &names,
        connected: link.connected(),
        other: link.presence(other),
        other_name: names.get(other).map_or("", String::as_str),
    };
    let now = Instant::now();
    let status = match table.ending() {
        Some(ending) => words().online_ending(ending, &names),
        None => {
            let away = seat
                .map(|s| 1 - s.min(1))
                .into_iter()
                .chain(seat.is_none().then_some([0, 1]).into_iter().flatten())
                .filter_map(|s| Some((s, table.away(s, now)?)))
                .filter(|(_, away)| *away >= crate::online::CONNECTED_WITHIN)
                .max_by_key(|(_, away)| *away)
                .map(|(s, away)| (names.get(s).map_or("", String::as_str), away.as_secs()));
            words().online_clocks(&OnlineClocks {
                game_s: table.game_time(now).map_or(0, |t| t.as_secs()),
                away,
                rule: table.leaving_rule(),
            })
        }
    };
    let chat = table.chat().lines().collect::<Vec<_>>();
    let from = chat.len().saturating_sub(CHAT_LINES);
    let concede = keys(&config.0, Action::Concede);
    let prompt = match talk.concede_pressed {
        Some(first) if now.duration_since(first) <= CONCEDE_WITHIN => {
            words().concede_confirm(&concede)
        }
        _ => words().chat_prompt(
            talk.typing.as_deref(),
            &keys(&config.0, Action::Chat),
            seat.map(|_| concede.as_str()),
        ),
    };
    let lines: Vec<String> = [words().online_line(&line), status]
        .into_iter()
        .chain(notes.shown().map(said))
        .chain(
            chat[from..]
                .iter()
                .map(|l| format!("{}: {}", l.name, l.text)),
        )
        .chain(std::iter::once(prompt))
        .collect();
    set_text(&mut text, lines.join("\n"));
}
