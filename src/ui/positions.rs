//! Practice positions and drills at the table: the library of this game's positions
//! (the bundled ones and the player's own), stepped through by keys; the one shown is set
//! up on the table, its name, notes and target in a panel; a key aims as its stroke
//! plays; the balls as they stand, with the stroke as set, can be saved as the player's
//! own. A key starts the game's drills in turn; the panel follows the drill, and each
//! run is kept in the data folder's `drill-history.ron` with the best and the trend.

use crate::config::Action;
use crate::cue::Aim;
use crate::input::{Actions, TextEntry};
use crate::play::bundled;
use crate::play::drills::{Drill, DrillHistory, DrillProgress};
use crate::play::positions::{self, Position, Target};
use crate::play::{Event, FileError, PracticeCommand};
use crate::session::PlayEvent;
use crate::session::{
    ConfigFolder, GameSystems, ModeSystems, PlayerCommand, Screen, Session, Settings, UserFiles,
    at_table,
};
use crate::ui::dock::{Slot, docked};
use crate::ui::widgets::{Tone, keys, set_text, toned};
use crate::words::{DrillDone, LibraryNote, named, spoken, words};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Library>();
    app.add_systems(OnEnter(Screen::Table), (load_library, spawn_panel).chain());
    app.add_systems(
        Update,
        (
            step_through,
            type_position_name,
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

/// This game's positions, the bundled ones first, and the one set up.
#[derive(Resource, Default)]
struct Library {
    positions: Vec<(PathBuf, Position, Origin)>,
    current: Option<usize>,
    /// What the last action came to (a file that could not be read, a save).
    said: Option<LibraryNote>,
    /// This game's drills, the next to start, and their history.
    drills: Vec<Drill>,
    next_drill: usize,
    history: Option<(PathBuf, DrillHistory)>,
    /// The name being typed for the lay-out to save.
    naming: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    Bundled,
    Own,
}

fn own_folder(files: &UserFiles) -> PathBuf {
    files.own_positions()
}

/// Reads this game's positions, bundled (built in, with the config folder's) and own:
/// files that cannot be read are named (the first), the rest load.
fn read_positions(
    game: &str,
    config: Option<&Path>,
    files: &UserFiles,
) -> (Vec<(PathBuf, Position, Origin)>, Option<FileError>) {
    let mut found = Vec::new();
    let mut problems = Vec::new();
    for (origin, (positions, errors)) in [
        (Origin::Bundled, bundled::positions(config)),
        (Origin::Own, positions::load_folder(&own_folder(files))),
    ] {
        problems.extend(errors);
        found.extend(
            positions
                .into_iter()
                .filter(|(_, p)| p.game == game)
                .map(|(path, p)| (path, p, origin)),
        );
    }
    (found, problems.into_iter().next())
}

fn load_library(
    mut commands: Commands,
    settings: Res<Settings>,
    config_folder: Option<Res<ConfigFolder>>,
    files: Option<Res<UserFiles>>,
) {
    let Some(files) = files else { return };
    let config = config_folder.as_ref().and_then(|c| c.0.clone());
    let (positions, problem) = read_positions(&settings.game, config.as_deref(), &files);
    let mut library = Library {
        positions,
        said: problem.map(LibraryNote::NotLoaded),
        ..Library::default()
    };
    let (found, errors) = bundled::drills(config.as_deref());
    library.drills = found
        .into_iter()
        .filter(|d| d.game == settings.game)
        .collect();
    let path = files.drill_history();
    match DrillHistory::read(&path) {
        Ok(history) => library.history = Some((path, history)),
        Err(e) => library.said = Some(LibraryNote::DrillResultsNotKept(e)),
    }
    if let Some(problem) = errors.into_iter().next() {
        library.said = Some(LibraryNote::NotLoaded(problem));
    }
    commands.insert_resource(library);
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
    files: Option<Res<UserFiles>>,
    config_folder: Option<Res<ConfigFolder>>,
    mut library: ResMut<Library>,
    mut entry: ResMut<TextEntry>,
) {
    let (Some(name), Some(files)) = (library.naming.as_mut(), files) else {
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
            (Key::Backspace, _) => {
                name.pop();
            }
            (_, Some(text)) => {
                for c in text.chars().filter(|c| !c.is_control()) {
                    if name.chars().count() < MAX_POSITION_NAME {
                        name.push(c);
                    }
                }
            }
            _ => {}
        }
    }
    let Some(save) = done else { return };
    let name = library.naming.take().unwrap_or_default();
    entry.0 = false;
    if !save || name.trim().is_empty() {
        library.said = Some(LibraryNote::NotSaved(None));
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
    let said = positions::save(&own_folder(&files), &position);
    let config = config_folder.and_then(|c| c.0.clone());
    library.positions = read_positions(&settings.game, config.as_deref(), &files).0;
    library.current = library.positions.iter().position(|p| p.1 == position);
    library.said = Some(match said {
        Ok(path) => LibraryNote::Saved(path),
        Err(e) => LibraryNote::NotSaved(Some(e)),
    });
}

/// The drill key starts this game's drills in turn, from their first positions.
fn start_drills(
    actions: Res<Actions>,
    mut library: ResMut<Library>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    if !actions.just_pressed(Action::NextDrill) {
        return;
    }
    if library.drills.is_empty() {
        library.said = Some(LibraryNote::NoDrills);
        return;
    }
    let drill = library.drills[library.next_drill % library.drills.len()].clone();
    library.next_drill += 1;
    let known: Vec<(PathBuf, Position)> = library
        .positions
        .iter()
        .map(|(path, p, _)| (path.clone(), p.clone()))
        .collect();
    match drill.positions(&known) {
        Ok(positions) => {
            let started = crate::play::now_s();
            library.current = None;
            library.said = None;
            let progress = DrillProgress::new(drill, positions, started);
            commands.write(PlayerCommand::new(PracticeCommand::StartDrill(Box::new(
                progress,
            ))));
        }
        Err(e) => library.said = Some(LibraryNote::DrillNotStarted(e)),
    }
}

/// A finished drill's run goes into the history; the panel says how it went.
fn record_drills(mut events: MessageReader<PlayEvent>, mut library: ResMut<Library>) {
    for PlayEvent(event) in events.read() {
        let Event::DrillDone(run) = event else {
            continue;
        };
        let mut done = DrillDone {
            made: run.made.iter().sum(),
            tries: run.attempts as usize * run.made.len(),
            score: run.score(),
            best: None,
            trend: None,
            not_kept: None,
        };
        if let Some((path, history)) = &mut library.history {
            match history.record(path, run.clone()) {
                Ok(()) => {
                    done.best = history.best(&run.drill);
                    done.trend = history.trend(&run.drill);
                }
                Err(e) => done.not_kept = Some(e),
            }
        }
        library.said = Some(LibraryNote::DrillDone(done));
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
    settings: Res<Settings>,
    config_folder: Option<Res<ConfigFolder>>,
    files: Option<Res<UserFiles>>,
    mut library: ResMut<Library>,
    mut aim: ResMut<Aim>,
    mut entry: ResMut<TextEntry>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    if entry.0 {
        return;
    }
    let count = library.positions.len();
    let step = if actions.just_pressed(Action::NextPosition) {
        Some(1)
    } else if actions.just_pressed(Action::PreviousPosition) {
        Some(count.saturating_sub(1))
    } else {
        None
    };
    if let Some(step) = step {
        if count == 0 {
            library.said = Some(LibraryNote::NoPositions);
            return;
        }
        let next = library
            .current
            .map_or(if step == 1 { 0 } else { count - 1 }, |i| {
                (i + step) % count
            });
        library.current = Some(next);
        library.said = None;
        let position = library.positions[next].1.clone();
        commands.write(PlayerCommand::new(PracticeCommand::SetUpPosition(
            Box::new(position),
        )));
    }
    let current = library
        .current
        .and_then(|i| library.positions.get(i))
        .cloned();
    if actions.just_pressed(Action::PositionStroke) {
        // The drill's position while one runs, else the one set up (from the library
        // or the command line).
        let shown = session.practice().and_then(|p| p.position());
        match shown.and_then(|p| p.stroke) {
            Some(stroke) => aim.take(&stroke),
            None => library.said = Some(LibraryNote::NoStroke),
        }
    }
    let Some(files) = files else { return };
    let config = config_folder.and_then(|c| c.0.clone());
    if actions.just_pressed(Action::SavePosition) {
        let own = library
            .positions
            .iter()
            .filter(|p| p.2 == Origin::Own)
            .count();
        library.naming = Some(words().own_position_name(own + 1));
        entry.0 = true;
    }
    if actions.just_pressed(Action::DeletePosition) {
        match current {
            Some((path, _, Origin::Own)) => {
                let said = crate::play::delete(&path);
                library.positions = read_positions(&settings.game, config.as_deref(), &files).0;
                library.current = None;
                library.said = Some(match said {
                    Ok(()) => LibraryNote::Deleted(path),
                    Err(e) => LibraryNote::NotDeleted(e),
                });
            }
            Some(_) => {
                library.said = Some(LibraryNote::BundledStay);
            }
            None => {}
        }
    }
}

/// The drill under way, or the position set up: its name, notes and target, and the
/// keys.
fn show_panel(
    library: Res<Library>,
    session: Res<Session>,
    config: Res<crate::session::GameConfig>,
    mut text: Single<&mut Text, With<PositionText>>,
    mut panel: Single<&mut Visibility, With<PositionPanel>>,
) {
    let next = keys(&config.0, Action::NextPosition);
    let mut lines = Vec::new();
    if let Some(name) = &library.naming {
        lines.extend(words().naming_position(name));
    } else if let Some(drill) = session.practice().and_then(|p| p.drill()) {
        lines.extend(words().drill_under_way(drill));
    } else if let Some((_, p, origin)) = library.current.and_then(|i| library.positions.get(i)) {
        let number = library.current.map_or(0, |i| i + 1);
        lines.push(words().position_of(number, library.positions.len(), named(p)));
        let notes = crate::config::notes_in(&p.notes, &p.translated, spoken().code());
        if !notes.is_empty() {
            lines.push(notes.to_owned());
        }
        lines.push(words().target(&p.target, session.table()));
        let delete = (*origin == Origin::Own).then(|| keys(&config.0, Action::DeletePosition));
        lines.push(words().position_keys(
            &next,
            &keys(&config.0, Action::PositionStroke),
            &keys(&config.0, Action::SavePosition),
            delete.as_deref(),
        ));
    } else {
        lines.push(words().library_keys(
            &next,
            library.positions.len(),
            &keys(&config.0, Action::NextDrill),
            library.drills.len(),
        ));
    }
    if let Some(said) = &library.said {
        lines.push(words().library_note(said));
    }
    set_text(&mut text, lines.join("\n"));
    if **panel != Visibility::Inherited {
        **panel = Visibility::Inherited;
    }
}
