//! The pieces every screen is built from: text, panels, buttons (with their hover
//! outline), a ball's colour swatch, the keys bound to an action, and tones of text.

use crate::config::{Action, Binding, Config};
use crate::play::BallStyle;
use crate::shot::BallId;
use crate::view::balls::{DOT_COLOUR, ball_colour};
pub use crate::words::Tone;
use crate::words::words;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, outline_hovered_buttons);
}

/// The colour a tone of text is shown in.
pub fn tone_colour(tone: Tone) -> Color {
    match tone {
        Tone::Plain => Color::srgb(0.92, 0.92, 0.88),
        Tone::Good => Color::srgb(0.45, 0.92, 0.45),
        Tone::Bad => Color::srgb(1.0, 0.45, 0.35),
        Tone::Warn => Color::srgb(1.0, 0.82, 0.3),
        Tone::Dim => Color::srgb(0.62, 0.64, 0.66),
    }
}

/// Text in the HUD's style.
pub fn label(text: impl Into<String>, size: f32) -> impl Bundle {
    toned(text, size, Tone::Plain)
}

/// Text of a tone.
pub fn toned(text: impl Into<String>, size: f32, tone: Tone) -> impl Bundle {
    (
        Text::new(text),
        TextFont {
            font_size: bevy::text::FontSize::Px(size),
            ..default()
        },
        TextColor(tone_colour(tone)),
    )
}

/// Replaces a text only when it differs, so that an unchanged text is not laid out again.
pub fn set_text(text: &mut Text, value: impl AsRef<str>) {
    if text.0 != value.as_ref() {
        text.0 = value.as_ref().to_owned();
    }
}

/// A translucent dark panel.
pub fn panel_colour() -> BackgroundColor {
    BackgroundColor(Color::srgba(0.02, 0.02, 0.03, 0.78))
}

/// A panel: a column of content on the translucent background, rounded.
pub fn panel(node: Node) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(12)),
            row_gap: px(4),
            border_radius: BorderRadius::all(px(8)),
            ..node
        },
        panel_colour(),
    )
}

/// A whole screen's column, centred, its rows `row_gap` px apart (the menu, settings).
pub fn screen_column(row_gap: f32) -> Node {
    Node {
        width: percent(100),
        height: percent(100),
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        justify_content: JustifyContent::Center,
        row_gap: px(row_gap),
        ..default()
    }
}

pub const BUTTON_COLOUR: Color = Color::srgb(0.16, 0.22, 0.34);
const OUTLINE: Color = Color::srgb(0.95, 0.85, 0.45);

/// A clickable button with a text; its outline lights up under the pointer.
pub fn button(text: impl Into<String>, size: f32) -> impl Bundle {
    (
        Button,
        Node {
            padding: UiRect::axes(px(14), px(6)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(6)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(BUTTON_COLOUR),
        BorderColor::all(Color::NONE),
        children![label(text, size)],
    )
}

/// The inside of a row that steps a value: its `name` (a text bundle, kept on one line
/// in `name_width` px), a `<` button marked `arrow(-1)`, the value (a text marked
/// `value`, filled in by the caller) and a `>` button marked `arrow(1)`, at `size` px.
pub fn stepper<A: Bundle>(
    line: &mut ChildSpawnerCommands,
    size: f32,
    name_width: f32,
    name: impl Bundle,
    value: impl Bundle,
    arrow: impl Fn(i32) -> A,
) {
    line.spawn((
        name,
        TextLayout::no_wrap(),
        Node {
            width: px(name_width),
            ..default()
        },
    ));
    line.spawn(button("<", size - 1.0)).insert(arrow(-1));
    line.spawn((
        value,
        label("", size),
        TextLayout::justify(Justify::Center),
        Node {
            flex_grow: 1.0,
            ..default()
        },
    ));
    line.spawn(button(">", size - 1.0)).insert(arrow(1));
}

/// A button that takes nothing now (a greyed menu row): the pointer over it does not
/// outline it.
#[derive(Component)]
pub struct Inactive;

fn outline_hovered_buttons(
    mut buttons: Query<
        (&Interaction, &mut BorderColor),
        (Changed<Interaction>, With<Button>, Without<Inactive>),
    >,
) {
    for (interaction, mut border) in &mut buttons {
        *border = BorderColor::all(match interaction {
            Interaction::None => Color::NONE,
            Interaction::Hovered | Interaction::Pressed => OUTLINE,
        });
    }
}

/// A key typed into `text`: its characters (`most` in all at most); Backspace deletes.
pub fn type_into(text: &mut String, key: &KeyboardInput, most: usize) {
    match (&key.logical_key, &key.text) {
        (Key::Backspace, _) => {
            text.pop();
        }
        (_, Some(typed)) => {
            for c in typed.chars().filter(|c| !c.is_control()) {
                if text.chars().count() < most {
                    text.push(c);
                }
            }
        }
        _ => {}
    }
}

/// A button that was clicked this frame.
pub fn clicked(interaction: &Interaction) -> bool {
    *interaction == Interaction::Pressed
}

/// A ball as a small disc of its colour, `size` px across; the dotted white with a dot.
pub fn swatch(ball: BallId, style: BallStyle, size: f32) -> impl Bundle {
    let dotted = ball == BallId::Dotted && style == BallStyle::Dotted;
    (
        Node {
            width: px(size),
            height: px(size),
            flex_shrink: 0.0,
            border_radius: BorderRadius::MAX,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(ball_colour(ball, style)),
        children![(
            Node {
                width: px(size * 0.34),
                height: px(size * 0.34),
                border_radius: BorderRadius::MAX,
                ..default()
            },
            BackgroundColor(if dotted { DOT_COLOUR } else { Color::NONE }),
        )],
    )
}

/// A binding as a player reads it: `Enter`, `U`, `Left Shift`, `]`, `Left mouse`.
pub fn binding_name(binding: &Binding) -> String {
    match binding {
        Binding::Key(k) => words().key(k),
        Binding::Mouse(m) => words().mouse_button(m),
    }
}

/// The keys and buttons bound to `action` in `controls.ron`, as `Left mouse / Space`.
pub fn keys(config: &Config, action: Action) -> String {
    config
        .controls
        .bindings
        .get(&action)
        .map(|bindings| {
            bindings
                .iter()
                .map(binding_name)
                .collect::<Vec<_>>()
                .join(" / ")
        })
        .unwrap_or_else(|| format!("{action:?}"))
}

/// The keys of several actions in turn, as `Up / Down`.
pub fn keys_of(config: &Config, actions: &[Action]) -> String {
    let keys: Vec<String> = actions.iter().map(|a| keys(config, *a)).collect();
    keys.join(" / ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_as_the_player_knows_them() {
        let config = Config::defaults();
        assert_eq!(keys(&config, Action::Confirm), "Enter");
        assert_eq!(keys(&config, Action::RestorePositions), "U");
        assert_eq!(keys(&config, Action::Choose1), "1");
        assert_eq!(keys(&config, Action::Strike), "Left mouse / Space");
        // What is printed on the keys, not Bevy's names for them.
        assert_eq!(keys(&config, Action::HoldAim), "Left Shift / Right Shift");
        assert_eq!(keys(&config, Action::NextPosition), "Page Down / ]");
        assert_eq!(keys(&config, Action::Snap), "Left Ctrl / Right Ctrl");
        assert_eq!(keys(&config, Action::ReplayBack), ",");
        assert_eq!(keys(&config, Action::TipUp), "Up");
    }
}
