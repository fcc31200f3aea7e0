//! The end of the game, on its own screen: the winner (or a draw), the final scores,
//! the score sheet by innings and behind it stroke by stroke (it scrolls), and a
//! rematch or back to the menu.

use super::{text, title};
use crate::config::Action;
use crate::input::Actions;
use crate::play::Command;
use crate::rules::Outcome;
use crate::session::{
    ClubNightMatch, GameConfig, GameSystems, Phase, PlayerCommand, Screen, Session, Settings,
    UserFiles,
};
use crate::ui::profiles::profiles_panel;
use crate::ui::sheet::{self, InningWidths};
use crate::ui::widgets::{Tone, button, clicked, keys, panel, swatch, toned};
use crate::words::club_night::NightLine;
use crate::words::words;
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

/// Size of the sheet's text, px.
const TEXT_PX: f32 = 16.0;

/// A row of text cells.
fn row(
    parent: &mut ChildSpawnerCommands,
    words: impl IntoIterator<Item = String>,
    widths: &[f32],
    tone: Tone,
) {
    sheet::row(parent, words, widths, tone, TEXT_PX);
}

fn show_game_over(
    mut commands: Commands,
    session: Res<Session>,
    settings: Res<Settings>,
    config: Res<GameConfig>,
    files: Option<Res<UserFiles>>,
    club_night: Option<Res<ClubNightMatch>>,
) {
    let config = &config.0;
    let style = settings.ball_style;
    let at_club_night = club_night.is_some();
    let rematch = keys(config, Action::Confirm);
    let menu = keys(config, Action::Menu);
    commands
        .spawn((
            Name::new("Game over"),
            // Its own screen: the table behind is not the point now.
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                column_gap: px(16),
                ..default()
            },
            BackgroundColor(Color::srgb(0.02, 0.02, 0.03)),
            Interaction::default(),
            DespawnOnExit(Phase::GameOver),
        ))
        .with_children(|screen| {
            screen
                .spawn(panel(Node {
                    row_gap: px(6),
                    width: px(720),
                    max_height: percent(96),
                    ..default()
                }))
                .with_children(|panel| {
                    let Some(score) = session.sheet() else {
                        panel.spawn(title(words().no_game()));
                        if let Some(notice) = session.notice() {
                            let names = session.settings().seated();
                            panel.spawn(text(words().notice(notice, &names, style), Tone::Bad));
                        }
                        panel.spawn(text(words().to_the_menu(&menu), Tone::Dim));
                        return;
                    };
                    let referee = session.referee().expect("a sheet comes with a referee");
                    // In sets: the whole match's totals, and the sets won.
                    let players = &score.totals();
                    let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
                    let handicap = sheet::handicap(&score);
                    let heading = score
                        .outcome
                        .map_or(String::new(), |o| words().outcome(o, &names));
                    panel.spawn(title(heading));
                    let columns = words().sheet_columns();
                    let widths = [24.0, 180.0, 80.0, 100.0, 120.0, 100.0];
                    let [player, points, innings, high_run, average] = columns.players;
                    let heading = ["", player, points, innings, high_run, average];
                    row(panel, heading.map(String::from), &widths, Tone::Dim);
                    for (i, p) in players.iter().enumerate() {
                        panel.spawn(Node::default()).with_children(|line| {
                            line.spawn(sheet::empty_cell(widths[0])).with_children(|c| {
                                if let Some(ball) = referee.player_ball(i) {
                                    c.spawn(swatch(ball, style, 14.0));
                                }
                            });
                            let winner = score.outcome == Some(Outcome::Winner(i));
                            let tone = if winner { Tone::Good } else { Tone::Plain };
                            let cells = sheet::player_cells(p, handicap);
                            sheet::text_cells(line, cells, &widths[1..], tone, TEXT_PX);
                        });
                    }
                    if let Some(sets) = &score.sets {
                        let won = sets.won(players.len());
                        let set = sets.current(players.len());
                        let line = words().sets_line(set, sets.to_win(), &won, sets.is_deciding());
                        panel.spawn(text(line, Tone::Plain));
                    }
                    // The score sheet by innings, as a carom sheet is kept: each
                    // player's run and running total in each inning (set by set).
                    panel.spawn(toned(columns.score_sheet, 17.0, Tone::Plain));
                    let widths = InningWidths {
                        number: 70.0,
                        run: 110.0,
                        total: 70.0,
                    };
                    let sets: Vec<Option<u32>> = match score.current_set() {
                        Some(last) => (1..=last).map(Some).collect(),
                        None => vec![None],
                    };
                    let (heading, inning_widths, _) = sheet::innings(&score, &widths, 0, None);
                    row(panel, heading, &inning_widths, Tone::Dim);
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
                            for set in &sets {
                                if let Some(n) = set {
                                    sheet.spawn(toned(words().set_heading(*n), 15.0, Tone::Dim));
                                }
                                let (_, _, innings) = sheet::innings(&score, &widths, 0, *set);
                                for cells in innings {
                                    row(sheet, cells, &inning_widths, Tone::Plain);
                                }
                            }
                            // Behind it, stroke by stroke.
                            sheet.spawn(toned(columns.stroke_by_stroke, 16.0, Tone::Plain));
                            let stroke_widths = [50.0, 200.0, 70.0, 60.0, 70.0, 220.0];
                            let strokes = columns.strokes.map(String::from);
                            row(sheet, strokes, &stroke_widths, Tone::Dim);
                            for (i, stroke) in score.rows.iter().enumerate() {
                                let v = &stroke.verdict;
                                let note = words().sheet_note(v);
                                let cells = [
                                    (i + 1).to_string(),
                                    score.name(v.shooter).to_owned(),
                                    v.points.to_string(),
                                    stroke.run.to_string(),
                                    stroke.score.to_string(),
                                    note.text,
                                ];
                                row(sheet, cells, &stroke_widths, note.tone);
                            }
                        });
                    let (up, down) = (keys(config, Action::MenuUp), keys(config, Action::MenuDown));
                    panel.spawn(text(words().scroll_the_sheet(&up, &down), Tone::Dim));
                    panel
                        .spawn(Node {
                            column_gap: px(12),
                            margin: UiRect::top(px(6)),
                            ..default()
                        })
                        .with_children(|buttons| {
                            // A club night's match goes back to the club night instead.
                            let again = match at_club_night {
                                true => words().night_line(&NightLine::BackToNight(&rematch)),
                                false => words().rematch_button(&rematch),
                            };
                            buttons
                                .spawn(button(again, 17.0))
                                .insert(EndButton::Rematch);
                            buttons
                                .spawn(button(words().menu_button(&menu), 17.0))
                                .insert(EndButton::Menu);
                        });
                });
            profiles_panel(screen, &session, files.as_deref(), config);
        });
}

fn leave_by_click(
    buttons: Query<(&Interaction, &EndButton), Changed<Interaction>>,
    club_night: Option<Res<ClubNightMatch>>,
    mut commands: MessageWriter<PlayerCommand>,
    mut screen: ResMut<NextState<Screen>>,
) {
    for (interaction, end) in &buttons {
        if clicked(interaction) {
            match end {
                // Leaving a club night's table goes back to the club night.
                EndButton::Rematch if club_night.is_some() => screen.set(Screen::Menu),
                EndButton::Rematch => {
                    commands.write(PlayerCommand::new(Command::Rematch));
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
    let keys = f32::from(u8::from(actions.just_pressed(Action::MenuDown)))
        - f32::from(u8::from(actions.just_pressed(Action::MenuUp)));
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
