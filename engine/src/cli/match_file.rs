//! `MATCH.json` / `MATCH.ron`, a recorded match for `carom referee`: `game` (a key of
//! `games.ron`), `players` (names), `target`, optional `targets` (a handicap match: one
//! per player), optional `innings_limit` (the game's own
//! in `games.ron` when absent, none when `null`), `breaker` (index into `players`), `breaker_ball` (`white` or `dotted`),
//! optional `table` (a preset of `tables.ron`; default: its default preset) and
//! `strokes`: each the object `carom sim --json` prints, plus `declared_safety` (bool)
//! and optional `calls`, a list of `intentional_foul`, `touched_ball`,
//! `outside_interference`.
//!
//! A RON file is read into the same data as JSON (RON cannot carry `ShotEvent`'s
//! flattened, tagged layout directly), so names are strings there too: `"white"`, not
//! `white`. Errors name the place in the file, such as `strokes[3].events[2]`.

use crate::config::UnknownKey;
use crate::rules::{Calls, JudgeError, PlayedStroke, SetupError};
use crate::shot::{BallId, FinalPosition, ShotEvent, ShotRecord};
use crate::words::{CommandLineProblem, Trouble, Words};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// A match file that cannot be used. Displayed as `FILE: WHERE: problem`, where is a
/// path into the file such as `strokes[3].events[2]`.
#[derive(Debug)]
pub struct MatchFileError {
    pub file: String,
    pub at: Option<String>,
    pub problem: MatchProblem,
}

/// What is wrong with a match file.
#[derive(Debug)]
pub enum MatchProblem {
    /// Its name ends in neither `.json` nor `.ron`.
    NotJsonOrRon,
    Unreadable(std::io::Error),
    /// Not JSON, or JSON whose fields are not a match's.
    Json(serde_json::Error),
    /// Not RON.
    Ron(Box<ron::error::SpannedError>),
    /// RON whose fields are not a match's (read through JSON's data model).
    RonData(serde_json::Error),
    /// A RON number that is not finite (`inf`, `NaN`).
    NotFinite(f64),
    /// The game or the table preset it names.
    Unknown(UnknownKey),
    Setup(SetupError),
    Judge(JudgeError),
}

impl MatchFileError {
    /// What is wrong in `words`' language: the file, the place in it, the problem. (Its
    /// `Display` is the English.)
    pub fn worded(&self, words: &dyn Words) -> String {
        match &self.at {
            Some(at) => format!("{}: {at}: {}", self.file, self.problem.worded(words)),
            None => format!("{}: {}", self.file, self.problem.worded(words)),
        }
    }
}

impl MatchProblem {
    /// The problem in `words`' language; the JSON and RON parsers' own messages are
    /// theirs.
    pub fn worded(&self, words: &dyn Words) -> String {
        let said = |problem: CommandLineProblem| words.command_line(&problem);
        match self {
            MatchProblem::NotJsonOrRon => said(CommandLineProblem::NotJsonOrRon),
            MatchProblem::Unreadable(e) => said(CommandLineProblem::CannotRead(e)),
            MatchProblem::Json(e) => e.to_string(),
            MatchProblem::Ron(e) => {
                let at = e.span.start;
                format!("line {} column {}: {}", at.line, at.col, e.code)
            }
            MatchProblem::RonData(e) => {
                let message = e.to_string();
                // RON reads a bare name (white) as a unit value, which arrives as null.
                let hint = if message.contains("invalid type: null") {
                    said(CommandLineProblem::RonNamesAreStrings)
                } else {
                    String::new()
                };
                message + &hint
            }
            MatchProblem::NotFinite(number) => said(CommandLineProblem::NotFinite(*number)),
            MatchProblem::Unknown(e) => words.trouble(Trouble::Unknown(e)),
            MatchProblem::Setup(e) => words.trouble(Trouble::Setup(e)),
            MatchProblem::Judge(e) => words.trouble(Trouble::Judge(e)),
        }
    }
}

impl std::error::Error for MatchFileError {}

/// How a match file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Json,
    Ron,
}

/// A match as its file describes it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchFile {
    pub game: String,
    pub players: Vec<String>,
    pub target: u32,
    /// A handicap match: each player's own target, in the order of `players`; absent
    /// (as in older files): everyone plays to `target`.
    #[serde(default)]
    pub targets: Vec<u32>,
    /// Absent: the game's own limit; `null`: none; a number: that many innings.
    #[serde(default, deserialize_with = "present")]
    pub innings_limit: Option<Option<u32>>,
    pub breaker: usize,
    pub breaker_ball: BallId,
    #[serde(default)]
    pub table: Option<String>,
    /// A match format (a key of formats.ron): its sets, bank shots, equalising inning
    /// and time-outs; absent: the game's own rules.
    #[serde(default)]
    pub format: Option<String>,
    /// In a match in sets whose sets a lag starts: who broke each set after the first
    /// (indices into `players`), in order.
    #[serde(default)]
    pub set_breakers: Vec<usize>,
    pub strokes: Vec<StrokeEntry>,
}

/// One stroke of a match file: the stroke's record as `carom sim --json` prints it (other
/// fields it prints, such as `verdict`, are ignored), what the player declared and the
/// referee's calls.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct StrokeEntry {
    /// The record; a stroke the shot clock ran out on (`timed_out`) has none.
    #[serde(default)]
    pub events: Vec<ShotEvent>,
    #[serde(rename = "final", default, deserialize_with = "by_ball")]
    pub final_positions: BTreeMap<BallId, FinalPosition>,
    #[serde(default, deserialize_with = "by_ball")]
    pub trajectories: BTreeMap<BallId, Vec<[f64; 4]>>,
    #[serde(default)]
    pub duration: f64,
    pub declared_safety: bool,
    #[serde(default)]
    pub calls: Vec<Call>,
    /// The shot clock ran out before the stroke: no record, the format's rule applies.
    #[serde(default)]
    pub timed_out: bool,
    /// Seconds the player took, from when every ball had stopped.
    #[serde(default)]
    pub thinking_s: Option<f64>,
}

/// A field that is there, `null` included (absent fields take their default, None).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// A map keyed by ball names, read with the names as strings so that an error inside
/// names the ball (`final.red.x`).
fn by_ball<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<BTreeMap<BallId, T>, D::Error> {
    BTreeMap::<String, T>::deserialize(d)?
        .into_iter()
        .map(|(name, value)| match BallId::from_name(&name) {
            Some(ball) => Ok((ball, value)),
            None => Err(serde::de::Error::custom(format!(
                "unknown ball `{name}`; the balls are white, dotted, red, red2"
            ))),
        })
        .collect()
}

/// A referee's call in a match file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Call {
    /// Rule 18.
    IntentionalFoul,
    /// Rule 12.
    TouchedBall,
    /// Rule 22.
    OutsideInterference,
    /// The player called a time-out for this stroke (the format's shot clock).
    TimeOut,
}

impl StrokeEntry {
    /// The stroke as the referee takes it.
    pub fn played(&self) -> PlayedStroke {
        let mut calls = Calls::default();
        for call in &self.calls {
            match call {
                Call::IntentionalFoul => calls.intentional_foul = true,
                Call::TouchedBall => calls.touched_ball = true,
                Call::OutsideInterference => calls.outside_interference = true,
                Call::TimeOut => calls.time_out = true,
            }
        }
        calls.timed_out = self.timed_out;
        PlayedStroke {
            record: ShotRecord {
                events: self.events.clone(),
                final_positions: self.final_positions.clone(),
                trajectories: self.trajectories.clone(),
                duration: self.duration,
            },
            declared_safety: self.declared_safety,
            calls,
            thinking_s: self.thinking_s,
        }
    }
}

impl MatchFile {
    /// Reads the match file at `path` (`.json` or `.ron`).
    pub fn read(path: &Path) -> Result<MatchFile, MatchFileError> {
        let file = path.display().to_string();
        let error = |problem| MatchFileError {
            file: file.clone(),
            at: None,
            problem,
        };
        let format = match path.extension().and_then(|e| e.to_str()) {
            Some("json") => Format::Json,
            Some("ron") => Format::Ron,
            _ => return Err(error(MatchProblem::NotJsonOrRon)),
        };
        let text = std::fs::read_to_string(path).map_err(|e| error(MatchProblem::Unreadable(e)))?;
        MatchFile::parse(&file, &text, format)
    }

    /// Parses a match file's text; `file` names it in errors.
    pub fn parse(file: &str, text: &str, format: Format) -> Result<MatchFile, MatchFileError> {
        let error = |at: Option<String>, problem| MatchFileError {
            file: file.to_owned(),
            at,
            problem,
        };
        let value: Value = match format {
            // serde_json's messages end with the line and column.
            Format::Json => serde_json::from_str(text).map_err(|e| {
                let at = with_number_quoted(text, &e).and_then(|quoted| {
                    let value: Value = serde_json::from_str(&quoted).ok()?;
                    let failure = serde_path_to_error::deserialize::<_, MatchFile>(&value).err()?;
                    place(&value, failure.path())
                });
                error(at, MatchProblem::Json(e))
            })?,
            Format::Ron => ron::Options::default()
                .from_str(text)
                .map_err(|e| error(None, MatchProblem::Ron(Box::new(e))))?,
        };
        serde_path_to_error::deserialize(&value).map_err(|e| {
            if format == Format::Ron
                && let Ok(ron) = ron::Options::default().from_str::<ron::Value>(text)
                && let Some((at, number)) = non_finite(&ron, String::new())
            {
                return error(Some(at), MatchProblem::NotFinite(number));
            }
            let at = place(&value, e.path());
            let e = e.into_inner();
            error(
                at,
                match format {
                    Format::Json => MatchProblem::Json(e),
                    Format::Ron => MatchProblem::RonData(e),
                },
            )
        })
    }
}

/// Where in the file `path` leads, down to an event's field; None for the whole file.
fn place(file: &Value, path: &serde_path_to_error::Path) -> Option<String> {
    let mut at = path.to_string();
    if let Some(field) = event_field_at_fault(file, path) {
        at = format!("{at}.{field}");
    }
    (at != ".").then_some(at)
}

/// The JSON text with the number that `error` found out of range (such as 1e999) put
/// in quotes, so that reading it again finds the field it is in; None for other errors.
fn with_number_quoted(text: &str, error: &serde_json::Error) -> Option<String> {
    if !error.to_string().starts_with("number out of range") {
        return None;
    }
    let line_start: usize = text
        .split_inclusive('\n')
        .take(error.line().saturating_sub(1))
        .map(str::len)
        .sum();
    let bytes = text.as_bytes();
    let in_number = |i: usize| bytes.get(i).is_some_and(|b| b"0123456789+-.eE".contains(b));
    let mut start = (line_start + error.column())
        .min(bytes.len())
        .saturating_sub(1);
    while start > 0 && in_number(start - 1) {
        start -= 1;
    }
    let mut end = start;
    while in_number(end) {
        end += 1;
    }
    (end > start).then(|| {
        format!(
            "{}\"{}\"{}",
            &text[..start],
            &text[start..end],
            &text[end..]
        )
    })
}

/// The field of an event that fails to read, where `path` leads to an event. An event's
/// fields depend on its `kind`, and serde reads such an object whole, so its errors stop
/// at the event: the field at fault is the one whose removal changes the error.
fn event_field_at_fault(file: &Value, path: &serde_path_to_error::Path) -> Option<String> {
    use serde_path_to_error::Segment;
    let mut value = file;
    for segment in path.iter() {
        value = match segment {
            Segment::Seq { index } => value.get(index)?,
            Segment::Map { key } => value.get(key)?,
            _ => return None,
        };
    }
    let Value::Object(fields) = value else {
        return None;
    };
    if !fields.contains_key("kind") {
        return None;
    }
    let read = |event: &Value| ShotEvent::deserialize(event).err().map(|e| e.to_string());
    let failure = read(value)?;
    // A missing field or an unknown kind names itself.
    if failure.starts_with("missing field") || failure.starts_with("unknown variant") {
        return None;
    }
    fields
        .keys()
        .filter(|&key| key != "kind")
        .find(|&key| {
            let mut without = fields.clone();
            without.remove(key);
            read(&Value::Object(without))
                .is_none_or(|e| e.starts_with(&format!("missing field `{key}`")))
        })
        .cloned()
}

/// The first number in a RON value that is not finite (`inf`, `NaN`: RON writes them,
/// JSON's data model, which a match is read through, has none), with its place.
fn non_finite(value: &ron::Value, at: String) -> Option<(String, f64)> {
    match value {
        ron::Value::Number(n) if !n.into_f64().is_finite() => Some((at, n.into_f64())),
        ron::Value::Seq(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| non_finite(item, format!("{at}[{i}]"))),
        ron::Value::Map(map) => map.iter().find_map(|(key, item)| {
            let name = match key {
                ron::Value::String(name) => name.clone(),
                other => format!("{other:?}"),
            };
            let at = if at.is_empty() {
                name
            } else {
                format!("{at}.{name}")
            };
            non_finite(item, at)
        }),
        ron::Value::Option(Some(inner)) => non_finite(inner, at),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = r#""game": "three_cushion", "players": ["Anna", "Boris"], "target": 3, "breaker": 0, "breaker_ball": "white""#;

    fn error(text: &str, format: Format) -> String {
        MatchFile::parse("m", text, format).unwrap_err().to_string()
    }

    #[test]
    fn a_bad_header_field_is_named() {
        let negative = format!(
            "{{{}, \"strokes\": []}}",
            HEADER.replace("\"target\": 3", "\"target\": -3")
        );
        assert_eq!(
            error(&negative, Format::Json),
            "m: target: invalid value: integer `-3`, expected u32"
        );
        let unknown = format!("{{{HEADER}, \"strokes\": [], \"colour\": 1}}");
        let err = error(&unknown, Format::Json);
        assert!(
            err.contains("unknown field `colour`, expected one of"),
            "{err}"
        );
        let no_strokes = format!("{{{HEADER}}}");
        assert_eq!(
            error(&no_strokes, Format::Json),
            "m: missing field `strokes`"
        );
    }

    /// A match of one stroke whose strike's speed is written `speed` (in JSON or RON).
    fn one_stroke(speed: &str, format: Format) -> String {
        match format {
            Format::Json => format!(
                r#"{{{HEADER}, "strokes": [{{"events": [{{"t": 0.0, "kind": "strike", "ball": "white", "speed": {speed}, "direction_deg": 0.0, "side": 0.0, "height": 0.0, "elevation_deg": 0.0, "tip_contact_s": 0.001}}], "final": {{}}, "duration": 1.0, "declared_safety": false}}]}}"#
            ),
            Format::Ron => format!(
                r#"(game: "three_cushion", players: ["A", "B"], target: 3, breaker: 0, breaker_ball: "white", strokes: [(events: [(t: 0.0, kind: "strike", ball: "white", speed: {speed}, direction_deg: 0.0, side: 0.0, height: 0.0, elevation_deg: 0.0, tip_contact_s: 0.001)], final: {{}}, duration: 1.0, declared_safety: false)])"#
            ),
        }
    }

    #[test]
    fn an_error_inside_an_event_names_its_field() {
        assert_eq!(
            error(&one_stroke(r#""fast""#, Format::Json), Format::Json),
            "m: strokes[0].events[0].speed: invalid type: string \"fast\", expected f64"
        );
        let missing = one_stroke("1.0", Format::Json).replace(r#""side": 0.0, "#, "");
        assert_eq!(
            error(&missing, Format::Json),
            "m: strokes[0].events[0]: missing field `side`"
        );
    }

    #[test]
    fn a_json_number_out_of_range_is_placed_by_its_field() {
        let err = error(&one_stroke("1e999", Format::Json), Format::Json);
        assert!(
            err.starts_with("m: strokes[0].events[0].speed: number out of range at line 1"),
            "{err}"
        );
        let split = one_stroke("-1e999", Format::Json).replace(", \"speed\"", ",\n\"speed\"");
        let err = error(&split, Format::Json);
        assert!(
            err.starts_with("m: strokes[0].events[0].speed: number out of range at line 2"),
            "{err}"
        );
    }

    #[test]
    fn a_ron_number_that_is_not_finite_is_told_so() {
        for (written, shown) in [("inf", "inf"), ("-inf", "-inf"), ("NaN", "NaN")] {
            assert_eq!(
                error(&one_stroke(written, Format::Ron), Format::Ron),
                format!(
                    "m: strokes[0].events[0].speed: {shown} is not a finite number; allowed: finite numbers only"
                )
            );
        }
    }

    #[test]
    fn a_bare_name_in_ron_gets_a_hint() {
        let ron = r#"(game: "three_cushion", players: ["A"], target: 3, breaker: 0, breaker_ball: white, strokes: [])"#;
        let err = error(ron, Format::Ron);
        assert!(
            err.starts_with("m: breaker_ball: invalid type: null"),
            "{err}"
        );
        assert!(
            err.ends_with("names are strings: \"white\", not white)"),
            "{err}"
        );
    }

    #[test]
    fn ron_and_json_read_to_the_same_match() {
        let stroke = r#"{"events": [{"t": 0.0, "kind": "strike", "ball": "white", "speed": 1.0, "direction_deg": 0.0, "side": 0.0, "height": 0.0, "elevation_deg": 0.0, "tip_contact_s": 0.001}, {"t": 1.0, "kind": "rest"}], "final": {"red": {"x": 0.1, "y": 0.2, "z": 0.03, "on_table": true}}, "duration": 1.0, "declared_safety": true, "calls": ["touched_ball"]}"#;
        let json = format!("{{{HEADER}, \"innings_limit\": 20, \"strokes\": [{stroke}]}}");
        let ron = r#"(game: "three_cushion", players: ["Anna", "Boris"], target: 3, innings_limit: Some(20),
            breaker: 0, breaker_ball: "white", strokes: [(
                events: [
                    (t: 0.0, kind: "strike", ball: "white", speed: 1.0, direction_deg: 0.0, side: 0.0,
                     height: 0.0, elevation_deg: 0.0, tip_contact_s: 0.001),
                    (t: 1.0, kind: "rest"),
                ],
                final: {"red": (x: 0.1, y: 0.2, z: 0.03, on_table: true)},
                duration: 1.0, declared_safety: true, calls: ["touched_ball"],
            )])"#;
        let from_json = MatchFile::parse("m.json", &json, Format::Json).unwrap();
        assert_eq!(
            MatchFile::parse("m.ron", ron, Format::Ron).unwrap(),
            from_json
        );
        assert_eq!(from_json.innings_limit, Some(Some(20)));
        let played = from_json.strokes[0].played();
        assert!(played.declared_safety && played.calls.touched_ball);
    }
}
