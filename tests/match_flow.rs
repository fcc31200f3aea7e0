//! A whole hot-seat match driven headless through the game's states with simulated
//! input (the players' commands): a lag both players fault and repeat, the lag winner
//! passing the break, a foul on the break — the breaker's ball jumps off the table and
//! is spotted with its spots occupied (rules 15, 21, 26) —, a win by reaching the
//! target, and resuming from the save written after every stroke.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use carom::ball::BallId;
use carom::config::Config;
use carom::game::save::SavedMatch;
use carom::game::{
    GameConfig, MatchCommand, MatchSettings, Mode, Phase, ResumeMatch, Screen, Session,
    StoragePaths, TableSimulation,
};
use carom::math::DVec2;
use carom::physics::events::EventKind;
use carom::physics::{Stroke, TableSim};
use carom::rules::{LagOutcome, Repeat, Rule};
use carom::table::Spot;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Each frame of the headless app is 50 ms of play.
const FRAME: Duration = Duration::from_millis(50);

fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carom-match-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn settings(config: &Config) -> MatchSettings {
    MatchSettings {
        mode: Mode::Match,
        game: "straight_rail".into(),
        target: 1,
        players: vec!["Ann".into(), "Bob".into()],
        ..MatchSettings::defaults(config)
    }
}

/// The game without a window, at the match screen.
fn game_app(dir: &Path, settings: MatchSettings, resume: Option<SavedMatch>) -> App {
    let config = Config::defaults();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.insert_resource(GameConfig(config));
    app.insert_resource(settings);
    app.insert_resource(StoragePaths::in_folder(dir));
    if let Some(saved) = resume {
        app.insert_resource(ResumeMatch(saved));
    }
    app.add_plugins(carom::game::plugin);
    app.update();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Match);
    for _ in 0..3 {
        app.update();
    }
    app
}

fn phase(app: &App) -> Phase {
    **app.world().resource::<State<Phase>>()
}

fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

/// Sends a command and runs the frames it takes to act and change phase.
fn send(app: &mut App, command: MatchCommand) {
    app.world_mut().write_message(command);
    for _ in 0..3 {
        app.update();
    }
}

/// Runs frames until the phase is `wanted` (at most a minute of play).
fn run_until(app: &mut App, wanted: Phase) {
    for _ in 0..1200 {
        if phase(app) == wanted {
            return;
        }
        app.update();
    }
    panic!("still in {:?}, waiting for {wanted:?}", phase(app));
}

fn ball_position(app: &App, ball: BallId) -> Option<DVec2> {
    let sim = &app.world().resource::<TableSimulation>().0;
    sim.ball_states()
        .find(|(b, _)| *b == ball)
        .map(|(_, k)| k.pos.truncate())
}

/// A stroke for the shooter whose verdict `wanted` accepts, found by trying strokes on
/// a copy of the table and of the referee.
fn find_stroke(app: &App, wanted: impl Fn(&carom::rules::Verdict) -> bool) -> Stroke {
    let config = Config::defaults();
    let referee = session(app).referee().unwrap().clone();
    let positions: Vec<(BallId, DVec2)> =
        referee.positions().iter().map(|(&b, &p)| (b, p)).collect();
    for speed in [2.5, 4.0, 1.5, 0.4] {
        for step in 0..720 {
            let s = Stroke {
                height: 0.2,
                ..Stroke::new(referee.cue_ball(), step as f64 * 0.5, speed)
            };
            let mut sim = TableSim::new(&config, referee.table().clone());
            sim.place(&positions).unwrap();
            sim.strike(&[s]).unwrap();
            let record = sim.run_to_rest(None);
            let mut judge = referee.clone();
            let verdict = judge
                .judge(&carom::rules::Stroke {
                    record,
                    ..Default::default()
                })
                .unwrap();
            if wanted(&verdict) {
                return s;
            }
        }
    }
    panic!("no such stroke from {positions:?}");
}

#[test]
fn a_hot_seat_match_from_the_lag_to_the_win_and_back_from_its_save() {
    let config = Config::defaults();
    let dir = folder("full");
    let mut app = game_app(&dir, settings(&config), None);
    assert_eq!(phase(&app), Phase::Lag);

    // Rule 5: both lags die before the foot cushion: both at fault, the lag is repeated.
    send(
        &mut app,
        MatchCommand::LagReady(Stroke::new(BallId::White, 0.0, 0.3)),
    );
    send(
        &mut app,
        MatchCommand::LagReady(Stroke::new(BallId::Dotted, 0.0, 0.3)),
    );
    run_until(&mut app, Phase::LagResult);
    let carom::game::LagResult::Match(lag) = session(&app).lag_result.clone().unwrap() else {
        panic!("a two-player lag");
    };
    assert_eq!(lag.outcome, LagOutcome::Repeat(Repeat::BothFaulted));
    send(&mut app, MatchCommand::Continue);
    assert_eq!(phase(&app), Phase::Lag);

    // Ann's lag goes to the foot cushion and back; Bob's dies short: Ann wins.
    send(&mut app, MatchCommand::PlaceLagBall(DVec2::new(-0.9, 0.3)));
    assert!(
        ball_position(&app, BallId::White)
            .unwrap()
            .distance(DVec2::new(-0.9, 0.3))
            < 1e-9
    );
    send(
        &mut app,
        MatchCommand::LagReady(Stroke::new(BallId::White, 0.0, 1.6)),
    );
    send(
        &mut app,
        MatchCommand::LagReady(Stroke::new(BallId::Dotted, 0.0, 0.3)),
    );
    run_until(&mut app, Phase::LagResult);
    assert_eq!(session(&app).lag_winner, Some(0));
    send(&mut app, MatchCommand::Continue);
    assert_eq!(phase(&app), Phase::ChooseBreak);

    // Rules 4 and 6: Ann passes the break and keeps the white; Bob breaks with the dotted.
    send(
        &mut app,
        MatchCommand::ChooseBreak {
            break_it: false,
            ball: BallId::White,
        },
    );
    assert_eq!(phase(&app), Phase::BreakSetup);
    let referee = session(&app).referee().unwrap();
    assert_eq!((referee.shooter(), referee.cue_ball()), (1, BallId::Dotted));
    let table = referee.table().clone();
    assert!(
        dir.join("match.json").exists(),
        "saved when the match starts"
    );

    // Rule 7: Bob moves his ball along the head string; six inches at most.
    send(&mut app, MatchCommand::MoveBreakBall(0.1));
    let dotted = ball_position(&app, BallId::Dotted).unwrap();
    assert!((dotted - (table.spot(Spot::Head) + DVec2::new(0.0, 0.1))).length() < 1e-9);
    send(&mut app, MatchCommand::MoveBreakBall(0.5));
    let dotted = ball_position(&app, BallId::Dotted).unwrap();
    assert!(
        (dotted.y - table.break_offset).abs() < 1e-9,
        "clamped to six inches"
    );
    send(&mut app, MatchCommand::MoveBreakBall(0.1));
    send(&mut app, MatchCommand::Continue);
    assert_eq!(phase(&app), Phase::Aiming);

    // A foul on the break (rules 15, 21, 26): Bob's ball jumps off the table over the
    // head rail. It is spotted: the head spot (Ann's ball) and the foot spot (the red)
    // are occupied, so it goes to the centre spot.
    let jump = Stroke {
        elevation_deg: 55.0,
        ..Stroke::new(BallId::Dotted, 180.0, 9.0)
    };
    send(&mut app, MatchCommand::Strike(jump));
    run_until(&mut app, Phase::Verdict);
    let verdict = session(&app).verdicts.last().unwrap().clone();
    let record = &session(&app).strokes.last().unwrap().record;
    let left = |k: &EventKind| {
        matches!(
            k,
            EventKind::OffTable {
                ball: BallId::Dotted,
                ..
            }
        )
    };
    assert!(
        record.events.iter().any(|e| left(&e.kind)),
        "{:#?}",
        record.events
    );
    assert!(
        verdict.fouls.iter().any(|f| f.rule == Rule::General(15)),
        "{verdict:?}"
    );
    assert_eq!((verdict.points, verdict.inning_over), (0, true));
    let placement = verdict
        .spot
        .iter()
        .find(|p| p.ball == BallId::Dotted)
        .unwrap();
    assert_eq!(
        placement.occupied,
        [Spot::Head, Spot::Foot],
        "{placement:?}"
    );
    assert_eq!(placement.spot, Spot::Centre, "{placement:?}");
    send(&mut app, MatchCommand::Continue);
    assert_eq!(phase(&app), Phase::Spotting);
    send(&mut app, MatchCommand::Continue);
    assert_eq!(phase(&app), Phase::Aiming);
    let spotted = ball_position(&app, BallId::Dotted).unwrap();
    assert!(spotted.distance(table.spot(Spot::Centre)) < 1e-9);
    assert_eq!(session(&app).referee().unwrap().shooter(), 0, "Ann's turn");

    // The save after that stroke resumes to the same state in a new game.
    let saved = SavedMatch::read(&dir.join("match.json")).unwrap().unwrap();
    assert_eq!(saved.strokes.len(), 1);
    let resumed = game_app(&folder("resumed"), saved.settings.clone(), Some(saved));
    assert_eq!(phase(&resumed), Phase::Aiming);
    let (a, b) = (
        session(&app).referee().unwrap(),
        session(&resumed).referee().unwrap(),
    );
    assert_eq!(a.players(), b.players());
    assert_eq!((a.shooter(), a.cue_ball()), (b.shooter(), b.cue_ball()));
    for ball in [BallId::White, BallId::Dotted, BallId::Red] {
        assert_eq!(ball_position(&app, ball), ball_position(&resumed, ball));
    }

    // Ann, the last in the round, scores the point she needs and wins.
    let carom = find_stroke(&app, |v| {
        v.points == 1 && v.fouls.is_empty() && v.spot.is_empty()
    });
    send(&mut app, MatchCommand::Strike(carom));
    run_until(&mut app, Phase::Verdict);
    send(&mut app, MatchCommand::Continue);
    assert_eq!(phase(&app), Phase::GameOver);
    let referee = session(&app).referee().unwrap();
    assert_eq!(referee.winner(), Some(0));
    assert_eq!(referee.players()[0].points, 1);
    let saved = SavedMatch::read(&dir.join("match.json")).unwrap().unwrap();
    assert_eq!(saved.strokes.len(), 2);

    // A rematch starts again from the lag.
    send(&mut app, MatchCommand::Rematch);
    assert_eq!(phase(&app), Phase::Lag);
}

#[test]
fn restoring_positions_takes_the_last_stroke_back_without_penalty() {
    let config = Config::defaults();
    let dir = folder("restore");
    let mut app = game_app(
        &dir,
        MatchSettings {
            mode: Mode::Practice,
            ..settings(&config)
        },
        None,
    );
    assert_eq!(phase(&app), Phase::BreakSetup);
    send(&mut app, MatchCommand::Continue);
    let before: Vec<_> = [BallId::White, BallId::Dotted, BallId::Red]
        .map(|b| ball_position(&app, b))
        .to_vec();
    send(
        &mut app,
        MatchCommand::Strike(Stroke::new(BallId::White, 0.0, 3.0)),
    );
    run_until(&mut app, Phase::Verdict);
    send(&mut app, MatchCommand::Continue);
    run_until(&mut app, Phase::Aiming);
    assert_ne!(ball_position(&app, BallId::White), before[0]);
    // Rule 22.
    send(&mut app, MatchCommand::RestorePositions);
    let after: Vec<_> = [BallId::White, BallId::Dotted, BallId::Red]
        .map(|b| ball_position(&app, b))
        .to_vec();
    assert_eq!(after, before);
    let referee = session(&app).referee().unwrap();
    assert_eq!((referee.players()[0].points, referee.shooter()), (0, 0));
    assert!(session(&app).notice.as_deref().unwrap().contains("rule 22"));
}

#[test]
fn four_ball_skips_the_lag_and_keeps_its_own_set_up() {
    let config = Config::defaults();
    let dir = folder("four-ball");
    let mut app = game_app(
        &dir,
        MatchSettings {
            game: "four_ball".into(),
            ..settings(&config)
        },
        None,
    );
    // No lag: the first player breaks with the white.
    assert_eq!(phase(&app), Phase::BreakSetup);
    let referee = session(&app).referee().unwrap();
    assert_eq!((referee.shooter(), referee.cue_ball()), (0, BallId::White));
    let set_up: Vec<_> = [BallId::White, BallId::Dotted, BallId::Red, BallId::Red2]
        .map(|b| ball_position(&app, b).expect("four balls on the table"))
        .to_vec();
    // Four-ball's own set-up: the breaker's white beside the second red on the head
    // spot, not on rule 7's segment of the head string; it cannot be moved there.
    let table = referee.table().clone();
    assert_eq!(set_up[3], table.spot(Spot::Head));
    assert!((set_up[0] - table.spot(Spot::Head)).length() > table.break_offset);
    send(&mut app, MatchCommand::MoveBreakBall(0.1));
    assert_eq!(ball_position(&app, BallId::White), Some(set_up[0]));
    send(&mut app, MatchCommand::Continue);
    assert_eq!(phase(&app), Phase::Aiming);
}

#[test]
fn an_unreadable_save_is_kept_when_a_new_match_starts() {
    let config = Config::defaults();
    let dir = folder("unreadable");
    std::fs::write(
        dir.join("match.json"),
        "{\"format\": \"carom match\", \"vers",
    )
    .unwrap();
    let settings = MatchSettings {
        players: vec!["Ann".into(), "Bob".into(), "Cy".into()],
        ..settings(&config)
    };
    // Three players: no lag, the first breaks.
    let app = game_app(&dir, settings, None);
    assert_eq!(phase(&app), Phase::BreakSetup);
    let kept = dir.join("match.json.unreadable-1");
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        "{\"format\": \"carom match\", \"vers"
    );
    assert!(SavedMatch::read(&dir.join("match.json")).unwrap().is_some());
    assert!(session(&app).notice.as_deref().unwrap().contains("kept"));
}
