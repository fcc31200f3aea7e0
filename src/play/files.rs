//! Where the game keeps its files, and writing them safely: atomically (a crash or power
//! cut mid-write leaves the last good file) and never over a file that could not be
//! read (it is kept aside).

use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the game keeps its files.
#[derive(Clone, Debug, PartialEq)]
pub struct StoragePaths {
    /// The last menu choices.
    pub settings: PathBuf,
    /// The match in progress, saved after every stroke.
    pub saved_match: PathBuf,
}

impl StoragePaths {
    /// The user's folders: `$XDG_CONFIG_HOME/carom` (else `~/.config/carom`) and
    /// `$XDG_DATA_HOME/carom` (else `~/.local/share/carom`).
    pub fn for_user() -> StoragePaths {
        let home = std::env::var_os("HOME")
            .map(PathBuf::from)
            .unwrap_or_default();
        let folder = |xdg: &str, fallback: &str| {
            std::env::var_os(xdg)
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
                .unwrap_or_else(|| home.join(fallback))
                .join("carom")
        };
        StoragePaths {
            settings: folder("XDG_CONFIG_HOME", ".config").join("settings.ron"),
            saved_match: folder("XDG_DATA_HOME", ".local/share").join("match.json"),
        }
    }

    /// Both files in one folder (tests).
    pub fn in_folder(dir: &Path) -> StoragePaths {
        StoragePaths {
            settings: dir.join("settings.ron"),
            saved_match: dir.join("match.json"),
        }
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder, flushed to
/// disk before it takes the file's place: a reader sees the old file or the new one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("{}: cannot be written: {e}", path.display());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let temporary = path.with_extension("tmp");
    let mut file = std::fs::File::create(&temporary).map_err(fail)?;
    file.write_all(bytes).map_err(fail)?;
    file.sync_all().map_err(fail)?;
    std::fs::rename(&temporary, path).map_err(fail)
}

/// Moves an unreadable file out of the way, keeping it: `match.json` becomes
/// `match.json.unreadable-N` with the first N not taken. Returns where it went.
pub fn keep_aside(path: &Path) -> Result<PathBuf, String> {
    let aside = (1..)
        .map(|n| PathBuf::from(format!("{}.unreadable-{n}", path.display())))
        .find(|p| !p.exists())
        .expect("some number is free");
    std::fs::rename(path, &aside)
        .map(|()| aside)
        .map_err(|e| format!("{}: cannot be moved aside: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

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
