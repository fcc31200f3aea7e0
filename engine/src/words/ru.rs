//! Russian (русский). The terms are those of the Russian text of the general rules
//! (`docs/rules.ru.md`): биток, прицельный шар, раскат, начальный удар, отыгрыш, серия,
//! подход, передняя / задняя / средняя отметка, передняя линия, ограниченная зона.

use super::{
    AfterLag, Before, BreakSetup, CameraChoice, GraphicsChoice, Guide, GuideKeys, LagSetupFacts,
    Lagger, LibraryNote, Line, MatchTerms, MenuLabel, MenuNote, PlayerEntry, ReplayState,
    ResumeOffer, Setting, SettingValue, SheetColumns, StrokePanel, Tone, Trouble, Words,
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
use crate::math::DVec2;
use crate::physics::bench::{BenchResult, RandomStrokes};
use crate::physics::{PlaceError, StrikeError};
use crate::play::drills::DrillProgress;
use crate::play::positions::{Met, Miss, Target, Touch};
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

impl Words for Russian {
    fn trouble(&self, trouble: Trouble) -> String {
        match trouble {
            Trouble::File(e) => file_error(e),
            Trouble::Start(StartError::Unknown(e)) => self.trouble(Trouble::Unknown(e)),
            Trouble::Start(StartError::Setup(e)) => self.trouble(Trouble::Setup(e)),
            Trouble::Start(StartError::Stroke { number, error }) => {
                format!("удар {number}: {}", self.trouble(Trouble::Judge(error)))
            }
            Trouble::Start(StartError::SavedPhase(at)) => {
                format!("`at`: сохранённая фаза {at:?} не сходится с ударами и игроками матча")
            }
            Trouble::Resume(ResumeError::File(e)) => file_error(e),
            Trouble::Resume(ResumeError::Replay { path, error }) => {
                format!("{}: {}", path.display(), self.trouble(Trouble::Start(error)))
            }
            Trouble::Judge(e) => match e {
                JudgeError::GameOver => "партия уже окончена".into(),
                JudgeError::NoStrike => {
                    "нет события `strike`: удар начинается с удара наклейки по битку".into()
                }
                JudgeError::NotInPlay(ball) => {
                    format!("{} шар не участвует в этой игре", ball_word(*ball))
                }
                JudgeError::NotAtRest => "запись кончается раньше, чем остановились все шары: удар не завершён (правило 11)"
                    .into(),
                JudgeError::Impossible(RecordError::MeetsItself(ball)) => format!(
                    "в событии `ball_ball` {} шар касается сам себя: касание — это два шара",
                    ball_word(*ball)
                ),
                JudgeError::Impossible(RecordError::RestNotANumber(ball)) => format!(
                    "`final`: место, где остановился {} шар, — не число (метры на столе)",
                    ball_word(*ball)
                ),
                JudgeError::Impossible(RecordError::EventTime { index }) => format!(
                    "events[{index}]: время `t` должно быть конечным числом секунд не раньше первого удара наклейки"
                ),
                JudgeError::Impossible(RecordError::StrikeNotANumber) => {
                    "числа события `strike` должны быть конечными".into()
                }
                JudgeError::Impossible(RecordError::NoStrike) => self.trouble(Trouble::Judge(&JudgeError::NoStrike)),
                JudgeError::Impossible(RecordError::NotAtRest) => self.trouble(Trouble::Judge(&JudgeError::NotAtRest)),
            },
            Trouble::Lag(e) => match e {
                LagError::NoLag => "в этой игре нет раската".into(),
                LagError::Balls => "раскат играют двумя белыми шарами".into(),
                LagError::Strikes => {
                    "в раскате каждый игрок бьёт по своему шару один раз, и больше ни по чему"
                        .into()
                }
                LagError::NotInPlay(ball) => {
                    format!("{} шар не стоит на столе в раскате", ball_word(*ball))
                }
                LagError::NoTrajectory(ball) => {
                    format!("у шара «{}» нет записанной траектории", ball_word(*ball))
                }
                LagError::NoFinalPosition(ball) => {
                    format!("у шара «{}» нет конечного положения", ball_word(*ball))
                }
                LagError::NotAtRest => {
                    "запись раската кончается раньше, чем остановились все шары (правило 11)"
                        .into()
                }
            },
            Trouble::Strike(e) => match e {
                StrikeError::Stroke(e) => stroke_error(e),
                StrikeError::NotOnCloth(ball) => {
                    format!("{} шар не на сукне, по нему нельзя ударить", ball_word(*ball))
                }
                StrikeError::StruckTwice(ball) => {
                    format!("по шару «{}» ударили дважды", ball_word(*ball))
                }
                StrikeError::LaunchNotFinite => {
                    "запуск: скорость и вращение должны быть конечными числами".into()
                }
                StrikeError::LaunchTooFast(speed) => format!(
                    "запуск: скорость {} м/с больше допустимых {} м/с",
                    dec(*speed, 3),
                    num(crate::shot::MAX_SPEED)
                ),
                StrikeError::NotOnTable(ball) => {
                    format!("запуск: {} шар не на столе", ball_word(*ball))
                }
            },
            Trouble::Place(e) => match e {
                PlaceError::NotFinite(ball) => format!(
                    "положение шара «{}» должно быть конечными числами",
                    ball_word(*ball)
                ),
                PlaceError::OffBed {
                    ball,
                    at,
                    preset,
                    limits,
                } => format!(
                    "{} шар в точке ({}; {}) не на поле: на столе «{preset}» центр шара должен                      лежать в пределах ±{} м по x и ±{} м по y",
                    ball_word(*ball),
                    dec(at.x, 4),
                    dec(at.y, 4),
                    dec(limits.x, 4),
                    dec(limits.y, 4)
                ),
                PlaceError::ListedTwice(ball) => {
                    format!("шар «{}» указан дважды", ball_word(*ball))
                }
                PlaceError::Overlap {
                    ball,
                    other,
                    distance,
                    needed,
                } => format!(
                    "шары «{}» и «{}» наложены: между центрами {} м, нужно не меньше {} м                      (диаметр шара)",
                    ball_word(*ball),
                    ball_word(*other),
                    dec(*distance, 4),
                    dec(*needed, 4)
                ),
            },
            Trouble::Setup(e) => match e {
                SetupError::NoPlayers => "в матче должен быть хотя бы один игрок".into(),
                SetupError::Nameless(i) => format!("у игрока {} нет имени", i + 1),
                SetupError::SameName(name) => format!("двух игроков зовут «{name}»"),
                SetupError::NoSuchBreaker { breaker, players } => format!(
                    "начинает игрок {}, а игроков {}",
                    breaker + 1,
                    players
                ),
                SetupError::NotACueBall(ball) => format!(
                    "шар начинающего — {}: биток бывает белым или помеченным (правило 2)",
                    ball_word(*ball)
                ),
                SetupError::NoTarget => "партия играется хотя бы до 1 очка".into(),
                SetupError::TargetsPerPlayer { targets, players } => format!(
                    "дистанций {targets}, а игроков {players}: в партии с форой у каждого игрока своя"
                ),
                SetupError::NoInnings => "лимит подходов — хотя бы 1".into(),
                SetupError::OffTheBed { ball, at_mm, table } => format!(
                    "расстановка ставит {} шар в точку ({}; {}) мм, за пределы поля стола «{table}»",
                    ball_word(*ball),
                    dec(at_mm.0, 0),
                    dec(at_mm.1, 0)
                ),
                SetupError::OnTopOfEachOther(a, b) => format!(
                    "расстановка ставит шары «{}» и «{}» друг на друга",
                    ball_word(*a),
                    ball_word(*b)
                ),
                SetupError::OtherBalls {
                    game,
                    in_play,
                    placed,
                } => format!(
                    "в игре «{game}» играют шарами: {}; в расстановке: {}",
                    names(in_play),
                    names(placed)
                ),
            },
            Trouble::Unknown(e) => {
                let (key, known) = (&e.key, e.known.join(", "));
                match e.what {
                    Keyed::Game => format!("в games.ron нет игры «{key}»; есть: {known}"),
                    Keyed::TablePreset => format!("нет стола «{key}»; есть: {known}"),
                    Keyed::ComputerLevel => {
                        format!("в computer.ron нет уровня «{key}»; есть: {known}")
                    }
                }
            }
            Trouble::Settings(e) => match e {
                SettingsProblem::NoGame(key) => format!("в games.ron нет игры «{key}»"),
                SettingsProblem::NoTable(key) => format!("в tables.ron нет стола «{key}»"),
                SettingsProblem::NoTarget => "партия играется хотя бы до 1 очка".into(),
                SettingsProblem::NoInnings => "лимит подходов — хотя бы 1".into(),
                SettingsProblem::TooManyPlayers(n) => format!(
                    "{}; можно не больше {MAX_PLAYERS}",
                    count(*n as u64, "имя игрока", "имени игроков", "имён игроков")
                ),
                SettingsProblem::NameTooLong(start) => format!(
                    "имя «{start}…» длиннее {}",
                    count(MAX_NAME_CHARS as u64, "знака", "знаков", "знаков")
                ),
                SettingsProblem::NoLevel(key) => format!("в computer.ron нет уровня «{key}»"),
                SettingsProblem::MatchNeedsTwo => "для матча нужны имена двух или трёх игроков".into(),
                SettingsProblem::SameName(name) => format!("двух игроков зовут «{name}»"),
            },
            Trouble::MissingPosition(e) => {
                format!("{}: нет позиции «{}»", e.drill, e.position)
            }
        }
    }

    fn points(&self, n: u32) -> String {
        count(u64::from(n), "очко", "очка", "очков")
    }

    fn ball(&self, ball: BallId, style: BallStyle) -> String {
        match (ball, style) {
            (BallId::Dotted, BallStyle::Yellow) => "жёлтый".to_owned(),
            (BallId::Red2, _) => "второй красный".to_owned(),
            _ => ball_word(ball).to_owned(),
        }
    }

    fn spot(&self, spot: Spot) -> String {
        format!("{} отметка", spot_short(spot))
    }

    fn cushion(&self, cushion: Cushion) -> String {
        match cushion {
            Cushion::Head => "передний",
            Cushion::Foot => "задний",
            Cushion::Left => "левый",
            Cushion::Right => "правый",
        }
        .to_owned()
    }

    fn stroke_settings(&self, stroke: &Stroke, style: BallStyle) -> String {
        self.stroke_line(stroke, style, "скорость ")
    }

    fn struck(&self, stroke: &Stroke, style: BallStyle) -> String {
        self.stroke_line(stroke, style, "скорость вылета ")
    }

    fn target(&self, target: &Target, table: &TableGeometry) -> String {
        let area = match target {
            Target::Score => return "Задание: карамболь".to_owned(),
            Target::Arrive(arrival) => {
                let correction = arrival.system.map_or(String::new(), |system| {
                    format!(
                        "; по системе {}, но на этом столе её удар приходит в {}",
                        dec(system, 1),
                        dec(arrival.diamond, 2)
                    )
                });
                return format!(
                    "Задание: вокруг стола в {} на третьем борту (числа системы «угол пять»{correction}), с точностью {}",
                    dec(arrival.diamond, 2),
                    dec(arrival.within, 2)
                );
            }
            Target::ScoreAndLeave(area) => area,
        };
        // Along the table from the head end (0 to 8), across from the right (0 to 4).
        let along = |x: f64| table.diamond_at(Cushion::Left, DVec2::new(x, 0.0));
        let across = |y: f64| table.diamond_at(Cushion::Head, DVec2::new(0.0, y));
        let span = |a: f64, b: f64, all: f64| {
            let (a, b) = (a.clamp(0.0, all), b.clamp(0.0, all));
            (a > 0.05 || b < all - 0.05).then(|| format!("{}–{}", diamonds(a), diamonds(b)))
        };
        let parts: Vec<String> = [
            span(
                along(area.min.0),
                along(area.max.0),
                f64::from(table.long_intervals),
            )
            .map(|s| format!("ромбов {s} по длине стола")),
            span(
                across(area.min.1),
                across(area.max.1),
                f64::from(table.short_intervals),
            )
            .map(|s| format!("ромбов {s} по ширине")),
        ]
        .into_iter()
        .flatten()
        .collect();
        format!(
            "Задание: карамболь, и каждый шар останавливается в пределах {}",
            parts.join(" и ")
        )
    }

    fn target_result(&self, result: &Result<Met, Miss>, style: BallStyle) -> Line {
        match result {
            Ok(Met::Done) => Line::new("Задание выполнено", Tone::Good),
            Ok(Met::Arrived { at, target }) => Line::new(
                format!(
                    "Задание выполнено: приход в {}, {} от {}",
                    dec(*at, 2),
                    dec((at - target).abs(), 2),
                    dec(*target, 1)
                ),
                Tone::Good,
            ),
            Err(Miss::Arrived {
                at: Some(at),
                target,
            }) => Line::new(
                format!(
                    "Задание не выполнено: приход в {}, {} от {}",
                    dec(*at, 2),
                    signed(at - target, 2),
                    dec(*target, 1)
                ),
                Tone::Bad,
            ),
            Err(Miss::Arrived { at: None, .. }) => Line::new(
                "Задание не выполнено: биток не обошёл стол (длинный, короткий, длинный)",
                Tone::Bad,
            ),
            Err(Miss::NoScore) => Line::new("Задание не выполнено: карамболя нет", Tone::Bad),
            Err(Miss::Route(route)) => {
                let touched: Vec<&str> = route.iter().map(|t| touch(*t)).collect();
                Line::new(
                    format!("Задание не выполнено: путь битка — {}", touched.join(", ")),
                    Tone::Bad,
                )
            }
            Err(Miss::LeftOutside(ball)) => Line::new(
                format!(
                    "Задание не выполнено: {} шар остановился вне зоны",
                    self.ball(*ball, style)
                ),
                Tone::Bad,
            ),
        }
    }

    fn tip(&self, side: f64, height: f64) -> String {
        // What rounds to nothing is the centre (no "-0,00").
        let part = |v: f64, plus: &str, minus: &str| {
            let hundredths = (v * 100.0).round();
            (hundredths != 0.0).then(|| {
                let word = if hundredths > 0.0 { plus } else { minus };
                format!("{} {word}", dec(hundredths.abs() / 100.0, 2))
            })
        };
        let parts: Vec<String> = [part(height, "вверх", "вниз"), part(side, "вправо", "влево")]
            .into_iter()
            .flatten()
            .collect();
        if parts.is_empty() {
            "центр".to_owned()
        } else {
            parts.join(", ")
        }
    }

    fn contacts(&self, contacts: &[Contact], style: BallStyle) -> String {
        if contacts.is_empty() {
            return "касаний нет".to_owned();
        }
        // Semicolons between the contacts: the diamonds have decimal commas.
        contacts
            .iter()
            .enumerate()
            .map(|(i, c)| match c.touched {
                Touched::Ball(ball) => format!("{} {}", i + 1, self.ball(ball, style)),
                Touched::Cushion { cushion, diamond } => {
                    format!("{} {} ({})", i + 1, self.cushion(cushion), dec(diamond, 2))
                }
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn diagram_caption(
        &self,
        judged: Option<(&str, &Verdict)>,
        stroke: Option<&Stroke>,
        contacts: &[Contact],
        style: BallStyle,
    ) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some((game, verdict)) = judged {
            lines.push(format!("{game}: {}", self.verdict_notes(verdict)));
        }
        if let Some(stroke) = stroke {
            lines.push(self.struck(stroke, style));
            lines.push(format!(
                "Касания битка, борта в ромбах: {}",
                self.contacts(contacts, style)
            ));
        }
        lines
    }

    fn event(&self, event: &EventKind) -> String {
        match event {
            EventKind::Strike {
                ball,
                speed,
                direction_deg,
                side,
                height,
                elevation_deg,
                ..
            } => format!(
                "удар: {} уходит со скоростью {} м/с в направлении {}°, наклейка {} R вбок, {} R \
                 по высоте, кий под углом {}°",
                ball_word(*ball),
                dec(*speed, 3),
                dec(*direction_deg, 1),
                signed(*side, 2),
                signed(*height, 2),
                dec(*elevation_deg, 0)
            ),
            EventKind::Tip { ball, speed } => format!(
                "наклейка снова касается {} со скоростью {} м/с",
                ball_in(ball_word(*ball), Case::Gen),
                dec(*speed, 3)
            ),
            EventKind::TipOff { ball } => format!(
                "наклейка, продолжая толкать, отходит от {}",
                ball_in(ball_word(*ball), Case::Gen)
            ),
            EventKind::Miscue { ball } => {
                format!("кикс по {}", ball_in(ball_word(*ball), Case::Dat))
            }
            EventKind::BallBall { a, b, speed } => format!(
                "{} сталкивается с {} со скоростью {} м/с",
                ball_word(*a),
                ball_in(ball_word(*b), Case::Ins),
                dec(*speed, 3)
            ),
            EventKind::Cushion {
                ball,
                cushion,
                speed,
                ..
            } => format!(
                "{} касается {} борта со скоростью {} м/с",
                ball_word(*ball),
                decline(&self.cushion(*cushion), Case::Gen),
                dec(*speed, 3)
            ),
            EventKind::Airborne { ball, vz } => format!(
                "{} отрывается от сукна, поднимаясь со скоростью {} м/с",
                ball_word(*ball),
                dec(*vz, 3)
            ),
            EventKind::Landed {
                ball,
                surface,
                height,
                distance,
            } => {
                let onto = match surface {
                    Surface::Bed => "сукно",
                    Surface::Cushion => "резину борта",
                    Surface::Rail => "планку борта",
                };
                format!(
                    "{} падает на {onto}, поднявшись на {} мм и пролетев {} м",
                    ball_word(*ball),
                    dec(height * 1000.0, 1),
                    dec(*distance, 3)
                )
            }
            EventKind::JumpedOver { ball, over } => format!(
                "{} перепрыгивает через {} шар",
                ball_word(*ball),
                ball_word(*over)
            ),
            EventKind::OffTable { ball, reason } => {
                let why = match reason {
                    OffTableReason::Floor => "упал на пол",
                    OffTableReason::RestedOffBed => "остановился вне игровой поверхности",
                };
                format!("{} вне стола ({why})", ball_word(*ball))
            }
            EventKind::Rest => "все шары остановились".to_owned(),
        }
    }

    fn shot_text(&self, record: &ShotRecord, judged: Option<(&str, &Verdict)>) -> String {
        let mut text = String::new();
        for e in &record.events {
            text += &format!("{:>9} с  {}\n", dec(e.t, 4), self.event(&e.kind));
        }
        for (ball, p) in &record.final_positions {
            let place = if p.on_table {
                "на столе"
            } else {
                "вне стола"
            };
            text += &format!(
                "{:>14}  x {}  y {}  z {}  {place}\n",
                ball_word(*ball),
                signed(p.x, 4),
                signed(p.y, 4),
                dec(p.z, 4)
            );
        }
        text += &format!("всё остановилось через {} с\n", dec(record.duration, 3));
        if let Some((game, v)) = judged {
            text += &format!(
                "судья ({game}): {}; {}\n",
                self.points(v.points),
                self.verdict_notes(v)
            );
        }
        text
    }

    fn bench_text(&self, results: &[BenchResult], random: &RandomStrokes) -> String {
        let mut text = format!(
            "{:<7} {:>12} {:>10} {:>7} {:>7} {:>12}  удар\n",
            "тест", "время/удар", "модель", "шагов", "событий", "× реального"
        );
        for r in results {
            text += &format!(
                "{:<7} {:>9} мс {:>8} с {:>7} {:>7} {:>11}×  {}\n",
                r.name,
                dec(r.wall.as_secs_f64() * 1e3, 3),
                dec(r.simulated, 2),
                r.steps,
                r.events,
                dec(r.real_time_factor(), 0),
                r.what
            );
        }
        text + &format!(
            "случ.  {:>9} мкс {:>8} событий за удар, среднее по {} ударам из расстановки начального удара на одном столе (0-360°, 2-6 м/с, наклейка в пределах 0,4 R от центра, кий горизонтально)\n",
            dec(random.per_stroke.as_secs_f64() * 1e6, 1),
            dec(random.events, 1),
            random.strokes
        )
    }

    fn calibrated(&self, level: &Level, average: &Average, took: Duration) -> String {
        let rung = match (level.ladder, average.game.as_str()) {
            (Some(rung), "three_cushion") => format!(
                ", ступень {}: {}{} %",
                dec(rung, 2),
                if average.average >= rung { "+" } else { "-" },
                dec(((average.average / rung - 1.0) * 100.0).abs(), 0)
            ),
            _ => String::new(),
        };
        let stopped = if average.stopped {
            " (остановлен на десяти ударах за подход: оценка снизу)"
        } else {
            ""
        };
        format!(
            "{:<9} {:<18} {:>8} за подход, 95 % {} .. {}{rung}; подходов {}, очков {}, лучшая серия {}, ударов {}{stopped}, {} с\n",
            level.key,
            level.name_in("ru"),
            dec(average.average, 3),
            dec(average.interval.0, 3),
            dec(average.interval.1, 3),
            average.innings,
            average.points,
            average.high_run,
            average.strokes,
            dec(took.as_secs_f64(), 0)
        )
    }

    fn system_report(&self, report: &SystemReport) -> String {
        use crate::diamond_systems::corner_five;
        let mut text = format!(
            "Система «угол пять» (пять с половиной) на столе {}: приход на третий борт по \
             системе (исход - прицел) и в симуляции, в ромбах от угла у нижнего борта\n\
             Её удар: {} м/с, {} R накатного бокового, {} R выше центра, кий горизонтален\n\n",
            report.table,
            dec(corner_five::SPEED, 1),
            dec(corner_five::SIDE, 1),
            dec(corner_five::HEIGHT, 1)
        );
        if let Some((speed, played)) = report
            .sweeps
            .iter()
            .find(|(speed, _)| *speed == corner_five::SPEED)
        {
            text += &format!(
                "Приход в симуляции при {} м/с (- : шар не обошёл стол)\n",
                dec(*speed, 1)
            );
            text += &super::sweep_grid(played, "исход", "прицел на первый борт", true);
        }
        text += "\nСимуляция минус система, ромбы\n";
        let summaries = report.summaries();
        for (speed, summary) in &summaries {
            let (all, middle) = (summary.all, summary.middle);
            text += &format!(
                "{} м/с: среднее {}, среднее расстояние {}, худшее {} ({} из {} обошли стол); \
                 исход 3-6, приход 1-4: среднее {}, среднее расстояние {}, худшее {}\n",
                dec(*speed, 1),
                signed(all.mean, 2),
                dec(all.mean_distance, 2),
                signed(all.worst, 2),
                all.round,
                all.strokes,
                signed(middle.mean, 2),
                dec(middle.mean_distance, 2),
                signed(middle.worst, 2)
            );
        }
        text += "\nТо же, с приходом там, где шар касается носа третьего борта\n";
        for (speed, summary) in &summaries {
            let (all, middle) = (summary.nose, summary.nose_middle);
            text += &format!(
                "{} м/с: среднее {}, среднее расстояние {}, худшее {}; \
                 исход 3-6, приход 1-4: среднее {}, среднее расстояние {}, худшее {}\n",
                dec(*speed, 1),
                signed(all.mean, 2),
                dec(all.mean_distance, 2),
                signed(all.worst, 2),
                signed(middle.mean, 2),
                dec(middle.mean_distance, 2),
                signed(middle.worst, 2)
            );
        }
        if let Some(check) = report.aim {
            text += &format!(
                "\nИз {} в {}: система целит в {}; ",
                dec(check.origin, 1),
                dec(check.target, 1),
                dec(check.system, 2)
            );
            text += &match check.simulated {
                Some(aim) => format!(
                    "в симуляции шар приходит туда при прицеле {} ({})\n",
                    dec(aim, 2),
                    signed(aim - check.system, 2)
                ),
                None => {
                    "ни один прицел в пределах двух ромбов от него туда не приводит\n".to_owned()
                }
            };
        }
        text
    }

    fn share_scored(
        &self,
        level: &Level,
        game: &str,
        share: f64,
        lay_outs: usize,
        took: Duration,
    ) -> String {
        format!(
            "{:<9} {:<18} забивает из {} % случайных расстановок ({lay_outs}) игры {game} (около {} за подход), {} с\n",
            level.key,
            level.name_in("ru"),
            dec(share * 100.0, 1),
            dec(share / (1.0 - share).max(1e-9), 2),
            dec(took.as_secs_f64(), 0)
        )
    }

    fn decisions_text(&self, game: &str, timings: &[LevelTiming]) -> String {
        let mut text = format!(
            "\nрешения в игре {game}, из случайных расстановок\n{:<9} {:>7} {:>9} {:>11} {:>11} \
             {:>11} {:>14} {:>8}\n",
            "уровень", "потоки", "решений", "медиана", "9 из 10", "максимум", "ударов/с", "шанс"
        );
        for t in timings {
            text += &format!(
                "{:<9} {:>7} {:>9} {:>8} мс {:>8} мс {:>8} мс {:>14} {:>7} %\n",
                t.level,
                t.workers,
                t.decisions,
                dec(t.median.as_secs_f64() * 1e3, 0),
                dec(t.ninetieth.as_secs_f64() * 1e3, 0),
                dec(t.slowest.as_secs_f64() * 1e3, 0),
                dec(t.strokes_per_s, 0),
                dec(t.mean_p_score * 100.0, 0)
            );
        }
        text
    }

    fn advice(
        &self,
        level: &str,
        coach: bool,
        decision: Option<&Decision>,
        take_key: &str,
    ) -> String {
        match (coach, decision) {
            (false, None) => format!("{level} думает…"),
            (false, Some(d)) if d.declare_safety => {
                format!("{level} объявляет отыгрыш (правило 23) и бьёт")
            }
            (false, Some(d)) => format!(
                "{level} бьёт: шанс карамболя {} %",
                dec(d.p_score * 100.0, 0)
            ),
            (true, None) => format!("Тренер ({level}) думает…"),
            (true, Some(d)) if d.declare_safety => {
                format!("Тренер: отыгрыш, показан зелёным; {take_key}: взять его")
            }
            (true, Some(d)) => format!(
                "Тренер: удар зелёным, шанс карамболя {} %; {take_key}: взять его",
                dec(d.p_score * 100.0, 0)
            ),
        }
    }

    fn number(&self, value: f64) -> String {
        let text = format!("{value:.2}");
        text.trim_end_matches('0')
            .trim_end_matches('.')
            .replace('.', ",")
    }

    fn pattern(&self, pattern: Pattern) -> &'static str {
        match pattern {
            Pattern::AroundTheTable => "вокруг стола",
            Pattern::RailFirstAroundTheTable => "от борта вокруг стола",
            Pattern::Bricole => "бриколь (сначала три борта)",
            Pattern::Umbrella => "зонтик",
            Pattern::ShortLongShort => "короткий, длинный, короткий",
            Pattern::ShortLongLong => "короткий, длинный, длинный",
            Pattern::AcrossTheTable => "поперёк стола (длинный, длинный, короткий)",
            Pattern::DoubleTheRail => "дважды поперёк стола",
            Pattern::Ticky => "тики",
            Pattern::Other => "свой путь",
        }
    }

    fn explanation(&self, e: &Explanation, style: BallStyle) -> Vec<String> {
        let pattern = self.pattern(e.pattern);
        let mut first = pattern.chars();
        let pattern: String = first
            .next()
            .map(|c| c.to_uppercase().chain(first).collect())
            .unwrap_or_default();
        let mut lines = vec![format!(
            "{pattern}: {}",
            super::route_text(self, &e.route, style)
        )];
        if let Some(r) = e.system {
            lines.push(format!(
                "«Угол пять»: {} - {} = {}; шар приходит в {}",
                dec(r.origin, 1),
                dec(r.aim, 1),
                dec(r.predicted, 1),
                dec(r.arrived, 1)
            ));
        }
        let others: Vec<String> = e
            .alternatives
            .iter()
            .map(|a| {
                format!(
                    "{} {} %",
                    self.pattern(a.pattern),
                    dec(a.p_score * 100.0, 0)
                )
            })
            .collect();
        lines.push(match (e.safety, others.is_empty()) {
            (false, true) => "Другого удара с очком не найдено".to_owned(),
            (false, false) => format!("Следующие по силе: {}", others.join("; ")),
            (true, true) => "Удара с очком не найдено".to_owned(),
            (true, false) => format!(
                "Лучшая попытка, менее выгодная, чем отыгрыш: {}",
                others.join("; ")
            ),
        });
        if let Some(share) = e.leave_share {
            lines.push(format!(
                "После очка: {} % ударов из оставленной позиции приносят очко",
                dec(share * 100.0, 0)
            ));
        }
        lines
    }

    fn suggestion(&self, level: &str, decision: &Decision) -> String {
        let what = if decision.declare_safety {
            "объявить отыгрыш (правило 23) и бить".to_owned()
        } else {
            format!(
                "бить (шанс карамболя {} %)",
                dec(decision.p_score * 100.0, 0)
            )
        };
        format!(
            "{level}: {what}\n{}\nперебрано: {} за {} мс\n",
            self.stroke_settings(&decision.stroke, BallStyle::default()),
            count(decision.evaluated as u64, "удар", "удара", "ударов"),
            dec(decision.elapsed.as_secs_f64() * 1e3, 0)
        )
    }

    fn rule(&self, rule: Rule) -> String {
        match rule {
            Rule::General(n) => format!("правило {n}"),
            Rule::Balkline => "правило балклайна".to_owned(),
            Rule::KoreanFourBall => "правило корейского карамболя с четырьмя шарами".to_owned(),
        }
    }

    fn foul(&self, foul: &Foul) -> String {
        match foul {
            Foul::RedNotFirst { on_break, first } => {
                let when = if *on_break {
                    "при начальном ударе"
                } else {
                    "в этой игре"
                };
                format!(
                    "{when} биток должен первым коснуться красного шара, а сначала коснулся {}",
                    ball_in(ball_word(*first), Case::Gen)
                )
            }
            Foul::BallsMoving(balls) => {
                format!("удар выполнен, пока ещё двигались: {}", names(balls))
            }
            Foul::WrongBall { struck, cue_ball } => {
                let why = if struck.is_cue_ball() {
                    format!("биток этого удара — {} (правило 6)", ball_word(*cue_ball))
                } else {
                    "красный шар никогда не бывает битком (правило 2)".to_owned()
                };
                format!(
                    "наклейка ударила по {}: {why}",
                    ball_in(ball_word(*struck), Case::Dat)
                )
            }
            Foul::CueTouchedAtStrike(balls) => {
                format!("кий при ударе коснулся: {}", names(balls))
            }
            Foul::CueTouchedAfterStrike(balls) => {
                format!("кий после удара коснулся: {}", names(balls))
            }
            Foul::TouchedBall => {
                "шара в игре коснулось что-то, кроме наклейки (решение судьи)".to_owned()
            }
            Foul::IntentionalFoul => "по шару в игре умышленно ударили не наклейкой (решение \
                                      судьи, правило 18)"
                .to_owned(),
            Foul::TipAgain(1) => "наклейка ещё раз коснулась битка после удара".to_owned(),
            Foul::TipAgain(times) => format!(
                "наклейка ещё {} коснулась битка после удара",
                count(*times as u64, "раз", "раза", "раз")
            ),
            Foul::TipStillOn {
                ball,
                after_s,
                contact_s,
            } => format!(
                "наклейка ещё касалась битка, когда он дошёл до {} ({} мс после удара, контакт \
                 наклейки {} мс)",
                ball_in(ball_word(*ball), Case::Gen),
                dec(after_s * 1000.0, 2),
                dec(contact_s * 1000.0, 2)
            ),
            Foul::Push { contact_s, limit_s } => format!(
                "пропих: наклейка оставалась на битке {} мс (больше {} мс)",
                dec(contact_s * 1000.0, 2),
                dec(limit_s * 1000.0, 2)
            ),
            Foul::CueBallJumped => "биток выскочил за пределы игровой поверхности".to_owned(),
            Foul::ScoopedJump { below, over } => format!(
                "подброс: удар на {} R ниже центра, и биток перепрыгнул через {} шар, не дойдя \
                 до прицельного",
                dec(*below, 2),
                ball_word(*over)
            ),
            Foul::MiscueJump => "наклейка соскользнула (кикс), и биток подскочил: его подбросил \
                                 наконечник или шафт"
                .to_owned(),
            Foul::SafetyForbidden => {
                "трёхбортный карамболь по правилам USBA запрещает преднамеренные отыгрыши"
                    .to_owned()
            }
            Foul::SafetyWithoutContact => {
                "неправильный отыгрыш: биток не коснулся ни одного шара".to_owned()
            }
            Foul::SafetyWithoutCushion => "неправильный отыгрыш: после касания битком \
                                           прицельного шара ни один шар не дошёл до борта"
                .to_owned(),
            Foul::SafetyOwed(obligation) => {
                let after = match obligation {
                    Obligation::AfterSafety => {
                        "два отыгрыша подряд нельзя: ваш прошлый подход закончился отыгрышем"
                    }
                    Obligation::AfterFoul => "ваш прошлый подход закончился фолом",
                };
                format!(
                    "{after}, поэтому этот подход должен начаться с попытки результативного удара"
                )
            }
            Foul::BalkCount { space, counts } => {
                let n = u64::from(*counts);
                format!(
                    "оба прицельных шара остались в {} после {n} {} в ней: этот карамболь должен \
                     был вывести из неё один из них",
                    self.balk_space_forms(space).1,
                    plural(n, "карамболя", "карамболей", "карамболей")
                )
            }
            Foul::OpponentBall(ball) => {
                format!("биток коснулся битка соперника ({})", ball_word(*ball))
            }
        }
    }

    fn warning(&self, warning: &Warning) -> String {
        match warning {
            Warning::IntentionalFoul { loses_game: true } => {
                "второе предупреждение за умышленный фол: партия проиграна".to_owned()
            }
            Warning::IntentionalFoul { loses_game: false } => {
                "предупреждение за умышленный фол: второе — поражение в партии".to_owned()
            }
        }
    }

    fn remark(&self, remark: &Remark) -> String {
        match remark {
            Remark::NoCount(miss) => format!("карамболя нет: {}", self.count_miss(miss)),
            Remark::LegalSafety => "правильный отыгрыш (правило 23)".to_owned(),
            Remark::TargetReached { equalising: false } => "цель достигнута".to_owned(),
            Remark::TargetReached { equalising: true } => {
                "цель достигнута: остальные игроки круга играют уравнивающий подход".to_owned()
            }
            Remark::Interference => "постороннее вмешательство: позиция восстановлена, без \
                                     штрафа; удар не засчитан (правило 22)"
                .to_owned(),
        }
    }

    fn count_miss(&self, miss: &CountMiss) -> String {
        match miss {
            CountMiss::Cushions { had, needed } => {
                format!("{} до второго шара, нужно {needed}", cushions(*had))
            }
            CountMiss::TouchedNone => "биток не коснулся ни одного из нужных шаров".to_owned(),
            CountMiss::TouchedOnly(ball) => format!(
                "биток коснулся только {}",
                ball_in(ball_word(*ball), Case::Gen)
            ),
            CountMiss::NotAll => "биток коснулся не всех нужных шаров".to_owned(),
        }
    }

    fn balk_space(&self, space: &BalkSpace) -> String {
        self.balk_space_forms(space).0
    }

    fn verdict_notes(&self, verdict: &Verdict) -> String {
        let mut notes: Vec<String> = Vec::new();
        if verdict.points > 0 {
            notes.push("карамболь".to_owned());
        }
        notes.extend(
            verdict
                .fouls
                .iter()
                .map(|f| format!("ФОЛ, {}: {}", self.rule(f.rule()), self.foul(f))),
        );
        notes.extend(verdict.warnings.iter().map(|w| {
            format!(
                "ПРЕДУПРЕЖДЕНИЕ, {}: {}",
                self.rule(w.rule()),
                self.warning(w)
            )
        }));
        notes.extend(verdict.remarks.iter().map(|r| self.remark(r)));
        for p in &verdict.spot {
            let occupied = if p.occupied.is_empty() {
                String::new()
            } else {
                let spots: Vec<&str> = p.occupied.iter().map(|s| spot_short(*s)).collect();
                let taken = if spots.len() == 1 {
                    "занята"
                } else {
                    "заняты"
                };
                format!(" ({} {taken})", spots.join(", "))
            };
            notes.push(format!(
                "{} выставлен на {}{occupied}",
                ball_word(p.ball),
                spot_to(p.spot)
            ));
        }
        if verdict.game_over() {
            notes.push("партия окончена".to_owned());
        } else if verdict.inning_over {
            notes.push("подход окончен".to_owned());
        }
        notes.join("; ")
    }

    fn verdict_lines(&self, verdict: &Verdict, names: &[String]) -> Vec<Line> {
        let name = |i: usize| names.get(i).map_or("?", String::as_str);
        let shooter = name(verdict.shooter);
        let mut lines = Vec::new();
        if verdict.restore_positions {
            lines.push(Line::new(
                "Позиция восстановлена (правило 22): удар не засчитан",
                Tone::Warn,
            ));
        } else if !verdict.fouls.is_empty() {
            lines.push(Line::new(
                format!("{shooter}: фол, карамболь не засчитан"),
                Tone::Bad,
            ));
            for foul in &verdict.fouls {
                lines.push(Line::new(
                    format!("Фол — {}: {}", self.rule(foul.rule()), self.foul(foul)),
                    Tone::Bad,
                ));
            }
        } else if verdict.points > 0 {
            lines.push(Line::new(
                format!("{shooter}: Карамболь! +{}", verdict.points),
                Tone::Good,
            ));
        } else {
            lines.push(Line::new(format!("{shooter}: Карамболя нет"), Tone::Plain));
        }
        for warning in &verdict.warnings {
            lines.push(Line::new(
                format!(
                    "Предупреждение — {}: {}",
                    self.rule(warning.rule()),
                    self.warning(warning)
                ),
                Tone::Warn,
            ));
        }
        for remark in &verdict.remarks {
            lines.push(Line::new(self.remark(remark), Tone::Dim));
        }
        if let Some(outcome) = verdict.outcome {
            let tone = if verdict.winner().is_some() {
                Tone::Good
            } else {
                Tone::Warn
            };
            lines.push(Line::new(self.outcome(outcome, names), tone));
        }
        lines
    }

    fn spotting(&self, placement: &Placement, style: BallStyle) -> String {
        let ball = self.ball(placement.ball, style);
        let tried: Vec<String> = placement.occupied.iter().map(|s| self.spot(*s)).collect();
        match tried.len() {
            0 => format!("{ball}: на {}", spot_to(placement.spot)),
            3 => format!(
                "{ball}: {} заняты — на ближайшую свободную точку продольной оси",
                tried.join(", ")
            ),
            1 => format!(
                "{ball}: {} занята — на {}",
                tried.join(" и "),
                spot_to(placement.spot)
            ),
            _ => format!(
                "{ball}: {} заняты — на {}",
                tried.join(" и "),
                spot_to(placement.spot)
            ),
        }
    }

    fn outcome(&self, outcome: Outcome, names: &[String]) -> String {
        match outcome {
            Outcome::Winner(w) => format!(
                "Партия окончена: побеждает {}",
                names.get(w).map_or("?", String::as_str)
            ),
            Outcome::Draw => "Партия окончена: ничья".to_owned(),
            Outcome::NotReached => "Партия окончена: цель не достигнута".to_owned(),
        }
    }

    fn sheet_note(&self, verdict: &Verdict) -> Line {
        if verdict.restore_positions {
            return Line::new("восстановлено (правило 22), без фола", Tone::Warn);
        }
        if !verdict.fouls.is_empty() {
            let rules: Vec<String> = verdict.fouls.iter().map(|f| self.rule(f.rule())).collect();
            return Line::new(format!("фол: {}", rules.join(", ")), Tone::Bad);
        }
        let tone = if verdict.points > 0 {
            Tone::Plain
        } else {
            Tone::Dim
        };
        if verdict.remarks.contains(&Remark::LegalSafety) {
            return Line::new("отыгрыш (правило 23)", tone);
        }
        Line::new("", tone)
    }

    fn sheet_text(&self, sheet: &ScoreSheet) -> String {
        let mut out = String::new();
        let limit = match sheet.innings_limit {
            Some(n) => format!(
                "не более {n} {}",
                plural(u64::from(n), "подхода", "подходов", "подходов")
            ),
            None => "без лимита подходов".to_owned(),
        };
        let equalising = if sheet.equalising_inning {
            ", уравнивающий подход"
        } else {
            ""
        };
        out += &format!(
            "{}: {}, {limit}{equalising}\n",
            sheet.game,
            up_to_points(sheet.target)
        );
        out += &format!(
            "{} начинает партию {}.\n\n",
            sheet.name(sheet.breaker),
            ball_in(ball_word(sheet.breaker_ball), Case::Ins)
        );
        let width = sheet
            .players
            .iter()
            .map(|p| p.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        // Inning by inning: each player's run and running total.
        let cell = (width + 2).max(12);
        out += "подход";
        for p in &sheet.players {
            out += &format!("  {:>cell$}", p.name);
        }
        out += "\n      ";
        for _ in &sheet.players {
            out += &format!("  {:>cell$}", format!("{:>5} {:>5}", "серия", "итого"));
        }
        out += "\n";
        for (n, row) in sheet.inning_rows().iter().enumerate() {
            out += &format!("{:>6}", n + 1);
            for inning in row {
                let both = match inning {
                    Some(i) => format!("{:>5} {:>5}", i.run, i.total),
                    None => format!("{:>5} {:>5}", "-", "-"),
                };
                out += &format!("  {both:>cell$}");
            }
            out += "\n";
        }
        out += &format!(
            "\n{:<width$}  {:>6}  {:>7}  {:>12}  {:>7}\n",
            "игрок", "очки", "подходы", "лучшая серия", "средняя"
        );
        for p in &sheet.players {
            out += &format!(
                "{:<width$}  {:>6}  {:>7}  {:>12}  {:>7}\n",
                p.name,
                p.points,
                p.innings,
                p.high_run,
                self.average(p.average())
            );
        }
        out += &match sheet.outcome {
            Some(Outcome::Winner(w)) => format!("\nПобедитель: {}\n", sheet.name(w)),
            Some(Outcome::Draw) => "\nПартия окончена: ничья.\n".to_owned(),
            Some(Outcome::NotReached) => "\nПартия окончена: цель не достигнута.\n".to_owned(),
            None => "\nПартия не закончена.\n".to_owned(),
        };
        out += &format!(
            "\nУдар за ударом:\n{:>4}  {:<width$}  {:<10}  {:>4}  примечания\n",
            "№", "игрок", "биток", "очки"
        );
        for (i, row) in sheet.rows.iter().enumerate() {
            let v = &row.verdict;
            out += &format!(
                "{i:>4}  {:<width$}  {:<10}  {:>4}  {}\n",
                sheet.name(v.shooter),
                ball_word(v.cue_ball),
                v.points,
                self.verdict_notes(v)
            );
        }
        out
    }

    fn lag_fault(&self, fault: LagFault) -> String {
        match fault {
            LagFault::CrossedOver => "перешёл на половину соперника",
            LagFault::NoFootCushion => "ни разу не коснулся заднего борта",
            LagFault::LeftTable => "выскочил за пределы стола",
            LagFault::TouchedRed => "коснулся красного шара",
        }
        .to_owned()
    }

    fn lag_facts(&self, ball: &LagBall) -> Vec<(String, String, bool)> {
        let yes_no = |b: bool| if b { "да" } else { "нет" }.to_owned();
        let fault = |f: LagFault| ball.faults.contains(&f);
        vec![
            (
                "задний борт".to_owned(),
                yes_no(ball.touched_foot_cushion),
                !ball.touched_foot_cushion,
            ),
            (
                "на чужой половине".to_owned(),
                yes_no(fault(LagFault::CrossedOver)),
                fault(LagFault::CrossedOver),
            ),
            (
                "касание красного".to_owned(),
                yes_no(fault(LagFault::TouchedRed)),
                fault(LagFault::TouchedRed),
            ),
            (
                "вылет со стола".to_owned(),
                yes_no(fault(LagFault::LeftTable)),
                fault(LagFault::LeftTable),
            ),
            (
                "до переднего борта".to_owned(),
                ball.distance_mm
                    .map_or("-".to_owned(), |d| format!("{} мм", dec(d, 1))),
                false,
            ),
        ]
    }

    fn lag_outcome(&self, verdict: &LagVerdict, names: [&str; 2], tolerance_mm: f64) -> Line {
        match verdict.outcome {
            LagOutcome::Winner(w) => {
                let loser = &verdict.balls[1 - w];
                let why = if loser.faults.is_empty() {
                    let gap = loser.distance_mm.unwrap_or(0.0)
                        - verdict.balls[w].distance_mm.unwrap_or(0.0);
                    format!("на {} мм ближе к переднему борту", dec(gap, 1))
                } else {
                    format!("шар игрока {} {}", names[1 - w], self.lag_faults(loser))
                };
                Line::new(
                    format!("Раскат выигрывает {} (правило 5): {why}", names[w]),
                    Tone::Good,
                )
            }
            LagOutcome::Repeat(Repeat::BothFaulted) => Line::new(
                "Оба игрока допустили нарушения: раскат повторяется (правило 5)",
                Tone::Warn,
            ),
            LagOutcome::Repeat(Repeat::TooClose { difference_mm }) => Line::new(
                format!(
                    "Расстояния различаются на {} мм, не больше чем на {} мм: не различить, \
                     раскат повторяется (правило 5)",
                    dec(difference_mm, 1),
                    num(tolerance_mm)
                ),
                Tone::Warn,
            ),
        }
    }

    fn lag_summary(&self, ball: &LagBall) -> Line {
        match (ball.faults.is_empty(), ball.distance_mm) {
            (true, Some(d)) => {
                Line::new(format!("{} мм от переднего борта", dec(d, 1)), Tone::Good)
            }
            _ => Line::new(
                format!("проигрыш: шар {}", self.lag_faults(ball)),
                Tone::Bad,
            ),
        }
    }

    fn balk_tally(&self, tally: &BalkTally, limit: u32) -> Line {
        let counts = count(
            u64::from(tally.counts),
            "карамболь",
            "карамболя",
            "карамболей",
        );
        let space = self.balk_space_forms(&tally.space).1;
        if tally.counts >= limit {
            Line::new(
                format!(
                    "{counts} в {space}: следующим ударом один прицельный шар должен её покинуть"
                ),
                Tone::Warn,
            )
        } else {
            Line::new(
                format!("{counts} в {space} (из {limit} допустимых)"),
                Tone::Plain,
            )
        }
    }

    fn stroke_story(&self, count: &LiveCount, style: BallStyle) -> String {
        let hits: Vec<String> = count
            .balls
            .iter()
            .zip(&count.cushions_before)
            .enumerate()
            .map(|(i, (ball, before))| {
                let when = if i == 0 {
                    "сначала"
                } else {
                    "затем"
                };
                format!(
                    "{when} {} {}",
                    self.ball(*ball, style),
                    cushions_before(*before)
                )
            })
            .collect();
        let mut story = if hits.is_empty() {
            format!("Биток: {}, ни одного шара", cushions(count.cushions))
        } else {
            format!(
                "Биток: всего {}; {}",
                cushions(count.cushions),
                hits.join(", ")
            )
        };
        for [a, b] in &count.kisses {
            story += &format!(
                "; столкновение: {} с {}",
                self.ball(*a, style),
                decline(&self.ball(*b, style), Case::Ins)
            );
        }
        story
    }

    fn live_count(&self, count: &LiveCount, style: BallStyle) -> String {
        let cushions = cushions(count.cushions);
        let balls: Vec<String> = count
            .balls
            .iter()
            .zip(&count.cushions_before)
            .map(|(ball, before)| format!("{} (после {before})", self.ball(*ball, style)))
            .collect();
        if balls.is_empty() {
            format!("{cushions}, шаров пока нет")
        } else {
            format!("{cushions}; задеты: {}", balls.join(", "))
        }
    }

    fn key(&self, key: &str) -> String {
        // Keys as printed on a keyboard, in Latin as on a Russian one.
        let printed = match key {
            "Comma" => ",",
            "Period" => ".",
            "Minus" => "-",
            "Equal" => "=",
            "Slash" => "/",
            "Semicolon" => ";",
            "BracketLeft" => "[",
            "BracketRight" => "]",
            "Backquote" => "`",
            "Quote" => "'",
            "Backslash" => "\\",
            "ArrowUp" => "Вверх",
            "ArrowDown" => "Вниз",
            "ArrowLeft" => "Влево",
            "ArrowRight" => "Вправо",
            "PageUp" => "Page Up",
            "PageDown" => "Page Down",
            _ => "",
        };
        if !printed.is_empty() {
            return printed.to_owned();
        }
        // ShiftLeft: левый Shift; KeyA: A; Digit1: 1.
        for (side, said) in [("Left", "левый"), ("Right", "правый")] {
            if let Some(key) = key.strip_suffix(side) {
                return format!("{said} {}", key.replace("Control", "Ctrl"));
            }
        }
        key.strip_prefix("Key")
            .or_else(|| key.strip_prefix("Digit"))
            .unwrap_or(key)
            .to_owned()
    }

    fn mouse_button(&self, button: &str) -> String {
        match button {
            "Left" => "левая кнопка мыши".to_owned(),
            "Right" => "правая кнопка мыши".to_owned(),
            "Middle" => "средняя кнопка мыши".to_owned(),
            other => format!("кнопка мыши {other}"),
        }
    }

    fn action(&self, action: Action) -> &'static str {
        match action {
            Action::AimLeft => "прицел влево (точно)",
            Action::AimRight => "прицел вправо (точно)",
            Action::HoldAim => "удерживать: прицел стоит, пока движется мышь",
            Action::PowerUp => "сильнее",
            Action::PowerDown => "слабее",
            Action::TipUp => "точка удара выше (накат)",
            Action::TipDown => "точка удара ниже (оттяжка)",
            Action::TipLeft => "точка удара левее (левый винт)",
            Action::TipRight => "точка удара правее (правый винт)",
            Action::ElevationUp => "поднять кий",
            Action::ElevationDown => "опустить кий",
            Action::ShortStroke => {
                "короткая или полная проводка (короткая: без двойного удара по близким шарам)"
            }
            Action::Strike => "удар",
            Action::OrbitCamera => "удерживать и тянуть: повернуть камеру (круговой обзор)",
            Action::NextCamera => "следующий вид: за шаром, сверху, круговой, за битком",
            Action::ResetCamera => "вернуть вид по умолчанию",
            Action::ToggleTrails => "показать или скрыть пути и касания последнего удара",
            Action::ExportDiagram => "сохранить последний удар как схему SVG",
            Action::NextPosition => "тренировка: следующая позиция этой игры",
            Action::PreviousPosition => "тренировка: предыдущая позиция",
            Action::PositionStroke => "тренировка: прицелиться, как в ударе самой позиции",
            Action::Coach => "тренировка: лучший удар тренера; ещё раз — взять его",
            Action::SavePosition => "тренировка: сохранить расстановку и удар как позицию",
            Action::DeletePosition => "тренировка: удалить показанную свою позицию",
            Action::NextDrill => "тренировка: начать следующее упражнение этой игры",
            Action::Undo => "тренировка: отменить последний удар",
            Action::Redo => "тренировка: снова сыграть отменённый удар",
            Action::Retry => "тренировка: отменить и прицелиться, как было сыграно",
            Action::Snap => "тренировка: удерживать, перетаскивая шар: на отметку или линию ромба",
            Action::NextCueBall => "тренировка: продолжить другим белым",
            Action::SwitchLagHalf => "тренировка раската: бить из другой половины",
            Action::LagOpponent => {
                "тренировка раската: одному, против компьютера, против своего лучшего"
            }
            Action::Replay => "повтор последнего удара; ещё раз — предыдущего",
            Action::ReplayPause => "повтор: пауза или дальше",
            Action::ReplayBack => "повтор: шаг назад",
            Action::ReplayForward => "повтор: шаг вперёд",
            Action::ReplaySlower => "повтор: медленнее",
            Action::ReplayFaster => "повтор: быстрее",
            Action::MouseStroke => {
                "удерживать, отвести мышь назад и толкнуть: удар (отвод задаёт силу)"
            }
            Action::ToggleHelp => "показать или скрыть эту справку",
            Action::ToggleRules => {
                "правила игры (у решения судьи: правило, на которое он ссылается)"
            }
            Action::DeclareSafety => "объявить отыгрыш",
            Action::RestorePositions => "восстановить позицию до последнего удара",
            Action::Menu => "меню (в повторе: выйти из него)",
            Action::Confirm => "дальше (подтвердить расстановку, закрыть итог, реванш)",
            Action::MoveBall => {
                "перетащить шар, куда позволяют правила (раскат, начальный удар; в тренировке — \
                 любой)"
            }
            Action::Choose1 => "победитель раската: начать партию белым",
            Action::Choose2 => "победитель раската: начать партию помеченным",
            Action::Choose3 => "победитель раската: уступить начальный удар, оставить белый",
            Action::Choose4 => "победитель раската: уступить начальный удар, оставить помеченный",
            Action::MenuUp => "меню: вверх",
            Action::MenuDown => "меню: вниз",
            Action::MenuLeft => "меню: предыдущий вариант",
            Action::MenuRight => "меню: следующий вариант",
        }
    }

    fn controls_heading(&self) -> &'static str {
        "Управление  (прицел мышью: сзади — тянуть прицел, сверху — указать точку)"
    }

    fn go_on(&self, keys: &str) -> String {
        format!("{keys}: дальше")
    }

    fn go_on_or_click(&self, keys: &str) -> String {
        format!("{keys} или щелчок: дальше")
    }

    fn break_decided(
        &self,
        name: &str,
        break_it: bool,
        ball: &str,
        other: &str,
        theirs: &str,
    ) -> String {
        if break_it {
            format!("{name} начинает партию {}.", ball_in(ball, Case::Ins))
        } else {
            format!(
                "{name} уступает начальный удар и оставляет себе {ball} шар: {other} начинает \
                 партию {}.",
                ball_in(theirs, Case::Ins)
            )
        }
    }

    fn break_setup(&self, setup: &BreakSetup) -> (String, Vec<Line>) {
        const MM_PER_INCH: f64 = 25.4;
        let BreakSetup {
            breaker,
            ball,
            other,
            strike,
            confirm,
            ..
        } = setup;
        let mut lines = Vec::new();
        let heading = if setup.on_head_string {
            let mm = setup.offset_mm;
            let inches = format!("{:.0}", mm / MM_PER_INCH);
            let whole: u64 = inches.parse().unwrap_or(0);
            lines.push(Line::new(
                format!("Красный — на задней отметке, {other} — на передней."),
                Tone::Plain,
            ));
            lines.push(Line::new(
                format!(
                    "{breaker}: нажмите на свой {ball} шар и ведите его вдоль передней линии, \
                     не дальше {inches} {} ({} мм) от передней отметки в любую сторону.",
                    plural(whole, "дюйма", "дюймов", "дюймов"),
                    dec(mm, 0)
                ),
                Tone::Warn,
            ));
            lines.push(Line::new(
                format!(
                    "{confirm}: подтвердить место, затем прицелиться и ударить; или бить прямо \
                     отсюда ({strike})."
                ),
                Tone::Plain,
            ));
            "Расстановка для начального удара (правило 7)".to_owned()
        } else {
            lines.push(Line::new(
                format!(
                    "{breaker} начинает партию {}: {strike} — удар, когда будете готовы.",
                    ball_in(ball, Case::Ins)
                ),
                Tone::Warn,
            ));
            format!("{}: расстановка", setup.game)
        };
        if setup.red_first {
            lines.push(Line::new(
                "При начальном ударе биток должен коснуться красного раньше, чем битка \
                 соперника (правило 8).",
                Tone::Dim,
            ));
        }
        (heading, lines)
    }

    fn last_lag(&self, ball: &LagBall) -> Line {
        let Line { text, tone } = self.lag_summary(ball);
        Line::new(format!("Последний раскат: {text}"), tone)
    }

    fn safety_declared(&self) -> &'static str {
        "На этот удар объявлен отыгрыш (правила 23–25)"
    }

    fn table_keys(&self, safety: &str, restore: &str, menu: &str, saved: bool) -> String {
        let saved = if saved {
            " (матч сохранён)"
        } else {
            ""
        };
        format!(
            "{safety}: объявить отыгрыш (правила 23–25)\n{restore} дважды: восстановить \
             позицию (правило 22)\n{menu}: меню{saved}"
        )
    }

    fn board_title(&self, game: &str, targets: &[u32], innings_limit: Option<u32>) -> String {
        let limit = innings_limit.map_or("без лимита подходов".to_owned(), |n| {
            format!(
                "не более {n} {}",
                plural(u64::from(n), "подхода", "подходов", "подходов")
            )
        });
        let distance = match targets {
            [first, rest @ ..] if rest.iter().all(|t| t == first) => up_to_points(*first),
            _ => format!("фора {}", super::each_target(targets)),
        };
        format!("{game}: {distance}, {limit}")
    }

    fn average(&self, points_per_inning: f64) -> String {
        dec(points_per_inning, 3)
    }

    fn board_columns(&self) -> [&'static str; 6] {
        ["Игрок", "Очк", "Подх", "Сер", "Макс", "Ср"]
    }

    fn training_row(&self, lags: usize, best_mm: Option<f64>) -> String {
        let best = best_mm.map_or("-".to_owned(), |d| format!("{} мм", dec(d, 1)));
        format!(
            "{}   лучший: {best}",
            count(lags as u64, "раскат", "раската", "раскатов")
        )
    }

    fn lagger(&self, side: Side, status: Lagger) -> String {
        let side = format!("{} половина", side_name(side));
        let status = match status {
            Lagger::Won => "раскат выигран",
            Lagger::AtTheTable => "у стола",
            Lagger::Ready => "удар готов",
            Lagger::Waiting => "",
        };
        format!("{side}  {status}")
    }

    fn lag_heading(&self, training: bool) -> &'static str {
        if training {
            "Тренировка раската (правило 5)"
        } else {
            "Раскат на начальный удар (правило 5)"
        }
    }

    fn lag_setup(&self, facts: &LagSetupFacts) -> (String, Vec<Line>) {
        let LagSetupFacts {
            name,
            ball,
            other,
            keys,
            ..
        } = facts;
        let side = side_name(facts.side);
        let place = format!(
            "Нажмите на свой шар и перетащите его в любое место за передней линией в {} \
             половине. Цельтесь в задний борт; сила: {} / {}.",
            side_in(facts.side),
            keys.power_up,
            keys.power_down,
        );
        let ready = &keys.ready;
        let mut lines = Vec::new();
        let heading = if let Some(opponent) = facts.training {
            lines.push(Line::new(
                format!("{name}: {ball} шар, {side} половина"),
                Tone::Warn,
            ));
            let against = match opponent {
                LagOpponent::Alone => "нет, вы один".to_owned(),
                LagOpponent::Computer { spread } => format!(
                    "компьютер (ошибка скорости {} %), бьёт вместе с вами",
                    dec(spread * 100.0, 0)
                ),
                LagOpponent::Ghost => "ваш лучший раскат (призрак), вместе с вами".to_owned(),
            };
            lines.push(Line::new(
                format!("Соперник: {against}; {}: другой соперник", keys.opponent),
                Tone::Plain,
            ));
            lines.push(Line::new(place, Tone::Plain));
            lines.push(Line::new(
                format!(
                    "{} или {ready}: раскат; {}: другая половина",
                    keys.strike, keys.other_half
                ),
                Tone::Plain,
            ));
            lines.push(Line::new(
                "Шар должен коснуться заднего борта, остаться в своей половине, не задеть \
                 красный и не вылететь со стола; остановите его как можно ближе к переднему \
                 борту.",
                Tone::Dim,
            ));
            self.lag_heading(true)
        } else {
            let then = if facts.first {
                format!("затем шар ставит {other}")
            } else {
                "затем по обоим шарам бьют одновременно".to_owned()
            };
            lines.push(Line::new(
                format!("Ваш ход, {name}: {ball} шар, {side} половина"),
                Tone::Warn,
            ));
            lines.push(Line::new(
                format!("{other} отворачивается: этот удар скрыт, пока не будут пущены оба шара."),
                Tone::Plain,
            ));
            lines.push(Line::new(place, Tone::Plain));
            lines.push(Line::new(
                format!("{ready} (или щелчок мимо шара): готово, {then}"),
                Tone::Plain,
            ));
            lines.push(Line::new(
                "Шар должен коснуться заднего борта, остаться в своей половине, не задеть \
                 красный и не вылететь со стола. Побеждает шар, который остановится ближе \
                 к переднему борту.",
                Tone::Dim,
            ));
            self.lag_heading(false)
        };
        (heading.to_owned(), lines)
    }

    fn after_lag(&self, go_on: &str, next: AfterLag) -> String {
        match next {
            AfterLag::Chooses(name) => format!("{go_on}: {name} решает, кто начинает партию"),
            AfterLag::Again => format!("{go_on}: раскат ещё раз"),
            AfterLag::Unjudged => {
                format!("{go_on}: раскат ещё раз (этот раскат не удалось оценить)")
            }
        }
    }

    fn lag_result_heading(&self, training: bool) -> &'static str {
        if training {
            "Итог раската"
        } else {
            "Итог раската (правило 5)"
        }
    }

    fn struck_at(&self, speed: f64) -> String {
        format!("Удар со скоростью {} м/с", dec(speed, 2))
    }

    fn library_note(&self, note: &LibraryNote) -> String {
        match note {
            LibraryNote::NotLoaded(e) => format!("Не загружено: {}", file_error(e)),
            LibraryNote::DrillResultsNotKept(e) => {
                format!("Результаты упражнений не сохраняются: {}", file_error(e))
            }
            LibraryNote::NotSaved(None) => "Не сохранено".to_owned(),
            LibraryNote::NotSaved(Some(e)) => format!("Не сохранено: {}", file_error(e)),
            LibraryNote::Saved(path) => format!("Сохранено: {}", path.display()),
            LibraryNote::NoDrills => "Для этой игры нет упражнений".to_owned(),
            LibraryNote::DrillNotStarted(e) => format!(
                "Упражнение не начато: {}",
                self.trouble(Trouble::MissingPosition(e))
            ),
            LibraryNote::DrillDone(done) => {
                let mut said = format!(
                    "Упражнение завершено: {} из {} ({} %)",
                    done.made,
                    done.tries,
                    dec(100.0 * done.score, 0)
                );
                if let Some(best) = done.best {
                    said += &format!("; рекорд {} %", dec(100.0 * best, 0));
                }
                if let Some(trend) = done.trend {
                    said += &format!("; динамика {} %", signed(100.0 * trend, 0));
                }
                if let Some(e) = &done.not_kept {
                    said += &format!("; не сохранено: {}", file_error(e));
                }
                said
            }
            LibraryNote::NoPositions => "Для этой игры нет позиций".to_owned(),
            LibraryNote::NoStroke => "У этой позиции нет своего удара".to_owned(),
            LibraryNote::Deleted(path) => format!("Удалено: {}", path.display()),
            LibraryNote::NotDeleted(e) => format!("Не удалено: {}", file_error(e)),
            LibraryNote::BundledStay => "Встроенные позиции не удаляются".to_owned(),
        }
    }

    fn own_position_name(&self, n: usize) -> String {
        format!("Моя позиция {n}")
    }

    fn naming_position(&self, name: &str) -> [String; 2] {
        [
            format!("Название позиции: {name}_"),
            "Enter: сохранить (с заданным ударом), Escape: отмена".to_owned(),
        ]
    }

    fn drill_under_way(&self, drill: &DrillProgress) -> [String; 3] {
        let made: u32 = drill.run.made.iter().sum();
        [
            format!("Упражнение: {}", drill.drill.name_in("ru")),
            format!(
                "Позиция {}/{}: {}",
                drill.position + 1,
                drill.positions.len(),
                drill.current().name_in("ru")
            ),
            format!(
                "Попытка {}/{}; пока удачных: {made}",
                drill.attempt + 1,
                drill.drill.attempts
            ),
        ]
    }

    fn position_of(&self, number: usize, count: usize, name: &str) -> String {
        format!("Позиция {number}/{count}: {name}")
    }

    fn position_keys(&self, next: &str, stroke: &str, save: &str, delete: Option<&str>) -> String {
        let own = delete.map_or(String::new(), |keys| format!(", {keys}: удалить"));
        format!("{next}: следующая, {stroke}: её удар, {save}: сохранить{own}")
    }

    fn library_keys(&self, next: &str, positions: usize, drill: &str, drills: usize) -> String {
        format!(
            "{next}: тренировочные позиции ({} в этой игре); {drill}: упражнения ({drills})",
            count(positions as u64, "позиция", "позиции", "позиций")
        )
    }

    fn no_game(&self) -> &'static str {
        "Игры нет"
    }

    fn to_the_menu(&self, keys: &str) -> String {
        format!("{keys}: меню")
    }

    fn sheet_columns(&self) -> SheetColumns {
        SheetColumns {
            players: ["Игрок", "Очки", "Подходы", "Лучш. серия", "Средняя"],
            score_sheet: "Протокол партии",
            inning: "Подход",
            total: "итого",
            stroke_by_stroke: "Удар за ударом",
            strokes: ["№", "Игрок", "Очки", "Серия", "Счёт", "Примечания"],
        }
    }

    fn scroll_the_sheet(&self, up: &str, down: &str) -> String {
        format!("Прокрутка протокола: колесо мыши или {up} / {down}")
    }

    fn rematch_button(&self, keys: &str) -> String {
        format!("Реванш ({keys})")
    }

    fn menu_button(&self, keys: &str) -> String {
        format!("Меню ({keys})")
    }

    fn lag_statistics(
        &self,
        summary: &LagSummary,
        within: usize,
        band_mm: f64,
        before: Option<Before>,
    ) -> Vec<String> {
        let mm = |d: Option<f64>| d.map_or("-".to_owned(), |d| format!("{} мм", dec(d, 0)));
        let s = summary;
        let mut lines = vec![
            format!(
                "{}   {} ({} %)   в пределах {} мм: {within}",
                count(s.lags as u64, "раскат", "раската", "раскатов"),
                count(s.faults as u64, "фол", "фола", "фолов"),
                dec(100.0 * s.fault_rate(), 0),
                dec(band_mm, 0),
            ),
            format!(
                "Среднее {}   лучший {}   разброс {}",
                mm(s.mean_mm),
                mm(s.best_mm),
                mm(s.spread_mm)
            ),
        ];
        if let Some(before) = before {
            let sessions = count(before.sessions as u64, "сеанс", "сеанса", "сеансов");
            lines.push(format!(
                "Ранее: {sessions}; в последнем {}, среднее {}; лучший за всё время {}",
                count(before.last.lags as u64, "раскат", "раската", "раскатов"),
                mm(before.last.mean_mm),
                mm(before.best_ever_mm)
            ));
        }
        lines
    }

    fn history_not_kept(&self, problem: &FileError) -> String {
        format!("История не сохраняется: {}", file_error(problem))
    }

    fn lag_chart(&self, top_mm: f64) -> String {
        format!(
            "Расстояние до переднего борта по раскатам (верх {} мм; красным — фол)",
            dec(top_mm, 0)
        )
    }

    fn profile(
        &self,
        name: &str,
        game: &str,
        summary: Option<&GameSummary>,
        suggested: Option<&str>,
    ) -> Vec<String> {
        let Some(s) = summary else {
            return vec![format!("{name}: партий в игре «{game}» пока нет")];
        };
        let mut lines = vec![
            format!(
                "{name}, {game}: {} {}, {} {}",
                s.matches,
                plural(s.matches as u64, "партия", "партии", "партий"),
                plural(s.won as u64, "выиграна", "выиграны", "выиграно"),
                s.won
            ),
            format!(
                "общая средняя {}, за последние {} — {}, лучшая серия {}",
                dec(s.average, 3),
                s.matches.min(crate::play::profiles::RECENT_MATCHES),
                dec(s.recent_average, 3),
                s.best_run
            ),
        ];
        if let Some(level) = suggested {
            lines.push(format!("Компьютер вашего уровня: {level}"));
        }
        lines
    }

    fn profile_not_kept(&self, problem: &FileError) -> String {
        format!("Профиль не сохраняется: {}", file_error(problem))
    }

    fn profile_chart(&self, top: f64) -> String {
        format!("Средняя каждой партии, слева старые (верх {})", dec(top, 2))
    }

    fn profile_match(&self, m: &MatchRecord) -> String {
        let (year, month, day) = m.date();
        let result = match m.result {
            MatchResult::Won => "победа",
            MatchResult::Lost => "поражение",
            MatchResult::Drawn => "ничья",
        };
        const MONTHS: [&str; 12] = [
            "января",
            "февраля",
            "марта",
            "апреля",
            "мая",
            "июня",
            "июля",
            "августа",
            "сентября",
            "октября",
            "ноября",
            "декабря",
        ];
        let month = MONTHS[(month as usize).clamp(1, 12) - 1];
        format!(
            "{day} {month} {year}  против {}: {} из {} за {} ({}), лучшая серия {}, {result}",
            m.opponents.join(", "),
            m.points,
            m.target,
            count(u64::from(m.innings), "подход", "подхода", "подходов"),
            dec(m.average(), 3),
            m.high_run
        )
    }

    fn records_title(&self) -> &'static str {
        "Статистика игроков"
    }

    fn records_hint(&self, choose: &str, leave: &str) -> String {
        format!("{choose}: другой игрок    {leave}: назад в меню")
    }

    fn records_empty(&self, folder: &str) -> String {
        format!(
            "Записей пока нет: статистика игрока начинается с его первой сыгранной партии ({folder})"
        )
    }

    fn head_string(&self) -> &'static str {
        "передняя линия"
    }

    fn half_of(&self, name: &str) -> String {
        format!("половина игрока {name}")
    }

    fn millimetres(&self, mm: f64) -> String {
        format!("{} мм", dec(mm, 1))
    }

    fn spot_occupied(&self, n: usize, spot: Spot) -> String {
        format!("{n}. {}: занята", self.spot(spot))
    }

    fn spot_here(&self, n: usize, spot: Option<Spot>, ball: &str) -> String {
        let place = spot.map_or("продольная ось".to_owned(), |s| self.spot(s));
        format!("{n}. {place}: сюда ставится {ball}")
    }

    fn contact_at_diamond(&self, n: usize, diamond: f64) -> String {
        format!("{n} ({})", dec(diamond, 1))
    }

    fn controls_hint(&self, keys: &str) -> String {
        format!("{keys}: управление")
    }

    fn stroke_panel(&self, panel: &StrokePanel) -> String {
        let raised = if panel.over_the_rail {
            " (над бортом)"
        } else {
            ""
        };
        let stroke = match panel.short_stroke_mm {
            Some(mm) => format!("короткая ({} мм)", dec(mm, 0)),
            None => format!("полная ({} мм)", dec(panel.full_stroke_mm, 0)),
        };
        format!(
            "Сила: {} м/с\nНаклон кия: {}°{raised}\nТочка удара: {}\nПроводка: {stroke}",
            dec(panel.speed, 2),
            dec(panel.elevation_deg, 1),
            panel.tip,
        )
    }

    fn ready_to_strike(&self) -> &'static str {
        "Готово: щелчок по свободному сукну (не по шарам) или Space — удар"
    }

    fn balls_moving(&self, count: &LiveCount, style: BallStyle) -> String {
        format!("Шары катятся: {}", self.live_count(count, style))
    }

    fn beyond_the_miscue_limit(&self) -> &'static str {
        "За пределом кикса!\nЩелчок по свободному сукну или Space — удар"
    }

    fn ready_with_path(&self, ready: &str, contacts: &[Contact], style: BallStyle) -> String {
        format!("{ready}\nПуть: {}", self.contacts(contacts, style))
    }

    fn ready_to_set_the_tip(&self, ready: &str) -> String {
        format!("{ready}\nТочка удара — на шаре в этой панели (щелчок или перетаскивание)")
    }

    fn contacts_line(&self, contacts: &[Contact], style: BallStyle) -> String {
        format!("Касания (в ромбах): {}", self.contacts(contacts, style))
    }

    fn spots_next(&self) -> &'static str {
        "Затем выскочившие шары выставляются на отметки (правила 21, 26)"
    }

    fn next_up(&self, next: &str, ball: &str, again: bool) -> String {
        if again {
            format!("{next} бьёт снова: {ball} шар")
        } else {
            format!("Далее: {next}, {ball} шар")
        }
    }

    fn go_on_then_hide(&self, keys: &str) -> String {
        format!("{keys}: дальше, затем скрыть это")
    }

    fn stroke_heading(&self, n: usize) -> String {
        format!("Удар {n}")
    }

    fn last_strokes(&self) -> &'static str {
        "Последние удары"
    }

    fn recent_stroke(&self, number: usize, name: &str, verdict: &Verdict) -> Line {
        let note = self.sheet_note(verdict);
        let (what, tone) = if verdict.points > 0 {
            (format!("+{}", verdict.points), Tone::Good)
        } else if note.text.is_empty() {
            ("карамболя нет".to_owned(), note.tone)
        } else {
            (note.text, note.tone)
        };
        Line::new(format!("{number:>3}. {name}: {what}"), tone)
    }

    fn replay_status(&self, state: &ReplayState) -> String {
        let ReplayState {
            stroke,
            strokes,
            t,
            speed,
            keys: [pause, back, forward, slower, faster, earlier, leave],
            ..
        } = state;
        let paused = if state.paused { ", пауза" } else { "" };
        format!(
            "Повтор {stroke}/{strokes}: {} с, скорость {}×{paused}\n{pause}: пауза или дальше, \
             {back} {forward}: шаг, {slower} {faster}: медленнее, быстрее, {earlier}: \
             предыдущий, {leave}: выход",
            dec(*t, 2),
            num(*speed)
        )
    }

    fn break_choice_title(&self, name: &str) -> String {
        format!(
            "{name} — победитель раската: начать партию или уступить начальный удар, и выбрать \
             шар (правила 4, 6)"
        )
    }

    fn break_choice(&self, break_it: bool, ball: &str, other: &str, theirs: &str) -> String {
        if break_it {
            format!("Начать партию {}", ball_in(ball, Case::Ins))
        } else {
            format!(
                "Уступить, оставить себе {ball} шар: {other} начинает {}",
                ball_in(theirs, Case::Ins)
            )
        }
    }

    fn ball_for_the_game(&self, other: &str) -> String {
        format!("Выбранный шар — ваш на всю партию; {other} играет другим.")
    }

    fn won_the_lag(&self, name: &str) -> String {
        format!("{name} — победитель раската (правила 4, 6)")
    }

    fn spotting_title(&self) -> &'static str {
        "Выставление выскочивших шаров (правила 21, 26)"
    }

    fn spotting_order(&self) -> &'static str {
        "Сначала белый шар ставится на переднюю отметку, красный — на заднюю; если она \
         занята — на другую, затем на среднюю."
    }

    fn confirm_restore(&self, keys: &str) -> String {
        format!(
            "Нажмите {keys} ещё раз, чтобы вернуть шары туда, где они стояли до последнего \
             удара (правило 22), — с согласия обоих игроков"
        )
    }

    fn confirm_leave(&self, keys: &str) -> String {
        format!("Нажмите {keys} ещё раз, чтобы выйти: этот сеанс не сохранён")
    }

    fn diagram_saved(&self, path: &std::path::Path) -> String {
        format!("Схема удара сохранена: {}", path.display())
    }

    fn no_stroke_to_save(&self) -> &'static str {
        "Пока нет удара, который можно сохранить"
    }

    fn seat(&self, seat: &Seat) -> String {
        match seat {
            Seat::Named(name) => name.clone(),
            Seat::Unnamed(i) => format!("Игрок {}", i + 1),
            Seat::ComputerLagger => "Компьютер".to_owned(),
            Seat::Ghost => "Призрак".to_owned(),
        }
    }

    fn set_up_refusal(&self, refusal: &SetUpRefusal) -> String {
        let named = |position: &Option<String>, why: String| match position {
            Some(name) => format!("{name}: {why}"),
            None => why,
        };
        match refusal {
            SetUpRefusal::OtherGame { position, game } => {
                format!("«{position}» — позиция игры {game}, а не этой")
            }
            SetUpRefusal::DrillOfOtherGame { drill, game } => {
                format!("упражнение «{drill}» — для игры {game}")
            }
            SetUpRefusal::Start { position, error } => {
                named(position, self.trouble(Trouble::Start(error)))
            }
            SetUpRefusal::Place { position, error } => {
                named(position, self.trouble(Trouble::Place(error)))
            }
            SetUpRefusal::BallsWouldTouch => "шары касались бы друг друга".to_owned(),
            SetUpRefusal::NotAWhite => "битком может быть только белый шар".to_owned(),
        }
    }

    fn menu_title(&self) -> (&'static str, &'static str) {
        (
            "Carom",
            "карамболь для одного или нескольких игроков за одним столом",
        )
    }

    fn menu_hint(&self, choose: &str, change: &str, next: &str, rules: &str) -> String {
        format!(
            "{choose}: выбрать строку    {change}: изменить (игрок: человек или компьютер)\n\
             в строке игрока наберите имя    {next}: следующая строка, начать    {rules}: правила"
        )
    }

    fn menu_label(&self, label: MenuLabel) -> String {
        match label {
            MenuLabel::Language => "Язык".into(),
            MenuLabel::Mode => "Режим".into(),
            MenuLabel::Game => "Игра".into(),
            MenuLabel::Table => "Стол".into(),
            MenuLabel::Target => "Цель".into(),
            MenuLabel::InningsLimit => "Лимит подходов".into(),
            MenuLabel::Handicap => "Фора".into(),
            MenuLabel::SeatTarget(seat) => format!("  цель: {}", self.default_player(seat)),
            MenuLabel::Player(None) => "Игрок".into(),
            MenuLabel::Player(Some(seat)) => self.default_player(seat),
            MenuLabel::Settings => "Настройки".into(),
            MenuLabel::Records => "Статистика игроков".into(),
            MenuLabel::Start => "Начать".into(),
            MenuLabel::Resume => "Продолжить".into(),
        }
    }

    fn versus(&self, names: &[String]) -> String {
        names.join(" — ")
    }

    fn settings_button(&self) -> &'static str {
        "Настройки (графика, звук, камера, шары, клавиши)"
    }

    fn records_button(&self) -> &'static str {
        "Статистика игроков"
    }

    fn resume_offer(&self, offer: &ResumeOffer) -> String {
        match offer {
            ResumeOffer::Ready { players, strokes } => format!(
                "Продолжить: {players}, {}",
                count(*strokes as u64, "удар", "удара", "ударов")
            ),
            ResumeOffer::Finished { players } => {
                format!("Продолжить (последний матч, {players}, окончен)")
            }
            ResumeOffer::Nothing => "Продолжить сохранённый матч (сохранений нет)".into(),
            ResumeOffer::Unreadable => {
                "Продолжить сохранённый матч (сохранение не читается)".into()
            }
        }
    }

    fn menu_note(&self, note: &MenuNote) -> String {
        match note {
            MenuNote::StartReplaces { players, strokes } => format!(
                "Новый матч заменит сохранённый ({players}, {}): нажмите «Начать» ещё раз, чтобы заменить его, или «Продолжить»",
                count(*strokes as u64, "удар", "удара", "ударов")
            ),
            MenuNote::SavedMatchOver => "Сохранённый матч окончен: начните новый".into(),
            MenuNote::NoSavedMatch => "Сохранённого матча нет".into(),
            MenuNote::SaveUnreadable(why) => {
                format!(
                    "{} (файл оставлен как есть)",
                    self.trouble(Trouble::Resume(why))
                )
            }
            MenuNote::NotStarted(problem) => self.trouble(Trouble::Settings(problem)),
            MenuNote::Suggested {
                person,
                average,
                level,
            } => format!(
                "{person} набирает {} за подход в последних партиях: компьютер играет на ближайшем уровне — {level}",
                dec(*average, 3)
            ),
            MenuNote::NoAverage(people) => format!(
                "Законченных партий в этой игре нет у: {}; им — цель партии",
                people.join(", ")
            ),
        }
    }

    fn handicap(&self, handicap: Handicap) -> String {
        match handicap {
            Handicap::Off => "нет: одна цель для всех".into(),
            Handicap::Own => "у каждого своя цель".into(),
            Handicap::FromAverages(n) => format!("цели по средним × {n} подходов"),
        }
    }

    fn level_average(&self, average: f64) -> String {
        format!(" · {} за подход", dec(average, 2))
    }

    fn mode(&self, mode: Mode) -> &'static str {
        match mode {
            Mode::Match => "Матч вдвоём (по очереди)",
            Mode::Practice => "Тренировка (один игрок)",
            Mode::LagTraining => "Тренировка раската (один игрок)",
        }
    }

    fn table_size(&self, name: &str, width_mm: f64, length_mm: f64) -> String {
        format!("{name} ({} × {} мм)", dec(width_mm, 0), dec(length_mm, 0))
    }

    fn innings_limit(&self, limit: Option<u32>) -> String {
        limit.map_or("нет".into(), |n| {
            count(u64::from(n), "подход", "подхода", "подходов")
        })
    }

    fn player_entry(&self, entry: &PlayerEntry) -> String {
        match entry {
            PlayerEntry::Empty => "(нет: впишите имя для игры втроём)".into(),
            PlayerEntry::Person { name, caret } => format!("{name}{caret}"),
            PlayerEntry::Computer {
                name,
                caret,
                level: None,
            } => format!("{name}{caret}   (компьютер)"),
            PlayerEntry::Computer {
                name,
                caret,
                level: Some(level),
            } => format!("{name}{caret}   (компьютер, {level})"),
        }
    }

    fn default_player(&self, seat: usize) -> String {
        format!("Игрок {}", seat + 1)
    }

    fn settings_title(&self) -> &'static str {
        "Настройки"
    }

    fn software_rendering(&self, adapter: &str, chose_low: bool) -> String {
        let why = format!("Рисует процессор ({adapter}), а не видеокарта");
        if chose_low {
            format!(
                "{why}: выбрана низкая графика, чтобы игра шла плавно (высокая рисует здесь около кадра в секунду)."
            )
        } else {
            format!("{why}: здесь лучше всего идёт низкая графика.")
        }
    }

    fn setting(&self, setting: Setting) -> &'static str {
        match setting {
            Setting::Language => "Язык",
            Setting::Quality => "Графика",
            Setting::Shadows => "Тени",
            Setting::AntiAliasing => "Сглаживание",
            Setting::Lighting => "Освещение сукна",
            Setting::DepthPrepass => "Сначала глубина",
            Setting::Resolution => "Разрешение стола",
            Setting::Window => "Окно",
            Setting::Volume => "Громкость",
            Setting::Mute => "Звук",
            Setting::AimAids => "Подсказки: тренировка",
            Setting::AimAidsInMatches => "Подсказки: матч",
            Setting::PredictedPath => "Предсказанный путь",
            Setting::LagBand => "Цель раската",
            Setting::LagSpread => "Компьютер в раскате",
            Setting::ComputerVerdict => "Удары компьютера",
            Setting::Camera => "Камера в начале",
            Setting::BallStyle => "Шары",
            Setting::Cloth => "Сукно",
            Setting::FrameRate => "Показ частоты кадров",
            Setting::Back => "Назад",
        }
    }

    fn setting_value(&self, value: &SettingValue) -> String {
        let on_off = |on: bool| if on { "вкл." } else { "выкл." }.to_owned();
        match value {
            SettingValue::OnOff(on) => on_off(*on),
            SettingValue::Graphics(GraphicsChoice::Low) => "низкая (программная)".into(),
            SettingValue::Graphics(GraphicsChoice::High) => "высокая".into(),
            SettingValue::Graphics(GraphicsChoice::Custom) => "своя".into(),
            SettingValue::Multisampling(true) => "MSAA 4×".into(),
            SettingValue::Multisampling(false) => "выкл.".into(),
            SettingValue::Lighting { full, slow_here } => format!(
                "{}{}",
                if *full {
                    "полное"
                } else {
                    "простое"
                },
                if *slow_here {
                    " (медленно)"
                } else {
                    ""
                }
            ),
            SettingValue::Percent(fraction) => format!("{} %", dec(fraction * 100.0, 0)),
            SettingValue::FullScreen(true) => "во весь экран".into(),
            SettingValue::FullScreen(false) => "в окне".into(),
            SettingValue::Muted(muted) => if *muted {
                "без звука"
            } else {
                "вкл."
            }
            .into(),
            SettingValue::WithinMm(mm) => format!("в пределах {} мм", dec(*mm, 0)),
            SettingValue::SpeedOff(fraction) => {
                format!("ошибка скорости {} %", dec(fraction * 100.0, 0))
            }
            SettingValue::ShownFor(s) => format!("показ {} с", num(*s)),
            SettingValue::Camera(CameraChoice::Behind) => "за шаром".into(),
            SettingValue::Camera(CameraChoice::Top) => "сверху".into(),
            SettingValue::Camera(CameraChoice::Orbit) => "круговой обзор".into(),
            SettingValue::Camera(CameraChoice::Follow) => "за битком".into(),
            SettingValue::Balls(BallStyle::Dotted) => "белый и помеченный".into(),
            SettingValue::Balls(BallStyle::Yellow) => "белый и жёлтый".into(),
            SettingValue::Named(name) => (*name).to_owned(),
            SettingValue::Nothing => String::new(),
        }
    }

    fn keys_heading(&self, file: &str) -> String {
        format!("Клавиши ({file})")
    }

    fn settings_hint(&self, choose: &str, change: &str, leave: &str) -> String {
        format!("{choose}: выбрать строку    {change}: изменить    {leave}: назад в меню")
    }

    fn rules_document(&self) -> &'static str {
        include_str!("../../../docs/rules.ru.md")
    }

    fn rules_title(&self, game: &str) -> String {
        format!("Правила: {game}, затем общие правила")
    }

    fn match_terms(&self, terms: &MatchTerms) -> Vec<String> {
        let target = if terms.targets.is_empty() {
            up_to_points(terms.target)
        } else {
            format!(
                "у каждого своя цель ({})",
                super::named_targets(&terms.targets)
            )
        };
        let innings = match terms.innings_limit {
            None => "без ограничения подходов".to_owned(),
            Some(n) => format!(
                "не больше {} (по исчерпании побеждает набравший больше)",
                count(u64::from(n), "подхода", "подходов", "подходов")
            ),
        };
        let equalising = if terms.equalising_inning {
            "с уравнивающим подходом"
        } else {
            "без уравнивающего подхода: цель сразу приносит победу"
        };
        let mut lines = vec![format!("Этот матч: {target}, {innings}, {equalising}.")];
        if terms.usba {
            lines.push(
                "Отыгрыш (USBA): объявленный отыгрыш — фол (правило 23); правила 24 и 25 не действуют."
                    .to_owned(),
            );
        }
        lines
    }

    fn rules_hint(&self, back: &str, on: &str, close: &str) -> String {
        format!("{back} / {on}: предыдущее / следующее правило    {close}: закрыть")
    }

    fn read_rule(&self, keys: &str, rule: Rule) -> String {
        format!("{keys}: прочитать {}", self.rule(rule))
    }

    fn guide_title(&self, guide: Guide) -> &'static str {
        match guide {
            Guide::Match => "Как играть матч",
            Guide::Practice => "Как тренироваться",
            Guide::LagTraining => "Как тренировать раскат",
            Guide::Drills => "Упражнения",
            Guide::Coach => "Тренер",
        }
    }

    fn guide(&self, guide: Guide, k: &GuideKeys) -> Vec<String> {
        let stroke = [
            format!(
                "{} — поворот кия (удерживайте {} для точной наводки); можно вести мышью.",
                k.aim, k.fine_aim
            ),
            format!(
                "{} — сила удара; {} — точка удара по шару, для вращения; {} — наклон кия.",
                k.power, k.tip, k.elevation
            ),
            format!("{} — удар. {} — другая камера.", k.strike, k.camera),
        ];
        let mut lines: Vec<String> = match guide {
            Guide::Match => vec![
                "Двое (или трое) играют по очереди за одним столом. Сначала раскат решает, \
                 кто начинает партию: оба катят шар к дальнему борту и обратно, побеждает тот, \
                 чей шар остановится ближе к ближнему борту."
                    .into(),
                format!(
                    "В раскате: {} — удар, когда он готов; второй игрок готовит свой, затем оба \
                     шара катятся вместе.",
                    k.strike
                ),
            ],
            Guide::Practice => vec![
                "Один игрок; каждый удар оценивает судья, как в матче, а линия прицела и путь \
                 шара показаны."
                    .into(),
                format!(
                    "{} — отменить удар; {} — переставить шар (перетащите его); {} — \
                     тренировочные позиции по очереди.",
                    k.undo, k.move_ball, k.positions
                ),
            ],
            Guide::LagTraining => vec![
                "Раскат за раскатом: после касания дальнего борта остановите шар как можно \
                 ближе к ближнему (переднему) борту."
                    .into(),
                format!(
                    "{} — раскат из другой половины; {} — другой соперник (никого, компьютер, \
                     ваш лучший раскат).",
                    k.lag_half, k.lag_opponent
                ),
            ],
            Guide::Drills => vec![format!(
                "{} — начать упражнение: набор позиций, каждая по нескольку попыток; \
                 результат считается и сохраняется, чтобы был виден ваш прогресс.",
                k.drill
            )],
            Guide::Coach => vec![format!(
                "{} — спросить удар у тренера: он перебирает удары, как самый сильный \
                 компьютер, и показывает свой прицел; {} — взять этот удар.",
                k.coach, k.take_stroke
            )],
        };
        if matches!(guide, Guide::Match | Guide::Practice | Guide::LagTraining) {
            lines.extend(stroke);
        }
        if guide == Guide::Match {
            lines.push(format!(
                "После каждого удара судья говорит, что засчитано и почему, ссылаясь на \
                 правило: {} открывает его текст. {} — дальше; {} — объявить отыгрыш.",
                k.rules, k.go_on, k.safety
            ));
        }
        // Once, under the mode's own guide (practice's drills and coach follow it).
        if matches!(guide, Guide::Match | Guide::Practice | Guide::LagTraining) {
            lines.push(format!(
                "{} — все клавиши; {} — правила; {} — меню.",
                k.help, k.rules, k.menu
            ));
        }
        lines
    }

    fn guide_hint(&self, keys: &str, help: &str) -> String {
        format!("{keys}: закрыть    {help}: снова это руководство и все клавиши")
    }

    fn notice(&self, notice: &Notice, names: &[String], style: BallStyle) -> String {
        match notice {
            Notice::WrongBall { player, ball } => format!(
                "{} играет {} (правило 6)",
                names.get(*player).map_or("?", String::as_str),
                ball_in(&self.ball(*ball, style), Case::Ins)
            ),
            Notice::NoStroke(e) => format!("Удар невозможен: {}", self.trouble(Trouble::Strike(e))),
            Notice::NoLag(e) => format!("Раскат невозможен: {}", self.trouble(Trouble::Strike(e))),
            Notice::CannotJudge(e) => format!(
                "Судья не может оценить этот удар: {}",
                self.trouble(Trouble::Judge(e))
            ),
            Notice::CannotJudgeLag(e) => {
                format!("Раскат нельзя оценить: {}", self.trouble(Trouble::Lag(e)))
            }
            Notice::NothingToRestore => {
                "Нечего восстанавливать: ещё не сыграно ни одного удара".to_owned()
            }
            Notice::PositionsRestored => {
                "Позиция восстановлена, как до последнего удара (правило 22)".to_owned()
            }
            Notice::SaveFailed(e) => format!("Матч не удалось сохранить: {}", file_error(e)),
            Notice::OldSaveKept(path) => format!(
                "Старое сохранение не читается; оно оставлено как {}",
                path.display()
            ),
            Notice::OldSaveStuck(e) => file_error(e),
            Notice::CannotResume(e) => format!(
                "Сохранённый матч нельзя продолжить: {}",
                self.trouble(Trouble::Start(e))
            ),
            Notice::CannotStart(e) => format!(
                "Матч не может начаться: {}",
                self.trouble(Trouble::Start(e))
            ),
            Notice::CannotSetUp(refusal) => format!(
                "Позицию нельзя расставить: {}",
                self.set_up_refusal(refusal)
            ),
            Notice::NothingToUndo => "Нет удара, который можно отменить".to_owned(),
            Notice::NothingToRedo => "Нет удара, который можно сыграть снова".to_owned(),
        }
    }
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
