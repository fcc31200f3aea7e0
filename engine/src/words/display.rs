//! The layers' errors displayed: each one's `Display` is its English words (as `{e}` in
//! a log line or a test says it), so that every error's sentence is written once, in
//! `en/troubles.rs`, beside its Russian in `ru/troubles.rs`.

use super::{English, Trouble, TroubleWords};
use crate::computer;
use crate::config::UnknownKey;
use crate::diamond_systems::SweepError;
use crate::fit::data::ShotProblem;
use crate::online::{
    IdentityError, LeavingRuleError, LinkError, LobbyError, MoveError, Note, OpenError,
    PackedRecordError, Refusal, ShareError, TransportError,
};
use crate::physics;
use crate::physics::{PlaceError, ShotError, StrikeError};
use crate::play::drills::MissingPosition;
use crate::play::{FileError, ResumeError, SettingsError, SettingsProblem, StartError};
use crate::rules::{JudgeError, LagError, RecordError, SetupError};
use crate::shot::StrokeError;
use std::fmt;

/// `Display` for each error as `English.trouble(Trouble::Variant(error))`.
macro_rules! displayed_in_english {
    ($($error:ty => $variant:ident),* $(,)?) => {
        $(impl fmt::Display for $error {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&English.trouble(Trouble::$variant(self)))
            }
        })*
    };
}

displayed_in_english!(
    FileError => File,
    StartError => Start,
    ResumeError => Resume,
    JudgeError => Judge,
    RecordError => Record,
    LagError => Lag,
    StrokeError => Stroke,
    StrikeError => Strike,
    PlaceError => Place,
    ShotError => Shot,
    SetupError => Setup,
    UnknownKey => Unknown,
    SettingsProblem => Settings,
    SettingsError => SettingsFile,
    MissingPosition => MissingPosition,
    SweepError => Sweep,
    ShotProblem => Samples,
    physics::bench::BenchError => SimulationBench,
    computer::bench::BenchError => ComputerBench,
    Refusal => Refusal,
    IdentityError => Identity,
    PackedRecordError => PackedRecord,
    Note => OnlineNote,
    MoveError => Move,
    TransportError => Transport,
    ShareError => Share,
    LinkError => Link,
    LobbyError => Lobby,
    LeavingRuleError => Leaving,
    OpenError => Open,
    crate::play::typed_place::TypedPlaceError => TypedPlace,
);
