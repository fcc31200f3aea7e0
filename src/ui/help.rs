//! The help: how to play the mode at the table, in words a newcomer reads, and every
//! key of `controls.ron`; on demand, and by itself the first time a mode is opened.

use super::widgets::{Tone, binding_name, keys, keys_of, label, toned};
use crate::config::{Action, Config};
use crate::input::Actions;
use crate::play::Mode;
use crate::session::{GameConfig, GameSystems, Preferences, Screen, Session, UserFiles, viewing};
use crate::words::{Guide, GuideKeys, words};
use bevy::prelude::*;

#[derive(Component)]
struct HelpPanel;

/// The help is open: the guide of the mode at the table and every key. While it is
/// open the table takes no other input.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct HelpOpen(pub bool);

pub(super) fn reading_help(open: Res<HelpOpen>) -> bool {
    open.0
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HelpOpen>();
    app.configure_sets(Update, GameSystems::Input.run_if(not(reading_help)));
    // Once the table's match exists, the frame after the table opens (not to watch a
    // match: the guides are to play).
    app.add_systems(
        Update,
        open_the_first_time.run_if(resource_added::<Session>.and_then(not(viewing))),
    );
    // At the table only: in the menu the letters spell names.
    app.add_systems(
        Update,
        toggle_help
            .run_if(in_state(Screen::Table))
            // After the input, whose set is already skipped while the help is open:
            // the key that closes it does nothing else.
            .after(GameSystems::Input)
            .before(GameSystems::Rules),
    );
    app.add_systems(Update, show_help.in_set(GameSystems::Present));
    app.add_systems(OnExit(Screen::Table), |mut open: ResMut<HelpOpen>| {
        open.0 = false;
    });
}

/// The guides of a mode: practice's include the drills and the coach.
fn guides(mode: Mode) -> &'static [Guide] {
    match mode {
        Mode::Match => &[Guide::Match],
        Mode::Practice => &[Guide::Practice, Guide::Drills, Guide::Coach],
        Mode::LagTraining => &[Guide::LagTraining],
    }
}

/// The first time a mode is opened its guide shows; it is remembered in the settings.
fn open_the_first_time(
    session: Res<Session>,
    files: Res<UserFiles>,
    picture: Option<Res<crate::view::screenshot::ScreenshotPlan>>,
    measuring: Option<Res<super::FrameRateTest>>,
    mut preferences: ResMut<Preferences>,
    mut open: ResMut<HelpOpen>,
) {
    // A picture or a measurement from the command line plays without it.
    if picture.is_some() || measuring.is_some() {
        return;
    }
    let guide = guides(session.mode())[0];
    if preferences.guides_read.contains(&guide) {
        return;
    }
    open.0 = true;
    preferences.guides_read.push(guide);
    if let Err(e) = preferences.save(&files.settings) {
        warn!("the settings are not saved: {e}");
    }
}

fn toggle_help(actions: Res<Actions>, mut open: ResMut<HelpOpen>) {
    if actions.just_pressed(Action::ToggleHelp) {
        open.0 = !open.0;
    } else if open.0
        && (actions.just_pressed(Action::Confirm) || actions.just_pressed(Action::Menu))
    {
        open.0 = false;
    }
}

/// The keys a guide names, as the controls bind them.
fn guide_keys(config: &Config) -> GuideKeys {
    let k = |action| keys(config, action);
    let pair = |a, b| keys_of(config, &[a, b]);
    GuideKeys {
        aim: pair(Action::AimLeft, Action::AimRight),
        fine_aim: k(Action::HoldAim),
        power: pair(Action::PowerUp, Action::PowerDown),
        tip: keys_of(
            config,
            &[
                Action::TipUp,
                Action::TipDown,
                Action::TipLeft,
                Action::TipRight,
            ],
        ),
        elevation: pair(Action::ElevationUp, Action::ElevationDown),
        strike: k(Action::Strike),
        camera: k(Action::NextCamera),
        go_on: k(Action::Confirm),
        help: k(Action::ToggleHelp),
        rules: k(Action::ToggleRules),
        menu: k(Action::Menu),
        safety: k(Action::DeclareSafety),
        undo: k(Action::Undo),
        positions: pair(Action::NextPosition, Action::PreviousPosition),
        drill: k(Action::NextDrill),
        coach: k(Action::Coach),
        take_stroke: k(Action::Confirm),
        lag_half: k(Action::SwitchLagHalf),
        lag_opponent: k(Action::LagOpponent),
        move_ball: k(Action::MoveBall),
        place_ball: k(Action::Chat),
    }
}

/// The actions of the menu only (the menu shows their keys itself).
const IN_THE_MENU: [Action; 4] = [
    Action::MenuUp,
    Action::MenuDown,
    Action::MenuLeft,
    Action::MenuRight,
];

/// The actions of the match viewer only (it shows their keys itself).
const WATCHING: [Action; 4] = [
    Action::PreviousStroke,
    Action::NextStroke,
    Action::FirstStroke,
    Action::LastStroke,
];

/// The actions of online play only: the online table's line and the lobby show their
/// keys themselves.
const ONLINE: [Action; 4] = [
    Action::Chat,
    Action::Concede,
    Action::Decline,
    Action::Handicap,
];

/// The shot clock's time-out: the scoreboard shows its key beside the time-outs left.
const SHOT_CLOCK: [Action; 1] = [Action::TimeOut];

/// One row per action: its keys and what it does (but the actions of the menu, of the
/// match viewer, of online play and of the shot clock, which show their keys
/// themselves).
pub(super) fn key_rows(config: &Config) -> Vec<(String, &'static str)> {
    config
        .controls
        .bindings
        .iter()
        .filter(|(action, _)| {
            ![&IN_THE_MENU[..], &WATCHING, &ONLINE, &SHOT_CLOCK]
                .iter()
                .any(|actions| actions.contains(action))
        })
        .map(|(action, bindings)| {
            let keys: Vec<String> = bindings.iter().map(binding_name).collect();
            (keys.join(" / "), words().action(*action))
        })
        .collect()
}

/// The rows as a table: the keys in a column `keys_px` wide, what they do beside them,
/// in text of `size` px (a proportional font lines nothing up with spaces).
pub(super) fn spawn_key_table(
    parent: &mut ChildSpawnerCommands,
    rows: &[(String, &'static str)],
    keys_px: f32,
    size: f32,
) {
    parent
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            ..default()
        })
        .with_children(|table| {
            for (keys, what) in rows {
                table
                    .spawn(Node {
                        column_gap: px(8),
                        ..default()
                    })
                    .with_children(|row| {
                        // The width on a box around the text: Bevy measures a text
                        // that has a width of its own as if it wrapped word by word.
                        row.spawn(Node {
                            width: px(keys_px),
                            flex_shrink: 0.0,
                            ..default()
                        })
                        .with_child(toned(
                            keys.clone(),
                            size,
                            Tone::Plain,
                        ));
                        row.spawn(toned(*what, size, Tone::Dim));
                    });
            }
        });
}

/// The panel, built when it opens (in the language spoken, for the mode at the table).
fn show_help(
    mut commands: Commands,
    open: Res<HelpOpen>,
    config: Res<GameConfig>,
    session: Option<Res<Session>>,
    panels: Query<Entity, With<HelpPanel>>,
) {
    if !open.is_changed() {
        return;
    }
    for panel in &panels {
        commands.entity(panel).despawn();
    }
    if !open.0 {
        return;
    }
    let config = &config.0;
    let rows = key_rows(config);
    // Two columns, so that the list fits the window.
    let (left, right) = rows.split_at(rows.len().div_ceil(2));
    let keys = guide_keys(config);
    commands
        .spawn((
            Name::new("Help"),
            HelpPanel,
            Node {
                position_type: PositionType::Absolute,
                top: px(40),
                left: px(12),
                right: px(12),
                padding: UiRect::all(px(12)),
                flex_direction: FlexDirection::Column,
                row_gap: px(4),
                ..default()
            },
            // Opaque and on top: it covers the overlay it is opened over.
            BackgroundColor(Color::srgb(0.02, 0.02, 0.03)),
            GlobalZIndex(1),
        ))
        .with_children(|panel| {
            let mode = session.as_ref().map_or(Mode::Match, |s| s.mode());
            for guide in guides(mode) {
                panel.spawn(label(words().guide_title(*guide), 16.0));
                for line in words().guide(*guide, &keys) {
                    panel.spawn(toned(line, 13.0, Tone::Plain));
                }
            }
            let close = keys_of(config, &[Action::Confirm, Action::ToggleHelp]);
            let hint = words().guide_hint(&close, &keys.help);
            panel.spawn(toned(hint, 12.0, Tone::Dim));
            panel.spawn(label(words().controls_heading(), 14.0));
            panel
                .spawn(Node {
                    column_gap: px(24),
                    ..default()
                })
                .with_children(|columns| {
                    for column in [left, right] {
                        spawn_key_table(columns, column, 150.0, 11.0);
                    }
                });
        });
}
