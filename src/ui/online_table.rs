//! The line an online table shows under the key hint: who this game plays (or that it
//! watches), its own connection, where the other player stands (connected,
//! reconnecting, gone), and what the table noted (`OnlineNotes`): another build's
//! physics, a stroke this build plays otherwise than its shooter's record, a
//! message dropped, a move the table did not take.

use super::dock::{Slot, docked};
use super::widgets::{Tone, set_text, toned};
use crate::session::{
    GameSystems, OnlineLink, OnlineNote, OnlineNotes, Screen, Session, at_online_table,
};
use crate::words::{OnlineLine, Trouble, words};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Table), spawn_line.run_if(at_online_table));
    app.add_systems(
        Update,
        show_line
            .run_if(in_state(Screen::Table).and_then(at_online_table))
            .in_set(GameSystems::Present),
    );
}

#[derive(Component)]
struct LineText;

fn spawn_line(mut commands: Commands) {
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
    let lines: Vec<String> = std::iter::once(words().online_line(&line))
        .chain(notes.shown().map(said))
        .collect();
    set_text(&mut text, lines.join("\n"));
}
