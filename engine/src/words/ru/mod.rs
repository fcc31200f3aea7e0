//! Russian (русский). The terms are those of the Russian text of the general rules
//! (`docs/rules.ru.md`): биток, прицельный шар, раскат, начальный удар, отыгрыш, серия,
//! подход, передняя / задняя / средняя отметка, передняя линия, ограниченная зона. Here:
//! the struct, the declension and number helpers its features share, and a file a
//! feature (`lag.rs` implements `LagWords`, ...).

mod club_night;
mod lag;
mod menu;
mod online;
mod practice;
mod records;
mod referee;
mod rules;
mod scoreboard;
mod shot;
mod table;
mod troubles;
mod viewer;

use super::{
    AfterLag, Before, BreakSetup, CameraChoice, CommandLineProblem, GraphicsChoice, Guide,
    GuideKeys, LagSetupFacts, Lagger, LibraryNote, Line, MatchTerms, MenuLabel, MenuNote,
    PlayerEntry, ReplayState, ResumeOffer, Setting, SettingValue, SheetColumns, StrokePanel, Tone,
    Trouble,
};
use super::{
    LagWords, MatchWords, MenuWords, OnlineWords, PracticeWords, RecordsWords, RefereeWords,
    RulesWords, ShotWords, TableWords, TroubleWords, ViewerState, ViewerWords,
};
use crate::computer::Decision;
use crate::computer::bench::LevelTiming;
use crate::computer::calibrate::Average;
use crate::computer::explain::Explanation;
use crate::config::Action;
use crate::config::Level;
use crate::config::{Keyed, Translated};
use crate::diagram::{Contact, Touched};
use crate::diamond_systems::SystemReport;
use crate::diamond_systems::patterns::Pattern;
use crate::diamond_systems::plus::PlusReport;
use crate::math::DVec2;
use crate::physics::bench::{BenchResult, RandomStrokes};
use crate::physics::{PlaceError, StrikeError};
use crate::play::drills::DrillProgress;
use crate::play::positions::{Met, Miss, SystemNumbers, Target, Touch};
use crate::play::profiles::{GameSummary, MatchRecord, MatchResult};
use crate::play::{
    BallStyle, FileError, LagOpponent, LagSummary, LiveCount, Mode, Notice, Seat, SetUpRefusal,
};
use crate::play::{MAX_NAME_CHARS, MAX_PLAYERS, ResumeError, SettingsProblem, StartError};
use crate::rules::{
    BalkSpace, BalkTally, CountMiss, Foul, LagBall, LagFault, LagOutcome, LagVerdict, Obligation,
    Outcome, Placement, Remark, Repeat, Rule, ScoreSheet, Side, Verdict, Warning,
};
use crate::rules::{JudgeError, LagError, RecordError, SetupError};
use crate::shot::StrokeError;
use crate::shot::{BallId, Cushion, EventKind, OffTableReason, ShotRecord, Spot, Stroke, Surface};
use crate::table::TableGeometry;
use crate::words::Handicap;
use std::time::Duration;

/// A file that cannot be read or written, and why (the system's reason, in its own
/// words where it has them).
fn file_error(e: &FileError) -> String {
    let (path, what, kind) = match e {
        FileError::Read { path, kind } => (path, "не читается", kind),
        FileError::Write { path, kind } => (path, "не записывается", kind),
        FileError::MoveAside { path, kind } => (path, "не переносится в сторону", kind),
        FileError::Delete { path, kind } => (path, "не удаляется", kind),
        FileError::TooLarge { path, bytes } => {
            return format!(
                "{}: {bytes} байт, файл не прочитан: файл игры может быть не больше {} байт",
                path.display(),
                crate::config::MAX_FILE_BYTES
            );
        }
        // The parser's own message, with the file, line and column.
        FileError::Content(e) => return format!("содержимое файла не подходит: {e}"),
    };
    let why = match kind {
        std::io::ErrorKind::NotFound => "нет такого файла или папки",
        std::io::ErrorKind::PermissionDenied => "нет доступа",
        std::io::ErrorKind::AlreadyExists => "уже существует",
        std::io::ErrorKind::StorageFull => "нет места на диске",
        std::io::ErrorKind::ReadOnlyFilesystem => "файловая система только для чтения",
        std::io::ErrorKind::InvalidData => "данные не в UTF-8",
        _ => "ошибка ввода-вывода",
    };
    format!("{}: {what}: {why}", path.display())
}

/// A stroke the simulation refuses.
fn stroke_error(e: &StrokeError) -> String {
    match *e {
        StrokeError::NotFinite(name) => format!("поле удара `{name}` должно быть конечным числом"),
        StrokeError::Speed(speed) => format!(
            "скорость удара {} м/с; можно больше 0 и до {} м/с",
            num(speed),
            num(crate::shot::MAX_SPEED)
        ),
        StrokeError::MissesTheBall { side, height } => format!(
            "точка удара (в сторону {}, по высоте {}) мимо шара: сумма их квадратов должна быть меньше 1",
            num(side),
            num(height)
        ),
        StrokeError::Elevation(deg) => format!(
            "наклон кия {}°; можно от 0 до {}°",
            num(deg),
            num(crate::shot::MAX_ELEVATION_DEG)
        ),
        StrokeError::FollowThrough(mm) => format!(
            "проводка {} мм; можно от 0 до {} мм",
            num(mm),
            num(crate::shot::MAX_FOLLOW_THROUGH_MM)
        ),
    }
}

/// The Russian words of the game.
pub struct Russian;

/// The form of a noun after the number `n`: `1 очко`, `2 очка`, `5 очков`, `11 очков`,
/// `21 очко`.
fn plural<'a>(n: u64, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    if n % 100 / 10 == 1 {
        return many;
    }
    match n % 10 {
        1 => one,
        2..=4 => few,
        _ => many,
    }
}

/// `n` and its noun: `3 удара`.
fn count(n: u64, one: &str, few: &str, many: &str) -> String {
    format!("{n} {}", plural(n, one, few, many))
}

/// `v` to `places` decimals with the decimal comma: `56,1`.
fn dec(v: f64, places: usize) -> String {
    format!("{v:.places$}").replace('.', ",")
}

/// `v` to `places` decimals with its sign and the decimal comma: `+0,30`.
fn signed(v: f64, places: usize) -> String {
    format!("{v:+.places$}").replace('.', ",")
}

/// `v` as short as it is exact, with the decimal comma: `2,5`, `5`.
fn num(v: f64) -> String {
    format!("{v}").replace('.', ",")
}

/// The grammatical cases the sentences put a ball or a cushion in, besides the
/// nominative (which is also the accusative of these inanimate masculine nouns).
#[derive(Clone, Copy)]
enum Case {
    /// Родительный: `коснулся белого шара`.
    Gen,
    /// Дательный: `по красному шару`.
    Dat,
    /// Творительный: `начинает белым шаром`.
    Ins,
}

/// The masculine adjectives of a ball's or a cushion's name in `case`: `белый` ->
/// `белого`, `второй красный` -> `второго красного`, `передний` -> `переднего`. Other
/// words stay as they are.
fn decline(words: &str, case: Case) -> String {
    words
        .split(' ')
        .map(|word| {
            let (stem, soft) = if let Some(stem) = word.strip_suffix("ний") {
                (format!("{stem}н"), true)
            } else if let Some(stem) = word.strip_suffix("ый") {
                (stem.to_owned(), false)
            } else if word == "второй" {
                ("втор".to_owned(), false)
            } else {
                return word.to_owned();
            };
            let ending = match (case, soft) {
                (Case::Gen, false) => "ого",
                (Case::Gen, true) => "его",
                (Case::Dat, false) => "ому",
                (Case::Dat, true) => "ему",
                (Case::Ins, false) => "ым",
                (Case::Ins, true) => "им",
            };
            format!("{stem}{ending}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A ball named by its adjective (`белый`), with its noun, in `case`: `белым шаром`.
fn ball_in(name: &str, case: Case) -> String {
    let noun = match case {
        Case::Gen => "шара",
        Case::Dat => "шару",
        Case::Ins => "шаром",
    };
    format!("{} {noun}", decline(name, case))
}

/// A ball's name without the set's style, as the referee's and the command line's
/// sentences have it: `белый`, `помеченный` (rule 6), `красный`, `второй красный`.
fn ball_word(ball: BallId) -> &'static str {
    match ball {
        BallId::White => "белый",
        BallId::Dotted => "помеченный",
        BallId::Red => "красный",
        BallId::Red2 => "второй красный",
    }
}

/// Balls listed: `белый, красный`.
fn names(balls: &[BallId]) -> String {
    balls
        .iter()
        .map(|b| ball_word(*b))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A spot's short name, as the one-line verdict has it (отметка is feminine):
/// `передняя`.
fn spot_short(spot: Spot) -> &'static str {
    match spot {
        Spot::Head => "передняя",
        Spot::Foot => "задняя",
        Spot::Centre => "средняя",
    }
}

/// A spot as where a ball goes (`на переднюю отметку`).
fn spot_to(spot: Spot) -> &'static str {
    match spot {
        Spot::Head => "переднюю отметку",
        Spot::Foot => "заднюю отметку",
        Spot::Centre => "среднюю отметку",
    }
}

/// The points a game is played to: `до 1 очка`, `до 15 очков`, `до 21 очка`.
fn up_to_points(n: u32) -> String {
    let n = u64::from(n);
    format!("до {n} {}", plural(n, "очка", "очков", "очков"))
}

impl Russian {
    /// A stroke on one line, its speed after `speed_words` ("скорость вылета "); the
    /// parts are split by semicolons, the numbers having decimal commas.
    fn stroke_line(&self, stroke: &Stroke, style: BallStyle, speed_words: &str) -> String {
        format!(
            "{}: направление {}°; {speed_words}{} м/с; точка удара: {}; наклон кия {}°",
            self.ball(stroke.ball, style),
            dec(stroke.direction_deg, 1),
            dec(stroke.speed, 2),
            self.tip(stroke.side, stroke.height),
            dec(stroke.elevation_deg, 1)
        )
    }

    /// The faults of a lag ball: `перешёл на половину соперника, коснулся красного шара`.
    fn lag_faults(&self, ball: &LagBall) -> String {
        ball.faults
            .iter()
            .map(|f| self.lag_fault(*f))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A balk space as its name (`передняя правая ограниченная зона`) and as where the
    /// balls are (`в передней правой ограниченной зоне`, the prepositional after `в`).
    fn balk_space_forms(&self, space: &BalkSpace) -> (String, String) {
        match *space {
            BalkSpace::Balk { along, across } => {
                let along_at = (along + 1) as usize;
                let across_at = (across + 1) as usize;
                let along_name = ["передняя", "средняя", "задняя"][along_at];
                let along_in = ["передней", "средней", "задней"][along_at];
                let across_name = ["правая", "средняя", "левая"][across_at];
                let across_in = ["правой", "средней", "левой"][across_at];
                let (name, name_in) = match (along, across) {
                    (_, 0) => (along_name.to_owned(), along_in.to_owned()),
                    (0, _) => (across_name.to_owned(), across_in.to_owned()),
                    _ => (
                        format!("{along_name} {across_name}"),
                        format!("{along_in} {across_in}"),
                    ),
                };
                (
                    format!("{name} ограниченная зона"),
                    format!("{name_in} ограниченной зоне"),
                )
            }
            BalkSpace::Anchor { cushion, line } => {
                let line_name = match (cushion, line) {
                    (_, 0) => "средняя",
                    (Cushion::Left | Cushion::Right, -1) => "передняя",
                    (Cushion::Left | Cushion::Right, _) => "задняя",
                    (_, -1) => "правая",
                    _ => "левая",
                };
                let place = format!(
                    "там, где {line_name} ограничительная линия встречает {} борт",
                    self.cushion(cushion)
                );
                (
                    format!("анкерная зона {place}"),
                    format!("анкерной зоне {place}"),
                )
            }
        }
    }
}

/// A place in diamonds: whole ones plainly, others to a tenth (`2,5`).
fn diamonds(d: f64) -> String {
    if (d - d.round()).abs() < 0.05 {
        dec(d.round(), 0)
    } else {
        dec(d, 1)
    }
}

fn touch(touch: Touch) -> &'static str {
    match touch {
        Touch::Ball => "шар",
        Touch::Red => "красный",
        Touch::Long => "длинный борт",
        Touch::Short => "короткий борт",
        Touch::Cushion => "борт",
    }
}

/// "ни одного борта", "1 борт", "3 борта", "5 бортов".
fn cushions(n: usize) -> String {
    match n {
        0 => "ни одного борта".to_owned(),
        n => count(n as u64, "борт", "борта", "бортов"),
    }
}

/// The cushions before a ball was hit: "без бортов", "после 1 борта", "после 3 бортов".
fn cushions_before(n: usize) -> String {
    match n {
        0 => "без бортов".to_owned(),
        n => {
            let n = n as u64;
            format!("после {n} {}", plural(n, "борта", "бортов", "бортов"))
        }
    }
}

/// A half of the table (rule 5), as `половина` wants it: "левая" or "правая".
fn side_name(side: Side) -> &'static str {
    match side {
        Side::Left => "левая",
        Side::Right => "правая",
    }
}

/// A half of the table in the prepositional: "в левой половине".
fn side_in(side: Side) -> &'static str {
    match side {
        Side::Left => "левой",
        Side::Right => "правой",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cushions_take_the_form_their_number_asks() {
        assert_eq!(cushions(3), "3 борта");
        assert_eq!(cushions_before(1), "после 1 борта");
        assert_eq!(cushions_before(2), "после 2 бортов");
    }

    #[test]
    fn numbers_have_the_decimal_comma() {
        assert_eq!(Russian.millimetres(56.14), "56,1 мм");
        assert_eq!(Russian.tip(0.25, 0.3), "0,30 вверх, 0,25 вправо");
        assert_eq!(Russian.tip(0.001, -0.002), "центр");
        assert_eq!(Russian.struck_at(1.25), "Удар со скоростью 1,25 м/с");
    }

    #[test]
    fn balls_and_cushions_decline() {
        assert_eq!(ball_in("белый", Case::Ins), "белым шаром");
        assert_eq!(
            ball_in("второй красный", Case::Gen),
            "второго красного шара"
        );
        assert_eq!(ball_in("жёлтый", Case::Dat), "жёлтому шару");
        assert_eq!(decline("передний", Case::Gen), "переднего");
        assert_eq!(decline("задний", Case::Ins), "задним");
    }
}
