//! The lag's overlays (rule 5). While the players set up: whose turn it is, that the
//! other player looks away, how to place the ball and get ready. The result: for each
//! ball whether it touched the foot cushion, crossed over, touched the red or left the
//! table, its distance from the head cushion, and the verdict.

use super::{fill, overlay, text, title};
use crate::config::Action;
use crate::game::{GameConfig, GameSystems, Phase, Session, Settings};
use crate::play::{LagOpponent, LagResult, Mode};
use crate::rules::{LagBall, Side};
use crate::ui::widgets::{Tone, keys, swatch, toned};
use crate::words::{Line, words};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Lag), spawn_lag_panel);
    app.add_systems(
        Update,
        fill_lag_panel
            .run_if(in_state(Phase::Lag))
            .in_set(GameSystems::Present),
    );
    app.add_systems(OnEnter(Phase::LagResult), show_lag_result);
}

#[derive(Component)]
struct LagPanel;

fn spawn_lag_panel(mut commands: Commands) {
    commands.spawn((LagPanel, overlay("Lag overlay", Phase::Lag)));
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Left => "left",
        Side::Right => "right",
    }
}

/// Says whose turn it is; changes when the first player is ready.
fn fill_lag_panel(
    mut commands: Commands,
    panel: Single<(Entity, Ref<LagPanel>)>,
    session: Res<Session>,
    settings: Res<Settings>,
    config: Res<GameConfig>,
) {
    let (panel, added) = (panel.0, panel.1.is_added());
    if !(added || session.is_changed()) {
        return;
    }
    let Some(lag) = session.lag() else {
        return;
    };
    let Some(turn) = lag.turn_index() else {
        return;
    };
    let config = &config.0;
    let lagger = &lag.setups[turn];
    let name = words().seat(&session.seat(lagger.player));
    let ball = words().ball(lagger.ball, settings.ball_style);
    let side = side_name(lagger.side);
    let place = format!(
        "Press on your ball and drag it anywhere behind the head string in the {side} half. \
         Aim at the foot cushion; power with {} / {}.",
        keys(config, Action::PowerUp),
        keys(config, Action::PowerDown),
    );
    let ready = keys(config, Action::Confirm);
    let mut lines = Vec::new();
    let training = session.lag_training();
    let heading = if training.is_some() {
        "Lag training (rule 5)"
    } else {
        "Lag for the break (rule 5)"
    };
    if let Some(training) = training {
        lines.push(Line::new(
            format!("{name}: the {ball} ball, {side} half"),
            Tone::Warn,
        ));
        let against = match training.opponent() {
            LagOpponent::Alone => "alone".to_owned(),
            LagOpponent::Computer { spread } => format!(
                "the computer (speed off by {:.0} %), struck with yours",
                spread * 100.0
            ),
            LagOpponent::Ghost => "your best lag (ghost), struck with yours".to_owned(),
        };
        lines.push(Line::new(
            format!(
                "Against: {against}; {}: another opponent",
                keys(config, Action::LagOpponent)
            ),
            Tone::Plain,
        ));
        lines.push(Line::new(place, Tone::Plain));
        lines.push(Line::new(
            format!(
                "{} or {ready}: lag; {}: the other half",
                keys(config, Action::Strike),
                keys(config, Action::SwitchLagHalf)
            ),
            Tone::Plain,
        ));
    } else {
        let other = lag
            .setups
            .iter()
            .find(|l| l.player != lagger.player)
            .map(|l| words().seat(&session.seat(l.player)))
            .unwrap_or_default();
        let then = if turn == 0 {
            format!("then {other} sets up")
        } else {
            "then both balls are struck together".to_owned()
        };
        lines.push(Line::new(
            format!("{name}'s turn: the {ball} ball, {side} half"),
            Tone::Warn,
        ));
        lines.push(Line::new(
            format!("{other} looks away: this stroke stays hidden until both balls are struck."),
            Tone::Plain,
        ));
        lines.push(Line::new(place, Tone::Plain));
        lines.push(Line::new(
            format!("{ready} (or click off the ball): ready, {then}"),
            Tone::Plain,
        ));
    }
    lines.push(Line::new(
        if training.is_some() {
            "Touch the foot cushion; stay in your half, off the red and on the table; \
             stop as close to the head cushion as you can."
        } else {
            "Touch the foot cushion; stay in your half, off the red and on the table. \
             The ball that stops closest to the head cushion wins."
        },
        Tone::Dim,
    ));
    commands
        .entity(panel)
        .despawn_children()
        .with_children(|panel| fill(panel, heading, lines));
}

/// Widths of the result's columns, px: the fact, then one per ball (they fit the
/// right-hand column; a fact's words wrap).
const FACT_PX: f32 = 160.0;
const BALL_PX: f32 = 70.0;
/// Size of the result's text, px.
const RESULT_TEXT: f32 = 14.0;

fn show_lag_result(
    mut commands: Commands,
    session: Res<Session>,
    settings: Res<Settings>,
    config: Res<GameConfig>,
) {
    let config = &config.0;
    let go_on = keys(config, Action::Confirm);
    let Some(lag) = session.lag() else {
        return;
    };
    let names: Vec<String> = lag
        .setups
        .iter()
        .map(|l| words().seat(&session.seat(l.player)))
        .collect();
    let (balls, outcome, next): (Vec<&LagBall>, _, String) = match &lag.result {
        Some(LagResult::Match(verdict)) => {
            let names = [names[0].as_str(), names[1].as_str()];
            let next = match lag.winner {
                Some(w) => format!(
                    "{go_on}: {} chooses the break",
                    words().seat(&session.seat(w))
                ),
                None => format!("{go_on}: lag again"),
            };
            (
                verdict.balls.iter().collect(),
                Some(words().lag_outcome(verdict, names, config.games.referee.lag_tolerance_mm)),
                next,
            )
        }
        Some(LagResult::Training(ball)) => (
            vec![ball],
            Some(words().lag_summary(ball)),
            format!("{go_on}: lag again"),
        ),
        None => (
            Vec::new(),
            None,
            format!("{go_on}: lag again (this lag could not be judged)"),
        ),
    };
    let style = settings.ball_style;
    let heading = if settings.mode == Mode::LagTraining {
        "Lag result"
    } else {
        "Lag result (rule 5)"
    };
    commands
        .spawn(overlay("Lag result", Phase::LagResult))
        .with_children(|panel| {
            panel.spawn(title(heading));
            let cell = |width: f32| Node {
                width: px(width),
                flex_shrink: 0.0,
                column_gap: px(6),
                align_items: AlignItems::Center,
                ..default()
            };
            if !balls.is_empty() {
                panel.spawn(Node::default()).with_children(|row| {
                    row.spawn(cell(FACT_PX));
                    for (ball, name) in balls.iter().zip(&names) {
                        row.spawn(cell(BALL_PX)).with_children(|c| {
                            c.spawn(swatch(ball.ball, style, 14.0));
                            c.spawn(toned(name.clone(), RESULT_TEXT, Tone::Plain));
                        });
                    }
                });
            }
            let facts: Vec<_> = balls.iter().map(|b| words().lag_facts(b)).collect();
            for k in 0..facts.first().map_or(0, Vec::len) {
                panel.spawn(Node::default()).with_children(|row| {
                    // Each text in a cell of its width (a text with a width of its
                    // own is measured as if it wrapped word by word).
                    row.spawn(cell(FACT_PX)).with_child(toned(
                        facts[0][k].0.clone(),
                        RESULT_TEXT,
                        Tone::Dim,
                    ));
                    for ball_facts in &facts {
                        let (_, answer, lost) = &ball_facts[k];
                        let tone = if *lost { Tone::Bad } else { Tone::Plain };
                        row.spawn(cell(BALL_PX)).with_child(toned(
                            answer.clone(),
                            RESULT_TEXT,
                            tone,
                        ));
                    }
                });
            }
            if let Some(outcome) = outcome {
                panel.spawn(super::line(outcome));
            }
            if let Some(lag) = session.lag_training().and_then(|t| t.log().attempts.last()) {
                panel.spawn(text(format!("Struck at {:.2} m/s", lag.speed), Tone::Plain));
            }
            panel.spawn(text(next, Tone::Plain));
        });
}
