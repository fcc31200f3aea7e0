//! What a player sees laid out, headless: the game's own panels, laid out by Bevy's UI
//! with the game's font, at 1280 × 720 and 1920 × 1080, in every phase of a match,
//! practice (a position, a drill) and lag training, every panel expanded. No two
//! panels overlap, each lies in the window with its text inside it, and none covers a
//! ball the player needs to see: the cue ball in every view, every ball from above.
//! All of it in each language, as Russian runs longer than English; and the menu and
//! the settings screen, each text on one line in its row and the whole in the window.
//! No renderer: the cameras and the UI are laid out, not drawn.

#[path = "layout/viewer.rs"]
mod viewer;

use bevy::asset::AssetEventSystems;
use bevy::camera::CameraUpdateSystems;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::render::camera::camera_system;
use bevy::render::texture::ManualTextureViews;
use bevy::state::app::StatesPlugin;
use bevy::text::TextLayoutInfo;
use bevy::time::TimeUpdateStrategy;
use bevy::ui::{CalculatedClip, UiGlobalTransform};
use bevy::window::{ExitCondition, PrimaryWindow, WindowResolution};
use carom::config::Config;
use carom::play::{Command, MatchSettings, Mode, StoragePaths};
use carom::session::{
    CameraView, GameConfig, Graphics, OnlineLink, OnlineLobby, Phase, PlayerCommand, Preferences,
    Quality, Screen, Session, Settings, TableCamera, UserFiles,
};
use carom::shot::{BallId, Stroke};
use carom::ui::Slot;
use carom::view::{Cameras, Framing};
use carom::words::{Language, speak};
use std::time::Duration;

/// The game's shell with Bevy's layout but no renderer, in a window of `size`.
fn shell(name: &str, settings: MatchSettings, size: UVec2) -> App {
    shell_at(name, settings, size, Screen::Table)
}

/// The game's shell opened on `screen`.
fn shell_at(name: &str, settings: MatchSettings, size: UVec2, screen: Screen) -> App {
    shell_with(name, settings, size, screen, |_| {})
}

/// The game's shell opened on `screen`, `before` run on the app before the game's
/// plugins are added (for what they read as they are built).
fn shell_with(
    name: &str,
    settings: MatchSettings,
    size: UVec2,
    screen: Screen,
    before: impl FnOnce(&mut App),
) -> App {
    let dir = carom::test_support::fresh_dir(&format!("layout-{name}"));
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        bevy::transform::TransformPlugin,
        bevy::input::InputPlugin,
        bevy::window::WindowPlugin {
            primary_window: Some(Window {
                resolution: WindowResolution::new(size.x, size.y),
                ..default()
            }),
            exit_condition: ExitCondition::DontExit,
            close_when_requested: false,
            ..default()
        },
        bevy::asset::AssetPlugin::default(),
        bevy::image::ImagePlugin::default(),
        bevy::image::TextureAtlasPlugin,
        bevy::mesh::MeshPlugin,
        bevy::camera::CameraPlugin,
        bevy::text::TextPlugin,
        bevy::ui::UiPlugin,
        bevy::gizmos::GizmoPlugin,
    ));
    app.init_asset::<StandardMaterial>();
    app.init_resource::<ManualTextureViews>();
    app.add_systems(PostStartup, camera_system.in_set(CameraUpdateSystems));
    app.add_systems(
        PostUpdate,
        camera_system
            .in_set(CameraUpdateSystems)
            .before(AssetEventSystems),
    );
    // A frame is a twentieth of a second of play.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        50,
    )));
    app.insert_resource(GameConfig(Config::defaults()));
    app.insert_resource(Settings(settings));
    app.insert_resource(UserFiles(StoragePaths::in_folder(&dir)));
    app.insert_resource(Preferences::default());
    before(&mut app);
    app.add_plugins((
        carom::session::plugin,
        carom::input::plugin,
        carom::cue::plugin,
        carom::table_commands::plugin,
        carom::view::cameras_and_markings,
        carom::ui::plugin,
    ));
    app.update();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(screen);
    frames(&mut app, 4);
    app
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

fn phase(app: &App) -> Phase {
    **app.world().resource::<State<Phase>>()
}

fn send(app: &mut App, command: Command) {
    app.world_mut().write_message(PlayerCommand::new(command));
    frames(app, 3);
}

/// Plays frames until the match leaves the rolling phases.
fn roll(app: &mut App) {
    for _ in 0..2400 {
        if !matches!(phase(app), Phase::Rolling | Phase::LagRolling) {
            frames(app, 3);
            return;
        }
        app.update();
    }
    panic!("still rolling");
}

/// A node's rectangle on the screen, physical px.
fn rect(node: &ComputedNode, at: &UiGlobalTransform) -> Rect {
    Rect::from_center_size(at.translation, node.size())
}

/// Whether `entity` and every node above it is shown (laid out and visible).
fn shown(world: &World, entity: Entity) -> bool {
    let mut at = Some(entity);
    while let Some(e) = at {
        let hidden = world
            .get::<Node>(e)
            .is_some_and(|n| n.display == Display::None)
            || world
                .get::<InheritedVisibility>(e)
                .is_some_and(|v| !v.get());
        if hidden {
            return false;
        }
        at = world.get::<ChildOf>(e).map(ChildOf::parent);
    }
    true
}

/// The window's size, physical px.
fn window_size(world: &mut World) -> Vec2 {
    world
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(world)
        .unwrap()
        .physical_size()
        .as_vec2()
}

/// What the screen shows now, checked: the panels against each other, the window and
/// their text, the balls against the panels. `what` names the moment.
fn check(app: &mut App, what: &str) {
    frames(app, 3);
    let world = app.world_mut();
    let window = window_size(world);
    let screen = Rect::from_corners(Vec2::ZERO, window);
    let mut panels: Vec<(Entity, String, Rect)> = Vec::new();
    let mut query = world.query::<(
        Entity,
        &Slot,
        &ComputedNode,
        &UiGlobalTransform,
        Option<&Name>,
    )>();
    for (entity, slot, node, at, name) in query.iter(world) {
        let label = name.map_or(format!("{slot:?}"), |n| n.to_string());
        panels.push((entity, label, rect(node, at)));
    }
    panels.retain(|(e, ..)| shown(world, *e));
    // The game over has a screen of its own.
    let mut screens =
        world.query_filtered::<(Entity, &Name, &ComputedNode, &UiGlobalTransform), Without<Slot>>();
    for (entity, name, node, at) in screens.iter(world) {
        if name.as_str() == "Game over" && shown(world, entity) {
            panels.push((entity, "Game over".into(), rect(node, at)));
        }
    }
    assert!(!panels.is_empty(), "{what}: no panel shown");
    // The help (open by itself the first time a mode is opened) covers the table, and
    // stays inside the window.
    for (entity, name, node, at) in screens.iter(world) {
        if name.as_str() == "Help" && shown(world, entity) {
            let help = rect(node, at);
            assert!(
                screen.inflate(0.5).contains(help.min) && screen.inflate(0.5).contains(help.max),
                "{what}: the help {help:?} leaves the window {window}"
            );
        }
    }
    for (i, (_, a, ra)) in panels.iter().enumerate() {
        assert!(
            ra.width() > 0.0 && ra.height() > 0.0,
            "{what}: {a} has no size"
        );
        let inside = screen.inflate(0.5);
        assert!(
            inside.contains(ra.min) && inside.contains(ra.max),
            "{what}: {a} {ra:?} leaves the window {window}"
        );
        for (_, b, rb) in &panels[i + 1..] {
            let overlap = ra.intersect(*rb);
            assert!(
                overlap.is_empty() || overlap.width() < 0.5 || overlap.height() < 0.5,
                "{what}: {a} {ra:?} overlaps {b} {rb:?}"
            );
        }
    }
    // No docked panel runs on below what it holds (a text measured as if it wrapped
    // word by word makes a box taller than its lines). The game over's screen fills the
    // window by design.
    for (entity, name, panel) in panels
        .iter()
        .filter(|(e, ..)| world.get::<Slot>(*e).is_some())
    {
        let Some(children) = world.get::<Children>(*entity) else {
            continue;
        };
        let held = children
            .iter()
            .filter(|c| shown(world, *c))
            .filter_map(|c| {
                let node = world.get::<ComputedNode>(c)?;
                Some(rect(node, world.get::<UiGlobalTransform>(c)?).max.y)
            })
            .fold(f32::NEG_INFINITY, f32::max);
        let Some(node) = world.get::<ComputedNode>(*entity) else {
            continue;
        };
        // The panel's own padding, and a pixel or two of rounding.
        let slack = node.padding().max_inset.y + 3.0;
        assert!(
            held == f32::NEG_INFINITY || panel.max.y - held <= slack,
            "{what}: {name} {panel:?} runs {} px below what it holds",
            panel.max.y - held
        );
    }
    // Every text lies inside its panel (what a scrolling list shows of it).
    let mut texts = world.query_filtered::<(
        Entity,
        &ComputedNode,
        &UiGlobalTransform,
        &Text,
        Option<&CalculatedClip>,
    ), Without<Slot>>();
    let texts: Vec<(Entity, Rect, String)> = texts
        .iter(world)
        .map(|(e, n, at, t, clip)| {
            let whole = rect(n, at);
            (
                e,
                clip.map_or(whole, |c| whole.intersect(c.clip)),
                t.0.clone(),
            )
        })
        .collect();
    for (entity, text_rect, words) in texts {
        if words.is_empty() || text_rect.is_empty() || !shown(world, entity) {
            continue;
        }
        let mut at = world.get::<ChildOf>(entity).map(ChildOf::parent);
        while let Some(e) = at {
            if let Some((_, name, panel)) = panels.iter().find(|(p, ..)| *p == e) {
                assert!(
                    panel.inflate(1.0).contains(text_rect.min)
                        && panel.inflate(1.0).contains(text_rect.max),
                    "{what}: \"{words}\" {text_rect:?} runs out of {name} {panel:?}"
                );
                break;
            }
            at = world.get::<ChildOf>(e).map(ChildOf::parent);
        }
    }
    // The balls the player needs: the cue ball, and every ball seen from above (none
    // once the game is over).
    let view = world.resource::<Cameras>().view;
    let over = **world.resource::<State<Phase>>() == Phase::GameOver;
    let session = world.resource::<Session>();
    let cue_ball = session.cue_ball();
    let balls: Vec<(BallId, Vec3)> = session
        .sim()
        .ball_states()
        .filter(|(id, _)| !over && (view == CameraView::Top || *id == cue_ball))
        .map(|(id, k)| (id, carom::session::frame::to_bevy(k.pos)))
        .collect();
    // From above, the table is framed in the largest area of its shape that no panel
    // covers (it may reach between the panels into their columns).
    let table_area = world.resource::<Framing>().table_area;
    let mut cameras = world.query_filtered::<(&Camera, &GlobalTransform), With<TableCamera>>();
    let (camera, transform) = cameras.single(world).unwrap();
    let stretch = camera
        .physical_viewport_size()
        .map_or(Vec2::ONE, |drawn| window / drawn.as_vec2());
    for (id, at) in balls {
        let Ok(on_screen) = camera.world_to_viewport(transform, at) else {
            continue;
        };
        // Physical px of the window (the camera's target may be a scaled image).
        let on_screen = on_screen * camera.target_scaling_factor().unwrap_or(1.0) * stretch;
        for (_, name, panel) in &panels {
            assert!(
                !panel.contains(on_screen),
                "{what}: {name} {panel:?} covers the {id} ball at {on_screen} ({view:?} view)"
            );
        }
        if view == CameraView::Top {
            assert!(
                table_area.contains(on_screen),
                "{what}: the {id} ball at {on_screen} is outside the table's area {table_area:?}"
            );
        }
    }
    println!("{what}: {} panels, none overlapping", panels.len());
}

/// Checks the moment in every view.
fn check_views(app: &mut App, what: &str) {
    for view in [
        CameraView::Behind,
        CameraView::Top,
        CameraView::Orbit,
        CameraView::Follow,
    ] {
        app.world_mut().resource_mut::<Cameras>().view = view;
        // The camera glides: give it time to arrive.
        frames(app, 40);
        check(app, &format!("{what}, {view:?} view"));
    }
    app.world_mut().resource_mut::<Cameras>().view = CameraView::Behind;
}

const SIZES: [UVec2; 2] = [UVec2::new(1280, 720), UVec2::new(1920, 1080)];

/// The language spoken is the game's one global: the tests that lay out text take turns.
static SPEAKING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs `test` in English at the size of each window, and in the other languages at
/// the first only (the panels scale with the window, so one size tries whether their
/// longer text fits), English last.
fn in_each_language_and_size(mut test: impl FnMut(UVec2, &str)) {
    let _turn = SPEAKING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for language in Language::ALL.into_iter().rev() {
        speak(language);
        let sizes = if language == Language::English {
            &SIZES[..]
        } else {
            &SIZES[..1]
        };
        for &size in sizes {
            test(size, language.code());
        }
    }
}

#[test]
fn after_any_preset_switches_the_cameras_and_the_panels_draw_at_the_windows_size() {
    // Switching the graphics preset used to leave the table's camera at the size of
    // the low preset's image, and the panels fell onto it, magnified 2.5 times.
    let settings = MatchSettings {
        mode: Mode::Practice,
        ..MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()])
    };
    let window = UVec2::new(1280, 720);
    let mut app = shell("presets", settings, window);
    for quality in [
        Quality::Low,
        Quality::High,
        Quality::Low,
        Quality::Low,
        Quality::High,
    ] {
        app.world_mut().resource_mut::<Preferences>().graphics = Graphics::of(quality);
        frames(&mut app, 3);
        let world = app.world_mut();
        let mut cameras = world.query::<(&Camera, Has<TableCamera>)>();
        let mut table = None;
        for (camera, is_table) in cameras.iter(world) {
            let size = camera.physical_target_size().unwrap();
            if is_table {
                // It waits out the first frame only (`view::camera::open_the_shutter`).
                assert!(camera.is_active, "{quality:?}: the table's camera draws");
                table = Some(size);
            } else {
                assert_eq!(size, window, "{quality:?}: the panels' camera");
            }
        }
        let mut panels = world.query::<&bevy::ui::ComputedUiRenderTargetInfo>();
        for target in panels.iter(world) {
            assert_eq!(target.physical_size(), window, "{quality:?}: a panel");
        }
        let scale = Graphics::of(quality).resolution_scale;
        let drawn = (window.as_vec2() * scale).round().as_uvec2();
        let table = table.expect("the table's camera");
        println!("{quality:?}: the table drawn at {table}, the panels at {window}");
        assert_eq!(
            table,
            if scale >= 1.0 { window } else { drawn },
            "{quality:?}"
        );
    }
}

#[test]
fn a_match_is_laid_out_without_panels_on_each_other_or_on_the_balls() {
    in_each_language_and_size(|size, language| {
        let settings = MatchSettings {
            mode: Mode::Match,
            game: "three_cushion".into(),
            target: 1,
            players: vec!["Anna Karenina".into(), "Konstantin Levin".into()],
            ..MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()])
        };
        let mut app = shell("match", settings, size);
        let at = |what: &str| format!("{}x{} {language}, match: {what}", size.x, size.y);
        assert_eq!(phase(&app), Phase::Lag);
        check_views(&mut app, &at("the lag"));
        // Both lag: the first a good lag, the second softer.
        send(
            &mut app,
            Command::LagReady(Stroke::new(BallId::White, 0.0, 1.3)),
        );
        send(
            &mut app,
            Command::LagReady(Stroke::new(BallId::Dotted, 0.0, 1.2)),
        );
        roll(&mut app);
        assert_eq!(phase(&app), Phase::LagResult);
        check(&mut app, &at("the lag's result"));
        while phase(&app) == Phase::LagResult {
            send(&mut app, Command::Continue);
            if phase(&app) == Phase::Lag {
                send(
                    &mut app,
                    Command::LagReady(Stroke::new(BallId::White, 0.0, 1.3)),
                );
                send(
                    &mut app,
                    Command::LagReady(Stroke::new(BallId::Dotted, 0.0, 1.1)),
                );
                roll(&mut app);
            }
        }
        assert_eq!(phase(&app), Phase::ChooseBreak);
        check(&mut app, &at("the break's choice"));
        send(
            &mut app,
            Command::ChooseBreak {
                break_it: true,
                ball: BallId::White,
            },
        );
        assert_eq!(phase(&app), Phase::BreakSetup);
        check_views(&mut app, &at("the break's set-up"));
        // The breaker's ball jumps off the table over the head rail: a foul, spotted.
        let ball = app.world().resource::<Session>().cue_ball();
        send(
            &mut app,
            Command::Strike(Stroke {
                elevation_deg: 55.0,
                ..Stroke::new(ball, 180.0, 9.0)
            }),
        );
        assert_eq!(phase(&app), Phase::Rolling);
        frames(&mut app, 10);
        check(&mut app, &at("rolling"));
        roll(&mut app);
        assert_eq!(phase(&app), Phase::Verdict);
        check_views(&mut app, &at("the verdict"));
        send(&mut app, Command::Continue);
        assert_eq!(phase(&app), Phase::Spotting);
        check(&mut app, &at("the spotting"));
        send(&mut app, Command::Continue);
        assert_eq!(phase(&app), Phase::Aiming);
        check_views(&mut app, &at("aiming"));
        // The other player makes the one point of the match: the game is over.
        let mut over = false;
        for direction in 0..720 {
            let ball = app.world().resource::<Session>().cue_ball();
            send(
                &mut app,
                Command::Strike(Stroke::new(ball, direction as f64 * 0.5, 3.0)),
            );
            roll(&mut app);
            while matches!(phase(&app), Phase::Verdict | Phase::Spotting) {
                send(&mut app, Command::Continue);
            }
            if phase(&app) == Phase::GameOver {
                over = true;
                break;
            }
        }
        assert!(over, "a point was made");
        // The match put the game in both players' records, which the screen shows.
        let files = app.world().resource::<UserFiles>().0.clone();
        for name in ["Anna Karenina", "Konstantin Levin"] {
            let profile = carom::play::profiles::read_profile(&files.data, name).unwrap();
            assert_eq!(profile.matches.len(), 1, "{name}");
        }
        check(&mut app, &at("the game over"));
    });
}

#[test]
fn practice_and_lag_training_are_laid_out_without_panels_on_each_other_or_on_the_balls() {
    in_each_language_and_size(|size, language| {
        let settings = MatchSettings {
            mode: Mode::Practice,
            game: "three_cushion".into(),
            ..MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()])
        };
        let mut app = shell("practice", settings, size);
        let at = |what: &str| format!("{}x{} {language}, practice: {what}", size.x, size.y);
        assert_eq!(phase(&app), Phase::BreakSetup);
        check_views(&mut app, &at("the break"));
        // A position of the library, then a drill.
        press(&mut app, KeyCode::PageDown);
        check_views(&mut app, &at("a position"));
        press(&mut app, KeyCode::KeyJ);
        check(&mut app, &at("a drill"));
        let ball = app.world().resource::<Session>().cue_ball();
        send(&mut app, Command::Strike(Stroke::new(ball, 0.0, 3.0)));
        roll(&mut app);
        check_views(&mut app, &at("a drill's verdict"));

        let settings = MatchSettings {
            mode: Mode::LagTraining,
            game: "three_cushion".into(),
            ..MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()])
        };
        let mut app = shell("lag-training", settings, size);
        let at = |what: &str| format!("{}x{} {language}, lag training: {what}", size.x, size.y);
        assert_eq!(phase(&app), Phase::Lag);
        check_views(&mut app, &at("the lag"));
        send(
            &mut app,
            Command::LagReady(Stroke::new(BallId::White, 0.0, 1.25)),
        );
        roll(&mut app);
        check(&mut app, &at("the result"));
        send(&mut app, Command::Continue);
        check(&mut app, &at("the next lag, with the statistics"));
    });
}

#[test]
fn a_frame_rate_run_ends_by_itself_at_a_slow_frame_rate() {
    // A second a frame, as the high preset on a software renderer: one stroke gives
    // fewer frames than the run measures, so it plays on past the verdict unattended.
    let settings = MatchSettings {
        mode: Mode::Practice,
        game: "three_cushion".into(),
        ..MatchSettings::defaults(&Config::defaults(), vec!["One".into()])
    };
    let mut app = shell_with(
        "frame-rate",
        settings,
        UVec2::new(1280, 720),
        Screen::Table,
        |app| {
            app.insert_resource(carom::ui::FrameRateTest);
        },
    );
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(1)));
    let mut verdicts = 0;
    for frame in 0..3000 {
        app.update();
        if phase(&app) == Phase::Verdict {
            verdicts += 1;
        }
        if app.should_exit().is_some() {
            assert!(verdicts > 0, "it went past a verdict");
            println!("the run ended after {frame} frames");
            return;
        }
    }
    panic!("the frame-rate run still waits after 3000 frames");
}

#[test]
fn start_over_a_saved_match_asks_first_and_a_second_start_replaces_it() {
    let settings = MatchSettings {
        mode: Mode::Match,
        ..MatchSettings::defaults(&Config::defaults(), vec!["Ann".into(), "Bob".into()])
    };
    let old = MatchSettings {
        players: vec!["Old".into(), "Match".into()],
        ..settings.clone()
    };
    let mut app = shell_with(
        "start-asks",
        settings,
        UVec2::new(1280, 720),
        Screen::Menu,
        |app| {
            let files = app.world().resource::<UserFiles>().0.clone();
            carom::play::Play::new(&Config::defaults(), old, Some(&files));
        },
    );
    let save = app.world().resource::<UserFiles>().saved_match.clone();
    let screen = |app: &App| **app.world().resource::<State<Screen>>();
    let before = std::fs::read_to_string(&save).unwrap();
    assert!(before.contains("Old"));
    // Start is the row chosen when the menu opens.
    press(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Menu, "the first Start only asks");
    assert_eq!(std::fs::read_to_string(&save).unwrap(), before);
    press(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Table);
    let after = std::fs::read_to_string(&save).unwrap();
    assert!(after.contains("Ann") && !after.contains("Old"), "{after}");
}

#[test]
fn a_stroke_taken_back_by_rule_22_leaves_the_verdict_and_the_last_strokes() {
    // Three players: no lag, the first breaks.
    let settings = MatchSettings {
        mode: Mode::Match,
        game: "straight_rail".into(),
        ..MatchSettings::defaults(
            &Config::defaults(),
            vec!["One".into(), "Two".into(), "Three".into()],
        )
    };
    let mut app = shell("rule-22-panels", settings, UVec2::new(1280, 720));
    assert_eq!(phase(&app), Phase::BreakSetup);
    send(&mut app, Command::Continue);
    send(
        &mut app,
        Command::Strike(Stroke::new(BallId::White, 90.0, 1.0)),
    );
    roll(&mut app);
    assert_eq!(phase(&app), Phase::Verdict);
    let named = |app: &mut App, name: &str| {
        let world = app.world_mut();
        world
            .query::<(Entity, &Name)>()
            .iter(world)
            .filter(|(_, n)| n.as_str() == name)
            .map(|(e, _)| e)
            .collect::<Vec<Entity>>()
    };
    assert_eq!(named(&mut app, "Verdict").len(), 1);
    let recent = named(&mut app, "Recent strokes")[0];
    assert!(shown(app.world(), recent), "the stroke is listed");
    send(&mut app, Command::Continue);
    assert_eq!(phase(&app), Phase::Aiming);
    send(&mut app, Command::RestorePositions);
    let session = app.world().resource::<Session>();
    assert!(session.last_verdict().unwrap().restore_positions);
    assert!(
        named(&mut app, "Verdict").is_empty(),
        "the old verdict went"
    );
    assert!(
        !shown(app.world(), recent),
        "the stroke taken back is not among the last strokes"
    );
}

#[test]
fn the_key_that_closes_the_guide_does_nothing_else() {
    // The match's guide opens the first time; Enter closes it, and only the next Enter
    // tells the lag that the first player is ready.
    let settings = MatchSettings {
        mode: Mode::Match,
        ..MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()])
    };
    let mut app = shell("guide-closes", settings, UVec2::new(1280, 720));
    let turn = |app: &App| {
        app.world()
            .resource::<Session>()
            .lag()
            .and_then(|lag| lag.turn_index())
    };
    assert_eq!(phase(&app), Phase::Lag);
    assert_eq!(turn(&app), Some(0));
    press(&mut app, KeyCode::Enter);
    assert_eq!(turn(&app), Some(0), "closing the guide readied the lag");
    press(&mut app, KeyCode::Enter);
    assert_eq!(turn(&app), Some(1), "Enter at the table readies the lag");
}

/// A key pressed for a frame and let go, as the window reports it.
fn press(app: &mut App, key: KeyCode) {
    let world = app.world_mut();
    let window = world
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(world)
        .unwrap();
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window,
        });
        app.update();
    }
    frames(app, 3);
}

/// The cue stick's entity: whether it is shown, and where its tip is (Bevy's frame).
fn stick(app: &mut App) -> (bool, Vec3) {
    let world = app.world_mut();
    let mut sticks = world.query::<(&Name, &Visibility, &Transform)>();
    let (_, visibility, transform) = sticks
        .iter(world)
        .find(|(name, ..)| name.as_str() == "Cue stick")
        .expect("the table has a cue stick");
    (*visibility != Visibility::Hidden, transform.translation)
}

#[test]
fn the_cue_stays_through_its_follow_through_and_is_put_away_after() {
    let settings = MatchSettings {
        mode: Mode::Practice,
        game: "three_cushion".into(),
        ..MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()])
    };
    let mut app = shell("cue-stick", settings, SIZES[0]);
    frames(&mut app, 2);
    let (shown, aimed) = stick(&mut app);
    assert!(shown, "the stick shows while the player aims");
    // Played along +x: the stroke under way, the balls rolling, the stick still shows
    // and swings through where the ball was; each frame is 50 ms of the real clock
    // that the balls and the stick keep.
    let ball = app.world().resource::<Session>().cue_ball();
    app.world_mut()
        .write_message(PlayerCommand::new(Command::Strike(Stroke::new(
            ball, 0.0, 3.0,
        ))));
    app.update();
    assert!(
        !app.world().resource::<Session>().can_strike(),
        "the stroke is played"
    );
    let mut furthest = f32::MIN;
    let mut shown_for = 0;
    for _ in 0..40 {
        let (shown, tip) = stick(&mut app);
        if !shown {
            break;
        }
        furthest = furthest.max(tip.x);
        shown_for += 1;
        app.update();
    }
    // On 3 m/s a full follow-through (120 mm) and a moment's hold: about 0.6 s.
    let through = furthest - aimed.x;
    assert!(through > 0.15 && through < 0.21, "the tip went {through} m");
    assert!((8..=20).contains(&shown_for), "shown {shown_for} frames");
    assert!(
        !app.world().resource::<Session>().can_strike(),
        "the balls still roll"
    );
    assert!(!stick(&mut app).0, "the stick is put away after the stroke");
}

/// Each shown text of the screen: its glyphs inside its own box, its box inside the
/// window and inside the box it stands in (a row, a button); at least `least` of them.
fn check_screen_text(app: &mut App, what: &str, least: usize) {
    frames(app, 3);
    let world = app.world_mut();
    let window = window_size(world);
    let screen = Rect::from_corners(Vec2::ZERO, window).inflate(0.5);
    let mut texts = world.query::<(
        Entity,
        &Text,
        &TextLayoutInfo,
        &ComputedNode,
        &UiGlobalTransform,
    )>();
    let texts: Vec<(Entity, String, Vec2, Rect)> = texts
        .iter(world)
        .map(|(e, t, info, n, at)| (e, t.0.clone(), info.size, rect(n, at)))
        .collect();
    let mut checked = 0;
    for (entity, words, glyphs, text_rect) in texts {
        if words.is_empty() || !shown(world, entity) {
            continue;
        }
        checked += 1;
        assert!(
            screen.contains(text_rect.min) && screen.contains(text_rect.max),
            "{what}: \"{words}\" {text_rect:?} leaves the window {window}"
        );
        assert!(
            glyphs.x <= text_rect.width() + 1.0 && glyphs.y <= text_rect.height() + 1.0,
            "{what}: \"{words}\" is {glyphs} px, its box {text_rect:?}"
        );
        let parent = world.get::<ChildOf>(entity).map(ChildOf::parent);
        if let Some(node) = parent.and_then(|p| {
            let node = world.get::<ComputedNode>(p)?;
            Some(rect(node, world.get::<UiGlobalTransform>(p)?))
        }) {
            assert!(
                node.inflate(1.0).contains(text_rect.min)
                    && node.inflate(1.0).contains(text_rect.max),
                "{what}: \"{words}\" {text_rect:?} runs out of its box {node:?}"
            );
        }
    }
    assert!(checked >= least, "{what}: only {checked} texts shown");
    println!("{what}: {checked} texts inside their boxes");
}

#[test]
fn the_menu_and_the_settings_keep_their_text_on_its_line_and_in_the_window() {
    let settings = MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()]);
    // The longest menu: three players in a handicap match, a target row for each.
    let handicap = MatchSettings {
        players: vec!["One".into(), "Two".into(), "Three".into()],
        targets: vec![40, 30, 20],
        ..settings.clone()
    };
    in_each_language_and_size(|size, language| {
        // Each screen with the least number of texts it shows.
        for (screen, settings, what, least) in [
            (Screen::Menu, &settings, "menu", 20),
            (Screen::Menu, &handicap, "handicap menu", 20),
            (Screen::Settings, &settings, "settings", 20),
            (Screen::Online, &settings, "online", 9),
        ] {
            let mut app = shell_at("screens", settings.clone(), size, screen);
            check_screen_text(
                &mut app,
                &format!("{}x{} {language}, {what}", size.x, size.y),
                least,
            );
        }
    });
}

/// `text` typed into the window, a key for each character.
fn type_text(app: &mut App, text: &str) {
    let world = app.world_mut();
    let window = world
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(world)
        .unwrap();
    for c in text.chars() {
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
            logical_key: Key::Character(c.to_string().into()),
            state: ButtonState::Pressed,
            text: Some(c.to_string().into()),
            repeat: false,
            window,
        });
        app.update();
    }
}

/// Whether a text on the screen holds `words`.
fn says(app: &mut App, words: &str) -> bool {
    let world = app.world_mut();
    let mut texts = world.query::<&Text>();
    texts.iter(world).any(|t| t.0.contains(words))
}

fn screen_of(app: &App) -> Screen {
    **app.world().resource::<State<Screen>>()
}

#[test]
fn a_table_hosted_on_the_online_screen_is_joined_by_its_code_and_both_open_the_match() {
    let settings = |name: &str| MatchSettings {
        players: vec![name.into(), "Other".into()],
        target: 1,
        ..MatchSettings::defaults(&Config::defaults(), vec![])
    };
    // Served on a port of the system's choosing, so that tests do not meet.
    let serve_here = |app: &mut App| {
        app.insert_resource(Preferences {
            serve: "127.0.0.1:0".into(),
            ..Preferences::default()
        });
    };
    let mut host = shell_with(
        "online-host",
        settings("Ann"),
        SIZES[0],
        Screen::Online,
        serve_here,
    );
    // The code's row is chosen first; below it, hosting here.
    press(&mut host, KeyCode::ArrowDown);
    press(&mut host, KeyCode::Enter);
    let (code, relay) = {
        let link = &host.world().resource::<OnlineLink>().0;
        (link.comeback().code.clone(), link.comeback().relay.clone())
    };
    assert_eq!(screen_of(&host), Screen::Online, "it waits for a guest");

    let mut guest = shell_at("online-guest", settings("Bob"), SIZES[0], Screen::Online);
    press(&mut guest, KeyCode::ArrowUp);
    type_text(&mut guest, &relay);
    press(&mut guest, KeyCode::ArrowDown);
    type_text(&mut guest, &code);
    for _ in 0..3 {
        press(&mut guest, KeyCode::ArrowDown);
    }
    press(&mut guest, KeyCode::Enter);
    assert_eq!(
        guest.world().resource::<Preferences>().relay,
        relay,
        "the relay's address is a setting"
    );
    for _ in 0..400 {
        if [&host, &guest]
            .iter()
            .all(|a| screen_of(a) == Screen::Table)
        {
            break;
        }
        frames(&mut host, 1);
        frames(&mut guest, 1);
        std::thread::sleep(Duration::from_millis(5));
    }
    for (app, name) in [(&mut host, "host"), (&mut guest, "guest")] {
        assert_eq!(screen_of(app), Screen::Table, "the {name} opens the match");
        frames(app, 3);
        assert_eq!(phase(app), Phase::Lag);
        let session = app.world().resource::<Session>();
        assert_eq!(session.settings().players, ["Ann", "Bob"]);
        check(app, &format!("online {name}"));
    }
    // The guest leaves mid-match: their menu is theirs again, and the table is kept
    // to come back to.
    guest
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    frames(&mut guest, 3);
    assert_eq!(guest.world().resource::<Settings>().players[0], "Bob");
    let data = guest.world().resource::<UserFiles>().data.clone();
    let comeback = carom::online::Comeback::read(&data).unwrap();
    assert_eq!(comeback.map(|c| c.role), Some(carom::online::Role::Player));
}

/// The game at the Online screen with `relay` as its relay, moved to the lobby's row
/// and into the lobby (the code's row is chosen first; the lobby's is five below).
fn in_the_lobby(name: &str, player: &str, size: UVec2, relay: &str) -> App {
    let relay = relay.to_owned();
    let mut app = shell_with(
        name,
        MatchSettings {
            players: vec![player.into(), "Other".into()],
            target: 1,
            ..MatchSettings::defaults(&Config::defaults(), vec![])
        },
        size,
        Screen::Online,
        move |app| {
            app.insert_resource(Preferences {
                relay,
                serve: "127.0.0.1:0".into(),
                ..Preferences::default()
            });
        },
    );
    for _ in 0..5 {
        press(&mut app, KeyCode::ArrowDown);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(screen_of(&app), Screen::Lobby, "{player} is in the lobby");
    app
}

/// Frames of every app until `done` holds (a few seconds at most).
fn until(apps: &mut [&mut App], done: impl Fn(&[&mut App]) -> bool) -> bool {
    for _ in 0..600 {
        if done(apps) {
            return true;
        }
        for app in apps.iter_mut() {
            frames(app, 1);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

fn lobby_players(app: &App) -> usize {
    app.world().resource::<OnlineLobby>().lobby.players().len()
}

#[test]
fn two_players_meet_in_the_lobby_one_challenges_the_other_accepts_and_both_open_the_match() {
    // A relay of the game's own (the embedded host serves the lobby's channel too).
    let host = carom::online::EmbeddedHost::start("127.0.0.1:0").unwrap();
    let relay = format!("http://{}", host.address());
    let mut ann = in_the_lobby("lobby-ann", "Ann", SIZES[0], &relay);
    let mut bob = in_the_lobby("lobby-bob", "Bob", SIZES[0], &relay);
    assert!(
        until(&mut [&mut ann, &mut bob], |apps| apps
            .iter()
            .all(|a| lobby_players(a) == 2)),
        "each sees the other"
    );
    // Ann's list: Ann, Bob, then "open a table". She challenges Bob.
    press(&mut ann, KeyCode::ArrowDown);
    press(&mut ann, KeyCode::Enter);
    let challenged = |a: &App| {
        !a.world()
            .resource::<OnlineLobby>()
            .lobby
            .incoming()
            .is_empty()
    };
    assert!(
        until(&mut [&mut ann, &mut bob], |apps| challenged(apps[1])),
        "Bob is challenged"
    );
    // The challenge is first in Bob's list, and chosen: he accepts.
    press(&mut bob, KeyCode::Enter);
    assert!(
        until(&mut [&mut ann, &mut bob], |apps| apps
            .iter()
            .all(|a| screen_of(a) == Screen::Table)),
        "both open the challenge's table"
    );
    for app in [&mut ann, &mut bob] {
        frames(app, 3);
        assert_eq!(phase(app), Phase::Lag);
        let session = app.world().resource::<Session>();
        assert_eq!(session.settings().players, ["Ann", "Bob"]);
        // Both still in the lobby, at a table.
        let me = app.world().resource::<OnlineLobby>().lobby.key();
        let players = app.world().resource::<OnlineLobby>().lobby.players();
        assert!(players.iter().any(|p| p.key == me));
    }
}

#[test]
fn the_lobby_keeps_its_text_on_its_line_and_in_the_window() {
    let host = carom::online::EmbeddedHost::start("127.0.0.1:0").unwrap();
    let relay = format!("http://{}", host.address());
    in_each_language_and_size(|size, language| {
        let mut app = in_the_lobby("lobby-text", "Ann", size, &relay);
        until(&mut [&mut app], |apps| lobby_players(apps[0]) >= 1);
        // The title, two entries (Ann, "open a table"), the chat's lines, the hint.
        check_screen_text(
            &mut app,
            &format!("{}x{} {language}, lobby", size.x, size.y),
            5,
        );
    });
}

#[test]
fn a_club_night_is_set_up_shown_and_plays_its_first_match_with_its_text_in_its_boxes() {
    let settings = MatchSettings {
        players: vec!["Anna Karenina".into(), "Konstantin Levin".into()],
        format: Some("club_handicap".into()),
        ..MatchSettings::defaults(&Config::defaults(), Vec::new())
    };
    in_each_language_and_size(|size, language| {
        let what = |part: &str| format!("{}x{} {language}, club night {part}", size.x, size.y);
        let mut app = shell_at("club-night", settings.clone(), size, Screen::ClubNight);
        // The title, the two players, "add", the draw, the handicap, "begin", the keys.
        check_screen_text(&mut app, &what("set-up"), 8);
        // A third player, the computer at the first level; then down to "begin".
        for key in [KeyCode::ArrowDown, KeyCode::ArrowDown, KeyCode::Enter] {
            press(&mut app, key);
        }
        press(&mut app, KeyCode::ArrowRight);
        for _ in 0..4 {
            press(&mut app, KeyCode::ArrowDown);
        }
        press(&mut app, KeyCode::Enter);
        // The title, the next match, the rule, the columns, three standings, the keys.
        check_screen_text(&mut app, &what("under way"), 9);
        press(&mut app, KeyCode::Enter);
        frames(&mut app, 3);
        assert_eq!(screen_of(&app), Screen::Table, "{}", what("first match"));
        let session = app.world().resource::<carom::session::Session>();
        assert_eq!(session.settings().format.as_deref(), Some("club_handicap"));
        let players = session.settings().seated();
        assert_eq!(players.len(), 2);
        // Leaving the table (the match's guide closed first) comes back to the night,
        // the match under way and resumed.
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Escape);
        frames(&mut app, 3);
        assert_eq!(screen_of(&app), Screen::ClubNight, "{}", what("back"));
        if language == "en" {
            assert!(
                says(&mut app, "Under way"),
                "{}",
                what("the match under way")
            );
        }
        press(&mut app, KeyCode::Enter);
        frames(&mut app, 3);
        assert_eq!(screen_of(&app), Screen::Table, "{}", what("resumed"));
        let session = app.world().resource::<carom::session::Session>();
        assert_eq!(session.settings().seated(), players);
    });
}
