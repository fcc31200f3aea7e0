//! The table drawn at a share of the window's resolution (the graphics' resolution
//! scale), its edges smoothed at that resolution by a camera of its own
//! (`shaders/smooth.wgsl`), and shown at the window's size under the panels, which stay
//! sharp, through a sharpened bilinear filter (`shaders/upscale.wgsl`): on software
//! rendering most of a frame is spent per pixel. At full scale the table's camera draws
//! straight into the window (smoothed by Bevy's FXAA, `view::graphics`). The panels have
//! a camera of their own at every scale, drawn last, so their layout follows the window
//! whatever the table's camera draws into.

use crate::game::Preferences;
use bevy::asset::uuid_handle;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ClearColorConfig, ImageRenderTarget, RenderTarget};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::image::ImageSampler;
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
/// scaled image, the smoothing camera and its node.
#[derive(Component)]
struct ScaledImage;

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
    // Before Bevy finds the cameras' target sizes, so that a new target is sized in the
    // frame it is set (a camera drawn at its old size into its new target fails).
    app.add_systems(
        PostUpdate,
        (follow_the_scale, compose_over_the_table)
            .chain()
            .before(bevy::camera::CameraUpdateSystems),
    );
}

/// At full scale the panels' camera draws over the table's picture in the window: it
/// must share the table camera's picture (Bevy shares it between cameras of one target
/// with the same anti-aliasing), and keep it. Scaled, it draws the table's image under
/// the panels over the whole window, into a picture of its own that it clears.
fn compose_over_the_table(
    scaled: Option<Res<Scaled>>,
    table: Option<Single<&Msaa, (With<Camera3d>, Without<PanelCamera>)>>,
    panels: Option<Single<(&mut Camera, &mut Msaa), With<PanelCamera>>>,
) {
    let (Some(table), Some(panels)) = (table, panels) else {
        return;
    };
    let (mut camera, mut msaa) = panels.into_inner();
    let (clear, wanted) = if scaled.is_some() {
        (ClearColorConfig::Default, Msaa::Off)
    } else {
        (ClearColorConfig::None, **table)
    };
    if std::mem::discriminant(&camera.clear_color) != std::mem::discriminant(&clear) {
        camera.clear_color = clear;
    }
    if *msaa != wanted {
        *msaa = wanted;
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
        // Over the table's picture, which the table's camera (and, scaled, the smoothing
        // camera) drew first (`compose_over_the_table`).
        Camera {
            order: 2,
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
    camera: Option<Single<Entity, With<Camera3d>>>,
    shown: Query<Entity, With<ScaledImage>>,
) {
    let (Some(window), Some(camera)) = (window, camera) else {
        return;
    };
    let scale = preferences.graphics.resolution_scale;
    if scale >= 1.0 {
        if scaled.is_some() {
            commands.remove_resource::<Scaled>();
            retarget(
                &mut commands,
                *camera,
                RenderTarget::Window(WindowRef::Primary),
            );
            for entity in &shown {
                commands.entity(entity).despawn();
            }
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
    retarget(&mut commands, *camera, target);
    for entity in &shown {
        commands.entity(entity).despawn();
    }
    // A headless app has no renderer and shows nothing.
    if let (Some(upscales), Some(smooths)) = (&mut upscales, &mut smooths) {
        // Between the table's camera and the panels' (`spawn_panel_camera`).
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
        // Under every panel, over the whole window.
        commands.spawn((
            Name::new("Table, scaled"),
            ScaledImage,
            MaterialNode(upscales.add(Upscale { picture: smoothed })),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                ..default()
            },
            GlobalZIndex(i32::MIN),
        ));
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
