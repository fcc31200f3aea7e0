//! Every sentence of both languages, made from representative values: none is empty,
//! the Russian has no English in it, and its plural forms are right.

use super::*;
use crate::config::Config;
use crate::diagram::Contact;
use crate::math::DVec2;
use crate::physics::TableSim;
use crate::play::drills::{Drill, DrillProgress, MissingPosition};
use crate::play::positions::{Area, Met, Miss, Position, SystemNumbers, Touch};
use crate::play::{FileError, LagSummary, SetUpRefusal, StartError};
use crate::rules::{
    BalkSpace, CountMiss, Foul, JudgeError, LagBall, LagFault, LagOutcome, Obligation, Outcome,
    Placement, Remark, Repeat, Verdict, Warning,
};
use crate::shot::{BallId, Cushion, Spot, Stroke};
use std::path::Path;

/// The names of players and games the tests pass in, in the language under test.
fn names(words: &dyn Words) -> (Vec<String>, &'static str) {
    if std::ptr::addr_eq(words, &Russian as &dyn Words) {
        (vec!["Анна".into(), "Борис".into()], "Трёхбортный карамболь")
    } else {
        (vec!["Ann".into(), "Bob".into()], "Three-cushion")
    }
}

/// A stroke played on the default table, its record and the cue ball's contacts.
fn played(config: &Config) -> (crate::shot::ShotRecord, Vec<Contact>, TableGeometry) {
    let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
    let mut sim = TableSim::new(config, table.clone());
    sim.place(&[
        (BallId::White, DVec2::new(-0.6, -0.2)),
        (BallId::Dotted, DVec2::new(-0.7, 0.0)),
        (BallId::Red, DVec2::new(0.7, 0.1)),
    ])
    .unwrap();
    let mut stroke = Stroke::new(BallId::White, 8.0, 3.5);
    stroke.side = 0.3;
    sim.strike(&[stroke], Some(50.0)).unwrap();
    let record = sim.run_to_rest();
    let contacts = crate::diagram::cue_ball_contacts(&table, &record, BallId::White);
    (record, contacts, table)
}

fn every_foul() -> Vec<Foul> {
    vec![
        Foul::RedNotFirst {
            on_break: true,
            first: BallId::Dotted,
        },
        Foul::BallsMoving(vec![BallId::Red]),
        Foul::WrongBall {
            struck: BallId::Dotted,
            cue_ball: BallId::White,
        },
        Foul::CueTouchedAtStrike(vec![BallId::Red]),
        Foul::CueTouchedAfterStrike(vec![BallId::Red, BallId::Dotted]),
        Foul::TouchedBall,
        Foul::IntentionalFoul,
        Foul::TipAgain(2),
        Foul::TipStillOn {
            ball: BallId::Red,
            after_s: 0.004,
            contact_s: 0.006,
        },
        Foul::Push {
            contact_s: 0.02,
            limit_s: 0.01,
        },
        Foul::CueBallJumped,
        Foul::ScoopedJump {
            below: 0.5,
            over: BallId::Red,
        },
        Foul::MiscueJump,
        Foul::SafetyForbidden,
        Foul::SafetyWithoutContact,
        Foul::SafetyWithoutCushion,
        Foul::SafetyOwed(Obligation::AfterSafety),
        Foul::SafetyOwed(Obligation::AfterFoul),
        Foul::BalkCount {
            space: BalkSpace::Balk {
                along: 1,
                across: -1,
            },
            counts: 2,
        },
        Foul::OpponentBall(BallId::Dotted),
    ]
}

fn every_remark() -> Vec<Remark> {
    vec![
        Remark::NoCount(CountMiss::Cushions { had: 2, needed: 3 }),
        Remark::NoCount(CountMiss::TouchedNone),
        Remark::NoCount(CountMiss::TouchedOnly(BallId::Red)),
        Remark::NoCount(CountMiss::NotAll),
        Remark::LegalSafety,
        Remark::TargetReached { equalising: true },
        Remark::TargetReached { equalising: false },
        Remark::Interference,
    ]
}

fn verdicts() -> Vec<Verdict> {
    let base = Verdict {
        shooter: 0,
        cue_ball: BallId::White,
        points: 1,
        fouls: Vec::new(),
        inning_over: false,
        spot: Vec::new(),
        warnings: Vec::new(),
        restore_positions: false,
        remarks: Vec::new(),
        outcome: None,
    };
    let mut all = vec![base.clone()];
    for foul in every_foul() {
        all.push(Verdict {
            points: 0,
            inning_over: true,
            fouls: vec![foul],
            ..base.clone()
        });
    }
    for remark in every_remark() {
        all.push(Verdict {
            points: 0,
            remarks: vec![remark],
            ..base.clone()
        });
    }
    for loses_game in [false, true] {
        all.push(Verdict {
            warnings: vec![Warning::IntentionalFoul { loses_game }],
            ..base.clone()
        });
    }
    for outcome in [Outcome::Winner(1), Outcome::Draw, Outcome::NotReached] {
        all.push(Verdict {
            outcome: Some(outcome),
            ..base.clone()
        });
    }
    all.push(Verdict {
        restore_positions: true,
        points: 0,
        ..base.clone()
    });
    all.push(Verdict {
        fouls: vec![Foul::CueBallJumped],
        spot: vec![placement()],
        ..base
    });
    all
}

fn placement() -> Placement {
    Placement {
        ball: BallId::White,
        spot: Spot::Foot,
        position: DVec2::new(0.71, 0.0),
        occupied: vec![Spot::Head],
    }
}

fn lag_ball(faults: Vec<LagFault>, distance_mm: Option<f64>) -> LagBall {
    LagBall {
        ball: BallId::White,
        side: Side::Left,
        touched_foot_cushion: faults.is_empty(),
        faults,
        distance_mm,
    }
}

fn file_errors() -> Vec<FileError> {
    let path = Path::new("/home/anna/.local/share/carom/match.ron").to_owned();
    vec![
        FileError::Read {
            path: path.clone(),
            kind: std::io::ErrorKind::PermissionDenied,
        },
        FileError::Write {
            path: path.clone(),
            kind: std::io::ErrorKind::NotFound,
        },
        FileError::MoveAside {
            path: path.clone(),
            kind: std::io::ErrorKind::PermissionDenied,
        },
        FileError::Delete {
            path: path.clone(),
            kind: std::io::ErrorKind::NotFound,
        },
        FileError::TooLarge {
            path,
            bytes: 104_857_600,
        },
    ]
}

/// One error of each kind the layers return (and each variant that says something of
/// its own), worded by `words`.
fn every_trouble(words: &dyn Words) -> Vec<String> {
    use crate::config::{Keyed, UnknownKey};
    use crate::diamond_systems::SweepError;
    use crate::fit::data::ShotProblem;
    use crate::physics::{PlaceError, ShotError, StrikeError};
    use crate::play::{ResumeError, SavedPhase, SettingsError, SettingsProblem};
    use crate::rules::{LagError, RecordError, SetupError};
    use crate::shot::StrokeError;
    use crate::{computer, physics};
    let unknown = |what| UnknownKey::new(what, "umbrella", ["balkline"]);
    let name = names(words).0.remove(0);
    let path = Path::new("/home/anna/.local/share/carom/match.json").to_owned();
    let place = [
        PlaceError::NotFinite(BallId::Red),
        PlaceError::OffBed {
            ball: BallId::Red,
            at: DVec2::new(1.5, 0.2),
            preset: "match".into(),
            limits: DVec2::new(1.39, 0.67),
        },
        PlaceError::ListedTwice(BallId::Red),
        PlaceError::Overlap {
            ball: BallId::White,
            other: BallId::Red,
            distance: 0.05,
            needed: 0.0615,
        },
    ];
    let strokes = [
        StrokeError::NotFinite("speed"),
        StrokeError::Speed(20.0),
        StrokeError::MissesTheBall {
            side: 0.9,
            height: 0.9,
        },
        StrokeError::Elevation(95.0),
        StrokeError::FollowThrough(400.0),
    ];
    let mut strike: Vec<StrikeError> = strokes.iter().cloned().map(StrikeError::Stroke).collect();
    strike.extend([
        StrikeError::NotOnCloth(BallId::Red),
        StrikeError::StruckTwice(BallId::Red),
        StrikeError::LaunchNotFinite,
        StrikeError::LaunchTooFast(16.0),
        StrikeError::NotOnTable(BallId::Red),
    ]);
    let records = [
        RecordError::NoStrike,
        RecordError::NotAtRest,
        RecordError::MeetsItself(BallId::Red),
        RecordError::RestNotANumber(BallId::Red),
        RecordError::EventTime { index: 4 },
        RecordError::StrikeNotANumber,
    ];
    let mut judge = vec![
        JudgeError::GameOver,
        JudgeError::NoStrike,
        JudgeError::NotInPlay(BallId::Red2),
        JudgeError::NotAtRest,
    ];
    judge.extend(records.iter().cloned().map(JudgeError::Impossible));
    let setup = vec![
        SetupError::NoPlayers,
        SetupError::Nameless(1),
        SetupError::SameName(name.clone()),
        SetupError::NoSuchBreaker {
            breaker: 2,
            players: 2,
        },
        SetupError::NotACueBall(BallId::Red),
        SetupError::NoTarget,
        SetupError::TargetsPerPlayer {
            targets: 3,
            players: 2,
        },
        SetupError::NoInnings,
        SetupError::OffTheBed {
            ball: BallId::Red,
            at_mm: (1500.0, 20.0),
            table: "match".into(),
        },
        SetupError::OnTopOfEachOther(BallId::White, BallId::Red),
        SetupError::OtherBalls {
            game: "balkline".into(),
            in_play: vec![BallId::White, BallId::Dotted, BallId::Red, BallId::Red2],
            placed: vec![BallId::White, BallId::Dotted, BallId::Red],
        },
    ];
    let settings = vec![
        SettingsProblem::NoGame("umbrella".into()),
        SettingsProblem::NoFormat("umbrella".into()),
        SettingsProblem::NoCondition("umbrella".into()),
        SettingsProblem::SetsPlayedOut,
        SettingsProblem::NoTable("umbrella".into()),
        SettingsProblem::NoTarget,
        SettingsProblem::NoInnings,
        SettingsProblem::TooManyPlayers(4),
        SettingsProblem::NameTooLong(name.clone()),
        SettingsProblem::NoLevel("umbrella".into()),
        SettingsProblem::MatchNeedsTwo,
        SettingsProblem::SameName(name),
    ];
    let lag = [
        LagError::NoLag,
        LagError::Balls,
        LagError::Strikes,
        LagError::NotInPlay(BallId::Red),
        LagError::NoTrajectory(BallId::White),
        LagError::NoFinalPosition(BallId::White),
        LagError::NotAtRest,
    ];
    let start = [
        StartError::Unknown(unknown(Keyed::Game)),
        StartError::Setup(SetupError::NoPlayers),
        StartError::Stroke {
            number: 3,
            error: JudgeError::NoStrike,
        },
        StartError::SavedPhase(SavedPhase::BreakSetup),
    ];

    let mut said = Vec::new();
    let mut say = |trouble: Trouble| said.push(words.trouble(trouble));
    file_errors().iter().for_each(|e| say(Trouble::File(e)));
    start.iter().for_each(|e| say(Trouble::Start(e)));
    say(Trouble::Resume(&ResumeError::File(file_errors().remove(0))));
    say(Trouble::Resume(&ResumeError::Replay {
        path,
        error: start[2].clone(),
    }));
    judge.iter().for_each(|e| say(Trouble::Judge(e)));
    records.iter().for_each(|e| say(Trouble::Record(e)));
    lag.iter().for_each(|e| say(Trouble::Lag(e)));
    strokes.iter().for_each(|e| say(Trouble::Stroke(e)));
    strike.iter().for_each(|e| say(Trouble::Strike(e)));
    place.iter().for_each(|e| say(Trouble::Place(e)));
    say(Trouble::Shot(&ShotError::Place(place[0].clone())));
    say(Trouble::Shot(&ShotError::Strike(strike[6].clone())));
    setup.iter().for_each(|e| say(Trouble::Setup(e)));
    for what in [Keyed::Game, Keyed::TablePreset, Keyed::ComputerLevel] {
        say(Trouble::Unknown(&unknown(what)));
    }
    settings.iter().for_each(|e| say(Trouble::Settings(e)));
    say(Trouble::SettingsFile(&SettingsError::Problem(
        settings[0].clone(),
    )));
    say(Trouble::SettingsFile(&SettingsError::File(
        file_errors().remove(1),
    )));
    say(Trouble::MissingPosition(&MissingPosition {
        drill: "breaks".into(),
        position: "umbrella".into(),
    }));
    say(Trouble::Sweep(&SweepError::Table(unknown(
        Keyed::TablePreset,
    ))));
    say(Trouble::Sweep(&SweepError::Place(place[1].clone())));
    say(Trouble::Sweep(&SweepError::Strike(strike[0].clone())));
    {
        use crate::play::typed_place::TypedPlaceError;
        say(Trouble::TypedPlace(&TypedPlaceError::NoBall {
            known: vec!["красный".into()],
        }));
        say(Trouble::TypedPlace(&TypedPlaceError::NotTwoNumbers(
            "3,5".into(),
        )));
        say(Trouble::TypedPlace(&TypedPlaceError::OffTheRail {
            along: false,
            value: 4.5,
            most: 4,
        }));
    }
    say(Trouble::Samples(&ShotProblem::NoBall("umbrella")));
    say(Trouble::Samples(&ShotProblem::FewSamples));
    say(Trouble::SimulationBench(&physics::bench::BenchError::Shot(
        ShotError::Place(place[3].clone()),
    )));
    say(Trouble::ComputerBench(&computer::bench::BenchError::Start(
        start[1].clone(),
    )));
    say(Trouble::ComputerBench(
        &computer::bench::BenchError::NothingToPlay,
    ));
    said
}

/// Every sentence `words` makes from the values above, with the method that made it.
fn sentences(words: &dyn Words) -> Vec<(&'static str, String)> {
    let config = Config::defaults();
    let (players, game) = names(words);
    let (record, contacts, table) = played(&config);
    let style = BallStyle::Dotted;
    let stroke = Stroke::new(BallId::White, 30.0, 2.5);
    let mut sheet = crate::cli::replay(
        &config,
        &crate::test_support::repo("tests/data/three_cushion_match.json"),
    )
    .unwrap();
    // As `carom referee` prints it: the game's name translated, the players' names ours.
    sheet.game = game.to_owned();
    for (score, name) in sheet.players.iter_mut().zip(&players) {
        score.name = name.clone();
    }
    let mut out: Vec<(&'static str, String)> = Vec::new();
    let mut say = |method: &'static str, text: String| out.push((method, text));
    let arrows = |a: &str, b: &str| format!("{} / {}", words.key(a), words.key(b));
    let lines = |ls: Vec<Line>| {
        ls.into_iter()
            .map(|l| l.text)
            .collect::<Vec<_>>()
            .join("\n")
    };

    for n in [0, 1, 2, 5, 11, 21, 22, 25, 100] {
        say("points", words.points(n));
    }
    for ball in BallId::ALL {
        for style in [BallStyle::Dotted, BallStyle::Yellow] {
            say("ball", words.ball(ball, style));
        }
    }
    for spot in [Spot::Head, Spot::Foot, Spot::Centre] {
        say("spot", words.spot(spot));
    }
    for cushion in [Cushion::Head, Cushion::Foot, Cushion::Left, Cushion::Right] {
        say("cushion", words.cushion(cushion));
    }
    for event in &record.events {
        say("event", words.event(&event.kind));
    }
    say("stroke_settings", words.stroke_settings(&stroke, style));
    say("struck", words.struck(&stroke, style));
    for (side, height) in [(0.0, 0.0), (0.25, 0.3), (-0.4, -0.5)] {
        say("tip", words.tip(side, height));
    }
    say("contacts", words.contacts(&contacts, style));
    let verdict = verdicts().remove(0);
    say(
        "diagram_caption",
        words
            .diagram_caption(Some((game, &verdict)), Some(&stroke), &contacts, style)
            .join("\n"),
    );
    say(
        "shot_text",
        words.shot_text(&record, Some((game, &verdict))),
    );
    say("advice", words.advice(game, true, None, "Enter"));
    let decision = crate::computer::Decision {
        stroke,
        declare_safety: false,
        p_score: 0.42,
        evaluated: 1200,
        elapsed: std::time::Duration::from_millis(850),
        alternatives: vec![(stroke, 0.3)],
        leave_share: Some(0.2),
    };
    say(
        "advice",
        words.advice(game, false, Some(&decision), "Enter"),
    );
    say("suggestion", words.suggestion(game, &decision));
    for n in [0.0, 2.5, 4.25, 7.0] {
        say("number", words.number(n));
    }
    {
        use crate::computer::explain::{Alternative, Explanation};
        use crate::diamond_systems::Reading;
        use crate::diamond_systems::patterns::{Contact, Pattern};
        let explanation = Explanation {
            cue_ball: BallId::White,
            route: vec![
                Contact::Ball(BallId::Red),
                Contact::Cushion(Cushion::Left),
                Contact::Cushion(Cushion::Foot),
                Contact::Cushion(Cushion::Right),
                Contact::Ball(BallId::Dotted),
            ],
            pattern: Pattern::AroundTheTable,
            system: Some(Reading {
                origin: 4.5,
                aim: 2.0,
                predicted: 2.5,
                arrived: 2.7,
            }),
            alternatives: vec![Alternative {
                stroke,
                p_score: 0.22,
                pattern: Pattern::Umbrella,
            }],
            safety: false,
            leave_share: Some(0.18),
        };
        say(
            "explanation",
            words.explanation(&explanation, style).join("\n"),
        );
        let alone = Explanation {
            pattern: Pattern::Other,
            system: None,
            alternatives: Vec::new(),
            leave_share: None,
            ..explanation.clone()
        };
        say("explanation", words.explanation(&alone, style).join("\n"));
        let safety = Explanation {
            safety: true,
            ..explanation.clone()
        };
        say("explanation", words.explanation(&safety, style).join("\n"));
    }

    for rule in [Rule::General(8), Rule::Balkline, Rule::KoreanFourBall] {
        say("rule", words.rule(rule));
        say("read_rule", words.read_rule("F2", rule));
    }
    for foul in every_foul() {
        say("foul", words.foul(&foul));
    }
    for remark in every_remark() {
        say("remark", words.remark(&remark));
    }
    for loses_game in [false, true] {
        say(
            "warning",
            words.warning(&Warning::IntentionalFoul { loses_game }),
        );
    }
    for verdict in verdicts() {
        say("verdict_notes", words.verdict_notes(&verdict));
        say(
            "verdict_lines",
            lines(words.verdict_lines(&verdict, &players)),
        );
        say("sheet_note", words.sheet_note(&verdict).text);
        say(
            "recent_stroke",
            words.recent_stroke(3, &players[0], &verdict).text,
        );
    }
    say("spotting", words.spotting(&placement(), style));
    for outcome in [Outcome::Winner(0), Outcome::Draw, Outcome::NotReached] {
        say("outcome", words.outcome(outcome, &players));
    }
    say("sheet_text", words.sheet_text(&sheet));

    let lags = [
        lag_ball(Vec::new(), Some(56.1)),
        lag_ball(
            vec![LagFault::CrossedOver, LagFault::TouchedRed],
            Some(300.0),
        ),
        lag_ball(vec![LagFault::NoFootCushion, LagFault::LeftTable], None),
    ];
    for ball in &lags {
        say("last_lag", words.last_lag(ball).text);
        say("lag_summary", words.lag_summary(ball).text);
        for (label, answer, _) in words.lag_facts(ball) {
            say("lag_facts", format!("{label}: {answer}"));
        }
    }
    for fault in [
        LagFault::CrossedOver,
        LagFault::NoFootCushion,
        LagFault::LeftTable,
        LagFault::TouchedRed,
    ] {
        say("lag_fault", words.lag_fault(fault));
    }
    for outcome in [
        LagOutcome::Winner(1),
        LagOutcome::Repeat(Repeat::BothFaulted),
        LagOutcome::Repeat(Repeat::TooClose { difference_mm: 2.5 }),
    ] {
        let verdict = crate::rules::LagVerdict {
            balls: [lags[0].clone(), lags[1].clone()],
            outcome,
        };
        let laggers = [players[0].as_str(), players[1].as_str()];
        say(
            "lag_outcome",
            words.lag_outcome(&verdict, laggers, 5.0).text,
        );
    }
    for training in [false, true] {
        say("lag_heading", words.lag_heading(training).into());
        say(
            "lag_result_heading",
            words.lag_result_heading(training).into(),
        );
    }
    say("struck_at", words.struck_at(1.25));
    for side in [Side::Left, Side::Right] {
        for status in [
            Lagger::Won,
            Lagger::AtTheTable,
            Lagger::Ready,
            Lagger::Waiting,
        ] {
            say("lagger", words.lagger(side, status));
        }
    }
    say("training_row", words.training_row(5, Some(56.1)));
    say("training_row", words.training_row(0, None));

    let area = Area {
        min: (0.2, -0.3),
        max: (0.9, 0.3),
    };
    for target in [
        crate::play::positions::Target::Score,
        crate::play::positions::Target::ScoreAndLeave(area),
        crate::play::positions::Target::Arrive(crate::play::positions::Arrival {
            diamond: 2.5,
            within: 0.25,
            system: None,
            numbers: SystemNumbers::CornerFive,
        }),
        crate::play::positions::Target::Arrive(crate::play::positions::Arrival {
            diamond: 3.3,
            within: 0.25,
            system: Some(3.0),
            numbers: SystemNumbers::CornerFive,
        }),
        crate::play::positions::Target::Arrive(crate::play::positions::Arrival {
            diamond: 57.5,
            within: 2.5,
            system: Some(55.0),
            numbers: SystemNumbers::Plus,
        }),
    ] {
        say("target", words.target(&target, &table));
    }
    for result in [
        Ok(Met::Done),
        Ok(Met::Arrived {
            at: 2.6,
            target: 2.5,
        }),
        Err(Miss::Arrived {
            at: Some(3.1),
            target: 2.5,
            numbers: SystemNumbers::CornerFive,
        }),
        Err(Miss::Arrived {
            at: None,
            target: 2.5,
            numbers: SystemNumbers::CornerFive,
        }),
        Err(Miss::Arrived {
            at: None,
            target: 57.5,
            numbers: SystemNumbers::Plus,
        }),
        Err(Miss::NoScore),
        Err(Miss::Route(vec![Touch::Long, Touch::Red, Touch::Short])),
        Err(Miss::LeftOutside(BallId::Red)),
    ] {
        say("target_result", words.target_result(&result, style).text);
    }

    let mut count = crate::play::LiveCount::default();
    for event in &record.events {
        count.add(event);
    }
    say("live_count", words.live_count(&count, style));
    say("stroke_story", words.stroke_story(&count, style));
    say("balls_moving", words.balls_moving(&count, style));
    let tally = crate::rules::BalkTally {
        space: BalkSpace::Anchor {
            cushion: Cushion::Left,
            line: 1,
        },
        objects: [BallId::Red, BallId::Dotted],
        counts: 1,
    };
    say("balk_tally", words.balk_tally(&tally, 2).text);
    say(
        "balk_space",
        words.balk_space(&BalkSpace::Balk {
            along: 0,
            across: 0,
        }),
    );

    let mut notices = vec![
        Notice::WrongBall {
            player: 1,
            ball: BallId::Dotted,
        },
        Notice::CannotJudge(JudgeError::GameOver),
        Notice::NothingToRestore,
        Notice::PositionsRestored,
        Notice::OldSaveKept(Path::new("/home/anna/match.ron.broken").to_owned()),
        Notice::NothingToUndo,
        Notice::NothingToRedo,
        Notice::CannotSetUp(SetUpRefusal::OtherGame {
            position: "umbrella".into(),
            game: "balkline_47_2".into(),
        }),
        Notice::CannotSetUp(SetUpRefusal::BallsWouldTouch),
        Notice::CannotSetUp(SetUpRefusal::NotAWhite),
        Notice::CannotStart(StartError::Stroke {
            number: 3,
            error: JudgeError::NoStrike,
        }),
    ];
    notices.extend(file_errors().into_iter().map(Notice::SaveFailed));
    for notice in &notices {
        say("notice", words.notice(notice, &players, style));
    }
    say("go_on", words.go_on("Enter"));
    say("go_on_or_click", words.go_on_or_click("Enter"));
    for break_it in [true, false] {
        say(
            "break_decided",
            words.break_decided(&players[1], break_it, "белый", &players[0], "с точкой"),
        );
        say(
            "break_choice",
            words.break_choice(break_it, "белый", &players[0], "с точкой"),
        );
    }
    let setup = BreakSetup {
        breaker: &players[0],
        ball: words.ball(BallId::White, style),
        other: words.ball(BallId::Dotted, style),
        game,
        on_head_string: true,
        offset_mm: 152.4,
        strike: "Space".into(),
        confirm: "Enter".into(),
        red_first: true,
    };
    let (heading, setup_lines) = words.break_setup(&setup);
    say("break_setup", heading + "\n" + &lines(setup_lines));
    let keys = LagKeys {
        power_up: "W".into(),
        power_down: "S".into(),
        ready: "Enter".into(),
        strike: "Space".into(),
        opponent: "K".into(),
        other_half: "M".into(),
    };
    for training in [None, Some(LagOpponent::Computer { spread: 0.05 })] {
        let facts = LagSetupFacts {
            name: players[0].clone(),
            ball: words.ball(BallId::White, style),
            side: Side::Left,
            training,
            other: players[1].clone(),
            first: true,
            keys: LagKeys {
                ..keys_clone(&keys)
            },
        };
        let (heading, facts_lines) = words.lag_setup(&facts);
        say("lag_setup", heading + "\n" + &lines(facts_lines));
    }
    for next in [
        AfterLag::Chooses(players[0].clone()),
        AfterLag::Again,
        AfterLag::Unjudged,
    ] {
        say("after_lag", words.after_lag("Enter", next));
    }

    for text in every_trouble(words) {
        say("trouble", text);
    }
    for error in file_errors() {
        say(
            "library_note",
            words.library_note(&LibraryNote::NotLoaded(error)),
        );
    }
    let done = DrillDone {
        made: 7,
        tries: 20,
        score: 0.35,
        best: Some(0.5),
        trend: Some(0.1),
        not_kept: None,
        grade: None,
    };
    let graded = |reached: Option<(String, f64)>, short_of: Option<(String, f64)>, fitted| {
        LibraryNote::DrillDone(DrillDone {
            grade: Some(crate::play::exam::NamedGrade {
                reached,
                short_of,
                fitted,
            }),
            made: 7,
            tries: 20,
            score: 0.35,
            best: None,
            trend: None,
            not_kept: None,
        })
    };
    let (club, league) = (
        ("Клуб 0,5".to_owned(), 21.4),
        ("Лига 0,75".to_owned(), 29.9),
    );
    for note in [
        graded(Some(club.clone()), Some(league.clone()), true),
        graded(None, Some(club.clone()), false),
        graded(Some(league), None, true),
        graded(None, None, true),
        LibraryNote::NotSaved(None),
        LibraryNote::Saved(Path::new("/home/anna/positions/my-1.ron").to_owned()),
        LibraryNote::NoDrills,
        LibraryNote::DrillNotStarted(MissingPosition {
            drill: "breaks".into(),
            position: "umbrella".into(),
        }),
        LibraryNote::DrillDone(done),
        LibraryNote::NoPositions,
        LibraryNote::NoStroke,
        LibraryNote::Deleted(Path::new("/home/anna/positions/my-1.ron").to_owned()),
        LibraryNote::BundledStay,
        LibraryNote::NotPlaced(crate::play::typed_place::TypedPlaceError::NotTwoNumbers(
            "3".into(),
        )),
    ] {
        say("library_note", words.library_note(&note));
    }
    say("own_position_name", words.own_position_name(3));
    say("naming_position", words.naming_position("зонт").join("\n"));
    say("placing_ball", words.placing_ball("красный 3,5").join("\n"));
    let position = Position::parse(
        "umbrella.ron",
        include_str!("../../../config/positions/umbrella.ron"),
    )
    .unwrap();
    let drill = Drill::parse(
        "breaks.ron",
        include_str!("../../../config/drills/breaks.ron"),
    )
    .unwrap();
    let progress = DrillProgress::new(drill, vec![position.clone(); 1], 0);
    say(
        "drill_under_way",
        words.drill_under_way(&progress).join("\n"),
    );
    say(
        "position_of",
        words.position_of(2, 22, named_in(words, &position)),
    );
    say(
        "position_keys",
        words.position_keys("PageDown", "Y", "O", Some("Delete")),
    );
    say("library_keys", words.library_keys("PageDown", 22, "J", 3));

    say("no_game", words.no_game().into());
    say("to_the_menu", words.to_the_menu("Escape"));
    let columns = words.sheet_columns();
    say(
        "sheet_columns",
        [
            columns.players.join(" "),
            columns.strokes.join(" "),
            columns.score_sheet.into(),
            columns.inning.into(),
            columns.total.into(),
            columns.stroke_by_stroke.into(),
        ]
        .join("\n"),
    );
    say(
        "scroll_the_sheet",
        words.scroll_the_sheet("PageUp", "PageDown"),
    );
    say("rematch_button", words.rematch_button("R"));
    say("menu_button", words.menu_button("Escape"));
    let summary = LagSummary {
        lags: 21,
        faults: 2,
        mean_mm: Some(80.5),
        best_mm: Some(12.0),
        spread_mm: Some(30.2),
    };
    let before = Before {
        sessions: 5,
        last: summary,
        best_ever_mm: Some(8.0),
    };
    say(
        "lag_statistics",
        words
            .lag_statistics(&summary, 11, 100.0, Some(before))
            .join("\n"),
    );
    say(
        "history_not_kept",
        words.history_not_kept(&file_errors().remove(0)),
    );
    say("lag_chart", words.lag_chart(250.0));

    say("head_string", words.head_string().into());
    say("half_of", words.half_of(&players[0]));
    say("millimetres", words.millimetres(56.1));
    say("average", words.average(0.714));
    say("board_columns", words.board_columns().join(" "));
    say("spot_occupied", words.spot_occupied(1, Spot::Head));
    say("spot_here", words.spot_here(2, Some(Spot::Foot), "красный"));
    say("spot_here", words.spot_here(3, None, "красный"));
    say("contact_at_diamond", words.contact_at_diamond(2, 3.5));
    say("controls_hint", words.controls_hint("H / F1"));
    for short in [None, Some(40.0)] {
        let panel = StrokePanel {
            speed: 2.5,
            elevation_deg: 12.0,
            over_the_rail: true,
            tip: words.tip(0.2, -0.3),
            short_stroke_mm: short,
            full_stroke_mm: 160.0,
        };
        say("stroke_panel", words.stroke_panel(&panel));
    }
    let ready = words.ready_to_strike();
    say("ready_to_strike", ready.into());
    say(
        "beyond_the_miscue_limit",
        words.beyond_the_miscue_limit().into(),
    );
    say(
        "ready_with_path",
        words.ready_with_path(ready, &contacts, style),
    );
    say("ready_to_set_the_tip", words.ready_to_set_the_tip(ready));
    say("contacts_line", words.contacts_line(&contacts, style));
    say("spots_next", words.spots_next().into());
    for again in [true, false] {
        say("next_up", words.next_up(&players[1], "с точкой", again));
    }
    say("go_on_then_hide", words.go_on_then_hide("Enter"));
    say("stroke_heading", words.stroke_heading(12));
    say("last_strokes", words.last_strokes().into());
    let replay = ReplayState {
        stroke: 2,
        strokes: 9,
        t: 1.5,
        speed: 0.5,
        paused: true,
        keys: [".", ",", "/", "-", "=", "I", "Escape"].map(String::from),
    };
    say("replay_status", words.replay_status(&replay));
    say("break_choice_title", words.break_choice_title(&players[0]));
    say("ball_for_the_game", words.ball_for_the_game(&players[1]));
    say("won_the_lag", words.won_the_lag(&players[0]));
    say("spotting_title", words.spotting_title().into());
    say("spotting_order", words.spotting_order().into());
    say("confirm_restore", words.confirm_restore("U"));
    say("confirm_leave", words.confirm_leave("Escape"));
    say(
        "diagram_saved",
        words.diagram_saved(Path::new("/home/anna/stroke-3.svg")),
    );
    say("no_stroke_to_save", words.no_stroke_to_save().into());

    for key in [
        "Enter",
        "KeyU",
        "ShiftLeft",
        "BracketRight",
        "ArrowUp",
        "Space",
    ] {
        say("key", words.key(key));
    }
    for button in ["Left", "Right", "Middle"] {
        say("mouse_button", words.mouse_button(button));
    }
    for action in config.controls.bindings.keys() {
        say("action", words.action(*action).into());
    }
    say("controls_heading", words.controls_heading().into());
    for seat in [
        Seat::Named(players[0].clone()),
        Seat::Unnamed(1),
        Seat::ComputerLagger,
        Seat::Ghost,
    ] {
        say("seat", words.seat(&seat));
    }
    for refusal in [SetUpRefusal::BallsWouldTouch, SetUpRefusal::NotAWhite] {
        say("set_up_refusal", words.set_up_refusal(&refusal));
    }

    let (title, subtitle) = words.menu_title();
    say("menu_title", format!("{title}\n{subtitle}"));
    say(
        "menu_hint",
        words.menu_hint(
            &arrows("ArrowUp", "ArrowDown"),
            &arrows("ArrowLeft", "ArrowRight"),
            "Enter",
            "F2",
        ),
    );
    for label in [
        MenuLabel::Language,
        MenuLabel::Mode,
        MenuLabel::Game,
        MenuLabel::Table,
        MenuLabel::Target,
        MenuLabel::InningsLimit,
        MenuLabel::Player(None),
        MenuLabel::Player(Some(1)),
        MenuLabel::Settings,
        MenuLabel::Records,
        MenuLabel::Online,
        MenuLabel::Start,
        MenuLabel::Resume,
        MenuLabel::ShotClock,
        MenuLabel::ClubNight,
    ] {
        say("menu_label", words.menu_label(label));
    }
    say("versus", words.versus(&players));
    say("settings_button", words.settings_button().into());
    say("records_button", words.records_button().into());
    say("records_title", words.records_title().into());
    for (result, innings) in [
        (crate::play::profiles::MatchResult::Won, 1),
        (crate::play::profiles::MatchResult::Drawn, 23),
    ] {
        let record = crate::play::profiles::MatchRecord {
            ended_s: 1_796_384_983,
            game: "three_cushion".into(),
            opponents: vec![players[1].clone()],
            points: 7,
            target: 15,
            innings,
            high_run: 3,
            result,
        };
        say("profile_match", words.profile_match(&record));
    }
    say(
        "records_hint",
        words.records_hint(&arrows("ArrowLeft", "ArrowRight"), "Escape"),
    );
    say(
        "records_empty",
        words.records_empty("/home/anna/.local/share/carom/positions"),
    );
    let versus = words.versus(&players);
    for offer in [
        ResumeOffer::Ready {
            players: &versus,
            strokes: 21,
        },
        ResumeOffer::Finished { players: &versus },
        ResumeOffer::Nothing,
        ResumeOffer::Unreadable,
    ] {
        say("resume_offer", words.resume_offer(&offer));
    }
    for note in [MenuNote::SavedMatchOver, MenuNote::NoSavedMatch] {
        say("menu_note", words.menu_note(&note));
    }
    for mode in Mode::ALL {
        say("mode", words.mode(mode).into());
    }
    say(
        "table_condition",
        words.table_condition("турнирный", None, 3.59),
    );
    say(
        "table_condition",
        words.table_condition("турнирный", Some("Старое сукно"), 3.34),
    );
    for limit in [None, Some(1), Some(22), Some(25)] {
        say("innings_limit", words.innings_limit(limit));
    }
    for entry in [
        PlayerEntry::Empty,
        PlayerEntry::Person {
            name: &players[0],
            caret: "_",
        },
        PlayerEntry::Computer {
            name: &players[1],
            caret: "",
            level: Some("Мастер"),
        },
    ] {
        say("player_entry", words.player_entry(&entry));
    }
    say("default_player", words.default_player(1));
    say("settings_title", words.settings_title().into());
    for setting in SETTINGS {
        say("setting", words.setting(setting).into());
    }
    for value in [
        SettingValue::OnOff(true),
        SettingValue::OnOff(false),
        SettingValue::Graphics(GraphicsChoice::Low),
        SettingValue::Graphics(GraphicsChoice::High),
        SettingValue::Graphics(GraphicsChoice::Custom),
        SettingValue::Multisampling(true),
        SettingValue::Lighting {
            full: true,
            slow_here: true,
        },
        SettingValue::Lighting {
            full: false,
            slow_here: false,
        },
        SettingValue::Percent(0.5),
        SettingValue::FullScreen(true),
        SettingValue::Muted(false),
        SettingValue::WithinMm(100.0),
        SettingValue::SpeedOff(0.05),
        SettingValue::ShownFor(3.0),
        SettingValue::Camera(CameraChoice::Behind),
        SettingValue::Camera(CameraChoice::Top),
        SettingValue::Camera(CameraChoice::Orbit),
        SettingValue::Camera(CameraChoice::Follow),
        SettingValue::Balls(BallStyle::Yellow),
    ] {
        say("setting_value", words.setting_value(&value));
    }
    say("keys_heading", words.keys_heading("config/controls.ron"));
    say(
        "settings_hint",
        words.settings_hint(
            &arrows("ArrowUp", "ArrowDown"),
            &arrows("ArrowLeft", "ArrowRight"),
            "Escape",
        ),
    );

    say("rules_title", words.rules_title(game));
    for (targets, innings_limit, equalising_inning, usba) in [
        (Vec::new(), None, true, false),
        (
            vec![(players[0].as_str(), 25), (players[1].as_str(), 13)],
            Some(1),
            false,
            true,
        ),
        (Vec::new(), Some(50), true, false),
    ] {
        say(
            "match_terms",
            words
                .match_terms(&crate::words::MatchTerms {
                    target: 40,
                    targets,
                    innings_limit,
                    equalising_inning,
                    usba,
                })
                .join("\n"),
        );
    }
    for chose_low in [true, false] {
        say(
            "software_rendering",
            words.software_rendering("llvmpipe", chose_low),
        );
    }
    say(
        "rules_hint",
        words.rules_hint(
            &words.key("ArrowUp"),
            &words.key("ArrowDown"),
            "F2 / Escape",
        ),
    );
    let guide_keys = GuideKeys {
        aim: "A / D".into(),
        fine_aim: words.key("ShiftLeft"),
        power: "W / S".into(),
        tip: format!(
            "{} / {}",
            arrows("ArrowUp", "ArrowDown"),
            arrows("ArrowLeft", "ArrowRight")
        ),
        elevation: "R / F".into(),
        strike: "Space".into(),
        camera: "C".into(),
        go_on: "Enter".into(),
        help: "H / F1".into(),
        rules: "F2".into(),
        menu: "Escape".into(),
        safety: "X".into(),
        undo: "Z".into(),
        positions: "PageDown / PageUp".into(),
        drill: "J".into(),
        coach: "E".into(),
        take_stroke: "Enter".into(),
        lag_half: "M".into(),
        lag_opponent: "K".into(),
        move_ball: words.mouse_button("Left"),
        place_ball: "Tab".into(),
    };
    for guide in Guide::ALL {
        say("guide_title", words.guide_title(guide).into());
        say("guide", words.guide(guide, &guide_keys).join("\n"));
    }
    say("guide_hint", words.guide_hint("Enter / H", "H / F1"));
    club_night_sentences(words, &players, &mut say);
    out
}

/// The club night's words: formats, the shot clock, sets, the club night screen.
fn club_night_sentences(
    words: &dyn Words,
    players: &[String],
    say: &mut impl FnMut(&'static str, String),
) {
    use crate::diamond_systems::patterns::Pattern;
    use crate::play::tournament::{Draw, TournamentError};
    use crate::words::club_night::NightLine;
    let [a, b] = [players[0].as_str(), players[1].as_str()];
    let change = format!("{} / {}", words.key("ArrowLeft"), words.key("ArrowRight"));
    say(
        "game_in_format",
        words.game_in_format(game_name(words), game_name(words)),
    );
    for seconds in [None, Some(35)] {
        say("practice_clock", words.practice_clock(seconds));
    }
    for time_out in [false, true] {
        say("shot_clock", words.shot_clock(23.4, time_out));
    }
    say("time_outs", words.time_outs(3, "F4"));
    say("set_heading", words.set_heading(2));
    say(
        "practice_patterns",
        words.practice_patterns(
            game_name(words),
            &[
                (words.pattern(Pattern::Umbrella), 3, 7),
                (words.pattern(Pattern::Bricole), 0, 1),
            ],
        ),
    );
    for (reached, short_of, off) in [
        (Some("Клуб 0,5"), Some("Лига 0,75"), false),
        (None, Some("Новичок 0,15"), true),
        (Some("Мастер 1,4"), None, false),
        (None, None, false),
    ] {
        let last = crate::words::ExamTaken {
            made: 23,
            attempts: 60,
            reached,
            short_of,
            off_the_fitted_table: off,
        };
        say(
            "exam_history",
            words.exam_history("Экзамен по трёхбортному", &last, 3, 27),
        );
    }
    for deciding in [false, true] {
        say("sets_line", words.sets_line(5, 3, &[2, 2], deciding));
    }
    let problems = [
        TournamentError::Entrants(1),
        TournamentError::SameName(a.to_owned()),
        TournamentError::NotNext,
        TournamentError::NoWinner,
    ];
    let mut lines = vec![
        NightLine::Title {
            format: game_name(words),
            draw: Draw::RoundRobin,
        },
        NightLine::Entrant {
            name: a,
            level: None,
            target: 25,
        },
        NightLine::Entrant {
            name: b,
            level: Some(b),
            target: 12,
        },
        NightLine::AddPlayer,
        NightLine::DrawRow(Draw::KnockOut),
        NightLine::HandicapRow(true),
        NightLine::HandicapRow(false),
        NightLine::Begin,
        NightLine::SetupKeys {
            change: &change,
            remove: "Delete",
            menu: "Escape",
        },
        NightLine::Next {
            players: [a, b],
            targets: [30, 25],
        },
        NightLine::Resume { players: [a, b] },
        NightLine::Winner(a),
        NightLine::OnAverage,
        NightLine::Results("/home/anna/club-night-results.html"),
        NightLine::NightKeys {
            play: Some("Enter"),
            end: "Delete",
            menu: "Escape",
        },
        NightLine::NightKeys {
            play: None,
            end: "Delete",
            menu: "Escape",
        },
        NightLine::EndArmed,
        NightLine::BackToNight("Enter"),
        NightLine::Round(2),
        NightLine::Bracketed {
            players: [a, b],
            winner: Some(a),
        },
    ];
    lines.extend(problems.iter().map(NightLine::Problem));
    for line in &lines {
        say("night_line", words.night_line(line));
    }
}

/// The game's name in the language of `words`.
fn game_name(words: &dyn Words) -> &'static str {
    if std::ptr::addr_eq(words, &Russian as &dyn Words) {
        "Трёхбортный карамболь"
    } else {
        "Three-cushion"
    }
}

fn keys_clone(keys: &LagKeys) -> LagKeys {
    LagKeys {
        power_up: keys.power_up.clone(),
        power_down: keys.power_down.clone(),
        ready: keys.ready.clone(),
        strike: keys.strike.clone(),
        opponent: keys.opponent.clone(),
        other_half: keys.other_half.clone(),
    }
}

/// A position's name in the language of `words`.
fn named_in<'a>(words: &dyn Words, position: &'a Position) -> &'a str {
    use crate::config::Translated;
    let code = if std::ptr::addr_eq(words, &Russian as &dyn Words) {
        "ru"
    } else {
        "en"
    };
    position.name_in(code)
}

const SETTINGS: [Setting; 21] = [
    Setting::Language,
    Setting::Quality,
    Setting::Shadows,
    Setting::AntiAliasing,
    Setting::Lighting,
    Setting::DepthPrepass,
    Setting::Resolution,
    Setting::Window,
    Setting::Volume,
    Setting::Mute,
    Setting::AimAids,
    Setting::AimAidsInMatches,
    Setting::PredictedPath,
    Setting::LagBand,
    Setting::LagSpread,
    Setting::ComputerVerdict,
    Setting::Camera,
    Setting::BallStyle,
    Setting::Cloth,
    Setting::FrameRate,
    Setting::Back,
];

/// The Latin words a Russian sentence may hold: key names as printed on the keys, file
/// names and paths, units and names that are the same in both languages.
const LATIN_ALLOWED: &[&str] = &[
    // Keys and buttons, as the controls name them.
    "Enter",
    "Space",
    "Tab",
    "Escape",
    "Shift",
    "PageUp",
    "PageDown",
    "Delete",
    "Backspace",
    "F1",
    "F2",
    "F4",
    "A",
    "D",
    "W",
    "S",
    "R",
    // Coordinates and formats.
    "y",
    "z",
    "SVG",
    // A field of the match file, named as it is written there.
    "strike",
    "F",
    "C",
    "H",
    "X",
    "Z",
    "J",
    "E",
    "M",
    "K",
    "U",
    "Y",
    "O",
    "I",
    "KeyU",
    // Fields of the files, named as they are written there (`ball_ball`, `final`,
    // `events[4]`, `t`, `at`, `break_setup`, `speed`), and the config's files.
    "ball",
    "final",
    "events",
    "t",
    "at",
    "break",
    "setup",
    "speed",
    "games",
    "tables",
    "computer",
    "formats",
    "physics",
    "set",
    "breakers",
    // File names, paths and formats.
    "config",
    "controls",
    "ron",
    "home",
    "anna",
    "local",
    "share",
    "carom",
    "match",
    "broken",
    "positions",
    "my",
    "svg",
    "stroke",
    "json",
    "html",
    "club",
    "night",
    "results",
    "balkline",
    "umbrella",
    "breaks",
    // Names and units written the same way in Russian texts.
    "Carom",
    "UMB",
    "BCA",
    "USBA",
    "llvmpipe",
    "fps",
    "MSAA",
];

fn latin_words(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
        .filter(|w| !LATIN_ALLOWED.contains(w))
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit() || c == 'x'))
        .collect()
}

/// Notes that are empty by design when there is nothing to note (a plain miss has no
/// sheet note); they must be empty in both languages for the same verdicts.
const MAY_BE_EMPTY: &[&str] = &["verdict_notes", "sheet_note"];

#[test]
fn every_sentence_of_both_languages_says_something() {
    for language in Language::ALL {
        let said = sentences(language.words());
        let empty: Vec<&str> = said
            .iter()
            .filter(|(method, text)| text.trim().is_empty() && !MAY_BE_EMPTY.contains(method))
            .map(|(method, _)| *method)
            .collect();
        assert!(empty.is_empty(), "{language:?}: empty text from {empty:?}");
        println!("{language:?}: {} sentences", said.len());
    }
    let english = sentences(&English);
    let russian = sentences(&Russian);
    assert_eq!(english.len(), russian.len());
    for method in MAY_BE_EMPTY {
        let notes = || {
            english
                .iter()
                .zip(&russian)
                .filter(|((m, _), _)| m == method)
        };
        assert!(
            notes().any(|((_, en), _)| !en.trim().is_empty()),
            "{method} never says anything"
        );
        for ((_, en), (_, ru)) in notes() {
            assert_eq!(
                en.trim().is_empty(),
                ru.trim().is_empty(),
                "{method}: {en:?} / {ru:?}"
            );
        }
    }
}

#[test]
fn each_error_displays_as_its_english_words() {
    let unknown = crate::config::UnknownKey::new(crate::config::Keyed::Game, "pool", ["a", "b"]);
    let judge = JudgeError::NotInPlay(BallId::Red2);
    assert_eq!(
        unknown.to_string(),
        English.trouble(Trouble::Unknown(&unknown))
    );
    assert_eq!(judge.to_string(), English.trouble(Trouble::Judge(&judge)));
    assert_eq!(
        judge.to_string(),
        "red2 is not in play in this game",
        "the English words of the model's errors are what their Display said before"
    );
    // Russian words each of them in Russian.
    let russian = every_trouble(&Russian);
    let english = every_trouble(&English);
    assert_eq!(russian.len(), english.len());
    for (ru, en) in russian.iter().zip(&english) {
        assert_ne!(ru, en, "not translated");
    }
}

#[test]
fn the_russian_has_no_english_in_it() {
    let said = sentences(&Russian);
    let english: Vec<String> = said
        .iter()
        .filter(|(_, text)| !latin_words(text).is_empty())
        .map(|(method, text)| format!("{method}: {:?} in {text:?}", latin_words(text)))
        .collect();
    assert!(english.is_empty(), "{}", english.join("\n"));
}

#[test]
fn russian_numbers_take_the_decimal_comma() {
    let said = sentences(&Russian);
    let point = |text: &str| {
        let chars: Vec<char> = text.chars().collect();
        chars
            .windows(3)
            .any(|w| w[0].is_ascii_digit() && w[1] == '.' && w[2].is_ascii_digit())
    };
    let with_points: Vec<String> = said
        .iter()
        .filter(|(_, text)| point(text))
        .map(|(method, text)| format!("{method}: {text:?}"))
        .collect();
    assert!(with_points.is_empty(), "{}", with_points.join("\n"));
    assert!(point(&English.average(0.714)));
}

#[test]
fn english_says_one_inning_and_many_innings() {
    assert_eq!(English.innings_limit(Some(1)), "1 inning");
    assert_eq!(English.innings_limit(Some(50)), "50 innings");
    assert_eq!(English.points(1), "1 point");
}

#[test]
fn russian_plurals_agree_with_their_number() {
    let cases = [
        (1, "1 очко"),
        (2, "2 очка"),
        (5, "5 очков"),
        (11, "11 очков"),
        (21, "21 очко"),
        (22, "22 очка"),
        (25, "25 очков"),
    ];
    for (n, said) in cases {
        assert_eq!(Russian.points(n), said);
    }
    let innings = [
        (1, "1 подход"),
        (2, "2 подхода"),
        (5, "5 подходов"),
        (11, "11 подходов"),
        (21, "21 подход"),
        (22, "22 подхода"),
        (25, "25 подходов"),
    ];
    for (n, said) in innings {
        let text = Russian.innings_limit(Some(n));
        assert!(text.contains(said), "{n}: {text}");
    }
}

/// The coach names patterns as the bundled positions do (issue 24).
#[test]
fn each_bundled_three_cushion_position_is_named_after_its_strokes_pattern() {
    use crate::config::Translated;
    use crate::diamond_systems::patterns;
    use crate::play::positions::load_folder;
    use crate::table::TableGeometry;
    let config = Config::defaults();
    let dir = crate::test_support::repo("config/positions");
    let (positions, errors) = load_folder(&dir);
    assert!(errors.is_empty(), "{errors:?}");
    let mut checked = 0;
    for (path, position) in positions.iter().filter(|(_, p)| p.game == "three_cushion") {
        let table =
            TableGeometry::new(&config.tables, position.table.as_deref(), &config.balls).unwrap();
        let mut sim = TableSim::new(&config, table);
        let lay_out: Vec<_> = position
            .balls
            .iter()
            .map(|b| (b.ball, DVec2::new(b.x, b.y)))
            .collect();
        sim.place(&lay_out).unwrap();
        let stroke = position.stroke.expect("a bundled position has its stroke");
        sim.strike(&[stroke], None).unwrap();
        let record = sim.run_to_rest();
        let pattern = patterns::recognise(&patterns::route(&record, position.cue_ball));
        println!("{}: {pattern:?}", path.display());
        for language in Language::ALL {
            let words = language.words();
            let name = position.name_in(language.code()).to_lowercase();
            assert!(
                name.contains(words.pattern(pattern)),
                "{}: \"{name}\" does not name its pattern, {}",
                path.display(),
                words.pattern(pattern)
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "{checked} positions");
}
