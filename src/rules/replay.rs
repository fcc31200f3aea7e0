//! `carom referee MATCH.ron|MATCH.json`: a recorded match replayed through the referee,
//! and the score sheet it prints (JSON for programs, text for people).
//!
//! A match file holds `game` (a key of `games.ron`), `players` (names), `target`,
//! optional `innings_limit`, `breaker` (index into `players`), `breaker_ball` (`white` or
//! `dotted`), optional `table` (a preset of `tables.ron`; default: its default preset) and
//! `strokes`: each the object `carom sim --json` prints, plus `declared_safety` (bool)
//! and optional `calls`, a list of `intentional_foul`, `touched_ball`,
//! `outside_interference`.
//!
//! A RON file is read into the same data as JSON (RON cannot carry `ShotEvent`'s
//! flattened, tagged layout directly), so names are strings there too: `"white"`, not
//! `white`. Each stroke is read on its own, so an error names the stroke and the field.

use super::referee::{MatchSetup, PlayerScore, Referee};
use super::stroke::{Calls, Stroke};
use super::verdict::{Verdict, VerdictJson};
use crate::ball::BallId;
use crate::config::Config;
use crate::physics::events::{FinalPosition, ShotEvent, ShotRecord};
use crate::table::TableGeometry;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::fmt;
use std::path::Path;

/// A match file that cannot be replayed. Displayed as `FILE: WHERE: message`, where is
/// a path into the file such as `strokes[3].events[2]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub file: String,
    pub at: Option<String>,
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.at {
            Some(at) => write!(f, "{}: {at}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for ReplayError {}

/// How a match file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Json,
    Ron,
}

/// A match as its file describes it.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchFile {
    pub game: String,
    pub table: Option<String>,
    pub setup: MatchSetup,
    pub strokes: Vec<Stroke>,
}

/// The fields a match file may have.
const FIELDS: &str = "game, players, target, innings_limit, breaker, breaker_ball, table, strokes";

/// Takes the field `name` out of `fields`; None if it is absent or null.
fn take<T: DeserializeOwned>(
    fields: &mut Map<String, Value>,
    name: &str,
) -> Result<Option<T>, (String, String)> {
    fields
        .remove(name)
        .map_or(Ok(None), |value| parse(name, value))
}

/// Takes a field the file must have.
fn take_required<T: DeserializeOwned>(
    fields: &mut Map<String, Value>,
    name: &str,
) -> Result<T, (String, String)> {
    let value = fields
        .remove(name)
        .ok_or_else(|| (name.to_owned(), "missing".to_owned()))?;
    parse(name, value)
}

fn parse<T: DeserializeOwned>(name: &str, value: Value) -> Result<T, (String, String)> {
    serde_json::from_value(value).map_err(|e| (name.to_owned(), e.to_string()))
}

/// Reads and replays the match file at `path`.
pub fn replay_file(path: &Path, config: &Config) -> Result<ScoreSheet, ReplayError> {
    let file = path.display().to_string();
    let error = |message: String| ReplayError {
        file: file.clone(),
        at: None,
        message,
    };
    let format = match path.extension().and_then(|e| e.to_str()) {
        Some("json") => Format::Json,
        Some("ron") => Format::Ron,
        _ => return Err(error("a match file is .json or .ron".into())),
    };
    let text = std::fs::read_to_string(path).map_err(|e| error(format!("cannot be read: {e}")))?;
    let game = read_match(&file, &text, format)?;
    replay(&file, &game, config)
}

/// Parses a match file's text; `file` names it in errors.
pub fn read_match(file: &str, text: &str, format: Format) -> Result<MatchFile, ReplayError> {
    let error = |at: Option<String>, message: String| {
        // RON reads a bare name (white) as a unit value, which arrives here as null.
        let hint = if format == Format::Ron && message.contains("invalid type: null") {
            " (in a RON match file, names are strings: \"white\", not white)"
        } else {
            ""
        };
        ReplayError {
            file: file.to_owned(),
            at,
            message: format!("{message}{hint}"),
        }
    };
    let value: Value = match format {
        // serde_json's messages end with the line and column.
        Format::Json => serde_json::from_str(text).map_err(|e| error(None, e.to_string()))?,
        Format::Ron => ron::Options::default().from_str(text).map_err(|e| {
            let at = e.span.start;
            error(
                None,
                format!("line {} column {}: {}", at.line, at.col, e.code),
            )
        })?,
    };
    let Value::Object(mut fields) = value else {
        return Err(error(
            None,
            "a match file is one object with the match's fields".into(),
        ));
    };
    let field_error = |(at, message): (String, String)| error(Some(at), message);
    let game = take_required(&mut fields, "game").map_err(field_error)?;
    let setup = MatchSetup {
        players: take_required(&mut fields, "players").map_err(field_error)?,
        target: take_required(&mut fields, "target").map_err(field_error)?,
        innings_limit: take(&mut fields, "innings_limit").map_err(field_error)?,
        breaker: take_required(&mut fields, "breaker").map_err(field_error)?,
        breaker_ball: take_required(&mut fields, "breaker_ball").map_err(field_error)?,
    };
    let table = take(&mut fields, "table").map_err(field_error)?;
    let strokes: Vec<Value> = take_required(&mut fields, "strokes").map_err(field_error)?;
    if let Some(unknown) = fields.keys().next() {
        return Err(error(
            Some(unknown.clone()),
            format!("unknown field; the fields of a match file are: {FIELDS}"),
        ));
    }
    let strokes = strokes
        .into_iter()
        .enumerate()
        .map(|(i, stroke)| {
            read_stroke(stroke).map_err(|(at, message)| {
                let at = format!(
                    "strokes[{i}]{}",
                    at.map(|a| format!(".{a}")).unwrap_or_default()
                );
                error(Some(at), message)
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(MatchFile {
        game,
        table,
        setup,
        strokes,
    })
}

/// One stroke; an error carries the field it is in, if it can tell.
fn read_stroke(value: Value) -> Result<Stroke, (Option<String>, String)> {
    let Value::Object(mut fields) = value else {
        return Err((
            None,
            "a stroke is an object: a shot record with `declared_safety`".into(),
        ));
    };
    let declared_safety = match fields.remove("declared_safety") {
        Some(Value::Bool(declared)) => declared,
        Some(_) => {
            return Err((
                Some("declared_safety".into()),
                "must be true or false".into(),
            ));
        }
        None => return Err((None, "missing field `declared_safety`".into())),
    };
    let mut calls = Calls::default();
    match fields.remove("calls") {
        None | Some(Value::Null) => {}
        Some(Value::Array(names)) => {
            for (i, name) in names.iter().enumerate() {
                let at = Some(format!("calls[{i}]"));
                let name = name
                    .as_str()
                    .ok_or((at.clone(), "a call is a name".to_owned()))?;
                calls.set(name).map_err(|message| (at, message))?;
            }
        }
        Some(_) => return Err((Some("calls".into()), "must be a list of call names".into())),
    }
    let record = serde_json::from_value::<ShotRecord>(Value::Object(fields.clone()))
        .map_err(|e| (locate(&fields), e.to_string()))?;
    Ok(Stroke {
        record,
        declared_safety,
        calls,
    })
}

/// The part of a shot record that does not read: an event, or a final position.
fn locate(fields: &Map<String, Value>) -> Option<String> {
    if let Some(Value::Array(events)) = fields.get("events") {
        let bad = events
            .iter()
            .position(|e| serde_json::from_value::<ShotEvent>(e.clone()).is_err());
        if let Some(j) = bad {
            return Some(format!("events[{j}]"));
        }
    }
    if let Some(Value::Object(positions)) = fields.get("final") {
        let bad = positions.iter().find(|(ball, p)| {
            serde_json::from_value::<BallId>(Value::String((*ball).clone())).is_err()
                || serde_json::from_value::<FinalPosition>((*p).clone()).is_err()
        });
        if let Some((ball, _)) = bad {
            return Some(format!("final.{ball}"));
        }
    }
    None
}

/// Replays a match through the referee.
pub fn replay(file: &str, game: &MatchFile, config: &Config) -> Result<ScoreSheet, ReplayError> {
    let error = |at: String, message: String| ReplayError {
        file: file.to_owned(),
        at: Some(at),
        message,
    };
    let rules = config
        .games
        .game(&game.game)
        .map_err(|e| error("game".into(), e))?;
    let table = TableGeometry::new(&config.tables, game.table.as_deref(), &config.balls)
        .map_err(|e| error("table".into(), e))?;
    let mut referee = Referee::new(rules, &config.games.referee, table, game.setup.clone())
        .map_err(|e| ReplayError {
            file: file.to_owned(),
            at: None,
            message: e.to_string(),
        })?;
    let mut strokes = Vec::with_capacity(game.strokes.len());
    for (i, stroke) in game.strokes.iter().enumerate() {
        let verdict = referee
            .judge(stroke)
            .map_err(|e| error(format!("strokes[{i}]"), e.to_string()))?;
        strokes.push(verdict);
    }
    Ok(ScoreSheet {
        game: rules.name.clone(),
        target: referee.target(),
        innings_limit: referee.innings_limit(),
        equalising_inning: rules.equalising_inning,
        breaker: game.setup.breaker,
        breaker_ball: game.setup.breaker_ball,
        players: referee.players().to_vec(),
        strokes,
        over: referee.is_over(),
        winner: referee.winner(),
    })
}

/// A replayed match: every stroke's verdict and the final score.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreSheet {
    /// The game's name (`Three-cushion`).
    pub game: String,
    pub target: u32,
    pub innings_limit: Option<u32>,
    pub equalising_inning: bool,
    pub breaker: usize,
    pub breaker_ball: BallId,
    pub players: Vec<PlayerScore>,
    /// One verdict per stroke of the file, in order.
    pub strokes: Vec<Verdict>,
    pub over: bool,
    pub winner: Option<usize>,
}

#[derive(Serialize)]
struct JsonSheet<'a> {
    strokes: Vec<JsonStroke<'a>>,
    score: Vec<JsonScore<'a>>,
    winner: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonStroke<'a> {
    index: usize,
    shooter: &'a str,
    #[serde(flatten)]
    verdict: VerdictJson<'a>,
    game_over: bool,
}

#[derive(Serialize)]
struct JsonScore<'a> {
    player: &'a str,
    points: u32,
    innings: u32,
    high_run: u32,
    average: f64,
}

impl ScoreSheet {
    fn name(&self, player: usize) -> &str {
        &self.players[player].name
    }

    /// `{"strokes": [...], "score": [...], "winner": name or null}`.
    pub fn to_json(&self) -> String {
        let sheet = JsonSheet {
            strokes: self
                .strokes
                .iter()
                .enumerate()
                .map(|(index, v)| JsonStroke {
                    index,
                    shooter: self.name(v.shooter),
                    verdict: VerdictJson::from(v),
                    game_over: v.game_over,
                })
                .collect(),
            score: self
                .players
                .iter()
                .map(|p| JsonScore {
                    player: &p.name,
                    points: p.points,
                    innings: p.innings,
                    high_run: p.high_run,
                    average: p.average(),
                })
                .collect(),
            winner: self.winner.map(|w| self.name(w)),
        };
        serde_json::to_string_pretty(&sheet).expect("a score sheet is plain data")
    }

    /// The score sheet for people: the match, every stroke with the referee's notes,
    /// the score and the result.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let limit = match self.innings_limit {
            Some(n) => format!("{n} innings"),
            None => "no innings limit".to_owned(),
        };
        let equalising = if self.equalising_inning {
            ", equalising inning"
        } else {
            ""
        };
        out += &format!(
            "{}: {} points, {limit}{equalising}\n",
            self.game, self.target
        );
        out += &format!(
            "{} breaks with {}.\n\n",
            self.name(self.breaker),
            self.breaker_ball
        );
        let width = self
            .players
            .iter()
            .map(|p| p.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        out += &format!(
            "{:>4}  {:<width$}  {:<6}  {:>3}  notes\n",
            "#", "player", "ball", "pts"
        );
        for (i, v) in self.strokes.iter().enumerate() {
            out += &format!(
                "{i:>4}  {:<width$}  {:<6}  {:>3}  {}\n",
                self.name(v.shooter),
                v.cue_ball.name(),
                v.points,
                v.notes()
            );
        }
        out += &format!(
            "\n{:<width$}  {:>6}  {:>7}  {:>8}  {:>7}\n",
            "player", "points", "innings", "high run", "average"
        );
        for p in &self.players {
            out += &format!(
                "{:<width$}  {:>6}  {:>7}  {:>8}  {:>7.3}\n",
                p.name,
                p.points,
                p.innings,
                p.high_run,
                p.average()
            );
        }
        out += &match (self.over, self.winner) {
            (true, Some(w)) => format!("\nWinner: {}\n", self.name(w)),
            (true, None) if self.players.len() > 1 => "\nGame over: a draw.\n".to_owned(),
            (true, None) => "\nGame over: target not reached.\n".to_owned(),
            (false, _) => "\nThe game is not finished.\n".to_owned(),
        };
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = r#""game": "three_cushion", "players": ["Anna", "Boris"], "target": 3, "breaker": 0, "breaker_ball": "white""#;

    fn error(text: &str, format: Format) -> String {
        read_match("m", text, format).unwrap_err().to_string()
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
        assert!(error(&unknown, Format::Json).starts_with("m: colour: unknown field; the fields"));
        let no_strokes = format!("{{{HEADER}}}");
        assert_eq!(error(&no_strokes, Format::Json), "m: strokes: missing");
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
        let from_json = read_match("m.json", &json, Format::Json).unwrap();
        assert_eq!(read_match("m.ron", ron, Format::Ron).unwrap(), from_json);
        assert_eq!(from_json.setup.innings_limit, Some(20));
        assert!(from_json.strokes[0].declared_safety && from_json.strokes[0].calls.touched_ball);
    }
}
