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
            let saved = SavedMatch::read(path)
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
    let viewer = MatchViewer::open(config, saved).map_err(|error| OpenError::Replay { what, error })?;
    Ok(Opened::Match {
        viewer: Box::new(viewer),
        physics,
    })
}

/// `theirs` against this build's fingerprint (on the default table, as a code is made).
fn compared(config: &Config, theirs: String, what: &str) -> Result<Physics, OpenError> {
    let table = TableGeometry::new(&config.tables, None, &config.balls).map_err(|e| {
        OpenError::Replay {
            what: what.to_owned(),
            error: StartError::Unknown(e),
        }
    })?;
    let ours = physics_fingerprint(config, &table).map_err(OpenError::Fingerprint)?;
    Ok(if theirs == ours {
        Physics::Same
    } else {
        Physics::Differs { theirs, ours }
    })
}
