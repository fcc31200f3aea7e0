//! The table drawn at a share of the window's resolution (the graphics' resolution
//! scale) and shown stretched to the window under the panels, which stay sharp: on
//! software rendering most of a frame is spent per pixel. At full scale the table's
//! camera draws straight into the window. The panels have a camera of their own at
//! every scale, drawn last, so their layout follows the window whatever the table's
//! camera draws into.

use crate::game::Preferences;
use bevy::camera::{ClearColorConfig, ImageRenderTarget, RenderTarget};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::render::view::Msaa;
use bevy::window::{PrimaryWindow, WindowRef};

/// The size of the image the table is drawn into, px, while the scale is below 1.
#[derive(Resource)]
struct Scaled(UVec2);

/// The sprite that shows the scaled image.
#[derive(Component)]
struct ScaledImage;

/// The camera of the panels (and of the scaled table's sprite).
#[derive(Component)]
pub struct PanelCamera;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_panel_camera);
    app.add_systems(PostUpdate, follow_the_scale);
}

fn spawn_panel_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("Panel camera"),
        PanelCamera,
        Camera2d,
        Camera {
            order: 1,
            // Over the table's picture, which the table's camera drew first.
            clear_color: ClearColorConfig::None,
            ..default()
        },
        // Nothing to smooth or tone: the table's picture is finished already.
        Msaa::Off,
        Tonemapping::None,
        IsDefaultUiCamera,
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
    let mut image = Image::new_target_texture(size.x, size.y, TextureFormat::Rgba8UnormSrgb, None);
    image.sampler = ImageSampler::linear();
    let image = images.add(image);
    let target = RenderTarget::Image(ImageRenderTarget {
        handle: image.clone(),
        scale_factor: 1.0,
    });
    retarget(&mut commands, *camera, target);
    for entity in &shown {
        commands.entity(entity).despawn();
    }
    // A sprite over the whole window, drawn by the panels' camera under the panels (a
    // sprite costs less per pixel than a panel, which rounds its corners).
    commands.spawn((
        Name::new("Table, scaled"),
        ScaledImage,
        Sprite {
            image,
            custom_size: Some(window.size()),
            ..default()
        },
    ));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Graphics, Quality};
    use bevy::camera::CameraUpdateSystems;
    use bevy::render::camera::camera_system;
    use bevy::render::texture::ManualTextureViews;
    use bevy::ui::ComputedUiRenderTargetInfo;
    use bevy::window::{ExitCondition, WindowResolution};

    /// An app with a 1280 × 720 window, Bevy's camera and UI systems, the table's camera
    /// and this plugin, no renderer.
    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            bevy::transform::TransformPlugin,
            bevy::input::InputPlugin,
            bevy::window::WindowPlugin {
                primary_window: Some(Window {
                    resolution: WindowResolution::new(1280, 720),
                    ..default()
                }),
                exit_condition: ExitCondition::DontExit,
                close_when_requested: false,
                ..default()
            },
            bevy::asset::AssetPlugin::default(),
            bevy::image::ImagePlugin::default(),
            bevy::image::TextureAtlasPlugin,
            bevy::text::TextPlugin,
            bevy::ui::UiPlugin,
            bevy::picking::DefaultPickingPlugins,
        ));
        app.init_resource::<ManualTextureViews>();
        app.add_systems(PostStartup, camera_system.in_set(CameraUpdateSystems));
        app.add_systems(
            PostUpdate,
            camera_system
                .in_set(CameraUpdateSystems)
                .before(bevy::asset::AssetEventSystems),
        );
        app.insert_resource(Preferences::default());
        app.add_plugins(plugin);
        app.world_mut().spawn(Camera3d::default());
        app.world_mut()
            .spawn((Node::default(), Name::new("A panel")));
        app
    }

    fn set_quality(app: &mut App, quality: Quality) {
        app.world_mut().resource_mut::<Preferences>().graphics = Graphics::of(quality);
        for _ in 0..3 {
            app.update();
        }
    }

    /// Each camera's target size (the table's, the panels'), and the panels' own.
    fn target_sizes(app: &mut App) -> (UVec2, UVec2, UVec2) {
        let world = app.world_mut();
        let table = world
            .query_filtered::<&Camera, With<Camera3d>>()
            .single(world)
            .unwrap()
            .physical_target_size()
            .unwrap();
        let panels = world
            .query_filtered::<&Camera, With<PanelCamera>>()
            .single(world)
            .unwrap()
            .physical_target_size()
            .unwrap();
        let ui = world
            .query::<&ComputedUiRenderTargetInfo>()
            .single(world)
            .unwrap()
            .physical_size();
        (table, panels, ui)
    }

    #[test]
    fn after_any_preset_switches_the_cameras_and_the_panels_draw_at_the_windows_size() {
        let mut app = app();
        let window = UVec2::new(1280, 720);
        for _ in 0..3 {
            app.update();
        }
        for quality in [
            Quality::Low,
            Quality::High,
            Quality::Low,
            Quality::Low,
            Quality::High,
        ] {
            set_quality(&mut app, quality);
            let (table, panels, ui) = target_sizes(&mut app);
            println!("{quality:?}: table {table}, panels {panels}, UI {ui}");
            assert_eq!((panels, ui), (window, window), "{quality:?}");
            let scale = Graphics::of(quality).resolution_scale;
            let drawn = (window.as_vec2() * scale).round().as_uvec2();
            assert_eq!(
                table,
                if scale >= 1.0 { window } else { drawn },
                "{quality:?}"
            );
        }
    }
}
