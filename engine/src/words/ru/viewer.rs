//! Просмотр сохранённого матча или кода.

use super::*;

impl ViewerWords for Russian {
    fn watching(&self, players: &str) -> String {
        format!("Просмотр: {players}")
    }

    fn viewer_status(&self, state: &ViewerState) -> String {
        let ViewerState {
            stroke,
            strokes,
            speed,
            ..
        } = state;
        let paused = if state.paused { ", пауза" } else { "" };
        format!("Удар {stroke} из {strokes}, скорость {speed}x{paused}")
    }

    fn viewer_keys(&self, state: &ViewerState) -> String {
        let [
            pause,
            back,
            on,
            slower,
            faster,
            before,
            next,
            first,
            last,
            leave,
        ] = &state.keys;
        format!(
            "{pause}: пуск или пауза, {back} {on}: шаг назад, вперёд\n{slower} {faster}: \
             медленнее, быстрее, {leave}: выйти\n{before} {next}: удар назад, вперёд\n{first} \
             {last}: первый удар, последний"
        )
    }

    fn viewer_rolling(&self) -> &'static str {
        "Решение будет, когда шары остановятся."
    }

    fn watch_entry(&self, chosen: Option<(usize, usize, &str, usize)>) -> String {
        match chosen {
            Some((i, of, players, strokes)) => format!(
                "Смотреть сохранённый матч ({i}/{of}): {players}, {}",
                count(strokes as u64, "удар", "удара", "ударов")
            ),
            None => "Смотреть сохранённый матч (пока нет)".into(),
        }
    }

    fn code_label(&self) -> &'static str {
        "Код"
    }

    fn code_hint(&self) -> &'static str {
        "введите код или путь к файлу"
    }

    fn open_code_button(&self) -> &'static str {
        "Открыть код (матч: смотреть; удар: тренировать)"
    }

    fn nothing_to_watch(&self) -> &'static str {
        "Сохранённых матчей пока нет: матч за столом или онлайн сохраняется по ходу игры."
    }
}
