//! `controls.ron`: which keys and mouse buttons do what. Gameplay code reads
//! `Action`s, never raw keys (STYLE 8). Keys and buttons are named here as plain data;
//! the game's input layer maps the names to its window system's keys.

use super::{ConfigError, Source, range::ranged};
use serde::Deserialize;
use std::collections::BTreeMap;

/// What a player can do at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
pub enum Action {
    /// Turn the aim, in fine steps (the mouse aims coarsely).
    AimLeft,
    AimRight,
    /// Hold to keep the aim while the mouse moves elsewhere.
    HoldAim,
    PowerUp,
    PowerDown,
    /// Move the tip's contact point on the cue ball.
    TipUp,
    TipDown,
    TipLeft,
    TipRight,
    /// Raise and lower the butt of the cue.
    ElevationUp,
    ElevationDown,
    /// Switch between a full stroke and a short one, for close balls (rule 13).
    ShortStroke,
    Strike,
    /// Hold and drag to orbit the camera.
    OrbitCamera,
    /// The next camera view (behind the cue ball, top, orbit, follow).
    NextCamera,
    /// Back to the default view.
    ResetCamera,
    /// Show or hide the last stroke's paths and the cue ball's contacts on the cloth.
    ToggleTrails,
    /// Save the last stroke as an SVG diagram in the data folder.
    ExportDiagram,
    /// Practice: the next or previous position of this game's library.
    NextPosition,
    PreviousPosition,
    /// Practice: aim as the position's stored stroke plays it.
    PositionStroke,
    /// Practice: the coach shows the stroke its level would play; again: take it as the
    /// aim.
    Coach,
    /// Practice: save the balls where they stand, with the stroke as set, as a position.
    SavePosition,
    /// Practice: delete the player's own position shown.
    DeletePosition,
    /// Practice: start this game's next drill.
    NextDrill,
    /// Practice: take the last stroke back; play it again; take it back and aim as it
    /// was played.
    Undo,
    Redo,
    Retry,
    /// Practice: held while a ball is dragged, it goes onto a spot or a diamond line.
    Snap,
    /// Practice: play on with the other white.
    NextCueBall,
    /// Lag training: lag from the other half.
    SwitchLagHalf,
    /// Lag training: the next opponent (alone, the computer, one's own best).
    LagOpponent,
    /// Replay the last stroke; again: the one before.
    Replay,
    /// Pause the replay, or play it on.
    ReplayPause,
    /// Step the replay back, or on (it pauses).
    ReplayBack,
    ReplayForward,
    /// Replay slower, or faster.
    ReplaySlower,
    ReplayFaster,
    /// Watching a saved match: the stroke before, the next one, the first, the last.
    PreviousStroke,
    NextStroke,
    FirstStroke,
    LastStroke,
    /// Hold and draw the mouse back, then push it forward: a stroke whose power is the
    /// length of the draw-back.
    MouseStroke,
    ToggleHelp,
    /// Open or close the rules of the game (at a verdict: at the rule it cites first).
    ToggleRules,
    /// Declare the next stroke an intentional safety (rules 23–25).
    DeclareSafety,
    /// Put the balls back where they were before the last stroke (rule 22).
    RestorePositions,
    /// Call one of the shooter's time-outs on the shot clock (a match format's).
    TimeOut,
    /// At an online table: start a chat line (Enter says it), and give the game up
    /// (pressed twice).
    Chat,
    Concede,
    /// In the lobby: decline a challenge, withdraw one's own, mute (or unmute) a
    /// player; and ask challenges for a handicap from both averages, or not.
    Decline,
    Handicap,
    /// Back to the menu.
    Menu,
    /// Go on: confirm the break set-up, dismiss a result, start a rematch.
    Confirm,
    /// Hold on a ball and drag to move it where the rules allow (lag, break set-up).
    MoveBall,
    /// The lag winner's choices (rules 4, 6): break with the white, break with the
    /// dotted, pass the break keeping the white, pass keeping the dotted.
    Choose1,
    Choose2,
    Choose3,
    Choose4,
    /// Menu navigation.
    MenuUp,
    MenuDown,
    MenuLeft,
    MenuRight,
}

/// One physical input.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub enum Binding {
    /// A key, named as Bevy's `KeyCode` variants are (`KeyW`, `ArrowLeft`, `Space`).
    Key(String),
    /// A mouse button: `Left`, `Right` or `Middle`.
    Mouse(String),
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ControlsConfig {
    pub bindings: BTreeMap<Action, Vec<Binding>>,
    /// Camera turn per pixel of mouse motion while orbiting, rad.
    #[serde(deserialize_with = "orbit_sensitivity")]
    pub orbit_sensitivity: f64,
}

impl ControlsConfig {
    /// Every binding names a real key or button, and every action has one.
    pub(super) fn check(&self, source: &Source) -> Result<(), ConfigError> {
        for (action, bindings) in &self.bindings {
            for binding in bindings {
                let known = match binding {
                    Binding::Key(name) => known_key(name),
                    Binding::Mouse(name) => MOUSE_BUTTONS.contains(&name.as_str()),
                };
                if !known {
                    return Err(source.error_at(
                        &["bindings", &format!("{action:?}")],
                        format!(
                            "{action:?}: {binding:?} is not a known input; keys are named as Bevy's \
                             KeyCode (KeyA..KeyZ, Digit0..Digit9, ArrowUp, Space, Enter, Escape, \
                             F1..F12, ...), mouse buttons are Left, Right, Middle"
                        ),
                    ));
                }
            }
        }
        let unbound: Vec<String> = ALL_ACTIONS
            .iter()
            .filter(|a| self.bindings.get(a).is_none_or(|b| b.is_empty()))
            .map(|a| format!("{a:?}"))
            .collect();
        if !unbound.is_empty() {
            return Err(source.error_at(
                &["bindings"],
                format!("these actions have no binding: {}", unbound.join(", ")),
            ));
        }
        Ok(())
    }
}

ranged! {
    orbit_sensitivity: 0.0001 ..= 0.1, " rad/pixel";
}

const ALL_ACTIONS: [Action; 59] = [
    Action::AimLeft,
    Action::AimRight,
    Action::HoldAim,
    Action::PowerUp,
    Action::PowerDown,
    Action::TipUp,
    Action::TipDown,
    Action::TipLeft,
    Action::TipRight,
    Action::ElevationUp,
    Action::ElevationDown,
    Action::ShortStroke,
    Action::Strike,
    Action::OrbitCamera,
    Action::NextCamera,
    Action::ResetCamera,
    Action::ToggleTrails,
    Action::ExportDiagram,
    Action::NextPosition,
    Action::PreviousPosition,
    Action::PositionStroke,
    Action::Coach,
    Action::SavePosition,
    Action::DeletePosition,
    Action::NextDrill,
    Action::Undo,
    Action::Redo,
    Action::Retry,
    Action::Snap,
    Action::NextCueBall,
    Action::SwitchLagHalf,
    Action::LagOpponent,
    Action::Replay,
    Action::ReplayPause,
    Action::ReplayBack,
    Action::ReplayForward,
    Action::ReplaySlower,
    Action::ReplayFaster,
    Action::PreviousStroke,
    Action::NextStroke,
    Action::FirstStroke,
    Action::LastStroke,
    Action::MouseStroke,
    Action::ToggleHelp,
    Action::ToggleRules,
    Action::DeclareSafety,
    Action::RestorePositions,
    Action::TimeOut,
    Action::Menu,
    Action::Confirm,
    Action::MoveBall,
    Action::Choose1,
    Action::Choose2,
    Action::Choose3,
    Action::Choose4,
    Action::MenuUp,
    Action::MenuDown,
    Action::MenuLeft,
    Action::MenuRight,
];

/// Hands every key name a binding may use (as Bevy's `KeyCode` variants are named) to
/// the macro `$then`: the one list of keys, read here to check names and by the input
/// layer to map them.
#[macro_export]
#[doc(hidden)]
macro_rules! __with_key_names {
    ($then:ident) => {
        $then! {
            KeyA KeyB KeyC KeyD KeyE KeyF KeyG KeyH KeyI KeyJ KeyK KeyL KeyM KeyN KeyO KeyP
            KeyQ KeyR KeyS KeyT KeyU KeyV KeyW KeyX KeyY KeyZ
            Digit0 Digit1 Digit2 Digit3 Digit4 Digit5 Digit6 Digit7 Digit8 Digit9
            ArrowUp ArrowDown ArrowLeft ArrowRight Space Enter Escape Tab Backspace
            ShiftLeft ShiftRight ControlLeft ControlRight AltLeft AltRight
            F1 F2 F3 F4 F5 F6 F7 F8 F9 F10 F11 F12
            PageUp PageDown Home End Insert Delete Comma Period Minus Equal Slash Semicolon
            BracketLeft BracketRight Backquote Quote Backslash
        }
    };
}
pub use crate::__with_key_names as with_key_names;

/// The mouse buttons a binding may name.
pub const MOUSE_BUTTONS: [&str; 3] = ["Left", "Right", "Middle"];

/// Whether a key of that name exists.
fn known_key(name: &str) -> bool {
    macro_rules! known {
        ($($key:ident)*) => {
            matches!(name, $(stringify!($key))|*)
        };
    }
    with_key_names!(known)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::parse;

    fn source() -> Source {
        Source {
            name: "controls.ron".into(),
            text: include_str!("../../../config/controls.ron").into(),
        }
    }

    #[test]
    fn an_unknown_key_is_refused_with_the_names_allowed() {
        let mut controls: ControlsConfig =
            parse("controls.ron", include_str!("../../../config/controls.ron")).unwrap();
        controls
            .bindings
            .insert(Action::Strike, vec![Binding::Key("Spacebar".into())]);
        let err = controls.check(&source()).unwrap_err().to_string();
        assert!(
            err.contains("Strike: Key(\"Spacebar\") is not a known input"),
            "{err}"
        );
    }

    #[test]
    fn every_action_needs_a_binding() {
        let mut controls: ControlsConfig =
            parse("controls.ron", include_str!("../../../config/controls.ron")).unwrap();
        controls.bindings.remove(&Action::Menu);
        let err = controls.check(&source()).unwrap_err().to_string();
        assert!(err.contains("these actions have no binding: Menu"), "{err}");
    }

    #[test]
    fn an_unknown_action_is_refused_by_the_parser() {
        let err = parse::<ControlsConfig>(
            "controls.ron",
            "(bindings: {Jump: [Key(\"Space\")]}, orbit_sensitivity: 0.005)",
        )
        .unwrap_err();
        assert!(err.message.contains("Jump"), "{err}");
        assert_eq!(err.position.map(|p| p.0), Some(1));
    }
}
