//! Where the panels at the table go: a column down each side of the window, and the
//! table's free area between them, which the cameras frame the table in. A panel
//! names its place ([`Slot`]); each column lays its panels out one under the other, so
//! no two overlap whatever their text, and none covers the free area. A panel that is
//! [`Collapsible`] folds to its first line by a click on its corner.

use super::widgets::{Tone, panel, toned};
use crate::session::{GameSystems, Phase, Screen, at_table};
use crate::view::{Framing, largest_clear_area};
use bevy::prelude::*;
use bevy::ui::{ComputedUiRenderTargetInfo, UiSystems};

/// Widths of the columns, px at the layout's 1280 × 720 (they scale with the window).
pub const LEFT_PX: f32 = 364.0;
pub const RIGHT_PX: f32 = 360.0;
/// Space around and between the panels, px.
const MARGIN_PX: f32 = 8.0;

/// A panel's place at the table, in the order the columns stack them.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// Left column, from the top: the scoreboard, the practice position or drill, the
    /// lag statistics; at the bottom the stroke panel.
    Scoreboard,
    Position,
    LagStatistics,
    Stroke,
    /// Right column, from the top: the key hint and frame rate, passing notes (replay,
    /// a saved diagram, a prompt to press again), the phase's overlay; at the bottom the
    /// last strokes.
    Hint,
    Status,
    Overlay,
    Recent,
}

impl Slot {
    const LEFT: [Slot; 4] = [
        Slot::Scoreboard,
        Slot::Position,
        Slot::LagStatistics,
        Slot::Stroke,
    ];
    const RIGHT: [Slot; 4] = [Slot::Hint, Slot::Status, Slot::Overlay, Slot::Recent];

    /// Stacked at the bottom of its column.
    fn at_the_bottom(self) -> bool {
        matches!(self, Slot::Stroke | Slot::Recent)
    }
}

/// The node that holds the panels of a slot.
#[derive(Component)]
struct SlotNode(Slot);

/// The table's area between the columns.
#[derive(Component)]
pub struct FreeNode;

/// The columns and the free area.
#[derive(Component)]
pub struct Docks;

/// A panel that folds to its first child (its title line) and unfolds again by a click
/// on the mark in its corner.
#[derive(Component, Default)]
pub struct Collapsible {
    pub collapsed: bool,
}

#[derive(Component)]
struct FoldMark;

impl Slot {
    /// Its panels fold: all but the key hint and the passing notes.
    fn foldable(self) -> bool {
        !matches!(self, Slot::Hint | Slot::Status)
    }
}

/// A panel in `slot`: a column of content on the translucent background, as wide as
/// its column (text wraps in it), taking the pointer; foldable where the slot is.
pub fn docked(slot: Slot) -> impl Bundle {
    let foldable = slot.foldable();
    (
        panel(Node {
            width: percent(100),
            // Room on the right for the fold mark.
            padding: UiRect {
                left: px(12),
                right: px(if foldable { 24 } else { 12 }),
                top: px(10),
                bottom: px(10),
            },
            ..default()
        }),
        slot,
        Interaction::default(),
    )
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Table), spawn_docks);
    app.add_systems(
        Update,
        (fold_on_click, mark_foldable)
            .chain()
            .run_if(at_table)
            .in_set(GameSystems::Present),
    );
    app.add_systems(
        PostUpdate,
        (dock_panels, fold, follow_visibility, hide_for_the_game_over)
            .before(UiSystems::Prepare)
            .run_if(at_table),
    );
    app.add_systems(
        PostUpdate,
        measure_free_area.after(UiSystems::Layout).run_if(at_table),
    );
}

fn column(slots: [Slot; 4], width: f32) -> impl FnOnce(&mut ChildSpawnerCommands) {
    move |parent| {
        parent
            .spawn(Node {
                width: px(width),
                height: percent(100),
                flex_shrink: 0.0,
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(MARGIN_PX)),
                overflow: Overflow::clip(),
                ..default()
            })
            .with_children(|column| {
                for slot in slots {
                    if slot.at_the_bottom() {
                        // What comes after goes to the bottom of the column.
                        column.spawn(Node {
                            flex_grow: 1.0,
                            ..default()
                        });
                    }
                    column.spawn((
                        SlotNode(slot),
                        Node {
                            flex_direction: FlexDirection::Column,
                            row_gap: px(MARGIN_PX),
                            ..default()
                        },
                    ));
                }
            });
    }
}

fn spawn_docks(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Docks"),
            Docks,
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                ..default()
            },
            DespawnOnExit(Screen::Table),
        ))
        .with_children(|docks| {
            column(Slot::LEFT, LEFT_PX)(docks);
            docks.spawn((
                Name::new("Free area"),
                FreeNode,
                Node {
                    flex_grow: 1.0,
                    height: percent(100),
                    ..default()
                },
            ));
            column(Slot::RIGHT, RIGHT_PX)(docks);
        });
}

/// Puts each new panel in its slot (foldable where the slot is).
fn dock_panels(
    mut commands: Commands,
    panels: Query<(Entity, &Slot, Option<&ChildOf>, Has<Collapsible>), Changed<Slot>>,
    slots: Query<(Entity, &SlotNode)>,
) {
    for (panel, slot, parent, foldable) in &panels {
        let Some((holder, _)) = slots.iter().find(|(_, s)| s.0 == *slot) else {
            continue;
        };
        if parent.map(ChildOf::parent) != Some(holder) {
            commands.entity(holder).add_child(panel);
        }
        if slot.foldable() && !foldable {
            commands.entity(panel).insert(Collapsible::default());
        }
    }
}

/// In the game over, its own screen takes the window: the docks step aside.
fn hide_for_the_game_over(
    phase: Option<Res<State<Phase>>>,
    mut docks: Query<&mut Node, With<Docks>>,
) {
    let over = phase.is_some_and(|p| **p == Phase::GameOver);
    let wanted = if over { Display::None } else { Display::Flex };
    for mut node in &mut docks {
        if node.display != wanted {
            node.display = wanted;
        }
    }
}

/// Every collapsible panel has its mark in the corner (a panel that fills itself again
/// gets a new one).
fn mark_foldable(
    mut commands: Commands,
    panels: Query<(Entity, &Collapsible, Option<&Children>)>,
    marks: Query<(), With<FoldMark>>,
    mut texts: Query<&mut Text>,
) {
    for (panel, collapsible, children) in &panels {
        let mark = if collapsible.collapsed { "+" } else { "–" };
        let existing = children
            .into_iter()
            .flatten()
            .find(|child| marks.contains(**child))
            .copied();
        match existing {
            Some(existing) => {
                if let Ok(mut text) = texts.get_mut(existing)
                    && text.0 != mark
                {
                    text.0 = mark.to_owned();
                }
            }
            None => {
                commands.entity(panel).with_child((
                    FoldMark,
                    Button,
                    toned(mark, 16.0, Tone::Dim),
                    Node {
                        position_type: PositionType::Absolute,
                        top: px(2),
                        right: px(6),
                        ..default()
                    },
                ));
            }
        }
    }
}

fn fold_on_click(
    marks: Query<(&Interaction, &ChildOf), (Changed<Interaction>, With<FoldMark>)>,
    mut panels: Query<&mut Collapsible>,
) {
    for (interaction, parent) in &marks {
        if *interaction == Interaction::Pressed
            && let Ok(mut panel) = panels.get_mut(parent.parent())
        {
            panel.collapsed = !panel.collapsed;
        }
    }
}

/// A child a folded panel hides.
#[derive(Component)]
struct FoldedAway;

/// A collapsed panel shows its first child and its mark only; unfolded, what it hid
/// comes back.
fn fold(
    mut commands: Commands,
    panels: Query<(&Collapsible, &Children), Or<(Changed<Collapsible>, Changed<Children>)>>,
    marks: Query<(), With<FoldMark>>,
    folded: Query<(), With<FoldedAway>>,
    mut nodes: Query<&mut Node>,
) {
    for (collapsible, children) in &panels {
        for (i, child) in children.iter().enumerate() {
            let Ok(mut node) = nodes.get_mut(child) else {
                continue;
            };
            let kept = i == 0 || marks.contains(child);
            if collapsible.collapsed && !kept && !folded.contains(child) {
                node.display = Display::None;
                commands.entity(child).insert(FoldedAway);
            } else if !collapsible.collapsed && folded.contains(child) {
                node.display = Display::Flex;
                commands.entity(child).remove::<FoldedAway>();
            }
        }
    }
}

/// A docked panel hidden takes no room in its column.
fn follow_visibility(
    mut panels: Query<(&Visibility, &mut Node), (With<Slot>, Changed<Visibility>)>,
) {
    for (visibility, mut node) in &mut panels {
        node.display = if *visibility == Visibility::Hidden {
            Display::None
        } else {
            Display::Flex
        };
    }
}

/// The free area as laid out this frame, and the largest part of the window of the
/// table's shape that the panels leave, for the cameras to frame the table in
/// (physical px, as the layout's own).
fn measure_free_area(
    free: Query<
        (
            &ComputedNode,
            &UiGlobalTransform,
            &ComputedUiRenderTargetInfo,
        ),
        With<FreeNode>,
    >,
    slots: Query<(&ComputedNode, &UiGlobalTransform), With<SlotNode>>,
    mut framing: ResMut<Framing>,
    mut measured_for: Local<(Vec2, Vec<Rect>)>,
) {
    // Not while the docks step aside (the game over): nothing is laid out.
    let Some((node, transform, target)) = free
        .single()
        .ok()
        .filter(|(n, ..)| n.size().min_element() > 0.0)
    else {
        return;
    };
    let free = Rect::from_center_size(transform.translation, node.size());
    let window = target.physical_size().as_vec2();
    let panels: Vec<Rect> = slots
        .iter()
        .map(|(node, at)| Rect::from_center_size(at.translation, node.size()))
        .collect();
    // The table's area only when the window or a panel changed (every pair of edges is
    // tried).
    let table_area = if measured_for.0 == window && measured_for.1 == panels {
        framing.table_area
    } else {
        let aspect = framing.table_half.x / framing.table_half.y;
        let margin = MARGIN_PX * target.scale_factor();
        let area = largest_clear_area(window, &panels, aspect, margin);
        *measured_for = (window, panels);
        area
    };
    if framing.free != free || framing.window != window || framing.table_area != table_area {
        framing.free = free;
        framing.window = window;
        framing.table_area = table_area;
    }
}
