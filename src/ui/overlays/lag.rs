//! The lag's overlays (rule 5). While the players set up: whose turn it is, that the
//! other player looks away, how to place the ball and get ready. The result: for each
//! ball whether it touched the foot cushion, crossed over, touched the red or left the
//! table, its distance from the head cushion, and the verdict.

use super::{fill, overlay, text, title};
use crate::config::Action;
use crate::play::LagResult;
use crate::rules::LagBall;
use crate::session::{GameConfig, GameSystems, Phase, Session, Settings};
use crate::ui::widgets::{Tone, keys, swatch, toned};
use crate::words::{AfterLag, LagKeys, LagSetupFacts, words};
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
    let key = |action| keys(config, action);
    let other = lag
        .setups
        .iter()
        .find(|l| l.player != lagger.player)
        .map(|l| words().seat(&session.seat(l.player)))
        .unwrap_or_default();
    let facts = LagSetupFacts {
        name,
        ball,
        side: lagger.side,
        training: session.lag_training().map(|t| t.opponent()),
        other,
        first: turn == 0,
        keys: LagKeys {
            power_up: key(Action::PowerUp),
            power_down: key(Action::PowerDown),
            ready: key(Action::Confirm),
            strike: key(Action::Strike),
            opponent: key(Action::LagOpponent),
            other_half: key(Action::SwitchLagHalf),
        },
    };
    let (heading, lines) = words().lag_setup(&facts);
    commands
        .entity(panel)
        .despawn_children()
        .with_children(|panel| fill(panel, heading, lines));
}

/// Widths of the result's columns, px: the fact, then one per ball, at least (they fit
/// the right-hand column; a fact's words wrap); the balls share what room is left.
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
                Some(w) => AfterLag::Chooses(words().seat(&session.seat(w))),
                None => AfterLag::Again,
            };
            let next = words().after_lag(&go_on, next);
            (
                verdict.balls.iter().collect(),
                Some(words().lag_outcome(verdict, names, config.games.referee.lag_tolerance_mm)),
                next,
            )
        }
        Some(LagResult::Training(ball)) => (
            vec![ball],
            Some(words().lag_summary(ball)),
            words().after_lag(&go_on, AfterLag::Again),
        ),
        None => (
            Vec::new(),
            None,
            words().after_lag(&go_on, AfterLag::Unjudged),
        ),
    };
    let style = settings.ball_style;
    let heading = words().lag_result_heading(session.lag_training().is_some());
    commands
        .spawn(overlay("Lag result", Phase::LagResult))
        .with_children(|panel| {
            panel.spawn(title(heading));
            let fact_cell = || Node {
                width: px(FACT_PX),
                flex_shrink: 0.0,
                ..default()
            };
            let ball_cell = || Node {
                // A width of its own, so that a long name wraps in it rather than
                // widening it; then the room left shared out.
                width: px(BALL_PX),
                flex_grow: 1.0,
                flex_shrink: 0.0,
                column_gap: px(6),
                align_items: AlignItems::Center,
                ..default()
            };
            let row = || Node {
                width: percent(100),
                ..default()
            };
            if !balls.is_empty() {
                panel.spawn(row()).with_children(|row| {
                    row.spawn(fact_cell());
                    for (ball, name) in balls.iter().zip(&names) {
                        row.spawn(ball_cell()).with_children(|c| {
                            c.spawn(swatch(ball.ball, style, 14.0));
                            // A name longer than its column breaks where it must.
                            c.spawn((
                                toned(name.clone(), RESULT_TEXT, Tone::Plain),
                                TextLayout::new(Justify::Left, LineBreak::WordOrCharacter),
                                Node {
                                    min_width: px(0),
                                    ..default()
                                },
                            ));
                        });
                    }
                });
            }
            let facts: Vec<_> = balls.iter().map(|b| words().lag_facts(b)).collect();
            for k in 0..facts.first().map_or(0, Vec::len) {
                panel.spawn(row()).with_children(|row| {
                    // Each text in a cell of its width (a text with a width of its
                    // own is measured as if it wrapped word by word).
                    row.spawn(fact_cell()).with_child(toned(
                        facts[0][k].0.clone(),
                        RESULT_TEXT,
                        Tone::Dim,
                    ));
                    for ball_facts in &facts {
                        let (_, answer, lost) = &ball_facts[k];
                        let tone = if *lost { Tone::Bad } else { Tone::Plain };
                        row.spawn(ball_cell())
                            .with_child(toned(answer.clone(), RESULT_TEXT, tone));
                    }
                });
            }
            if let Some(outcome) = outcome {
                panel.spawn(super::line(outcome));
            }
            if let Some(lag) = session.lag_training().and_then(|t| t.log().attempts.last()) {
                panel.spawn(text(words().struck_at(lag.speed), Tone::Plain));
            }
            panel.spawn(text(next, Tone::Plain));
        });
}
