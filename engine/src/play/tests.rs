//! Whole matches driven through the match layer as players would, with no Bevy app: a
//! lag both players fault and repeat, the lag winner passing the break, a foul on the
//! break — the breaker's ball jumps off the table and is spotted with its spots
//! occupied (rules 15, 21, 26) —, a win by reaching the target, the save after every
//! stroke and resuming from it, rule 22's restore, four-ball's start, an unreadable
//! save, lag training.

use super::*;
use crate::math::DVec2;
use crate::physics::TableSim;
use crate::rules::{LagOutcome, Repeat, Rule, Side};
use crate::rules::{PlayedStroke, Verdict};
use crate::shot::{EventKind, Spot};
use crate::shot::{ShotEvent, ShotRecord, Stroke};
use crate::test_support::fresh_dir;

fn settings(config: &Config) -> MatchSettings {
    MatchSettings {
        mode: Mode::Match,
        game: "straight_rail".into(),
        target: 1,
        players: vec!["Ann".into(), "Bob".into()],
        ..MatchSettings::defaults(config, Vec::new())
    }
}

/// Three-cushion practice whose target is far off (a count must not end it).
fn three_cushion_practice(config: &Config) -> MatchSettings {
    MatchSettings {
        mode: Mode::Practice,
        game: "three_cushion".into(),
        target: 40,
        ..settings(config)
    }
}

/// Plays the table's clock in steps of 50 ms until the balls stop (at most a minute).
pub(crate) fn roll(play: &mut Play) {
    for _ in 0..1200 {
        if !matches!(play.phase(), Phase::Rolling | Phase::LagRolling) {
            return;
        }
        play.advance(0.05);
    }
    panic!("the balls still roll after a minute");
}

fn position(play: &Play, ball: BallId) -> Option<DVec2> {
    play.ball(ball).map(|k| k.pos.truncate())
}

/// A stroke for the shooter whose verdict `wanted` accepts, found by trying strokes on
/// a copy of the table and of the referee.
pub(crate) fn find_stroke(play: &Play, wanted: impl Fn(&Verdict) -> bool) -> Stroke {
    let referee = play.referee().unwrap();
    let positions: Vec<(BallId, DVec2)> =
        referee.positions().iter().map(|(&b, &p)| (b, p)).collect();
    for speed in [2.5, 4.0, 1.5, 0.4] {
        for step in 0..720 {
            let s = Stroke {
                height: 0.2,
                ..Stroke::new(referee.cue_ball(), step as f64 * 0.5, speed)
            };
            let mut sim = TableSim::new(play.config(), referee.table().clone());
            sim.place(&positions).unwrap();
            sim.strike(&[s], None).unwrap();
            let record = sim.run_to_rest();
            let verdict = referee
                .clone()
                .judge(&PlayedStroke {
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

fn phases(events: &[Event]) -> Vec<Phase> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Phase(p) => Some(*p),
            _ => None,
        })
        .collect()
}

#[test]
fn a_hot_seat_match_from_the_lag_to_the_win_and_back_from_its_save() {
    let config = Config::defaults();
    let files = StoragePaths::in_folder(&fresh_dir("play-full"));
    let save = files.saved_match.clone();
    let mut play = Play::new(&config, settings(&config), Some(&files));
    assert_eq!(play.phase(), Phase::Lag);
    assert_eq!(phases(&play.take_events()), [Phase::Lag]);

    // Rule 5: both lags die before the foot cushion: both at fault, the lag is repeated.
    assert_eq!((play.player(), play.cue_ball()), (0, BallId::White));
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 0.3)));
    assert_eq!((play.player(), play.cue_ball()), (1, BallId::Dotted));
    play.apply(Command::LagReady(Stroke::new(BallId::Dotted, 0.0, 0.3)));
    assert_eq!(play.phase(), Phase::LagRolling);
    roll(&mut play);
    assert_eq!(play.phase(), Phase::LagResult);
    let Some(LagResult::Match(lag)) = &play.lag().unwrap().result else {
        panic!("a two-player lag");
    };
    assert_eq!(lag.outcome, LagOutcome::Repeat(Repeat::BothFaulted));
    let events = play.take_events();
    assert!(events.contains(&Event::LagJudged));
    assert!(events.iter().any(|e| matches!(e, Event::Shot(_))));
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::Lag);

    // Ann's lag goes to the foot cushion and back; Bob's dies short: Ann wins.
    play.apply(Command::PlaceLagBall(DVec2::new(-0.9, 0.3)));
    let placed = position(&play, BallId::White).unwrap();
    assert!(placed.distance(DVec2::new(-0.9, 0.3)) < 1e-9);
    // Her ball stays behind the head string, on her side.
    play.apply(Command::PlaceLagBall(DVec2::new(0.5, -0.3)));
    let kept = position(&play, BallId::White).unwrap();
    assert!(
        kept.x <= play.table().head_string_x() && kept.y > 0.0,
        "{kept:?}"
    );
    play.apply(Command::PlaceLagBall(DVec2::new(-0.9, 0.3)));
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 1.6)));
    play.apply(Command::LagReady(Stroke::new(BallId::Dotted, 0.0, 0.3)));
    roll(&mut play);
    assert_eq!(play.lag().unwrap().winner, Some(0));
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::ChooseBreak);

    // Rules 4 and 6: Ann passes the break and keeps the white; Bob breaks with the dotted.
    play.apply(Command::ChooseBreak {
        break_it: false,
        ball: BallId::White,
    });
    assert_eq!(play.phase(), Phase::BreakSetup);
    let referee = play.referee().unwrap();
    assert_eq!((referee.shooter(), referee.cue_ball()), (1, BallId::Dotted));
    let table = referee.table().clone();
    assert!(save.exists(), "saved when the match starts");

    // Rule 7: Bob moves his ball along the head string; six inches at most.
    play.apply(Command::MoveBreakBall(0.1));
    let dotted = position(&play, BallId::Dotted).unwrap();
    assert!((dotted - (table.spot(Spot::Head) + DVec2::new(0.0, 0.1))).length() < 1e-9);
    play.apply(Command::MoveBreakBall(0.5));
    let dotted = position(&play, BallId::Dotted).unwrap();
    assert!(
        (dotted.y - table.break_offset).abs() < 1e-9,
        "clamped to six inches"
    );
    play.apply(Command::MoveBreakBall(0.1));
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::Aiming);

    // Rule 6: the white is Ann's; Bob's stroke on it is refused before it is played.
    play.take_events();
    play.apply(Command::Strike(Stroke::new(BallId::White, 0.0, 2.0)));
    assert_eq!(play.phase(), Phase::Aiming);
    assert_eq!(
        play.take_events(),
        [Event::Notice(Notice::WrongBall {
            player: 1,
            ball: BallId::Dotted
        })]
    );

    // A foul on the break (rules 15, 21, 26): Bob's ball jumps off the table over the
    // head rail. It is spotted: the head spot (Ann's ball) and the foot spot (the red)
    // are occupied, so it goes to the centre spot.
    let jump = Stroke {
        elevation_deg: 55.0,
        ..Stroke::new(BallId::Dotted, 180.0, 9.0)
    };
    play.apply(Command::Strike(jump));
    assert_eq!(play.phase(), Phase::Rolling);
    roll(&mut play);
    assert_eq!(play.phase(), Phase::Verdict);
    let verdict = play.last_verdict().unwrap().clone();
    let saved = SavedMatch::read(&save).unwrap().unwrap();
    assert_eq!(saved.at, Some(SavedPhase::Verdict));
    let record = &saved.strokes.last().unwrap().record;
    assert!(
        record.events.iter().any(|e| matches!(
            e.kind,
            EventKind::OffTable {
                ball: BallId::Dotted,
                ..
            }
        )),
        "{:#?}",
        record.events
    );
    assert!(
        verdict.fouls.iter().any(|f| f.rule() == Rule::General(15)),
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
    // The contacts went out as they happened, in the record's order, then the verdict.
    let events = play.take_events();
    let streamed: Vec<&ShotEvent> = events
        .iter()
        .filter_map(|e| match e {
            Event::Shot(s) => Some(s),
            _ => None,
        })
        .collect();
    assert_eq!(streamed, record.events.iter().collect::<Vec<_>>());
    assert_eq!(phases(&events), [Phase::Rolling, Phase::Verdict]);
    assert!(events.contains(&Event::Verdict));
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::Spotting);
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::Aiming);
    let spotted = position(&play, BallId::Dotted).unwrap();
    assert!(spotted.distance(table.spot(Spot::Centre)) < 1e-9);
    assert_eq!(play.referee().unwrap().shooter(), 0, "Ann's turn");
    assert!(
        play.take_events()
            .iter()
            .any(|e| matches!(e, Event::Spotted(p) if p[0].ball == BallId::Dotted))
    );

    // The save after that stroke resumes to the same state.
    let saved = SavedMatch::read(&save).unwrap().unwrap();
    assert_eq!(saved.strokes.len(), 1);
    let resumed = Play::resume(&config, &saved, None);
    assert_eq!(resumed.phase(), Phase::Aiming);
    let (a, b) = (play.referee().unwrap(), resumed.referee().unwrap());
    assert_eq!(a.players(), b.players());
    assert_eq!((a.shooter(), a.cue_ball()), (b.shooter(), b.cue_ball()));
    for ball in [BallId::White, BallId::Dotted, BallId::Red] {
        assert_eq!(position(&play, ball), position(&resumed, ball));
    }

    // Ann, the last in the round, scores the point she needs and wins.
    let carom = find_stroke(&play, |v| {
        v.points == 1 && v.fouls.is_empty() && v.spot.is_empty()
    });
    play.apply(Command::Strike(carom));
    roll(&mut play);
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::GameOver);
    let referee = play.referee().unwrap();
    assert_eq!(referee.winner(), Some(0));
    assert_eq!(referee.players()[0].points, 1);
    let sheet = play.sheet().unwrap();
    assert_eq!(sheet.rows.len(), 2);
    assert_eq!((sheet.rows[1].run, sheet.rows[1].score), (1, 1));
    let saved = SavedMatch::read(&save).unwrap().unwrap();
    assert_eq!(saved.strokes.len(), 2);
    assert!(matches!(
        Resumable::check(&config, &save),
        Resumable::Finished(_)
    ));
    // The game is in each player's record, once, whether play goes on or the save is
    // resumed at its end.
    let matches = |name: &str| {
        profiles::read_profile(&files.data, name)
            .unwrap()
            .matches
            .len()
    };
    assert_eq!((matches("Ann"), matches("Bob")), (1, 1));
    assert_eq!(play.profile_troubles(), []);
    let mut resumed = Play::resume(&config, &saved, Some(&files));
    play.apply(Command::Continue);
    resumed.apply(Command::Continue);
    assert_eq!((matches("Ann"), matches("Bob")), (1, 1));

    // A rematch starts again from the lag.
    play.apply(Command::Rematch);
    assert_eq!(play.phase(), Phase::Lag);
}

/// The phase a match saved in `phase` resumes in: the lag from its set-up, a lag won at
/// the break choice.
fn resumed_phase(play: &Play) -> Phase {
    match play.phase() {
        Phase::Lag | Phase::LagRolling => Phase::Lag,
        Phase::LagResult if play.lag().unwrap().winner.is_some() => Phase::ChooseBreak,
        Phase::LagResult => Phase::Lag,
        phase => phase,
    }
}

/// The save at `save` resumed: in the phase play stood in, with the same balls, score,
/// shooter, verdict and declared safety (before the break: the lag from its set-up, or
/// the lag's winner choosing). A copy of the save is kept in `kept` named for its phase.
fn resumes_where_it_stood(
    config: &Config,
    play: &Play,
    save: &std::path::Path,
    kept: &std::path::Path,
) -> Play {
    let saved = SavedMatch::read(save).unwrap().unwrap();
    assert_eq!(saved.version, SAVE_VERSION);
    let number = std::fs::read_dir(kept).unwrap().count() + 1;
    let name = format!("{number:02}-{:?}.json", play.phase()).to_lowercase();
    std::fs::copy(save, kept.join(name)).unwrap();
    let resumed = Play::resume(config, &saved, None);
    let phase = resumed_phase(play);
    assert_eq!(resumed.phase(), phase, "saved in {:?}", play.phase());
    match phase {
        Phase::Lag => {
            let fresh = Lag::new(play.table(), 2);
            assert_eq!(
                resumed.lag().unwrap().setups,
                fresh.setups,
                "from its set-up"
            );
        }
        Phase::ChooseBreak => {
            assert_eq!(resumed.lag().unwrap().winner, play.lag().unwrap().winner);
        }
        _ => {
            for ball in BallId::ALL {
                assert_eq!(
                    position(&resumed, ball),
                    position(play, ball),
                    "{ball:?} in {phase:?}"
                );
            }
            let (a, b) = (play.referee().unwrap(), resumed.referee().unwrap());
            assert_eq!(a.players(), b.players());
            assert_eq!((a.shooter(), a.cue_ball()), (b.shooter(), b.cue_ball()));
            assert_eq!(a.last_verdict(), b.last_verdict());
            assert_eq!(play.declared_safety(), resumed.declared_safety());
        }
    }
    resumed
}

#[test]
fn a_resumed_match_returns_to_the_phase_it_was_saved_in() {
    let config = Config::defaults();
    let dir = fresh_dir("play-resume-phases");
    let kept = dir.join("kept");
    std::fs::create_dir_all(&kept).unwrap();
    let files = StoragePaths::in_folder(&dir);
    let save = files.saved_match.clone();
    let mut play = Play::new(&config, settings(&config), Some(&files));
    let check = |play: &Play| resumes_where_it_stood(&config, play, &save, &kept);

    // The lag, Ann's ball moved: it restarts from its set-up.
    play.apply(Command::PlaceLagBall(DVec2::new(-0.9, 0.3)));
    check(&play);
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 1.6)));
    play.apply(Command::LagReady(Stroke::new(BallId::Dotted, 0.0, 0.3)));
    roll(&mut play);
    assert_eq!(play.phase(), Phase::LagResult);
    check(&play);
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::ChooseBreak);
    let mut resumed = check(&play);
    // The resumed choice is taken as the lag's winner's.
    resumed.apply(Command::ChooseBreak {
        break_it: true,
        ball: BallId::White,
    });
    assert_eq!(resumed.phase(), Phase::BreakSetup);
    assert_eq!(resumed.referee().unwrap().shooter(), 0);

    // The break's set-up (rule 7), the ball moved along the head string: it stays there.
    play.apply(Command::ChooseBreak {
        break_it: false,
        ball: BallId::White,
    });
    play.apply(Command::MoveBreakBall(0.1));
    assert_eq!(play.phase(), Phase::BreakSetup);
    let mut resumed = check(&play);
    // Dragging on it moves the ball again; it strikes nothing.
    resumed.apply(Command::MoveBreakBall(-0.05));
    assert_eq!(resumed.phase(), Phase::BreakSetup);
    play.apply(Command::Continue);
    play.apply(Command::DeclareSafety(true));
    assert_eq!(play.phase(), Phase::Aiming);
    check(&play);
    play.apply(Command::DeclareSafety(false));

    // A foul on the break: the dotted jumps off; the verdict, then the spotting.
    let jump = Stroke {
        elevation_deg: 55.0,
        ..Stroke::new(BallId::Dotted, 180.0, 9.0)
    };
    play.apply(Command::Strike(jump));
    roll(&mut play);
    assert_eq!(play.phase(), Phase::Verdict);
    assert!(!play.last_verdict().unwrap().spot.is_empty());
    check(&play);
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::Spotting);
    let mut resumed = check(&play);
    resumed.apply(Command::Continue);
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::Aiming);
    for ball in BallId::ALL {
        assert_eq!(
            position(&resumed, ball),
            position(&play, ball),
            "spotted alike"
        );
    }
    check(&play);

    // Ann scores the point she needs: the verdict, then the game over.
    let carom = find_stroke(&play, |v| {
        v.points == 1 && v.fouls.is_empty() && v.spot.is_empty()
    });
    play.apply(Command::Strike(carom));
    roll(&mut play);
    assert_eq!(play.phase(), Phase::Verdict);
    check(&play);
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::GameOver);
    check(&play);
    // A rematch saves its lag over the finished match.
    play.apply(Command::Rematch);
    check(&play);
}

#[test]
fn saves_of_every_version_resume_in_the_phase_they_name() {
    // tests/data/saves: `v1-*` as the first version wrote them (no phase: resumed at the
    // next stroke, or over), `v2-NN-PHASE` saved in that phase by the match above.
    let config = Config::defaults();
    let dir = crate::test_support::repo("tests/data/saves");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let saved = SavedMatch::read(&path).unwrap().unwrap();
        assert!(
            !matches!(Resumable::check(&config, &path), Resumable::Unreadable(_)),
            "{name}"
        );
        let play = Play::resume(&config, &saved, None);
        let expected = match name.rsplit('-').next().unwrap() {
            "lag" => Phase::Lag,
            "lagresult" | "choosebreak" => Phase::ChooseBreak,
            "breaksetup" => Phase::BreakSetup,
            "aiming" => Phase::Aiming,
            "verdict" => Phase::Verdict,
            "spotting" => Phase::Spotting,
            "gameover" => Phase::GameOver,
            other => panic!("{other}"),
        };
        assert_eq!(play.phase(), expected, "{name}");
        assert_eq!(play.notice(), None, "{name}");
    }
}

#[test]
fn a_save_whose_phase_its_strokes_do_not_allow_is_refused_by_name() {
    let config = Config::defaults();
    let files = StoragePaths::in_folder(&fresh_dir("play-resume-refused"));
    let save = files.saved_match.clone();
    let mut saved = SavedMatch::new(
        settings(&config),
        0,
        BallId::White,
        &[],
        SavedPhase::Verdict,
    );
    for at in [
        SavedPhase::Verdict,
        SavedPhase::Spotting,
        SavedPhase::GameOver,
        SavedPhase::ChooseBreak { lag_winner: 2 },
    ] {
        saved.at = Some(at);
        saved.write(&save).unwrap();
        let Resumable::Unreadable(why) = Resumable::check(&config, &save) else {
            panic!("{at:?} was taken");
        };
        assert!(why.to_string().contains("`at`"), "{why}");
        // Resumed anyway, it ends at once, saying why; nothing panics.
        let play = Play::resume(&config, &saved, None);
        assert_eq!(play.phase(), Phase::GameOver);
        assert!(matches!(play.notice(), Some(Notice::CannotResume(_))));
    }
}

#[test]
fn restoring_positions_takes_the_last_stroke_back_without_penalty() {
    let config = Config::defaults();
    let practice = MatchSettings {
        mode: Mode::Practice,
        ..settings(&config)
    };
    // Practice is not saved.
    let files = StoragePaths::in_folder(&fresh_dir("play-restore"));
    let save = files.saved_match.clone();
    let mut play = Play::new(&config, practice, Some(&files));
    assert_eq!(play.phase(), Phase::BreakSetup);
    play.apply(Command::RestorePositions);
    assert_eq!(play.notice(), Some(&Notice::NothingToRestore));
    play.apply(Command::Continue);
    let balls = [BallId::White, BallId::Dotted, BallId::Red];
    let before = balls.map(|b| position(&play, b));
    play.apply(Command::Strike(Stroke::new(BallId::White, 0.0, 3.0)));
    roll(&mut play);
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::Aiming);
    assert_ne!(position(&play, BallId::White), before[0]);
    // Rule 22.
    play.apply(Command::RestorePositions);
    assert_eq!(balls.map(|b| position(&play, b)), before);
    let referee = play.referee().unwrap();
    assert_eq!((referee.players()[0].points, referee.shooter()), (0, 0));
    assert_eq!(play.notice(), Some(&Notice::PositionsRestored));
    assert!(referee.last_verdict().unwrap().restore_positions);
    assert!(!save.exists());
}

#[test]
fn rule_22_on_the_break_puts_the_breakers_ball_back_where_they_set_it_up() {
    // Three players: no lag, the first breaks with the white; the ball moved along the
    // head string (rule 7) is where the break is restored to, resumed or not.
    let config = Config::defaults();
    let files = StoragePaths::in_folder(&fresh_dir("play-restore-break"));
    let save = files.saved_match.clone();
    let three = MatchSettings {
        players: vec!["Ann".into(), "Bob".into(), "Cy".into()],
        ..settings(&config)
    };
    let mut play = Play::new(&config, three, Some(&files));
    play.apply(Command::MoveBreakBall(-0.12));
    play.apply(Command::Continue);
    let balls = [BallId::White, BallId::Dotted, BallId::Red];
    let set_up = balls.map(|b| position(&play, b));
    let moved = set_up[0].unwrap();
    assert!((moved.y - (play.table().spot(Spot::Head).y - 0.12)).abs() < 1e-9);
    play.apply(Command::Strike(Stroke::new(BallId::White, 20.0, 2.0)));
    roll(&mut play);
    play.apply(Command::Continue);
    let saved = SavedMatch::read(&save).unwrap().unwrap();
    let mut resumed = Play::resume(&config, &saved, None);
    for play in [&mut play, &mut resumed] {
        assert_eq!(play.phase(), Phase::Aiming);
        play.apply(Command::RestorePositions);
        assert_eq!(play.notice(), Some(&Notice::PositionsRestored));
        assert_eq!(balls.map(|b| position(play, b)), set_up);
    }
}

#[test]
fn korean_four_ball_skips_the_lag_and_keeps_its_own_set_up() {
    let config = Config::defaults();
    let four_ball = MatchSettings {
        game: "korean_four_ball".into(),
        ..settings(&config)
    };
    let mut play = Play::new(&config, four_ball, None);
    // No lag: the first player breaks with the white.
    assert_eq!(play.phase(), Phase::BreakSetup);
    let referee = play.referee().unwrap();
    assert_eq!((referee.shooter(), referee.cue_ball()), (0, BallId::White));
    let set_up = [BallId::White, BallId::Dotted, BallId::Red, BallId::Red2]
        .map(|b| position(&play, b).expect("four balls on the table"));
    // Four-ball's own set-up: the breaker's white beside the second red on the head
    // spot, not on rule 7's segment of the head string; it cannot be moved there.
    let table = referee.table().clone();
    assert_eq!(set_up[3], table.spot(Spot::Head));
    assert!((set_up[0] - table.spot(Spot::Head)).length() > table.break_offset);
    assert!(!play.can_move_ball());
    play.apply(Command::MoveBreakBall(0.1));
    assert_eq!(position(&play, BallId::White), Some(set_up[0]));
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::Aiming);
}

#[test]
fn four_ball_lags_without_its_object_balls_then_sets_up_all_four() {
    // The source's four-ball: the lag and the winner's choice as in every game
    // (rules 4-6), the red not on the foot spot for it; then its own set-up.
    let config = Config::defaults();
    let four_ball = MatchSettings {
        game: "four_ball".into(),
        ..settings(&config)
    };
    let mut play = Play::new(&config, four_ball, None);
    assert_eq!(play.phase(), Phase::Lag);
    assert_eq!(position(&play, BallId::Red), None);
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 1.6)));
    play.apply(Command::LagReady(Stroke::new(BallId::Dotted, 0.0, 0.3)));
    roll(&mut play);
    assert_eq!(play.lag().unwrap().winner, Some(0));
    play.apply(Command::Continue);
    play.apply(Command::ChooseBreak {
        break_it: true,
        ball: BallId::Dotted,
    });
    assert_eq!(play.phase(), Phase::BreakSetup);
    let table = play.table().clone();
    assert_eq!(
        position(&play, BallId::Red2),
        Some(table.spot(Spot::Centre))
    );
    assert_eq!(position(&play, BallId::White), Some(table.spot(Spot::Head)));
    assert_eq!(play.cue_ball(), BallId::Dotted);
    assert!(play.can_move_ball(), "rule 7's segment of the head string");
}

#[test]
fn an_unreadable_save_is_kept_when_a_new_match_starts() {
    let config = Config::defaults();
    let dir = fresh_dir("play-unreadable");
    let files = StoragePaths::in_folder(&dir);
    let save = files.saved_match.clone();
    std::fs::write(&save, "{\"format\": \"carom match\", \"vers").unwrap();
    assert!(matches!(
        Resumable::check(&config, &save),
        Resumable::Unreadable(_)
    ));
    let three = MatchSettings {
        players: vec!["Ann".into(), "Bob".into(), "Cy".into()],
        ..settings(&config)
    };
    // Three players: no lag, the first breaks.
    let play = Play::new(&config, three, Some(&files));
    assert_eq!(play.phase(), Phase::BreakSetup);
    let kept = dir.join("match.json.unreadable-1");
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        "{\"format\": \"carom match\", \"vers"
    );
    assert!(SavedMatch::read(&save).unwrap().is_some());
    assert_eq!(play.notice(), Some(&Notice::OldSaveKept(kept)));
}

#[test]
fn lag_training_tallies_each_lag() {
    let config = Config::defaults();
    let training = MatchSettings {
        mode: Mode::LagTraining,
        ..settings(&config)
    };
    let mut play = Play::new(&config, training, None);
    assert_eq!(play.phase(), Phase::Lag);
    assert_eq!(play.lag().unwrap().setups.len(), 1);
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 1.6)));
    roll(&mut play);
    assert_eq!(play.phase(), Phase::LagResult);
    play.apply(Command::Continue);
    assert_eq!(play.phase(), Phase::Lag, "lag again");
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 0.3)));
    roll(&mut play);
    let log = play.lag_training().unwrap().log();
    let summary = log.summary();
    assert_eq!((summary.lags, summary.faults), (2, 1));
    assert!(
        summary.best_mm.is_some(),
        "the first lag was clean: {log:?}"
    );
    assert_eq!(
        log.attempts[0].speed, 1.6,
        "each lag keeps the speed that made it"
    );
    assert!(
        !log.last.as_ref().unwrap().faults.is_empty(),
        "the second fell short"
    );
}

#[test]
fn the_predicted_path_is_the_stroke_then_played() {
    let config = Config::defaults();
    let mut play = at_the_practice_table(&config);
    // The break, then a second stroke from wherever the balls stopped: spin, a raised
    // cue, and frames of the table's clock that do not fall on the samples.
    let strokes = [
        Stroke {
            side: 0.3,
            height: 0.2,
            ..Stroke::new(BallId::White, 4.0, 4.0)
        },
        Stroke {
            side: -0.25,
            height: -0.3,
            elevation_deg: 8.0,
            ..Stroke::new(BallId::White, 200.0, 3.2)
        },
    ];
    for stroke in strokes {
        let predicted = play
            .predict(stroke, None)
            .expect("a stroke the table takes");
        play.apply(Command::Strike(stroke));
        for _ in 0..2000 {
            if play.phase() != Phase::Rolling {
                break;
            }
            play.advance(0.0371);
        }
        let played = play.last_stroke().expect("judged").clone();
        // Each contact: who touched what, when, and where (cushions).
        let contacts = |record: &ShotRecord| -> Vec<(String, f64, DVec2)> {
            record
                .events
                .iter()
                .filter_map(|e| match e.kind {
                    EventKind::BallBall { a, b, .. } => {
                        Some((format!("{a}-{b}"), e.t, DVec2::ZERO))
                    }
                    EventKind::Cushion {
                        ball, cushion, at, ..
                    } => Some((format!("{ball}-{cushion:?}"), e.t, DVec2::from(at?))),
                    _ => None,
                })
                .take(6)
                .collect()
        };
        let (predicted_contacts, played_contacts) = (contacts(&predicted), contacts(&played));
        assert!(predicted_contacts.len() >= 3);
        assert_eq!(predicted_contacts.len(), played_contacts.len());
        for (guess, real) in predicted_contacts.iter().zip(&played_contacts) {
            assert_eq!(guess.0, real.0);
            assert!((guess.1 - real.1).abs() < 1e-3, "{guess:?} {real:?}");
            assert!(guess.2.distance(real.2) < 1e-3, "{guess:?} {real:?}");
        }
        for (ball, end) in &played.final_positions {
            let guess = &predicted.final_positions[ball];
            let off = DVec2::new(guess.x - end.x, guess.y - end.y).length();
            assert!(off < 0.001, "{ball}: {off} m");
        }
        play.apply(Command::Continue);
        assert_eq!(play.phase(), Phase::Aiming);
    }
}

#[test]
fn practice_sets_up_a_bundled_position_plays_its_stroke_and_restores_to_it() {
    let config = Config::defaults();
    let dir = crate::test_support::repo("config/positions");
    let (library, errors) = positions::load_folder(&dir);
    assert!(errors.is_empty(), "{errors:?}");
    let (_, umbrella) = library
        .iter()
        .find(|(path, _)| path.ends_with("umbrella.ron"))
        .expect("the umbrella position");
    let practice = three_cushion_practice(&config);
    let mut play = Play::new(&config, practice, None);
    play.apply(PracticeCommand::SetUpPosition(Box::new(umbrella.clone())));
    assert_eq!(play.phase(), Phase::Aiming);
    let at = |ball: BallId| {
        umbrella
            .balls
            .iter()
            .find(|b| b.ball == ball)
            .map(|b| DVec2::new(b.x, b.y))
    };
    for ball in [BallId::White, BallId::Red, BallId::Dotted] {
        assert_eq!(position(&play, ball), at(ball));
    }
    assert_eq!(
        play.practice().unwrap().target_result(),
        None,
        "before its stroke"
    );
    play.apply(Command::Strike(umbrella.stroke.unwrap()));
    roll(&mut play);
    let points = play.last_verdict().unwrap().points;
    let table = play.practice().unwrap().core.table().clone();
    assert_eq!(
        umbrella.check(play.last_stroke().unwrap(), points, &table),
        Ok(crate::play::positions::Met::Done)
    );
    // The verdict says that the position's target was met.
    assert_eq!(
        play.practice().unwrap().target_result(),
        Some(&Ok(crate::play::positions::Met::Done))
    );
    play.apply(Command::Continue);
    // Rule 22 takes the stroke back to the position, not to the break.
    play.apply(Command::RestorePositions);
    assert_eq!(position(&play, BallId::Red), at(BallId::Red));
    // A position of another game is refused, play stays where it was.
    let (_, rail) = library
        .iter()
        .find(|(_, p)| p.game == "straight_rail")
        .unwrap();
    play.apply(PracticeCommand::SetUpPosition(Box::new(rail.clone())));
    assert!(matches!(play.notice(), Some(Notice::CannotSetUp(_))));
    assert_eq!(position(&play, BallId::Red), at(BallId::Red));
    // So is a lay-out with two balls in one place.
    let mut broken = umbrella.clone();
    broken.balls[1].x = broken.balls[0].x;
    broken.balls[1].y = broken.balls[0].y;
    play.apply(PracticeCommand::SetUpPosition(Box::new(broken)));
    assert!(matches!(play.notice(), Some(Notice::CannotSetUp(_))));
    assert_eq!(position(&play, BallId::Red), at(BallId::Red));
}

#[test]
fn practice_undoes_and_redoes_strokes_across_a_foul_and_spotting_back_to_the_start() {
    let config = Config::defaults();
    let practice = three_cushion_practice(&config);
    let mut play = Play::new(&config, practice, None);
    play.apply(PracticeCommand::Undo);
    assert_eq!(play.notice(), Some(&Notice::NothingToUndo));
    play.apply(Command::Continue);
    let balls = [BallId::White, BallId::Dotted, BallId::Red];
    let layout = |play: &Play| balls.map(|b| position(play, b));
    let mut layouts = vec![layout(&play)];
    // A plain stroke, a jump off the table (a foul, the ball spotted), another stroke.
    let strokes = [
        Stroke::new(BallId::White, 30.0, 2.0),
        Stroke {
            height: -0.4,
            elevation_deg: 40.0,
            ..Stroke::new(BallId::White, 200.0, 8.0)
        },
        Stroke::new(BallId::White, 120.0, 1.5),
    ];
    let (mut fouled, mut spotted) = (false, false);
    for stroke in strokes {
        let shooter = play.referee().unwrap().cue_ball();
        play.apply(Command::Strike(Stroke {
            ball: shooter,
            ..stroke
        }));
        roll(&mut play);
        fouled |= !play.last_verdict().unwrap().fouls.is_empty();
        spotted |= !play.last_verdict().unwrap().spot.is_empty();
        while play.phase() != Phase::Aiming {
            play.apply(Command::Continue);
        }
        layouts.push(layout(&play));
    }
    assert!(
        fouled && spotted,
        "one of the strokes was a foul, a ball spotted"
    );
    let score = |play: &Play| play.referee().unwrap().history().len();
    assert_eq!(score(&play), 3);
    for back in (0..3).rev() {
        play.apply(PracticeCommand::Undo);
        assert_eq!(layout(&play), layouts[back], "undone to {back}");
        assert_eq!(score(&play), back);
    }
    assert_eq!(
        play.phase(),
        Phase::BreakSetup,
        "back at the session's start"
    );
    play.apply(PracticeCommand::Undo);
    assert_eq!(play.notice(), Some(&Notice::NothingToUndo));
    for (forward, after) in layouts.iter().enumerate().skip(1) {
        // Played again: the balls roll as they did.
        play.apply(PracticeCommand::Redo);
        assert_eq!(play.phase(), Phase::Rolling, "redone {forward}");
        roll(&mut play);
        while play.phase() != Phase::Aiming {
            play.apply(Command::Continue);
        }
        assert_eq!(layout(&play), *after, "redone to {forward}");
        assert_eq!(score(&play), forward);
    }
    play.apply(PracticeCommand::Redo);
    assert_eq!(play.notice(), Some(&Notice::NothingToRedo));
    // A new stroke after an undo forgets what was taken back.
    play.apply(PracticeCommand::Undo);
    assert!(play.practice().unwrap().undone().is_some());
    let shooter = play.referee().unwrap().cue_ball();
    play.apply(Command::Strike(Stroke::new(shooter, 0.0, 1.0)));
    roll(&mut play);
    assert!(play.practice().unwrap().undone().is_none());
}

#[test]
fn practice_places_any_ball_on_the_bed_never_on_another_and_chooses_the_cue_ball() {
    let config = Config::defaults();
    let practice = three_cushion_practice(&config);
    let mut play = Play::new(&config, practice, None);
    let table = play.table().clone();
    play.apply(PracticeCommand::PlaceBall {
        ball: BallId::Red,
        at: DVec2::new(0.2, -0.3),
    });
    assert_eq!(play.phase(), Phase::Aiming);
    assert_eq!(position(&play, BallId::Red), Some(DVec2::new(0.2, -0.3)));
    // Off the bed: held on it, against the cushion.
    play.apply(PracticeCommand::PlaceBall {
        ball: BallId::Red,
        at: DVec2::new(5.0, 0.0),
    });
    assert_eq!(
        position(&play, BallId::Red),
        Some(DVec2::new(table.centre_limits().x, 0.0))
    );
    // On another ball: refused, nothing moves.
    let white = position(&play, BallId::White).unwrap();
    play.apply(PracticeCommand::PlaceBall {
        ball: BallId::Red,
        at: white + DVec2::new(0.01, 0.0),
    });
    assert!(matches!(play.notice(), Some(Notice::CannotSetUp(_))));
    assert_eq!(
        position(&play, BallId::Red),
        Some(DVec2::new(table.centre_limits().x, 0.0))
    );
    // A ball not on the table is not put there.
    play.apply(PracticeCommand::PlaceBall {
        ball: BallId::Red2,
        at: DVec2::ZERO,
    });
    assert_eq!(position(&play, BallId::Red2), None);
    // The other white as the cue ball; the red cannot be.
    play.apply(PracticeCommand::ChooseCueBall(BallId::Dotted));
    assert_eq!(play.cue_ball(), BallId::Dotted);
    play.apply(PracticeCommand::ChooseCueBall(BallId::Red));
    assert_eq!(play.cue_ball(), BallId::Dotted);
    play.apply(Command::Strike(Stroke::new(BallId::Dotted, 0.0, 2.0)));
    assert_eq!(play.phase(), Phase::Rolling);
}

#[test]
fn lag_training_keeps_the_place_and_lags_from_either_half() {
    let config = Config::defaults();
    let training = MatchSettings {
        mode: Mode::LagTraining,
        ..settings(&config)
    };
    let mut play = Play::new(&config, training, None);
    let placed = DVec2::new(-1.0, 0.2);
    play.apply(Command::PlaceLagBall(placed));
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 1.2)));
    roll(&mut play);
    play.apply(Command::Continue);
    assert_eq!(
        play.lag().unwrap().setups[0].position,
        placed,
        "the place stays"
    );
    play.apply(LagTrainingCommand::SwitchLagHalf);
    let setup = &play.lag().unwrap().setups[0];
    assert_eq!(
        (setup.side, setup.position),
        (Side::Right, DVec2::new(-1.0, -0.2))
    );
    assert_eq!(position(&play, BallId::White), Some(DVec2::new(-1.0, -0.2)));
    // From the right half, a straight lag stays in it: no crossing.
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 1.2)));
    roll(&mut play);
    let last = play.lag_training().unwrap().log().last.clone().unwrap();
    assert_eq!(last.side, Side::Right);
    assert!(last.faults.is_empty(), "{last:?}");
    play.apply(Command::Continue);
    assert_eq!(
        play.lag().unwrap().setups[0].side,
        Side::Right,
        "the half stays too"
    );
}

#[test]
fn lag_training_against_the_computer_and_the_ghost_is_judged_as_a_match_lag() {
    let config = Config::defaults();
    let training = MatchSettings {
        mode: Mode::LagTraining,
        ..settings(&config)
    };
    let mut play = Play::new(&config, training, None);
    // Alone first: a clean lag for the ghost to copy.
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 1.2)));
    roll(&mut play);
    let own_best = play
        .lag_training()
        .unwrap()
        .log()
        .best()
        .expect("a clean lag")
        .distance_mm;
    play.apply(Command::Continue);
    play.apply(LagTrainingCommand::LagAgainst(LagOpponent::Computer {
        spread: 0.05,
    }));
    assert_eq!(play.lag().unwrap().setups.len(), 2);
    assert_eq!(play.lag().unwrap().setups[1].side, Side::Right);
    assert_eq!(play.seat(1), Seat::ComputerLagger);
    // Switching halves takes the opponent over to the half the player left, both balls
    // on the table (they used to land on one spot); and back.
    for (own, theirs) in [(Side::Right, Side::Left), (Side::Left, Side::Right)] {
        play.apply(LagTrainingCommand::SwitchLagHalf);
        let setups = &play.lag().unwrap().setups;
        assert_eq!((setups[0].side, setups[1].side), (own, theirs));
        let (mine, other) = (
            position(&play, BallId::White),
            position(&play, BallId::Dotted),
        );
        assert!(mine.unwrap().distance(other.unwrap()) > 0.1);
    }
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 1.2)));
    assert_eq!(
        play.phase(),
        Phase::LagRolling,
        "both balls struck together"
    );
    let computer = play.lag().unwrap().setups[1].stroke.unwrap();
    let from = play.lag().unwrap().setups[1].position;
    let level = Stroke::new(BallId::Dotted, 0.0, 1.0);
    let (soft, firm) =
        good_lag_speeds(&config, play.table(), &level, from, GOOD_LAG_BAND_M).unwrap();
    let middle = (soft + firm) / 2.0;
    assert!((computer.speed / middle - 1.0).abs() < 0.25, "{computer:?}");
    roll(&mut play);
    assert!(matches!(
        play.lag().unwrap().result,
        Some(LagResult::Match(_))
    ));
    assert_eq!(
        play.lag_training().unwrap().log().summary().lags,
        2,
        "the player's lags are counted"
    );
    play.apply(Command::Continue);
    assert_eq!(
        play.phase(),
        Phase::Lag,
        "training goes on: no break to choose"
    );
    // Against one's own best: the same stroke, mirrored, the same distance.
    play.apply(LagTrainingCommand::LagAgainst(LagOpponent::Ghost));
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 1.0)));
    let ghost = play.lag().unwrap().setups[1].clone();
    assert_eq!(ghost.stroke.unwrap().speed, 1.2);
    roll(&mut play);
    let Some(LagResult::Match(verdict)) = &play.lag().unwrap().result else {
        panic!("a match verdict")
    };
    let ghost_ball = verdict
        .balls
        .iter()
        .find(|b| b.ball == BallId::Dotted)
        .unwrap();
    let (a, b) = (ghost_ball.distance_mm.unwrap(), own_best.unwrap());
    assert!((a - b).abs() < 1.0, "{a} mm against {b} mm");
}

#[test]
fn a_drill_sets_each_position_up_for_each_attempt_and_tells_its_run() {
    let config = Config::defaults();
    let dir = crate::test_support::repo("config");
    let library = positions::load_folder(&dir.join("positions")).0;
    let (drills, errors) = drills::load_folder(&dir.join("drills"));
    assert!(errors.is_empty(), "{errors:?}");
    // Every bundled drill finds its positions, of its own game.
    for drill in &drills {
        let positions = drill.positions(&library).unwrap();
        assert!(
            positions.iter().all(|p| p.game == drill.game),
            "{}",
            drill.name
        );
    }
    let drill = drills::Drill {
        name: "two patterns".into(),
        game: "three_cushion".into(),
        attempts: 2,
        exam: None,
        positions: vec!["umbrella".into(), "ticky".into()],
        translated: Default::default(),
    };
    let positions = drill.positions(&library).unwrap();
    let mut play = Play::new(&config, three_cushion_practice(&config), None);
    play.apply(PracticeCommand::StartDrill(Box::new(
        drills::DrillProgress::new(drill, positions.clone(), 0),
    )));
    assert_eq!(play.phase(), Phase::Aiming);
    play.take_events();
    for (i, attempt_at) in [0, 0, 1, 1].map(|i| &positions[i]).iter().enumerate() {
        assert_eq!(
            play.practice().unwrap().drill().map(|d| d.current()),
            Some(*attempt_at),
            "attempt {i}"
        );
        let at = |b: BallId| {
            attempt_at
                .balls
                .iter()
                .find(|p| p.ball == b)
                .map(|p| DVec2::new(p.x, p.y))
        };
        for ball in [BallId::White, BallId::Dotted, BallId::Red] {
            assert_eq!(position(&play, ball), at(ball), "attempt {i}");
        }
        // The position's own stroke, then one that misses, at each position.
        let stroke = if i % 2 == 0 {
            attempt_at.stroke.unwrap()
        } else {
            Stroke::new(attempt_at.cue_ball, 90.0, 0.5)
        };
        play.apply(Command::Strike(stroke));
        roll(&mut play);
        let made = play
            .practice()
            .unwrap()
            .target_result()
            .expect("the attempt judged")
            .is_ok();
        assert_eq!(made, i % 2 == 0, "attempt {i}");
        play.apply(Command::Continue);
        // The next attempt is set up; the stroke just played stays, to save or replay.
        let kept = play
            .last_stroke()
            .and_then(ShotRecord::stroke)
            .map(|s| s.direction_deg);
        assert_eq!(kept, Some(stroke.direction_deg), "attempt {i}");
    }
    assert_eq!(play.practice().unwrap().drill(), None, "the drill is over");
    let done: Vec<_> = play
        .take_events()
        .into_iter()
        .filter_map(|e| match e {
            Event::DrillDone(run) => Some(run),
            _ => None,
        })
        .collect();
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].made, vec![1, 1]);
    assert_eq!(done[0].score(), 0.5);
}

#[test]
fn the_balls_on_the_table_turn_as_they_roll() {
    // The dotted ball's dots show its spin: the table a player watches turns its balls
    // (the headless tables of trials and predictions do not).
    let mut play = at_the_practice_table(&Config::defaults());
    let before = play.ball(BallId::White).expect("on the table").orientation;
    play.apply(Command::Strike(Stroke::new(BallId::White, 4.0, 2.0)));
    roll(&mut play);
    let after = play.ball(BallId::White).expect("on the table").orientation;
    assert!(after.angle_between(before) > 0.1, "{before} {after}");
}

/// Three-cushion practice at the table, ready to strike.
fn at_the_practice_table(config: &Config) -> Play {
    let mut play = Play::new(config, three_cushion_practice(config), None);
    play.apply(Command::Continue);
    play
}
