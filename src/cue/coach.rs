//! The coach in practice: on request it looks for the stroke its level (computer.ron's
//! `coach`) would play from the balls as they lie — off the game's thread — and draws
//! it beside the player's own aim, with its chance of scoring and its explanation (the
//! pattern, the system's numbers, the next-best strokes, the leave); asked again, it
//! hands the stroke over as the aim.

use super::Aim;
use super::prediction::{draw_path, predict_drawn};
use crate::computer::explain::{Explanation, explain};
use crate::computer::{Decision, choose};
use crate::config::Action;
use crate::diagram::Contact;
use crate::input::Actions;
use crate::math::DVec2;
use crate::play::Phase;
use crate::session::{Advice, Advising, GameConfig, GameSystems, ModeSystems, Session, at_table};
use crate::shot::{BallId, ShotRecord};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

#[derive(Resource, Default)]
struct Coach {
    /// The lay-out asked about.
    lay_out: Vec<(BallId, DVec2)>,
    thinking: Option<Task<Option<(Decision, Explanation)>>>,
    /// The stroke shown, as it plays.
    shown: Option<(Decision, ShotRecord, Vec<Contact>)>,
}

/// A stroke to play (the break's too), the balls at rest.
fn practising_at_rest(session: &Session) -> bool {
    matches!(session.phase(), Phase::Aiming | Phase::BreakSetup) && session.can_strike()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Coach>();
    app.add_systems(
        Update,
        (ask_the_coach, draw_the_suggestion)
            .chain()
            .run_if(at_table)
            .in_set(ModeSystems::Practice)
            .in_set(GameSystems::Rules),
    );
}

fn ask_the_coach(
    actions: Res<Actions>,
    session: Res<Session>,
    config: Res<GameConfig>,
    mut coach: ResMut<Coach>,
    mut advising: ResMut<Advising>,
    mut aim: ResMut<Aim>,
) {
    let here = session.sim().lay_out();
    let level = config.0.computer.coach().clone();
    // Balls moved, or no longer a practice stroke to play: what was shown is gone.
    if coach.lay_out != here || !practising_at_rest(&session) {
        if coach.thinking.is_some() || coach.shown.is_some() {
            *coach = Coach::default();
            advising.0 = None;
        }
        coach.lay_out = here.clone();
    }
    if actions.just_pressed(Action::Coach) && practising_at_rest(&session) {
        if let Some((decision, _, _)) = coach.shown.take() {
            aim.take(&decision.stroke);
            advising.0 = None;
        } else if coach.thinking.is_none()
            && let Some(referee) = session.referee()
        {
            let referee = referee.what_if(here.iter().copied().collect());
            // The table's physics, its condition's included.
            let config = session.0.config().clone();
            let workers = std::thread::available_parallelism().map_or(1, |n| n.get().max(2) - 1);
            let level_now = level.clone();
            coach.thinking = Some(AsyncComputeTaskPool::get().spawn(async move {
                let decision = choose(&config, &referee, &level_now, 1, workers)?;
                let explanation = explain(&config, &referee, &decision);
                Some((decision, explanation))
            }));
            advising.0 = Some(Advice {
                level: crate::words::named(&level).to_owned(),
                coach: true,
                decision: None,
                explanation: None,
            });
        }
    }
    if let Some(task) = &mut coach.thinking
        && let Some(decided) = check_ready(task)
    {
        coach.thinking = None;
        let shown = decided.and_then(|(decision, explanation)| {
            let (record, contacts) = predict_drawn(&session, decision.stroke)?;
            Some((decision, explanation, record, contacts))
        });
        advising.0 = shown.as_ref().map(|(decision, explanation, _, _)| Advice {
            level: crate::words::named(&level).to_owned(),
            coach: true,
            decision: Some(decision.clone()),
            explanation: Some(explanation.clone()),
        });
        coach.shown = shown.map(|(decision, _, record, contacts)| (decision, record, contacts));
    }
}

fn draw_the_suggestion(coach: Res<Coach>, session: Res<Session>, mut gizmos: Gizmos) {
    if let Some((decision, record, contacts)) = &coach.shown {
        let colour = Color::srgba(0.5, 1.0, 0.45, 0.95);
        draw_path(
            &mut gizmos,
            &session,
            record,
            decision.stroke.ball,
            contacts,
            colour,
        );
    }
}
