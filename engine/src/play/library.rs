//! The practice library of one game, as a player steps through it: its positions (the
//! built-in ones with a config folder's, then the player's own), the one set up, its
//! drills in turn and the history of their runs. It owns the player's files of practice:
//! it reads them when opened, writes a saved position, deletes one, keeps each finished
//! run. The shell only says what it answers.

use super::drills::{Drill, DrillHistory, DrillProgress, DrillRun, MissingPosition};
use super::positions::{self, Position};
use super::{FileError, StoragePaths, bundled, now_s};
use std::path::{Path, PathBuf};

/// Where a position of the library comes from: only the player's own can be deleted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Bundled,
    Own,
}

/// One game's positions and drills, and the player's files they are kept in.
#[derive(Debug)]
pub struct Library {
    game: String,
    config: Option<PathBuf>,
    own: PathBuf,
    positions: Vec<(PathBuf, Position, Origin)>,
    current: Option<usize>,
    drills: Vec<Drill>,
    next_drill: usize,
    /// The runs so far, and their file; none when that file could not be read (it is
    /// left as it is, and no run is kept).
    history: Option<(PathBuf, DrillHistory)>,
}

/// What went wrong opening the library: what the player should hear first.
#[derive(Debug, PartialEq)]
pub enum OpenTrouble {
    /// A position or drill file that cannot be read (the rest are there).
    Unreadable(FileError),
    /// The drill history cannot be read: runs are not kept.
    HistoryNotKept(FileError),
}

/// A finished drill: how it went, and its best and trend over the runs kept.
#[derive(Debug, PartialEq)]
pub struct DrillDone {
    pub made: u32,
    pub tries: usize,
    pub score: f64,
    pub best: Option<f64>,
    pub trend: Option<f64>,
    /// The history that could not be written.
    pub not_kept: Option<FileError>,
    /// An exam's grade.
    pub grade: Option<super::exam::NamedGrade>,
}

/// Why no drill starts.
#[derive(Debug, PartialEq)]
pub enum DrillRefusal {
    /// The game has none.
    NoDrills,
    Missing(MissingPosition),
}

/// What the delete key came to.
#[derive(Debug, PartialEq)]
pub enum Deletion {
    /// No position of the library is set up.
    NothingShown,
    /// A built-in position stays.
    BundledStays,
    Deleted(PathBuf),
    Failed(FileError),
}

impl Library {
    /// The library of `game`: the built-in positions and drills with those of the config
    /// folder `config`, and the player's own positions and drill history (`paths`).
    /// Files that cannot be read are left as they are; the first trouble is told.
    pub fn open(
        game: &str,
        config: Option<&Path>,
        paths: &StoragePaths,
    ) -> (Library, Option<OpenTrouble>) {
        let mut library = Library {
            game: game.to_owned(),
            config: config.map(Path::to_owned),
            own: paths.own_positions(),
            positions: Vec::new(),
            current: None,
            drills: Vec::new(),
            next_drill: 0,
            history: None,
        };
        let mut trouble = library.read_positions().map(OpenTrouble::Unreadable);
        let (drills, errors) = bundled::drills(config);
        library.drills = drills.into_iter().filter(|d| d.game == game).collect();
        let path = paths.drill_history();
        match DrillHistory::read(&path) {
            Ok(history) => library.history = Some((path, history)),
            Err(e) => trouble = Some(OpenTrouble::HistoryNotKept(e)),
        }
        if let Some(e) = errors.into_iter().next() {
            trouble = Some(OpenTrouble::Unreadable(e));
        }
        (library, trouble)
    }

    /// Reads this game's positions again, built-in and own; the first file that cannot
    /// be read.
    fn read_positions(&mut self) -> Option<FileError> {
        let mut problems = Vec::new();
        self.positions.clear();
        for (origin, (positions, errors)) in [
            (Origin::Bundled, bundled::positions(self.config.as_deref())),
            (Origin::Own, positions::load_folder(&self.own)),
        ] {
            problems.extend(errors);
            self.positions.extend(
                positions
                    .into_iter()
                    .filter(|(_, p)| p.game == self.game)
                    .map(|(path, p)| (path, p, origin)),
            );
        }
        problems.into_iter().next()
    }

    /// Every position, the built-in ones first.
    pub fn positions(&self) -> &[(PathBuf, Position, Origin)] {
        &self.positions
    }

    /// The position set up from the library: its number from 0, itself, its origin.
    pub fn current(&self) -> Option<(usize, &Position, Origin)> {
        let i = self.current?;
        self.positions.get(i).map(|(_, p, origin)| (i, p, *origin))
    }

    /// This game's drills.
    pub fn drill_count(&self) -> usize {
        self.drills.len()
    }

    /// The player's own positions.
    pub fn own_count(&self) -> usize {
        self.positions.iter().filter(|p| p.2 == Origin::Own).count()
    }

    /// The next position (the first when none is set up), or the one before (the last):
    /// the one to set up; none when the library is empty.
    pub fn step(&mut self, forward: bool) -> Option<Position> {
        let count = self.positions.len();
        if count == 0 {
            return None;
        }
        let next = match (self.current, forward) {
            (None, true) => 0,
            (None, false) => count - 1,
            (Some(i), true) => (i + 1) % count,
            (Some(i), false) => (i + count - 1) % count,
        };
        self.current = Some(next);
        Some(self.positions[next].1.clone())
    }

    /// Saves `position` as one of the player's own and sets it up: where it went.
    pub fn save_own(&mut self, position: &Position) -> Result<PathBuf, FileError> {
        let saved = positions::save(&self.own, position);
        self.read_positions();
        self.current = self.positions.iter().position(|p| p.1 == *position);
        saved
    }

    /// Deletes the position set up, when it is the player's own.
    pub fn delete_current(&mut self) -> Deletion {
        let Some((path, _, origin)) = self.current.and_then(|i| self.positions.get(i)) else {
            return Deletion::NothingShown;
        };
        if *origin == Origin::Bundled {
            return Deletion::BundledStays;
        }
        let path = path.clone();
        let deleted = super::delete(&path);
        self.read_positions();
        self.current = None;
        match deleted {
            Ok(()) => Deletion::Deleted(path),
            Err(e) => Deletion::Failed(e),
        }
    }

    /// The next of this game's drills, in turn, from its first position.
    pub fn next_drill(&mut self) -> Result<DrillProgress, DrillRefusal> {
        if self.drills.is_empty() {
            return Err(DrillRefusal::NoDrills);
        }
        let drill = self.drills[self.next_drill % self.drills.len()].clone();
        self.next_drill += 1;
        let known: Vec<(PathBuf, Position)> = self
            .positions
            .iter()
            .map(|(path, p, _)| (path.clone(), p.clone()))
            .collect();
        let positions = drill.positions(&known).map_err(DrillRefusal::Missing)?;
        self.current = None;
        Ok(DrillProgress::new(drill, positions, now_s()))
    }

    /// The drill of this name.
    pub fn drill(&self, name: &str) -> Option<&Drill> {
        self.drills.iter().find(|d| d.name == name)
    }

    /// A finished run, kept in the history (when it can be).
    pub fn record_drill(&mut self, run: &DrillRun) -> DrillDone {
        let mut done = DrillDone {
            made: run.made.iter().sum(),
            tries: run.attempts as usize * run.made.len(),
            score: run.score(),
            best: None,
            trend: None,
            not_kept: None,
            grade: None,
        };
        if let Some((path, history)) = &mut self.history {
            match history.record(path, run.clone()) {
                Ok(()) => {
                    done.best = history.best(&run.drill);
                    done.trend = history.trend(&run.drill);
                }
                Err(e) => done.not_kept = Some(e),
            }
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::fresh_dir;

    fn opened(tag: &str) -> (Library, StoragePaths) {
        let paths = StoragePaths::in_folder(&fresh_dir(&format!("library-{tag}")));
        let (library, trouble) = Library::open("three_cushion", None, &paths);
        assert_eq!(trouble, None);
        (library, paths)
    }

    #[test]
    fn the_built_in_positions_of_the_game_are_stepped_through_both_ways() {
        let (mut library, _) = opened("step");
        let count = library.positions().len();
        assert!(count > 3, "{count} three-cushion positions built in");
        assert!(
            library
                .positions()
                .iter()
                .all(|p| p.1.game == "three_cushion")
        );
        assert_eq!(library.own_count(), 0);
        let last = library.step(false).unwrap();
        assert_eq!(library.current().unwrap().0, count - 1);
        assert_eq!(last, library.positions()[count - 1].1);
        library.step(true);
        assert_eq!(library.current().unwrap().0, 0, "after the last, the first");
        library.step(false);
        assert_eq!(library.current().unwrap().0, count - 1);
    }

    #[test]
    fn an_own_position_is_saved_set_up_and_deleted_but_a_built_in_one_stays() {
        let (mut library, paths) = opened("own");
        let mut position = library.step(true).unwrap();
        assert_eq!(library.delete_current(), Deletion::BundledStays);
        position.name = "My long one".into();
        let path = library.save_own(&position).unwrap();
        assert!(path.starts_with(paths.own_positions()), "{path:?}");
        assert_eq!(library.own_count(), 1);
        let (_, shown, origin) = library.current().unwrap();
        assert_eq!((shown, origin), (&position, Origin::Own));
        // Opened again (another session), it is there.
        let (again, _) = Library::open("three_cushion", None, &paths);
        assert_eq!(again.own_count(), 1);
        assert_eq!(library.delete_current(), Deletion::Deleted(path.clone()));
        assert!(!path.exists());
        assert_eq!((library.own_count(), library.current()), (0, None));
        assert_eq!(library.delete_current(), Deletion::NothingShown);
    }

    #[test]
    fn drills_start_in_turn_and_each_run_is_kept_with_its_best() {
        let (mut library, paths) = opened("drills");
        assert!(library.drill_count() > 0);
        library.step(true);
        let progress = library.next_drill().unwrap();
        assert_eq!(library.current(), None, "a drill sets up its own positions");
        let mut run = progress.run.clone();
        run.made = vec![1; run.made.len()];
        let done = library.record_drill(&run);
        assert_eq!(done.made as usize, run.made.len());
        assert_eq!(done.best, Some(run.score()));
        assert_eq!(done.not_kept, None);
        let history = DrillHistory::read(&paths.drill_history()).unwrap();
        assert_eq!(history.runs, vec![run]);
        let (mut no_game, _) = Library::open("no_such_game", None, &paths);
        assert_eq!(no_game.next_drill().unwrap_err(), DrillRefusal::NoDrills);
    }

    #[test]
    fn an_unreadable_drill_history_is_told_left_alone_and_no_run_is_written_over_it() {
        let paths = StoragePaths::in_folder(&fresh_dir("library-broken-history"));
        std::fs::write(paths.drill_history(), "not ron").unwrap();
        let (mut library, trouble) = Library::open("three_cushion", None, &paths);
        assert!(matches!(trouble, Some(OpenTrouble::HistoryNotKept(_))));
        let run = library.next_drill().unwrap().run;
        assert_eq!(library.record_drill(&run).best, None);
        assert_eq!(
            std::fs::read_to_string(paths.drill_history()).unwrap(),
            "not ron"
        );
    }
}
