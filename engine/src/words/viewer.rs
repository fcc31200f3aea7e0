//! Watching a saved match or a share code: the viewer at the table, and its entries in
//! the menu.

/// Where the viewer stands, and its keys.
pub struct ViewerState {
    /// Which stroke (from 1) of how many.
    pub stroke: usize,
    pub strokes: usize,
    /// 1: as played.
    pub speed: f64,
    pub paused: bool,
    /// Pause, step back, step on, slower, faster, the stroke before, the next, the first,
    /// the last, leave.
    pub keys: [String; 10],
}

/// The viewer's words.
pub trait ViewerWords {
    /// The panel's title: the match watched, "Watching Ann vs Bob".
    fn watching(&self, players: &str) -> String;
    /// "Stroke 3 of 41, at 2x, paused".
    fn viewer_status(&self, state: &ViewerState) -> String;
    /// The viewer's keys, a line or two.
    fn viewer_keys(&self, state: &ViewerState) -> String;
    /// While the stroke rolls: its verdict comes when the balls stop.
    fn viewer_rolling(&self) -> &'static str;

    // --- the menu ---
    /// The menu's row that watches a saved match or opens a share code.
    fn watch_label(&self) -> &'static str;
    /// The saved match chosen on it: (`i` from 1, of how many, its players), its strokes.
    fn watch_entry(&self, chosen: (usize, usize, &str), strokes: usize) -> String;
    /// What to type on it when no match is saved.
    fn code_hint(&self) -> &'static str;
    /// There is no saved match to watch, and no code typed.
    fn nothing_to_watch(&self) -> &'static str;
}
