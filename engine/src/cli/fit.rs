//! `carom fit TRAJECTORIES.json`: real tracked shots replayed, each one's stroke fitted,
//! and the figures of the fit (`crate::fit`), for one half of the shots.

use super::CliError;
use crate::config::Config;
use crate::fit::{self, BIN_EDGES, Half, REAL_CURVE, Summary};
use crate::shot::BallId;
use std::path::Path;
use std::time::Instant;

/// Reads the shots at `path`, fits `half` of them (at most `limit`) with `budget`
/// simulations each, and says what came out.
pub fn run(
    config: &Config,
    path: &Path,
    half: Half,
    limit: Option<usize>,
    budget: usize,
    per_shot: bool,
) -> Result<String, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::at(path, e))?;
    let mut shots = fit::data::parse(&path.display().to_string(), &text)?;
    if let Some(limit) = limit {
        let mut kept = 0;
        shots.retain(|s| {
            let keep = half.holds(s.index) && kept < limit;
            kept += usize::from(keep);
            keep
        });
    }
    let started = Instant::now();
    let results = fit::examine_all(config, &shots, half, budget);
    let seconds = started.elapsed().as_secs_f64();
    let mut out = String::new();
    if per_shot {
        for r in &results {
            let s = &r.fitted.stroke;
            out += &format!(
                "shot {:3}: rms {:5.1} cm  stroke {:7.2}° {:4.2} m/s side {:+.2} height {:+.2} delay {:.3} s  contacts {}: real {}, replayed {} (simulation {})\n",
                r.index,
                r.fitted.rms * 100.0,
                s.stroke.direction_deg,
                s.stroke.speed,
                s.stroke.side,
                s.stroke.height,
                s.delay,
                if r.same_contacts { "same" } else { "differ" },
                pairs(&r.real_contacts),
                pairs(&r.found_contacts),
                pairs(&r.simulated_contacts),
            );
        }
    }
    out += &report(&fit::summarise(&results), half, seconds, budget);
    Ok(out)
}

/// Ball–ball contacts in short: "WR RD" (W the cue ball, D the other white, R the red).
fn pairs(contacts: &[[BallId; 2]]) -> String {
    let letter = |b: BallId| match b {
        BallId::White => 'W',
        BallId::Dotted => 'D',
        BallId::Red | BallId::Red2 => 'R',
    };
    let all: Vec<String> = contacts
        .iter()
        .map(|[a, b]| format!("{}{}", letter(*a), letter(*b)))
        .collect();
    if all.is_empty() {
        "none".into()
    } else {
        all.join(" ")
    }
}

fn report(s: &Summary, half: Half, seconds: f64, budget: usize) -> String {
    let cm = |m: f64| m * 100.0;
    let mut out = format!(
        "{} shots ({half:?} half), each stroke fitted in up to {budget} simulations, {seconds:.1} s\n",
        s.shots
    );
    out += &format!(
        "RMS distance over all samples: median {:.1} cm, 90th percentile {:.1} cm\n",
        cm(s.rms_median),
        cm(s.rms_p90)
    );
    for (what, e) in [
        ("cue ball", s.cue_errors),
        ("object balls", s.object_errors),
    ] {
        out += &format!(
            "median distance, {what}: at 1 s {:.1} cm, 2 s {:.1} cm, 4 s {:.1} cm, at rest {:.1} cm\n",
            cm(e[0]),
            cm(e[1]),
            cm(e[2]),
            cm(e[3])
        );
    }
    out += &format!(
        "distance travelled, simulated over real (median): cue ball {:.0} %, object balls {:.0} %\n",
        s.cue_travel * 100.0,
        s.object_travel * 100.0
    );
    out += &format!(
        "same ball-ball contacts in the same order: {:.0} % of shots\n",
        s.same_contacts * 100.0
    );
    out += "effective cushion restitution by incoming normal speed (median; n):\n";
    out += "  bin m/s      issue   real (n)          simulated (n)\n";
    for (k, edge) in BIN_EDGES.windows(2).enumerate() {
        let (rn, rv, re) = s.real_curve[k];
        let (sn, sv, se) = s.simulated_curve[k];
        out += &format!(
            "  {:4.2}-{:5.2}   {:.2}    {:.3} @{:.2} ({rn:3})   {:.3} @{:.2} ({sn:3})\n",
            edge[0], edge[1], REAL_CURVE[k].1, re, rv, se, sv
        );
    }
    out += &format!(
        "simulated curve against the issue's real curve: RMS {:.3}\n",
        s.curve_rms
    );
    out
}

/// The simulation's own cushion curve (`fit::probe`), beside the real one.
pub fn probe(config: &Config) -> Result<String, CliError> {
    let table = crate::table::TableGeometry::new(&config.tables, Some("match"), &config.balls)?;
    let bins = fit::curve(&fit::probe::bounces_of_rolling_balls(config, &table));
    let real: Vec<f64> = REAL_CURVE.iter().map(|c| c.1).collect();
    let mut out = String::from("balls rolling into a cushion, measured as the real ones:\n");
    out += "  bin m/s      real    simulated (n)\n";
    for (k, edge) in BIN_EDGES.windows(2).enumerate() {
        let (n, v, e) = bins[k];
        out += &format!(
            "  {:4.2}-{:5.2}   {:.2}    {e:.3} @{v:.2} ({n})\n",
            edge[0], edge[1], real[k]
        );
    }
    out += &format!(
        "RMS against the real curve: {:.3}\n",
        fit::curve_distance(&bins, &real)
    );
    Ok(out)
}

/// Tunes the cushion's restitution curve and friction so that the probe's curve meets
/// the real one, from `config`'s values; prints what it found.
pub fn tune_cushion(config: &Config) -> Result<String, CliError> {
    let table = crate::table::TableGeometry::new(&config.tables, Some("match"), &config.balls)?;
    let real: Vec<f64> = REAL_CURVE.iter().map(|c| c.1).collect();
    let with = |x: &[f64]| {
        let mut tuned = config.clone();
        let c = &mut tuned.physics.cushion;
        (
            c.restitution_c0,
            c.restitution_c1_s_m,
            c.restitution_c2_s2_m2,
            c.friction,
        ) = (x[0], x[1], x[2], x[3]);
        c.restitution_min = 0.0;
        c.restitution_max = 1.0;
        tuned
    };
    let cost = |x: &[f64]| {
        let bins = fit::curve(&fit::probe::bounces_of_rolling_balls(&with(x), &table));
        fit::curve_distance(&bins, &real)
    };
    let c = &config.physics.cushion;
    let start = [
        c.restitution_c0,
        c.restitution_c1_s_m,
        c.restitution_c2_s2_m2,
        c.friction,
    ];
    let m = fit::minimize(
        cost,
        &start,
        &[0.05, 0.05, 0.01, 0.02],
        &[0.3, -0.5, -0.3, 0.05],
        &[1.0, 0.5, 0.3, 0.4],
        1e-5,
        400,
    );
    Ok(format!(
        "cushion ({:?}): restitution_c0 {:.4}, restitution_c1_s_m {:.4}, restitution_c2_s2_m2 {:.4}, friction {:.3}; probe curve RMS {:.4} ({} probes)\n{}",
        config.physics.cushion.model,
        m.x[0],
        m.x[1],
        m.x[2],
        m.x[3],
        m.value,
        m.evaluations,
        probe(&with(&m.x))?
    ))
}
