//! The speeds of a good lag for the stroke as the player sets it: from where their lag
//! ball stands, with their tip and elevation, the speeds that come back to rest within
//! the target band of the settings from the head cushion (the power bar marks them). A
//! lagger's fresh stroke starts in the middle of them.

use super::Aim;
use crate::math::DVec2;
use crate::play::good_lag_speeds;
use crate::session::{GameConfig, GameSystems, Preferences, Session, at_table};
use bevy::prelude::*;

/// The good lag speeds for the stroke set now, m/s; None outside the lag or where no
/// speed stops in the band.
#[derive(Resource, Default)]
pub struct GoodLags {
    made_for: Option<LagAim>,
    pub speeds: Option<(f64, f64)>,
}

/// What the good speeds depend on: the tip (side, height), elevation, the lag ball's
/// place and the band, m.
#[derive(Clone, Copy, Debug, PartialEq)]
struct LagAim([f64; 4], DVec2);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GoodLags>();
    app.add_systems(
        Update,
        find_good_lags
            .after(super::aim::AimSystems)
            .run_if(at_table)
            .in_set(GameSystems::Input),
    );
}

/// The good speeds for the lagger's stroke as set: found again only when it changes.
fn find_good_lags(
    session: Res<Session>,
    config: Res<GameConfig>,
    preferences: Res<Preferences>,
    aim: Res<Aim>,
    mut good: ResMut<GoodLags>,
) {
    let Some(turn) = session.lag_turn().filter(|_| session.phase().is_lag()) else {
        if good.made_for.is_some() {
            *good = GoodLags::default();
        }
        return;
    };
    let band = preferences.lag_band_mm / 1000.0;
    let stroke = aim.stroke(turn.ball);
    let wanted = LagAim(
        [stroke.side, stroke.height, stroke.elevation_deg, band],
        turn.position,
    );
    if good.made_for == Some(wanted) {
        return;
    }
    good.made_for = Some(wanted);
    good.speeds = good_lag_speeds(&config.0, session.table(), &stroke, turn.position, band);
}
