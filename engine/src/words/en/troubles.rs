//! What went wrong, in words: every error the layers below return.

use super::*;
use crate::computer;
use crate::config::{Keyed, MAX_FILE_BYTES};
use crate::diamond_systems::{NAMES, SweepError};
use crate::fit::data::ShotProblem;
use crate::online::{
    ChatRefusal, LEAVING_GRACE_S, LEAVING_LOSS_MAX_S, LeavingRuleError, LinkError, LobbyError,
    MoveError, Note, OpenError, PackedRecordError, Refusal, ShareError, TransportError,
};
use crate::physics::{self, PlaceError, ShotError, StrikeError};
use crate::play::typed_place::TypedPlaceError;
use crate::play::{
    MAX_NAME_CHARS, MAX_PLAYERS, ResumeError, SettingsError, SettingsProblem, StartError,
};
use crate::rules::{JudgeError, LagError, RecordError, SetupError};
use crate::shot::{MAX_ELEVATION_DEG, MAX_FOLLOW_THROUGH_MM, MAX_SPEED, StrokeError};
use std::io::ErrorKind;

impl TroubleWords for English {
    fn trouble(&self, trouble: Trouble) -> String {
        match trouble {
            Trouble::File(e) => file_error(e),
            Trouble::Start(e) => match e {
                StartError::Unknown(e) => self.trouble(Trouble::Unknown(e)),
                StartError::Setup(e) => self.trouble(Trouble::Setup(e)),
                StartError::Stroke { number, error } => {
                    format!("stroke {number}: {}", self.trouble(Trouble::Judge(error)))
                }
                StartError::SavedPhase(at) => format!(
                    "`at`: the saved phase `{}` does not fit the match's strokes and players",
                    at.name()
                ),
            },
            Trouble::Resume(e) => match e {
                ResumeError::File(e) => file_error(e),
                ResumeError::Replay { path, error } => {
                    format!(
                        "{}: {}",
                        path.display(),
                        self.trouble(Trouble::Start(error))
                    )
                }
            },
            Trouble::Judge(e) => match e {
                JudgeError::GameOver => "the game is already over".into(),
                JudgeError::NoStrike => {
                    "no `strike` event: a stroke starts with the tip striking a cue ball".into()
                }
                JudgeError::NotInPlay(ball) => format!("{ball} is not in play in this game"),
                JudgeError::Impossible(e) => self.trouble(Trouble::Record(e)),
                JudgeError::NotAtRest => "the record does not end with every ball at rest (a \
                     `rest` event, nothing after it): the stroke is not complete (rule 11)"
                    .into(),
                JudgeError::NoTimeOutLeft { player } => {
                    format!("player {player} (numbered from 0) calls a time-out with none left")
                }
                JudgeError::SetBreakerPending { set } => {
                    format!("a lag decides who breaks set {set}: name them in `set_breakers`")
                }
            },
            Trouble::Record(e) => record_error(e),
            Trouble::Lag(e) => lag_error(e),
            Trouble::Stroke(e) => stroke_error(e),
            Trouble::Strike(e) => match e {
                StrikeError::Stroke(e) => stroke_error(e),
                StrikeError::NotOnCloth(ball) => {
                    format!("{ball} is not on the cloth and cannot be struck")
                }
                StrikeError::StruckTwice(ball) => format!("{ball} is struck twice"),
                StrikeError::LaunchNotFinite => {
                    "launch: velocity and spin must be finite numbers".into()
                }
                StrikeError::LaunchTooFast(speed) => format!(
                    "launch: speed {speed:.3} m/s is above the {} m/s allowed",
                    crate::shot::MAX_SPEED
                ),
                StrikeError::NotOnTable(ball) => format!("launch: {ball} is not on the table"),
            },
            Trouble::Place(e) => place_error(e),
            Trouble::Shot(ShotError::Place(e)) => self.trouble(Trouble::Place(e)),
            Trouble::Shot(ShotError::Strike(e)) => self.trouble(Trouble::Strike(e)),
            Trouble::Setup(e) => setup_error(e),
            Trouble::Unknown(e) => {
                let (key, known) = (&e.key, e.known.join(", "));
                match e.what {
                    Keyed::Game => {
                        format!("no game \"{key}\" in games.ron; the games are: {known}")
                    }
                    Keyed::TablePreset => {
                        format!("no table preset \"{key}\"; the presets are: {known}")
                    }
                    Keyed::ComputerLevel => {
                        format!("no computer level \"{key}\" in computer.ron; there are: {known}")
                    }
                    Keyed::MatchFormat => {
                        format!("no match format \"{key}\" in formats.ron; there are: {known}")
                    }
                    Keyed::Exam => {
                        format!("no exam \"{key}\" among the bundled drills; there are: {known}")
                    }
                    Keyed::Condition => format!(
                        "no table condition \"{key}\" in physics.ron's conditions; there are: {known}"
                    ),
                }
            }
            Trouble::Settings(e) => settings_problem(e),
            Trouble::TypedPlace(e) => match e {
                TypedPlaceError::NoBall { known } => format!(
                    "start with a ball: {} (as in \"red 3.5 / 1.25\")",
                    known.join(", ")
                ),
                TypedPlaceError::NotTwoNumbers(rest) => format!(
                    "\"{rest}\": after the ball, two numbers of diamonds, along and across \
                     (as in \"red 3.5 / 1.25\")"
                ),
                TypedPlaceError::OffTheRail { along, value, most } => format!(
                    "{value} {}: the rail's diamonds run from 0 to {most}",
                    if *along { "along the table" } else { "across" }
                ),
            },
            Trouble::SettingsFile(SettingsError::File(e)) => file_error(e),
            Trouble::SettingsFile(SettingsError::Problem(e)) => settings_problem(e),
            Trouble::MissingPosition(e) => format!("{}: no position \"{}\"", e.drill, e.position),
            Trouble::Sweep(e) => match e {
                SweepError::Table(e) => self.trouble(Trouble::Unknown(e)),
                SweepError::Place(e) => {
                    format!("the cue ball cannot be placed: {}", place_error(e))
                }
                SweepError::OutsideTheSystem { start, first_rail } => format!(
                    "the plus system has no start {start} or first rail {first_rail} \
                     (starts 20 to 80 and 90 to 110; first rails 0 to 50)"
                ),
                SweepError::Strike(e) => format!(
                    "the system's stroke cannot be struck: {}",
                    self.trouble(Trouble::Strike(e))
                ),
            },
            Trouble::Samples(e) => match e {
                ShotProblem::NoBall(key) => format!("no ball \"{key}\""),
                ShotProblem::FewSamples => {
                    "a ball needs at least two samples and as many x and y as t".into()
                }
            },
            Trouble::SimulationBench(e) => match e {
                physics::bench::BenchError::Table(e) => self.trouble(Trouble::Unknown(e)),
                physics::bench::BenchError::Shot(e) => self.trouble(Trouble::Shot(e)),
            },
            Trouble::ComputerBench(e) => match e {
                computer::bench::BenchError::Start(e) => self.trouble(Trouble::Start(e)),
                computer::bench::BenchError::NothingToPlay => {
                    "a lay-out with nothing to play".into()
                }
            },
            Trouble::Refusal(e) => match e {
                Refusal::TooLarge { bytes, max } => {
                    format!("a message of {bytes} bytes, over the {max} allowed")
                }
                Refusal::Malformed(why) => format!("not a message of this protocol: {why}"),
                Refusal::UnknownVersion(v) => format!(
                    "a message of protocol version {v}; this build speaks version {}",
                    crate::online::PROTOCOL_VERSION
                ),
                Refusal::Forged => "a message whose signature is not its sender's".into(),
                Refusal::OtherTable => "a message of another table".into(),
                Refusal::Replayed { n, last } => {
                    format!("a message replayed (its number {n}, the last applied {last})")
                }
                Refusal::SeatingNotFromHost => "a seating not signed by the host".into(),
                Refusal::NotSeated => "a player's message from someone not seated".into(),
                Refusal::WrongSeat { seat } => match seat {
                    Some(seat) => format!("a message claiming seat {seat}, not the sender's"),
                    None => "a player's message naming no seat".into(),
                },
                Refusal::OutOfTurn => "a move the table does not take now".into(),
                Refusal::LagNotAsCommitted { seat } => {
                    format!("seat {seat}'s lag is not the one it committed to")
                }
                Refusal::NotThisState { number } => {
                    format!("stroke {number} played from another state of the table")
                }
                Refusal::Record(e) => self.trouble(Trouble::PackedRecord(e)),
                Refusal::Terms(why) => format!("terms the table cannot take: {why}"),
            },
            Trouble::OnlineNote(note) => match note {
                Note::Refused(e) => format!("dropped {}", self.trouble(Trouble::Refusal(e))),
                Note::PhysicsDiffers { name, theirs, ours } => format!(
                    "{name}'s build has other physics (fingerprint {theirs}, ours {ours}): \
                     strokes may play differently there; each stroke counts as its shooter played it"
                ),
                Note::RecordDiffers { number, seat } => format!(
                    "stroke {number} (seat {seat}) plays differently here than in its shooter's \
                     record; the match goes on from the shooter's record"
                ),
                Note::Conceded { seat } => format!("seat {seat} concedes the game"),
                Note::Abandoned {
                    seat,
                    verdict,
                    match_s,
                    away_s,
                } => format!(
                    "seat {seat} left {match_s} s into the game and stayed away {away_s} s: {}",
                    self.leaving_verdict(*verdict)
                ),
            },
            Trouble::Share(e) => match e {
                ShareError::NotACode { expected } => {
                    format!("not a share code of this kind (it starts \"{expected}\")")
                }
                ShareError::Packed(e) => packed("share code", e),
                ShareError::NotWhatItSays(why) => {
                    format!("a share code that is not what it says: {why}")
                }
                ShareError::NoStrike { number } => {
                    format!("stroke {number} of the match has no strike to share")
                }
                ShareError::Replay(e) => self.trouble(Trouble::Start(e)),
                ShareError::Unplayable { number, error } => {
                    format!("stroke {number}: {}", self.trouble(Trouble::Shot(error)))
                }
            },
            Trouble::Transport(e) => match e {
                TransportError::TooLarge { bytes, max } => {
                    format!("a message of {bytes} bytes, over the {max} a table carries")
                }
                TransportError::TooFast => {
                    "the relay turned a message away: sent faster than it allows".into()
                }
                TransportError::Closed(why) => format!("the table's connection is gone: {why}"),
            },
            Trouble::Move(e) => match e {
                MoveError::NotYourTurn => "it is not this seat's turn for that".into(),
                MoveError::NoStroke(why) => format!("the table refuses the stroke: {why}"),
                MoveError::NotTheCommittedLag => {
                    "this seat committed to another lag stroke this round".into()
                }
            },
            Trouble::PackedRecord(e) => packed("stroke's record", e),
            Trouble::Identity(e) => format!("no key could be made: {}", e.0),
            Trouble::Link(e) => match e {
                LinkError::File(e) => self.trouble(Trouble::File(e)),
                LinkError::Identity(e) => self.trouble(Trouble::Identity(e)),
                LinkError::Transport(e) => self.trouble(Trouble::Transport(e)),
                LinkError::Serve { listen, error } => format!("cannot listen at {listen}: {error}"),
                LinkError::Physics(why) => {
                    format!("this build's physics cannot be fingerprinted: {why}")
                }
                LinkError::Code(code) => format!("not a join code: {code}"),
            },
            Trouble::Leaving(LeavingRuleError::Grace(grace_s)) => format!(
                "`leaving.grace_s` is {grace_s}; allowed: {} to {} s",
                LEAVING_GRACE_S.start(),
                LEAVING_GRACE_S.end()
            ),
            Trouble::Leaving(LeavingRuleError::Windows {
                void_within_s,
                loses_within_s,
            }) => format!(
                "`leaving` gives void within {void_within_s} s and a loss within \
                 {loses_within_s} s; allowed: the void window no longer than the loss \
                 window, which is 0 to {LEAVING_LOSS_MAX_S} s"
            ),
            Trouble::Lobby(e) => match e {
                LobbyError::NoSuchPlayer => "no such player in the lobby".into(),
                LobbyError::NoSuchChallenge => "that challenge is no longer open".into(),
                LobbyError::AlreadyChallenged => {
                    "a challenge to that player is open already".into()
                }
                LobbyError::Chat(ChatRefusal::Empty) => "an empty line is not said".into(),
                LobbyError::Chat(ChatRefusal::TooLong { chars, max }) => {
                    format!("a line of {chars} characters; at most {max} are said")
                }
                LobbyError::Chat(ChatRefusal::TooFast { max, window }) => format!(
                    "at most {max} lines in {} s: wait a moment",
                    window.as_secs()
                ),
                LobbyError::Chat(ChatRefusal::Muted) => "muted".into(),
            },
            Trouble::Open(e) => match e {
                OpenError::File(e) => format!("{}; {OPENS}", file_error(e)),
                OpenError::Code { what, error } => {
                    format!("{what}: {}; {OPENS}", self.trouble(Trouble::Share(error)))
                }
                OpenError::Unknown { file } => format!(
                    "{}: not a saved match, a position or a share code; {OPENS}",
                    file.display()
                ),
                OpenError::Replay { what, error } => format!(
                    "{what}: the match cannot be played here: {}",
                    self.trouble(Trouble::Start(error))
                ),
                OpenError::NotAPosition { what } => format!(
                    "{what}: a match, not a position (`carom watch` plays it); give a practice \
                     position (.ron) or a stroke's share code (carom-stroke-1.…)"
                ),
                OpenError::Fingerprint(e) => format!(
                    "this build's physics fingerprint cannot be worked out: {}",
                    self.trouble(Trouble::Shot(e))
                ),
            },
        }
    }

    fn command_line(&self, problem: &CommandLineProblem) -> String {
        match problem {
            CommandLineProblem::NoConfigFolder => {
                "no such config folder (--config names a folder of RON files)".into()
            }
            CommandLineProblem::NotAFolder => "not a folder".into(),
            CommandLineProblem::BallCount(n) => {
                format!("`balls` lists {n} balls; 1 to 4 are allowed")
            }
            CommandLineProblem::SampleRate { hz, max } => {
                format!("`sample_hz` is {hz}; allowed: above 0 up to {max}")
            }
            CommandLineProblem::PositionNotShot => {
                "this is a position (`cue_ball`, no `stroke`): `carom suggest` chooses its stroke"
                    .into()
            }
            CommandLineProblem::StrokeOrLaunch => {
                "give exactly one of `stroke` and `launch`".into()
            }
            CommandLineProblem::NoGame => {
                "no game: give `--game GAME` or a `game` in the file".into()
            }
            CommandLineProblem::NoCueBall => {
                "a position names the ball to play: `cue_ball: White` (or Dotted)".into()
            }
            CommandLineProblem::GameNeedsStroke => {
                "`game` needs a `stroke`: a `launch` has no cue, so there is nothing to judge"
                    .into()
            }
            CommandLineProblem::CueBallOff => "the cue ball is not on the table".into(),
            CommandLineProblem::BadFiles(each) => format!(
                "{} file(s) cannot be used:\n{}",
                each.len(),
                each.join("\n")
            ),
            CommandLineProblem::NotAJoinCode(text) => format!(
                "`{text}` is not a join code (64 letters, digits, - and _, as the host printed it)"
            ),
            CommandLineProblem::UnknownSystem(name) => {
                format!("no system `{name}`; known: {}", NAMES.join(", "))
            }
            CommandLineProblem::NotForSystem { option, system } => format!(
                "{option}: not for the {system} system (its sweep covers its whole range); \
                 for five-and-half only"
            ),
            CommandLineProblem::OutOfRange {
                what,
                value,
                low,
                high,
            } => format!("{what} is {value}; allowed: {low} to {high}"),
            CommandLineProblem::NotJsonOrRon => "a match file is .json or .ron".into(),
            CommandLineProblem::CannotRead(e) => format!("cannot be read: {e}"),
            CommandLineProblem::NotFinite(number) => {
                format!("{number} is not a finite number; allowed: finite numbers only")
            }
            CommandLineProblem::RonNamesAreStrings => {
                " (in a RON match file, names are strings: \"white\", not white)".into()
            }
        }
    }
}

/// What may be opened to watch or to practise.
const OPENS: &str = "give a saved match (.json, the game's match.json or an online save), a \
                     practice position (.ron), or a share code (carom-match-1.… or \
                     carom-stroke-1.…), itself or in a text file";

fn file_error(e: &FileError) -> String {
    match e {
        FileError::Read { path, kind } if *kind == ErrorKind::InvalidData => {
            format!("{}: cannot be read: not UTF-8 text", path.display())
        }
        FileError::Read { path, kind } => format!("{}: cannot be read: {kind}", path.display()),
        FileError::TooLarge { path, bytes } => format!(
            "{}: {bytes} bytes, not read; a file of the game holds at most {MAX_FILE_BYTES}",
            path.display()
        ),
        FileError::Write { path, kind } => {
            format!("{}: cannot be written: {kind}", path.display())
        }
        FileError::MoveAside { path, kind } => {
            format!("{}: cannot be moved aside: {kind}", path.display())
        }
        FileError::Delete { path, kind } => {
            format!("{}: cannot be deleted: {kind}", path.display())
        }
        FileError::Content(e) => e.to_string(),
    }
}

fn record_error(e: &RecordError) -> String {
    match e {
        RecordError::NoStrike => "no `strike` event".into(),
        RecordError::NotAtRest => "the record does not end at rest (rule 11)".into(),
        RecordError::MeetsItself(ball) => {
            format!("a `ball_ball` event has {ball} meet itself: a contact is of two balls")
        }
        RecordError::RestNotANumber(ball) => {
            format!("`final`: {ball}'s resting place is not a number (metres on the table)")
        }
        RecordError::EventTime { index } => format!(
            "events[{index}]: its time `t` must be a finite number of seconds, not before the first strike"
        ),
        RecordError::StrikeNotANumber => {
            "the `strike` event's numbers must be finite numbers".into()
        }
    }
}

fn lag_error(e: &LagError) -> String {
    match e {
        LagError::NoLag => "this game has no lag".into(),
        LagError::Balls => "the two players lag with the two whites".into(),
        LagError::Strikes => "a lag strikes each player's ball once, and nothing else".into(),
        LagError::NotInPlay(ball) => format!("{ball} is not on the table in a lag"),
        LagError::NoTrajectory(ball) => format!("{ball} has no sampled trajectory"),
        LagError::NoFinalPosition(ball) => format!("{ball} has no final position"),
        LagError::NotAtRest => "the lag record ends before every ball stopped (rule 11)".into(),
    }
}

fn stroke_error(e: &StrokeError) -> String {
    match *e {
        StrokeError::NotFinite(name) => format!("stroke `{name}` must be a finite number"),
        StrokeError::Speed(speed) => {
            format!("stroke `speed` is {speed} m/s; allowed: above 0 up to {MAX_SPEED} m/s")
        }
        StrokeError::MissesTheBall { side, height } => format!(
            "stroke tip offset (side {side}, height {height}) misses the ball: side² + height² must be below 1"
        ),
        StrokeError::Elevation(deg) => {
            format!("stroke `elevation_deg` is {deg}; allowed: 0 ..= {MAX_ELEVATION_DEG}")
        }
        StrokeError::FollowThrough(mm) => {
            format!("stroke `follow_through_mm` is {mm}; allowed: 0 ..= {MAX_FOLLOW_THROUGH_MM}")
        }
    }
}

fn place_error(e: &PlaceError) -> String {
    match e {
        PlaceError::NotFinite(ball) => format!("{ball}: position must be finite numbers"),
        PlaceError::OffBed {
            ball,
            at,
            preset,
            limits,
        } => format!(
            "{ball} at ({:.4}, {:.4}) is not on the bed: on the {preset} table a ball's centre must lie within ±{:.4} m in x and ±{:.4} m in y",
            at.x, at.y, limits.x, limits.y
        ),
        PlaceError::ListedTwice(ball) => format!("{ball} is listed twice"),
        PlaceError::Overlap {
            ball,
            other,
            distance,
            needed,
        } => format!(
            "{ball} and {other} overlap: their centres are {distance:.4} m apart, at least {needed:.4} m (a ball's diameter) is needed"
        ),
    }
}

fn setup_error(e: &SetupError) -> String {
    match e {
        SetupError::NoPlayers => "a match needs at least one player".into(),
        SetupError::Nameless(i) => format!("player {i} has no name"),
        SetupError::SameName(name) => format!("two players are called \"{name}\""),
        SetupError::NoSuchBreaker { breaker, players } => format!(
            "the breaker is player {breaker}, but there are {players} player(s), numbered from 0"
        ),
        SetupError::NotACueBall(ball) => {
            format!("the breaker's ball is {ball}: a cue ball is white or dotted (rule 2)")
        }
        SetupError::NoTarget => "the target must be at least 1 point".into(),
        SetupError::TargetsPerPlayer { targets, players } => format!(
            "{targets} targets for {players} players: a handicap match gives each player one"
        ),
        SetupError::NoInnings => "the innings limit must be at least 1".into(),
        SetupError::SetsForTwo(n) => format!("a match in sets is for 2 players, not {n}"),
        SetupError::SetsPlayedOut => "sets are played out to their points: no innings limit, \
             no equalising inning, no handicap"
            .into(),
        SetupError::NoSetBreakPending => "a set's breaker is named where no set waits for one \
             (only after a set whose successor a lag decides)"
            .into(),
        SetupError::OffTheBed { ball, at_mm, table } => format!(
            "the set-up puts {ball} at ({:.0}, {:.0}) mm, off the {table} table's bed",
            at_mm.0, at_mm.1
        ),
        SetupError::OnTopOfEachOther(a, b) => {
            format!("the set-up puts {a} and {b} on top of each other")
        }
        SetupError::OtherBalls {
            game,
            in_play,
            placed,
        } => format!(
            "{game} is played with {}; the lay-out has {}",
            names(in_play),
            names(placed)
        ),
    }
}

fn settings_problem(e: &SettingsProblem) -> String {
    match e {
        SettingsProblem::NoGame(key) => format!("no game `{key}` in games.ron"),
        SettingsProblem::NoFormat(key) => format!("no match format `{key}` in formats.ron"),
        SettingsProblem::SetsPlayedOut => "a match in sets is for two players, played out: \
             no innings limit, no handicap"
            .into(),
        SettingsProblem::NoTable(key) => format!("no table `{key}` in tables.ron"),
        SettingsProblem::NoCondition(key) => {
            format!("no table condition `{key}` in physics.ron's conditions")
        }
        SettingsProblem::NoTarget => "the target must be at least 1 point".into(),
        SettingsProblem::NoInnings => "an innings limit must be at least 1".into(),
        SettingsProblem::TooManyPlayers(n) => {
            format!("{n} player names; at most {MAX_PLAYERS} are allowed")
        }
        SettingsProblem::NameTooLong(start) => {
            format!("the player name \"{start}...\" is longer than {MAX_NAME_CHARS} characters")
        }
        SettingsProblem::NoLevel(key) => format!("no computer level `{key}` in computer.ron"),
        SettingsProblem::MatchNeedsTwo => "a match needs two or three player names".into(),
        SettingsProblem::SameName(name) => format!("two players are called \"{name}\""),
    }
}

/// A packed text (a stroke's record, a share code: `what`) that does not unpack.
fn packed(what: &str, e: &PackedRecordError) -> String {
    match e {
        PackedRecordError::NotBase64 => format!("a {what} that is not base64"),
        PackedRecordError::DoesNotInflate => format!("a {what} that does not inflate"),
        PackedRecordError::TooLarge { max } => {
            format!("a {what} that unpacks to over {max} bytes")
        }
        PackedRecordError::NotARecord(why) => format!("a {what} that is not one: {why}"),
    }
}
