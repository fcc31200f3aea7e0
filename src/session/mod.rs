//! The session at the table, the shell's hold on the engine's match layer
//! (`crate::play`): the screens, the phase of play mirrored from the match, the match
//! itself as a resource stepped each frame by the wall-clock time since the last
//! (`Time<Real>`, `table`), the players' commands in and the match's events out as Bevy
//! messages, the computer in a seat (`computer_seat`), the player's preferences.

mod computer_seat;
pub mod frame;
mod lobby;
mod online;
mod preferences;
mod table;
mod viewer;

pub use computer_seat::{
    Advice, Advising, ComputerTurn, Decided, PersonSystems, Told, shows_by_itself,
};
pub use lobby::OnlineLobby;
pub use online::{Following, OnlineNote, OnlineNotes, my_online_seat, open_link};
pub use preferences::{CameraView, Graphics, Preferences, Quality, WindowMode};
pub use table::{
    Ball, BallPoses, ClubNightMatch, ConfigFolder, PlayEvent, PlayerCommand, PracticeAt,
    ResumeMatch, Session, Settings, SwingToContact, UserFiles, at_table, balls_at_rest,
};
pub use viewer::{Viewing, viewing};

use crate::config::Config;
use crate::play;
use bevy::prelude::*;

/// The online table this game is at (or on its way to): opened by the Online screen,
/// played through by `online`.
#[derive(Resource)]
pub struct OnlineLink(pub crate::online::Link);

/// Whether the table is an online one (a run condition).
pub fn at_online_table(link: Option<Res<OnlineLink>>) -> bool {
    link.is_some()
}

/// A replay is shown over the table: the menu key leaves the replay, not the table.
#[derive(Resource, Default)]
pub struct Watching(pub bool);

/// The camera that draws the table and that the player looks through (`view::camera`
/// places it; while the table is drawn scaled, `view::resolution`'s sharp camera
/// follows it at the window's resolution).
#[derive(Component)]
pub struct TableCamera;

/// The configuration the game was started with.
#[derive(Resource, Clone)]
pub struct GameConfig(pub Config);

/// The screens of the game (STYLE 4). At the table, the mode (match, practice, lag
/// training) is the match layer's (`play::Mode`, from the settings).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Menu,
    /// The settings screen, from the menu.
    Settings,
    /// The player records screen, from the menu.
    Records,
    /// Online play, from the menu: host a table, join one or watch one, and wait for it.
    Online,
    /// The relay's lobby, from the Online screen: players, tables, challenges and chat.
    Lobby,
    /// A club night, from the menu: a tournament at this table, its set-up, schedule
    /// and standings.
    ClubNight,
    Table,
}

/// Where play stands at the table: the match layer's phase, mirrored as a state so that
/// systems can run in it and overlays can live for it.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Table)]
pub enum Phase {
    /// The match is being set up.
    #[default]
    Starting,
    Lag,
    LagRolling,
    LagResult,
    ChooseBreak,
    BreakSetup,
    Aiming,
    Rolling,
    Verdict,
    Spotting,
    GameOver,
}

impl From<play::Phase> for Phase {
    fn from(phase: play::Phase) -> Phase {
        match phase {
            play::Phase::Lag => Phase::Lag,
            play::Phase::LagRolling => Phase::LagRolling,
            play::Phase::LagResult => Phase::LagResult,
            play::Phase::ChooseBreak => Phase::ChooseBreak,
            play::Phase::BreakSetup => Phase::BreakSetup,
            play::Phase::Aiming => Phase::Aiming,
            play::Phase::Rolling => Phase::Rolling,
            play::Phase::Verdict => Phase::Verdict,
            play::Phase::Spotting => Phase::Spotting,
            play::Phase::GameOver => Phase::GameOver,
        }
    }
}

/// The systems of one mode of play: each set runs only while the table plays that mode
/// (the match layer's own kind, [`crate::play::Play::mode`]). A mode's systems are
/// gated here, once, as Foxtrot gates its pausable systems; nothing reads the mode from
/// the menu's settings at the table.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ModeSystems {
    Match,
    Practice,
    LagTraining,
}

impl ModeSystems {
    const ALL: [ModeSystems; 3] = [
        ModeSystems::Match,
        ModeSystems::Practice,
        ModeSystems::LagTraining,
    ];

    fn mode(self) -> play::Mode {
        match self {
            ModeSystems::Match => play::Mode::Match,
            ModeSystems::Practice => play::Mode::Practice,
            ModeSystems::LagTraining => play::Mode::LagTraining,
        }
    }
}

/// System sets of the frame, in order (STYLE 3).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Read the player's input into commands.
    Input,
    /// Apply commands to the match.
    Rules,
    /// Show it.
    Present,
}

/// Everything that plays the game, without drawing it: what headless tests run.
pub fn plugin(app: &mut App) {
    // The command line may have chosen the first screen already.
    if !app.world().contains_resource::<State<Screen>>() {
        app.init_state::<Screen>();
    }
    app.add_sub_state::<Phase>();
    app.init_resource::<Preferences>();
    app.init_resource::<Watching>();
    app.configure_sets(
        Update,
        (GameSystems::Input, GameSystems::Rules, GameSystems::Present).chain(),
    );
    for set in ModeSystems::ALL {
        app.configure_sets(
            Update,
            set.run_if(move |session: Option<Res<Session>>| {
                session.is_some_and(|s| s.mode() == set.mode())
            }),
        );
    }
    app.add_plugins((
        table::plugin,
        computer_seat::plugin,
        online::plugin,
        lobby::plugin,
        viewer::plugin,
    ));
}
