//! The table drawn at a share of the window's resolution (the graphics' resolution
//! scale), its edges smoothed at that resolution by a camera of its own
//! (`shaders/smooth.wgsl`), and shown at the window's size under the panels, which stay
//! sharp, through a sharpened bilinear filter (`shaders/upscale.wgsl`): on software
//! rendering most of a frame is spent per pixel. Over that picture a sharp camera draws,
//! at the window's resolution, what is small and edged (`Sharp`: the balls and the cue)
//! and every line on the cloth, hidden behind them where they pass under a ball. At full
//! scale the table's camera draws everything straight into the window (smoothed by
//! Bevy's FXAA, `view::graphics`). The panels have a camera of their own at every scale,
//! drawn last, so their layout follows the window whatever the table's camera draws into.

use super::camera::shaded_as_the_table;
use crate::session::{Preferences, TableCamera};
use bevy::asset::uuid_handle;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ClearColorConfig, ImageRenderTarget, RenderTarget};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::image::ImageSampler;
use bevy::light::cluster::ClusterConfig;
use bevy::light::{EnvironmentMapLight, NotShadowCaster, NotShadowReceiver};
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, RenderPipelineDescriptor, TextureFormat};
use bevy::render::view::Msaa;
use bevy::shader::{Shader, ShaderRef};
use bevy::ui::UiTargetCamera;
use bevy::ui_render::prelude::{MaterialNode, UiMaterial, UiMaterialKey, UiMaterialPlugin};
use bevy::window::{PrimaryWindow, WindowRef};

/// The size of the image the table is drawn into, px, while the scale is below 1.
#[derive(Resource)]
struct Scaled(UVec2);

/// What exists only while the table is scaled: the node under the panels that shows the
/// scaled image, the cameras that smooth it and show it, and the sharp camera.
#[derive(Component)]
struct ScaledImage;

/// Drawn at the window's resolution while the table is scaled, by the sharp camera over
/// the table's scaled picture: what is small and edged (a ball is 4 px wide in the top
/// view at 40 %, an octagon once stretched) and in front of the lines on the cloth.
#[derive(Component)]
pub struct Sharp;

/// The camera over the table's scaled picture that draws the `Sharp` things and the
/// lines, as the table's camera sees them (its child, with its lens).
#[derive(Component)]
struct SharpCamera;

/// The render layer of what the sharp camera draws.
const SHARP_LAYER: usize = 1;

/// The layers a light of the table shines in: the table camera's and the sharp one's, so
/// that a ball is lit alike at every scale.
pub(super) fn lighting_every_camera() -> RenderLayers {
    RenderLayers::from_layers(&[0, SHARP_LAYER])
}

const UPSCALE_SHADER: Handle<Shader> = uuid_handle!("7e2b9c4d-1a3f-4b6e-8d5c-2f9a0e7b3c61");
const SMOOTH_SHADER: Handle<Shader> = uuid_handle!("3d9a6c12-58e4-4f0b-b7a3-6e1c2d8f9a45");

/// The table's image, its edges smoothed into another of the same size.
#[derive(Asset, AsBindGroup, TypePath, Debug, Clone)]
struct Smooth {
    #[texture(0)]
    #[sampler(1)]
    picture: Handle<Image>,
}

impl UiMaterial for Smooth {
    fn fragment_shader() -> ShaderRef {
        SMOOTH_SHADER.into()
    }
    fn specialize(descriptor: &mut RenderPipelineDescriptor, _: UiMaterialKey<Self>) {
        opaque(descriptor);
    }
}

/// The scaled table's image, filtered up to the window's size.
#[derive(Asset, AsBindGroup, TypePath, Debug, Clone)]
struct Upscale {
    #[texture(0)]
    #[sampler(1)]
    picture: Handle<Image>,
}

impl UiMaterial for Upscale {
    fn fragment_shader() -> ShaderRef {
        UPSCALE_SHADER.into()
    }
    fn specialize(descriptor: &mut RenderPipelineDescriptor, _: UiMaterialKey<Self>) {
        opaque(descriptor);
    }
}

/// How a mesh of the table that hides the sharp things behind it (the rails and
/// cushions, seen from a camera low beside the table) is drawn: in the sharp camera's
/// layer only, with a material that draws nothing but depth (`Grain::depth_only`).
pub(super) fn hiding_sharp_things() -> impl Bundle {
    (
        RenderLayers::layer(SHARP_LAYER),
        NotShadowCaster,
        NotShadowReceiver,
    )
}

/// The pictures are opaque: written over what is under them, which is not read (a
/// software renderer reads every pixel it blends over).
fn opaque(descriptor: &mut RenderPipelineDescriptor) {
    if let Some(fragment) = &mut descriptor.fragment {
        for target in fragment.targets.iter_mut().flatten() {
            target.blend = None;
        }
    }
}

/// The camera of the panels (and of the scaled table's picture under them).
#[derive(Component)]
struct PanelCamera;

pub(super) fn plugin(app: &mut App) {
    if let Some(mut shaders) = app.world_mut().get_resource_mut::<Assets<Shader>>() {
        for (id, code, path) in [
            (
                UPSCALE_SHADER.id(),
                include_str!("../../shaders/upscale.wgsl"),
                "shaders/upscale.wgsl",
            ),
            (
                SMOOTH_SHADER.id(),
                include_str!("../../shaders/smooth.wgsl"),
                "shaders/smooth.wgsl",
            ),
        ] {
            shaders
                .insert(id, Shader::from_wgsl(code, path))
                .expect("a shader with a fixed id always goes in");
        }
        app.add_plugins((
            UiMaterialPlugin::<Upscale>::default(),
            UiMaterialPlugin::<Smooth>::default(),
        ));
    }
    app.add_systems(Startup, spawn_panel_camera);
    app.add_observer(layer_a_sharp_thing);
    app.add_observer(reflect_as_the_table_camera);
    app.add_observer(stop_reflecting_with_the_table_camera);
    // Before Bevy finds the cameras' target sizes, so that a new target is sized in the
    // frame it is set (a camera drawn at its old size into its new target fails).
    app.add_systems(
        PostUpdate,
        (follow_the_scale, compose_over_the_table)
            .chain()
            .before(bevy::camera::CameraUpdateSystems),
    );
}

/// The panels' camera draws over the table's picture in the window: it must share the
/// picture of the camera drawn before it (Bevy shares it between cameras of one target
/// with the same anti-aliasing), and keep it. That is the table camera's at full scale,
/// the sharp camera's (without multisampling) when scaled.
fn compose_over_the_table(
    scaled: Option<Res<Scaled>>,
    table: Option<Single<&Msaa, (With<TableCamera>, Without<PanelCamera>)>>,
    panels: Option<Single<&mut Msaa, With<PanelCamera>>>,
) {
    let (Some(table), Some(mut msaa)) = (table, panels) else {
        return;
    };
    let wanted = if scaled.is_some() { Msaa::Off } else { **table };
    if **msaa != wanted {
        **msaa = wanted;
    }
}

/// The layers of the `Sharp` things and of every line: the sharp camera's while it
/// draws, else the table camera's.
fn layers_of_sharp_things(drawn_sharp: bool) -> RenderLayers {
    if drawn_sharp {
        RenderLayers::layer(SHARP_LAYER)
    } else {
        RenderLayers::default()
    }
}

/// Moves the `Sharp` things and every line into the layers `layers_of_sharp_things`
/// gives, when the sharp camera comes or goes.
fn move_sharp_things(
    drawn_sharp: bool,
    things: impl IntoIterator<Item = Entity>,
    commands: &mut Commands,
    gizmos: &mut GizmoConfigStore,
) {
    let layers = layers_of_sharp_things(drawn_sharp);
    for thing in things {
        commands.entity(thing).insert(layers.clone());
    }
    for (_, config, _) in gizmos.iter_mut() {
        config.render_layers = layers.clone();
    }
}

/// A `Sharp` thing that appears (a ball, the cue) goes where the others are.
fn layer_a_sharp_thing(
    add: On<Add, Sharp>,
    sharp_camera: Query<(), With<SharpCamera>>,
    mut commands: Commands,
) {
    let layers = layers_of_sharp_things(!sharp_camera.is_empty());
    commands.entity(add.entity).insert(layers);
}

/// The sharp camera reflects the room the table's camera reflects (`view::graphics`
/// gives it to that one at the full lighting).
fn reflect_as_the_table_camera(
    insert: On<Insert, EnvironmentMapLight>,
    table: Query<&EnvironmentMapLight, With<TableCamera>>,
    sharp_camera: Query<Entity, With<SharpCamera>>,
    mut commands: Commands,
) {
    if let (Ok(room), Ok(sharp)) = (table.get(insert.entity), sharp_camera.single()) {
        commands.entity(sharp).insert(room.clone());
    }
}

fn stop_reflecting_with_the_table_camera(
    remove: On<Remove, EnvironmentMapLight>,
    table: Query<(), With<TableCamera>>,
    sharp_camera: Query<Entity, With<SharpCamera>>,
    mut commands: Commands,
) {
    if let (Ok(()), Ok(sharp)) = (table.get(remove.entity), sharp_camera.single()) {
        commands.entity(sharp).remove::<EnvironmentMapLight>();
    }
}

/// A 2D camera sees none of the table's world, only its panels: it would draw the
/// table's lines too (Bevy draws gizmos in every camera of their layers), metres taken
/// as pixels, a speck at the window's middle.
fn world_unseen() -> RenderLayers {
    RenderLayers::none()
}

fn spawn_panel_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("Panel camera"),
        PanelCamera,
        Camera2d,
        // Over the table's picture, which the table's camera (and, scaled, the cameras
        // that smooth it, show it and draw the sharp things) drew first
        // (`compose_over_the_table`).
        Camera {
            order: 4,
            clear_color: ClearColorConfig::None,
            ..default()
        },
        Msaa::Off,
        Tonemapping::None,
        IsDefaultUiCamera,
        world_unseen(),
    ));
}

/// Draws the table into an image of the scaled size (a new one when the window or the
/// scale changes), or straight into the window at full scale.
fn follow_the_scale(
    mut commands: Commands,
    preferences: Res<Preferences>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    scaled: Option<Res<Scaled>>,
    mut images: ResMut<Assets<Image>>,
    mut upscales: Option<ResMut<Assets<Upscale>>>,
    mut smooths: Option<ResMut<Assets<Smooth>>>,
    camera: Option<Single<(Entity, &Projection, Option<&EnvironmentMapLight>), With<TableCamera>>>,
    shown: Query<Entity, With<ScaledImage>>,
    sharp_things: Query<Entity, With<Sharp>>,
    mut gizmos: ResMut<GizmoConfigStore>,
) {
    let (Some(window), Some(camera)) = (window, camera) else {
        return;
    };
    let (camera, lens, room) = camera.into_inner();
    let scale = preferences.graphics.resolution_scale;
    if scale >= 1.0 {
        if scaled.is_some() {
            commands.remove_resource::<Scaled>();
            retarget(
                &mut commands,
                camera,
                RenderTarget::Window(WindowRef::Primary),
            );
            for entity in &shown {
                commands.entity(entity).despawn();
            }
            move_sharp_things(false, sharp_things, &mut commands, &mut gizmos);
        }
        return;
    }
    let size = (window.physical_size().as_vec2() * scale)
        .round()
        .as_uvec2()
        .max(UVec2::ONE);
    if scaled.as_ref().is_some_and(|s| s.0 == size) {
        return;
    }
    let mut target_of_size = || {
        // Linear values kept as they are: an sRGB image is encoded on every write and
        // decoded on every read, which a software renderer does texel by texel.
        let mut image = Image::new_target_texture(size.x, size.y, TextureFormat::Rgba16Float, None);
        // The filters' taps read between texels.
        image.sampler = ImageSampler::linear();
        let image = images.add(image);
        let target = RenderTarget::Image(ImageRenderTarget {
            handle: image.clone(),
            scale_factor: 1.0,
        });
        (image, target)
    };
    let (drawn, target) = target_of_size();
    let (smoothed, smoothed_target) = target_of_size();
    retarget(&mut commands, camera, target);
    for entity in &shown {
        commands.entity(entity).despawn();
    }
    // A headless app has no renderer and shows nothing.
    if let (Some(upscales), Some(smooths)) = (&mut upscales, &mut smooths) {
        // Between the table's camera and the panels' (`spawn_panel_camera`), in order.
        let smoothing = commands
            .spawn((
                Name::new("Smoothing camera"),
                ScaledImage,
                Camera2d,
                Camera {
                    order: 1,
                    clear_color: ClearColorConfig::None,
                    ..default()
                },
                smoothed_target,
                Msaa::Off,
                Tonemapping::None,
                world_unseen(),
            ))
            .id();
        commands.spawn((
            Name::new("Table, smoothed"),
            ScaledImage,
            MaterialNode(smooths.add(Smooth { picture: drawn })),
            Node {
                width: percent(100),
                height: percent(100),
                ..default()
            },
            UiTargetCamera(smoothing),
        ));
        // The window's picture is passed on from camera to camera: only the panels'
        // camera, the last, writes it out.
        let showing = commands
            .spawn((
                Name::new("Scaled table's camera"),
                ScaledImage,
                Camera2d,
                Camera {
                    order: 2,
                    output_mode: CameraOutputMode::Skip,
                    ..default()
                },
                Msaa::Off,
                Tonemapping::None,
                world_unseen(),
            ))
            .id();
        commands.spawn((
            Name::new("Table, scaled"),
            ScaledImage,
            MaterialNode(upscales.add(Upscale { picture: smoothed })),
            Node {
                width: percent(100),
                height: percent(100),
                ..default()
            },
            UiTargetCamera(showing),
        ));
        let mut sharp = commands.spawn((
            Name::new("Sharp camera"),
            ScaledImage,
            SharpCamera,
            Camera3d::default(),
            Camera {
                order: 3,
                clear_color: ClearColorConfig::None,
                output_mode: CameraOutputMode::Skip,
                ..default()
            },
            Msaa::Off,
            shaded_as_the_table(),
            // It draws a few balls: every light in one cluster.
            ClusterConfig::Single,
            RenderLayers::layer(SHARP_LAYER),
            // Where the table's camera is, with its lens and the room it reflects.
            ChildOf(camera),
            lens.clone(),
        ));
        if let Some(room) = room {
            sharp.insert(room.clone());
        }
        move_sharp_things(true, sharp_things, &mut commands, &mut gizmos);
    }
    commands.insert_resource(Scaled(size));
}

/// Points the table's camera at `target`. Bevy finds a camera's target size again on a
/// window or image event, a new camera or a changed projection, not on a new target
/// (bevy#23615): the projection is marked changed with it.
fn retarget(commands: &mut Commands, camera: Entity, target: RenderTarget) {
    commands
        .entity(camera)
        .insert(target)
        .entry::<Projection>()
        .and_modify(|mut projection| projection.set_changed());
}
