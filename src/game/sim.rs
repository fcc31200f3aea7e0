//! The table's simulation as a resource, stepped on the fixed clock; ball entities
//! mirror its poses. Strokes arrive as `StrokeRequest` messages; when the balls come to
//! rest the stroke's record leaves as `StrokeFinished`.

use super::frame::{rotation_to_bevy, to_bevy};
use super::{GameConfig, Screen};
use crate::ball::BallId;
use crate::math::DVec2;
use crate::physics::events::ShotRecord;
use crate::physics::{Stroke, TableSim};
use crate::table::{Spot, TableGeometry};
use bevy::prelude::*;
use std::time::Duration;

/// Fixed-clock rate of the simulation, Hz. The motion is exact at any step; this only
/// sets how fresh the poses are when a frame is drawn.
const SIM_HZ: f64 = 240.0;

/// The one simulation of the table the game plays on.
#[derive(Resource)]
pub struct TableSimulation(pub TableSim);

/// A ball on the screen, mirroring the simulation's ball.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ball(pub BallId);

/// The ball the player at the table strikes.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CueBall(pub BallId);

/// A stroke to play. Refused while any ball moves (rule 10).
#[derive(Message, Clone, Copy, Debug)]
pub struct StrokeRequest(pub Stroke);

/// A stroke has ended: every ball is at rest (rule 11).
#[derive(Message, Clone, Debug)]
pub struct StrokeFinished(pub ShotRecord);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Time::<Fixed>::from_hz(SIM_HZ));
    // A slow frame (software rendering) may take up to a second of play with it
    // rather than slowing the balls down.
    app.insert_resource(Time::<Virtual>::from_max_delta(Duration::from_secs(1)));
    app.add_message::<StrokeRequest>();
    app.add_message::<StrokeFinished>();
    app.insert_resource(CueBall(BallId::White));
    app.add_systems(OnEnter(Screen::Practice), set_up_break);
    app.add_systems(FixedUpdate, (play_strokes, step).chain());
    app.add_systems(PostUpdate, mirror_poses.before(TransformSystems::Propagate));
}

/// Rule 7's break position: red on the foot spot, dotted on the head spot, white on
/// the head string six inches to the right.
fn set_up_break(mut commands: Commands, config: Res<GameConfig>) {
    let config = &config.0;
    let table = TableGeometry::new(&config.tables, None, &config.balls)
        .expect("the default preset exists (checked when loading)");
    let positions = [
        (BallId::White, table.break_position(-table.break_offset)),
        (BallId::Dotted, table.spot(Spot::Head)),
        (BallId::Red, table.spot(Spot::Foot)),
    ];
    let mut sim = TableSim::new(config, table);
    sim.place(&positions)
        .expect("break positions lie on the bed, apart");
    spawn_balls(&mut commands, &positions);
    commands.insert_resource(TableSimulation(sim));
}

fn spawn_balls(commands: &mut Commands, positions: &[(BallId, DVec2)]) {
    for &(id, _) in positions {
        commands.spawn((
            Name::new(format!("{id} ball")),
            Ball(id),
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Practice),
        ));
    }
}

/// Plays requested strokes, only when every ball is at rest (rule 10).
fn play_strokes(mut requests: MessageReader<StrokeRequest>, sim: Option<ResMut<TableSimulation>>) {
    let Some(mut sim) = sim else {
        requests.clear();
        return;
    };
    for StrokeRequest(stroke) in requests.read() {
        if !sim.0.at_rest() {
            info!("stroke refused: the balls are still moving (rule 10)");
            continue;
        }
        match sim.0.strike(&[*stroke]) {
            Ok(()) => info!("stroke: {stroke:?}"),
            Err(e) => warn!("stroke refused: {e}"),
        }
    }
}

/// Advances the simulation by one fixed step; reports the end of a stroke.
fn step(
    time: Res<Time<Fixed>>,
    sim: Option<ResMut<TableSimulation>>,
    mut finished: MessageWriter<StrokeFinished>,
) {
    let Some(mut sim) = sim else { return };
    if sim.0.at_rest() {
        return;
    }
    sim.0.advance(time.delta_secs_f64());
    if sim.0.at_rest() {
        finished.write(StrokeFinished(sim.0.record()));
    }
}

/// Puts each ball entity where the simulation has its ball; hides balls off the table.
fn mirror_poses(
    sim: Option<Res<TableSimulation>>,
    mut balls: Query<(&Ball, &mut Transform, &mut Visibility)>,
) {
    let Some(sim) = sim else { return };
    for (ball, mut transform, mut visibility) in &mut balls {
        match sim.0.ball_states().find(|(id, _)| *id == ball.0) {
            Some((_, k)) => {
                transform.translation = to_bevy(k.pos);
                transform.rotation = rotation_to_bevy(k.orientation);
                *visibility = Visibility::Inherited;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}
