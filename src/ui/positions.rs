//! Practice positions at the table: the library of this game's positions (the bundled
//! ones and the player's own), stepped through by keys; the one shown is set up on the
//! table, its name, notes and target in a panel; a key aims as its stroke plays; the
//! balls as they stand, with the stroke as set, can be saved as the player's own.

use crate::config::Action;
use crate::cue::Aim;
use crate::game::{
    BundledPositions, GameSystems, PlayerCommand, Screen, Session, Settings, UserFiles, at_table,
};
use crate::input::Actions;
use crate::play::positions::{self, Position, Target};
use crate::play::{Command, Mode};
use crate::ui::widgets::{Tone, keys, panel, set_text, toned};
use bevy::prelude::*;
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Library>();
    app.add_systems(OnEnter(Screen::Table), (load_library, spawn_panel).chain());
    app.add_systems(
        Update,
        (step_through, show_panel)
            .chain()
            .run_if(at_table.and_then(practising))
            .in_set(GameSystems::Input),
    );
}

fn practising(session: Option<Res<Session>>) -> bool {
    session.is_some_and(|s| s.settings().mode == Mode::Practice)
}

/// This game's positions, the bundled ones first, and the one set up.
#[derive(Resource, Default)]
struct Library {
    positions: Vec<(PathBuf, Position, Origin)>,
    current: Option<usize>,
    /// What the last action came to (a file that could not be read, a save).
    said: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    Bundled,
    Own,
}

fn own_folder(files: &UserFiles) -> PathBuf {
    files.data.join("positions")
}

/// Reads the library for the practice game: files that cannot be read are named, the
/// rest load.
fn read_library(game: &str, bundled: Option<&PathBuf>, files: &UserFiles) -> Library {
    let mut library = Library::default();
    let mut problems = Vec::new();
    for (folder, origin) in [
        (bundled.cloned(), Origin::Bundled),
        (Some(own_folder(files)), Origin::Own),
    ] {
        let Some(folder) = folder else { continue };
        let (found, errors) = positions::load_folder(&folder);
        problems.extend(errors);
        library.positions.extend(
            found
                .into_iter()
                .filter(|(_, p)| p.game == game)
                .map(|(path, p)| (path, p, origin)),
        );
    }
    if let Some(problem) = problems.first() {
        library.said = Some(format!("Not loaded: {problem}"));
    }
    library
}

fn load_library(
    mut commands: Commands,
    settings: Res<Settings>,
    bundled: Option<Res<BundledPositions>>,
    files: Option<Res<UserFiles>>,
) {
    let Some(files) = files else { return };
    let bundled = bundled.and_then(|b| b.0.clone());
    commands.insert_resource(read_library(&settings.game, bundled.as_ref(), &files));
}

#[derive(Component)]
struct PositionText;

#[derive(Component)]
struct PositionPanel;

fn spawn_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Position"),
        PositionPanel,
        panel(Node {
            position_type: PositionType::Absolute,
            left: px(12),
            top: px(170),
            // A set width: the wrapped lines are then counted in the panel's height.
            width: px(430),
            ..default()
        }),
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
    bundled: Option<Res<BundledPositions>>,
    files: Option<Res<UserFiles>>,
    mut library: ResMut<Library>,
    mut aim: ResMut<Aim>,
    mut commands: MessageWriter<PlayerCommand>,
) {
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
            library.said = Some("No positions for this game".into());
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
        commands.write(PlayerCommand(Command::SetUpPosition(Box::new(position))));
    }
    let current = library
        .current
        .and_then(|i| library.positions.get(i))
        .cloned();
    if actions.just_pressed(Action::PositionStroke) {
        match current.as_ref().and_then(|(_, p, _)| p.stroke) {
            Some(stroke) => aim.take(&stroke),
            None => library.said = Some("This position has no stroke".into()),
        }
    }
    let Some(files) = files else { return };
    let bundled = bundled.and_then(|b| b.0.clone());
    if actions.just_pressed(Action::SavePosition) {
        let own = library
            .positions
            .iter()
            .filter(|p| p.2 == Origin::Own)
            .count();
        let cue_ball = session.cue_ball();
        let position = Position {
            name: format!("My position {}", own + 1),
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
        *library = read_library(&settings.game, bundled.as_ref(), &files);
        library.current = library.positions.iter().position(|p| p.1 == position);
        library.said = Some(match said {
            Ok(path) => format!("Saved: {}", path.display()),
            Err(e) => format!("Not saved: {e}"),
        });
    }
    if actions.just_pressed(Action::DeletePosition) {
        match current {
            Some((path, _, Origin::Own)) => {
                let said = positions::delete(&path);
                *library = read_library(&settings.game, bundled.as_ref(), &files);
                library.said = Some(match said {
                    Ok(()) => format!("Deleted: {}", path.display()),
                    Err(e) => format!("Not deleted: {e}"),
                });
            }
            Some(_) => {
                library.said = Some("The bundled positions stay".into());
            }
            None => {}
        }
    }
}

/// The position set up: its name, notes and target, and the keys.
fn show_panel(
    library: Res<Library>,
    config: Res<crate::game::GameConfig>,
    mut text: Single<&mut Text, With<PositionText>>,
    mut panel: Single<&mut Visibility, With<PositionPanel>>,
) {
    let next = keys(&config.0, Action::NextPosition);
    let mut lines = Vec::new();
    if let Some((_, p, origin)) = library.current.and_then(|i| library.positions.get(i)) {
        let number = library.current.map_or(0, |i| i + 1);
        lines.push(format!(
            "Position {number}/{}: {}",
            library.positions.len(),
            p.name
        ));
        if !p.notes.is_empty() {
            lines.push(p.notes.clone());
        }
        lines.push(match p.target {
            Target::Score => "Target: score".to_owned(),
            Target::ScoreAndLeave(area) => format!(
                "Target: score and leave the balls in x {:.2}..{:.2}, y {:.2}..{:.2} m",
                area.min.0, area.max.0, area.min.1, area.max.1
            ),
        });
        let own = if *origin == Origin::Own {
            format!(", {}: delete", keys(&config.0, Action::DeletePosition))
        } else {
            String::new()
        };
        lines.push(format!(
            "{next}: next, {}: its stroke, {}: save{own}",
            keys(&config.0, Action::PositionStroke),
            keys(&config.0, Action::SavePosition)
        ));
    } else {
        lines.push(format!(
            "{next}: practice positions ({} for this game)",
            library.positions.len()
        ));
    }
    if let Some(said) = &library.said {
        lines.push(said.clone());
    }
    set_text(&mut text, lines.join("\n"));
    if **panel != Visibility::Inherited {
        **panel = Visibility::Inherited;
    }
}
