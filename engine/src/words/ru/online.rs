//! Игра по сети без окна.

use super::*;
use crate::online::{Presence, Role};
use crate::play::{LeavingVerdict, MatchEnding};
use crate::words::{LobbyEntry, LobbyNews, OnlineClocks, OnlineLabel, OnlineLine, OnlineWait};

impl OnlineWords for Russian {
    fn online_hosting(&self, lan_url: &str, listening: &str) -> String {
        format!(
            "столы принимаются по адресу {lan_url} (слушаю {listening}); игроки и зрители \
             указывают этот адрес в --relay; остановить: Ctrl-C\n"
        )
    }

    fn online_struck(&self, number: u32) -> String {
        format!("удар {number} сыгран, его запись отправлена")
    }

    fn online_arrived(&self, number: u32) -> String {
        format!("удар {number} пришёл")
    }

    fn online_reconnected(&self) -> String {
        "снова на связи со столом".into()
    }

    fn shared_physics_differs(&self, theirs: &str, ours: &str) -> String {
        format!(
            "этим кодом поделилась сборка с другой физикой (отпечаток {theirs}, наш {ours}): \
             его удары сыграны здесь заново и могут сыграть иначе"
        )
    }

    fn online_label(&self, label: OnlineLabel) -> String {
        match label {
            OnlineLabel::Title => "По сети",
            OnlineLabel::Relay => "Ретранслятор",
            OnlineLabel::Code => "Код стола",
            OnlineLabel::HostHere => "Открыть стол на этом компьютере (локальная сеть)",
            OnlineLabel::HostOnRelay => "Открыть стол на ретрансляторе",
            OnlineLabel::Join => "Сесть за стол по коду",
            OnlineLabel::Watch => "Смотреть стол по коду",
            OnlineLabel::Lobby => "В зал (игроки, столы, вызовы, чат)",
            OnlineLabel::Back => "Назад",
        }
        .into()
    }

    fn online_comeback(&self, role: Role) -> String {
        let as_ = match role {
            Role::Host => "хозяином стола",
            Role::Player => "гостем",
            Role::Spectator => "зрителем",
        };
        format!("Вернуться за стол, где вы были {as_}")
    }

    fn online_hint(&self, up_down: &str, confirm: &str, back: &str) -> String {
        format!(
            "{up_down}: выбор · адрес ретранслятора и код набираются в своей строке · {confirm}: вперёд · {back}: назад"
        )
    }

    fn online_wait(&self, wait: &OnlineWait) -> String {
        match wait {
            OnlineWait::Hosting { code, lan_url } => {
                let at = lan_url.map_or(String::new(), |url| {
                    format!("\nИгрок в вашей сети указывает {url} как ретранслятор.")
                });
                format!("Ждём игрока. Код стола:\n{code}{at}")
            }
            OnlineWait::Joining => "Соединяемся со столом…".into(),
            OnlineWait::NoRelay => {
                "Сначала наберите адрес ретранслятора (http://ХОСТ:ПОРТ).".into()
            }
            OnlineWait::NoCode => "Это не код стола (64 знака: буквы, цифры, - и _).".into(),
        }
    }

    fn online_line(&self, line: &OnlineLine) -> String {
        let me = match line.seat {
            Some(seat) => format!(
                "По сети: вы играете за {}",
                line.names.get(seat).map_or("", String::as_str)
            ),
            None => "По сети: вы зритель".into(),
        };
        let connection = match line.connected {
            true => "",
            false => " · ваше соединение прервано, восстанавливаем…",
        };
        let other = match line.other {
            Presence::Connected => "на связи",
            Presence::Reconnecting => "восстанавливает связь…",
            Presence::Gone => "ушёл",
        };
        format!("{me}{connection} · {}: {other}", line.other_name)
    }

    fn lobby_title(&self, relay: &str, handicap: bool) -> String {
        let handicap = if handicap {
            "вызовы с форой по средним обоих"
        } else {
            "вызовы до очков из меню"
        };
        format!("Зал · {relay} · {handicap}")
    }

    fn lobby_entry(&self, entry: &LobbyEntry) -> String {
        match entry {
            LobbyEntry::Incoming {
                from,
                game,
                targets,
            } => {
                // Фора: очки вызвавшего (он хозяин стола, место 0), затем ваши.
                let to = match targets {
                    [theirs, yours] => format!("{from} до {theirs}, вы до {yours}"),
                    _ => format!("до {}", targets.first().copied().unwrap_or_default()),
                };
                format!("{from} вызывает вас: {game}, {to} · принять или отказать")
            }
            LobbyEntry::OpenTable => {
                "Открыть стол на матч из меню: кто сядет за него отсюда, сыграет с вами".into()
            }
            LobbyEntry::Outgoing { to } => format!("Вы вызвали {to} · ждём ответа (отменить)"),
            LobbyEntry::Player {
                name,
                average,
                playing,
                me,
                muted,
            } => {
                let average = average.map_or("среднего ещё нет".to_owned(), |a| {
                    format!("среднее {a:.3}")
                });
                let mut line = format!("{name} · {average}");
                if *me {
                    line.push_str(" · вы");
                }
                if *playing {
                    line.push_str(" · за столом");
                }
                if *muted {
                    line.push_str(" · без звука");
                }
                line
            }
            LobbyEntry::Table {
                game,
                players,
                score,
                open,
                over,
            } => {
                let state = match (open, over) {
                    (true, _) => "ждёт соперника · сесть".to_owned(),
                    (_, true) => "партия окончена · смотреть".to_owned(),
                    _ => "идёт игра · смотреть".to_owned(),
                };
                // An open table has no score yet.
                let score = match score.is_empty() {
                    true => String::new(),
                    false => {
                        let points: Vec<String> = score.iter().map(u32::to_string).collect();
                        format!(" · {}", points.join(" : "))
                    }
                };
                format!("Стол · {game} · {}{score} · {state}", players.join(" – "))
            }
        }
    }

    fn lobby_news(&self, news: &LobbyNews) -> String {
        match news {
            LobbyNews::Challenged { by } => format!("{by} вызывает вас."),
            LobbyNews::Declined { by } => format!("{by} отказался (или ушёл)."),
            LobbyNews::Cancelled { by } => format!("{by} отменил вызов (или ушёл)."),
            LobbyNews::Accepted { by } => format!("Игра с {by}: открываем стол…"),
            LobbyNews::Unreachable => "Ретранслятор недоступен; пробуем снова…".into(),
        }
    }

    fn lobby_hint(
        &self,
        up_down: &str,
        act: &str,
        other: &str,
        handicap: &str,
        back: &str,
    ) -> String {
        format!(
            "{up_down}: выбор · {act}: вызвать, принять, отменить, смотреть (или отправить набранное) · \
             {other}: отказать, выключить звук · {handicap}: фора вкл./выкл. · набирайте, чтобы писать · {back}: выйти"
        )
    }

    fn online_clocks(&self, clocks: &OnlineClocks) -> String {
        let clock = |s: u64| format!("{}:{:02}", s / 60, s % 60);
        let rule = clocks.rule;
        let away = clocks.away.map_or(String::new(), |(name, s)| {
            format!(
                " · {name} нет {} из {}",
                clock(s),
                clock(rule.grace_s.into())
            )
        });
        format!(
            "Партия {}{away} · уход: до {} с партия не засчитана, до {} с ушедшему поражение, позже победа сопернику",
            clock(clocks.game_s),
            rule.void_within_s,
            rule.loses_within_s
        )
    }

    fn online_ending(&self, ending: &MatchEnding, names: &[String]) -> String {
        let name = |player: &usize| names.get(*player).map_or("", String::as_str).to_owned();
        match ending {
            MatchEnding::Conceded { player } => format!("{} сдал партию.", name(player)),
            MatchEnding::Abandoned {
                player,
                verdict,
                match_s,
                away_s,
            } => format!(
                "Стол закрыт: {} ушёл на {match_s}-й секунде партии и не вернулся за {away_s} с: {}.",
                name(player),
                self.leaving_verdict(*verdict)
            ),
        }
    }

    fn chat_prompt(
        &self,
        typing: Option<&str>,
        chat_key: &str,
        concede_key: Option<&str>,
    ) -> String {
        match (typing, concede_key) {
            (Some(line), _) => format!("Сказать: {line}_"),
            (None, Some(concede)) => format!("{chat_key}: чат · {concede}: сдаться"),
            (None, None) => format!("{chat_key}: чат"),
        }
    }

    fn concede_confirm(&self, concede_key: &str) -> String {
        format!("Нажмите {concede_key} ещё раз, чтобы сдать партию.")
    }

    fn leaving_verdict(&self, verdict: LeavingVerdict) -> &'static str {
        match verdict {
            LeavingVerdict::Void => "партия не засчитана",
            LeavingVerdict::LeaverLoses => "ушедшему поражение",
            LeavingVerdict::OpponentWins => "сопернику засчитана победа",
        }
    }
}
