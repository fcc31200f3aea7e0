//! Practice: positions, drills and their library.

use super::*;

/// Practice: positions, drills and their library.
pub trait PracticeWords {
    // --- practice ---
    /// What a practice position asks of its stroke; an area in diamonds, as players
    /// read the table.
    fn target(&self, target: &Target, table: &TableGeometry) -> String;
    /// Whether the stroke did what its position asks, and if not, why.
    fn target_result(&self, result: &Result<Met, Miss>, style: BallStyle) -> Line;

    // --- practice positions and drills ---
    fn library_note(&self, note: &LibraryNote) -> String;
    /// The name offered for the player's `n`th own position.
    fn own_position_name(&self, n: usize) -> String;
    /// Naming a position: the name so far, and the keys.
    fn naming_position(&self, name: &str) -> [String; 2];
    /// Typing a ball's place in diamonds: the text so far, and how it reads.
    fn placing_ball(&self, text: &str) -> [String; 2];
    /// The drill under way: its name, position and attempt.
    fn drill_under_way(&self, drill: &DrillProgress) -> [String; 3];
    /// "Position `number`/`count`: `name`".
    fn position_of(&self, number: usize, count: usize, name: &str) -> String;
    /// The keys of a position shown (`delete` for the player's own).
    fn position_keys(&self, next: &str, stroke: &str, save: &str, delete: Option<&str>) -> String;
    /// The keys of the library, with how many positions and drills this game has.
    fn library_keys(&self, next: &str, positions: usize, drill: &str, drills: usize) -> String;
}
