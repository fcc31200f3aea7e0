//! Heads-up display and overlays: the stroke settings (power, tip offset, elevation),
//! what the table is doing, and the controls on demand.

mod help;
mod hud;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((hud::plugin, help::plugin));
}

/// Text in the HUD's style.
pub(crate) fn label(text: impl Into<String>, size: f32) -> impl Bundle {
    (
        Text::new(text),
        TextFont {
            font_size: bevy::text::FontSize::Px(size),
            ..default()
        },
        TextColor(Color::srgb(0.92, 0.92, 0.88)),
    )
}

/// A translucent dark panel.
pub(crate) fn panel_colour() -> BackgroundColor {
    BackgroundColor(Color::srgba(0.02, 0.02, 0.03, 0.72))
}
