//! Watching a saved match, headless: the viewer's panels laid out without overlapping
//! each other or the balls, in each language and size; its keys drive what is shown (play
//! and pause, the stroke on and back, the first and the last, faster, a step), and Escape
//! goes back to the menu. From the menu: the saved match watched, and a stroke's share
//! code typed in opens practice at its position.

use super::*;
use carom::online::{Physics, SharedPosition};
use carom::play::{MatchViewer, SavedMatch};
use carom::session::Viewing;
use carom::test_support::repo;

/// A saved match of two strokes.
fn saved() -> SavedMatch {
    SavedMatch::read(&repo("tests/data/saves/v2-10-gameover.json"))
        .unwrap()
        .unwrap()
}

/// The table watching `saved()`, in a window of `size`.
fn watching(name: &str, size: UVec2) -> App {
    let settings = MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()]);
    shell_with(name, settings, size, Screen::Table, |app| {
        let viewer = MatchViewer::open(&Config::defaults(), saved()).unwrap();
        app.insert_resource(Viewing {
            viewer,
            physics: Physics::Same,
        });
    })
}

/// What the viewer shows: the stroke, of how many, paused, the speed.
fn shown(app: &mut App) -> (usize, usize, bool, f64) {
    let mut viewing = app.world_mut().resource_mut::<Viewing>();
    let viewed = viewing.viewer.viewed().unwrap();
    (viewed.number, viewed.of, viewed.paused, viewed.speed)
}

#[test]
fn a_match_watched_is_laid_out_without_panels_on_each_other_or_on_the_balls() {
    in_each_language_and_size(|size, language| {
        let mut app = watching("viewer", size);
        let at = |what: &str| format!("{}x{} {language}, viewer: {what}", size.x, size.y);
        assert_eq!(phase(&app), Phase::Starting, "no phase of play is shown");
        check(&mut app, &at("the first stroke"));
        press(&mut app, KeyCode::End);
        frames(&mut app, 100);
        check(&mut app, &at("the last stroke"));
    });
}

#[test]
fn the_viewers_keys_drive_the_stroke_shown_its_pause_and_its_speed() {
    let _turn = SPEAKING.lock().unwrap_or_else(|p| p.into_inner());
    speak(Language::English);
    let mut app = watching("viewer-keys", UVec2::new(1280, 720));
    // It plays at once, from the first stroke.
    assert_eq!(shown(&mut app), (1, 2, false, 1.0));
    assert!(says(&mut app, "Stroke 1 of 2, at 1x"));
    press(&mut app, KeyCode::Period);
    assert_eq!(shown(&mut app), (1, 2, true, 1.0));
    assert!(says(&mut app, "Stroke 1 of 2, at 1x, paused"));
    press(&mut app, KeyCode::PageDown);
    assert_eq!(shown(&mut app).0, 2);
    press(&mut app, KeyCode::PageUp);
    assert_eq!(shown(&mut app).0, 1);
    press(&mut app, KeyCode::End);
    assert_eq!(shown(&mut app).0, 2);
    press(&mut app, KeyCode::Home);
    assert_eq!(shown(&mut app).0, 1);
    press(&mut app, KeyCode::Equal);
    assert_eq!(shown(&mut app), (1, 2, true, 1.5));
    // A step on moves the stroke's time, paused.
    let t = |app: &mut App| {
        let mut viewing = app.world_mut().resource_mut::<Viewing>();
        viewing.viewer.viewed().unwrap().t
    };
    let before = t(&mut app);
    press(&mut app, KeyCode::Slash);
    assert!(t(&mut app) > before);
    assert!(shown(&mut app).2);
    // Played on to its end, the last stroke's verdict shows.
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Period);
    frames(&mut app, 400);
    assert_eq!(shown(&mut app).0, 2);
    assert!(says(&mut app, "Stroke 2 of 2"));
    assert!(!says(&mut app, "The verdict comes when the balls stop."));
    press(&mut app, KeyCode::Escape);
    assert_eq!(**app.world().resource::<State<Screen>>(), Screen::Menu);
    assert!(!app.world().contains_resource::<Viewing>());
}

/// The menu over the player's files, with `saved()` as their match.
fn menu(name: &str) -> App {
    let settings = MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()]);
    shell_with(name, settings, UVec2::new(1280, 720), Screen::Menu, |app| {
        let files = app.world().resource::<UserFiles>().0.clone();
        saved().write(&files.saved_match).unwrap();
    })
}

#[test]
fn from_the_menu_a_saved_match_is_watched_and_a_strokes_code_opens_practice_at_it() {
    let _turn = SPEAKING.lock().unwrap_or_else(|p| p.into_inner());
    speak(Language::English);
    let screen = |app: &App| **app.world().resource::<State<Screen>>();
    let mut app = menu("menu-watch");
    assert!(says(
        &mut app,
        "Ann vs Bob, 2 strokes (1/1); or type a share code"
    ));
    // Start, Club night, Resume, then Watch.
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Table);
    assert_eq!(shown(&mut app).1, 2);

    let mut app = menu("menu-code");
    let position = carom::play::bundled::positions(None).0.remove(0).1;
    let code = SharedPosition::code_of(&position, "0123456789abcdef");
    // Down from Start past the club night and Resume to the watch row.
    for _ in 0..3 {
        press(&mut app, KeyCode::ArrowDown);
    }
    let world = app.world_mut();
    let window = world
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(world)
        .unwrap();
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::KeyZ,
        logical_key: Key::Character(code.as_str().into()),
        state: ButtonState::Pressed,
        text: Some(code.as_str().into()),
        repeat: false,
        window,
    });
    frames(&mut app, 2);
    press(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Table);
    frames(&mut app, 3);
    let session = app.world().resource::<Session>();
    assert_eq!(session.mode(), Mode::Practice);
    let set_up = session.practice().and_then(|p| p.position());
    assert_eq!(set_up.map(|p| &p.name), Some(&position.name));
}
