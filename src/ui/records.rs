//! The player records screen, from the menu: one person's profile at a time (the
//! menu's first person first), each game they played with its figures, the chart of
//! their average match by match, the computer level nearest their recent average and
//! their last matches; their practice by pattern and the graded exams they took.
//! Files that cannot be read are named under it. Keyboard: left/right another person,
//! Escape or Enter back to the menu.

use super::profiles::{bar_chart, profile_in_game};
use super::widgets::{Tone, button, clicked, keys, keys_of, label, panel, screen_column, toned};
use crate::config::Action;
use crate::diamond_systems::patterns::Pattern;
use crate::input::Actions;
use crate::play::FileError;
use crate::play::profiles::{self, Profile};
use crate::session::{GameConfig, GameSystems, Screen, Settings, UserFiles};
use crate::words::{ExamTaken, named, words};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Records), spawn_records);
    app.add_systems(
        Update,
        (
            (read_keys, read_clicks).in_set(GameSystems::Rules),
            show_person.in_set(GameSystems::Present),
        )
            .run_if(in_state(Screen::Records)),
    );
}

/// Matches listed under each game, the newest first.
const MATCHES_LISTED: usize = 8;

/// The profiles read when the screen opened, and the one shown.
#[derive(Resource)]
struct Records {
    profiles: Vec<Profile>,
    unreadable: Vec<FileError>,
    shown: usize,
}

#[derive(Component)]
struct PersonBody;

#[derive(Component)]
struct Arrow(i32);

#[derive(Component)]
struct BackButton;

fn spawn_records(
    mut commands: Commands,
    config: Res<GameConfig>,
    files: Res<UserFiles>,
    settings: Res<Settings>,
) {
    let (profiles, unreadable) = profiles::all_profiles(&files.data);
    // The menu's first person (not a computer's seat) who has a record.
    let shown = settings
        .seated()
        .iter()
        .zip(settings.seated_computers())
        .filter(|(_, computer)| computer.is_none())
        .find_map(|(name, _)| profiles.iter().position(|p| p.name == name.trim()))
        .unwrap_or(0);
    let empty = profiles.is_empty();
    commands.insert_resource(Records {
        profiles,
        unreadable,
        shown,
    });
    let config = &config.0;
    let hint = words().records_hint(
        &keys_of(config, &[Action::MenuLeft, Action::MenuRight]),
        &keys(config, Action::Menu),
    );
    let folder = files.players().display().to_string();
    commands
        .spawn((
            Name::new("Records"),
            screen_column(8.0),
            DespawnOnExit(Screen::Records),
        ))
        .with_children(|screen| {
            screen.spawn(label(words().records_title(), 30.0));
            if empty {
                screen.spawn(toned(words().records_empty(&folder), 16.0, Tone::Dim));
            } else {
                screen
                    .spawn(Node {
                        column_gap: px(12),
                        align_items: AlignItems::Center,
                        ..default()
                    })
                    .with_children(|line| {
                        line.spawn(button("<", 18.0)).insert(Arrow(-1));
                        line.spawn(button(">", 18.0)).insert(Arrow(1));
                    });
            }
            screen.spawn((
                PersonBody,
                panel(Node {
                    row_gap: px(6),
                    width: px(560),
                    max_height: percent(75),
                    overflow: Overflow::clip_y(),
                    ..default()
                }),
            ));
            screen
                .spawn(button(words().setting(crate::words::Setting::Back), 18.0))
                .insert(BackButton);
            screen.spawn(toned(hint, 14.0, Tone::Dim));
        });
}

/// A game's practice by pattern, the most played first.
fn practice_lines(
    game: &str,
    tallies: &std::collections::BTreeMap<String, profiles::PatternTally>,
    config: &crate::config::Config,
) -> String {
    let mut rows: Vec<(&str, u32, u32)> = tallies
        .iter()
        .map(|(key, t)| {
            let name = Pattern::of_key(key).map_or(key.as_str(), |p| words().pattern(p));
            (name, t.made, t.attempted)
        })
        .collect();
    rows.sort_by_key(|row| std::cmp::Reverse(row.2));
    let game = config.games.games.get(game).map_or(game, named);
    words().practice_patterns(game, &rows)
}

/// Each graded exam taken: the last one's grade, the best, and a bar an exam of the
/// attempts made (the chart's top: every attempt made).
fn exam_history(
    panel: &mut ChildSpawnerCommands,
    profile: &Profile,
    config: &crate::config::Config,
) {
    let mut exams: Vec<&str> = profile.exams.iter().map(|e| e.exam.as_str()).collect();
    exams.sort_unstable();
    exams.dedup();
    fn level<'a>(config: &'a crate::config::Config, key: &'a Option<String>) -> Option<&'a str> {
        let key = key.as_deref()?;
        Some(config.computer.level(key).map_or(key, named))
    }
    for exam in exams {
        let taken: Vec<_> = profile.exams.iter().filter(|e| e.exam == exam).collect();
        let Some(last) = taken.last() else { continue };
        let best = taken.iter().map(|e| e.made).max().unwrap_or(0);
        let said = words().exam_history(
            exam,
            &ExamTaken {
                made: last.made,
                attempts: last.attempts,
                reached: level(config, &last.reached),
                short_of: level(config, &last.short_of),
                off_the_fitted_table: last.condition.is_some(),
            },
            taken.len(),
            best,
        );
        panel.spawn(toned(said, 13.0, Tone::Plain));
        let made: Vec<f64> = taken.iter().map(|e| f64::from(e.made)).collect();
        bar_chart(panel, &made, f64::from(last.attempts.max(1)));
    }
}

fn step(records: &mut Records, step: i32) {
    let count = records.profiles.len().max(1) as i32;
    records.shown = (records.shown as i32 + step).rem_euclid(count) as usize;
}

fn read_keys(
    actions: Res<Actions>,
    mut records: ResMut<Records>,
    mut screen: ResMut<NextState<Screen>>,
) {
    for (action, by) in [(Action::MenuLeft, -1), (Action::MenuRight, 1)] {
        if actions.just_pressed(action) {
            step(&mut records, by);
        }
    }
    if actions.just_pressed(Action::Menu) || actions.just_pressed(Action::Confirm) {
        screen.set(Screen::Menu);
    }
}

fn read_clicks(
    arrows: Query<(&Interaction, &Arrow), Changed<Interaction>>,
    back: Query<&Interaction, (Changed<Interaction>, With<BackButton>)>,
    mut records: ResMut<Records>,
    mut screen: ResMut<NextState<Screen>>,
) {
    for (interaction, Arrow(by)) in &arrows {
        if clicked(interaction) {
            step(&mut records, *by);
        }
    }
    if back.iter().any(clicked) {
        screen.set(Screen::Menu);
    }
}

/// The person shown, built again when another is chosen.
fn show_person(
    mut commands: Commands,
    records: Res<Records>,
    config: Res<GameConfig>,
    body: Single<Entity, With<PersonBody>>,
) {
    if !records.is_changed() {
        return;
    }
    let config = &config.0;
    commands
        .entity(*body)
        .despawn_children()
        .with_children(|panel| {
            if let Some(profile) = records.profiles.get(records.shown) {
                let of = format!(
                    "{} ({}/{})",
                    profile.name,
                    records.shown + 1,
                    records.profiles.len()
                );
                panel.spawn(label(of, 20.0));
                for game in profile.games() {
                    profile_in_game(panel, profile, game, config);
                    let newest: Vec<String> = profile
                        .in_game(game)
                        .rev()
                        .take(MATCHES_LISTED)
                        .map(|m| words().profile_match(m))
                        .collect();
                    panel.spawn(toned(newest.join("\n"), 13.0, Tone::Dim));
                }
                for (game, tallies) in &profile.practice {
                    panel.spawn(toned(
                        practice_lines(game, tallies, config),
                        13.0,
                        Tone::Plain,
                    ));
                }
                exam_history(panel, profile, config);
            }
            for error in &records.unreadable {
                panel.spawn(toned(words().profile_not_kept(error), 13.0, Tone::Bad));
            }
        });
}
