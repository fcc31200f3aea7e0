//! Practice positions and drills at the table: the keys step through this game's
//! library (`play::library`: the bundled positions and the player's own, the drills and
//! their history, and the files they are kept in); the one shown is set up on the table,
//! its name, notes and target in a panel; a key aims as its stroke plays; the balls as
//! they stand, with the stroke as set, can be saved as the player's own under a name
//! typed here. A key starts the game's drills in turn; the panel follows the drill and
//! says how each run went, with the best and the trend.

use crate::config::Action;
use crate::cue::Aim;
use crate::input::{Actions, TextEntry};
use crate::play::library::{Deletion, DrillRefusal, Library, OpenTrouble, Origin};
use crate::play::positions::{Position, Target};
use crate::play::typed_place::read_typed_place;
use crate::play::{Event, PracticeCommand};
use crate::session::PlayEvent;
use crate::session::{
    ConfigFolder, GameSystems, ModeSystems, PlayerCommand, Screen, Session, Settings, UserFiles,
    at_table,
};
use crate::shot::BallId;
use crate::ui::dock::{Slot, docked};
use crate::ui::widgets::{Tone, keys, set_text, toned, type_into};
use crate::words::{LibraryNote, named, spoken, words};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shelf>();
    app.add_systems(OnEnter(Screen::Table), (open_library, spawn_panel).chain());
    app.add_systems(
        Update,
        (
            step_through,
            type_position_name,
            type_ball_place,
            start_drills,
            record_drills,
            show_panel,
        )
            .chain()
            .run_if(at_table)
            .in_set(ModeSystems::Practice)
            .in_set(GameSystems::Input),
    );
}

/// The library at the table (none while the player's files are not kept), what its
/// last answer was, and the name being typed for a lay-out to save.
#[derive(Resource, Default)]
struct Shelf {
    library: Option<Library>,
    said: Option<LibraryNote>,
    naming: Option<Naming>,
    /// A ball's place being typed in diamonds ("red 3.5 / 1.25").
    placing: Option<String>,
}

/// The name being typed for a lay-out to save. It starts as the game's proposal
/// (`proposed`), which the first key typed replaces and Backspace clears whole.
struct Naming {
    name: String,
    proposed: bool,
}

impl Naming {
    fn proposing(name: String) -> Naming {
        Naming {
            name,
            proposed: true,
        }
    }

    fn type_char(&mut self, c: char) {
        if std::mem::take(&mut self.proposed) {
            self.name.clear();
        }
        if self.name.chars().count() < MAX_POSITION_NAME {
            self.name.push(c);
        }
    }

    fn erase(&mut self) {
        if std::mem::take(&mut self.proposed) {
            self.name.clear();
        } else {
            self.name.pop();
        }
    }
}

fn open_library(
    mut commands: Commands,
    settings: Res<Settings>,
    config_folder: Option<Res<ConfigFolder>>,
    files: Option<Res<UserFiles>>,
) {
    let Some(files) = files else { return };
    let config = config_folder.as_ref().and_then(|c| c.0.clone());
    let (library, trouble) = Library::open(&settings.game, config.as_deref(), &files.0);
    commands.insert_resource(Shelf {
        library: Some(library),
        said: trouble.map(|trouble| match trouble {
            OpenTrouble::Unreadable(e) => LibraryNote::NotLoaded(e),
            OpenTrouble::HistoryNotKept(e) => LibraryNote::DrillResultsNotKept(e),
        }),
        naming: None,
        placing: None,
    });
}

/// Longest name of a position, in characters.
const MAX_POSITION_NAME: usize = 60;

/// Typing the name of the lay-out to save: Enter saves it (with the stroke as set),
/// Escape gives up; while typing, keys are letters, not actions.
fn type_position_name(
    mut keys: MessageReader<KeyboardInput>,
    actions: Res<Actions>,
    session: Res<Session>,
    settings: Res<Settings>,
    aim: Res<Aim>,
    mut shelf: ResMut<Shelf>,
    mut entry: ResMut<TextEntry>,
) {
    let Some(naming) = shelf.naming.as_mut() else {
        keys.clear();
        return;
    };
    if actions.just_pressed(Action::SavePosition) {
        // The key that asked for a name is not its first letter.
        keys.clear();
        return;
    }
    let mut done = None;
    for key in keys.read().filter(|k| k.state.is_pressed()) {
        match (&key.logical_key, &key.text) {
            (Key::Enter, _) => done = Some(true),
            (Key::Escape, _) => done = Some(false),
            (Key::Backspace, _) => naming.erase(),
            (_, Some(text)) => text
                .chars()
                .filter(|c| !c.is_control())
                .for_each(|c| naming.type_char(c)),
            _ => {}
        }
    }
    let Some(save) = done else { return };
    let name = shelf.naming.take().map(|n| n.name).unwrap_or_default();
    entry.0 = false;
    let Shelf { library, said, .. } = &mut *shelf;
    let Some(library) = library else { return };
    if !save || name.trim().is_empty() {
        *said = Some(LibraryNote::NotSaved(None));
        return;
    }
    let cue_ball = session.cue_ball();
    let position = Position {
        name: name.trim().to_owned(),
        translated: Default::default(),
        game: settings.game.clone(),
        table: Some(settings.table.clone()),
        balls: session
            .sim()
            .ball_states()
            .map(|(ball, k)| crate::shot::BallAt {
                ball,
                x: k.pos.x,
                y: k.pos.y,
            })
            .collect(),
        cue_ball,
        stroke: Some(aim.stroke(cue_ball)),
        target: Target::Score,
        route: Vec::new(),
        notes: String::new(),
    };
    *said = Some(match library.save_own(&position) {
        Ok(path) => LibraryNote::Saved(path),
        Err(e) => LibraryNote::NotSaved(Some(e)),
    });
}

/// Longest place typed, in characters.
const MAX_PLACE_CHARS: usize = 40;

/// Typing a ball's place in diamonds: Enter puts the ball there (as dragging it would),
/// or says why the text cannot be read; Escape gives up.
fn type_ball_place(
    mut keys: MessageReader<KeyboardInput>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut shelf: ResMut<Shelf>,
    mut entry: ResMut<TextEntry>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    let Some(text) = shelf.placing.as_mut() else {
        return;
    };
    let mut done = None;
    for key in keys.read().filter(|k| k.state.is_pressed()) {
        match &key.logical_key {
            Key::Enter => done = Some(true),
            Key::Escape => done = Some(false),
            _ => type_into(text, key, MAX_PLACE_CHARS),
        }
    }
    let Some(place) = done else { return };
    let text = shelf.placing.take().unwrap_or_default();
    entry.0 = false;
    if !place || text.trim().is_empty() {
        return;
    }
    // Each ball on the table by its name on the screens and by its key.
    let names: Vec<(BallId, Vec<String>)> = session
        .sim()
        .ball_states()
        .map(|(ball, _)| {
            let said = words().ball(ball, settings.ball_style);
            (ball, vec![said, ball.name().to_owned()])
        })
        .collect();
    match read_typed_place(&text, session.table(), &names) {
        Ok((ball, at)) => {
            shelf.said = None;
            commands.write(PlayerCommand::new(PracticeCommand::PlaceBall { ball, at }));
        }
        Err(e) => shelf.said = Some(LibraryNote::NotPlaced(e)),
    }
}

/// The drill key starts this game's drills in turn, from their first positions.
fn start_drills(
    actions: Res<Actions>,
    mut shelf: ResMut<Shelf>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    let Shelf { library, said, .. } = &mut *shelf;
    let Some(library) = library else { return };
    if !actions.just_pressed(Action::NextDrill) {
        return;
    }
    match library.next_drill() {
        Ok(progress) => {
            *said = None;
            commands.write(PlayerCommand::new(PracticeCommand::StartDrill(Box::new(
                progress,
            ))));
        }
        Err(DrillRefusal::NoDrills) => *said = Some(LibraryNote::NoDrills),
        Err(DrillRefusal::Missing(e)) => *said = Some(LibraryNote::DrillNotStarted(e)),
    }
}

/// A finished drill's run goes into the history; the panel says how it went, and an
/// exam's grade.
fn record_drills(
    mut events: MessageReader<PlayEvent>,
    mut shelf: ResMut<Shelf>,
    settings: Res<Settings>,
    config: Res<crate::session::GameConfig>,
) {
    let Shelf { library, said, .. } = &mut *shelf;
    let Some(library) = library else { return };
    for PlayEvent(event) in events.read() {
        if let Event::DrillDone(run) = event {
            let mut done = library.record_drill(run);
            if let Some(levels) = library.drill(&run.drill).and_then(|d| d.exam.as_ref()) {
                let name = |key: &str| {
                    (config.0.computer.level(key)).map_or(key.to_owned(), |l| named(l).to_owned())
                };
                let fitted = settings.condition.is_none();
                done.grade = Some(levels.grade(done.made).named(name, fitted));
            }
            *said = Some(LibraryNote::DrillDone(done));
        }
    }
}

#[derive(Component)]
struct PositionText;

#[derive(Component)]
struct PositionPanel;

fn spawn_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Position"),
        PositionPanel,
        docked(Slot::Position),
        Visibility::Hidden,
        DespawnOnExit(Screen::Table),
        children![(PositionText, toned("", 15.0, Tone::Plain))],
    ));
}

/// The keys: next and previous position, the position's stroke, save, delete.
fn step_through(
    actions: Res<Actions>,
    session: Res<Session>,
    mut shelf: ResMut<Shelf>,
    mut aim: ResMut<Aim>,
    mut entry: ResMut<TextEntry>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    let Shelf {
        library,
        said,
        naming,
        placing,
    } = &mut *shelf;
    if entry.0 {
        return;
    }
    if actions.just_pressed(Action::Chat) {
        *placing = Some(String::new());
        entry.0 = true;
        return;
    }
    if actions.just_pressed(Action::PositionStroke) {
        // The drill's position while one runs, else the one set up (from the library
        // or the command line).
        let shown = session.practice().and_then(|p| p.position());
        match shown.and_then(|p| p.stroke) {
            Some(stroke) => aim.take(&stroke),
            None => *said = Some(LibraryNote::NoStroke),
        }
    }
    let Some(library) = library else { return };
    let forward = if actions.just_pressed(Action::NextPosition) {
        Some(true)
    } else if actions.just_pressed(Action::PreviousPosition) {
        Some(false)
    } else {
        None
    };
    if let Some(forward) = forward {
        *said = match library.step(forward) {
            Some(position) => {
                commands.write(PlayerCommand::new(PracticeCommand::SetUpPosition(
                    Box::new(position),
                )));
                None
            }
            None => Some(LibraryNote::NoPositions),
        };
    }
    if actions.just_pressed(Action::SavePosition) {
        *naming = Some(Naming::proposing(
            words().own_position_name(library.own_count() + 1),
        ));
        entry.0 = true;
    }
    if actions.just_pressed(Action::DeletePosition) {
        match library.delete_current() {
            Deletion::NothingShown => {}
            Deletion::BundledStays => *said = Some(LibraryNote::BundledStay),
            Deletion::Deleted(path) => *said = Some(LibraryNote::Deleted(path)),
            Deletion::Failed(e) => *said = Some(LibraryNote::NotDeleted(e)),
        }
    }
}

/// The drill under way, or the position set up: its name, notes and target, and the
/// keys.
fn show_panel(
    shelf: Res<Shelf>,
    session: Res<Session>,
    config: Res<crate::session::GameConfig>,
    mut text: Single<&mut Text, With<PositionText>>,
    mut panel: Single<&mut Visibility, With<PositionPanel>>,
) {
    let next = keys(&config.0, Action::NextPosition);
    let (count, drills) = shelf.library.as_ref().map_or((0, 0), |library| {
        (library.positions().len(), library.drill_count())
    });
    let current = shelf.library.as_ref().and_then(Library::current);
    let mut lines = Vec::new();
    if let Some(text) = &shelf.placing {
        lines.extend(words().placing_ball(text));
    } else if let Some(naming) = &shelf.naming {
        lines.extend(words().naming_position(&naming.name));
    } else if let Some(drill) = session.practice().and_then(|p| p.drill()) {
        lines.extend(words().drill_under_way(drill));
    } else if let Some((i, p, origin)) = current {
        lines.push(words().position_of(i + 1, count, named(p)));
        let notes = crate::config::notes_in(&p.notes, &p.translated, spoken().code());
        if !notes.is_empty() {
            lines.push(notes.to_owned());
        }
        lines.push(words().target(&p.target, session.table()));
        let delete = (origin == Origin::Own).then(|| keys(&config.0, Action::DeletePosition));
        lines.push(words().position_keys(
            &next,
            &keys(&config.0, Action::PositionStroke),
            &keys(&config.0, Action::SavePosition),
            delete.as_deref(),
        ));
    } else {
        lines.push(words().library_keys(&next, count, &keys(&config.0, Action::NextDrill), drills));
    }
    if let Some(said) = &shelf.said {
        lines.push(words().library_note(said));
    }
    set_text(&mut text, lines.join("\n"));
    if **panel != Visibility::Inherited {
        **panel = Visibility::Inherited;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_key_typed_replaces_the_proposed_name_and_backspace_clears_it() {
        let mut naming = Naming::proposing("My position 1".into());
        "Mine".chars().for_each(|c| naming.type_char(c));
        assert_eq!(naming.name, "Mine");
        naming.erase();
        assert_eq!(naming.name, "Min");
        let mut naming = Naming::proposing("My position 2".into());
        naming.erase();
        assert_eq!(naming.name, "");
        "x".repeat(MAX_POSITION_NAME + 5)
            .chars()
            .for_each(|c| naming.type_char(c));
        assert_eq!(naming.name.chars().count(), MAX_POSITION_NAME);
    }
}
