//! The table's simulation as a resource, stepped on the fixed clock; ball entities
//! mirror its poses. When the balls come to rest the stroke's record leaves as
//! `StrokeFinished`.

use super::frame::{rotation_to_bevy, to_bevy};
use super::{AtTable, GameConfig, MatchSettings};
use crate::ball::BallId;
use crate::physics::TableSim;
use crate::physics::events::ShotRecord;
use crate::table::TableGeometry;
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

/// A stroke has ended: every ball is at rest (rule 11).
#[derive(Message, Clone, Debug)]
pub struct StrokeFinished(pub ShotRecord);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Time::<Fixed>::from_hz(SIM_HZ));
    // A slow frame (software rendering) may take up to a second of play with it
    // rather than slowing the balls down.
    app.insert_resource(Time::<Virtual>::from_max_delta(Duration::from_secs(1)));
    app.add_message::<StrokeFinished>();
    app.insert_resource(CueBall(BallId::White));
    app.add_systems(OnEnter(AtTable), set_up_table);
    app.add_systems(OnExit(AtTable), |mut commands: Commands| {
        commands.remove_resource::<TableSimulation>();
    });
    app.add_systems(FixedUpdate, step.run_if(resource_exists::<TableSimulation>));
    app.add_systems(
        PostUpdate,
        mirror_poses
            .run_if(resource_exists::<TableSimulation>)
            .before(TransformSystems::Propagate),
    );
}

/// The chosen table, empty, and an entity for every ball that may come onto it.
fn set_up_table(mut commands: Commands, config: Res<GameConfig>, settings: Res<MatchSettings>) {
    let config = &config.0;
    // The menu checked the preset; the default one exists (checked when loading).
    let table = TableGeometry::new(&config.tables, Some(&settings.table), &config.balls)
        .or_else(|_| TableGeometry::new(&config.tables, None, &config.balls))
        .expect("the default preset exists");
    commands.insert_resource(TableSimulation(TableSim::new(config, table)));
    for id in BallId::ALL {
        commands.spawn((
            Name::new(format!("{id} ball")),
            Ball(id),
            Transform::default(),
            Visibility::Hidden,
            DespawnOnExit(AtTable),
        ));
    }
}

/// Advances the simulation by one fixed step; reports the end of a stroke.
fn step(
    time: Res<Time<Fixed>>,
    mut sim: ResMut<TableSimulation>,
    mut finished: MessageWriter<StrokeFinished>,
) {
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
    sim: Res<TableSimulation>,
    mut balls: Query<(&Ball, &mut Transform, &mut Visibility)>,
) {
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
