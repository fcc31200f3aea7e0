//! The menu's way to a match to watch, one row: the saved matches to step through (the
//! game's own and the online ones, the newest first; left and right step, Enter watches
//! the one shown), or a share code typed on it (or a file's path), which Enter opens
//! instead: a match's code in the viewer, a stroke's in practice at its position.

use super::choices::Row;
use crate::online::{Opened, Physics};
use crate::play::{MatchViewer, Mode, SavedMatch};
use crate::session::{GameConfig, PracticeAt, Screen, Settings, UserFiles, Viewing};
use crate::ui::widgets::Tone;
use crate::words::{Trouble, words};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use std::path::PathBuf;

/// The longest share code (or path) the field takes, characters (a long match's code is
/// tens of thousands).
const MAX_CODE_CHARS: usize = 200_000;
/// Characters of the code shown: its end.
const CODE_SHOWN: usize = 36;

/// The saved matches found when the menu opened, the one chosen, and the code typed.
#[derive(Resource, Default)]
pub(super) struct ToWatch {
    found: Vec<(PathBuf, SavedMatch)>,
    at: usize,
    code: String,
}

impl ToWatch {
    /// The matches with strokes saved in the player's `files`.
    pub(super) fn find(files: &UserFiles) -> ToWatch {
        ToWatch {
            found: SavedMatch::to_watch(files),
            ..ToWatch::default()
        }
    }

    /// The saved match `step`s on (or back), round the list; a code typed goes.
    pub(super) fn step(&mut self, step: i32) {
        let n = self.found.len().max(1) as i32;
        self.at = (self.at as i32 + step).rem_euclid(n) as usize;
        self.code.clear();
    }

    /// What the row shows: the end of the code typed (and the caret), else the saved
    /// match chosen, its players and strokes, else what to type.
    pub(super) fn shown(&self, caret: &str) -> String {
        if self.code.is_empty() {
            let Some((_, saved)) = self.found.get(self.at) else {
                return format!("{}{caret}", words().code_hint());
            };
            let players = words().versus(&saved.settings.seated());
            let chosen = (self.at + 1, self.found.len(), players.as_str());
            return words().watch_entry(chosen, saved.strokes.len());
        }
        let chars = self.code.chars().count();
        let end: String = self
            .code
            .chars()
            .skip(chars.saturating_sub(CODE_SHOWN))
            .collect();
        let cut = if chars > CODE_SHOWN { "…" } else { "" };
        format!("{cut}{end}{caret}")
    }
}

/// Typing on the watch row writes a code; Backspace deletes.
pub(super) fn type_code(
    mut keys: MessageReader<KeyboardInput>,
    selected: Res<super::MenuState>,
    mut to_watch: ResMut<ToWatch>,
) {
    if selected.selected != Row::Watch {
        keys.clear();
        return;
    }
    for key in keys.read().filter(|k| k.state.is_pressed()) {
        crate::ui::widgets::type_into(&mut to_watch.code, key, MAX_CODE_CHARS);
    }
}

/// Opens the code typed, else watches the saved match chosen: to the table, or what
/// stands in the way.
pub(super) fn open(
    to_watch: &ToWatch,
    config: &GameConfig,
    commands: &mut Commands,
    settings: &mut Settings,
    screen: &mut NextState<Screen>,
) -> Option<(String, Tone)> {
    let code = to_watch.code.trim();
    let opened = if !code.is_empty() {
        match Opened::open(&config.0, code) {
            Ok(opened) => opened,
            Err(e) => return Some((words().trouble(Trouble::Open(&e)), Tone::Bad)),
        }
    } else {
        let Some((_, saved)) = to_watch.found.get(to_watch.at) else {
            return Some((words().nothing_to_watch().to_owned(), Tone::Warn));
        };
        match MatchViewer::open(&config.0, saved.clone()) {
            Ok(viewer) => Opened::Match {
                viewer: Box::new(viewer),
                physics: Physics::Same,
            },
            Err(e) => return Some((words().trouble(Trouble::Start(&e)), Tone::Bad)),
        }
    };
    match opened {
        Opened::Match { viewer, physics } => {
            commands.insert_resource(Viewing {
                viewer: *viewer,
                physics,
            });
        }
        Opened::Position { position, .. } => {
            settings.mode = Mode::Practice;
            commands.insert_resource(PracticeAt(*position));
        }
    }
    screen.set(Screen::Table);
    None
}
