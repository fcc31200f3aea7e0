//! Matches under a format (formats.ron) driven through the match layer: a PBA set
//! match with a lag before each set, the shot clock running out and a time-out called,
//! saved and resumed between sets; practice's strokes counted by pattern, and an exam
//! taken into the record.

use super::tests::{find_stroke, roll};
use super::*;
use crate::math::DVec2;
use crate::rules::{Foul, Remark};
use crate::shot::Stroke;
use crate::test_support::fresh_dir;

/// A three-cushion match of Ann and Bob under `format`, to `target`.
fn under(config: &Config, format: &str, target: u32) -> MatchSettings {
    MatchSettings {
        mode: Mode::Match,
        game: "three_cushion".into(),
        target,
        innings_limit: None,
        players: vec!["Ann".into(), "Bob".into()],
        format: Some(format.into()),
        ..MatchSettings::defaults(config, Vec::new())
    }
}

/// The lag, won by `winner`: their lag to the foot cushion and back, the other's short.
fn lag_won_by(play: &mut Play, winner: usize) {
    assert_eq!(play.phase(), Phase::Lag);
    for (player, side) in [(0, 0.3), (1, -0.3)] {
        // Each on their own side, clear of the red on the foot spot.
        play.apply(Command::PlaceLagBall(DVec2::new(-0.9, side)));
        let speed = if player == winner { 1.6 } else { 0.3 };
        let ball = play.cue_ball();
        play.apply(Command::LagReady(Stroke::new(ball, 0.0, speed)));
    }
    roll(play);
    assert_eq!(
        play.lag().unwrap().winner,
        Some(winner),
        "{:?}",
        play.lag().unwrap().result
    );
    play.apply(Command::Continue);
}

/// Lets `seconds` pass at the table in steps of half a second.
fn wait(play: &mut Play, seconds: f64) {
    for _ in 0..(seconds * 2.0).round() as usize {
        play.advance(0.5);
    }
}

#[test]
fn a_pba_set_match_lags_before_each_set_and_its_clock_runs_out() {
    let config = Config::defaults();
    let files = StoragePaths::in_folder(&fresh_dir("play-pba"));
    let mut play = Play::new(&config, under(&config, "pba_sets", 1), Some(&files));
    lag_won_by(&mut play, 0);
    play.apply(Command::ChooseBreak {
        break_it: true,
        ball: BallId::White,
    });
    assert_eq!(play.phase(), Phase::BreakSetup);
    // Ten seconds' thought, then a point: set 1 is Ann's at once (no equalising inning).
    wait(&mut play, 10.0);
    let clock = play.core().clock().unwrap();
    assert_eq!((clock.elapsed_s(), clock.left_s()), (10.0, 25.0));
    let scores = find_stroke(&play, |v| v.points > 0);
    play.apply(Command::Strike(scores));
    roll(&mut play);
    assert_eq!(play.phase(), Phase::Verdict);
    let verdict = play.core().last_verdict().unwrap();
    assert!(
        verdict
            .remarks
            .contains(&Remark::SetWon { set: 1, winner: 0 })
    );
    let saved = play.saved().unwrap();
    assert_eq!(saved.strokes[0].thinking_s, Some(10.0));

    // Set 2 starts with its lag; a save made there resumes there.
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::Lag);
    let resumed = Play::resume(&config, &play.saved().unwrap(), None);
    assert_eq!(resumed.phase(), Phase::Lag);
    assert!(resumed.referee().unwrap().set_breaker_pending());
    lag_won_by(&mut play, 1);
    assert_eq!(play.phase(), Phase::BreakSetup);
    let referee = play.referee().unwrap();
    assert_eq!((referee.shooter(), referee.cue_ball()), (1, BallId::White));
    assert_eq!(referee.players()[0].points, 0, "each set from nought");

    // Bob lets the 35 s run out: a foul, his inning over, the balls where they lie.
    let lie = play.referee().unwrap().positions().clone();
    play.take_events();
    wait(&mut play, 35.0);
    assert_eq!(play.phase(), Phase::Verdict);
    assert!(
        play.take_events()
            .contains(&Event::Clock(ClockTick::RanOut))
    );
    let verdict = play.core().last_verdict().unwrap();
    assert_eq!(verdict.fouls, vec![Foul::ShotClock]);
    assert_eq!(play.referee().unwrap().positions(), &lie);
    assert!(play.last_stroke().is_none(), "no stroke to tell of or draw");
    play.apply(Command::Continue);
    assert_eq!((play.phase(), play.player()), (Phase::Aiming, 0));
    assert_eq!(
        play.core().clock().unwrap().elapsed_s(),
        0.0,
        "a new stroke's clock"
    );

    // The save holds the set's breaker and the stroke that was never played.
    let saved = play.saved().unwrap();
    assert_eq!(saved.set_breakers, vec![1]);
    let timed_out = &saved.strokes[1];
    assert!(timed_out.timed_out && timed_out.record.events.is_empty());
    let text = serde_json::to_string(timed_out).unwrap();
    assert_eq!(
        text,
        r#"{"declared_safety":false,"outside_interference":false,"timed_out":true,"thinking_s":35.0}"#
    );
    let replayed = saved.referee(&config).unwrap();
    assert_eq!(replayed.sheet(), play.referee().unwrap().sheet());
}

#[test]
fn a_world_cup_clock_warns_and_a_time_out_gives_the_stroke_a_minute() {
    let config = Config::defaults();
    let mut play = Play::new(&config, under(&config, "umb_world_cup", 50), None);
    lag_won_by(&mut play, 0);
    play.apply(Command::ChooseBreak {
        break_it: true,
        ball: BallId::White,
    });
    assert_eq!(play.core().time_outs_left(), Some(4));
    play.take_events();
    wait(&mut play, 10.0);
    assert!(
        play.take_events()
            .contains(&Event::Clock(ClockTick::Warning))
    );
    assert!(play.core().clock().unwrap().warned());
    play.apply(Command::TimeOut);
    assert_eq!(play.core().time_outs_left(), Some(3));
    assert_eq!(play.core().clock().unwrap().left_s(), 50.0);
    play.apply(Command::TimeOut);
    assert_eq!(play.core().time_outs_left(), Some(3), "one a stroke");
    wait(&mut play, 49.0);
    assert_eq!(
        play.phase(),
        Phase::BreakSetup,
        "a minute with the time-out"
    );
    let stroke = find_stroke(&play, |v| v.points > 0);
    play.apply(Command::Strike(stroke));
    roll(&mut play);
    let saved = play.saved().unwrap();
    assert!(saved.strokes[0].time_out);
    assert_eq!(play.referee().unwrap().time_outs_left(0), Some(3));
}

#[test]
fn practice_strokes_outside_drills_go_into_the_record_by_pattern() {
    use crate::diamond_systems::patterns::{self, Pattern};
    let config = Config::defaults();
    let files = StoragePaths::in_folder(&fresh_dir("play-practice-patterns"));
    let settings = MatchSettings {
        mode: Mode::Practice,
        game: "three_cushion".into(),
        target: 40,
        players: vec!["Ann".into()],
        ..MatchSettings::defaults(&config, Vec::new())
    };
    let mut play = Play::new(&config, settings, Some(&files));
    play.apply(Command::Continue);
    let mut expected: Vec<(&str, bool)> = Vec::new();
    for wanted_points in [true, false] {
        let stroke = find_stroke(&play, |v| (v.points > 0) == wanted_points);
        play.apply(Command::Strike(stroke));
        roll(&mut play);
        let record = play.last_stroke().unwrap();
        let pattern = patterns::recognise(&patterns::route(record, stroke.ball));
        expected.push((pattern.key(), wanted_points));
        play.apply(Command::Continue);
    }
    let profile = profiles::read_profile(&files.data, "Ann").unwrap();
    let tallies = &profile.practice["three_cushion"];
    for (key, _) in &expected {
        assert!(Pattern::of_key(key).is_some(), "{key}");
    }
    let attempted: u32 = tallies.values().map(|t| t.attempted).sum();
    let made: u32 = tallies.values().map(|t| t.made).sum();
    assert_eq!((attempted, made), (2, 1), "{tallies:?}");
    let (scored, _) = expected[0];
    assert!(tallies[scored].made >= 1);
    // No matches played: practice alone makes a record, read back as any.
    assert!(profile.matches.is_empty());
}

/// An exam's attempt is made when it scores; the finished exam goes into the player's
/// record with its grade among the levels.
#[test]
fn a_finished_exam_goes_into_the_record_with_its_grade() {
    use super::exam::{ExamLevels, LevelScore};
    let config = Config::defaults();
    let files = StoragePaths::in_folder(&fresh_dir("play-exam"));
    let settings = MatchSettings {
        mode: Mode::Practice,
        game: "three_cushion".into(),
        players: vec!["Ann".into()],
        ..MatchSettings::defaults(&config, Vec::new())
    };
    let library = super::positions::load_folder(&crate::test_support::repo("config/positions")).0;
    let score = |level: &str, made| LevelScore {
        level: level.into(),
        made,
        low: made - 0.5,
        high: made + 0.5,
    };
    let drill = drills::Drill {
        name: "Little exam".into(),
        translated: Default::default(),
        game: "three_cushion".into(),
        attempts: 1,
        // The umbrella asks for its route too: an exam counts the score alone.
        positions: vec!["umbrella".into(), "umbrella@mirrored".into()],
        exam: Some(ExamLevels {
            measured_under: String::new(),
            runs: 1,
            levels: vec![
                score("beginner", 0.5),
                score("club", 1.5),
                score("master", 2.5),
            ],
        }),
    };
    let positions = drill.positions(&library).unwrap();
    let mut play = Play::new(&config, settings, Some(&files));
    play.apply(PracticeCommand::StartDrill(Box::new(
        drills::DrillProgress::new(drill, positions.clone(), 0),
    )));
    for position in &positions {
        play.apply(Command::Strike(position.stroke.unwrap()));
        roll(&mut play);
        play.apply(Command::Continue);
    }
    let profile = profiles::read_profile(&files.data, "Ann").unwrap();
    let [exam] = &profile.exams[..] else {
        panic!("{:?}", profile.exams);
    };
    assert_eq!(
        (exam.made, exam.attempts),
        (2, 2),
        "the stroke and its mirror image score"
    );
    assert_eq!(exam.reached.as_deref(), Some("club"));
    assert_eq!(exam.short_of.as_deref(), Some("master"));
    assert_eq!(exam.condition, None);
    // Drill strokes are not practice statistics.
    assert!(profile.practice.is_empty());
}
