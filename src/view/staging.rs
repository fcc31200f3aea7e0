//! A picture staged from the command line, for screenshots and for looking at one part
//! of the table: the view to open in (`--view`), a fixed camera (`--camera-at` and
//! `--looking-at`, table frame), the cue raised (`--elevation`). (A practice position
//! set up at once, `--position`, is the session's `PracticeAt`.)

use crate::cue::Aim;
use crate::math::DVec3;
use crate::session::{CameraView, Session};
use bevy::prelude::*;

#[derive(Resource, Clone, Debug, Default)]
pub struct Staging {
    pub view: Option<CameraView>,
    /// The camera's eye and the point it looks at, m in the table frame.
    pub camera: Option<(DVec3, DVec3)>,
    /// The cue at least this steep, degrees.
    pub elevation_deg: Option<f64>,
}

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Staging>() {
        return;
    }
    app.add_systems(Update, raise_the_cue.run_if(resource_exists::<Session>));
}

fn raise_the_cue(staging: Res<Staging>, mut aim: ResMut<Aim>) {
    if let Some(elevation) = staging.elevation_deg
        && aim.elevation_deg < elevation
    {
        aim.elevation_deg = elevation;
    }
}
