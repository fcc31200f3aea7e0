//! What went wrong, in words: every error the layers below return.

use super::*;
use crate::computer;
use crate::diamond_systems::{NAMES, SweepError};
use crate::fit::data::ShotProblem;
use crate::online::{
    ChatRefusal, LEAVING_GRACE_S, LEAVING_LOSS_MAX_S, LeavingRuleError, LinkError, LobbyError,
    MoveError, Note, OpenError, PackedRecordError, Refusal, ShareError, TransportError,
};
use crate::physics::{self, ShotError};
use crate::play::SettingsError;
use crate::play::typed_place::TypedPlaceError;

impl TroubleWords for Russian {
    fn trouble(&self, trouble: Trouble) -> String {
        match trouble {
            Trouble::File(e) => file_error(e),
            Trouble::Start(StartError::Unknown(e)) => self.trouble(Trouble::Unknown(e)),
            Trouble::Start(StartError::Setup(e)) => self.trouble(Trouble::Setup(e)),
            Trouble::Start(StartError::Stroke { number, error }) => {
                format!("удар {number}: {}", self.trouble(Trouble::Judge(error)))
            }
            Trouble::Start(StartError::SavedPhase(at)) => {
                format!(
                    "`at`: сохранённая фаза `{}` не сходится с ударами и игроками матча",
                    at.name()
                )
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
                JudgeError::Impossible(e) => self.trouble(Trouble::Record(e)),
                JudgeError::NoTimeOutLeft { player } => format!(
                    "игрок {player} (нумерация с 0) взял тайм-аут, а тайм-аутов у него не осталось"
                ),
                JudgeError::SetBreakerPending { set } => format!(
                    "начинающего сет {set} решает жеребьёвка (лаг): назовите его в `set_breakers`"
                ),
            },
            Trouble::Record(e) => match e {
                RecordError::MeetsItself(ball) => format!(
                    "в событии `ball_ball` {} шар касается сам себя: касание — это два шара",
                    ball_word(*ball)
                ),
                RecordError::RestNotANumber(ball) => format!(
                    "`final`: место, где остановился {} шар, — не число (метры на столе)",
                    ball_word(*ball)
                ),
                RecordError::EventTime { index } => format!(
                    "events[{index}]: время `t` должно быть конечным числом секунд не раньше первого удара наклейки"
                ),
                RecordError::StrikeNotANumber => {
                    "числа события `strike` должны быть конечными".into()
                }
                RecordError::NoStrike => self.trouble(Trouble::Judge(&JudgeError::NoStrike)),
                RecordError::NotAtRest => self.trouble(Trouble::Judge(&JudgeError::NotAtRest)),
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
            Trouble::Stroke(e) => stroke_error(e),
            Trouble::Shot(ShotError::Place(e)) => self.trouble(Trouble::Place(e)),
            Trouble::Shot(ShotError::Strike(e)) => self.trouble(Trouble::Strike(e)),
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
                    "{} шар в точке ({}; {}) не на поле: на столе «{preset}» центр шара должен лежать в пределах ±{} м по x и ±{} м по y",
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
                    "шары «{}» и «{}» наложены: между центрами {} м, нужно не меньше {} м (диаметр шара)",
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
                SetupError::SetsForTwo(n) => {
                    format!("матч по сетам играют 2 игрока, а не {n}")
                }
                SetupError::SetsPlayedOut => "сеты играются до своих очков: без лимита \
                     подходов, без уравнивающего подхода, без форы"
                    .into(),
                SetupError::NoSetBreakPending => "начинающий сета назван, когда ни один сет его \
                     не ждёт (только после сета, за которым следует лаг)"
                    .into(),
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
                    Keyed::MatchFormat => {
                        format!("в formats.ron нет регламента «{key}»; есть: {known}")
                    }
                    Keyed::Exam => {
                        format!("среди встроенных упражнений нет экзамена «{key}»; есть: {known}")
                    }
                    Keyed::Condition => {
                        format!("в условиях physics.ron нет состояния стола «{key}»; есть: {known}")
                    }
                }
            }
            Trouble::TypedPlace(e) => match e {
                TypedPlaceError::NoBall { known } => format!(
                    "начните с шара: {} (например, «красный 3,5 / 1,25»)",
                    known.join(", ")
                ),
                TypedPlaceError::NotTwoNumbers(rest) => format!(
                    "«{rest}»: после шара — два числа ромбов, вдоль и поперёк \
                     (например, «красный 3,5 / 1,25»)"
                ),
                TypedPlaceError::OffTheRail { along, value, most } => format!(
                    "{} {}: ромбы борта идут от 0 до {most}",
                    dec(*value, 2),
                    if *along { "вдоль стола" } else { "поперёк" }
                ),
            },
            Trouble::Settings(e) => match e {
                SettingsProblem::NoGame(key) => format!("в games.ron нет игры «{key}»"),
                SettingsProblem::NoFormat(key) => {
                    format!("в formats.ron нет регламента матча «{key}»")
                }
                SettingsProblem::SetsPlayedOut => "матч по сетам — для двух игроков и \
                     играется до конца: без лимита подходов и без форы"
                    .into(),
                SettingsProblem::NoTable(key) => format!("в tables.ron нет стола «{key}»"),
                SettingsProblem::NoCondition(key) => {
                    format!("в условиях physics.ron нет состояния стола «{key}»")
                }
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
            Trouble::SettingsFile(SettingsError::File(e)) => file_error(e),
            Trouble::SettingsFile(SettingsError::Problem(e)) => {
                self.trouble(Trouble::Settings(e))
            }
            Trouble::MissingPosition(e) => {
                format!("{}: нет позиции «{}»", e.drill, e.position)
            }
            Trouble::Sweep(e) => match e {
                SweepError::Table(e) => self.trouble(Trouble::Unknown(e)),
                SweepError::Place(e) => format!(
                    "биток нельзя поставить: {}",
                    self.trouble(Trouble::Place(e))
                ),
                SweepError::OutsideTheSystem { start, first_rail } => format!(
                    "в системе «плюс» нет исхода {} или первого борта {} \
                     (исход от 20 до 80 и от 90 до 110; первый борт от 0 до 50)",
                    dec(*start, 1),
                    dec(*first_rail, 1)
                ),
                SweepError::Strike(e) => format!(
                    "удар системы нельзя сыграть: {}",
                    self.trouble(Trouble::Strike(e))
                ),
            },
            Trouble::Samples(e) => match e {
                ShotProblem::NoBall(key) => format!("нет шара «{key}»"),
                ShotProblem::FewSamples => {
                    "у шара должно быть не меньше двух замеров, и x и y столько же, сколько t"
                        .into()
                }
            },
            Trouble::SimulationBench(e) => match e {
                physics::bench::BenchError::Table(e) => self.trouble(Trouble::Unknown(e)),
                physics::bench::BenchError::Shot(e) => self.trouble(Trouble::Shot(e)),
            },
            Trouble::ComputerBench(e) => match e {
                computer::bench::BenchError::Start(e) => self.trouble(Trouble::Start(e)),
                computer::bench::BenchError::NothingToPlay => {
                    "в расстановке нечего играть".into()
                }
            },
            Trouble::Refusal(e) => match e {
                Refusal::TooLarge { bytes, max } => {
                    format!("сообщение в {bytes} байт, больше допустимых {max}")
                }
                Refusal::Malformed(why) => format!("не сообщение этого протокола: {why}"),
                Refusal::UnknownVersion(v) => format!(
                    "сообщение протокола версии {v}; эта сборка говорит на версии {}",
                    crate::online::PROTOCOL_VERSION
                ),
                Refusal::Forged => "сообщение с чужой подписью".into(),
                Refusal::OtherTable => "сообщение другого стола".into(),
                Refusal::Replayed { n, last } => {
                    format!("повтор сообщения (его номер {n}, последний принятый {last})")
                }
                Refusal::SeatingNotFromHost => "рассадка без подписи хозяина стола".into(),
                Refusal::NotSeated => "ход игрока от того, кто не сидит за столом".into(),
                Refusal::WrongSeat { seat } => match seat {
                    Some(seat) => format!("сообщение от чужого места {seat}"),
                    None => "ход игрока без места".into(),
                },
                Refusal::OutOfTurn => "ход, который стол сейчас не принимает".into(),
                Refusal::LagNotAsCommitted { seat } => {
                    format!("раскат места {seat} не тот, что был обещан")
                }
                Refusal::NotThisState { number } => {
                    format!("удар {number} сыгран из другого положения стола")
                }
                Refusal::Record(e) => self.trouble(Trouble::PackedRecord(e)),
                Refusal::Terms(why) => format!("условия, на которых стол не играет: {why}"),
            },
            Trouble::OnlineNote(note) => match note {
                Note::Refused(e) => format!("отброшено: {}", self.trouble(Trouble::Refusal(e))),
                Note::PhysicsDiffers { name, theirs, ours } => format!(
                    "у сборки игрока {name} другая физика (отпечаток {theirs}, наш {ours}): \
                     удары у него могут сыграть иначе; каждый удар засчитывается так, как его сыграл бьющий"
                ),
                Note::RecordDiffers { number, seat } => format!(
                    "удар {number} (место {seat}) здесь играет иначе, чем в записи бьющего; \
                     матч идёт дальше по записи бьющего"
                ),
                Note::Conceded { seat } => format!("место {seat} сдаёт партию"),
                Note::Abandoned {
                    seat,
                    verdict,
                    match_s,
                    away_s,
                } => format!(
                    "место {seat} ушло на {match_s}-й секунде партии и не вернулось за {away_s} с: {}",
                    self.leaving_verdict(*verdict)
                ),
            },
            Trouble::Share(e) => match e {
                ShareError::NotACode { expected } => {
                    format!("это не код такого рода (он начинается с «{expected}»)")
                }
                ShareError::Packed(e) => packed("код", e),
                ShareError::NotWhatItSays(why) => format!("код не то, чем назван: {why}"),
                ShareError::NoStrike { number } => {
                    format!("в ударе {number} матча нет удара кием, нечем поделиться")
                }
                ShareError::Replay(e) => self.trouble(Trouble::Start(e)),
                ShareError::Unplayable { number, error } => {
                    format!("удар {number}: {}", self.trouble(Trouble::Shot(error)))
                }
            },
            Trouble::Transport(e) => match e {
                TransportError::TooLarge { bytes, max } => {
                    format!("сообщение в {bytes} байт, больше {max}, что несёт стол")
                }
                TransportError::TooFast => {
                    "ретранслятор отклонил сообщение: отправлено быстрее, чем он позволяет".into()
                }
                TransportError::Closed(why) => format!("связь со столом потеряна: {why}"),
            },
            Trouble::Move(e) => match e {
                MoveError::NotYourTurn => "сейчас не очередь этого места".into(),
                MoveError::NoStroke(why) => format!("стол не принимает удар: {why}"),
                MoveError::NotTheCommittedLag => {
                    "это место в этом круге обещало другой удар раската".into()
                }
            },
            Trouble::PackedRecord(e) => packed("запись удара", e),
            Trouble::Identity(e) => format!("ключ не создан: {}", e.0),
            Trouble::Link(e) => match e {
                LinkError::File(e) => self.trouble(Trouble::File(e)),
                LinkError::Identity(e) => self.trouble(Trouble::Identity(e)),
                LinkError::Transport(e) => self.trouble(Trouble::Transport(e)),
                LinkError::Serve { listen, error } => format!("нельзя слушать {listen}: {error}"),
                LinkError::Physics(why) => format!("физику этой сборки не удаётся снять: {why}"),
                LinkError::Code(code) => format!("это не код стола: {code}"),
            },
            Trouble::Leaving(LeavingRuleError::Grace(grace_s)) => format!(
                "`leaving.grace_s` равно {grace_s}; можно от {} до {} с",
                LEAVING_GRACE_S.start(),
                LEAVING_GRACE_S.end()
            ),
            Trouble::Leaving(LeavingRuleError::Windows {
                void_within_s,
                loses_within_s,
            }) => format!(
                "`leaving`: партия не засчитывается до {void_within_s} с, поражение до \
                 {loses_within_s} с; можно: первое не дольше второго, второе от 0 до \
                 {LEAVING_LOSS_MAX_S} с"
            ),
            Trouble::Lobby(e) => match e {
                LobbyError::NoSuchPlayer => "такого игрока в зале нет".into(),
                LobbyError::NoSuchChallenge => "этот вызов уже не в силе".into(),
                LobbyError::AlreadyChallenged => "этот игрок уже вызван".into(),
                LobbyError::Chat(ChatRefusal::Empty) => "пустая строка не отправляется".into(),
                LobbyError::Chat(ChatRefusal::TooLong { chars, max }) => {
                    format!("строка в {chars} знаков; можно не больше {max}")
                }
                LobbyError::Chat(ChatRefusal::TooFast { max, window }) => format!(
                    "не больше {max} строк за {} с: подождите",
                    window.as_secs()
                ),
                LobbyError::Chat(ChatRefusal::Muted) => "звук выключен".into(),
            },
            Trouble::Open(e) => match e {
                OpenError::File(e) => format!("{}; {OPENS}", file_error(e)),
                OpenError::Code { what, error } => {
                    format!("{what}: {}; {OPENS}", self.trouble(Trouble::Share(error)))
                }
                OpenError::Unknown { file } => format!(
                    "{}: не сохранённый матч, не позиция и не код; {OPENS}",
                    file.display()
                ),
                OpenError::Replay { what, error } => format!(
                    "{what}: матч здесь не сыграть: {}",
                    self.trouble(Trouble::Start(error))
                ),
                OpenError::NotAPosition { what } => format!(
                    "{what}: это матч, а не позиция (его покажет `carom watch`); дайте \
                     тренировочную позицию (.ron) или код удара (carom-stroke-1.…)"
                ),
                OpenError::Fingerprint(e) => format!(
                    "отпечаток физики этой сборки не вычислить: {}",
                    self.trouble(Trouble::Shot(e))
                ),
            },
        }
    }

    fn command_line(&self, problem: &CommandLineProblem) -> String {
        match problem {
            CommandLineProblem::NoConfigFolder => {
                "нет такой папки настроек (--config называет папку файлов RON)".into()
            }
            CommandLineProblem::NotAFolder => "это не папка".into(),
            CommandLineProblem::BallCount(n) => format!(
                "в `balls` {}; допустимо от 1 до 4",
                count(*n as u64, "шар", "шара", "шаров")
            ),
            CommandLineProblem::SampleRate { hz, max } => format!(
                "`sample_hz` равно {}; допустимо больше 0 и не больше {}",
                num(*hz),
                num(*max)
            ),
            CommandLineProblem::PositionNotShot => {
                "это позиция (`cue_ball`, без `stroke`): её удар выбирает `carom suggest`".into()
            }
            CommandLineProblem::StrokeOrLaunch => {
                "укажите что-то одно: `stroke` или `launch`".into()
            }
            CommandLineProblem::NoGame => {
                "нет игры: укажите `--game ИГРА` или `game` в файле".into()
            }
            CommandLineProblem::NoCueBall => {
                "позиция называет шар, которым играть: `cue_ball: White` (или Dotted)".into()
            }
            CommandLineProblem::GameNeedsStroke => {
                "для `game` нужен `stroke`: у `launch` нет кия, судить нечего".into()
            }
            CommandLineProblem::CueBallOff => "битка нет на столе".into(),
            CommandLineProblem::BadFiles(each) => format!(
                "нельзя использовать {}:\n{}",
                count(each.len() as u64, "файл", "файла", "файлов"),
                each.join("\n")
            ),
            CommandLineProblem::NotAJoinCode(text) => format!(
                "`{text}` — не код стола (64 буквы, цифры, - и _, как его напечатал хозяин)"
            ),
            CommandLineProblem::UnknownSystem(name) => {
                format!("системы `{name}` нет; известны: {}", NAMES.join(", "))
            }
            CommandLineProblem::NotForSystem { option, system } => format!(
                "{option}: не для системы {system} (её развёртка покрывает весь её диапазон); \
                 только для five-and-half"
            ),
            CommandLineProblem::OutOfRange {
                what,
                value,
                low,
                high,
            } => format!(
                "{what} равно {}; допустимо от {} до {}",
                num(*value),
                num(*low),
                num(*high)
            ),
            CommandLineProblem::NotJsonOrRon => "файл матча — это .json или .ron".into(),
            CommandLineProblem::CannotRead(e) => format!("не читается: {e}"),
            CommandLineProblem::NotFinite(number) => {
                format!("{number} — не конечное число; допустимы только конечные числа")
            }
            CommandLineProblem::RonNamesAreStrings => {
                " (в файле матча RON имена — строки: \"white\", а не white)".into()
            }
        }
    }
}

/// Упакованный текст (запись удара, код: `what`), который не распаковывается.
/// Что можно открыть, чтобы посмотреть или потренироваться.
const OPENS: &str = "дайте сохранённый матч (.json: match.json игры или сохранение \
                     онлайн-матча), тренировочную позицию (.ron) или код (carom-match-1.… \
                     или carom-stroke-1.…), сам по себе или в текстовом файле";

fn packed(what: &str, e: &PackedRecordError) -> String {
    match e {
        PackedRecordError::NotBase64 => format!("{what} не в base64"),
        PackedRecordError::DoesNotInflate => format!("{what} не распаковывается"),
        PackedRecordError::TooLarge { max } => {
            format!("{what} распаковывается больше чем в {max} байт")
        }
        PackedRecordError::NotARecord(why) => format!("это не {what}: {why}"),
    }
}
