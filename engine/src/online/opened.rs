//! What a player hands the game to open: a share code (typed, pasted, or as the text of
//! a file), a saved match's file (the game's `match.json` or an online save, of any
//! version) or a practice position's file (RON). A match opens in the viewer, a stroke's
//! position in practice; a code from a build whose physics fingerprint differs says so.

use super::physics_fingerprint;
use super::share::{MATCH_CODE, STROKE_CODE, ShareError, SharedMatch, SharedPosition};
use crate::config::Config;
use crate::physics::ShotError;
use crate::play::positions::{self, Position};
use crate::play::{FileError, MatchViewer, SavedMatch, StartError, read_if_there};
use crate::table::TableGeometry;
use std::path::{Path, PathBuf};

/// What was opened.
pub enum Opened {
    /// A match, in the viewer at its first stroke.
    Match {
        viewer: Box<MatchViewer>,
        physics: Physics,
    },
    /// A stroke's position, for practice.
    Position {
        position: Box<Position>,
        physics: Physics,
    },
}

/// Whether what was opened was made by a build with this build's physics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Physics {
    /// The same, or not known to differ (a file of this game's own).
    Same,
    /// A code's fingerprint (`theirs`) differs from this build's (`ours`): its strokes
    /// may play otherwise here.
    Differs { theirs: String, ours: String },
}

/// Why it cannot be opened; `what` is the file, or the code as given.
#[derive(Debug)]
pub enum OpenError {
    /// The file cannot be read, or is not what its kind should be (where and why).
    File(FileError),
    /// A share code (the argument, or the text of the file `what`) that does not open.
    Code { what: String, error: ShareError },
    /// The file holds none of what may be opened.
    Unknown { file: PathBuf },
    /// The match cannot be replayed with this build's config.
    Replay { what: String, error: StartError },
    /// This build's physics fingerprint cannot be worked out.
    Fingerprint(ShotError),
    /// A match was given where a position is wanted (`carom --position`).
    NotAPosition { what: String },
}

impl std::error::Error for OpenError {}

impl Opened {
    /// Opens `given`: a share code itself, or the path of a file holding one, a saved
    /// match or a position.
    pub fn open(config: &Config, given: &str) -> Result<Opened, OpenError> {
        if is_code(given) {
            return open_code(config, given, given);
        }
        let path = Path::new(given);
        let text = read_if_there(path)
            .map_err(OpenError::File)?
            .ok_or_else(|| {
                OpenError::File(FileError::Read {
                    path: path.to_owned(),
                    kind: std::io::ErrorKind::NotFound,
                })
            })?;
        let what = path.display().to_string();
        if is_code(&text) {
            open_code(config, &text, &what)
        } else if SavedMatch::is_one(path) {
            let saved =
                SavedMatch::read(path)
                    .map_err(OpenError::File)?
                    .ok_or(OpenError::Unknown {
                        file: path.to_owned(),
                    })?;
            viewed(config, saved, Physics::Same, what)
        } else if path.extension().is_some_and(|e| e == "ron") {
            let position = positions::read_file(path).map_err(OpenError::File)?;
            Ok(Opened::Position {
                position: Box::new(position),
                physics: Physics::Same,
            })
        } else {
            Err(OpenError::Unknown {
                file: path.to_owned(),
            })
        }
    }
}

impl Opened {
    /// Opens `given` to practise: a position's file, or a stroke's share code (itself or
    /// in a file); a match is refused.
    pub fn position(config: &Config, given: &str) -> Result<Opened, OpenError> {
        match Opened::open(config, given)? {
            Opened::Match { .. } => Err(OpenError::NotAPosition {
                what: given.to_owned(),
            }),
            position => Ok(position),
        }
    }
}

/// Whether `text` is a share code of a kind this build opens.
fn is_code(text: &str) -> bool {
    let text = text.trim();
    text.starts_with(MATCH_CODE) || text.starts_with(STROKE_CODE)
}

fn open_code(config: &Config, code: &str, what: &str) -> Result<Opened, OpenError> {
    let failed = |error| OpenError::Code {
        what: what.to_owned(),
        error,
    };
    if code.trim().starts_with(STROKE_CODE) {
        let shared = SharedPosition::open(code).map_err(failed)?;
        return Ok(Opened::Position {
            position: Box::new(shared.position),
            physics: compared(config, shared.physics, what)?,
        });
    }
    let shared = SharedMatch::open(code).map_err(failed)?;
    let physics = compared(config, shared.physics.clone(), what)?;
    let saved = shared.replay(config).map_err(failed)?;
    viewed(config, saved, physics, what.to_owned())
}

fn viewed(
    config: &Config,
    saved: SavedMatch,
    physics: Physics,
    what: String,
) -> Result<Opened, OpenError> {
    let viewer =
        MatchViewer::open(config, saved).map_err(|error| OpenError::Replay { what, error })?;
    Ok(Opened::Match {
        viewer: Box::new(viewer),
        physics,
    })
}

/// `theirs` against this build's fingerprint (on the default table, as a code is made).
fn compared(config: &Config, theirs: String, what: &str) -> Result<Physics, OpenError> {
    let table =
        TableGeometry::new(&config.tables, None, &config.balls).map_err(|e| OpenError::Replay {
            what: what.to_owned(),
            error: StartError::Unknown(e),
        })?;
    let ours = physics_fingerprint(config, &table).map_err(OpenError::Fingerprint)?;
    Ok(if theirs == ours {
        Physics::Same
    } else {
        Physics::Differs { theirs, ours }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::message::pack;
    use crate::online::share::SharedStroke;
    use crate::shot::Stroke;

    fn opened_as(config: &Config, given: &str) -> (&'static str, Physics, usize) {
        match Opened::open(config, given).unwrap() {
            Opened::Match { viewer, physics } => ("match", physics, viewer.saved().strokes.len()),
            Opened::Position { physics, .. } => ("position", physics, 0),
        }
    }

    #[test]
    fn a_save_a_match_code_and_a_stroke_code_open_each_as_what_it_holds() {
        let config = Config::defaults();
        let dir = crate::test_support::fresh_dir("opened");
        let save = crate::test_support::repo("tests/data/saves/v2-10-gameover.json");
        let saved = SavedMatch::read(&save).unwrap().unwrap();
        let save = save.to_str().unwrap();
        assert_eq!(
            opened_as(&config, save),
            ("match", Physics::Same, saved.strokes.len())
        );
        // A match's code from another build, in a text file: its strokes played here.
        let shared = SharedMatch {
            physics: "0123456789abcdef".into(),
            settings: saved.settings.clone(),
            breaker: saved.breaker,
            breaker_ball: saved.breaker_ball,
            break_offset_m: None,
            strokes: vec![SharedStroke {
                stroke: Stroke::new(saved.breaker_ball, 10.0, 3.0),
                declared_safety: false,
                restored: false,
            }],
        };
        let code = dir.join("code.txt");
        std::fs::write(&code, format!("{MATCH_CODE}{}\n", pack(&shared))).unwrap();
        let (kind, physics, strokes) = opened_as(&config, code.to_str().unwrap());
        assert_eq!((kind, strokes), ("match", 1));
        assert!(matches!(physics, Physics::Differs { theirs, .. } if theirs == "0123456789abcdef"));
        // A stroke's code, as the argument: its position, for practice.
        let position = crate::play::bundled::positions(None).0.remove(0).1;
        let stroke = SharedPosition::code_of(&position, "0123456789abcdef");
        assert_eq!(opened_as(&config, &stroke).0, "position");
        assert!(matches!(
            Opened::position(&config, &stroke),
            Ok(Opened::Position { position: p, .. }) if *p == position
        ));
        assert!(matches!(
            Opened::position(&config, save),
            Err(OpenError::NotAPosition { .. })
        ));
    }

    #[test]
    fn what_does_not_open_says_which_file_or_code_and_why() {
        let config = Config::defaults();
        let dir = crate::test_support::fresh_dir("opened-not");
        let notes = dir.join("notes.txt");
        std::fs::write(&notes, "a shopping list").unwrap();
        assert!(matches!(
            Opened::open(&config, notes.to_str().unwrap()),
            Err(OpenError::Unknown { file }) if file == notes
        ));
        let missing = dir.join("missing.json");
        assert!(matches!(
            Opened::open(&config, missing.to_str().unwrap()),
            Err(OpenError::File(FileError::Read { path, .. })) if path == missing
        ));
        let Err(e) = Opened::open(&config, "carom-stroke-1.AAAA") else {
            panic!("a broken code opened");
        };
        let said = e.to_string();
        assert!(
            said.starts_with("carom-stroke-1.AAAA: ") && said.contains("give a saved match"),
            "{said}"
        );
    }
}
