//! Bevy glue: the screens and the phases of play, the table's simulation on the fixed
//! clock, the match (referee, lag, saving), and the commands that drive it.

mod commands;
mod flow;
pub mod frame;
mod lag;
pub mod save;
mod session;
pub mod settings;
mod sim;

pub use commands::MatchCommand;
pub use flow::{PhaseTimer, ResumeMatch};
pub use session::{LagResult, LagSetup, Resumable, Session};
pub use settings::{BallStyle, MatchSettings, Mode, StoragePaths};
pub use sim::{Ball, CueBall, StrokeFinished, TableSimulation};

use crate::config::Config;
use bevy::prelude::*;

/// The configuration the game was started with.
#[derive(Resource, Clone)]
pub struct GameConfig(pub Config);

/// The screens of the game (STYLE 4).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Menu,
    /// A hot-seat match: lag, break, innings, to the end.
    Match,
    /// One player, every stroke judged.
    Practice,
    /// One player lagging.
    LagTraining,
}

/// Any screen with the table on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AtTable;

impl ComputedStates for AtTable {
    type SourceStates = Screen;

    fn compute(screen: Screen) -> Option<AtTable> {
        (screen != Screen::Menu).then_some(AtTable)
    }
}

/// Where play stands at the table.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(AtTable = AtTable)]
pub enum Phase {
    /// Deciding the first phase from the screen and settings.
    #[default]
    Starting,
    /// The players set up their lag strokes in turn (rule 5).
    Lag,
    LagRolling,
    /// The lag's outcome, with every automatic loss and distance.
    LagResult,
    /// The lag winner breaks or passes, and picks a cue ball (rules 4, 6).
    ChooseBreak,
    /// The breaker places the cue ball on the head string (rule 7).
    BreakSetup,
    Aiming,
    Rolling,
    /// The referee's verdict on the stroke.
    Verdict,
    /// Jumped balls go to their spots (rules 21, 26).
    Spotting,
    GameOver,
}

/// System sets of the frame, in order (STYLE 3).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Read the player's input into commands.
    Input,
    /// Apply commands: strokes, the referee, phases.
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
    app.add_computed_state::<AtTable>();
    app.add_sub_state::<Phase>();
    app.configure_sets(
        Update,
        (GameSystems::Input, GameSystems::Rules, GameSystems::Present).chain(),
    );
    app.add_plugins((commands::plugin, sim::plugin, flow::plugin, lag::plugin));
}
