//! The score sheet by innings as a carom sheet is kept, in rows of text cells: each
//! player's run and running total in each inning. The end of a game shows it whole, the
//! match viewer as it stood at the stroke shown.

use super::widgets::{Tone, toned};
use crate::rules::{PlayerScore, ScoreSheet};
use crate::words::words;
use bevy::prelude::*;

/// Widths of the innings table's columns, px: the inning's number, then each player's
/// run and total.
pub(super) struct InningWidths {
    pub number: f32,
    pub run: f32,
    pub total: f32,
}

fn cell(width: f32) -> Node {
    Node {
        width: px(width),
        flex_shrink: 0.0,
        column_gap: px(6),
        align_items: AlignItems::Center,
        ..default()
    }
}

/// Words side by side, each in a cell of its width, `size` px.
pub(super) fn text_cells(
    line: &mut ChildSpawnerCommands,
    words: impl IntoIterator<Item = String>,
    widths: &[f32],
    tone: Tone,
    size: f32,
) {
    for (words, width) in words.into_iter().zip(widths) {
        line.spawn((
            toned(words, size, tone),
            TextLayout::no_wrap(),
            cell(*width),
        ));
    }
}

/// A row of text cells.
pub(super) fn row(
    parent: &mut ChildSpawnerCommands,
    words: impl IntoIterator<Item = String>,
    widths: &[f32],
    tone: Tone,
    size: f32,
) {
    parent
        .spawn(Node::default())
        .with_children(|line| text_cells(line, words, widths, tone, size));
}

/// A cell that holds something other than text (a ball's swatch), `width` px.
pub(super) fn empty_cell(width: f32) -> Node {
    cell(width)
}

/// A player's totals: name, points (of their own target in a `handicap` match),
/// innings, high run, average.
pub(super) fn player_cells(p: &PlayerScore, handicap: bool) -> [String; 5] {
    [
        p.name.clone(),
        words().points_of(p.points, p.target, handicap),
        p.innings.to_string(),
        p.high_run.to_string(),
        words().average(p.average()),
    ]
}

/// Whether any player plays to a target of their own.
pub(super) fn handicap(score: &ScoreSheet) -> bool {
    score.players.iter().any(|p| p.target != score.target)
}

/// The innings table's heading, the widths of its columns and its rows from inning
/// `from` (0: the first) on; in a match in sets, those of `set`.
pub(super) fn innings(
    score: &ScoreSheet,
    widths: &InningWidths,
    from: usize,
    set: Option<u32>,
) -> (Vec<String>, Vec<f32>, Vec<Vec<String>>) {
    let columns = words().sheet_columns();
    let mut all_widths = vec![widths.number];
    let mut heading = vec![columns.inning.to_owned()];
    for p in &score.players {
        all_widths.extend([widths.run, widths.total]);
        heading.extend([p.name.clone(), columns.total.to_owned()]);
    }
    let rows = score
        .inning_rows(set)
        .iter()
        .enumerate()
        .skip(from)
        .map(|(n, inning_row)| {
            let mut cells = vec![(n + 1).to_string()];
            for inning in inning_row {
                match inning {
                    Some(i) => cells.extend([i.run.to_string(), i.total.to_string()]),
                    None => cells.extend([String::new(), String::new()]),
                }
            }
            cells
        })
        .collect();
    (heading, all_widths, rows)
}
