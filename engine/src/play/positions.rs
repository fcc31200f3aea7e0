//! Practice positions: a lay-out with a name, the game it belongs to, the stroke that
//! plays it and what that stroke should do (score; or score and leave the balls in an
//! area; where given, the cue ball's route). The bundled library is `config/positions/`;
//! the player's own are in the data folder's `positions/`, one file a position.

use super::files::FileError;
use crate::config::{self, ConfigError};
use crate::shot::{BallAt, BallId, Cushion, EventKind, ShotRecord, Stroke};
use crate::table::TableGeometry;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One practice position (a `.ron` file).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub name: String,
    /// The name (and notes) in other languages.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub translated: crate::config::Translations,
    /// A key of games.ron: the referee that judges the stroke.
    pub game: String,
    /// A preset of tables.ron; the default preset when absent.
    #[serde(default)]
    pub table: Option<String>,
    pub balls: Vec<BallAt>,
    pub cue_ball: BallId,
    /// The stroke that plays the position, where one is known.
    #[serde(default)]
    pub stroke: Option<Stroke>,
    #[serde(default)]
    pub target: Target,
    /// The cue ball's first contacts, in order, for a pattern that names them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub route: Vec<Touch>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

crate::config::translated!(Position);

/// What the position asks of a stroke.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    #[default]
    Score,
    /// Score, with every ball coming to rest inside the area.
    ScoreAndLeave(Area),
    /// The systems trainer: the cue ball round the table to this third-rail arrival,
    /// in a diamond system's numbers (no count needed).
    Arrive(Arrival),
}

/// A target diamond of the systems trainer.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arrival {
    /// The third-rail arrival wanted in the system's numbers (corner-five: diamonds
    /// from the corner, 0 to 8; plus: 30 to 150): where the system's stroke really
    /// arrives on this table.
    pub diamond: f64,
    /// How near it counts as a hit, in the same numbers.
    pub within: f64,
    /// The arrival the system's numbers promise, where the table takes its stroke
    /// elsewhere (`diamond`): the correction the system needs there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<f64>,
    /// The system whose numbers these are.
    #[serde(default, skip_serializing_if = "SystemNumbers::is_corner_five")]
    pub numbers: SystemNumbers,
}

/// The diamond system a systems trainer's position is read in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SystemNumbers {
    /// Long rail, short rail, long rail round the table (`diamond_systems::corner_five`).
    #[default]
    CornerFive,
    /// Short rail, then both long rails (`diamond_systems::plus`).
    Plus,
}

impl SystemNumbers {
    fn is_corner_five(&self) -> bool {
        *self == SystemNumbers::CornerFive
    }
}

impl Arrival {
    /// The arrival in the system's own numbers (its subtraction's).
    pub fn system_number(&self) -> f64 {
        self.system.unwrap_or(self.diamond)
    }
}

/// A rectangle of the bed, m in the table frame.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub min: (f64, f64),
    pub max: (f64, f64),
}

impl Area {
    pub fn contains(&self, x: f64, y: f64) -> bool {
        (self.min.0..=self.max.0).contains(&x) && (self.min.1..=self.max.1).contains(&y)
    }
}

/// One contact of the cue ball on a route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Touch {
    /// Any ball.
    Ball,
    /// The red (a break must take it first, rule 8).
    Red,
    /// A long cushion (left or right).
    Long,
    /// A short cushion (head or foot).
    Short,
    /// Any cushion.
    Cushion,
}

impl Touch {
    fn matches(self, touched: Touch) -> bool {
        let ball = matches!(touched, Touch::Ball | Touch::Red);
        self == touched || (self == Touch::Ball && ball) || (self == Touch::Cushion && !ball)
    }
}

/// A stroke that did what its position asks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Met {
    Done,
    /// The systems trainer's target: where the ball arrived, in diamonds.
    Arrived {
        at: f64,
        target: f64,
    },
}

/// Why a stroke did not do what its position asks.
#[derive(Clone, Debug, PartialEq)]
pub enum Miss {
    NoScore,
    /// The systems trainer's target missed: where the ball arrived (None: it did not
    /// go round the table).
    Arrived {
        at: Option<f64>,
        target: f64,
        numbers: SystemNumbers,
    },
    /// The cue ball's route went otherwise: what it touched first.
    Route(Vec<Touch>),
    /// This ball stopped outside the area.
    LeftOutside(BallId),
}

impl Position {
    /// Reads a position file's text; errors name the file, line and column.
    pub fn parse(file_name: &str, text: &str) -> Result<Position, ConfigError> {
        config::parse(file_name, text)
    }

    /// The position's mirror image side for side (across the table's long axis): each
    /// ball's y, the stroke's direction and side, and an area's y the other way.
    pub fn mirrored(&self) -> Position {
        let mut mirror = self.clone();
        for ball in &mut mirror.balls {
            ball.y = -ball.y;
        }
        if let Some(stroke) = &mut mirror.stroke {
            stroke.direction_deg = -stroke.direction_deg;
            stroke.side = -stroke.side;
        }
        if let Target::ScoreAndLeave(area) = &mut mirror.target {
            (area.min.1, area.max.1) = (-area.max.1, -area.min.1);
        }
        mirror
    }

    /// Whether a stroke whose record is `record` and which scored `points` on `table`
    /// did what the position asks.
    pub fn check(
        &self,
        record: &ShotRecord,
        points: u32,
        table: &TableGeometry,
    ) -> Result<Met, Miss> {
        if let Target::Arrive(Arrival {
            diamond,
            within,
            numbers,
            ..
        }) = self.target
        {
            let at = match numbers {
                SystemNumbers::CornerFive => {
                    crate::diamond_systems::arrival(table, record, self.cue_ball)
                }
                SystemNumbers::Plus => {
                    crate::diamond_systems::plus::read_arrival(table, record, self.cue_ball)
                }
            };
            return match at {
                Some(at) if (at - diamond).abs() <= within => Ok(Met::Arrived {
                    at,
                    target: diamond,
                }),
                _ => Err(Miss::Arrived {
                    at,
                    target: diamond,
                    numbers,
                }),
            };
        }
        if points == 0 {
            return Err(Miss::NoScore);
        }
        let route = cue_ball_route(record, self.cue_ball);
        let followed = route.len() >= self.route.len()
            && self
                .route
                .iter()
                .zip(&route)
                .all(|(want, got)| want.matches(*got));
        if !followed {
            return Err(Miss::Route(
                route.into_iter().take(self.route.len().max(4)).collect(),
            ));
        }
        if let Target::ScoreAndLeave(area) = self.target
            && let Some((&ball, _)) = record
                .final_positions
                .iter()
                .find(|(_, end)| !area.contains(end.x, end.y))
        {
            return Err(Miss::LeftOutside(ball));
        }
        Ok(Met::Done)
    }
}

/// The cue ball's contacts in order, as route touches.
fn cue_ball_route(record: &ShotRecord, cue_ball: BallId) -> Vec<Touch> {
    record
        .events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::BallBall { a, b, .. } if a == cue_ball || b == cue_ball => {
                let other = if a == cue_ball { b } else { a };
                Some(if other == BallId::Red {
                    Touch::Red
                } else {
                    Touch::Ball
                })
            }
            EventKind::Cushion { ball, cushion, .. } if ball == cue_ball => Some(match cushion {
                Cushion::Left | Cushion::Right => Touch::Long,
                Cushion::Head | Cushion::Foot => Touch::Short,
            }),
            _ => None,
        })
        .collect()
}

/// The position in the file at `path` (`carom --position FILE`); an error names the
/// file and what is wrong.
pub fn read_file(path: &Path) -> Result<Position, FileError> {
    let text = super::read_if_there(path)?.ok_or_else(|| FileError::Read {
        path: path.to_owned(),
        kind: std::io::ErrorKind::NotFound,
    })?;
    Ok(Position::parse(&path.display().to_string(), &text)?)
}

/// The positions in `dir` (its `.ron` files, by name), and an error for each file that
/// could not be read: one bad file does not hide the others.
pub fn load_folder(dir: &Path) -> (Vec<(PathBuf, Position)>, Vec<FileError>) {
    super::read_ron_folder(dir, Position::parse)
}

/// Saves `position` in `dir` under a file name made from its name; the path.
pub fn save(dir: &Path, position: &Position) -> Result<PathBuf, FileError> {
    let slug: String = position
        .name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let slug = slug.trim_matches('-');
    let stem = if slug.is_empty() { "position" } else { slug };
    let path = dir.join(format!("{stem}.ron"));
    super::write_ron(&path, position)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::fresh_dir;

    fn position() -> Position {
        Position {
            name: "Around the table / test".into(),
            game: "three_cushion".into(),
            table: None,
            balls: vec![
                BallAt {
                    ball: BallId::White,
                    x: -0.7,
                    y: 0.2,
                },
                BallAt {
                    ball: BallId::Red,
                    x: 0.5,
                    y: 0.1,
                },
                BallAt {
                    ball: BallId::Dotted,
                    x: 0.9,
                    y: -0.4,
                },
            ],
            cue_ball: BallId::White,
            stroke: Some(Stroke::new(BallId::White, 12.0, 3.5)),
            target: Target::ScoreAndLeave(Area {
                min: (0.0, -0.71),
                max: (1.42, 0.71),
            }),
            route: vec![Touch::Ball, Touch::Long, Touch::Short, Touch::Long],
            notes: String::new(),
            translated: Default::default(),
        }
    }

    #[test]
    fn a_saved_position_loads_back_and_can_be_deleted() {
        let dir = fresh_dir("positions-save");
        let path = save(&dir, &position()).unwrap();
        assert_eq!(path.file_name().unwrap(), "around-the-table---test.ron");
        let (loaded, errors) = load_folder(&dir);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(loaded, vec![(path.clone(), position())]);
        crate::play::delete(&path).unwrap();
        assert!(load_folder(&dir).0.is_empty());
        assert!(
            crate::play::delete(&path)
                .unwrap_err()
                .to_string()
                .contains("around-the-table---test.ron")
        );
    }

    #[test]
    fn a_corrupt_position_file_is_named_kept_and_the_rest_still_load() {
        let dir = fresh_dir("positions-corrupt");
        save(&dir, &position()).unwrap();
        let bad = dir.join("broken.ron");
        std::fs::write(&bad, "(name: \"half a file\", game: ").unwrap();
        let (loaded, errors) = load_folder(&dir);
        assert_eq!(loaded.len(), 1);
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].to_string().contains("broken.ron:1:"),
            "{errors:?}"
        );
        assert!(bad.exists(), "the broken file is left as it was");
        assert!(load_folder(&dir.join("no such folder")).0.is_empty());
    }

    #[test]
    fn a_stroke_does_what_the_position_says_only_with_the_route_and_the_leave() {
        let p = position();
        let event = |kind| crate::shot::ShotEvent { t: 0.0, kind };
        let cushion = |cushion| {
            event(EventKind::Cushion {
                ball: BallId::White,
                cushion,
                speed: 1.0,
                at: None,
            })
        };
        let hit = event(EventKind::BallBall {
            a: BallId::White,
            b: BallId::Red,
            speed: 1.0,
        });
        let end = |x: f64| crate::shot::FinalPosition {
            x,
            y: 0.0,
            z: 0.03,
            on_table: true,
        };
        let mut record = ShotRecord {
            events: vec![
                hit.clone(),
                cushion(Cushion::Left),
                cushion(Cushion::Foot),
                cushion(Cushion::Right),
            ],
            final_positions: [(BallId::White, end(0.5)), (BallId::Red, end(1.0))].into(),
            ..Default::default()
        };
        let config = crate::config::Config::defaults();
        let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
        assert_eq!(p.check(&record, 1, &table), Ok(Met::Done));
        assert_eq!(p.check(&record, 0, &table), Err(Miss::NoScore));
        record.final_positions.insert(BallId::Red, end(-0.5));
        assert_eq!(
            p.check(&record, 1, &table),
            Err(Miss::LeftOutside(BallId::Red))
        );
        record.final_positions.insert(BallId::Red, end(1.0));
        record.events.swap(1, 2);
        assert!(matches!(p.check(&record, 1, &table), Err(Miss::Route(_))));
    }
}
