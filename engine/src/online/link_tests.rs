//! What the game's screens drive, headless: a table hosted by a game (served by its own
//! embedded host), a guest and a spectator, each holding a shown match that the follower
//! keeps in step and that is played as the game plays it (the balls rolled frame by
//! frame, each verdict read, the person's commands said through the follower); the
//! guest's game stops mid-match and starts again from its comeback.

use super::*;
use crate::computer::{Move, Snapshot, seat_to_act};
use crate::config::Config;
use crate::play::{Command, Phase, Play};
use crate::test_support::fresh_dir;
use std::path::Path;
use std::time::{Duration, Instant};

/// One game window at the table: its link, and the match it shows once seated.
struct Window {
    link: Link,
    shown: Option<(Follower, Play)>,
}

impl Window {
    fn open(config: &Config, data: &Path, name: &str, opening: Opening) -> Window {
        Window {
            link: Link::open(config, data, name, opening).expect("the table opens"),
            shown: None,
        }
    }

    /// One frame: the link looked at, the shown match followed and moved on by `dt`,
    /// a verdict read, and the person's move made (as the computer at `level` would)
    /// when it is theirs and the match shown has caught up.
    fn frame(&mut self, level: &crate::config::Level, dt: f64) {
        self.link.tick();
        let table = self.link.table_mut();
        if self.shown.is_none() && table.caught_up() {
            self.shown = Follower::start(table);
        }
        let Some((follower, shown)) = &mut self.shown else {
            return;
        };
        follower.follow(table, shown);
        shown.advance(dt);
        if matches!(
            shown.phase(),
            Phase::LagResult | Phase::Verdict | Phase::Spotting
        ) {
            follower.person(table, shown, Command::Continue).unwrap();
        }
        if table.turn() == Turn::Wait || !follower.caught_up(table, shown) {
            return;
        }
        let Some(seat) = seat_to_act(shown).filter(|&s| Some(s) == table.my_seat()) else {
            return;
        };
        let seed = shown.strokes_judged() as u64 * 7 + seat as u64;
        let commands = match Snapshot::of(shown, seat).decide(level, seed, 1) {
            Some(Move::Lag(stroke)) => vec![Command::LagReady(stroke)],
            Some(Move::ChooseBreak { break_it, ball }) => {
                vec![Command::ChooseBreak { break_it, ball }]
            }
            Some(Move::Break { offset, played, .. }) => offset
                .map(Command::MoveBreakBall)
                .into_iter()
                .chain([Command::Strike(played)])
                .collect(),
            Some(Move::Stroke { decision, played }) => vec![
                Command::DeclareSafety(decision.declare_safety),
                Command::Strike(played),
            ],
            None => panic!("no move at {:?}", shown.phase()),
        };
        for command in commands {
            follower.person(table, shown, command).unwrap();
        }
    }

    fn shown(&self) -> &Play {
        &self.shown.as_ref().expect("seated").1
    }
}

/// Frames for every window until `done`, at most `limit` of wall-clock time.
fn frames_until(
    config: &Config,
    windows: &mut [&mut Window],
    limit: Duration,
    done: impl Fn(&[&mut Window]) -> bool,
) {
    let level = config.computer.level("beginner").unwrap().clone();
    let start = Instant::now();
    while !done(windows) {
        assert!(start.elapsed() < limit, "not done in {limit:?}");
        for window in windows.iter_mut() {
            window.frame(&level, 0.25);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn strokes(window: &Window) -> usize {
    window.shown.as_ref().map_or(0, |(_, p)| p.strokes_judged())
}

#[test]
fn a_hosted_table_seats_a_guest_a_spectator_follows_and_the_guest_comes_back_after_a_restart() {
    let config = Config::defaults();
    let dir = fresh_dir("link");
    let terms = TableTerms {
        game: "three_cushion".to_owned(),
        table: config.tables.default_preset.clone(),
        target: 2,
        innings_limit: Some(4),
        targets: Vec::new(),
        leaving: LeavingRule::default(),
        format: None,
        condition: None,
    };
    let opening = Opening::Host {
        terms,
        relay: None,
        serve: "127.0.0.1:0".to_owned(),
    };
    let mut host = Window::open(&config, &dir.join("host"), "Ann", opening);
    let relay = host.link.comeback().relay.clone();
    let code = JoinCode::parse(&host.link.comeback().code).unwrap();
    let join = |role| Opening::Join {
        code,
        relay: relay.clone(),
        role,
    };
    let guest_data = dir.join("guest");
    let mut guest = Window::open(&config, &guest_data, "Bob", join(Role::Player));
    let limit = Duration::from_secs(60);

    // Seated, lagged, broken and played on until the guest has played.
    frames_until(&config, &mut [&mut host, &mut guest], limit, |w| {
        strokes(w[0]) >= 3 && strokes(w[1]) >= 3
    });
    assert_eq!(host.shown().settings().players, ["Ann", "Bob"]);

    // A spectator who comes now sees the match as it stands within a second.
    let came = Instant::now();
    let mut spectator = Window::open(&config, &dir.join("eve"), "Eve", join(Role::Spectator));
    frames_until(&config, &mut [&mut spectator], limit, |w| {
        w[0].shown.is_some()
    });
    println!("the spectator caught up in {:?}", came.elapsed());
    assert!(came.elapsed() < Duration::from_secs(1));
    assert_eq!(
        spectator.shown().strokes_judged(),
        host.link.table().play().unwrap().strokes_judged()
    );

    // The guest's game stops mid-match; it starts again from its comeback and plays on.
    assert!(!host.link.table().is_over());
    drop(guest);
    let comeback = Comeback::read(&guest_data).unwrap().expect("kept");
    assert_eq!(comeback.role, Role::Player);
    let mut guest = Window::open(&config, &guest_data, "Bob", Opening::Comeback(comeback));
    frames_until(
        &config,
        &mut [&mut host, &mut guest, &mut spectator],
        limit,
        |w| {
            w.iter()
                .all(|w| w.link.table().is_over() && w.link.table().settled())
                && w.iter().all(|w| w.shown().phase() == Phase::GameOver)
        },
    );
    let sheet = host.shown().sheet().unwrap();
    println!("{} strokes", host.shown().strokes_judged());
    for window in [&guest, &spectator] {
        assert_eq!(window.shown().sheet().unwrap(), sheet);
        assert_eq!(window.shown().saved(), host.shown().saved());
    }
    assert_eq!(host.link.table().play().unwrap().sheet().unwrap(), sheet);
    assert_eq!(host.link.presence(1), Presence::Connected);

    // Leaving a table over leaves nothing to come back to.
    guest.link.leave().unwrap();
    assert_eq!(Comeback::read(&guest_data).unwrap(), None);
}
