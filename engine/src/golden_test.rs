//! The safety net for re-cutting the table's modes: fixed strokes played through the
//! whole stack — every bundled practice position's stroke, a scripted three-cushion
//! match from the lag to its end, the example shot and match files — their records,
//! verdicts and score sheets written as the command line's JSON, hashed, and the hash
//! compared with the one stored in `tests/golden/determinism.txt`. A change that means
//! to alter them writes the new hash with `CAROM_BLESS=1 cargo test golden`.

use crate::cli::{ShotSpec, json};
use crate::config::Config;
use crate::play::positions::load_folder;
use crate::play::tests::roll;
use crate::play::{Command, MatchSettings, Mode, Phase, Play};
use crate::shot::{BallId, Stroke};
use crate::test_support::{fnv1a, repo};

/// Each bundled position's stroke, its paths sampled for diagrams.
fn positions(config: &Config, out: &mut String) {
    let (positions, errors) = load_folder(&repo("config/positions"));
    assert!(errors.is_empty(), "{errors:?}");
    for (path, position) in positions {
        // Set up and struck as `carom sim` does a shot file.
        let spec = ShotSpec {
            table: position.table,
            balls: position.balls,
            stroke: position.stroke,
            launch: None,
            cue_ball: None,
            sample_hz: None,
            game: None,
        };
        let record = spec
            .start(config, Some(crate::diagram::DIAGRAM_SAMPLE_HZ))
            .unwrap()
            .run_to_rest();
        let name = path.file_name().unwrap().to_string_lossy();
        let sim = json::Sim {
            record: &record,
            verdict: None,
        };
        out.push_str(&format!(
            "{name} {}\n",
            serde_json::to_string(&sim).unwrap()
        ));
    }
}

/// A hot-seat three-cushion match to 2 from the lag: a fixed list of strokes played in
/// turn, each stroke's record and verdict and the sheet after it.
fn scripted_match(config: &Config, out: &mut String) {
    let settings = MatchSettings {
        mode: Mode::Match,
        game: "three_cushion".into(),
        target: 2,
        players: vec!["Ann".into(), "Bob".into()],
        ..MatchSettings::defaults(config, Vec::new())
    };
    let mut play = Play::new(config, settings, None);
    play.apply(Command::LagReady(Stroke::new(BallId::White, 0.0, 1.6)));
    play.apply(Command::LagReady(Stroke::new(BallId::Dotted, 0.0, 0.3)));
    roll(&mut play);
    play.apply(Command::Continue);
    play.apply(Command::ChooseBreak {
        break_it: true,
        ball: BallId::White,
    });
    play.apply(Command::Continue);
    for k in 0..40 {
        if play.phase() == Phase::GameOver {
            break;
        }
        assert_eq!(play.phase(), Phase::Aiming, "stroke {k}");
        let stroke = Stroke {
            side: [0.0, 0.3, -0.3][k % 3],
            height: [0.2, -0.2, 0.0, 0.4][k % 4],
            ..Stroke::new(
                play.cue_ball(),
                (k as f64 * 47.0) % 360.0,
                1.5 + (k % 5) as f64,
            )
        };
        play.apply(Command::Strike(stroke));
        roll(&mut play);
        let record = play.last_stroke().expect("a stroke played is recorded");
        let sim = json::Sim {
            record,
            verdict: play.last_verdict().map(json::Verdict::from),
        };
        out.push_str(&format!(
            "stroke {k} {}\n",
            serde_json::to_string(&sim).unwrap()
        ));
        out.push_str(&format!(
            "sheet {k} {}\n",
            json::sheet(&play.sheet().unwrap())
        ));
        for _ in 0..4 {
            if matches!(play.phase(), Phase::Aiming | Phase::GameOver) {
                break;
            }
            play.apply(Command::Continue);
        }
    }
    out.push_str(&format!("over {}\n", play.phase() == Phase::GameOver));
}

/// What `carom sim --json` and `carom referee --json` print for the example files.
fn example_files(config: &Config, out: &mut String) {
    let mut printed = Vec::new();
    crate::cli::sim(
        config,
        &repo("docs/umbrella-shot.ron"),
        true,
        None,
        &mut printed,
    )
    .unwrap();
    for file in [
        "tests/data/three_cushion_match.json",
        "tests/data/short_match.ron",
    ] {
        crate::cli::referee(config, &repo(file), true, &mut printed).unwrap();
    }
    out.push_str(&String::from_utf8(printed).unwrap());
}

#[test]
fn golden_records_verdicts_and_sheets_hash_to_the_stored_value() {
    let config = Config::defaults();
    let mut out = String::new();
    positions(&config, &mut out);
    scripted_match(&config, &mut out);
    example_files(&config, &mut out);
    let hash = format!("{:016x}", fnv1a(out.as_bytes()));
    let stored_at = repo("tests/golden/determinism.txt");
    let strokes = out.lines().filter(|l| l.starts_with("stroke ")).count();
    println!(
        "{} lines ({strokes} strokes of the match, {}) hash to {hash}",
        out.lines().count(),
        out.lines().find(|l| l.starts_with("over ")).unwrap_or("?")
    );
    if std::env::var_os("CAROM_BLESS").is_some() {
        std::fs::write(&stored_at, format!("{hash}\n")).unwrap();
    }
    let stored = std::fs::read_to_string(&stored_at).unwrap_or_default();
    assert_eq!(
        hash,
        stored.trim(),
        "the records, verdicts or sheets changed ({} lines); bless with CAROM_BLESS=1 only if that was meant",
        out.lines().count()
    );
}

#[test]
fn the_hash_tells_a_changed_byte() {
    assert_ne!(fnv1a(b"stroke 1 0.5"), fnv1a(b"stroke 1 0.6"));
    assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
}
