//! The referee's verdict on the last stroke: a carom and its points, no count, or every
//! foul with its rule and reason; warnings, remarks, the end of the game; what the cue
//! ball did in the game's terms; and who plays next. It stays until the next stroke
//! starts or the player hides it. Beside it, the last strokes at the table.

use super::{fill, text};
use crate::config::Action;
use crate::diagram::{cue_ball_contacts, numbered_from_the_foot};
use crate::input::Actions;
use crate::rules::SheetRow;
use crate::session::{
    GameConfig, GameSystems, Phase, Screen, Session, Settings, at_table, viewing,
};
use crate::ui::dock::{Slot, docked};
use crate::ui::hud::Counting;
use crate::ui::widgets::{Tone, keys};
use crate::words::{Line, words};
use bevy::prelude::*;

/// The panel of the last stroke's verdict, made when the strokes judged were these.
#[derive(Component)]
struct LastStroke(Judged);

/// The strokes judged so far, as far as the panels care: how many, and how many of them
/// rule 22 took back (a restore judges no new stroke but takes one back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Judged {
    strokes: usize,
    taken_back: usize,
}

impl Judged {
    fn of(session: &Session) -> Judged {
        let history = session.referee().map_or(&[][..], |r| r.history());
        Judged {
            strokes: history.len(),
            taken_back: history
                .iter()
                .filter(|row| row.verdict.restore_positions)
                .count(),
        }
    }
}

/// The panel of the last strokes.
#[derive(Component)]
struct Recent;

/// Strokes the recent list shows.
const RECENT_STROKES: usize = 5;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Verdict), show_verdict);
    for phase in [Phase::Rolling, Phase::GameOver, Phase::Lag] {
        app.add_systems(OnEnter(phase), hide_verdict);
    }
    // Watching a match, the strokes to come are not listed.
    app.add_systems(OnEnter(Screen::Table), spawn_recent.run_if(not(viewing)));
    app.add_systems(
        Update,
        (
            hide_on_request.run_if(in_state(Phase::Aiming)),
            hide_when_taken_back,
            list_recent_strokes,
        )
            .run_if(at_table)
            .in_set(GameSystems::Present),
    );
}

fn show_verdict(
    mut commands: Commands,
    session: Res<Session>,
    settings: Res<Settings>,
    config: Res<GameConfig>,
    count: Res<Counting>,
    shown: Query<Entity, With<LastStroke>>,
) {
    for panel in &shown {
        commands.entity(panel).despawn();
    }
    let (Some(verdict), Some(referee)) = (session.last_verdict(), session.referee()) else {
        return;
    };
    let style = settings.ball_style;
    let names: Vec<String> = referee.players().iter().map(|p| p.name.clone()).collect();
    let mut lines = words().verdict_lines(verdict, &names);
    // Practice from a position: what it asked of the stroke.
    if let Some(result) = session.practice().and_then(|p| p.target_result()) {
        lines.push(words().target_result(result, style));
    }
    // The stroke's story and contacts (none where the shot clock ran out before it).
    if !verdict.restore_positions
        && let Some(record) = session.last_stroke()
    {
        lines.push(Line::new(
            words().stroke_story(&count.0, style),
            Tone::Plain,
        ));
        let mut contacts = cue_ball_contacts(session.table(), record, verdict.cue_ball);
        let corner_five = Some(crate::play::positions::SystemNumbers::CornerFive);
        if session.practice().and_then(|p| p.systems_trainer()) == corner_five {
            numbered_from_the_foot(session.table(), &mut contacts);
        }
        lines.push(Line::new(
            words().contacts_line(&contacts, style),
            Tone::Dim,
        ));
    }
    if !verdict.spot.is_empty() {
        lines.push(Line::new(words().spots_next(), Tone::Warn));
    }
    if !referee.is_over() {
        let next = words().seat(&session.seat(referee.shooter()));
        let ball = words().ball(referee.cue_ball(), style);
        let again = referee.shooter() == verdict.shooter && !verdict.inning_over;
        lines.push(Line::new(words().next_up(&next, &ball, again), Tone::Plain));
    }
    if let Some(foul) = verdict.fouls.first() {
        let open = keys(&config.0, Action::ToggleRules);
        lines.push(Line::new(words().read_rule(&open, foul.rule()), Tone::Dim));
    }
    lines.push(Line::new(
        words().go_on_then_hide(&keys(&config.0, Action::Confirm)),
        Tone::Dim,
    ));
    let heading = words().stroke_heading(referee.history().len());
    commands
        .spawn((
            Name::new("Verdict"),
            LastStroke(Judged::of(&session)),
            super::overlay_panel(),
            DespawnOnExit(Screen::Table),
        ))
        .with_children(|panel| fill(panel, heading, lines));
}

/// A verdict whose stroke was taken back (practice's undo, rule 22) goes.
fn hide_when_taken_back(
    mut commands: Commands,
    session: Res<Session>,
    shown: Query<(Entity, &LastStroke)>,
) {
    let judged = Judged::of(&session);
    for (panel, made_for) in &shown {
        if made_for.0 != judged {
            commands.entity(panel).despawn();
        }
    }
}

fn hide_verdict(mut commands: Commands, shown: Query<Entity, With<LastStroke>>) {
    for panel in &shown {
        commands.entity(panel).despawn();
    }
}

/// The confirm key hides the verdict while aiming.
fn hide_on_request(
    actions: Res<Actions>,
    commands: Commands,
    shown: Query<Entity, With<LastStroke>>,
) {
    if actions.just_pressed(Action::Confirm) {
        hide_verdict(commands, shown);
    }
}

fn spawn_recent(mut commands: Commands) {
    commands.spawn((
        Name::new("Recent strokes"),
        Recent,
        docked(Slot::Recent),
        DespawnOnExit(Screen::Table),
    ));
}

/// The last strokes judged, newest first, refilled when one more is judged or one is
/// taken back; a stroke rule 22 took back is not among them.
fn list_recent_strokes(
    mut commands: Commands,
    session: Res<Session>,
    mut listed: Local<Option<(Entity, Judged)>>,
    mut recent: Single<(Entity, &mut Visibility), With<Recent>>,
) {
    let history = session.referee().map_or(&[][..], |r| r.history());
    let judged = Judged::of(&session);
    let (entity, visibility) = &mut *recent;
    // A new panel (the table opened again, a match resumed) is filled whatever came
    // before.
    if *listed == Some((*entity, judged)) {
        return;
    }
    *listed = Some((*entity, judged));
    let stood: Vec<(usize, &SheetRow)> = history
        .iter()
        .enumerate()
        .filter(|(_, row)| !row.verdict.restore_positions)
        .collect();
    **visibility = if stood.is_empty() {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    let names = session.settings().seated();
    let first = stood.len().saturating_sub(RECENT_STROKES);
    commands
        .entity(*entity)
        .despawn_children()
        .with_children(|panel| {
            panel.spawn(text(words().last_strokes(), Tone::Dim));
            for &(i, row) in stood.iter().skip(first).rev() {
                let v = &row.verdict;
                let name = names.get(v.shooter).map_or("?", String::as_str);
                let Line { text: said, tone } = words().recent_stroke(i + 1, name, v);
                panel.spawn(text(said, tone));
            }
        });
}
