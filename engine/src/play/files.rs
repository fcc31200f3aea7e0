//! Where the game keeps its files, and writing them safely: atomically (a crash or power
//! cut mid-write leaves the last good file) and never over a file that could not be
//! read (it is kept aside).

use crate::config::{ConfigError, TextError, read_text};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

/// A file of the player's (or of the game's folders) that cannot be used; it names the
/// file and is left as it was.
#[derive(Clone, Debug, PartialEq)]
pub enum FileError {
    /// It is there (or should be) but cannot be read.
    Read { path: PathBuf, kind: ErrorKind },
    /// It holds more than any file of the game may (`MAX_FILE_BYTES`); it was not read.
    TooLarge { path: PathBuf, bytes: u64 },
    /// It cannot be written (nor its folder made).
    Write { path: PathBuf, kind: ErrorKind },
    /// An unreadable file could not be moved out of the way.
    MoveAside { path: PathBuf, kind: ErrorKind },
    /// It cannot be deleted.
    Delete { path: PathBuf, kind: ErrorKind },
    /// It was read, but what it holds is not what it should be: where and why.
    Content(ConfigError),
}

impl FileError {
    fn read(path: &Path) -> impl Fn(TextError) -> FileError + Copy + '_ {
        move |e| match e {
            TextError::Io(e) => FileError::Read {
                path: path.to_owned(),
                kind: e.kind(),
            },
            TextError::TooLarge { bytes } => FileError::TooLarge {
                path: path.to_owned(),
                bytes,
            },
        }
    }

    fn write(path: &Path) -> impl Fn(std::io::Error) -> FileError + Copy + '_ {
        move |e| FileError::Write {
            path: path.to_owned(),
            kind: e.kind(),
        }
    }

    /// What `path` holds is wrong, as `message` says.
    pub fn content(path: &Path, message: impl Into<String>) -> FileError {
        FileError::Content(ConfigError::whole_file(
            &path.display().to_string(),
            message,
        ))
    }
}

impl From<ConfigError> for FileError {
    fn from(e: ConfigError) -> FileError {
        FileError::Content(e)
    }
}

impl std::error::Error for FileError {}

/// Where the game keeps its files.
#[derive(Clone, Debug, PartialEq)]
pub struct StoragePaths {
    /// The settings screen's choices (`settings.ron`).
    pub settings: PathBuf,
    /// The last menu choices (`menu.ron`).
    pub menu: PathBuf,
    /// The match in progress, saved after every stroke.
    pub saved_match: PathBuf,
    /// The folder of the player's own data: positions, drills, lag records.
    pub data: PathBuf,
}

impl StoragePaths {
    /// The user's folders as the platform keeps them (`directories`: on Linux
    /// `~/.config/carom` and `~/.local/share/carom`, honouring `XDG_*`; on macOS
    /// `~/Library/Application Support/carom`; on Windows `%APPDATA%\carom`), else a
    /// `carom` folder here.
    pub fn for_user() -> StoragePaths {
        let (config, data) = directories::ProjectDirs::from("", "", "carom").map_or_else(
            || (PathBuf::from("carom"), PathBuf::from("carom")),
            |dirs| (dirs.config_dir().to_owned(), dirs.data_dir().to_owned()),
        );
        StoragePaths {
            settings: config.join("settings.ron"),
            menu: config.join("menu.ron"),
            saved_match: data.join("match.json"),
            data,
        }
    }

    /// Lag training's history of sessions.
    pub fn lag_history(&self) -> PathBuf {
        self.data.join("lag-history.ron")
    }

    /// The drills' runs.
    pub fn drill_history(&self) -> PathBuf {
        self.data.join("drill-history.ron")
    }

    /// The player's own practice positions, a file each.
    pub fn own_positions(&self) -> PathBuf {
        self.data.join("positions")
    }

    /// The online matches this player took part in or watched, a file each
    /// (`<table>-<game>.json`, as the game's own save).
    pub fn online_matches(&self) -> PathBuf {
        self.data.join("online")
    }

    /// The players' records, a file each (`profiles`).
    pub fn players(&self) -> PathBuf {
        players_folder(&self.data)
    }

    /// Where the diagram of the `number`th stroke of a game is saved at `stamp` (s since
    /// 1970).
    pub fn diagram(&self, stamp: u64, number: usize) -> PathBuf {
        self.data
            .join("diagrams")
            .join(format!("stroke-{stamp}-{number}.svg"))
    }

    /// Every file in one folder (tests).
    pub fn in_folder(dir: &Path) -> StoragePaths {
        StoragePaths {
            settings: dir.join("settings.ron"),
            menu: dir.join("menu.ron"),
            saved_match: dir.join("match.json"),
            data: dir.to_owned(),
        }
    }

    /// Earlier versions kept the menu choices in `settings.ron`: such a file becomes
    /// `menu.ron` (when there is none yet), so that neither is lost.
    pub fn move_old_menu_choices(&self) {
        let Ok(text) = std::fs::read_to_string(&self.settings) else {
            return;
        };
        let menu_like = text.contains("players:") && text.contains("game:");
        if menu_like && !self.menu.exists() {
            let _ = std::fs::rename(&self.settings, &self.menu);
        }
    }
}

/// Saves a stroke's diagram (`svg`, the `number`th stroke of its game) in the data
/// folder's `diagrams/`: where it went.
pub fn save_diagram(paths: &StoragePaths, svg: &str, number: usize) -> Result<PathBuf, FileError> {
    let path = paths.diagram(now_s(), number);
    write_atomically(&path, svg.as_bytes())?;
    Ok(path)
}

/// The players' records' folder in the data folder `data`.
pub fn players_folder(data: &Path) -> PathBuf {
    data.join("players")
}

/// Writes `bytes` to `path` through a temporary file in the same folder, flushed to
/// disk before it takes the file's place: a reader sees the old file or the new one.
/// Where a file is written before it takes the place of `path`: beside it, its whole
/// name and `.tmp` (so that `match.json` and `match.ron` never share one).
pub fn temporary_of(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let fail = FileError::write(path);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let temporary = temporary_of(path);
    let mut file = std::fs::File::create(&temporary).map_err(fail)?;
    file.write_all(bytes).map_err(fail)?;
    file.sync_all().map_err(fail)?;
    std::fs::rename(&temporary, path).map_err(fail)
}

/// The `.ron` files in `dir` (by name), each read by `parse` from its name and text,
/// and an error for each that cannot be read: one bad file does not hide the others.
/// A folder that does not exist holds none.
pub fn read_ron_folder<T>(
    dir: &Path,
    parse: impl Fn(&str, &str) -> Result<T, ConfigError>,
) -> (Vec<(PathBuf, T)>, Vec<FileError>) {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    let (mut read, mut errors) = (Vec::new(), Vec::new());
    for path in paths {
        let name = path.display().to_string();
        match read_text(&path)
            .map_err(FileError::read(&path))
            .and_then(|text| Ok(parse(&name, &text)?))
        {
            Ok(value) => read.push((path, value)),
            Err(e) => errors.push(e),
        }
    }
    (read, errors)
}

/// The text of the file at `path`; None while there is no such file.
pub fn read_if_there(path: &Path) -> Result<Option<String>, FileError> {
    match read_text(path) {
        Err(TextError::Io(e)) if e.kind() == ErrorKind::NotFound => Ok(None),
        other => other.map(Some).map_err(FileError::read(path)),
    }
}

/// The value a RON file holds, the default while there is no file; a file that cannot
/// be read is an error naming it (and is left as it is).
pub fn read_ron_or_default<T: DeserializeOwned + Default>(path: &Path) -> Result<T, FileError> {
    match read_if_there(path)? {
        None => Ok(T::default()),
        Some(text) => Ok(crate::config::parse(&path.display().to_string(), &text)?),
    }
}

/// Writes `value` as RON to `path` (atomically).
pub fn write_ron<T: Serialize>(path: &Path, value: &T) -> Result<(), FileError> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| FileError::content(path, e.to_string()))?;
    write_atomically(path, text.as_bytes())
}

/// Deletes the file at `path`.
pub fn delete(path: &Path) -> Result<(), FileError> {
    std::fs::remove_file(path).map_err(|e| FileError::Delete {
        path: path.to_owned(),
        kind: e.kind(),
    })
}

/// The resident set of this process, KiB, from Linux's `/proc/self/status` (`VmRSS`):
/// the game's census logs it after every stroke.
pub fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    resident_kib_in(&status)
}

fn resident_kib_in(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Now, in seconds since 1970 (the key of a session, a drill run, a file name).
pub fn now_s() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Moves an unreadable file out of the way, keeping it: `match.json` becomes
/// `match.json.unreadable-N` with the first N not taken. Returns where it went.
pub fn keep_aside(path: &Path) -> Result<PathBuf, FileError> {
    let aside = (1..)
        .map(|n| PathBuf::from(format!("{}.unreadable-{n}", path.display())))
        .find(|p| !p.exists())
        .expect("some number is free");
    std::fs::rename(path, &aside)
        .map(|()| aside)
        .map_err(|e| FileError::MoveAside {
            path: path.to_owned(),
            kind: e.kind(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resident_set_is_read_from_the_status_lines() {
        let status = "Name:\tcarom\nVmPeak:\t  600000 kB\nVmRSS:\t  478612 kB\nThreads:\t20\n";
        assert_eq!(resident_kib_in(status), Some(478_612));
        assert_eq!(resident_kib_in("Name:\tcarom\n"), None);
        assert_eq!(resident_kib_in("VmRSS:\tlots kB\n"), None);
    }

    #[test]
    fn old_menu_choices_in_settings_ron_move_to_menu_ron() {
        let dir = crate::test_support::fresh_dir("old-menu");
        let paths = StoragePaths::in_folder(&dir);
        let old = "(mode: Match, game: \"three_cushion\", players: [\"A\", \"B\"])";
        std::fs::write(&paths.settings, old).unwrap();
        paths.move_old_menu_choices();
        assert_eq!(std::fs::read_to_string(&paths.menu).unwrap(), old);
        assert!(!paths.settings.exists());
        // Settings of the settings screen stay where they are.
        std::fs::write(&paths.settings, "(mute: true)").unwrap();
        paths.move_old_menu_choices();
        assert!(paths.settings.exists());
    }

    #[test]
    fn a_write_killed_at_any_byte_never_replaces_or_damages_the_last_good_file() {
        use crate::play::profiles::{Profile, read_profile};
        let dir = crate::test_support::fresh_dir("interrupted-writes");
        let path = crate::play::profiles::profile_path(&dir, "Anna");
        let good = Profile {
            name: "Anna".into(),
            ..Profile::default()
        };
        write_ron(&path, &good).unwrap();
        let before = std::fs::read(&path).unwrap();
        let next = ron::ser::to_string_pretty(&good, Default::default()).unwrap() + "// more";
        let mut rng = crate::random::Rng(7);
        for _ in 0..200 {
            // Killed after writing `cut` bytes of the temporary file, before the rename.
            let cut = rng.below(next.len() as u64 + 1) as usize;
            std::fs::write(temporary_of(&path), &next.as_bytes()[..cut]).unwrap();
            assert_eq!(std::fs::read(&path).unwrap(), before, "cut at {cut}");
            assert_eq!(read_profile(&dir, "Anna").unwrap(), good, "cut at {cut}");
        }
        // The next write that finishes replaces it whole, over the leftover.
        write_atomically(&path, next.as_bytes()).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), next);
        assert!(!temporary_of(&path).exists());
    }

    #[test]
    fn an_unreadable_file_is_kept_aside_not_overwritten() {
        let dir = crate::test_support::fresh_dir("aside");
        let path = dir.join("match.json");
        std::fs::write(&path, "garbage").unwrap();
        let aside = keep_aside(&path).unwrap();
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), "garbage");
        assert!(!path.exists());
        std::fs::write(&path, "more garbage").unwrap();
        assert_ne!(keep_aside(&path).unwrap(), aside);
    }
}
