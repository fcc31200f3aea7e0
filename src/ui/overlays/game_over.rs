//! The end of the game: the winner (or a draw), the final scores, the score sheet
//! stroke by stroke (it scrolls), and a rematch or back to the menu.

use super::{player_name, text, title};
use crate::config::CueAction;
use crate::cue::Actions;
use crate::game::{GameConfig, GameSystems, MatchCommand, MatchSettings, Phase, Screen, Session};
use crate::ui::widgets::{Tone, button, centred_strip, clicked, keys, panel, swatch, toned};
use crate::ui::words::score_sheet;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::GameOver), show_game_over);
    app.add_systems(
        Update,
        (leave_by_click, scroll_sheet)
            .run_if(in_state(Phase::GameOver))
            .in_set(GameSystems::Input),
    );
}

#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum EndButton {
    Rematch,
    Menu,
}

/// The score sheet's scrolling list.
#[derive(Component)]
struct Sheet;

/// Rows of the sheet shown at once, and the height of one, px.
const SHEET_ROWS: f32 = 12.0;
const ROW_PX: f32 = 21.0;

fn cell(width: f32) -> Node {
    Node {
        width: px(width),
        flex_shrink: 0.0,
        column_gap: px(6),
        align_items: AlignItems::Center,
        ..default()
    }
}

/// A row of cells of `widths`, in `tone`.
/// Words side by side, each in a cell of its width.
fn text_cells(
    line: &mut ChildSpawnerCommands,
    words: impl IntoIterator<Item = String>,
    widths: &[f32],
    tone: Tone,
) {
    for (words, width) in words.into_iter().zip(widths) {
        line.spawn((
            toned(words, 16.0, tone),
            TextLayout::no_wrap(),
            cell(*width),
        ));
    }
}

/// A row of text cells.
fn row(
    parent: &mut ChildSpawnerCommands,
    words: impl IntoIterator<Item = String>,
    widths: &[f32],
    tone: Tone,
) {
    parent
        .spawn(Node::default())
        .with_children(|line| text_cells(line, words, widths, tone));
}

fn show_game_over(
    mut commands: Commands,
    session: Res<Session>,
    settings: Res<MatchSettings>,
    config: Res<GameConfig>,
) {
    let config = &config.0;
    let style = settings.ball_style;
    let rematch = keys(config, CueAction::Confirm);
    let menu = keys(config, CueAction::Menu);
    commands
        .spawn((
            Name::new("Game over"),
            centred_strip(140.0),
            DespawnOnExit(Phase::GameOver),
        ))
        .with_children(|strip| {
            strip
                .spawn(panel(Node {
                    row_gap: px(6),
                    width: px(640),
                    ..default()
                }))
                // Darker than the other panels: the table behind is not the point now.
                .insert(BackgroundColor(Color::srgba(0.02, 0.02, 0.03, 0.93)))
                .with_children(|panel| {
                    let Some(referee) = session.referee() else {
                        panel.spawn(title("No game"));
                        if let Some(notice) = &session.notice {
                            panel.spawn(text(notice.clone(), Tone::Bad));
                        }
                        panel.spawn(text(format!("{menu}: menu"), Tone::Dim));
                        return;
                    };
                    let players = referee.players();
                    let heading = match (referee.winner(), players.len()) {
                        (Some(w), _) => format!("Game over: {} wins", players[w].name),
                        (None, 1) => "Game over: the target was not reached".to_owned(),
                        (None, _) => "Game over: a draw".to_owned(),
                    };
                    panel.spawn(title(heading));
                    let widths = [24.0, 150.0, 80.0, 90.0, 100.0, 90.0];
                    row(
                        panel,
                        ["", "Player", "Points", "Innings", "High run", "Average"]
                            .map(String::from),
                        &widths,
                        Tone::Dim,
                    );
                    for (i, p) in players.iter().enumerate() {
                        panel.spawn(Node::default()).with_children(|line| {
                            line.spawn(cell(widths[0])).with_children(|c| {
                                if let Some(ball) = referee.player_ball(i) {
                                    c.spawn(swatch(ball, style, 14.0));
                                }
                            });
                            let winner = referee.winner() == Some(i);
                            let tone = if winner { Tone::Good } else { Tone::Plain };
                            let cells = [
                                p.name.clone(),
                                p.points.to_string(),
                                p.innings.to_string(),
                                p.high_run.to_string(),
                                format!("{:.3}", p.average()),
                            ];
                            text_cells(line, cells, &widths[1..], tone);
                        });
                    }
                    panel.spawn(toned("Score sheet", 17.0, Tone::Plain));
                    let sheet_widths = [50.0, 150.0, 80.0, 60.0, 70.0, 200.0];
                    row(
                        panel,
                        ["#", "Player", "Points", "Run", "Score", "Fouls"].map(String::from),
                        &sheet_widths,
                        Tone::Dim,
                    );
                    panel
                        .spawn((
                            Sheet,
                            Node {
                                flex_direction: FlexDirection::Column,
                                max_height: px(SHEET_ROWS * ROW_PX),
                                overflow: Overflow::scroll_y(),
                                ..default()
                            },
                            ScrollPosition::default(),
                        ))
                        .with_children(|sheet| {
                            for r in score_sheet(&session.verdicts, players.len()) {
                                let fouls = if r.restored {
                                    "restored (rule 22)".to_owned()
                                } else {
                                    r.fouls
                                };
                                let tone = if fouls.is_empty() {
                                    if r.points > 0 { Tone::Plain } else { Tone::Dim }
                                } else {
                                    Tone::Bad
                                };
                                let cells = [
                                    r.number.to_string(),
                                    player_name(&session, &settings, r.shooter),
                                    r.points.to_string(),
                                    r.run.to_string(),
                                    r.score.to_string(),
                                    fouls,
                                ];
                                row(sheet, cells, &sheet_widths, tone);
                            }
                        });
                    if session.verdicts.len() as f32 > SHEET_ROWS {
                        panel.spawn(text(
                            format!(
                                "Scroll the sheet with the mouse wheel or {} / {}",
                                keys(config, CueAction::MenuUp),
                                keys(config, CueAction::MenuDown)
                            ),
                            Tone::Dim,
                        ));
                    }
                    panel
                        .spawn(Node {
                            column_gap: px(12),
                            margin: UiRect::top(px(6)),
                            ..default()
                        })
                        .with_children(|buttons| {
                            buttons
                                .spawn(button(format!("Rematch ({rematch})"), 17.0))
                                .insert(EndButton::Rematch);
                            buttons
                                .spawn(button(format!("Menu ({menu})"), 17.0))
                                .insert(EndButton::Menu);
                        });
                });
        });
}

fn leave_by_click(
    buttons: Query<(&Interaction, &EndButton), Changed<Interaction>>,
    mut commands: MessageWriter<MatchCommand>,
    mut screen: ResMut<NextState<Screen>>,
) {
    for (interaction, end) in &buttons {
        if clicked(interaction) {
            match end {
                EndButton::Rematch => {
                    commands.write(MatchCommand::Rematch);
                }
                EndButton::Menu => screen.set(Screen::Menu),
            }
        }
    }
}

/// The wheel or the up and down keys move the sheet a row at a time.
fn scroll_sheet(
    actions: Res<Actions>,
    wheel: Res<AccumulatedMouseScroll>,
    mut sheet: Query<(&mut ScrollPosition, &ComputedNode), With<Sheet>>,
) {
    let keys = f32::from(u8::from(actions.just_pressed(CueAction::MenuDown)))
        - f32::from(u8::from(actions.just_pressed(CueAction::MenuUp)));
    let turns = if wheel.delta.y == 0.0 {
        0.0
    } else {
        -wheel.delta.y.signum() * 3.0
    };
    let rows = keys + turns;
    if rows == 0.0 {
        return;
    }
    for (mut position, computed) in &mut sheet {
        let most = ((computed.content_size().y - computed.size().y)
            * computed.inverse_scale_factor())
        .max(0.0);
        position.y = (position.y + rows * ROW_PX).clamp(0.0, most);
    }
}
