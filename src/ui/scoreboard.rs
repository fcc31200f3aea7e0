//! The scoreboard at the table: the game and its length, each player with their cue
//! ball, points, innings, current run, high run and average, the shooter marked; a
//! match in sets' set and sets won; the shot clock (its colour at the warning) and the
//! time-outs left; a declared safety and the current notice. Before the break (and a
//! set's) it shows the lag; in lag training, the lags so far.

use super::dock::{Slot, docked};
use super::widgets::{Tone, keys, label, set_text, swatch, tone_colour, toned};
use crate::config::Action;
use crate::play::{BallStyle, Play};
use crate::rules::PlayerScore;
use crate::session::{GameConfig, GameSystems, Phase, Screen, Session, at_table, viewing};
use crate::shot::BallId;
use crate::words::{Lagger, Line, named, words};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    // Watching a match, the viewer keeps the board of the sheet as it stood.
    app.add_systems(
        OnEnter(Screen::Table),
        spawn_scoreboard.run_if(not(viewing)),
    );
    app.add_systems(
        Update,
        (fill_scoreboard, run_clock_line)
            .chain()
            .run_if(at_table)
            .in_set(GameSystems::Present),
    );
}

#[derive(Component)]
struct Scoreboard;

/// The shot clock's line on the board, counted down every frame.
#[derive(Component)]
struct ClockLine;

fn spawn_scoreboard(mut commands: Commands) {
    commands.spawn((
        Name::new("Scoreboard"),
        Scoreboard,
        docked(Slot::Scoreboard),
        DespawnOnExit(Screen::Table),
    ));
}

/// Widths of the columns, px: marker, ball, name, points, innings, run, high run, average.
/// Together no wider than the board's inside (312 px: the fold mark's room on the right):
/// a row wider than that had the board measure its title word by word, and grow as tall.
const COLUMNS: [f32; 8] = [10.0, 18.0, 106.0, 30.0, 34.0, 28.0, 36.0, 50.0];
/// Size of the board's text, px.
const TEXT_PX: f32 = 15.0;
/// Size of the column headings, px: smaller, so that a heading keeps apart from the next.
const HEADING_PX: f32 = 13.0;

/// One line of the board.
pub(super) struct BoardRow {
    shooter: bool,
    ball: Option<BallId>,
    cells: Vec<String>,
}

/// Rebuilds the board when what it shows has changed.
fn fill_scoreboard(
    mut commands: Commands,
    board: Single<(Entity, Ref<Scoreboard>)>,
    session: Res<Session>,
    phase: Res<State<Phase>>,
    config: Res<GameConfig>,
) {
    let (board, added) = (board.0, board.1.is_added());
    // The match changes as the balls roll; the board only with the phase or a command.
    if !(added || phase.is_changed() || session.is_changed() && session.sim().at_rest()) {
        return;
    }
    let settings = session.settings();
    let style = settings.ball_style;
    let (title, heading, rows) = board_contents(&session, **phase);
    let mut footer: Vec<Line> = Vec::new();
    if let Some(training) = session.lag_training() {
        footer.extend(
            training
                .log()
                .last
                .as_ref()
                .map(|last| words().last_lag(last)),
        );
    }
    if let Some(referee) = session.referee()
        && let (Some(tally), Some(rule)) = (referee.balk_tally(), referee.game().balk)
    {
        footer.push(words().balk_tally(&tally, rule.counts_in_space));
    }
    if let Some(sets) = session.referee().and_then(|r| r.sets()) {
        let players = settings.seated().len();
        let (won, set) = (sets.won(players), sets.current(players));
        footer.push(Line::new(
            words().sets_line(set, sets.to_win(), &won, sets.is_deciding()),
            Tone::Plain,
        ));
    }
    let clock_runs =
        matches!(**phase, Phase::BreakSetup | Phase::Aiming) && session.clock().is_some();
    if let Some(left) = session.time_outs_left().filter(|_| clock_runs) {
        let key = keys(&config.0, Action::TimeOut);
        footer.push(Line::new(words().time_outs(left, &key), Tone::Dim));
    }
    if session.declared_safety() {
        footer.push(Line::new(words().safety_declared(), Tone::Warn));
    }
    if **phase == Phase::Aiming {
        let config = &config.0;
        // Only hot-seat matches are saved for resuming.
        let saved = matches!(**session, Play::Match(_));
        footer.push(Line::new(
            words().table_keys(
                &keys(config, Action::DeclareSafety),
                &keys(config, Action::RestorePositions),
                &keys(config, Action::Menu),
                saved,
            ),
            Tone::Dim,
        ));
    }
    if let Some(notice) = session.notice() {
        let names = settings.seated();
        footer.push(Line::new(words().notice(notice, &names, style), Tone::Warn));
    }
    commands
        .entity(board)
        .despawn_children()
        .with_children(|board| {
            spawn_board(board, title, heading.as_deref(), &rows, style);
            if clock_runs {
                board.spawn((ClockLine, toned("", 16.0, Tone::Plain)));
            }
            for line in footer {
                board.spawn(toned(line.text, 14.0, line.tone));
            }
        });
}

/// The shot clock's seconds left, in the warning's colour once it has been given.
fn run_clock_line(
    session: Res<Session>,
    mut line: Query<(&mut Text, &mut TextColor), With<ClockLine>>,
) {
    let Some(clock) = session.clock() else {
        return;
    };
    for (mut text, mut colour) in &mut line {
        set_text(
            &mut text,
            words().shot_clock(clock.left_s(), clock.time_out()),
        );
        let tone = if clock.warned() {
            Tone::Bad
        } else {
            Tone::Plain
        };
        colour.0 = tone_colour(tone);
    }
}

/// The board's title, its column headings and its rows.
pub(super) fn spawn_board(
    board: &mut ChildSpawnerCommands,
    title: String,
    heading: Option<&[String]>,
    rows: &[BoardRow],
    style: BallStyle,
) {
    board.spawn(label(title, 16.0));
    if let Some(heading) = heading {
        spawn_row(board, heading, None, false, HEADING_PX, Tone::Dim, style);
    }
    for row in rows {
        let tone = if row.shooter { Tone::Plain } else { Tone::Dim };
        spawn_row(
            board,
            &row.cells,
            row.ball,
            row.shooter,
            TEXT_PX,
            tone,
            style,
        );
    }
}

/// The players' rows: name, points, innings, current run, high run, average; the
/// shooter's (if one is at the table) marked, with the ball `ball` gives a player.
pub(super) fn player_rows(
    players: &[PlayerScore],
    shooter: Option<usize>,
    ball: impl Fn(usize, bool) -> Option<BallId>,
) -> Vec<BoardRow> {
    players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let shooter = shooter == Some(i);
            BoardRow {
                shooter,
                ball: ball(i, shooter),
                cells: vec![
                    p.name.clone(),
                    p.points.to_string(),
                    p.innings.to_string(),
                    p.current_run.to_string(),
                    p.high_run.to_string(),
                    words().average(p.average()),
                ],
            }
        })
        .collect()
}

fn spawn_row(
    board: &mut ChildSpawnerCommands,
    cells: &[String],
    ball: Option<BallId>,
    marked: bool,
    size: f32,
    tone: Tone,
    style: BallStyle,
) {
    board
        .spawn(Node {
            align_items: AlignItems::Center,
            ..default()
        })
        .with_children(|line| {
            let cell = |width: f32| Node {
                width: px(width),
                flex_shrink: 0.0,
                overflow: Overflow::clip(),
                ..default()
            };
            line.spawn((
                toned(if marked { "›" } else { "" }, TEXT_PX, Tone::Warn),
                cell(COLUMNS[0]),
            ));
            line.spawn(cell(COLUMNS[1])).with_children(|c| {
                if let Some(ball) = ball {
                    c.spawn(swatch(ball, style, 14.0));
                }
            });
            // Fewer cells than columns: the last one takes the rest of the line.
            let columns = &COLUMNS[2..];
            for (i, text) in cells.iter().enumerate() {
                let last = i + 1 == cells.len() && cells.len() < columns.len();
                if last {
                    // It wraps at the board's edge (Russian runs longer).
                    line.spawn((
                        toned(text.clone(), size, tone),
                        TextLayout::new(Justify::Left, LineBreak::WordBoundary),
                    ));
                    continue;
                }
                // The name stands left and apart from the next cell, the numbers (and
                // their headings) to the right; a text longer than its cell is cut at
                // the cell's edge.
                let (justify, place, room) = if i == 0 {
                    (Justify::Left, JustifyContent::FlexStart, 4.0)
                } else {
                    (Justify::Right, JustifyContent::FlexEnd, 0.0)
                };
                line.spawn(Node {
                    padding: UiRect::right(px(room)),
                    justify_content: place,
                    overflow_clip_margin: OverflowClipMargin::content_box(),
                    ..cell(columns[i])
                })
                .with_child((
                    toned(text.clone(), size, tone),
                    TextLayout::new(justify, LineBreak::NoWrap),
                ));
            }
        });
}

/// The board's title, column headings and rows for what is going on at the table.
fn board_contents(session: &Session, phase: Phase) -> (String, Option<Vec<String>>, Vec<BoardRow>) {
    let settings = session.settings();
    let seated = settings.seated();
    let name = |i: usize| seated.get(i).cloned().unwrap_or_else(|| "?".into());
    // A set's lag shows the lag, though the match has its referee.
    let lagging = session.lag().is_some()
        && matches!(phase, Phase::Lag | Phase::LagRolling | Phase::LagResult);
    if let Some(referee) = session.referee().filter(|_| !lagging) {
        let title = words().board_title(
            named(referee.game()),
            &referee
                .players()
                .iter()
                .map(|p| p.target)
                .collect::<Vec<_>>(),
            referee.innings_limit(),
        );
        let heading = words().board_columns().map(String::from).to_vec();
        let shooter = (!referee.is_over()).then(|| referee.shooter());
        // In rotation the ball changes with every stroke: the shooter's is shown.
        let rows = player_rows(referee.players(), shooter, |i, shooter| {
            referee
                .player_ball(i)
                .or(shooter.then(|| referee.cue_ball()))
        });
        return (title, Some(heading), rows);
    }
    if let Some(training) = session.lag_training() {
        let summary = training.log().summary();
        let rows = vec![BoardRow {
            shooter: true,
            ball: Some(BallId::White),
            cells: vec![name(0), words().training_row(summary.lags, summary.best_mm)],
        }];
        return (words().lag_heading(true).to_owned(), None, rows);
    }
    let Some(lag) = session.lag() else {
        return (String::new(), None, Vec::new());
    };
    let turn = lag.turn_index();
    let rows = lag
        .setups
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let status = if lag.winner == Some(l.player) {
                Lagger::Won
            } else if phase == Phase::Lag && turn == Some(i) {
                Lagger::AtTheTable
            } else if l.stroke.is_some() && phase == Phase::Lag {
                Lagger::Ready
            } else {
                Lagger::Waiting
            };
            BoardRow {
                shooter: phase == Phase::Lag && turn == Some(i),
                ball: Some(l.ball),
                cells: vec![name(l.player), words().lagger(l.side, status)],
            }
        })
        .collect();
    let title = words().lag_heading(false).to_owned();
    (title, None, rows)
}
