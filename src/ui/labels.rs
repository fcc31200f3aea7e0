//! The markings' labels (`view::markings::Labels`) as small text beside the point of
//! the cloth each names, facing the camera at any view: a word on the table is read on
//! the screen, not painted on the cloth. Under the panels.

use super::widgets::set_text;
use crate::game::at_table;
use crate::view::Labels;
use bevy::prelude::*;
use bevy::ui::UiSystems;
use bevy::window::PrimaryWindow;

/// One label's node, reused frame to frame.
#[derive(Component)]
struct ClothLabel;

/// Size of a label's text, px.
const TEXT_PX: f32 = 13.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        show_labels.before(UiSystems::Prepare).run_if(at_table),
    );
}

fn show_labels(
    mut commands: Commands,
    labels: Res<Labels>,
    camera: Option<Single<(&Camera, &GlobalTransform), With<Camera3d>>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    scale: Res<UiScale>,
    mut shown: Query<(&mut Node, &mut Text, &mut TextColor, &mut Visibility), With<ClothLabel>>,
) {
    let (Some(camera), Some(window)) = (camera, window) else {
        return;
    };
    let (camera, transform) = *camera;
    // The camera may draw into an image smaller than the window (the resolution
    // scale), stretched over it.
    let stretch = camera
        .logical_viewport_size()
        .map_or(Vec2::ONE, |drawn| window.size() / drawn);
    let mut nodes = shown.iter_mut();
    for (at, words, colour) in &labels.0 {
        let Some(on_screen) = camera
            .world_to_viewport(transform, *at)
            .ok()
            .map(|p| p * stretch / scale.0)
        else {
            continue;
        };
        let (left, top) = (px(on_screen.x + 4.0), px(on_screen.y - TEXT_PX));
        match nodes.next() {
            Some((mut node, mut text, mut text_colour, mut visibility)) => {
                node.left = left;
                node.top = top;
                set_text(&mut text, words);
                text_colour.0 = *colour;
                *visibility = Visibility::Inherited;
            }
            None => {
                commands.spawn((
                    ClothLabel,
                    Text::new(words.clone()),
                    TextFont {
                        font_size: bevy::text::FontSize::Px(TEXT_PX),
                        ..default()
                    },
                    TextColor(*colour),
                    TextLayout::no_wrap(),
                    Node {
                        position_type: PositionType::Absolute,
                        left,
                        top,
                        padding: UiRect::axes(px(3), px(1)),
                        border_radius: BorderRadius::all(px(3)),
                        ..default()
                    },
                    BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
                    // Under the panels.
                    GlobalZIndex(-1),
                    Pickable::IGNORE,
                    DespawnOnExit(crate::game::Screen::Table),
                ));
            }
        }
    }
    for (_, _, _, mut visibility) in nodes {
        *visibility = Visibility::Hidden;
    }
}
