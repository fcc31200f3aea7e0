//! What the menu and the settings screen show, as the words layer names it: the shell
//! maps its rows and preferences onto these, and a language words them.

use crate::play::{BallStyle, ResumeError, SettingsProblem};

/// A label of the menu's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuLabel {
    Language,
    Mode,
    Game,
    Table,
    Target,
    InningsLimit,
    /// Practice on a shot clock.
    ShotClock,
    /// Whether each player has a target of their own.
    Handicap,
    /// The own target of a match seat's player (a handicap match).
    SeatTarget(usize),
    /// The one player of practice and lag training (`None`) or a seat of a match.
    Player(Option<usize>),
    Settings,
    /// The player records screen.
    Records,
    /// The Online screen (a button beside Records).
    Online,
    Start,
    /// The club night screen (a tournament at this table).
    ClubNight,
    Resume,
}

/// How a match's targets are set (the menu's handicap row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handicap {
    /// Everyone plays to the match's target.
    Off,
    /// Each player's target as set on their row.
    Own,
    /// Each player's average (a computer's level's, a person's over their last
    /// matches) times this many innings, as clubs set handicaps.
    FromAverages(u32),
}

/// What the menu's Resume button offers.
pub enum ResumeOffer<'a> {
    /// A match to play on: who plays (short names) and how many strokes it has.
    Ready {
        players: &'a str,
        strokes: usize,
    },
    /// The saved match is over.
    Finished {
        players: &'a str,
    },
    Nothing,
    Unreadable,
}

/// A seat on the menu's player rows; `caret` ends a name being typed.
pub enum PlayerEntry<'a> {
    /// The last seat, empty: typing a name makes three in rotation.
    Empty,
    Person {
        name: &'a str,
        caret: &'a str,
    },
    /// A computer named `name`; `level` where the name does not say it.
    Computer {
        name: &'a str,
        caret: &'a str,
        level: Option<&'a str>,
    },
}

/// What the menu says after a button.
pub enum MenuNote<'a> {
    /// Start would replace the match saved on disk, which can still be resumed: a
    /// second press of Start replaces it.
    StartReplaces {
        players: &'a str,
        strokes: usize,
    },
    SavedMatchOver,
    NoSavedMatch,
    /// The save cannot be resumed; the file is kept.
    SaveUnreadable(&'a ResumeError),
    /// The choices cannot make a game.
    NotStarted(&'a SettingsProblem),
    /// A person sits down against the computer: the level nearest their recent
    /// average (points per inning) was chosen for the seat.
    Suggested {
        person: &'a str,
        average: f64,
        level: &'a str,
    },
    /// Targets from the averages: these people have no finished match of the game
    /// yet and play to the match's target.
    NoAverage(&'a [String]),
}

/// The match as chosen, for the rules screen.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchTerms<'a> {
    pub target: u32,
    /// A handicap match: each player's name and target.
    pub targets: Vec<(&'a str, u32)>,
    pub innings_limit: Option<u32>,
    pub equalising_inning: bool,
    /// USBA three-cushion: a declared safety is a foul (rule 23), rules 24–25 do not
    /// apply.
    pub usba: bool,
}

/// A row of the settings screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Language,
    Quality,
    Shadows,
    AntiAliasing,
    Lighting,
    DepthPrepass,
    Resolution,
    Window,
    Volume,
    Mute,
    AimAids,
    AimAidsInMatches,
    PredictedPath,
    LagBand,
    LagSpread,
    ComputerVerdict,
    Camera,
    BallStyle,
    Cloth,
    FrameRate,
    Back,
}

/// The graphics presets, as the settings screen offers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphicsChoice {
    Low,
    High,
    /// Some part changed from a preset.
    Custom,
}

/// The cameras a match may start with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CameraChoice {
    Behind,
    Top,
    Orbit,
    Follow,
}

/// The value a settings row shows.
pub enum SettingValue<'a> {
    OnOff(bool),
    Graphics(GraphicsChoice),
    /// 4x multisampling or none.
    Multisampling(bool),
    /// Full or simple lighting; `slow_here` when full lighting on software rendering.
    Lighting {
        full: bool,
        slow_here: bool,
    },
    /// A fraction shown as a percentage.
    Percent(f64),
    FullScreen(bool),
    Muted(bool),
    /// The lag's target band, mm.
    WithinMm(f64),
    /// The computer lagger's spread of speed, a fraction.
    SpeedOff(f64),
    /// How long a computer's verdict stays, s.
    ShownFor(f64),
    Camera(CameraChoice),
    Balls(BallStyle),
    /// A name from the config, shown as it is.
    Named(&'a str),
    Nothing,
}

/// A short guide for a newcomer: how to play a mode, or a part of practice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Guide {
    Match,
    Practice,
    LagTraining,
    Drills,
    Coach,
}

impl Guide {
    pub const ALL: [Guide; 5] = [
        Guide::Match,
        Guide::Practice,
        Guide::LagTraining,
        Guide::Drills,
        Guide::Coach,
    ];
}

/// The keys a guide names, as a person reads them ("A / D", "Space").
pub struct GuideKeys {
    pub aim: String,
    pub fine_aim: String,
    pub power: String,
    pub tip: String,
    pub elevation: String,
    pub strike: String,
    pub camera: String,
    pub go_on: String,
    pub help: String,
    pub rules: String,
    pub menu: String,
    pub safety: String,
    pub undo: String,
    pub positions: String,
    pub drill: String,
    pub coach: String,
    pub take_stroke: String,
    pub lag_half: String,
    pub lag_opponent: String,
    pub move_ball: String,
    /// Practice: type a ball's place in diamonds.
    pub place_ball: String,
}
