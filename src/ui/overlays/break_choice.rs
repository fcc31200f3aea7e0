//! Rules 4 and 6: the lag winner breaks or passes the break, and picks the cue ball
//! they play all game: four choices, by key or by click.

use super::title;
use crate::config::Action;
use crate::play::Command;
use crate::session::{
    GameConfig, GameSystems, PersonSystems, Phase, PlayerCommand, Session, Settings,
};
use crate::shot::BallId;
use crate::ui::widgets::{BUTTON_COLOUR, Tone, clicked, keys, label, swatch, toned};
use crate::words::words;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::ChooseBreak), show_choices);
    app.add_systems(
        Update,
        choose_by_click
            .run_if(in_state(Phase::ChooseBreak))
            .in_set(PersonSystems)
            .in_set(GameSystems::Input),
    );
}

/// A choice's button.
#[derive(Component, Clone, Copy)]
struct Choice {
    break_it: bool,
    ball: BallId,
}

/// The four choices, in the order of their keys.
const CHOICES: [(Action, Choice); 4] = [
    (
        Action::Choose1,
        Choice {
            break_it: true,
            ball: BallId::White,
        },
    ),
    (
        Action::Choose2,
        Choice {
            break_it: true,
            ball: BallId::Dotted,
        },
    ),
    (
        Action::Choose3,
        Choice {
            break_it: false,
            ball: BallId::White,
        },
    ),
    (
        Action::Choose4,
        Choice {
            break_it: false,
            ball: BallId::Dotted,
        },
    ),
];

fn show_choices(
    mut commands: Commands,
    session: Res<Session>,
    settings: Res<Settings>,
    config: Res<GameConfig>,
) {
    let Some(winner) = session.lag().and_then(|lag| lag.winner) else {
        return;
    };
    let style = settings.ball_style;
    let name = words().seat(&session.seat(winner));
    let other = words().seat(&session.seat(1 - winner));
    commands
        .spawn(super::overlay("Break choice", Phase::ChooseBreak))
        .with_children(|panel| {
            panel.spawn(title(words().break_choice_title(&name)));
            for (action, choice) in CHOICES {
                let ball = words().ball(choice.ball, style);
                let theirs = choice.ball.other_white().unwrap_or(BallId::White);
                let theirs = words().ball(theirs, style);
                let said = words().break_choice(choice.break_it, &ball, &other, &theirs);
                panel
                    .spawn((
                        choice,
                        Button,
                        Node {
                            padding: UiRect::axes(px(12), px(6)),
                            column_gap: px(10),
                            align_items: AlignItems::Center,
                            border: UiRect::all(px(2)),
                            border_radius: BorderRadius::all(px(6)),
                            ..default()
                        },
                        BackgroundColor(BUTTON_COLOUR),
                        BorderColor::all(Color::NONE),
                    ))
                    .with_children(|b| {
                        b.spawn(label(keys(&config.0, action), 16.0));
                        b.spawn(swatch(choice.ball, style, 16.0));
                        b.spawn(label(said, 15.0));
                    });
            }
            panel.spawn(toned(words().ball_for_the_game(&other), 15.0, Tone::Dim));
        });
}

fn choose_by_click(
    choices: Query<(&Interaction, &Choice), Changed<Interaction>>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    for (interaction, choice) in &choices {
        if clicked(interaction) {
            commands.write(PlayerCommand::new(Command::ChooseBreak {
                break_it: choice.break_it,
                ball: choice.ball,
            }));
        }
    }
}
