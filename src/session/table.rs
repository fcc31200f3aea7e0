//! The match at the table as a resource: made from the settings (or a save) when the
//! table opens, stepped each frame (`Update`) by the wall-clock time since the last,
//! fed the players' commands. Its events leave
//! as messages — contacts as they happen, for sound and the live count — and its phase
//! is mirrored into [`Phase`]. Ball entities mirror the simulation's poses; the ECS
//! never owns the truth.

use super::frame::{rotation_to_bevy, to_bevy};
use super::{GameConfig, GameSystems, Phase, Screen, Viewing};
use crate::play::positions::Position;
use crate::play::{
    Command, Event, MatchSettings, Play, PlayCommand, PracticeCommand, SavedMatch, StoragePaths,
};
use crate::shot::BallId;
use bevy::prelude::*;
use std::path::PathBuf;

/// The longest a frame may advance play, s: beyond it (a window dragged, the machine
/// asleep) the balls wait rather than jump.
const MAX_FRAME_S: f64 = 5.0;

/// The match at the table.
#[derive(Resource, Deref, DerefMut)]
pub struct Session(pub Play);

/// The menu's choices.
#[derive(Resource, Clone, Debug, PartialEq, Deref, DerefMut)]
pub struct Settings(pub MatchSettings);

/// Where the game keeps its files.
#[derive(Resource, Clone, Debug, Deref)]
pub struct UserFiles(pub StoragePaths);

/// The config folder the game was started with, if it has one: its `positions/` and
/// `drills/` are the bundled practice positions and drills.
#[derive(Resource, Clone, Debug)]
pub struct ConfigFolder(pub Option<PathBuf>);

/// A saved match to pick up when the table opens (set by the menu).
#[derive(Resource, Clone, Debug)]
pub struct ResumeMatch(pub SavedMatch);

/// The table plays a club night's match (set by the club night screen): it is saved in
/// the club night's match file, and leaving the table goes back to the club night.
#[derive(Resource, Clone, Copy, Debug)]
pub struct ClubNightMatch;

/// A position to set up when the practice table opens (`--position`, a stroke's share
/// code opened from the command line or the menu); once.
#[derive(Resource, Clone, Debug)]
pub struct PracticeAt(pub Position);

/// A match set up elsewhere for the table to open with (an online table's, as its
/// follower shows it), set just before the table opens.
#[derive(Resource)]
pub struct ShownElsewhere(pub Option<Play>);

/// What a player decided, for the match.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct PlayerCommand(pub PlayCommand);

impl PlayerCommand {
    /// A command for whichever mode takes it (see [`PlayCommand`]).
    pub fn new(command: impl Into<PlayCommand>) -> PlayerCommand {
        PlayerCommand(command.into())
    }
}

/// What happened in the match, as it happened.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct PlayEvent(pub Event);

/// What is left of the cue's forward swing onto the ball just struck, s (set by the
/// cue's stick as it starts to swing): the balls wait for it, so that they start to
/// move as the tip meets the cue ball.
#[derive(Resource, Default)]
pub struct SwingToContact(pub f64);

/// A ball on the screen, mirroring the simulation's ball.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ball(pub BallId);

/// Whether the match is at the table (a run condition).
pub fn at_table(session: Option<Res<Session>>) -> bool {
    session.is_some()
}

/// Whether every ball at the table is at rest (a run condition).
pub fn balls_at_rest(session: Option<Res<Session>>) -> bool {
    session.is_some_and(|s| s.sim().at_rest())
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayerCommand>();
    app.add_message::<PlayEvent>();
    app.init_resource::<SwingToContact>();
    app.add_systems(
        OnEnter(Screen::Table),
        (open_table, set_up_the_position).chain(),
    );
    app.add_systems(OnExit(Screen::Table), |mut commands: Commands| {
        commands.remove_resource::<Session>();
    });
    app.add_systems(
        Update,
        (step, apply_commands.run_if(not(super::at_online_table)))
            .chain()
            .run_if(at_table)
            .in_set(GameSystems::Rules),
    );
    app.add_systems(
        PostUpdate,
        mirror_poses
            .run_if(at_table)
            .in_set(BallPoses)
            .before(TransformSystems::Propagate),
    );
}

/// The match for the settings (or the save the menu picked, or the match watched), and
/// an entity for every ball that may come onto the table.
pub(super) fn open_table(
    mut commands: Commands,
    config: Res<GameConfig>,
    settings: Res<Settings>,
    files: Res<UserFiles>,
    resume: Option<Res<ResumeMatch>>,
    club_night: Option<Res<ClubNightMatch>>,
    mut shown: Option<ResMut<ShownElsewhere>>,
    viewing: Option<Res<Viewing>>,
    mut next: ResMut<NextState<Phase>>,
) {
    let shown = shown.as_mut().and_then(|s| s.0.take());
    // A club night's match is saved in its own file.
    let files = match club_night {
        Some(_) => files.0.for_club_night(),
        None => files.0.clone(),
    };
    commands.remove_resource::<ShownElsewhere>();
    let mut play = match (shown, resume, &viewing) {
        // Watched, not played: nothing is saved, and no phase of play is shown.
        (_, _, Some(viewing)) => Play::resume(&config.0, &viewing.stand_in(), None),
        (Some(shown), _, None) => shown,
        (None, Some(resume), None) => {
            commands.remove_resource::<ResumeMatch>();
            Play::resume(&config.0, &resume.0, Some(&files))
        }
        (None, None, None) => Play::new(&config.0, settings.0.clone(), Some(&files)),
    };
    // The phase is mirrored from now on; what led to it is history.
    play.take_events();
    if viewing.is_none() {
        next.set(play.phase().into());
    }
    commands.insert_resource(Session(play));
    for id in BallId::ALL {
        commands.spawn((
            Name::new(format!("{id} ball")),
            Ball(id),
            Transform::default(),
            Visibility::Hidden,
            DespawnOnExit(Screen::Table),
        ));
    }
}

/// The position asked for, set up as a player's command would set it up.
fn set_up_the_position(
    mut commands: Commands,
    at: Option<Res<PracticeAt>>,
    mut play: MessageWriter<PlayerCommand>,
) {
    if let Some(at) = at {
        play.write(PlayerCommand::new(PracticeCommand::SetUpPosition(
            Box::new(at.0.clone()),
        )));
        commands.remove_resource::<PracticeAt>();
    }
}

/// Sends out what the match did, and follows its phase.
pub(super) fn forward(
    session: &mut Session,
    events: &mut MessageWriter<PlayEvent>,
    next: &mut NextState<Phase>,
) {
    for event in session.take_events() {
        if let Event::Phase(phase) = event {
            next.set(phase.into());
        }
        events.write(PlayEvent(event));
    }
}

/// Advances the balls by the wall-clock time since the last frame, less what a stroke
/// just struck still waits for its cue: the motion is exact at any step, so the balls
/// keep real time at any frame rate.
pub(super) fn step(
    time: Res<Time<Real>>,
    mut session: ResMut<Session>,
    mut to_contact: ResMut<SwingToContact>,
    mut events: MessageWriter<PlayEvent>,
    mut next: ResMut<NextState<Phase>>,
) {
    let frame = time.delta_secs_f64().min(MAX_FRAME_S);
    let waited = to_contact.0.min(frame);
    to_contact.0 -= waited;
    session.advance(frame - waited);
    forward(&mut session, &mut events, &mut next);
}

pub(super) fn apply_commands(
    mut commands: MessageReader<PlayerCommand>,
    mut session: ResMut<Session>,
    mut events: MessageWriter<PlayEvent>,
    mut next: ResMut<NextState<Phase>>,
) {
    for PlayerCommand(command) in commands.read() {
        session.apply(command.clone());
        if matches!(command, PlayCommand::Table(Command::Strike(_))) {
            info!("stroke: {command:?}");
        }
    }
    forward(&mut session, &mut events, &mut next);
}

/// Where the ball entities are put where the simulation has them (a replay puts them
/// elsewhere after it).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BallPoses;

/// Puts each ball entity where the simulation has its ball; hides balls off the table.
fn mirror_poses(session: Res<Session>, mut balls: Query<(&Ball, &mut Transform, &mut Visibility)>) {
    for (ball, mut transform, mut visibility) in &mut balls {
        match session.ball(ball.0) {
            Some(k) => {
                transform.translation = to_bevy(k.pos);
                transform.rotation = rotation_to_bevy(k.orientation);
                *visibility = Visibility::Inherited;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}
