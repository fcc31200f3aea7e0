//! Test helpers: shot records written as the story of the stroke.

use crate::config::{Config, GameRules, RefereeConfig};
use crate::rules::{Calls, MatchSetup, PlayedStroke, Referee};
use crate::shot::BallId;
use crate::shot::Cushion;
use crate::shot::{EventKind, FinalPosition, OffTableReason, ShotEvent, ShotRecord};
use crate::table::TableGeometry;

/// A stroke record built event by event; each event comes 0.1 s after the previous one.
pub struct Shot {
    cue: BallId,
    record: ShotRecord,
    t: f64,
}

impl Shot {
    /// A normal stroke on `cue`: centre ball, 1 ms of tip contact.
    pub fn new(cue: BallId) -> Shot {
        Shot::with_strike(cue, |_| {})
    }

    /// A stroke whose strike event is changed by `edit`.
    pub fn with_strike(cue: BallId, edit: impl FnOnce(&mut EventKind)) -> Shot {
        let mut strike = EventKind::Strike {
            ball: cue,
            speed: 3.0,
            direction_deg: 0.0,
            side: 0.0,
            height: 0.0,
            elevation_deg: 0.0,
            tip_contact_s: 0.001,
            cue_touched: Vec::new(),
            moving: Vec::new(),
        };
        edit(&mut strike);
        Shot {
            cue,
            record: ShotRecord {
                events: vec![ShotEvent {
                    t: 0.0,
                    kind: strike,
                }],
                ..ShotRecord::default()
            },
            t: 0.0,
        }
    }

    pub fn event(mut self, kind: EventKind) -> Shot {
        self.t += 0.1;
        self.record.events.push(ShotEvent { t: self.t, kind });
        self
    }

    /// `kind` happens at `t`, s after the strike.
    pub fn event_at(mut self, t: f64, kind: EventKind) -> Shot {
        self.t = t;
        self.record.events.push(ShotEvent { t, kind });
        self
    }

    /// The cue ball touches `ball`.
    pub fn hit(self, ball: BallId) -> Shot {
        let a = self.cue;
        self.event(EventKind::BallBall {
            a,
            b: ball,
            speed: 1.0,
        })
    }

    /// The cue ball touches a cushion.
    pub fn cushion(self) -> Shot {
        let ball = self.cue;
        self.cushion_of(ball, Cushion::Left)
    }

    pub fn cushions(self, n: usize) -> Shot {
        (0..n).fold(self, |shot, _| shot.cushion())
    }

    pub fn cushion_of(self, ball: BallId, cushion: Cushion) -> Shot {
        self.event(EventKind::Cushion {
            ball,
            cushion,
            speed: 1.0,
            at: None,
        })
    }

    pub fn airborne(self) -> Shot {
        let ball = self.cue;
        self.event(EventKind::Airborne { ball, vz: 0.5 })
    }

    /// The cue ball, in the air, passes over `over`.
    pub fn jumps_over(self, over: BallId) -> Shot {
        let ball = self.cue;
        self.event(EventKind::JumpedOver { ball, over })
    }

    /// The cue ball comes down on the bed after rising `height` m.
    pub fn lands(self, height: f64) -> Shot {
        let ball = self.cue;
        self.event(EventKind::Landed {
            ball,
            surface: crate::shot::Surface::Bed,
            height,
            distance: 0.3,
        })
    }

    pub fn off_table(self, ball: BallId) -> Shot {
        self.event(EventKind::OffTable {
            ball,
            reason: OffTableReason::Floor,
        })
    }

    /// `ball` ends on a rail top: off the table by its final position only.
    pub fn off_bed(mut self, ball: BallId) -> Shot {
        self.record.final_positions.insert(
            ball,
            FinalPosition {
                x: 0.0,
                y: 0.8,
                z: 0.04,
                on_table: false,
            },
        );
        self
    }

    /// `ball` stops at (`x`, `y`), m.
    pub fn ends_at(mut self, ball: BallId, x: f64, y: f64) -> Shot {
        self.record.final_positions.insert(
            ball,
            FinalPosition {
                x,
                y,
                z: 0.03075,
                on_table: true,
            },
        );
        self
    }

    /// Every ball stops: the record is complete.
    pub fn rest(self) -> ShotRecord {
        self.event(EventKind::Rest).finish()
    }

    /// The record as it stands, with or without a rest event.
    pub fn finish(mut self) -> ShotRecord {
        self.record.duration = self.t;
        self.record
    }
}

/// The carom that scores in every three-ball game: red, three cushions, the other white.
pub fn carom(cue: BallId) -> ShotRecord {
    let other = cue.other_white().expect("a white cue ball");
    Shot::new(cue)
        .hit(BallId::Red)
        .cushions(3)
        .hit(other)
        .rest()
}

/// A stroke that touches nothing.
pub fn miss(cue: BallId) -> ShotRecord {
    Shot::new(cue).cushions(2).rest()
}

pub fn played(record: ShotRecord) -> PlayedStroke {
    PlayedStroke {
        record,
        declared_safety: false,
        calls: Calls::default(),
        thinking_s: None,
    }
}

pub fn safety(record: ShotRecord) -> PlayedStroke {
    PlayedStroke {
        declared_safety: true,
        ..played(record)
    }
}

pub fn called(record: ShotRecord, calls: Calls) -> PlayedStroke {
    PlayedStroke {
        calls,
        ..played(record)
    }
}

pub fn config() -> Config {
    Config::defaults()
}

pub fn game(key: &str) -> GameRules {
    config().games.games[key].clone()
}

pub fn referee_config() -> RefereeConfig {
    config().games.referee
}

pub fn table() -> TableGeometry {
    let config = config();
    TableGeometry::new(&config.tables, None, &config.balls).expect("the default table")
}

/// A two-player match of `key` to `target`; player 0 breaks with the white.
pub fn two_players(key: &str, target: u32) -> Referee {
    match_of(key, &["Anna", "Boris"], target)
}

pub fn match_of(key: &str, players: &[&str], target: u32) -> Referee {
    Referee::new(
        &game(key),
        &referee_config(),
        table(),
        MatchSetup {
            players: players.iter().map(|p| p.to_string()).collect(),
            target,
            targets: Vec::new(),
            innings_limit: None,
            breaker: 0,
            breaker_ball: BallId::White,
        },
    )
    .expect("a valid match")
}
