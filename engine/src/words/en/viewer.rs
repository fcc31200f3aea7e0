//! Watching a saved match or a share code.

use super::*;

impl ViewerWords for English {
    fn watching(&self, players: &str) -> String {
        format!("Watching {players}")
    }

    fn viewer_status(&self, state: &ViewerState) -> String {
        let ViewerState {
            stroke,
            strokes,
            speed,
            ..
        } = state;
        let paused = if state.paused { ", paused" } else { "" };
        format!("Stroke {stroke} of {strokes}, at {speed}x{paused}")
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
            "{pause}: play or pause, {back} {on}: step back, on\n{slower} {faster}: slower, \
             faster, {leave}: leave\n{before} {next}: the stroke before, the next\n{first} \
             {last}: the first stroke, the last"
        )
    }

    fn viewer_rolling(&self) -> &'static str {
        "The verdict comes when the balls stop."
    }

    fn watch_label(&self) -> &'static str {
        "Watch"
    }

    fn watch_entry(&self, (i, of, players): (usize, usize, &str), strokes: usize) -> String {
        let s = if strokes == 1 { "" } else { "s" };
        format!("{players}, {strokes} stroke{s} ({i}/{of}); or type a share code")
    }

    fn code_hint(&self) -> &'static str {
        "type a share code, or a file's path"
    }

    fn nothing_to_watch(&self) -> &'static str {
        "No saved match to watch yet (a match at the table, or online, is saved as it goes): \
         type a share code."
    }
}
