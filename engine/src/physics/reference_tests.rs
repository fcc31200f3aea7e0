//! The reference behaviours of PHYSICS.md (1–13), each with its tolerance, plus
//! determinism, a table-wide fuzz, rule 21's off-table cases and the cue's
//! follow-through. Measured values are printed (`--nocapture`).

use super::{Motion, TableSim};
use crate::config::Config;
use crate::math::{DQuat, DVec2, DVec3};
use crate::shot::BallId::{self, Dotted, Red, White};
use crate::shot::{EventKind, OffTableReason, ShotRecord, Stroke, Surface};
use crate::table::TableGeometry;
use crate::test_support::Rng;

const G: f64 = 9.81;

fn sim_with(config: &Config, balls: &[(BallId, f64, f64)]) -> TableSim {
    let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
    let mut sim = TableSim::new(config, table);
    let positions: Vec<(BallId, DVec2)> = balls
        .iter()
        .map(|&(b, x, y)| (b, DVec2::new(x, y)))
        .collect();
    sim.place(&positions).unwrap();
    sim
}

fn sim(balls: &[(BallId, f64, f64)]) -> TableSim {
    sim_with(&Config::defaults(), balls)
}

fn radius() -> f64 {
    Config::defaults().balls.radius()
}

fn state(sim: &TableSim, ball: BallId) -> super::Kinematics {
    sim.ball_states().find(|(b, _)| *b == ball).unwrap().1
}

/// Launches a ball rolling without slip at velocity `v`.
fn launch_rolling(sim: &mut TableSim, ball: BallId, v: DVec2) {
    let r = radius();
    sim.launch(
        ball,
        v.extend(0.0),
        DVec3::new(-v.y / r, v.x / r, 0.0),
        None,
    )
    .unwrap();
}

/// Advances in small steps until `done`; returns the time.
fn run_until(sim: &mut TableSim, mut done: impl FnMut(&TableSim) -> bool) -> f64 {
    while !done(sim) {
        assert!(sim.time() < 60.0, "condition never met");
        sim.advance(1e-4);
    }
    sim.time()
}

fn first_time(record: &ShotRecord, pred: impl Fn(&EventKind) -> bool) -> Option<f64> {
    record.events.iter().find(|e| pred(&e.kind)).map(|e| e.t)
}

fn is_ball_ball(k: &EventKind) -> bool {
    matches!(k, EventKind::BallBall { .. })
}

fn angle_deg(v: DVec3) -> f64 {
    v.y.atan2(v.x).to_degrees()
}

fn angle_between_deg(a: DVec3, b: DVec3) -> f64 {
    a.truncate().angle_to(b.truncate()).to_degrees().abs()
}

/// A stun (spinless) cue ball 1 mm short of meeting the red at `cut` degrees, moving +x
/// at `speed`. Returns the sim advanced to just after the contact.
fn stun_cut(config: &Config, cut: f64, speed: f64) -> TableSim {
    let r = radius();
    let phi = cut.to_radians();
    let red = DVec2::new(0.0, -2.0 * r * phi.sin());
    let white_x = red.x - 2.0 * r * phi.cos() - 0.001;
    let mut s = sim_with(config, &[(White, white_x, 0.0), (Red, red.x, red.y)]);
    s.launch(White, DVec3::new(speed, 0.0, 0.0), DVec3::ZERO, None)
        .unwrap();
    let mut probe = sim_with(config, &[(White, white_x, 0.0), (Red, red.x, red.y)]);
    probe
        .launch(White, DVec3::new(speed, 0.0, 0.0), DVec3::ZERO, None)
        .unwrap();
    let t = first_time(&probe.run_to_rest(), is_ball_ball).expect("they meet");
    s.advance_to(t);
    s
}

/// The defaults with the cloth of PHYSICS.md's worked examples (μs 0.2, μr 0.005; the
/// defaults are fitted to real balls, README "Real shots").
fn reference_cloth() -> Config {
    let mut config = Config::defaults();
    config.physics.cloth.mu_slide = 0.2;
    config.physics.cloth.mu_roll = 0.005;
    config
}

#[test]
fn ref01_slide_to_roll() {
    let mut s = sim_with(&reference_cloth(), &[(White, -1.0, 0.0)]);
    s.launch(White, DVec3::new(2.0, 0.0, 0.0), DVec3::ZERO, None)
        .unwrap();
    let t = run_until(&mut s, |s| s.motion(White) == Some(Motion::Rolling));
    let k = state(&s, White);
    let d = k.pos.x + 1.0;
    let mu = 0.2;
    let (t0, d0, v0) = (
        4.0 / (7.0 * mu * G),
        12.0 * 4.0 / (49.0 * mu * G),
        2.0 * 5.0 / 7.0,
    );
    println!(
        "slide to roll: t {t:.4} s (expected {t0:.4}), d {d:.4} m ({d0:.4}), v {:.4} m/s ({v0:.4})",
        k.vel.x
    );
    assert!((t / t0 - 1.0).abs() < 0.02);
    assert!((d / d0 - 1.0).abs() < 0.02);
    assert!((k.vel.x / v0 - 1.0).abs() < 0.02);
}

#[test]
fn ref02_natural_roll_from_a_hit_two_fifths_above_centre() {
    let mut s = sim(&[(White, -1.0, 0.0)]);
    s.strike(
        &[Stroke {
            height: 0.4,
            ..Stroke::new(White, 0.0, 2.0)
        }],
        None,
    )
    .unwrap();
    let k = state(&s, White);
    let slip = (k.vel.x - radius() * k.spin.y).abs();
    println!("natural roll: slip {slip:.2e} m/s at {:.3} m/s", k.vel.x);
    assert!(slip < 0.01 * k.vel.x);
}

#[test]
fn ref03_rolling_resistance() {
    let mut s = sim_with(&reference_cloth(), &[(White, -1.2, 0.0)]);
    launch_rolling(&mut s, White, DVec2::new(0.3, 0.0));
    let record = s.run_to_rest();
    let d = record.final_positions[&White].x + 1.2;
    let mu_r = 0.005;
    let (t0, d0) = (0.3 / (mu_r * G), 0.09 / (2.0 * mu_r * G));
    println!(
        "rolling: stops after {:.3} s (expected {t0:.3}), {d:.4} m ({d0:.4})",
        record.duration
    );
    assert!((record.duration / t0 - 1.0).abs() < 0.05);
    assert!((d / d0 - 1.0).abs() < 0.05);
}

/// Deflection of a rolling cue ball from its line after a cut, once it rolls again.
fn rolling_deflection(cut: f64) -> f64 {
    let r = radius();
    let phi = cut.to_radians();
    let mut s = sim(&[(White, -0.6, 0.0), (Red, 0.0, -2.0 * r * phi.sin())]);
    launch_rolling(&mut s, White, DVec2::new(1.5, 0.0));
    run_until(&mut s, |s| !s.events().is_empty());
    run_until(&mut s, |s| s.motion(White) == Some(Motion::Rolling));
    angle_deg(state(&s, White).vel)
}

#[test]
fn ref04_thirty_degree_rule() {
    let half_ball = rolling_deflection(30.0);
    println!("30° rule: half-ball hit deflects {half_ball:.2}° (expected 32.0 ± 1.5)");
    assert!((half_ball - 32.0).abs() <= 1.5);
    for cut in [15.0, 20.0, 25.0, 35.0, 40.0, 45.0, 50.0] {
        let d = rolling_deflection(cut);
        println!("  cut {cut}°: deflection {d:.2}°");
        assert!((27.0 - 1.5..=34.0 + 1.5).contains(&d), "cut {cut}: {d}");
    }
}

#[test]
fn ref05_stun_leaves_along_the_tangent_line() {
    let mut frictionless = Config::defaults();
    frictionless.physics.ball_ball.friction_a = 0.0;
    frictionless.physics.ball_ball.friction_b = 0.0;
    for (config, expected, what) in [
        (frictionless, 87.0, "without ball-ball friction"),
        (Config::defaults(), 85.5, "with friction at 2 m/s"),
    ] {
        let mut s = stun_cut(&config, 30.0, 2.0);
        let sep = angle_between_deg(state(&s, White).vel, state(&s, Red).vel);
        println!("stun 30°, {what}: separation {sep:.2}° (expected {expected} ± 2)");
        assert!((sep - expected).abs() <= 2.0);
        // ... and then travels nearly straight.
        let leaving = state(&s, White).vel;
        run_until(&mut s, |s| s.motion(White) == Some(Motion::Rolling));
        let bend = angle_between_deg(leaving, state(&s, White).vel);
        println!("  cue ball path bends {bend:.2}° before it rolls");
        assert!(bend < 3.0);
    }
}

#[test]
fn ref06_cut_induced_throw() {
    let config = Config::defaults();
    for (speed, expected) in [(0.45, 4.7), (1.34, 3.6), (3.1, 1.7)] {
        let s = stun_cut(&config, 30.0, speed);
        let (white, red) = (state(&s, White), state(&s, Red));
        let centres = red.pos - white.pos;
        let throw = angle_between_deg(centres, red.vel);
        println!("throw at {speed} m/s: {throw:.2}° (expected {expected} ± 0.7)");
        assert!((throw - expected).abs() <= 0.7);
        assert!(throw <= 5.0 + 0.7);
    }
}

#[test]
fn ref07_full_stun_hit_stops_the_cue_ball() {
    let config = Config::defaults();
    let s = stun_cut(&config, 0.0, 2.0);
    let (white, red) = (state(&s, White).vel.length(), state(&s, Red).vel.length());
    let e = config.physics.ball_ball.restitution;
    println!(
        "full hit: cue ball keeps {:.2}% of v0; object ball {red:.4} m/s (expected {:.4})",
        white / 2.0 * 100.0,
        (1.0 + e) / 2.0 * 2.0
    );
    assert!(white < 0.05 * 2.0);
    assert!((red / ((1.0 + e) / 2.0 * 2.0) - 1.0).abs() < 0.01);
}

#[test]
fn ref08_side_spin_decays_at_the_configured_rate() {
    let mut s = sim(&[(White, -1.0, 0.0)]);
    let r = radius();
    s.launch(
        White,
        DVec3::new(0.5, 0.0, 0.0),
        DVec3::new(0.0, 0.5 / r, 20.0),
        None,
    )
    .unwrap();
    s.advance_to(1.0);
    let spin = state(&s, White).spin.z;
    let expected = 20.0 - Config::defaults().physics.cloth.spin_decel_rad_s2;
    println!("side spin after 1 s: {spin:.4} rad/s (expected {expected})");
    assert!((spin - expected).abs() < 0.01);
}

fn kinetic_energy(sim: &TableSim) -> f64 {
    let config = Config::defaults();
    let (m, r) = (config.balls.mass(), config.balls.radius());
    sim.ball_states()
        .map(|(_, k)| 0.5 * m * k.vel.length_squared() + 0.2 * m * r * r * k.spin.length_squared())
        .sum()
}

#[test]
fn ref09_energy_never_rises_and_ball_ball_keeps_momentum() {
    // A stroke with many contacts and spin: energy sampled densely never rises.
    let mut s = sim(&[(White, -0.8, 0.1), (Dotted, 0.6, 0.3), (Red, 0.2, -0.2)]);
    s.strike(
        &[Stroke {
            ball: White,
            direction_deg: 10.0,
            speed: 6.0,
            side: 0.4,
            height: -0.3,
            elevation_deg: 0.0,
            follow_through_mm: None,
        }],
        None,
    )
    .unwrap();
    let mut last = kinetic_energy(&s);
    let mut rises = 0;
    while !s.at_rest() {
        s.advance(1e-3);
        let e = kinetic_energy(&s);
        if e > last * (1.0 + 1e-12) + 1e-15 {
            rises += 1;
        }
        last = e;
    }
    println!("energy rose {rises} times over {} events", s.events().len());
    assert_eq!(rises, 0);
    // Momentum across one ball–ball contact (horizontal; the slate takes the vertical).
    let config = Config::defaults();
    let before = 2.0 * config.balls.mass();
    let after = stun_cut(&config, 37.0, 2.0);
    let p: DVec3 = after.ball_states().map(|(_, k)| k.vel).sum::<DVec3>() * config.balls.mass();
    println!(
        "momentum after contact: ({:.6}, {:.6}) kg·m/s, before ({before:.6}, 0)",
        p.x, p.y
    );
    assert!((p.x - before).abs() < 1e-3 * before && p.y.abs() < 1e-3 * before);
}

/// The first separation angle, and the slide-to-roll distance (found by bisection on
/// the time the motion turns to rolling), with the caller's clock in `chunk`s.
fn step_sensitive_figures(config: &Config, chunk: f64) -> (f64, f64) {
    let s = stun_cut(config, 30.0, 2.0);
    let sep = angle_between_deg(state(&s, White).vel, state(&s, Red).vel);
    let at = |t: f64| {
        let mut s = sim_with(config, &[(White, -1.0, 0.0)]);
        s.launch(White, DVec3::new(2.0, 0.0, 0.0), DVec3::ZERO, None)
            .unwrap();
        while s.time() + chunk < t {
            s.advance(chunk);
        }
        s.advance_to(t);
        s
    };
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if at(mid).motion(White) == Some(Motion::Rolling) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    (sep, state(&at(hi), White).pos.x + 1.0)
}

#[test]
fn ref10_halving_the_step_changes_nothing_that_matters() {
    let config = Config::defaults();
    let mut halved = config.clone();
    halved.physics.step.flight_step_s /= 2.0;
    let (sep_a, d_a) = step_sensitive_figures(&config, 1.0 / 120.0);
    let (sep_b, d_b) = step_sensitive_figures(&halved, 1.0 / 240.0);
    println!("separation {sep_a:.5}° vs {sep_b:.5}°; slide-to-roll {d_a:.6} m vs {d_b:.6} m");
    assert!((sep_a - sep_b).abs() < 0.2);
    assert!((d_a / d_b - 1.0).abs() < 0.01);
    // Where a jump lands depends on rapier's step: halving it moves the landing < 1%.
    let stroke = Stroke {
        elevation_deg: 40.0,
        ..Stroke::new(White, 0.0, 4.0)
    };
    let jump = |config: &Config| {
        let mut s = sim_with(config, &[(White, -1.0, 0.0)]);
        s.strike(&[stroke], None).unwrap();
        let record = s.run_to_rest();
        let landed = first_time(&record, |k| matches!(k, EventKind::Landed { .. })).unwrap();
        let mut again = sim_with(config, &[(White, -1.0, 0.0)]);
        again.strike(&[stroke], None).unwrap();
        again.advance_to(landed);
        state(&again, White).pos.x + 1.0
    };
    let (l_a, l_b) = (jump(&config), jump(&halved));
    println!("jump lands {l_a:.4} m vs {l_b:.4} m with the flight step halved");
    assert!((l_a / l_b - 1.0).abs() < 0.01);
}

#[test]
fn ref11_no_tunnelling_at_nine_metres_a_second() {
    let config = Config::defaults();
    let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
    let limits = table.centre_limits();
    let r = table.ball_radius;
    for start in [(-1.0, 0.0), (0.3, 0.5), (1.2, -0.6)] {
        for step in 0..24 {
            let direction_deg = step as f64 * 15.0 + 3.0;
            let mut s = sim(&[
                (White, start.0, start.1),
                (Red, 0.5, -0.2),
                (Dotted, -0.4, 0.4),
            ]);
            s.strike(
                &[Stroke {
                    ball: White,
                    direction_deg,
                    speed: 9.0,
                    side: 0.3,
                    height: 0.2,
                    elevation_deg: 0.0,
                    follow_through_mm: None,
                }],
                Some(2000.0),
            )
            .unwrap();
            let record = s.run_to_rest();
            let paths: Vec<&Vec<[f64; 4]>> = record.trajectories.values().collect();
            for path in &paths {
                for p in path.iter().filter(|p| p[3] <= r + 1e-6) {
                    assert!(
                        p[1].abs() <= limits.x + 1e-9 && p[2].abs() <= limits.y + 1e-9,
                        "{direction_deg}°: through a cushion at {p:?}"
                    );
                }
            }
            for (i, a) in paths.iter().enumerate() {
                for b in &paths[i + 1..] {
                    for (p, q) in a.iter().zip(b.iter()) {
                        let d =
                            ((p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2) + (p[3] - q[3]).powi(2))
                                .sqrt();
                        assert!(
                            d >= 2.0 * r - 1e-6,
                            "{direction_deg}°: balls overlap at t {}",
                            p[0]
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn ref12_cushion_height_matters() {
    // Rolling straight in: out slower, with backspin (relative to the way out).
    let mut s = sim(&[(White, 0.8, 0.0)]);
    launch_rolling(&mut s, White, DVec2::new(1.5, 0.0));
    run_until(&mut s, |s| !s.events().is_empty());
    let k = state(&s, White);
    println!(
        "straight in at 1.5 m/s: out at {:.3} m/s, spin_y {:.1} rad/s (backspin > 0)",
        k.vel.length(),
        k.spin.y
    );
    assert!(k.vel.x < 0.0 && k.vel.length() < 1.5);
    assert!(k.spin.y > 0.0);
    // At 45° into the right cushion: running side widens the angle the ball leaves
    // at (from the cushion's normal), reverse side narrows it.
    let rebound = |spin_z: f64| {
        let r = radius();
        let v = DVec2::new(1.0, -1.0).normalize() * 1.5;
        let mut s = sim(&[(White, -0.5, -0.2)]);
        s.launch(
            White,
            v.extend(0.0),
            DVec3::new(-v.y / r, v.x / r, spin_z),
            None,
        )
        .unwrap();
        run_until(&mut s, |s| !s.events().is_empty());
        let leaving = state(&s, White).vel;
        run_until(&mut s, |s| s.motion(White) == Some(Motion::Rolling));
        let rolling = state(&s, White).vel;
        let from_normal = |v: DVec3| v.x.atan2(v.y).to_degrees();
        (from_normal(leaving), from_normal(rolling))
    };
    // The ball travels +x along the cushion; spin whose surface moves −x at the contact
    // (ω_z < 0 here) is running side.
    let (running, plain, reverse) = (rebound(-40.0), rebound(0.0), rebound(40.0));
    println!(
        "leaves the cushion at (from the normal): running {:.1}°, none {:.1}°, reverse {:.1}°; once rolling: {:.1}°, {:.1}°, {:.1}°",
        running.0, plain.0, reverse.0, running.1, plain.1, reverse.1
    );
    assert!(running.0 > plain.0 + 0.5 && plain.0 > reverse.0 + 0.5);
}

#[test]
fn ref13_masse_curves_and_a_jump_can_leave_the_table() {
    // Massé: elevated cue, right side: the path bends to the right (clockwise).
    let mut s = sim(&[(White, -1.0, 0.0)]);
    s.strike(
        &[Stroke {
            side: 0.4,
            elevation_deg: 50.0,
            ..Stroke::new(White, 0.0, 1.5)
        }],
        None,
    )
    .unwrap();
    let start = state(&s, White).vel;
    run_until(&mut s, |s| s.motion(White) == Some(Motion::Rolling));
    let end = state(&s, White).vel;
    let turn = angle_deg(end) - angle_deg(start);
    println!(
        "massé: heading {:.1}° after the strike, {:.1}° once rolling",
        angle_deg(start),
        angle_deg(end)
    );
    assert!(turn < -5.0, "turned {turn}");
    // A steep, hard stroke lifts the ball; one that lands beyond the cushions is off.
    let mut s = sim(&[(White, 1.0, 0.0)]);
    s.strike(
        &[Stroke {
            elevation_deg: 55.0,
            ..Stroke::new(White, 0.0, 9.0)
        }],
        None,
    )
    .unwrap();
    let record = s.run_to_rest();
    println!(
        "jump: {:?}",
        record.events.iter().map(|e| &e.kind).collect::<Vec<_>>()
    );
    assert!(first_time(&record, |k| matches!(k, EventKind::Airborne { .. })).is_some());
    assert!(first_time(&record, |k| matches!(k, EventKind::OffTable { .. })).is_some());
    assert!(!record.final_positions[&White].on_table);
}

#[test]
fn the_same_stroke_gives_the_same_bits() {
    let run = || {
        let mut s = sim(&[(White, -0.8, 0.1), (Dotted, 0.6, 0.3), (Red, 0.2, -0.2)]);
        s.strike(
            &[Stroke {
                ball: White,
                direction_deg: 17.0,
                speed: 5.0,
                side: -0.3,
                height: 0.3,
                elevation_deg: 20.0,
                follow_through_mm: None,
            }],
            Some(100.0),
        )
        .unwrap();
        serde_json::to_string(&s.run_to_rest()).unwrap()
    };
    assert_eq!(run(), run());
}

/// How deep a ball centred at `p` is inside a cushion and the rail behind it (their
/// cross-section, convex), m; ≤ 0 when it is clear.
fn cushion_penetration(table: &TableGeometry, p: DVec3) -> f64 {
    let r = table.ball_radius;
    let mut deepest = f64::NEG_INFINITY;
    let (w, nh, rh) = (
        table.cushion_width + table.rail_width,
        table.nose_height,
        table.rail_height,
    );
    let section = [
        (0.0, nh),
        (0.6 * table.cushion_width, 0.0),
        (w, 0.0),
        (w, rh),
        (0.15 * table.cushion_width, rh),
    ];
    let outer = table.outer_half_extents();
    for c in crate::shot::Cushion::ALL {
        // Along the cushion, it runs the table's outer length or width.
        let n = c.inward_normal();
        let (along, extent) = if n.x != 0.0 {
            (p.y, outer.y)
        } else {
            (p.x, outer.x)
        };
        if along.abs() > extent {
            continue;
        }
        // Behind the nose line, and up.
        let back = -(p.truncate().dot(n) + table.nose_distance(c));
        let q = (back, p.z);
        let mut inside = true;
        let mut nearest = f64::INFINITY;
        for k in 0..section.len() {
            let (a, b) = (section[k], section[(k + 1) % section.len()]);
            let (ex, ez) = (b.0 - a.0, b.1 - a.1);
            let (qx, qz) = (q.0 - a.0, q.1 - a.1);
            // The polygon runs counter-clockwise in (back, z): inside is to the left of
            // each edge.
            if ex * qz - ez * qx < 0.0 {
                inside = false;
            }
            let along = ((qx * ex + qz * ez) / (ex * ex + ez * ez)).clamp(0.0, 1.0);
            nearest = nearest.min((qx - along * ex).hypot(qz - along * ez));
        }
        let distance = if inside { -nearest } else { nearest };
        deepest = deepest.max(r - distance);
    }
    deepest
}

/// Random strokes from random lay-outs: each ends at rest within the guard, on the bed
/// or reported off it, with no NaN; sampled at 1 kHz, no ball is ever inside another
/// or inside a cushion or a rail by more than 0.1 mm (in the air included); a miscue never launches the ball faster than the stroke struck clean.
/// Returns a digest of every record's JSON, for telling a rerun bit for bit.
fn fuzz_strokes(seed: u64, strokes: usize, preset: Option<&str>) -> u64 {
    let config = Config::defaults();
    let table = TableGeometry::new(&config.tables, preset, &config.balls).unwrap();
    let mut digest = 0u64;
    let limits = table.centre_limits();
    let r = table.ball_radius;
    let guard = config.physics.step.max_stroke_s;
    let mut rng = Rng(seed);
    let mut deepest: f64 = 0.0;
    for n in 0..strokes {
        let mut positions: Vec<(BallId, DVec2)> = Vec::new();
        for ball in [White, Dotted, Red] {
            loop {
                let p = DVec2::new(
                    rng.range(-limits.x, limits.x),
                    rng.range(-limits.y, limits.y),
                );
                if positions.iter().all(|(_, q)| q.distance(p) >= 2.0 * r) {
                    positions.push((ball, p));
                    break;
                }
            }
        }
        let mut s = TableSim::new(&config, table.clone());
        s.place(&positions).unwrap();
        let (side, height) = loop {
            let (a, b) = (rng.range(-0.7, 0.7), rng.range(-0.7, 0.7));
            if a.hypot(b) < 0.7 {
                break (a, b);
            }
        };
        let stroke = Stroke {
            ball: White,
            direction_deg: rng.range(0.0, 360.0),
            speed: rng.range(0.05, 14.0),
            side,
            height,
            elevation_deg: rng.range(0.0, 70.0),
            follow_through_mm: None,
        };
        s.strike(&[stroke], Some(1000.0)).unwrap();
        let record = s.run_to_rest();
        let json = serde_json::to_string(&record).unwrap();
        digest = digest.rotate_left(7) ^ crate::test_support::fnv1a(json.as_bytes());
        assert!(
            !json.contains("null") && !json.contains("NaN"),
            "stroke {n}: {stroke:?} gave NaN"
        );
        assert!(
            record.duration <= guard,
            "stroke {n}: {stroke:?} still moving at {} s",
            record.duration
        );
        assert!(matches!(
            record.events.last().map(|e| &e.kind),
            Some(EventKind::Rest)
        ));
        if record
            .events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Miscue { .. }))
        {
            // The same stroke struck clean: a tip that holds at any offset.
            let mut holding = config.clone();
            holding.cue.tip_friction = 100.0;
            let mut clean = TableSim::new(&holding, table.clone());
            clean.place(&positions).unwrap();
            clean.strike(&[stroke], None).unwrap();
            let launch = |events: &[crate::shot::ShotEvent]| match events[0].kind {
                EventKind::Strike { speed, .. } => speed,
                _ => unreachable!("a record starts with its strike"),
            };
            let (miscue, clean) = (launch(&record.events), launch(clean.events()));
            assert!(
                miscue <= clean * (1.0 + 1e-9),
                "stroke {n}: {stroke:?}: a miscue launched at {miscue} m/s, clean {clean} m/s"
            );
        }
        for (ball, p) in &record.final_positions {
            let reported = record
                .events
                .iter()
                .any(|e| matches!(e.kind, EventKind::OffTable { ball: b, .. } if b == *ball));
            assert_eq!(
                !p.on_table, reported,
                "stroke {n}: {ball} off the table but not reported"
            );
            if p.on_table {
                assert!(
                    (p.z - r).abs() < 1e-9,
                    "stroke {n}: {ball} at rest off the bed, {p:?}"
                );
            }
        }
        let paths: Vec<(&BallId, &Vec<[f64; 4]>)> = record.trajectories.iter().collect();
        for (ball, path) in &paths {
            for q in path.iter() {
                let depth = cushion_penetration(&table, DVec3::new(q[1], q[2], q[3]));
                deepest = deepest.max(depth);
                assert!(
                    depth <= 1e-4,
                    "stroke {n}: {stroke:?} from {positions:?}: {ball} {:.3} mm inside a cushion at {q:?}",
                    depth * 1000.0
                );
            }
        }
        for (i, (a, pa)) in paths.iter().enumerate() {
            for (b, pb) in &paths[i + 1..] {
                for (p, q) in pa.iter().zip(pb.iter()) {
                    let d = DVec3::new(p[1] - q[1], p[2] - q[2], p[3] - q[3]).length();
                    deepest = deepest.max(2.0 * r - d);
                    assert!(
                        d >= 2.0 * r - 1e-4,
                        "stroke {n}: {stroke:?}: {a} {:.3} mm inside {b} at t {}",
                        (2.0 * r - d) * 1000.0,
                        p[0]
                    );
                }
            }
        }
    }
    println!(
        "{} table, {strokes} strokes: deepest overlap {:.4} mm",
        table.preset,
        deepest.max(0.0) * 1000.0
    );
    digest
}

#[test]
fn fuzz_random_strokes_end_at_rest_never_overlapping() {
    fuzz_strokes(2026, 200, None);
}

/// The long fuzz, on every table preset, each run twice to the same bits:
/// `cargo test --release -- --ignored fuzz_many`.
#[test]
#[ignore = "minutes: run with cargo test --release -- --ignored"]
fn fuzz_many_random_strokes_end_at_rest_never_overlapping() {
    let config = Config::defaults();
    for preset in &config.tables.presets {
        let first = fuzz_strokes(7, 10_000, Some(&preset.name));
        let again = fuzz_strokes(7, 10_000, Some(&preset.name));
        assert_eq!(first, again, "{}: a rerun gave other bits", preset.name);
    }
}

/// A ball set flying from near the foot cushion (launch: velocity m/s, spin rad/s).
fn fly_near_the_foot_cushion(vx: f64, vz: f64, spin_y: f64) -> ShotRecord {
    let mut s = sim(&[(White, 1.37, 0.0)]);
    s.launch(
        White,
        DVec3::new(vx, 0.0, vz),
        DVec3::new(0.0, spin_y, 0.0),
        None,
    )
    .unwrap();
    s.run_to_rest()
}

/// Plays `fly_near_the_foot_cushion(1.0, 0.5, 0.0)`'s flight on table `s`, already used,
/// and checks it gives a new table's bits.
fn same_flight_as_on_a_new_table(mut s: TableSim) {
    let fresh = fly_near_the_foot_cushion(1.0, 0.5, 0.0);
    s.place(&[(White, DVec2::new(1.37, 0.0))]).unwrap();
    s.launch(White, DVec3::new(1.0, 0.0, 0.5), DVec3::ZERO, None)
        .unwrap();
    assert_eq!(
        serde_json::to_string(&s.run_to_rest()).unwrap(),
        serde_json::to_string(&fresh).unwrap()
    );
}

#[test]
fn a_flight_by_a_cushion_does_not_depend_on_how_the_ball_turned_before() {
    // A table where the ball first rolled about (as a computer's trial table, or each
    // of its worker threads', plays stroke after stroke): its orientation is the same
    // sphere to rapier.
    let config = Config::defaults();
    let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
    let mut s = TableSim::watched(&config, table);
    s.place(&[(White, DVec2::new(1.37, 0.0))]).unwrap();
    launch_rolling(&mut s, White, DVec2::new(-0.8, 0.6));
    s.run_to_rest();
    assert!(state(&s, White).orientation != DQuat::IDENTITY);
    same_flight_as_on_a_new_table(s);
}

#[test]
fn a_flight_after_another_on_the_same_table_gives_the_bits_of_a_fresh_table() {
    // Rapier's world stays with a reused table (a trial's): what it kept of the first
    // flight must not reach the second.
    let mut s = sim(&[(White, 1.37, 0.0)]);
    s.launch(White, DVec3::new(0.6, 0.3, 0.8), DVec3::ZERO, None)
        .unwrap();
    s.run_to_rest();
    same_flight_as_on_a_new_table(s);
}

#[test]
fn rule21_a_ball_back_on_the_bed_by_itself_is_not_off_the_table() {
    let record = fly_near_the_foot_cushion(0.3, 1.0, -100.0);
    let landed_on_top = record.events.iter().any(|e| {
        matches!(
            e.kind,
            EventKind::Landed {
                surface: Surface::Cushion,
                ..
            }
        )
    });
    assert!(landed_on_top, "{:?}", record.events);
    assert!(record.final_positions[&White].on_table);
    assert!(
        !record
            .events
            .iter()
            .any(|e| matches!(e.kind, EventKind::OffTable { .. }))
    );
}

#[test]
fn rule21_a_ball_at_rest_on_the_cushion_top_is_off_the_table() {
    let record = fly_near_the_foot_cushion(0.25, 1.3, 0.0);
    assert!(record.events.iter().any(|e| matches!(
        e.kind,
        EventKind::OffTable {
            reason: OffTableReason::RestedOffBed,
            ..
        }
    )));
    let at = record.final_positions[&White];
    assert!(!at.on_table && at.z > radius() + 0.01, "{at:?}");
}

#[test]
fn rule21_a_ball_that_touches_the_floor_is_off_the_table() {
    let record = fly_near_the_foot_cushion(0.6, 1.2, -150.0);
    assert!(record.events.iter().any(|e| matches!(
        e.kind,
        EventKind::OffTable {
            reason: OffTableReason::Floor,
            ..
        }
    )));
    assert!(!record.final_positions[&White].on_table);
}

#[test]
fn a_ball_in_the_air_meets_a_cushion_and_bounces_on_the_bed() {
    // 12 mm up at most: it meets the nose (37 mm high) on the way.
    let record = fly_near_the_foot_cushion(1.0, 0.5, 0.0);
    let kinds: Vec<&EventKind> = record.events.iter().map(|e| &e.kind).collect();
    assert!(matches!(kinds[0], EventKind::Airborne { .. }), "{kinds:?}");
    assert!(
        matches!(
            kinds[1],
            EventKind::Cushion {
                cushion: crate::shot::Cushion::Foot,
                ..
            }
        ),
        "{kinds:?}"
    );
    assert!(kinds.iter().any(|k| matches!(
        k,
        EventKind::Landed {
            surface: Surface::Bed,
            ..
        }
    )));
    assert!(record.final_positions[&White].on_table);
}

#[test]
fn where_the_callers_clock_stops_does_not_change_the_bits() {
    let stroke = Stroke {
        ball: White,
        direction_deg: 17.0,
        speed: 5.0,
        side: -0.3,
        height: 0.3,
        elevation_deg: 20.0,
        follow_through_mm: None,
    };
    let start = || {
        let mut s = sim(&[(White, -0.8, 0.1), (Dotted, 0.6, 0.3), (Red, 0.2, -0.2)]);
        s.strike(&[stroke], None).unwrap();
        s
    };
    let whole = start().run_to_rest();
    // As the game does: a fixed clock of 240 Hz.
    let mut framed = start();
    while !framed.at_rest() {
        framed.advance(1.0 / 240.0);
    }
    let framed = framed.record();
    assert_eq!(
        serde_json::to_string(&whole).unwrap(),
        serde_json::to_string(&framed).unwrap()
    );
}

#[test]
fn a_short_stroke_keeps_the_tip_off_a_cue_ball_stopped_close_ahead() {
    // Rule 13's double hit: a full stun hit on a red 6 cm ahead stops the cue ball while
    // the cue still moves on; a full follow-through catches it, a short one stops first.
    let r = radius();
    let tip_contacts = |follow_through_mm: Option<f64>| {
        let mut s = sim(&[(White, -0.3 - 2.0 * r - 0.06, 0.0), (Red, -0.3, 0.0)]);
        s.strike(
            &[Stroke {
                follow_through_mm,
                ..Stroke::new(White, 0.0, 1.5)
            }],
            None,
        )
        .unwrap();
        let record = s.run_to_rest();
        record
            .events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::Tip { .. }))
            .count()
    };
    let (full, short) = (tip_contacts(None), tip_contacts(Some(20.0)));
    println!("tip contacts after the strike: full stroke {full}, short stroke {short}");
    assert!(full >= 1);
    assert_eq!(short, 0);
}

#[test]
fn a_miscue_never_launches_the_ball_faster_than_a_clean_hit() {
    // Just past the miscue limit (0.514 R), 4 m/s: the tip slips and gives less, not
    // more (it once jumped from 4.00 to 5.86 m/s).
    let launch = |side: f64| {
        let mut s = sim(&[(White, 0.0, 0.0)]);
        s.strike(
            &[Stroke {
                side,
                ..Stroke::new(White, 0.0, 4.0)
            }],
            None,
        )
        .unwrap();
        match s.events()[0].kind {
            EventKind::Strike { speed, .. } => speed,
            _ => unreachable!("a stroke starts with its strike"),
        }
    };
    let (clean, miscue) = (launch(0.514), launch(0.5145));
    println!("launch at 0.514 R: {clean:.3} m/s; at 0.5145 R (miscue): {miscue:.3} m/s");
    assert!((clean - 4.0).abs() < 1e-9);
    assert!(miscue <= clean);
}

#[test]
fn a_very_slow_stroke_is_one_tip_contact_not_a_double_hit() {
    // A soft stroke's cue stops within its follow-through time: the tip does not chase
    // a ball that barely moves (it once touched it every millisecond for 2 s).
    for speed in [0.05, 0.1, 0.15, 0.2] {
        for height in [0.0, 0.3, -0.3] {
            let mut s = sim(&[(White, 0.0, 0.0), (Red, 0.5, 0.3)]);
            s.strike(
                &[Stroke {
                    height,
                    ..Stroke::new(White, 0.0, speed)
                }],
                None,
            )
            .unwrap();
            let record = s.run_to_rest();
            let tips = record
                .events
                .iter()
                .filter(|e| matches!(e.kind, EventKind::Tip { .. }))
                .count();
            assert_eq!(
                tips, 0,
                "{speed} m/s, tip {height:+} R: {tips} more tip contacts"
            );
        }
    }
}

/// White launched from (-0.5, y) at 2 m/s along the table, 0.5 m/s up: its first
/// landing (time, distance, height), its landings, when it reaches the foot cushion
/// and the event-loop steps it took.
fn hop_at(y: f64) -> ((f64, f64, f64), usize, f64, u64) {
    let mut s = sim(&[(White, -0.5, y)]);
    s.launch(White, DVec3::new(2.0, 0.0, 0.5), DVec3::ZERO, None)
        .unwrap();
    let record = s.run_to_rest();
    let landings: Vec<(f64, f64, f64)> = record
        .events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Landed {
                distance, height, ..
            } => Some((e.t, distance, height)),
            _ => None,
        })
        .collect();
    // It rolls into the foot cushion in the end, but meets none in the air.
    let cushion = first_time(&record, |k| matches!(k, EventKind::Cushion { .. }));
    assert!(
        cushion > landings.last().map(|l| l.0),
        "{:?}",
        record.events
    );
    (landings[0], landings.len(), cushion.unwrap(), s.steps())
}

#[test]
fn a_hop_over_open_cloth_lands_where_rapiers_steps_land_it() {
    // Mid-table the hops are flown in closed form; along a cushion, 2 mm clear of its
    // nose (within the margin the closed form keeps), rapier steps them.
    let table =
        TableGeometry::new(&Config::defaults().tables, None, &Config::defaults().balls).unwrap();
    let (open, open_landings, open_cushion, open_steps) = hop_at(0.0);
    let (stepped, stepped_landings, stepped_cushion, stepped_steps) =
        hop_at(table.half_width() - radius() - 0.002);
    println!(
        "first landing (t, distance, height): open {open:.5?}, stepped {stepped:.5?}; \
         landings {open_landings} vs {stepped_landings}; at the foot cushion after \
         {open_cushion:.4} s vs {stepped_cushion:.4} s; {open_steps} vs {stepped_steps} steps"
    );
    // The parabola: down after 2·vz/g, 2·vx·vz/g on, vz²/2g high.
    let (t, distance, height) = (2.0 * 0.5 / G, 2.0 * 2.0 * 0.5 / G, 0.5 * 0.5 / (2.0 * G));
    for (lt, ld, lh) in [open, stepped] {
        assert!((lt / t - 1.0).abs() < 0.01, "{lt} vs {t}");
        assert!((ld / distance - 1.0).abs() < 0.01, "{ld} vs {distance}");
        // Measured from where the ball is first seen off the bed: a little under.
        assert!((lh / height - 1.0).abs() < 0.03, "{lh} vs {height}");
    }
    assert_eq!(open_landings, stepped_landings);
    // Off the bed, the slate's impulse in closed form against rapier's solver: the
    // speed it rolls on with differs by a little.
    assert!((open_cushion / stepped_cushion - 1.0).abs() < 0.02);
    assert!(open_steps * 10 < stepped_steps);
}

#[test]
fn a_launch_far_beyond_any_stroke_still_ends_by_the_step_guard() {
    // Launched directly (a shot file refuses such spins), spins of 1e300 and 1e12 rad/s
    // bring events so close together that time hardly moves: the event loop's step
    // guard ends the stroke where the time guard cannot.
    for spin in [
        DVec3::new(0.0, 0.0, 1e300),
        DVec3::new(0.0, 0.0, 1e12),
        DVec3::splat(1e300),
    ] {
        let mut sim = sim(&[(White, 0.0, 0.0), (Red, 0.5, 0.2)]);
        sim.launch(White, DVec3::new(1.0, 0.0, 0.0), spin, None)
            .unwrap();
        let started = std::time::Instant::now();
        let record = sim.run_to_rest();
        let took = started.elapsed();
        println!(
            "spin {spin:?} rad/s: {} steps, {:.3} s simulated, {took:?}",
            sim.steps(),
            record.duration
        );
        assert!(sim.steps() <= super::sim::MAX_STROKE_STEPS);
        assert!(record.duration <= 120.0);
        assert!(matches!(
            record.events.last().unwrap().kind,
            EventKind::Rest
        ));
    }
}
