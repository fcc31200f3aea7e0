//! The command line, run as the built binary: `carom referee` replays recorded matches
//! and prints their score sheets; `carom sim` plays one stroke headless; `carom
//! check-config` judges config folders; `carom bench` and `--help` answer. (One file for
//! every CLI test: each test file links all of Bevy.)

#[path = "cli/online.rs"]
mod online;
#[path = "cli/online_faults.rs"]
mod online_faults;

use carom::shot::Stroke;
use carom::test_support::fresh_dir;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `carom ARGS` in the package root: (success, stdout, stderr). In English
/// (`LC_ALL=C`) whatever the machine's locale, unless `--lang` says otherwise.
fn carom(args: &[&str]) -> (bool, String, String) {
    carom_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// Runs `carom ARGS` in the folder `dir`, as `carom` does.
fn carom_in(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_carom"))
        .args(args)
        .env("LC_ALL", "C")
        .current_dir(dir)
        .output()
        .expect("the carom binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The hand-written three-cushion match: Anna (white) breaks against Boris (dotted),
/// to 5 points with an equalising inning.
const MATCH: &str = "tests/data/three_cushion_match.json";

/// One stroke of the expected score sheet.
struct Expected {
    shooter: &'static str,
    points: u64,
    fouls: &'static [u64],
    inning_over: bool,
    spot: &'static [(&'static str, &'static str)],
    warnings: usize,
}

const fn stroke(
    shooter: &'static str,
    points: u64,
    fouls: &'static [u64],
    inning_over: bool,
) -> Expected {
    Expected {
        shooter,
        points,
        fouls,
        inning_over,
        spot: &[],
        warnings: 0,
    }
}

const ANNA: &str = "Anna";
const BORIS: &str = "Boris";

/// What the referee must say about each stroke of `MATCH`, and why.
const EXPECTED: [Expected; 23] = [
    stroke(ANNA, 1, &[], false), // 0 break: red first, three cushions, dotted
    stroke(ANNA, 0, &[], true),  // 1 only two cushions before the second ball
    stroke(BORIS, 1, &[], false), // 2 a count
    stroke(BORIS, 0, &[13], true), // 3 the tip touched the ball again
    stroke(ANNA, 1, &[], false), // 4 a count
    Expected {
        spot: &[("red", "foot")], // 5 a count; the red jumped: rule 21, no foul
        ..stroke(ANNA, 1, &[], false)
    },
    stroke(ANNA, 0, &[], true),    // 6 only the red
    stroke(BORIS, 0, &[25], true), // 7 safety right after his foul
    stroke(ANNA, 0, &[], true),    // 8 a legal safety
    stroke(BORIS, 0, &[14], true), // 9 push: 4 ms of tip contact
    stroke(ANNA, 0, &[], false),   // 10 outside interference: play again
    stroke(ANNA, 0, &[24], true),  // 11 a second safety in a row
    stroke(BORIS, 1, &[], false),  // 12 a count
    Expected {
        spot: &[("dotted", "foot")], // 13 jumped cue ball; head spot taken by the white
        ..stroke(BORIS, 0, &[15], true)
    },
    stroke(ANNA, 0, &[10], true), // 14 played while the red rolled
    stroke(BORIS, 1, &[], false), // 15 a count
    stroke(BORIS, 1, &[], false), // 16 a count
    stroke(BORIS, 0, &[], true),  // 17 the red only
    Expected {
        warnings: 1, // 18 intentional foul: a rule-12 foul and a warning (rule 18)
        ..stroke(ANNA, 0, &[12], true)
    },
    stroke(BORIS, 0, &[17], true), // 19 scooped jump over the red
    stroke(ANNA, 1, &[], false),   // 20 a count
    stroke(ANNA, 1, &[], true),    // 21 the fifth point: Boris has his equalising inning
    stroke(BORIS, 0, &[], true),   // 22 the white only: game over
];

#[test]
fn three_cushion_match_json_score_sheet() {
    let (ok, stdout, stderr) = carom(&["referee", MATCH, "--json"]);
    assert!(ok, "{stderr}");
    let sheet: Value = serde_json::from_str(&stdout).expect("JSON on stdout");
    let strokes = sheet["strokes"].as_array().expect("a list of strokes");
    assert_eq!(strokes.len(), EXPECTED.len());
    for (i, (got, want)) in strokes.iter().zip(&EXPECTED).enumerate() {
        let keys: Vec<&str> = got
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(
            sorted,
            [
                "fouls",
                "game_over",
                "index",
                "inning_over",
                "points",
                "shooter",
                "spot",
                "voided",
                "warnings"
            ],
            "stroke {i}"
        );
        assert_eq!(got["index"], i, "stroke {i}");
        assert_eq!(got["shooter"], want.shooter, "stroke {i}");
        assert_eq!(got["points"], want.points, "stroke {i}");
        let fouls: Vec<u64> = got["fouls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["rule"].as_u64().unwrap())
            .collect();
        assert_eq!(fouls, want.fouls, "stroke {i}: {}", got["fouls"]);
        assert!(
            got["fouls"]
                .as_array()
                .unwrap()
                .iter()
                .all(|f| !f["reason"].as_str().unwrap().is_empty())
        );
        assert_eq!(got["inning_over"], want.inning_over, "stroke {i}");
        let spot: Vec<(&str, &str)> = got["spot"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["ball"].as_str().unwrap(), s["spot"].as_str().unwrap()))
            .collect();
        assert_eq!(spot, want.spot, "stroke {i}");
        assert_eq!(
            got["warnings"].as_array().unwrap().len(),
            want.warnings,
            "stroke {i}"
        );
        assert_eq!(got["game_over"], i == EXPECTED.len() - 1, "stroke {i}");
        // Rule 22: only the disturbed stroke is voided.
        assert_eq!(got["voided"], i == 10, "stroke {i}");
    }
    assert_eq!(strokes[18]["warnings"][0]["rule"], 18);
    let score = sheet["score"].as_array().unwrap();
    assert_eq!(score.len(), 2);
    for (line, (player, points, innings, high_run)) in
        score.iter().zip([(ANNA, 5, 7, 2), (BORIS, 4, 7, 2)])
    {
        assert_eq!(line["player"], player);
        assert_eq!(line["points"], points, "{player}");
        assert_eq!(line["innings"], innings, "{player}");
        assert_eq!(line["high_run"], high_run, "{player}");
        let average = line["average"].as_f64().unwrap();
        assert!(
            (average - points as f64 / innings as f64).abs() < 1e-12,
            "{player}: {average}"
        );
    }
    assert_eq!(sheet["winner"], ANNA);
    // The sheet inning by inning (worked out by hand from the strokes above): each
    // player's run and running total.
    let innings: Vec<(String, u64, u64, u64)> = sheet["innings"]
        .as_array()
        .expect("the innings")
        .iter()
        .map(|i| {
            (
                i["player"].as_str().unwrap().to_owned(),
                i["inning"].as_u64().unwrap(),
                i["run"].as_u64().unwrap(),
                i["total"].as_u64().unwrap(),
            )
        })
        .collect();
    let by_hand = [
        (ANNA, 1, 1, 1),
        (BORIS, 1, 1, 1),
        (ANNA, 2, 2, 3),
        (BORIS, 2, 0, 1),
        (ANNA, 3, 0, 3),
        (BORIS, 3, 0, 1),
        (ANNA, 4, 0, 3),
        (BORIS, 4, 1, 2),
        (ANNA, 5, 0, 3),
        (BORIS, 5, 2, 4),
        (ANNA, 6, 0, 3),
        (BORIS, 6, 0, 4),
        (ANNA, 7, 2, 5),
        (BORIS, 7, 0, 4),
    ]
    .map(|(p, n, run, total)| (p.to_owned(), n, run, total));
    assert_eq!(innings, by_hand);
}

#[test]
fn three_cushion_match_readable_score_sheet() {
    let (ok, stdout, stderr) = carom(&["referee", MATCH]);
    assert!(ok, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        "Three-cushion: 5 points, 50 innings, equalising inning"
    );
    assert_eq!(lines[1], "Anna breaks with white.");
    let stroke_line = |i: usize| {
        let prefix = format!("{i:>4}  ");
        *lines
            .iter()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no line for stroke {i}:\n{stdout}"))
    };
    assert!(
        stroke_line(0).starts_with("   0  Anna    white     1  carom"),
        "{}",
        stroke_line(0)
    );
    assert!(
        stroke_line(1)
            .contains("no count: 2 cushions before the second ball, 3 needed; inning over")
    );
    assert!(stroke_line(3).contains("FOUL, rule 13:"));
    assert!(stroke_line(5).contains("red spotted on the foot spot"));
    assert!(stroke_line(10).contains("(rule 22)"));
    assert!(
        stroke_line(13).contains("FOUL, rule 15:")
            && stroke_line(13).contains("dotted spotted on the foot spot (head occupied)")
    );
    assert!(stroke_line(17).contains("no count: the cue ball touched only red"));
    assert!(
        stroke_line(19)
            .contains("scooped jump: struck 0.50 R below centre, the cue ball jumped over red")
    );
    assert!(stroke_line(18).contains("WARNING, rule 18:"));
    assert!(
        stroke_line(21)
            .contains("target reached: the rest of the round plays its equalising inning")
    );
    assert!(stroke_line(22).ends_with("game over"));
    assert!(
        stdout.contains("\nAnna         5        7         2    0.714\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\nBoris        4        7         2    0.571\n"),
        "{stdout}"
    );
    assert!(stdout.contains("\nWinner: Anna\n"), "{stdout}");
    // Inning by inning first, then stroke by stroke.
    let inning = |n: usize| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("{n:>6}  ")))
            .unwrap_or_else(|| panic!("no inning {n}:\n{stdout}"))
            .split_whitespace()
            .skip(1)
            .collect::<Vec<_>>()
    };
    assert_eq!(inning(1), ["1", "1", "1", "1"]);
    assert_eq!(inning(2), ["2", "3", "0", "1"]);
    assert_eq!(inning(5), ["0", "3", "2", "4"]);
    assert_eq!(inning(7), ["2", "5", "0", "4"]);
    assert!(
        stdout.find("\ninning").unwrap() < stdout.find("Stroke by stroke").unwrap(),
        "{stdout}"
    );
}

#[test]
fn the_score_sheet_reads_in_russian_and_its_json_in_every_language_alike() {
    let (ok, stdout, stderr) = carom(&["--lang", "ru", "referee", MATCH]);
    assert!(ok, "{stderr}");
    for line in [
        "Трёхбортный карамболь: до 5 очков, не более 50 подходов, уравнивающий подход",
        "Anna начинает партию белым шаром.",
        "Anna      5        7             2    0,714",
        "Победитель: Anna",
    ] {
        assert!(stdout.lines().any(|l| l == line), "{line:?} in:\n{stdout}");
    }
    assert!(stdout.contains("ФОЛ, правило 13:"), "{stdout}");
    let (_, english, _) = carom(&["referee", MATCH, "--json"]);
    let (ok, russian, stderr) = carom(&["--lang", "ru", "referee", MATCH, "--json"]);
    assert!(ok, "{stderr}");
    assert_eq!(russian, english);
}

#[test]
fn a_ron_match_file_is_read_like_json() {
    let (ok, stdout, stderr) = carom(&["referee", "tests/data/short_match.ron", "--json"]);
    assert!(ok, "{stderr}");
    let sheet: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(sheet["strokes"][0]["shooter"], BORIS);
    assert_eq!(sheet["strokes"][0]["fouls"][0]["rule"], 8);
    assert_eq!(sheet["strokes"][1]["points"], 1);
    assert_eq!(sheet["strokes"][1]["game_over"], true);
    assert_eq!(sheet["winner"], ANNA);
}

/// A PBA set match (formats.ron `pba_sets`) to 2 points a set: each set ends the moment
/// its points are made (no equalising inning), a bank shot counts two, a lag (the file's
/// `set_breakers`) gives each set its breaker, and a stroke the shot clock ran out on is
/// a foul that ends the inning.
const PBA_MATCH: &str = "tests/data/pba_set_match.json";

#[test]
fn a_pba_set_match_is_replayed_in_sets_with_bank_shots_and_the_shot_clock() {
    let (ok, stdout, stderr) = carom(&["referee", PBA_MATCH, "--json"]);
    assert!(ok, "{stderr}");
    let sheet: Value = serde_json::from_str(&stdout).unwrap();
    let strokes = sheet["strokes"].as_array().unwrap();
    let field = |i: usize, name: &str| strokes[i][name].clone();
    // The break: a bank shot, two points, the set's 2 made at once: set 1, Anna.
    assert_eq!(
        (field(0, "points"), field(0, "bank_shot")),
        (2.into(), true.into())
    );
    assert_eq!(field(0, "set"), 1);
    assert_eq!(field(0, "inning_over"), true);
    // No equalising inning: Boris's next stroke breaks set 2.
    assert_eq!(
        (field(1, "shooter"), field(1, "set")),
        (BORIS.into(), 2.into())
    );
    assert!(
        field(1, "bank_shot").is_null(),
        "a plain carom is no bank shot"
    );
    // The clock ran out on Anna: a foul under the format's shot clock, her inning over.
    assert_eq!(field(3, "fouls")[0]["rule"], "shot_clock");
    assert_eq!(
        (field(3, "points"), field(3, "inning_over")),
        (0.into(), true.into())
    );
    let sets = sheet["sets"].as_array().unwrap();
    let read: Vec<(&str, &str)> = sets
        .iter()
        .map(|s| {
            (
                s["breaker"].as_str().unwrap(),
                s["winner"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [(ANNA, ANNA), (BORIS, BORIS), (ANNA, ANNA), (BORIS, ANNA)]
    );
    assert_eq!(sheet["winner"], ANNA);
    let score = |i: usize, f: &str| sheet["score"][i][f].clone();
    assert_eq!((score(0, "sets"), score(1, "sets")), (3.into(), 1.into()));
    assert_eq!(
        (score(0, "points"), score(1, "points")),
        (6.into(), 2.into())
    );
    // The general rules' golden output has none of these fields.
    let (_, general, _) = carom(&["referee", MATCH, "--json"]);
    for name in ["\"sets\"", "\"set\"", "bank_shot"] {
        assert!(!general.contains(name), "{name} in a match without sets");
    }
    let (ok, text, stderr) = carom(&["referee", PBA_MATCH]);
    assert!(ok, "{stderr}");
    for line in [
        "Set 2, Boris breaks: 0 : 2",
        "bank shot",
        "set 4 won; game over",
    ] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
    // A set whose breaker the file does not name is refused where it starts.
    let mut value: Value =
        serde_json::from_str(&std::fs::read_to_string(PBA_MATCH).unwrap()).unwrap();
    value["set_breakers"] = serde_json::json!([1]);
    let err = refused("pba.json", &value.to_string());
    assert!(
        err.contains("strokes[5]") && err.contains("set_breakers"),
        "{err}"
    );
}

/// Writes `text` to a temporary match file and runs the referee on it: the error.
fn refused(name: &str, text: &str) -> String {
    let path = fresh_dir(&format!("referee-{name}")).join(name);
    std::fs::write(&path, text).unwrap();
    let (ok, stdout, stderr) = carom(&["referee", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert!(!ok, "{name} was accepted:\n{stdout}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stderr.starts_with(&format!("carom: {}", path.display())),
        "{stderr}"
    );
    stderr
}

#[test]
fn malformed_match_files_are_refused_naming_the_stroke_and_field() {
    let good = std::fs::read_to_string(format!("{}/{MATCH}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut value: Value = serde_json::from_str(&good).unwrap();

    let mut bad_event = value.clone();
    bad_event["strokes"][1]["events"][2]["kind"] = "cushoin".into();
    let err = refused("event.json", &bad_event.to_string());
    assert!(
        err.contains("strokes[1].events[2]: unknown variant `cushoin`"),
        "{err}"
    );

    let mut no_speed = value.clone();
    no_speed["strokes"][4]["events"][1]
        .as_object_mut()
        .unwrap()
        .remove("speed");
    let err = refused("speed.json", &no_speed.to_string());
    assert!(
        err.contains("strokes[4].events[1]: missing field `speed`"),
        "{err}"
    );

    let mut no_declaration = value.clone();
    no_declaration["strokes"][0]
        .as_object_mut()
        .unwrap()
        .remove("declared_safety");
    let err = refused("declaration.json", &no_declaration.to_string());
    assert!(
        err.contains("strokes[0]: missing field `declared_safety`"),
        "{err}"
    );

    let mut bad_final = value.clone();
    bad_final["strokes"][2]["final"]["red"]["x"] = "left".into();
    let err = refused("final.json", &bad_final.to_string());
    assert!(
        err.contains("strokes[2].final.red.x: invalid type"),
        "{err}"
    );

    let mut bad_call = value.clone();
    bad_call["strokes"][3]["calls"] = serde_json::json!(["foul"]);
    let err = refused("call.json", &bad_call.to_string());
    assert!(
        err.contains("strokes[3].calls[0]: unknown variant `foul`"),
        "{err}"
    );

    let mut red2 = value.clone();
    red2["strokes"][6]["events"][2]["b"] = "red2".into();
    let err = refused("red2.json", &red2.to_string());
    assert!(err.contains("strokes[6]: red2 is not in play"), "{err}");

    let mut too_long = value.clone();
    let last = too_long["strokes"][22].clone();
    too_long["strokes"].as_array_mut().unwrap().push(last);
    let err = refused("too-long.json", &too_long.to_string());
    assert!(
        err.contains("strokes[23]: the game is already over"),
        "{err}"
    );

    value["game"] = "snooker".into();
    let err = refused("game.json", &value.to_string());
    assert!(
        err.contains("game: no game \"snooker\" in games.ron"),
        "{err}"
    );

    let err = refused(
        "header.json",
        r#"{"game": "three_cushion", "players": ["A"], "target": 5, "breaker": 0, "breaker_ball": "red", "strokes": []}"#,
    );
    assert!(err.contains("breaker's ball is red"), "{err}");

    let err = refused("broken.json", "{\"game\": ");
    assert!(err.contains("line 1 column"), "{err}");

    let err = refused(
        "match.ron",
        "(game: \"three_cushion\", players: [\"A\"],, )",
    );
    assert!(err.contains("line 1 column"), "{err}");

    let err = refused("match.txt", "{}");
    assert!(err.contains("a match file is .json or .ron"), "{err}");

    // Rule 11: a stroke whose record does not end at rest is not a complete stroke.
    let mut no_rest = serde_json::from_str::<Value>(&good).unwrap();
    no_rest["strokes"][2]["events"]
        .as_array_mut()
        .unwrap()
        .retain(|e| e["kind"] != "rest");
    let err = refused("no-rest.json", &no_rest.to_string());
    assert!(
        err.contains("strokes[2]: the record does not end with every ball at rest")
            && err.contains("(rule 11)"),
        "{err}"
    );
}

#[test]
fn a_match_file_without_an_innings_limit_takes_the_games_and_null_means_none() {
    let good = std::fs::read_to_string(format!("{}/{MATCH}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let header = |value: &Value| {
        let path = temp_file("innings", "match.json", &value.to_string());
        let (ok, out, err) = carom(&["referee", path.to_str().unwrap()]);
        assert!(ok, "{err}");
        out.lines().next().unwrap().to_owned()
    };
    let mut value: Value = serde_json::from_str(&good).unwrap();
    assert!(value.get("innings_limit").is_none());
    // games.ron gives three-cushion 50 innings.
    assert!(header(&value).contains("50 innings"));
    value["innings_limit"] = Value::Null;
    assert!(header(&value).contains("no innings limit"));
    value["innings_limit"] = 30.into();
    assert!(header(&value).contains("30 innings"));
}

/// Writes `text` to a file of a fresh temporary folder and returns its path.
fn temp_file(tag: &str, name: &str, text: &str) -> PathBuf {
    let path = fresh_dir(&format!("cli-{tag}")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

const BREAK_BALLS: &str = "[(ball: White, x: -0.71, y: -0.1524), (ball: Dotted, x: -0.71, y: 0.0), (ball: Red, x: 0.71, y: 0.0)]";

#[test]
fn run_from_an_empty_folder_every_config_file_position_and_drill_is_built_in() {
    let empty = fresh_dir("cli-empty-folder");
    let (ok, out, err) = carom_in(&empty, &["check-config"]);
    assert!(ok, "{err}");
    for name in ["tables.ron", "games.ron", "controls.ron", "computer.ron"] {
        assert!(out.contains(&format!("ok  {name} (built-in)")), "{out}");
    }
    let files = |folder: &str| {
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(folder))
            .unwrap()
            .count()
    };
    let (positions, drills) = (files("config/positions"), files("config/drills"));
    assert!(
        out.contains(&format!(
            "ok  {positions} practice positions and {drills} drills (built-in)"
        )),
        "{out}"
    );
}

#[test]
fn the_games_saved_matches_of_every_version_and_phase_are_read_by_carom_referee() {
    // tests/data/saves: the game's own `match.json`, saved at each phase of a match by
    // each version of the save's format (`v1-*`: the first, which had no phase).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/saves");
    let mut versions = std::collections::BTreeSet::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in &files {
        let saved: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        versions.insert(saved["version"].as_u64().unwrap());
        let (ok, out, err) = carom(&["referee", path.to_str().unwrap(), "--json"]);
        assert!(ok, "{}: {err}", path.display());
        let sheet: Value = serde_json::from_str(&out).unwrap();
        let strokes = saved["strokes"].as_array().unwrap().len();
        assert_eq!(
            sheet["strokes"].as_array().unwrap().len(),
            strokes,
            "{}",
            path.display()
        );
        let (ok, out, _) = carom(&["referee", path.to_str().unwrap()]);
        assert!(ok && out.contains("Ann"), "{}: {out}", path.display());
    }
    let every: std::collections::BTreeSet<u64> =
        (1..=u64::from(carom::play::SAVE_VERSION)).collect();
    assert_eq!(versions, every, "a save of every version is kept");
}

#[test]
fn help_lists_the_subcommands() {
    let (ok, out, _) = carom(&["--help"]);
    assert!(ok);
    for sub in ["sim", "bench", "check-config", "referee", "sounds"] {
        assert!(out.contains(sub), "{out}");
    }
}

#[test]
fn a_headless_stroke_moves_the_red_ball() {
    // Aim from the white straight at the red on the foot spot.
    let aim = (0.1524f64).atan2(1.42).to_degrees();
    let shot = temp_file(
        "red",
        "shot.ron",
        &format!(
            "(balls: {BREAK_BALLS}, stroke: (ball: White, direction_deg: {aim}, speed: 3.0), sample_hz: 50)"
        ),
    );
    let (ok, out, err) = carom(&["sim", shot.to_str().unwrap(), "--json"]);
    assert!(ok, "{err}");
    let record: Value = serde_json::from_str(&out).unwrap();
    let red = &record["final"]["red"];
    let moved = (red["x"].as_f64().unwrap() - 0.71).hypot(red["y"].as_f64().unwrap());
    assert!(moved > 0.1, "the red moved {moved} m");
    let kinds: Vec<&str> = record["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.first(), Some(&"strike"));
    assert!(kinds.contains(&"ball_ball"), "{kinds:?}");
    assert_eq!(kinds.last(), Some(&"rest"));
    assert!(record["trajectories"]["white"].as_array().unwrap().len() > 10);
    assert!(record["duration"].as_f64().unwrap() > 1.0);
    // Without --json: the same stroke, readable.
    let (ok, text, _) = carom(&["sim", shot.to_str().unwrap()]);
    assert!(ok && text.contains("white meets red"), "{text}");
}

#[test]
fn the_same_shot_prints_the_same_bits() {
    let shot = temp_file(
        "bits",
        "shot.ron",
        &format!(
            "(balls: {BREAK_BALLS}, stroke: (ball: White, direction_deg: 8.0, speed: 6.0, side: 0.3, height: -0.2, elevation_deg: 12.0))"
        ),
    );
    let run = || carom(&["sim", shot.to_str().unwrap(), "--json"]).1;
    assert_eq!(run(), run());
}

#[test]
fn a_shot_that_names_a_game_gets_the_referees_verdict() {
    // The white runs straight into the gap between the red and the dotted, 2.5 mm
    // apart, and meets both at once: a count in straight rail, none in three-cushion
    // (no cushion), and a foul (rule 12) when the red is struck instead.
    let shot = |game: &str, ball: &str| {
        format!(
            "(balls: [(ball: White, x: -0.5, y: 0.0), (ball: Red, x: 0.0, y: 0.032), (ball: Dotted, x: 0.0, y: -0.032)], \
             stroke: (ball: {ball}, direction_deg: 0.0, speed: 2.0), game: \"{game}\")"
        )
    };
    let verdict = |tag: &str, text: String| {
        let path = temp_file(tag, "shot.ron", &text);
        let (ok, out, err) = carom(&["sim", path.to_str().unwrap(), "--json"]);
        assert!(ok, "{tag}: {err}");
        let record: Value = serde_json::from_str(&out).unwrap();
        let (ok, text, err) = carom(&["sim", path.to_str().unwrap()]);
        assert!(ok, "{tag}: {err}");
        (record["verdict"].clone(), text)
    };
    let (rail, text) = verdict("rail", shot("straight_rail", "White"));
    assert_eq!(rail["points"], 1, "{rail}");
    assert_eq!(rail["inning_over"], false, "{rail}");
    assert!(
        text.contains("referee (Straight rail): 1 point; carom"),
        "{text}"
    );
    let (three, _) = verdict("three", shot("three_cushion", "White"));
    assert_eq!(three["points"], 0, "{three}");
    assert_eq!(three["inning_over"], true, "{three}");
    assert_eq!(three["fouls"].as_array().map(Vec::len), Some(0), "{three}");
    let (red, _) = verdict("on-red", shot("three_cushion", "Red"));
    assert_eq!(red["fouls"][0]["rule"], 12, "{red}");
    // Without a game there is no verdict.
    let plain = temp_file(
        "plain",
        "shot.ron",
        &format!("(balls: {BREAK_BALLS}, stroke: (ball: White, direction_deg: 0.0, speed: 2.0))"),
    );
    let (_, out, _) = carom(&["sim", plain.to_str().unwrap(), "--json"]);
    assert!(!out.contains("verdict"), "{out}");
}

#[test]
fn a_broken_shot_file_is_refused_in_the_language_spoken() {
    let stroke = "stroke: (ball: White, direction_deg: 0.0, speed: 3.0)";
    let five = format!(
        "(balls: [(ball: White, x: 0.0, y: 0.0), (ball: Red, x: 0.3, y: 0.0), (ball: Dotted, x: 0.5, y: 0.0), (ball: Red2, x: 0.7, y: 0.0), (ball: White, x: 0.9, y: 0.0)], {stroke})"
    );
    let overlap =
        format!("(balls: [(ball: White, x: 0.0, y: 0.0), (ball: Red, x: 0.03, y: 0.0)], {stroke})");
    for (tag, text, russian, english) in [
        (
            "five",
            five,
            "в `balls` 5 шаров; допустимо от 1 до 4",
            "`balls` lists 5 balls",
        ),
        ("touching", overlap, "наложены", "overlap"),
    ] {
        let path = temp_file("shot-ru", &format!("{tag}.ron"), &text);
        let path = path.to_str().unwrap();
        let (ok, _, err) = carom(&["--lang", "ru", "sim", path]);
        assert!(
            !ok && err.contains(russian) && err.contains(path),
            "{tag}: {err}"
        );
        assert!(!err.contains(english), "{tag}: {err}");
        let (ok, _, err) = carom(&["sim", path]);
        assert!(!ok && err.contains(english), "{tag}: {err}");
    }
}

#[test]
fn bad_shots_are_refused_with_a_clear_message() {
    let stroke = "stroke: (ball: White, direction_deg: 0.0, speed: 3.0)";
    for (tag, text, expected) in [
        ("ball", format!("(balls: [(ball: Blue, x: 0.0, y: 0.0)], {stroke})"), "Blue"),
        (
            "overlap",
            format!("(balls: [(ball: White, x: 0.0, y: 0.0), (ball: Red, x: 0.03, y: 0.0)], {stroke})"),
            "overlap",
        ),
        ("off", format!("(balls: [(ball: White, x: 2.0, y: 0.0)], {stroke})"), "not on the bed"),
        (
            "fast",
            "(balls: [(ball: White, x: 0.0, y: 0.0)], stroke: (ball: White, direction_deg: 0.0, speed: 16.0))".into(),
            "up to 15 m/s",
        ),
        (
            "nan",
            "(balls: [(ball: White, x: 0.0, y: 0.0)], stroke: (ball: White, direction_deg: NaN, speed: 3.0))".into(),
            "finite",
        ),
        ("none", "(balls: [(ball: White, x: 0.0, y: 0.0)])".into(), "exactly one of `stroke` and `launch`"),
        (
            "follow",
            "(balls: [(ball: White, x: 0.0, y: 0.0)], stroke: (ball: White, direction_deg: 0.0, speed: 3.0, follow_through_mm: 400.0))".into(),
            "`follow_through_mm` is 400; allowed: 0 ..= 300",
        ),
        ("syntax", "(balls: [(ball: White, x: 0.0 y: 0.0)])".into(), "shot.ron:1:"),
        (
            "game",
            format!("(balls: {BREAK_BALLS}, {stroke}, game: \"snooker\")"),
            "`game`: no game \"snooker\" in games.ron; the games are: ",
        ),
        (
            "lay-out",
            format!("(balls: [(ball: White, x: 0.0, y: 0.0)], {stroke}, game: \"three_cushion\")"),
            "`balls`: Three-cushion is played with white, dotted, red; the lay-out has white",
        ),
        (
            "launch",
            "(balls: [(ball: White, x: 0.0, y: 0.0)], launch: (ball: White, vx: 1.0, vy: 0.0), game: \"three_cushion\")".into(),
            "`game` needs a `stroke`",
        ),
    ] {
        let shot = temp_file(tag, "shot.ron", &text);
        let (ok, _, err) = carom(&["sim", shot.to_str().unwrap()]);
        assert!(!ok, "{tag} was accepted");
        assert!(err.contains(expected), "{tag}: {err}");
        assert!(!err.contains("panicked"), "{tag}: {err}");
    }
}

#[test]
fn check_config_names_the_file_line_field_and_range() {
    let dir = temp_file(
        "config",
        "balls.ron",
        "(\n    diameter_mm: 65.0,\n    mass_g: 210.0,\n)",
    )
    .parent()
    .unwrap()
    .to_owned();
    let (ok, _, err) = carom(&["check-config", dir.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("balls.ron:2:"), "{err}");
    assert!(
        err.contains("`diameter_mm` is 65, outside its allowed range 61 ..= 62 mm (rule 1)"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    // The repository's own folder is valid, its positions and drills listed.
    let (ok, out, err) = carom(&["check-config", "config"]);
    assert!(ok, "{err}");
    assert!(out.contains("games.ron"), "{out}");
    assert!(out.contains("positions/umbrella.ron"), "{out}");
    assert!(out.contains("drills/breaks.ron"), "{out}");
    // A broken position, one of an unknown game and a drill naming a missing position
    // are each named with their place; the good ones are still listed.
    let dir = temp_file("config-practice", "notes.txt", "")
        .parent()
        .unwrap()
        .to_owned();
    let umbrella = std::fs::read_to_string("config/positions/umbrella.ron").unwrap();
    std::fs::create_dir_all(dir.join("positions")).unwrap();
    std::fs::write(dir.join("positions/good.ron"), &umbrella).unwrap();
    std::fs::write(dir.join("positions/broken.ron"), "(name: \"half\", game: ").unwrap();
    let snooker = umbrella.replace("game: \"three_cushion\"", "game: \"snooker\"");
    std::fs::write(dir.join("positions/snooker.ron"), snooker).unwrap();
    std::fs::create_dir_all(dir.join("drills")).unwrap();
    std::fs::write(
        dir.join("drills/missing.ron"),
        "(name: \"Missing\", game: \"three_cushion\", attempts: 1, positions: [\"nowhere\"])",
    )
    .unwrap();
    let (ok, out, err) = carom(&["check-config", dir.to_str().unwrap()]);
    assert!(!ok);
    assert!(out.contains("positions/good.ron"), "{out}");
    assert!(err.contains("3 file(s) cannot be used"), "{err}");
    assert!(err.contains("broken.ron:1:"), "{err}");
    assert!(err.contains("snooker.ron: `game`: "), "{err}");
    assert!(
        err.contains("missing.ron: Missing: no position \"nowhere\""),
        "{err}"
    );
    // Each in the language spoken.
    let (ok, _, err) = carom(&["--lang", "ru", "check-config", dir.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("нельзя использовать 3 файла"), "{err}");
    assert!(
        err.contains("snooker.ron: `game`: в games.ron нет игры «snooker»"),
        "{err}"
    );
    assert!(
        err.contains("missing.ron: Missing: нет позиции «nowhere»"),
        "{err}"
    );
}

#[test]
fn bench_reports_every_stroke_and_every_levels_decisions() {
    let (ok, out, err) = carom(&[
        "bench",
        "--repeats",
        "1",
        "--strokes",
        "50",
        "--decisions",
        "1",
    ]);
    assert!(ok, "{err}");
    for name in ["soft", "medium", "hard", "break", "lag"] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{out}");
    }
    let random = out
        .lines()
        .find(|l| l.starts_with("random"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        random.contains(" us ") && random.contains("of 50 seeded strokes"),
        "{random}"
    );
    for level in [
        "beginner", "amateur", "club", "league", "expert", "master", "world", "perfect",
    ] {
        let line = out
            .lines()
            .find(|l| l.starts_with(level))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(line.contains(" ms ") && line.contains('%'), "{line}");
    }
    assert!(out.contains("strokes/s"), "{out}");
}

/// A three-cushion position: the white to play, the balls in the open.
const POSITION: &str = "(
    balls: [
        (ball: White, x: -0.9, y: 0.15),
        (ball: Dotted, x: -0.9, y: 0.0),
        (ball: Red, x: 0.9, y: 0.0),
    ],
    cue_ball: White,
)";

#[test]
fn suggest_prints_a_stroke_that_carom_sim_plays_as_chosen() {
    let position = temp_file("suggest", "position.ron", POSITION);
    let (ok, out, err) = carom(&[
        "suggest",
        position.to_str().unwrap(),
        "--game",
        "three_cushion",
        "--level",
        "perfect",
        "--json",
    ]);
    assert!(ok, "{err}");
    let suggestion: Value = serde_json::from_str(&out).unwrap();
    let stroke = &suggestion["stroke"];
    for field in [
        "ball",
        "direction_deg",
        "speed",
        "side",
        "height",
        "elevation_deg",
    ] {
        assert!(!stroke[field].is_null(), "{field} in {out}");
    }
    assert!(suggestion["evaluated"].as_u64().unwrap() > 1000, "{out}");
    assert!(suggestion["ms"].as_f64().unwrap() > 0.0, "{out}");
    assert_eq!(suggestion["p_score"].as_f64(), Some(1.0), "{out}");
    // The stroke written into the shot file in place of `cue_ball`.
    let shot = POSITION.replace(
        "cue_ball: White,",
        &format!(
            "game: \"three_cushion\", stroke: {},",
            ron::to_string(&serde_json::from_value::<Stroke>(stroke.clone()).unwrap()).unwrap()
        ),
    );
    let shot = temp_file("suggested", "shot.ron", &shot);
    let (ok, out, err) = carom(&["sim", shot.to_str().unwrap(), "--json"]);
    assert!(ok, "{err}");
    let played: Value = serde_json::from_str(&out).unwrap();
    assert!(played["verdict"]["points"].as_u64().unwrap() > 0, "{out}");
    // Text, with the coach's level.
    let (ok, out, err) = carom(&[
        "suggest",
        position.to_str().unwrap(),
        "--game",
        "straight_rail",
    ]);
    assert!(ok, "{err}");
    let config = carom::config::Config::defaults();
    let coach = config.computer.level(&config.computer.coach).unwrap();
    assert!(out.starts_with(&format!("{}: ", coach.name)), "{out}");
}

#[test]
fn suggest_refuses_what_it_cannot_play_naming_the_file_and_what_is_allowed() {
    let position = temp_file("suggest-bad", "position.ron", POSITION);
    let path = position.to_str().unwrap();
    for (args, expected) in [
        (vec!["suggest", path], "no game: give `--game GAME`"),
        (vec!["suggest", path, "--game", "snooker"], "`game`: "),
        (
            vec!["suggest", path, "--game", "three_cushion", "--level", "god"],
            "no computer level \"god\" in computer.ron; there are: beginner, amateur",
        ),
    ] {
        let (ok, _, err) = carom(&args);
        assert!(!ok, "{args:?}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let no_ball = temp_file(
        "suggest-no-ball",
        "position.ron",
        &POSITION.replace("cue_ball: White,", ""),
    );
    let (ok, _, err) = carom(&[
        "suggest",
        no_ball.to_str().unwrap(),
        "--game",
        "three_cushion",
    ]);
    assert!(!ok);
    assert!(
        err.contains("position.ron: a position names the ball to play"),
        "{err}"
    );
    // A position is not a shot: `carom sim` says what to do with it.
    let (ok, _, err) = carom(&["sim", path]);
    assert!(!ok);
    assert!(err.contains("`carom suggest` chooses its stroke"), "{err}");
}

#[test]
fn a_bad_computer_level_is_named_with_its_line_and_what_is_allowed() {
    let computer = include_str!("../config/computer.ron").replacen("scan: 2500,", "scan: 0,", 1);
    assert_ne!(computer, include_str!("../config/computer.ron"));
    let dir = temp_file("computer-level", "computer.ron", &computer)
        .parent()
        .unwrap()
        .to_owned();
    let (ok, _, err) = carom(&["check-config", dir.to_str().unwrap()]);
    assert!(!ok);
    let line = computer
        .lines()
        .position(|l| l.trim() == "scan: 0,")
        .unwrap()
        + 1;
    assert!(
        err.contains(&format!("computer.ron:{line}:"))
            && err.contains("level \"amateur\": `scan` is 0; allowed 1 ..= 200000"),
        "{err}"
    );
    let computer =
        include_str!("../config/computer.ron").replace("coach: \"world\"", "coach: \"god\"");
    let dir = temp_file("computer-coach", "computer.ron", &computer)
        .parent()
        .unwrap()
        .to_owned();
    let (ok, _, err) = carom(&["check-config", dir.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("`coach`: no computer level \"god\""), "{err}");
}

/// Runs `carom ARGS` with its standard output closed before it writes: (success, stderr).
fn with_closed_stdout(args: &[&str]) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carom"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the carom binary runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("carom ends");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_reader_that_goes_away_ends_the_command_quietly() {
    // `carom sim ... | head` and the like: no panic on the closed pipe.
    let shot = temp_file(
        "pipe",
        "shot.ron",
        &format!(
            "(balls: {BREAK_BALLS}, stroke: (ball: White, direction_deg: 0.0, speed: 3.0), sample_hz: 200)"
        ),
    );
    for args in [
        vec!["sim", shot.to_str().unwrap(), "--json"],
        vec!["sim", shot.to_str().unwrap()],
        vec!["referee", MATCH, "--json"],
        vec!["bench", "--repeats", "1"],
    ] {
        let (ok, err) = with_closed_stdout(&args);
        assert!(ok && !err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_config_folder_that_does_not_exist_is_refused() {
    let shot = temp_file(
        "no-config",
        "shot.ron",
        &format!("(balls: {BREAK_BALLS}, stroke: (ball: White, direction_deg: 0.0, speed: 3.0))"),
    );
    let (ok, _, err) = carom(&["--config", "/no/such/folder", "sim", shot.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.contains("/no/such/folder: no such config folder"),
        "{err}"
    );
}

#[test]
fn cross_field_config_errors_name_the_file_line_and_field_and_nothing_panics() {
    let physics = include_str!("../config/physics.ron")
        .replace("restitution_min: 0.5,", "restitution_min: 0.9,")
        .replace("restitution_max: 0.95,", "restitution_max: 0.6,");
    assert_ne!(physics, include_str!("../config/physics.ron"));
    let dir = temp_file("cross-physics", "physics.ron", &physics)
        .parent()
        .unwrap()
        .to_owned();
    let shot = temp_file(
        "cross-shot",
        "shot.ron",
        &format!("(balls: {BREAK_BALLS}, stroke: (ball: White, direction_deg: 0.0, speed: 3.0))"),
    );
    for args in [
        vec!["check-config", dir.to_str().unwrap()],
        vec![
            "--config",
            dir.to_str().unwrap(),
            "sim",
            shot.to_str().unwrap(),
        ],
    ] {
        let (ok, _, err) = carom(&args);
        assert!(!ok, "{args:?}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.contains("physics.ron:"), "{err}");
        assert!(
            err.contains(
                "`cushion.restitution_max` (0.6) must be at least `cushion.restitution_min` (0.9)"
            ),
            "{err}"
        );
    }
    // A game's set-up must put every ball on the bed of every table.
    let games = include_str!("../config/games.ron").replacen(
        "(ball: red2, at: spot(centre)),",
        "(ball: red2, at: offset(spot: foot, x_mm: 900.0, y_mm: 0.0)),",
        1,
    );
    let dir = temp_file("cross-games", "games.ron", &games)
        .parent()
        .unwrap()
        .to_owned();
    let (ok, _, err) = carom(&["check-config", dir.to_str().unwrap()]);
    assert!(!ok);
    let line = games
        .lines()
        .position(|l| l.contains("\"four_ball\": ("))
        .unwrap();
    assert!(
        err.contains("games.ron:") && err.contains("game \"four_ball\": the set-up puts red2"),
        "{err}"
    );
    let at: usize = err
        .split("games.ron:")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|line| line.parse().ok())
        .unwrap_or_else(|| panic!("no line in {err}"));
    assert!(at > line, "the error points into four_ball's entry: {err}");
}

#[test]
fn every_stroke_ends_within_the_guard_whatever_its_numbers() {
    // A launch that moves nothing, a stroke of a nanometre a second, a tiny hop, a
    // spin that would last minutes: each ends, at rest, within physics.ron's guard.
    let ball = "[(ball: White, x: 0.0, y: 0.0), (ball: Red, x: 0.5, y: 0.2)]";
    for (tag, play) in [
        ("still", "launch: (ball: White, vx: 0.0, vy: 0.0)"),
        (
            "nano",
            "stroke: (ball: White, direction_deg: 0.0, speed: 0.000000001)",
        ),
        ("hop", "launch: (ball: White, vx: 0.0, vy: 0.0, vz: 0.05)"),
        (
            "spin",
            "launch: (ball: White, vx: 0.0, vy: 0.0, wz: 2000.0)",
        ),
        (
            "wild",
            "launch: (ball: White, vx: 0.001, vy: 0.0, wx: 900.0, wy: -900.0, wz: 3000.0)",
        ),
    ] {
        let shot = temp_file(tag, "shot.ron", &format!("(balls: {ball}, {play})"));
        let (ok, out, err) = carom(&["sim", shot.to_str().unwrap(), "--json"]);
        assert!(ok, "{tag}: {err}");
        let record: Value = serde_json::from_str(&out).unwrap();
        let duration = record["duration"].as_f64().unwrap();
        assert!(duration <= 120.0, "{tag}: {duration} s");
        let events = record["events"].as_array().unwrap();
        assert_eq!(events.last().unwrap()["kind"], "rest", "{tag}");
    }
    // Beyond any stroke: refused where the file is read, naming the field and the range
    // (a spin of 1e300 rad/s used to run the event loop for ever).
    for (tag, spin) in [("huge", "1e300"), ("negative", "-6000.0")] {
        let play = format!("launch: (ball: White, vx: 1.0, vy: 0.0, wz: {spin})");
        let shot = temp_file(tag, "shot.ron", &format!("(balls: {ball}, {play})"));
        let started = std::time::Instant::now();
        let (ok, _, err) = carom(&["sim", shot.to_str().unwrap()]);
        assert!(!ok, "{tag}");
        assert!(
            err.contains("shot.ron: `launch.wz`, rad/s, is") && err.contains("-5000 to 5000"),
            "{tag}: {err}"
        );
        assert!(started.elapsed().as_secs() < 10, "{tag}");
    }
}

#[test]
fn sim_draws_the_stroke_as_an_svg_with_its_contacts_numbered_and_read_in_diamonds() {
    let shot = temp_file(
        "svg",
        "shot.ron",
        &format!(
            "(balls: {BREAK_BALLS}, stroke: (ball: White, direction_deg: 5.3, speed: 4.0, \
             side: 0.2, height: 0.2), game: \"three_cushion\")"
        ),
    );
    let svg = shot.with_file_name("shot.svg");
    let (ok, _, err) = carom(&[
        "sim",
        shot.to_str().unwrap(),
        "--json",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let (_, out, _) = carom(&["sim", shot.to_str().unwrap(), "--json"]);
    let record: Value = serde_json::from_str(&out).unwrap();
    let events = record["events"].as_array().unwrap();
    let is_cue_ball_contact = |e: &&Value| match e["kind"].as_str() {
        Some("cushion") => e["ball"] == "white",
        Some("ball_ball") => e["a"] == "white" || e["b"] == "white",
        _ => false,
    };
    let contacts = events.iter().filter(is_cue_ball_contact).count();
    assert!(contacts >= 3, "{out}");
    // Every cushion contact carries where the ball was.
    for e in events.iter().filter(|e| e["kind"] == "cushion") {
        assert!(e["at"].as_array().is_some_and(|a| a.len() == 2), "{e}");
    }
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert!(drawing.starts_with("<svg") && drawing.trim_end().ends_with("</svg>"));
    // Two balls moved: two paths; the contacts numbered 1..=n, no more.
    assert_eq!(drawing.matches("<polyline").count(), 2, "{drawing}");
    assert!(
        drawing.contains(&format!(">{contacts}</text>")),
        "{drawing}"
    );
    assert!(!drawing.contains(&format!(">{}</text>", contacts + 1)));
    // The caption: the verdict, the stroke, the contacts in diamonds.
    assert!(drawing.contains("Three-cushion: "), "{drawing}");
    assert!(
        drawing.contains("white: direction 5.3°, launched at 4.00 m/s"),
        "{drawing}"
    );
    assert!(drawing.contains("1 red, 2 foot at "), "{drawing}");
    // Each caption line fits the drawing's width (long ones wrap at a space).
    for line in drawing.lines().filter(|l| l.contains(r#"font-size="62""#)) {
        let words = line.split('>').nth(1).unwrap().split('<').next().unwrap();
        assert!(words.chars().count() <= 84, "{words}");
    }
    // The dotted ball is a white one with its dots, not a yellow one.
    assert!(!drawing.contains("#f3d75a"), "{drawing}");
    assert_eq!(
        drawing.matches(r##"fill="#c0201c""##).count(),
        3,
        "{drawing}"
    );
}

#[test]
fn an_svg_that_cannot_be_written_is_named_in_the_error() {
    let shot = temp_file(
        "svg-bad",
        "shot.ron",
        &format!("(balls: {BREAK_BALLS}, stroke: (ball: White, direction_deg: 0.0, speed: 1.0))"),
    );
    let (ok, _, err) = carom(&[
        "sim",
        shot.to_str().unwrap(),
        "--svg",
        "/no/such/folder/out.svg",
    ]);
    assert!(!ok);
    assert!(err.contains("/no/such/folder/out.svg: "), "{err}");
}

#[test]
fn every_bundled_position_loads_and_its_stroke_does_what_it_says_in_carom_sim() {
    use carom::cli::ShotSpec;
    use carom::play::positions::{Met, Position, load_folder};
    use carom::shot::ShotRecord;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("config/positions");
    let (positions, errors) = load_folder(&dir);
    assert!(errors.is_empty(), "{errors:?}");
    assert!(positions.len() >= 20, "{} positions", positions.len());
    let games: std::collections::BTreeSet<&str> =
        positions.iter().map(|(_, p)| p.game.as_str()).collect();
    assert!(games.len() >= 5, "{games:?}");
    for (path, position) in &positions {
        let Position {
            table,
            balls,
            stroke,
            game,
            ..
        } = position.clone();
        let stroke = stroke.unwrap_or_else(|| panic!("{}: no stroke", path.display()));
        // Playable at the table as stored: the cue clears the rail behind the ball.
        let config = carom::config::Config::defaults();
        let geometry =
            carom::table::TableGeometry::new(&config.tables, table.as_deref(), &config.balls)
                .unwrap();
        let at = |b: &carom::shot::BallAt| carom::math::DVec2::new(b.x, b.y);
        let cue = balls.iter().find(|b| b.ball == stroke.ball).unwrap();
        let others: Vec<_> = balls
            .iter()
            .filter(|b| b.ball != stroke.ball)
            .map(at)
            .collect();
        let clearance = carom::table::aim::clearance_elevation(
            &geometry,
            &config.cue,
            at(cue),
            &stroke,
            &others,
        );
        assert!(
            stroke.elevation_deg >= clearance,
            "{}: {clearance}°",
            path.display()
        );
        let spec = ShotSpec {
            table,
            balls,
            stroke: Some(stroke),
            launch: None,
            cue_ball: None,
            sample_hz: None,
            game: Some(game),
        };
        let shot = temp_file("position", "shot.ron", &ron::to_string(&spec).unwrap());
        let (ok, out, err) = carom(&["sim", shot.to_str().unwrap(), "--json"]);
        assert!(ok, "{}: {err}", path.display());
        let output: Value = serde_json::from_str(&out).unwrap();
        let record: ShotRecord = serde_json::from_value(output.clone()).unwrap();
        let points = output["verdict"]["points"].as_u64().unwrap() as u32;
        // The systems trainer's stroke too: its target is where the system's stroke
        // really arrives on this table.
        let result = position.check(&record, points, &geometry);
        if let Ok(Met::Arrived { at, target }) = result {
            println!("{}: arrives at {at:.2} for {target}", path.display());
        }
        assert!(
            result.is_ok(),
            "{}: {result:?} {}",
            path.display(),
            output["verdict"]
        );
    }
}

/// A 16-bit PCM WAV file read back: its channels, frame rate and samples (±1 at full
/// scale), the header parsed chunk by chunk.
fn read_wav(path: &Path) -> (u16, u32, Vec<i16>) {
    let bytes = std::fs::read(path).unwrap();
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap());
    assert_eq!((&bytes[..4], &bytes[8..12]), (&b"RIFF"[..], &b"WAVE"[..]));
    assert_eq!(u32_at(4) as usize, bytes.len() - 8, "{}", path.display());
    let (mut at, mut format) = (12, None);
    while at + 8 <= bytes.len() {
        let (id, len) = (&bytes[at..at + 4], u32_at(at + 4) as usize);
        let body = at + 8;
        match id {
            b"fmt " => {
                assert_eq!((u16_at(body), u16_at(body + 14)), (1, 16), "PCM, 16 bits");
                format = Some((u16_at(body + 2), u32_at(body + 4)));
            }
            b"data" => {
                let (channels, rate) = format.expect("fmt before data");
                let samples = bytes[body..body + len]
                    .chunks_exact(2)
                    .map(|b| i16::from_le_bytes([b[0], b[1]]))
                    .collect();
                return (channels, rate, samples);
            }
            _ => {}
        }
        at = body + len + len % 2;
    }
    panic!("{}: no data chunk", path.display());
}

/// The share of `samples`' energy in [lo, hi) Hz, from a radix-2 FFT of the first
/// 2^k samples (zero-padded).
fn band_share(samples: &[f32], rate: u32, lo: f64, hi: f64) -> f64 {
    let n = samples.len().next_power_of_two().min(1 << 15);
    let mut re: Vec<f64> = (0..n)
        .map(|i| samples.get(i).map_or(0.0, |&s| f64::from(s)))
        .collect();
    let mut im = vec![0.0; n];
    let bits = n.trailing_zeros();
    for i in 0..n {
        let j = i.reverse_bits() >> (usize::BITS - bits);
        if j > i {
            re.swap(i, j);
        }
    }
    let mut len = 2;
    while len <= n {
        let w = -std::f64::consts::TAU / len as f64;
        for start in (0..n).step_by(len) {
            for k in 0..len / 2 {
                let (c, s) = ((w * k as f64).cos(), (w * k as f64).sin());
                let (a, b) = (start + k, start + k + len / 2);
                let (xr, xi) = (re[b] * c - im[b] * s, re[b] * s + im[b] * c);
                re[b] = re[a] - xr;
                im[b] = im[a] - xi;
                re[a] += xr;
                im[a] += xi;
            }
        }
        len *= 2;
    }
    let bin_hz = f64::from(rate) / n as f64;
    let (mut inside, mut all) = (0.0, 0.0);
    for k in 1..n / 2 {
        let e = re[k] * re[k] + im[k] * im[k];
        all += e;
        let f = k as f64 * bin_hz;
        if (lo..hi).contains(&f) {
            inside += e;
        }
    }
    inside / all
}

#[test]
fn sounds_are_written_louder_with_speed_unclipped_each_in_its_band_and_dying_in_time() {
    use carom::sound::Kind;
    let dir = fresh_dir("cli-sounds");
    let (ok, out, err) = carom(&["sounds", dir.to_str().unwrap()]);
    assert!(ok, "{err}");
    for kind in Kind::ALL {
        let mut last = (0.0f32, 0.0f32);
        for strength in ["soft", "medium", "hard"] {
            let path = dir.join(format!("{}-{strength}.wav", kind.name()));
            assert!(out.contains(&path.display().to_string()), "{out}");
            let (channels, rate, pcm) = read_wav(&path);
            assert_eq!((channels, rate), (1, 44_100));
            assert!(
                pcm.iter().all(|s| s.unsigned_abs() < 32_767),
                "{}: a sample at full scale",
                path.display()
            );
            let samples: Vec<f32> = pcm.iter().map(|&s| f32::from(s) / 32_768.0).collect();
            let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            let rms = (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt();
            assert!(
                peak > last.0 && rms > last.1,
                "{}: peak {peak}, RMS {rms} after {last:?}",
                path.display()
            );
            last = (peak, rms);
            // Died away: nothing within 60 dB of the peak after its time.
            let loud = samples
                .iter()
                .rposition(|s| s.abs() >= peak * 1e-3)
                .unwrap();
            let dies_s = (loud + 1) as f64 / f64::from(rate);
            let (high, low) = (
                band_share(&samples, rate, 2000.0, 1e9),
                band_share(&samples, rate, 0.0, 1000.0),
            );
            println!(
                "{}-{strength}: peak {:.1} dBFS, RMS {:.1} dBFS, -60 dB after {dies_s:.3} s \
                 (within {} s), energy above 2 kHz {:.0} %, below 1 kHz {:.0} %",
                kind.name(),
                20.0 * peak.log10(),
                20.0 * rms.log10(),
                kind.dies_within_s(),
                100.0 * high,
                100.0 * low
            );
            assert!(
                dies_s <= kind.dies_within_s(),
                "{}: still sounding at {dies_s} s",
                path.display()
            );
            match kind {
                Kind::BallBall => assert!(high > 0.5, "{}: {high}", path.display()),
                Kind::Cushion => assert!(low > 0.5, "{}: {low}", path.display()),
                _ => {}
            }
        }
    }
}

/// The scripted formats' output for the bundled examples, stored in `tests/golden/`:
/// re-cutting the code must leave every byte (`CAROM_BLESS=1` writes them anew, for a
/// change meant to alter them).
#[test]
fn sim_and_referee_print_the_stored_golden_output_for_the_examples() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    for (args, file) in [
        (
            &["sim", "docs/umbrella-shot.ron", "--json"][..],
            "sim-umbrella-shot.json",
        ),
        (
            &["referee", "tests/data/three_cushion_match.json", "--json"][..],
            "referee-three-cushion-match.json",
        ),
        (
            &["referee", "tests/data/short_match.ron", "--json"][..],
            "referee-short-match.json",
        ),
        (
            &["referee", "tests/data/three_cushion_match.json"][..],
            "referee-three-cushion-match.txt",
        ),
    ] {
        let (ok, out, err) = carom(args);
        assert!(ok, "{args:?}: {err}");
        let path = golden.join(file);
        if std::env::var_os("CAROM_BLESS").is_some() {
            std::fs::write(&path, &out).unwrap();
        }
        let stored = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            out == stored,
            "{args:?} no longer prints {}",
            path.display()
        );
    }
}

#[test]
fn watch_and_position_refuse_what_they_cannot_open_naming_it_and_what_is_allowed() {
    let dir = fresh_dir("cli-watch");
    let not_a_match = dir.join("notes.txt");
    std::fs::write(&not_a_match, "a shopping list").unwrap();
    let missing = dir.join("missing.json");
    let (not_a_match, missing) = (not_a_match.to_str().unwrap(), missing.to_str().unwrap());
    let allowed = "give a saved match (.json";
    for (args, said) in [
        (&["watch", missing][..], "missing.json: cannot be read"),
        (&["watch", not_a_match][..], "notes.txt: not a saved match"),
        (
            &["watch", "carom-match-1.not base64!"][..],
            "carom-match-1.not base64!: ",
        ),
        (
            &["watch", "Cargo.toml"][..],
            "Cargo.toml: not a saved match",
        ),
    ] {
        let (ok, out, err) = carom(args);
        assert!(!ok && out.is_empty(), "{args:?}: {out}");
        assert!(
            err.starts_with("carom: ") && err.contains(said),
            "{args:?}: {err}"
        );
        assert!(err.contains(allowed), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // A match where a position is wanted.
    let (ok, _, err) = carom(&["--position", "tests/data/saves/v2-10-gameover.json"]);
    assert!(!ok, "{err}");
    assert!(
        err.contains("v2-10-gameover.json: a match, not a position (`carom watch` plays it)"),
        "{err}"
    );
}
