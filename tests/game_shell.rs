//! The Bevy shell over the match layer, headless: the table opens in practice, the
//! player's commands reach the match, the phase is mirrored into the `Phase` state, and
//! the stroke's contacts arrive as messages while the balls roll, in the order they
//! happened (what sound and the live count consume). The match itself is tested in
//! `play`, without Bevy.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use carom::config::Config;
use carom::play::{Command, Event, LiveCount, MatchSettings, Mode, StoragePaths};
use carom::session::{
    GameConfig, Phase, PlayEvent, PlayerCommand, Screen, Session, Settings, Told, UserFiles,
};
use carom::shot::{BallId, ShotEvent, Stroke};
use std::time::Duration;

/// Every contact message, in the order received, with the frame it came in.
#[derive(Resource, Default)]
struct Heard(Vec<(u32, ShotEvent)>);

#[derive(Resource, Default)]
struct Frame(u32);

fn listen(
    mut events: MessageReader<PlayEvent>,
    mut heard: ResMut<Heard>,
    mut frame: ResMut<Frame>,
) {
    frame.0 += 1;
    for PlayEvent(event) in events.read() {
        if let Event::Shot(shot) = event {
            heard.0.push((frame.0, shot.clone()));
        }
    }
}

fn phase(app: &App) -> Phase {
    **app.world().resource::<State<Phase>>()
}

/// From the menu to the table, and a few frames there.
fn open_the_table(app: &mut App) {
    app.update();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    for _ in 0..3 {
        app.update();
    }
}

/// The game's plugin headless with `settings`, its files in a folder named after
/// `name`, each frame `frame` of play.
fn headless(name: &str, settings: MatchSettings, frame: Duration) -> App {
    let dir = carom::test_support::fresh_dir(name);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    app.insert_resource(GameConfig(Config::defaults()));
    app.insert_resource(Settings(settings));
    app.insert_resource(UserFiles(StoragePaths::in_folder(&dir)));
    app.add_plugins(carom::session::plugin);
    app
}

#[test]
fn a_practice_stroke_plays_through_the_shell_and_its_contacts_arrive_in_order() {
    let settings = MatchSettings {
        mode: Mode::Practice,
        game: "straight_rail".into(),
        ..MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()])
    };
    // Each frame is 50 ms of play.
    let mut app = headless("shell", settings, Duration::from_millis(50));
    app.init_resource::<Heard>();
    app.init_resource::<Frame>();
    app.add_systems(Update, listen);
    open_the_table(&mut app);
    assert_eq!(phase(&app), Phase::BreakSetup);

    let send = |app: &mut App, command: Command| {
        app.world_mut().write_message(PlayerCommand::new(command));
        for _ in 0..2 {
            app.update();
        }
    };
    send(&mut app, Command::Continue);
    assert_eq!(phase(&app), Phase::Aiming);
    send(
        &mut app,
        Command::Strike(Stroke::new(BallId::White, 10.0, 3.0)),
    );
    assert_eq!(phase(&app), Phase::Rolling);
    for _ in 0..400 {
        if phase(&app) == Phase::Verdict {
            break;
        }
        app.update();
    }
    assert_eq!(phase(&app), Phase::Verdict);

    let recorded = app.world().resource::<Session>().sim().events().to_vec();
    let heard = &app.world().resource::<Heard>().0;
    let events: Vec<ShotEvent> = heard.iter().map(|(_, e)| e.clone()).collect();
    assert_eq!(events, recorded, "every contact, once, in order");
    assert!(recorded.len() > 3, "{recorded:?}");
    // They came while the balls rolled, not all at the end.
    let frames: Vec<u32> = heard.iter().map(|(f, _)| *f).collect();
    assert!(frames.first() < frames.last(), "{frames:?}");
    // The live count kept from the messages as they came is the stroke's count.
    let mut live = LiveCount::default();
    for event in &events {
        live.add(event);
    }
    assert_eq!(live, LiveCount::of(&recorded));
    assert_eq!(live.cue_ball, Some(BallId::White));
    // The verdict was judged by the match layer and is shown now.
    assert!(app.world().resource::<Session>().last_verdict().is_some());
}

#[test]
fn the_balls_keep_real_time_at_any_frame_rate() {
    // A frame every three seconds, as software rendering under load can be: a stroke of
    // about ten seconds of play is over after about four frames (when a frame could
    // take at most a second of play with it, it took ten).
    let settings = MatchSettings {
        mode: Mode::Practice,
        game: "straight_rail".into(),
        ..MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()])
    };
    let mut app = headless("shell-slow", settings, Duration::from_secs(3));
    open_the_table(&mut app);
    let send = |app: &mut App, command: Command| {
        app.world_mut().write_message(PlayerCommand::new(command));
        app.update();
    };
    send(&mut app, Command::Continue);
    app.update();
    assert_eq!(phase(&app), Phase::Aiming);
    app.world_mut()
        .write_message(PlayerCommand::new(Command::Strike(Stroke::new(
            BallId::White,
            10.0,
            3.0,
        ))));
    // Frames from the strike until the balls are at rest.
    let mut frames = 0;
    loop {
        app.update();
        frames += 1;
        assert!(frames < 60, "still rolling after {frames} frames");
        if app.world().resource::<Session>().sim().at_rest() {
            break;
        }
    }
    let played = app.world().resource::<Session>().sim().time();
    println!("{played:.1} s of play in {frames} frames of 3 s");
    assert!(played > 6.0, "{played}");
    // The strike's frame plays nothing yet; every later frame plays its 3 s.
    let rolling = 3.0 * (frames - 1) as f64;
    assert!(
        rolling - 3.0 < played && played <= rolling,
        "{played} s in {frames} frames"
    );
}

#[test]
fn two_computers_lag_break_and_play_a_match_through_the_shell() {
    // Computer against computer, as the menu's demonstration: nobody sends a command.
    let settings = MatchSettings {
        mode: Mode::Match,
        game: "straight_rail".into(),
        players: vec!["Beginner".into(), "Amateur".into()],
        computers: vec![Some("beginner".into()), Some("amateur".into())],
        ..MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()])
    };
    let mut app = headless("shell-computers", settings, Duration::from_millis(200));
    open_the_table(&mut app);
    assert_eq!(phase(&app), Phase::Lag);
    let judged = |app: &App| {
        app.world()
            .resource::<Session>()
            .referee()
            .map_or(0, |r| r.history().len())
    };
    let mut frames = 0;
    while judged(&app) < 3 {
        app.update();
        // The computers think on the task pool's threads.
        std::thread::sleep(Duration::from_millis(2));
        frames += 1;
        assert!(frames < 20_000, "stuck in {:?}", phase(&app));
    }
    let session = app.world().resource::<Session>();
    let winner = session
        .lag()
        .and_then(|lag| lag.winner)
        .expect("the lag was won");
    let referee = session.referee().unwrap();
    println!(
        "lag won by {winner}; {} strokes judged in {frames} frames: {:?}",
        referee.history().len(),
        referee
            .history()
            .iter()
            .map(|row| row.verdict.points)
            .collect::<Vec<_>>()
    );
    assert!(referee.history().len() >= 3);
}

#[test]
fn the_computers_lag_differs_from_match_to_match() {
    // The same computer lagging from the same place in two matches: its execution
    // error is drawn afresh, so the two lags are not the same stroke.
    let lag_stroke = |name: &str| {
        let settings = MatchSettings {
            mode: Mode::Match,
            game: "three_cushion".into(),
            players: vec!["Club".into(), "Anna".into()],
            computers: vec![Some("club".into()), None],
            ..MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()])
        };
        let mut app = headless(name, settings, Duration::from_millis(100));
        open_the_table(&mut app);
        for _ in 0..2_000 {
            let session = app.world().resource::<Session>();
            if let Some(stroke) = session.lag().and_then(|lag| lag.setups[0].stroke) {
                return stroke;
            }
            app.update();
            // The computer thinks on the task pool's threads.
            std::thread::sleep(Duration::from_millis(2));
        }
        panic!("the computer did not lag");
    };
    let (first, second) = (lag_stroke("shell-lag-1"), lag_stroke("shell-lag-2"));
    println!("{first:?}\n{second:?}");
    assert_ne!(first, second);
    assert!(
        (first.speed - second.speed).abs() > 1e-9,
        "the speed's error differs"
    );
}

#[test]
fn against_the_computer_the_persons_results_and_its_choices_wait_for_the_person() {
    // Anna against the Beginner: a lag result, the computer's choice of the break and
    // Anna's own verdicts stay on the screen until she goes on; the computer's own
    // verdicts go on by themselves after the settings' time.
    let settings = MatchSettings {
        mode: Mode::Match,
        game: "straight_rail".into(),
        players: vec!["Anna".into(), "Beginner".into()],
        computers: vec![None, Some("beginner".into())],
        ..MatchSettings::defaults(&Config::defaults(), vec!["One".into(), "Two".into()])
    };
    let mut app = headless("shell-waits", settings, Duration::from_millis(200));
    open_the_table(&mut app);
    assert_eq!(phase(&app), Phase::Lag);
    // Frames of 200 ms, with time for the computer's thinking on the task pool.
    let run = |app: &mut App, frames: usize| {
        for _ in 0..frames {
            app.update();
            std::thread::sleep(Duration::from_millis(2));
        }
    };
    // A command, and a frame for the phase to follow.
    let send = |app: &mut App, command: Command| {
        app.world_mut().write_message(PlayerCommand::new(command));
        app.update();
        app.update();
    };
    // Anna lags too softly to reach the foot cushion (rule 5: she loses the lag; at
    // 0.6 m/s her ball reached it and won whenever the computer's crossed over, about
    // one lag in 70); the computer lags once she is ready; both roll. The computer's lag
    // has its own error (drawn afresh each time): should it fault too, the lag is
    // repeated.
    let lag_won = |app: &App| {
        app.world()
            .resource::<Session>()
            .lag()
            .and_then(|lag| lag.winner)
    };
    for _ in 0..10 {
        send(
            &mut app,
            Command::LagReady(Stroke::new(BallId::White, 0.0, 0.3)),
        );
        let mut frames = 0;
        while phase(&app) != Phase::LagResult {
            run(&mut app, 1);
            frames += 1;
            assert!(frames < 2000, "stuck in {:?}", phase(&app));
        }
        if lag_won(&app).is_some() {
            break;
        }
        send(&mut app, Command::Continue);
    }
    // Twenty seconds on, the lag's result still shows.
    run(&mut app, 100);
    assert_eq!(
        phase(&app),
        Phase::LagResult,
        "the lag result waits for Anna"
    );
    assert_eq!(lag_won(&app), Some(1), "the computer won the lag");
    send(&mut app, Command::Continue);
    run(&mut app, 2);
    // The computer chose; what it chose is told and waits for Anna.
    let mut frames = 0;
    while app.world().resource::<Told>().0.is_none() {
        run(&mut app, 1);
        frames += 1;
        assert!(
            frames < 2000,
            "the computer never chose ({:?})",
            phase(&app)
        );
    }
    let strokes = |app: &App| {
        app.world()
            .resource::<Session>()
            .referee()
            .map_or(0, |r| r.history().len())
    };
    let before = strokes(&app);
    run(&mut app, 100);
    assert!(app.world().resource::<Told>().0.is_some(), "still told");
    assert_eq!(strokes(&app), before, "the computer waits for Anna");
    // Anna goes on (her confirm key or a click clears it).
    app.world_mut().resource_mut::<Told>().0 = None;
    // Play on until Anna's own stroke is judged: it waits for her.
    let mut frames = 0;
    loop {
        let session = app.world().resource::<Session>();
        let anna_to_play = session.referee().is_some_and(|r| r.shooter() == 0)
            && matches!(phase(&app), Phase::Aiming | Phase::BreakSetup);
        if anna_to_play {
            break;
        }
        run(&mut app, 1);
        frames += 1;
        assert!(
            frames < 20_000,
            "Anna never came to the table ({:?})",
            phase(&app)
        );
    }
    let ball = app.world().resource::<Session>().cue_ball();
    send(&mut app, Command::Strike(Stroke::new(ball, 90.0, 1.0)));
    while phase(&app) == Phase::Rolling {
        run(&mut app, 1);
    }
    assert_eq!(phase(&app), Phase::Verdict);
    run(&mut app, 100);
    assert_eq!(phase(&app), Phase::Verdict, "Anna's verdict waits for her");
    // The computer's verdicts go on by themselves: after Anna goes on, the match moves
    // through the computer's strokes with nobody pressing anything, until it is her
    // turn again or the match ends.
    send(&mut app, Command::Continue);
    let judged = |app: &App| {
        app.world()
            .resource::<Session>()
            .referee()
            .map_or(0, |r| r.history().len())
    };
    let after_anna = judged(&app);
    let mut frames = 0;
    while judged(&app) < after_anna + 2 {
        let session = app.world().resource::<Session>();
        let anna_again =
            session.referee().is_some_and(|r| r.shooter() == 0) && phase(&app) == Phase::Aiming;
        if anna_again || phase(&app) == Phase::GameOver {
            break;
        }
        run(&mut app, 1);
        frames += 1;
        assert!(frames < 20_000, "stuck in {:?}", phase(&app));
    }
    println!(
        "{} strokes judged after Anna's, {frames} frames",
        judged(&app) - after_anna
    );
}
