//! The last stroke saved as an SVG shot diagram (`diagram::svg`) in the data folder's
//! `diagrams/`, on a key; a line says for a few seconds where it went, or why not.

use crate::config::Action;
use crate::diagram::{self, cue_ball_contacts};
use crate::input::Actions;
use crate::session::{GameSystems, Screen, Session, Settings, UserFiles, at_table};
use crate::ui::dock::{Slot, docked};
use crate::ui::widgets::{Tone, tone_colour, toned};
use crate::words::{Trouble, named, words};
use bevy::prelude::*;
use std::path::PathBuf;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Table), spawn_note);
    app.add_systems(
        Update,
        export_on_key.run_if(at_table).in_set(GameSystems::Input),
    );
}

/// How long the note stays.
const NOTE_FOR: Duration = Duration::from_secs(5);

/// The line saying where the diagram went, and when it goes.
#[derive(Component)]
struct ExportNote(Timer);

fn spawn_note(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Export note"),
            docked(Slot::Status),
            Visibility::Hidden,
            DespawnOnExit(Screen::Table),
        ))
        .with_child((
            ExportNote(Timer::new(NOTE_FOR, TimerMode::Once)),
            toned("", 14.0, Tone::Good),
            // A path has no spaces to wrap at.
            TextLayout::linebreak(LineBreak::AnyCharacter),
        ));
}

/// Writes the last stroke's diagram and says where; hides the note when its time is up.
fn export_on_key(
    actions: Res<Actions>,
    session: Res<Session>,
    settings: Res<Settings>,
    files: Res<UserFiles>,
    time: Res<Time<Real>>,
    mut note: Single<(&mut ExportNote, &mut Text, &mut TextColor, &ChildOf)>,
    mut visibility: Query<&mut Visibility>,
) {
    let (timer, text, colour, parent) = &mut *note;
    if actions.just_pressed(Action::ExportDiagram) {
        let (said, tone) = match export(&session, &settings, &files) {
            Ok(path) => (words().diagram_saved(&path), Tone::Good),
            Err(e) => (e, Tone::Warn),
        };
        text.0 = said;
        colour.0 = tone_colour(tone);
        timer.0.reset();
        if let Ok(mut shown) = visibility.get_mut(parent.parent()) {
            *shown = Visibility::Inherited;
        }
        return;
    }
    if timer.0.tick(time.delta()).just_finished()
        && let Ok(mut shown) = visibility.get_mut(parent.parent())
    {
        *shown = Visibility::Hidden;
    }
}

/// The last stroke's diagram, written into `diagrams/` of the data folder: its path.
fn export(session: &Session, settings: &Settings, files: &UserFiles) -> Result<PathBuf, String> {
    let (Some(record), Some(referee)) = (session.last_stroke(), session.referee()) else {
        return Err(words().no_stroke_to_save().to_owned());
    };
    let table = session.table();
    let stroke = record.stroke();
    let cue_ball = stroke.map(|s| s.ball);
    let contacts = cue_ball
        .map(|ball| cue_ball_contacts(table, record, ball))
        .unwrap_or_default();
    let judged = session
        .last_verdict()
        .map(|verdict| (named(referee.game()), verdict));
    let caption = words().diagram_caption(judged, stroke.as_ref(), &contacts, settings.ball_style);
    let drawing = diagram::svg(
        table,
        session.config().balls.radius(),
        record,
        cue_ball,
        &caption,
        settings.ball_style,
    );
    crate::play::save_diagram(files, &drawing, referee.history().len())
        .map_err(|e| words().trouble(Trouble::File(&e)))
}
