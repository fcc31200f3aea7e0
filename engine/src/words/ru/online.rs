//! Игра по сети без окна.

use super::*;

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

    fn shared_physics_differs(&self, theirs: &str, ours: &str) -> String {
        format!(
            "этим кодом поделилась сборка с другой физикой (отпечаток {theirs}, наш {ours}): \
             его удары сыграны здесь заново и могут сыграть иначе"
        )
    }
}
