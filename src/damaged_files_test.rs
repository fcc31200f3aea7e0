//! Every kind of file the game reads, damaged five ways (empty, cut in half, a file of
//! another kind, 100 MB, random bytes): each is refused with a message that names it,
//! left byte for byte as it was, and the game goes on with what it could read (the
//! defaults, or the other files of its folder).

use crate::config::{Config, MAX_FILE_BYTES};
use crate::play::drills::{self, DrillHistory};
use crate::play::positions;
use crate::play::profiles::{Profile, all_profiles, profile_path, read_profile};
use crate::play::{LagHistory, MatchSettings, SavedMatch, SavedPhase, write_ron};
use crate::random::Rng;
use crate::session::Preferences;
use crate::shot::BallId;
use crate::test_support::fresh_dir;
use std::path::{Path, PathBuf};

/// A kind of file: where it lies in the data folder, a good one's bytes, and how the game
/// reads it, giving the messages it shows (and checking inside what it goes on with).
struct Kind {
    file: &'static str,
    good: Vec<u8>,
    read: Box<dyn Fn(&Path) -> Vec<String>>,
}

fn repo_file(path: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The bytes `write` puts in a file at `path`.
fn written(path: PathBuf, write: impl FnOnce(&Path)) -> Vec<u8> {
    write(&path);
    std::fs::read(path).unwrap()
}

fn messages<E: ToString>(errors: impl IntoIterator<Item = E>) -> Vec<String> {
    errors.into_iter().map(|e| e.to_string()).collect()
}

/// Every kind, its good file made in the folder `scratch`.
fn kinds(scratch: &Path) -> Vec<Kind> {
    let at = |name: &str| scratch.join(name);
    let config = Config::defaults();
    let menu = MatchSettings::defaults(&config, vec!["Anna".into(), "Boris".into()]);
    let position = "config/positions/around-the-table.ron";
    let drill = "config/drills/breaks.ron";
    let profile = Profile {
        name: "Anna".into(),
        ..Profile::default()
    };
    vec![
        Kind {
            file: "settings.ron",
            good: written(at("settings.ron"), |p| {
                Preferences::default().save(p).unwrap()
            }),
            read: Box::new(|dir| {
                let (preferences, error) = Preferences::load(&dir.join("settings.ron"));
                assert_eq!(preferences, Preferences::default());
                messages(error)
            }),
        },
        Kind {
            file: "menu.ron",
            good: written(at("menu.ron"), |p| menu.save(p).unwrap()),
            read: Box::new(move |dir| {
                let (settings, error) =
                    MatchSettings::load(&dir.join("menu.ron"), &config, menu.clone());
                assert_eq!(settings, menu);
                messages(error)
            }),
        },
        Kind {
            file: "match.json",
            good: written(at("match.json"), |p| {
                let settings = MatchSettings::defaults(&Config::defaults(), vec!["A".into()]);
                SavedMatch::new(settings, 0, BallId::White, &[], SavedPhase::Aiming)
                    .write(p)
                    .unwrap();
            }),
            read: Box::new(|dir| messages(SavedMatch::read(&dir.join("match.json")).err())),
        },
        Kind {
            file: "positions/damaged.ron",
            good: repo_file(position),
            read: Box::new(move |dir| {
                let folder = dir.join("positions");
                std::fs::write(folder.join("good.ron"), repo_file(position)).unwrap();
                let (read, errors) = positions::load_folder(&folder);
                assert!(read.iter().any(|(p, _)| p.ends_with("good.ron")));
                assert_eq!(read.len() + errors.len(), 2, "each file read or named");
                messages(errors)
            }),
        },
        Kind {
            file: "drills/damaged.ron",
            good: repo_file(drill),
            read: Box::new(move |dir| {
                let folder = dir.join("drills");
                std::fs::write(folder.join("good.ron"), repo_file(drill)).unwrap();
                let (read, errors) = drills::load_folder(&folder);
                assert!(!read.is_empty(), "the good drill beside it");
                assert_eq!(read.len() + errors.len(), 2, "each file read or named");
                messages(errors)
            }),
        },
        Kind {
            file: "drill-history.ron",
            good: written(at("drill-history.ron"), |p| {
                write_ron(p, &DrillHistory::default()).unwrap()
            }),
            read: Box::new(|dir| {
                messages(DrillHistory::read(&dir.join("drill-history.ron")).err())
            }),
        },
        Kind {
            file: "lag-history.ron",
            good: written(at("lag-history.ron"), |p| {
                write_ron(p, &LagHistory::default()).unwrap()
            }),
            read: Box::new(|dir| messages(LagHistory::read(&dir.join("lag-history.ron")).err())),
        },
        Kind {
            file: "players/Anna.ron",
            good: written(at("players-Anna.ron"), |p| write_ron(p, &profile).unwrap()),
            read: Box::new(move |dir| {
                let boris = Profile {
                    name: "Boris".into(),
                    ..profile.clone()
                };
                write_ron(&profile_path(dir, "Boris"), &boris).unwrap();
                let (read, errors) = all_profiles(dir);
                assert!(read.contains(&boris), "the good profile beside it");
                assert_eq!(read.len() + errors.len(), 2, "each file read or named");
                let mut shown = messages(errors);
                shown.extend(messages(read_profile(dir, "Anna").err()));
                shown
            }),
        },
        Kind {
            file: "tables.ron",
            good: repo_file("config/tables.ron"),
            read: Box::new(|dir| messages(Config::load(Some(dir)).err())),
        },
    ]
}

/// The five damages of a good file: a name and the file's making.
fn damages(good: &[u8], other_kind: &[u8]) -> Vec<(&'static str, Box<dyn Fn(&Path)>)> {
    let half = good[..good.len() / 2].to_vec();
    let other = other_kind.to_vec();
    let mut rng = Rng(0xDA4A6E);
    let noise: Vec<u8> = (0..4096).map(|_| rng.next_u64() as u8).collect();
    vec![
        (
            "empty",
            Box::new(|p: &Path| std::fs::write(p, b"").unwrap()),
        ),
        (
            "cut in half",
            Box::new(move |p: &Path| std::fs::write(p, &half).unwrap()),
        ),
        (
            "another kind",
            Box::new(move |p: &Path| std::fs::write(p, &other).unwrap()),
        ),
        (
            "100 MB",
            // A sparse file: 100 MB long, taking no disk.
            Box::new(|p: &Path| {
                let file = std::fs::File::create(p).unwrap();
                file.set_len(100 * 1024 * 1024).unwrap();
            }),
        ),
        (
            "random bytes",
            Box::new(move |p: &Path| std::fs::write(p, &noise).unwrap()),
        ),
    ]
}

/// What a file holds now: its length and, when small, its bytes.
fn contents(path: &Path) -> (u64, Option<Vec<u8>>) {
    let length = std::fs::metadata(path).unwrap().len();
    (
        length,
        (length <= MAX_FILE_BYTES).then(|| std::fs::read(path).unwrap()),
    )
}

#[test]
fn every_damaged_file_is_named_kept_as_it_was_and_the_game_goes_on() {
    let kinds = kinds(&fresh_dir("damaged-good"));
    let mut tried = 0;
    for (k, kind) in kinds.iter().enumerate() {
        let other = &kinds[(k + 1) % kinds.len()].good;
        for (damage, make) in damages(&kind.good, other) {
            let dir = fresh_dir("damaged");
            let path: PathBuf = dir.join(kind.file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            make(&path);
            let before = contents(&path);
            let shown = (kind.read)(&dir);
            let case = format!("{} {damage}", kind.file);
            assert!(!shown.is_empty(), "{case}: read without a word");
            for message in &shown {
                assert!(
                    message.contains(&path.display().to_string()),
                    "{case}: {message}"
                );
            }
            if damage == "100 MB" {
                // Refused by its size, unread (not parsed into memory first).
                let limit = MAX_FILE_BYTES.to_string();
                assert!(
                    shown.iter().all(|m| m.contains(&limit)),
                    "{case}: {shown:?}"
                );
            }
            assert_eq!(contents(&path), before, "{case}: the file changed");
            tried += 1;
        }
    }
    assert_eq!(tried, 9 * 5);
}

#[test]
fn every_good_file_of_the_test_reads_without_a_word() {
    for kind in kinds(&fresh_dir("undamaged-good")) {
        let dir = fresh_dir("undamaged");
        let path = dir.join(kind.file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &kind.good).unwrap();
        assert_eq!((kind.read)(&dir), Vec::<String>::new(), "{}", kind.file);
    }
}
