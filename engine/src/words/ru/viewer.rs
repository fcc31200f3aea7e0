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

    fn watch_label(&self) -> &'static str {
        "Смотреть"
    }

    fn watch_entry(&self, (i, of, players): (usize, usize, &str), strokes: usize) -> String {
        let strokes = count(strokes as u64, "удар", "удара", "ударов");
        format!("{players}, {strokes} ({i}/{of}); или введите код")
    }

    fn code_hint(&self) -> &'static str {
        "введите код или путь к файлу"
    }

    fn nothing_to_watch(&self) -> &'static str {
        "Сохранённых матчей пока нет (матч за столом или онлайн сохраняется по ходу игры): \
         введите код."
    }
}
