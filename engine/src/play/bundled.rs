//! The practice positions and drills that come with the game, built into the binary as
//! the config files are, so that practice offers the same whatever folder the game runs
//! from. A config folder's `positions/` and `drills/` (`--config DIR`, or `./config`)
//! add to them, a file of the same name replacing the built-in one.

use super::drills::Drill;
use super::files::FileError;
use super::positions::Position;
use super::read_ron_folder;
use crate::config::ConfigError;
use std::path::{Path, PathBuf};

/// A folder of `config/` built in: each file's name and text.
macro_rules! built_in {
    ($folder:literal: $($name:literal,)*) => {
        &[$(($name, include_str!(concat!("../../../config/", $folder, "/", $name))),)*]
    };
}

/// `config/positions/`, built in.
pub const POSITIONS: &[(&str, &str)] = built_in!("positions":
    "around-the-table-gather.ron",
    "around-the-table.ron",
    "balkline-47-break.ron",
    "balkline-47-out-of-balk.ron",
    "balkline-71-break.ron",
    "balkline-71-centre.ron",
    "bricole.ron",
    "corner-five-4-5-to-2-5.ron",
    "corner-five-4-to-1-5.ron",
    "corner-five-5-to-3.ron",
    "corner-five-6-to-3.ron",
    "corner-five-7-to-4.ron",
    "cross-table.ron",
    "diamond-system-corner.ron",
    "double-the-rail.ron",
    "four-ball-first-count.ron",
    "korean-four-ball-reds.ron",
    "one-cushion-bank.ron",
    "one-cushion-break.ron",
    "plus-20-to-45.ron",
    "plus-30-to-55.ron",
    "plus-30-to-60.ron",
    "plus-40-to-70.ron",
    "plus-50-to-80.ron",
    "short-long-short.ron",
    "straight-rail-break.ron",
    "straight-rail-gather.ron",
    "straight-rail-open.ron",
    "straight-rail-rail-nurse.ron",
    "three-cushion-break.ron",
    "ticky.ron",
    "umbrella.ron",
);

/// `config/drills/`, built in.
pub const DRILLS: &[(&str, &str)] = built_in!("drills":
    "breaks.ron",
    "corner-five-system.ron",
    "exam-straight-rail.ron",
    "exam-three-cushion.ron",
    "plus-system.ron",
    "straight-rail-nursery.ron",
    "three-cushion-patterns.ron",
);

/// The built-in drills that are graded exams (`Drill::exam`), each with its file name
/// without `.ron`.
pub fn exams() -> Vec<(String, Drill)> {
    DRILLS
        .iter()
        .filter_map(|(file, text)| {
            let drill = Drill::parse(file, text).ok()?;
            let name = file.trim_end_matches(".ron").to_owned();
            drill.exam.is_some().then_some((name, drill))
        })
        .collect()
}

/// The built-in positions, with those of the config folder `config`'s `positions/`
/// added: each with its path, and an error for each file that cannot be read.
pub fn positions(config: Option<&Path>) -> (Vec<(PathBuf, Position)>, Vec<FileError>) {
    let folder = config.map(|c| c.join("positions"));
    with_folder("positions", POSITIONS, folder.as_deref(), Position::parse)
}

/// The built-in drills, with those of the config folder `config`'s `drills/` added.
pub fn drills(config: Option<&Path>) -> (Vec<Drill>, Vec<FileError>) {
    let folder = config.map(|c| c.join("drills"));
    let (read, errors) = with_folder("drills", DRILLS, folder.as_deref(), Drill::parse);
    (read.into_iter().map(|(_, drill)| drill).collect(), errors)
}

/// The files of `folder` and the built-in ones it has no file of the same name for,
/// by file name. A built-in file goes by the path `<built-in NAME>/FILE`, so that
/// messages name it and drills find positions by file name.
fn with_folder<T>(
    name: &str,
    built_in: &[(&str, &str)],
    folder: Option<&Path>,
    parse: impl Fn(&str, &str) -> Result<T, ConfigError>,
) -> (Vec<(PathBuf, T)>, Vec<FileError>) {
    let (from_folder, mut errors) = match folder {
        Some(folder) => read_ron_folder(folder, &parse),
        None => (Vec::new(), Vec::new()),
    };
    let mut found = Vec::new();
    for (file, text) in built_in {
        let replaced = from_folder
            .iter()
            .any(|(path, _)| path.file_name().is_some_and(|f| f == *file));
        if replaced {
            continue;
        }
        let path = PathBuf::from(format!("<built-in {name}>")).join(file);
        match parse(&path.display().to_string(), text) {
            Ok(value) => found.push((path, value)),
            Err(e) => errors.push(e.into()),
        }
    }
    found.extend(from_folder);
    found.sort_by(|a, b| a.0.file_name().cmp(&b.0.file_name()));
    (found, errors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::fresh_dir;

    /// The `.ron` files of a folder of `config/`.
    fn files_in(folder: &str) -> Vec<String> {
        let dir = crate::test_support::repo("config").join(folder);
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".ron"))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn every_file_of_the_config_folders_is_built_in_and_reads() {
        let names = |files: &[(&str, &str)]| -> Vec<String> {
            files.iter().map(|f| f.0.to_owned()).collect()
        };
        assert_eq!(names(POSITIONS), files_in("positions"));
        assert_eq!(names(DRILLS), files_in("drills"));
        let (library, errors) = positions(None);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(library.len(), POSITIONS.len());
        let (drills, errors) = drills(None);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(drills.len(), DRILLS.len());
        for drill in &drills {
            drill.positions(&library).unwrap();
        }
    }

    #[test]
    fn a_config_folder_adds_positions_and_replaces_one_of_the_same_name() {
        let dir = fresh_dir("bundled-folder");
        let umbrella = POSITIONS.iter().find(|p| p.0 == "umbrella.ron").unwrap().1;
        let renamed = umbrella.replacen("name: \"", "name: \"Mine: ", 1);
        let folder = dir.join("positions");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("umbrella.ron"), &renamed).unwrap();
        std::fs::write(folder.join("extra.ron"), umbrella).unwrap();
        std::fs::write(folder.join("broken.ron"), "(name: ").unwrap();
        let (library, errors) = positions(Some(&dir));
        assert_eq!(library.len(), POSITIONS.len() + 1);
        let named = |file: &str| -> Vec<String> {
            library
                .iter()
                .filter(|(p, _)| p.file_name().is_some_and(|f| f == file))
                .map(|(_, position)| position.name.clone())
                .collect()
        };
        assert_eq!(named("umbrella.ron").len(), 1);
        assert!(named("umbrella.ron")[0].starts_with("Mine: "));
        assert_eq!(named("extra.ron").len(), 1);
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].to_string().contains("broken.ron"),
            "{}",
            errors[0]
        );
    }
}
