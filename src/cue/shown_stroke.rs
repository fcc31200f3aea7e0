//! The cue shows the stroke a seat played elsewhere is about to play: the computer's
//! chosen stroke until it plays it, an online opponent's aim as it comes (the table's
//! aim channel). An online seat's own aim goes the other way: said to the table while
//! the person aims (`Link::aim` keeps it to a few a second).

use super::Aim;
use crate::play::Phase;
use crate::session::{
    ComputerTurn, Following, GameSystems, OnlineLink, Session, at_online_table, at_table,
};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            show_the_computers_stroke,
            (show_the_opponents_aim, say_my_aim).run_if(at_online_table),
        )
            .run_if(at_table)
            // After the person's aim systems (Input): the other seat's aim wins.
            .in_set(GameSystems::Rules),
    );
}

fn show_the_computers_stroke(turn: Res<ComputerTurn>, mut aim: ResMut<Aim>) {
    if let Some(stroke) = turn.stroke_shown() {
        aim.take(stroke);
    }
}

/// Whether the shown match waits for a stroke (its set-up or aiming).
fn aiming(session: &Session) -> bool {
    matches!(session.phase(), Phase::Aiming | Phase::BreakSetup)
}

fn show_the_opponents_aim(link: Res<OnlineLink>, session: Res<Session>, mut aim: ResMut<Aim>) {
    let table = link.0.table();
    let shooter = session.player();
    if aiming(&session)
        && table.my_seat() != Some(shooter)
        && let Some(stroke) = table.aim(shooter)
        && stroke.ball == session.cue_ball()
    {
        aim.take(&stroke);
    }
}

fn say_my_aim(
    mut link: ResMut<OnlineLink>,
    following: Option<Res<Following>>,
    session: Res<Session>,
    aim: Res<Aim>,
) {
    let mine = following.is_some_and(|f| f.person_may_act()) && aiming(&session);
    link.0.aim(mine.then(|| aim.stroke(session.cue_ball())));
}
