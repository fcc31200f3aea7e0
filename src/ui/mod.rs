//! What the players read: the menu, the scoreboard, the stroke panel (power, tip offset,
//! elevation), the controls and the rules on demand, and an overlay for each phase of
//! play that says what the referee decided and what to do next.

mod club_night;
mod dock;
mod fonts;
mod frame_rate;
mod help;
mod hud;
mod labels;
mod lag_stats;
mod lobby;
mod menu;
mod online;
mod online_table;
mod overlays;
mod positions;
mod profiles;
mod records;
mod replay;
mod rules;
mod scoreboard;
mod settings;
mod sheet;
mod viewer;
mod widgets;

pub use dock::{Collapsible, FreeNode, Slot};
pub use frame_rate::FrameRateTest;
pub use menu::default_settings;
pub use settings::{GraphicsChosen, SoftwareRendering};

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    fonts::plugin(app);
    online::plugin(app);
    lobby::plugin(app);
    club_night::plugin(app);
    online_table::plugin(app);
    app.add_systems(Update, scale_with_the_window);
    app.add_plugins((
        widgets::plugin,
        dock::plugin,
        labels::plugin,
        menu::plugin,
        scoreboard::plugin,
        overlays::plugin,
        hud::plugin,
        help::plugin,
        frame_rate::plugin,
        settings::plugin,
        positions::plugin,
        lag_stats::plugin,
        records::plugin,
        replay::plugin,
        rules::plugin,
    ));
    app.add_plugins(viewer::plugin);
}

/// The panels are laid out for 1280 × 720: in a smaller or larger window they shrink
/// or grow with it, so that they cover as much of the table.
fn scale_with_the_window(
    window: Option<Single<&Window, (With<bevy::window::PrimaryWindow>, Changed<Window>)>>,
    mut scale: ResMut<UiScale>,
) {
    let Some(window) = window else { return };
    let fit = (window.width() / 1280.0).min(window.height() / 720.0);
    let wanted = fit.clamp(0.5, 2.0);
    if (scale.0 - wanted).abs() > 1e-3 {
        scale.0 = wanted;
    }
}
