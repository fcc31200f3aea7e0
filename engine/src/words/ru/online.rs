//! Игра по сети без окна.

use super::*;
use crate::online::{Presence, Role};
use crate::words::{OnlineLabel, OnlineLine, OnlineWait};

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
}
