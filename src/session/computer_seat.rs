//! The computer in a seat of a match: when its seat must act, it thinks off the game's
//! thread (`computer::Snapshot`), lets the stroke it chose be shown for a moment (the
//! cue module aims the cue with it), and sends the same commands a person would.
//! Meanwhile the person's controls rest ([`PersonSystems`]). Its choice of the break is
//! told ([`Told`]) and waits for a person at the table to go on; its verdicts show for
//! the time the settings give ([`shows_by_itself`]).

use super::OnlineLink;
use super::online::{Following, my_online_seat};
use super::table::{apply_commands, step};
use super::{GameConfig, GameSystems, PlayerCommand, Preferences, Session, at_table};
use crate::computer::explain::Explanation;
use crate::computer::{Decision, Move, Snapshot, seat_to_act};
use crate::config::Level;
use crate::play::{Command, Phase};
use crate::shot::{BallId, Stroke};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use std::time::Duration;

/// A pause before the computer starts to think, so that what came before can be read.
const PAUSE: Duration = Duration::from_millis(600);
/// How long the cue shows the stroke chosen before it is played.
const SHOW: Duration = Duration::from_millis(1500);

/// Where play stood when the computer started on its move: when it changes (the move
/// was made, or a person went back), the move is dropped.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Situation {
    phase: Phase,
    seat: usize,
    strokes: usize,
    lags_ready: usize,
}

/// What the computer at a seat, or the coach, is doing, for the status line.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The level's name.
    pub level: String,
    /// The coach (in practice), not a player.
    pub coach: bool,
    /// None while it thinks.
    pub decision: Option<Decision>,
    /// The coach's explanation of its stroke, once decided.
    pub explanation: Option<Explanation>,
}

#[derive(Resource, Default)]
pub struct Advising(pub Option<Advice>);

/// The computer's move under way, in the situation it started in.
#[derive(Resource, Default)]
pub struct ComputerTurn {
    situation: Option<Situation>,
    stage: Stage,
}

/// The seed of the computer's execution error for its move in `situation`: drawn from
/// the wall clock, so that the same situation in two matches (or a rematch) draws
/// another error (it drew the same lag, to the tenth of a millimetre, match after
/// match), and mixed with the situation, so that two moves never share one.
fn move_seed(situation: &Situation) -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let local = (situation.strokes * 4 + situation.lags_ready + situation.seat) as u64 + 1;
    crate::random::Rng(nanos ^ local.rotate_left(32)).next_u64()
}

/// Where the computer's move stands: a pause, thinking, the move shown, then played.
#[derive(Default)]
enum Stage {
    /// Nothing to do (no computer to act, or its move was made).
    #[default]
    Done,
    /// A moment to read what came before, from `since`.
    Pausing {
        since: Duration,
    },
    Thinking(Task<Option<Move>>),
    /// The move decided shows on the cue, from `since`.
    Showing {
        // Boxed: a decision with its alternatives is far larger than the other stages.
        decided: Box<Move>,
        since: Duration,
    },
}

/// What a change of stage asks the game to do.
enum Change {
    /// Thinking has started.
    Thinking,
    /// A move was decided, to show.
    Decided(Move),
    /// The move has shown long enough: play it.
    Play(Move),
}

impl Stage {
    /// The next stage at `now`, and what changed: the pause over, thinking starts
    /// (`think` sets it off); a decision shows; once shown, it is played. Nothing to
    /// decide (no good lag speed, no cue ball) ends the turn: a person's.
    fn next(
        self,
        now: Duration,
        think: impl FnOnce() -> Task<Option<Move>>,
    ) -> (Stage, Option<Change>) {
        match self {
            Stage::Pausing { since } if now >= since + PAUSE => {
                (Stage::Thinking(think()), Some(Change::Thinking))
            }
            Stage::Thinking(mut task) => match check_ready(&mut task) {
                None => (Stage::Thinking(task), None),
                Some(None) => (Stage::Done, None),
                Some(Some(decided)) => (
                    Stage::Showing {
                        decided: Box::new(decided.clone()),
                        since: now,
                    },
                    Some(Change::Decided(decided)),
                ),
            },
            Stage::Showing { decided, since } if now >= since + SHOW => {
                (Stage::Done, Some(Change::Play(*decided)))
            }
            stage => (stage, None),
        }
    }
}

impl ComputerTurn {
    /// The stroke the computer has chosen and is about to play, for the cue to show.
    pub fn stroke_shown(&self) -> Option<&Stroke> {
        let Stage::Showing { decided, .. } = &self.stage else {
            return None;
        };
        match decided.as_ref() {
            Move::Lag(stroke) => Some(stroke),
            Move::Break { decision, .. } | Move::Stroke { decision, .. } => Some(&decision.stroke),
            Move::ChooseBreak { .. } => None,
        }
    }
}

/// A decision of a computer seat told on the screen, which waits for a person at the
/// table to go on (the confirm key or a click) before play goes on.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Told(pub Option<Decided>);

/// What a computer seat decided.
#[derive(Clone, Debug, PartialEq)]
pub enum Decided {
    /// The lag winner `player` breaks (or passes the break) and plays `ball` (rules 4, 6).
    Break {
        player: usize,
        break_it: bool,
        ball: BallId,
    },
}

/// Whether a person sits at the table.
fn a_person_plays(session: &Session) -> bool {
    session
        .settings()
        .seated_computers()
        .iter()
        .any(Option::is_none)
}

/// The seats whose players sit at this screen: every person's at a hot-seat table; at
/// an online table this game's own (none for a spectator).
fn seats_here(session: &Session, online: Option<&OnlineLink>) -> Vec<usize> {
    match online {
        Some(_) => my_online_seat(online).into_iter().collect(),
        None => (session.settings().seated_computers().iter())
            .enumerate()
            .filter(|(_, computer)| computer.is_none())
            .map(|(seat, _)| seat)
            .collect(),
    }
}

/// Whether what shows now (a lag result, a verdict, the spotting) goes on by itself:
/// the verdicts of a seat played elsewhere (the computer's, an online opponent's), and
/// a lag nobody here played, do after the settings' time; those of a seat played here,
/// and any lag result a player here must read, wait for them.
pub fn shows_by_itself(session: &Session, online: Option<&OnlineLink>) -> bool {
    let here = seats_here(session, online);
    match session.phase() {
        Phase::LagResult => here.is_empty(),
        Phase::Verdict | Phase::Spotting => session
            .last_verdict()
            .is_some_and(|v| !here.contains(&v.shooter)),
        _ => false,
    }
}

/// The computer level in the seat that must act now, if it is a computer's.
fn computer_to_act(session: &Session, config: &GameConfig) -> Option<(usize, Level)> {
    let seat = seat_to_act(session)?;
    let key = session.settings().seated_computers().get(seat)?.clone()?;
    Some((seat, config.0.computer.level(&key).ok()?.clone()))
}

/// Whether a person may act now: not while a computer's seat is to act; online, only
/// on their own move, once the match shown has caught up with the table.
fn person_to_act(
    session: Option<Res<Session>>,
    config: Res<GameConfig>,
    online: Option<Res<Following>>,
) -> bool {
    match online {
        Some(following) => following.person_may_act(),
        None => session.is_none_or(|s| computer_to_act(&s, &config).is_none()),
    }
}

/// A person's controls: they run only while a person may act (not while a computer's
/// seat is to act).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PersonSystems;

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(Update, PersonSystems.run_if(person_to_act));
    app.init_resource::<ComputerTurn>();
    app.init_resource::<Advising>();
    app.init_resource::<Told>();
    app.add_systems(OnEnter(super::Screen::Table), |mut told: ResMut<Told>| {
        told.0 = None
    });
    app.add_systems(
        Update,
        play_the_computers_seat
            .run_if(at_table)
            .in_set(GameSystems::Rules),
    );
    app.init_resource::<ShowTimer>();
    for phase in [
        super::Phase::Verdict,
        super::Phase::Spotting,
        super::Phase::LagResult,
    ] {
        app.add_systems(OnEnter(phase), start_showing);
    }
    app.add_systems(
        Update,
        go_on_after_showing
            .run_if(
                in_state(super::Phase::Verdict)
                    .or_else(in_state(super::Phase::Spotting))
                    .or_else(in_state(super::Phase::LagResult)),
            )
            .after(step)
            .before(apply_commands)
            .run_if(at_table)
            .in_set(GameSystems::Rules),
    );
}

/// Counts down the time a computer's verdict, its spotting or a lag between computers
/// shows (wall-clock time, so a slow frame rate does not cut it short); None: it waits
/// for the person who reads it.
#[derive(Resource, Default)]
struct ShowTimer(Option<Timer>);

/// What now shows goes on by itself after the settings' time, or waits for a person.
fn start_showing(
    session: Res<Session>,
    online: Option<Res<OnlineLink>>,
    preferences: Res<Preferences>,
    mut timer: ResMut<ShowTimer>,
) {
    timer.0 = shows_by_itself(&session, online.as_deref()).then(|| {
        Timer::new(
            Duration::from_secs_f64(preferences.computer_verdict_s),
            TimerMode::Once,
        )
    });
}

/// A computer's verdict, its spotting or a lag between computers has shown long
/// enough: play goes on.
fn go_on_after_showing(
    time: Res<Time<Real>>,
    mut timer: ResMut<ShowTimer>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    if let Some(timer) = &mut timer.0
        && timer.tick(time.delta()).just_finished()
    {
        commands.write(PlayerCommand::new(Command::Continue));
    }
}

fn play_the_computers_seat(
    session: Res<Session>,
    config: Res<GameConfig>,
    time: Res<Time<Real>>,
    mut turn: ResMut<ComputerTurn>,
    mut advising: ResMut<Advising>,
    mut told: ResMut<Told>,
    mut commands: MessageWriter<PlayerCommand>,
) {
    // The computer's status line goes once it has nothing more to do.
    let mut done = |turn: &mut ComputerTurn| {
        *turn = ComputerTurn::default();
        if advising.0.as_ref().is_some_and(|a| !a.coach) {
            advising.0 = None;
        }
    };
    if told.0.is_some() && a_person_plays(&session) {
        // What the computer decided is on the screen until the person goes on.
        done(&mut turn);
        return;
    }
    let Some((seat, level)) = computer_to_act(&session, &config) else {
        done(&mut turn);
        return;
    };
    let now = time.elapsed();
    let situation = Situation {
        phase: session.phase(),
        seat,
        strokes: session.referee().map_or(0, |r| r.history().len()),
        lags_ready: session.lag().map_or(0, |lag| {
            lag.setups.iter().filter(|s| s.stroke.is_some()).count()
        }),
    };
    if turn.situation != Some(situation) {
        *turn = ComputerTurn {
            situation: Some(situation),
            stage: Stage::Pausing { since: now },
        };
    }
    let think = || {
        let snapshot = Snapshot::of(&session, seat);
        let level = level.clone();
        let seed = move_seed(&situation);
        // One core is left to the game, so that it keeps drawing.
        let workers = std::thread::available_parallelism().map_or(1, |n| n.get().max(2) - 1);
        AsyncComputeTaskPool::get().spawn(async move { snapshot.decide(&level, seed, workers) })
    };
    let (stage, change) = std::mem::take(&mut turn.stage).next(now, think);
    turn.stage = stage;
    let advice = |decision: Option<Decision>| Advice {
        level: crate::words::named(&level).to_owned(),
        coach: false,
        decision,
        explanation: None,
    };
    match change {
        None => {}
        Some(Change::Thinking) => advising.0 = Some(advice(None)),
        Some(Change::Decided(decided)) => {
            if let Move::Break {
                offset: Some(offset),
                ..
            } = decided
            {
                commands.write(PlayerCommand::new(Command::MoveBreakBall(offset)));
            }
            if let Move::Break { decision, .. } | Move::Stroke { decision, .. } = decided {
                advising.0 = Some(advice(Some(decision)));
            }
        }
        Some(Change::Play(decided)) => {
            for command in commands_of(decided, seat, a_person_plays(&session), &mut told) {
                commands.write(PlayerCommand::new(command));
            }
        }
    }
}

/// The commands that play `decided` for `seat`; a choice of the break is told where a
/// person plays.
fn commands_of(decided: Move, seat: usize, person: bool, told: &mut Told) -> Vec<Command> {
    match decided {
        Move::Lag(stroke) => vec![Command::LagReady(stroke)],
        Move::ChooseBreak { break_it, ball } => {
            if person {
                told.0 = Some(Decided::Break {
                    player: seat,
                    break_it,
                    ball,
                });
            }
            vec![Command::ChooseBreak { break_it, ball }]
        }
        Move::Break { played, .. } => vec![Command::Strike(played)],
        Move::Stroke { decision, played } => {
            let mut sends = Vec::new();
            if decision.declare_safety {
                sends.push(Command::DeclareSafety(true));
            }
            sends.push(Command::Strike(played));
            sends
        }
    }
}
