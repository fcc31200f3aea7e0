//! A match at an online table: the table's link ([`OnlineLink`], opened by the Online
//! screen) looked at every frame; the match at the table (the [`Session`]) a shown copy
//! kept in step with the table's by the engine's follower; the person's commands said
//! to the table instead of applied here; the seat's aim said while it aims; what the
//! table notes kept for the screen to tell.

use super::table::{ShownElsewhere, apply_commands, forward, open_table, step};
use super::{GameSystems, Phase, PlayEvent, PlayerCommand, Screen, Session, Settings, at_table};
use super::{OnlineLink, at_online_table};
use crate::online::{Follower, Link, LinkError, MoveError, Note, Opening, Turn};
use crate::play::{MatchSettings, PlayCommand};
use bevy::prelude::*;
use std::time::{Duration, Instant};

/// How long a note of the table stays on the screen.
const NOTE_SHOWN: Duration = Duration::from_secs(8);

/// What keeps the match at the table in step with the online table's, and whether the
/// person may act (their move at the table, the match shown caught up with it).
#[derive(Resource)]
pub struct Following {
    follower: Follower,
    person_may_act: bool,
}

impl Following {
    pub fn person_may_act(&self) -> bool {
        self.person_may_act
    }
}

/// What the table noted (a message dropped, another build's physics, a record this build
/// plays otherwise, a concession) and the person's move the table did not take, each
/// with when it came, for the screen to tell.
#[derive(Resource, Default)]
pub struct OnlineNotes(pub Vec<(OnlineNote, Instant)>);

/// Something to tell about the online table.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineNote {
    Table(Note),
    Refused(MoveError),
}

impl OnlineNotes {
    /// The notes still shown: another build's physics for the whole match, the rest
    /// for a while.
    pub fn shown(&self) -> impl Iterator<Item = &OnlineNote> {
        self.0
            .iter()
            .filter(|(note, at)| note.lasts() || at.elapsed() < NOTE_SHOWN)
            .map(|(note, _)| note)
    }

    pub fn add(&mut self, note: OnlineNote) {
        self.0
            .retain(|(note, at)| note.lasts() || at.elapsed() < NOTE_SHOWN);
        self.0.push((note, Instant::now()));
    }
}

impl OnlineNote {
    fn lasts(&self) -> bool {
        matches!(self, OnlineNote::Table(Note::PhysicsDiffers { .. }))
    }
}

/// The seat this game's person holds at an online table (None: a spectator, or not
/// online).
pub fn my_online_seat(link: Option<&OnlineLink>) -> Option<usize> {
    link.and_then(|l| l.0.table().my_seat())
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineNotes>();
    app.add_systems(
        Update,
        look_at_the_table
            .run_if(at_online_table)
            .run_if(in_state(Screen::Online)),
    );
    app.add_systems(
        Update,
        (
            (look_at_the_table, follow)
                .chain()
                .after(step)
                .before(apply_commands),
            say_the_persons_commands.after(apply_commands),
        )
            .run_if(at_table.and_then(at_online_table))
            .in_set(GameSystems::Rules),
    );
    app.add_systems(
        OnEnter(Screen::Table),
        start_following.run_if(at_online_table).before(open_table),
    );
    app.add_systems(OnExit(Screen::Table), leave_the_table);
}

/// Opens a table as `opening` says, as `name`: its code and relay (and the LAN address,
/// where this game serves it) said on the console, for a script or a player to copy.
pub fn open_link(
    config: &crate::config::Config,
    data: &std::path::Path,
    name: &str,
    opening: Opening,
) -> Result<Link, LinkError> {
    let link = Link::open(config, data, name, opening)?;
    info!(
        "online table {} at {}",
        link.comeback().code,
        link.comeback().relay
    );
    if let Some(url) = link.lan_url() {
        info!("others on the LAN give {url} as the relay");
    }
    Ok(link)
}

/// The match shown as the online table has it, for the table to open with.
fn start_following(mut commands: Commands, mut link: ResMut<OnlineLink>) {
    let Some((follower, play)) = Follower::start(link.0.table_mut()) else {
        return;
    };
    commands.insert_resource(Following {
        follower,
        person_may_act: false,
    });
    commands.insert_resource(ShownElsewhere(Some(play)));
}

/// One look at the table: connected again where it dropped, what was said sent, what
/// came applied, its notes kept.
fn look_at_the_table(mut link: ResMut<OnlineLink>, mut notes: ResMut<OnlineNotes>) {
    link.0.tick();
    for note in link.0.table_mut().take_notes() {
        notes.add(OnlineNote::Table(note));
    }
}

/// The menu's own choices while the table's settings stand in for them: given back
/// when the table is left.
#[derive(Resource)]
struct MenuChoicesAside(MatchSettings);

/// The match shown follows the table's; the settings are the table's while it plays
/// (the panels name its players), the menu's set aside.
fn follow(
    mut link: ResMut<OnlineLink>,
    mut following: ResMut<Following>,
    mut session: ResMut<Session>,
    mut settings: ResMut<Settings>,
    aside: Option<Res<MenuChoicesAside>>,
    mut events: MessageWriter<PlayEvent>,
    mut next: ResMut<NextState<Phase>>,
    mut commands: Commands,
) {
    let table = link.0.table_mut();
    following.follower.follow(table, &mut session.0);
    following.person_may_act =
        table.turn() != Turn::Wait && following.follower.caught_up(table, &session.0);
    if settings.0 != *session.settings() {
        if aside.is_none() {
            commands.insert_resource(MenuChoicesAside(settings.0.clone()));
        }
        settings.0 = session.settings().clone();
    }
    forward(&mut session, &mut events, &mut next);
}

/// The person's commands go to the table (or, what only this screen shows, to the match
/// shown); one the table does not take now is told.
fn say_the_persons_commands(
    mut commands: MessageReader<PlayerCommand>,
    mut link: ResMut<OnlineLink>,
    mut following: ResMut<Following>,
    mut session: ResMut<Session>,
    mut notes: ResMut<OnlineNotes>,
    mut events: MessageWriter<PlayEvent>,
    mut next: ResMut<NextState<Phase>>,
) {
    for PlayerCommand(command) in commands.read() {
        let PlayCommand::Table(command) = command else {
            continue;
        };
        let said = following
            .follower
            .person(link.0.table_mut(), &mut session.0, command.clone());
        if let Err(e) = said {
            notes.add(OnlineNote::Refused(e));
        }
    }
    forward(&mut session, &mut events, &mut next);
}

/// Leaving the table: a game over leaves nothing to come back to; otherwise the table
/// is offered again when the game starts next (the person quit, or will come back). The
/// menu's choices come back.
fn leave_the_table(
    mut commands: Commands,
    link: Option<Res<OnlineLink>>,
    aside: Option<Res<MenuChoicesAside>>,
    mut settings: ResMut<Settings>,
) {
    commands.remove_resource::<Following>();
    if let Some(aside) = aside {
        settings.0 = aside.0.clone();
        commands.remove_resource::<MenuChoicesAside>();
    }
    if link.is_some() {
        commands.queue(|world: &mut World| {
            let Some(OnlineLink(link)) = world.remove_resource::<OnlineLink>() else {
                return;
            };
            if link.table().is_over()
                && let Err(e) = link.leave()
            {
                warn!("the online table's comeback is not removed: {e}");
            }
        });
    }
}
