//! A whole break mixed offline through the game's own bus: the simulation's record of
//! the break, each event heard by [`Foley`], panned for a listener behind the head end,
//! the rumble following the balls' rolling speeds.

use super::mix::CEILING;
use super::*;
use crate::config::Config;
use crate::math::DVec3;
use crate::physics::TableSim;
use crate::physics::bench;
use crate::shot::{Cushion, ShotRecord};
use crate::table::TableGeometry;
use std::collections::BTreeMap;

/// A ball's sampled position at `t` (linear between samples; the last one after them).
fn position_at(samples: &[[f64; 4]], t: f64) -> DVec3 {
    let next = samples.partition_point(|s| s[0] < t).min(samples.len() - 1);
    let b = samples[next];
    let a = samples[next.saturating_sub(1)];
    let f = if b[0] > a[0] {
        ((t - a[0]) / (b[0] - a[0])).clamp(0.0, 1.0)
    } else {
        1.0
    };
    DVec3::new(a[1], a[2], a[3]).lerp(DVec3::new(b[1], b[2], b[3]), f)
}

/// Where each place of a contact was at `t`.
fn place_at(paths: &BTreeMap<BallId, Vec<[f64; 4]>>, place: Place, t: f64) -> DVec3 {
    match place {
        Place::Ball(ball) => position_at(&paths[&ball], t),
        Place::Between(a, b) => (position_at(&paths[&a], t) + position_at(&paths[&b], t)) / 2.0,
        Place::At([x, y]) => DVec3::new(x, y, 0.0),
    }
}

/// The balls' positions and velocities at `t`, from their sampled paths.
fn kinematics_at(paths: &BTreeMap<BallId, Vec<[f64; 4]>>, t: f64) -> Vec<(DVec3, DVec3)> {
    const DT: f64 = 0.01;
    paths
        .values()
        .map(|p| {
            let (a, b) = (position_at(p, t), position_at(p, t + DT));
            (a, (b - a) / DT)
        })
        .collect()
}

/// Mixes a stroke's record through the bus: each event heard when it happens, the
/// rumble following the rolling speeds; returns the stereo samples and the contacts
/// heard.
fn mix(record: &ShotRecord, radius: f64, ear: Ear) -> (Vec<f32>, usize, Mixer) {
    const BLOCK: usize = 512;
    let mut mixer = Mixer::new(11);
    let mut foley = Foley::new(7);
    let mut out: Vec<f32> = Vec::new();
    let render_to = |mixer: &mut Mixer, out: &mut Vec<f32>, frame: usize| {
        while out.len() / 2 < frame {
            let t = (out.len() / 2) as f64 / f64::from(SAMPLE_RATE);
            mixer.set_rolling(rolling_speed(
                kinematics_at(&record.trajectories, t),
                radius,
            ));
            let n = (frame - out.len() / 2).min(BLOCK);
            let mut block = vec![0.0; 2 * n];
            mixer.render(&mut block);
            out.extend_from_slice(&block);
        }
    };
    let mut heard = 0;
    for event in &record.events {
        let Some(sound) = foley.hear(&event.kind) else {
            continue;
        };
        render_to(
            &mut mixer,
            &mut out,
            (event.t * f64::from(SAMPLE_RATE)) as usize,
        );
        let at = place_at(&record.trajectories, sound.place, event.t);
        mixer.play(sound.samples, ear.gains(at));
        heard += 1;
    }
    let end = ((record.duration + 1.0) * f64::from(SAMPLE_RATE)) as usize;
    render_to(&mut mixer, &mut out, end);
    (out, heard, mixer)
}

fn dbfs(x: f32) -> f32 {
    20.0 * x.max(1e-9).log10()
}

#[test]
fn a_whole_break_mixed_through_the_bus_never_clips() {
    let config = Config::defaults();
    let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
    let case = bench::cases(&table)
        .into_iter()
        .find(|c| c.name == "break")
        .unwrap();
    let mut sim = TableSim::new(&config, table.clone());
    sim.place(&case.balls).unwrap();
    sim.strike(&case.strokes, Some(100.0)).unwrap();
    let record = sim.run_to_rest();
    let forward = DVec3::new(1.0, 0.0, -0.45).normalize();
    let ear = Ear {
        at: DVec3::new(-table.length / 2.0 - 0.8, 0.0, 1.2),
        right: forward.cross(DVec3::Z).normalize(),
        forward,
    };
    let (out, heard, mixer) = mix(&record, table.ball_radius, ear);
    let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    let (before, _) = mixer.loudest();
    let (left, right) = out
        .chunks_exact(2)
        .fold((0.0, 0.0), |(l, r), f| (l + f[0] * f[0], r + f[1] * f[1]));
    println!(
        "break: {heard} contacts over {:.1} s; sum before the limiter {before:.3} \
         ({:.1} dBFS), mix peak {peak:.3} ({:.1} dBFS); energy left/right {:.2}",
        record.duration,
        dbfs(before),
        dbfs(peak),
        left / right
    );
    assert!(heard >= 8, "a break has its contacts: {heard}");
    assert!(peak <= CEILING, "the mix clips: {peak} (ceiling {CEILING})");
    assert!(peak > 0.05, "the break is heard: {peak}");
}

#[test]
fn each_event_makes_its_own_kind_of_sound() {
    let mut foley = Foley::new(1);
    let kind = |foley: &mut Foley, event: EventKind| foley.sound_of(&event).map(|(s, _)| s);
    let landed = |surface| EventKind::Landed {
        ball: BallId::Red,
        surface,
        height: 0.05,
        distance: 0.3,
    };
    assert_eq!(
        kind(&mut foley, landed(Surface::Bed)).map(|s| s.kind),
        Some(Kind::Slate)
    );
    let slate = kind(&mut foley, landed(Surface::Bed)).unwrap();
    assert!((slate.speed - (2.0 * 9.81 * 0.05f64).sqrt()).abs() < 1e-9);
    let cushion = EventKind::Cushion {
        ball: BallId::White,
        cushion: Cushion::Foot,
        speed: 1.0,
        at: Some([1.3, 0.2]),
    };
    assert_eq!(
        foley.sound_of(&cushion).map(|(s, p)| (s.kind, p)),
        Some((Kind::Cushion, Place::At([1.3, 0.2])))
    );
    let floor = EventKind::OffTable {
        ball: BallId::Red,
        reason: OffTableReason::Floor,
    };
    assert_eq!(kind(&mut foley, floor).map(|s| s.kind), Some(Kind::Floor));
    // A miscue scrapes as hard as its stroke was played.
    let mut fresh = Foley::new(2);
    let strike = EventKind::Strike {
        ball: BallId::White,
        speed: 5.5,
        direction_deg: 0.0,
        side: 0.9,
        height: 0.0,
        elevation_deg: 0.0,
        tip_contact_s: 0.001,
        cue_touched: Vec::new(),
        moving: Vec::new(),
    };
    assert_eq!(kind(&mut fresh, strike).map(|s| s.kind), Some(Kind::Tip));
    let miscue = kind(
        &mut fresh,
        EventKind::Miscue {
            ball: BallId::White,
        },
    )
    .unwrap();
    assert_eq!((miscue.kind, miscue.speed), (Kind::Miscue, 5.5));
    assert_eq!(foley.sound_of(&EventKind::Rest), None);
}

#[test]
fn the_clock_signal_is_as_many_soft_tones_as_asked_and_never_clips() {
    for tones in [2, 3] {
        let signal = super::clock_signal(tones);
        let loud = |s: &&f32| s.abs() > 0.01;
        // Count the tones: runs of sound between silences.
        let mut runs = 0;
        let mut in_tone = false;
        for s in signal.iter() {
            if loud(&s) && !in_tone {
                runs += 1;
            }
            if loud(&s) {
                in_tone = true;
            } else if s.abs() == 0.0 {
                in_tone = false;
            }
        }
        assert_eq!(runs, tones);
        let peak = signal.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        assert!(peak > 0.3 && peak <= 0.33, "peak {peak}");
        let seconds = signal.len() as f64 / f64::from(super::SAMPLE_RATE);
        assert!((seconds - 0.2 * tones as f64).abs() < 0.01, "{seconds} s");
    }
}
