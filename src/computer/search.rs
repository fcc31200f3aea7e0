//! The search behind a decision: scan, rate the widest runs under the level's error,
//! weigh the lay-out left, or play safe.

use super::execute;
use super::trial::{Trial, Tried};
use crate::config::{Config, Level};
use crate::math::DVec2;
use crate::random::Rng;
use crate::rules::Referee;
use crate::shot::{BallId, Stroke};
use crate::table::aim::clearance_elevation;
use std::time::{Duration, Instant};

/// What the computer plays, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The stroke chosen (before the execution error).
    pub stroke: Stroke,
    /// Declare an intentional safety first (rules 23–25).
    pub declare_safety: bool,
    /// The chance that the stroke scores when played with the level's error (0 for a
    /// safety or a stroke that found no count).
    pub p_score: f64,
    /// Strokes simulated and judged to decide.
    pub evaluated: usize,
    /// How long the decision took.
    pub elapsed: Duration,
}

/// A grid stroke as the scan found it.
#[derive(Clone, Copy, Debug)]
struct Scanned {
    scores: bool,
    foul: bool,
    balls_hit: usize,
}

/// A stroke in the middle of a run of scoring grid strokes, with the run's width.
#[derive(Clone, Copy, Debug)]
struct Finalist {
    stroke: Stroke,
    width: usize,
    p: f64,
    value: f64,
}

/// The stroke `level` chooses for the player at the table of `referee`'s match; None
/// once the match is over or its cue ball is not on the table. `seed` makes the choice
/// repeatable; `workers` threads share the search.
pub fn choose(
    config: &Config,
    referee: &Referee,
    level: &Level,
    seed: u64,
    workers: usize,
) -> Option<Decision> {
    let started = Instant::now();
    if referee.is_over() {
        return None;
    }
    let base = referee.what_if(referee.positions().clone());
    let cue_ball = base.cue_ball();
    let from = *base.positions().get(&cue_ball)?;
    let mut rng = Rng(seed);
    let per_direction = config.computer.grid.speeds.len() * config.computer.grid.tips.len();
    let directions = (level.scan as usize / per_direction).max(8);
    let grid = grid(
        config,
        &base,
        cue_ball,
        from,
        directions,
        rng.range(0.0, 1.0),
    );
    let mut evaluated = 0;

    let scan = in_parallel(
        config,
        &base,
        workers,
        grid.len(),
        &mut evaluated,
        |t, i| {
            t.play(&grid[i], false).map(|tried| Scanned {
                scores: tried.scores(),
                foul: tried.foul(),
                balls_hit: tried.balls_hit,
            })
        },
    );
    let mut finalists = widest_runs(&grid, &scan, directions, per_direction);
    finalists.truncate(level.finalists as usize);
    for f in &mut finalists {
        f.stroke = playable(config, &base, from, f.stroke);
    }
    rate(
        config,
        &base,
        level,
        workers,
        &mut rng,
        &mut finalists,
        &mut evaluated,
    );
    finalists.sort_by(|a, b| b.value.total_cmp(&a.value).then(b.width.cmp(&a.width)));

    // The best that scores when played exactly as chosen on a table of its own (the
    // scan's table is reused; this is the one `carom sim` would build).
    let mut fresh = Trial::new(config, &base);
    let best = finalists
        .iter()
        .find(|f| fresh.play(&f.stroke, false).is_some_and(|t| t.scores()));
    evaluated += fresh.played;
    let best_p = best.map_or(0.0, |f| f.p);
    let decision = |stroke: Stroke, declare_safety, p_score, evaluated| Decision {
        stroke,
        declare_safety,
        p_score,
        evaluated,
        elapsed: started.elapsed(),
    };
    if best_p < level.safety_below
        && base.may_declare_safety()
        && let Some(safety) = safest(
            config,
            &base,
            level,
            workers,
            &grid,
            &scan,
            &mut rng,
            &mut evaluated,
        )
    {
        return Some(decision(safety, true, 0.0, evaluated));
    }
    if let Some(best) = best {
        return Some(decision(best.stroke, false, best.p, evaluated));
    }
    // No count found: the stroke that touches most balls without a foul.
    let fallback = scan
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.filter(|s| !s.foul).map(|s| (s.balls_hit, i)))
        .max_by_key(|&(hit, i)| (hit, std::cmp::Reverse(i)))
        .map_or(grid[0], |(_, i)| grid[i]);
    Some(decision(
        playable(config, &base, from, fallback),
        false,
        0.0,
        evaluated,
    ))
}

/// A cue raised less than this, degrees, is scanned level: it hops the ball a
/// millimetre at most, which costs the simulation a flight but hardly changes where the
/// balls go. A steeper cue (a ball near the rail behind it) is scanned as played.
const SCANNED_LEVEL_BELOW_DEG: f64 = 4.0;

/// Every grid stroke, direction by direction (`directions` of them evenly round the
/// ball at `from`, the first `phase` of a step past 0°), each with every speed and
/// tip. The strokes rated after the scan are raised over the rail (`playable`).
fn grid(
    config: &Config,
    referee: &Referee,
    ball: BallId,
    from: DVec2,
    directions: usize,
    phase: f64,
) -> Vec<Stroke> {
    let step = 360.0 / directions as f64;
    let mut strokes = Vec::new();
    for d in 0..directions {
        let level = Stroke::new(ball, (d as f64 + phase) * step, 0.0);
        let raised = playable(config, referee, from, level);
        let elevation_deg = if raised.elevation_deg < SCANNED_LEVEL_BELOW_DEG {
            0.0
        } else {
            raised.elevation_deg
        };
        for &speed in &config.computer.grid.speeds {
            for &(side, height) in &config.computer.grid.tips {
                strokes.push(Stroke {
                    speed,
                    side,
                    height,
                    elevation_deg,
                    ..level
                });
            }
        }
    }
    strokes
}

/// `stroke` with the cue raised just enough to clear the rail behind the ball (to the
/// next tenth of a degree).
fn playable(config: &Config, referee: &Referee, from: DVec2, stroke: Stroke) -> Stroke {
    let clearance = clearance_elevation(referee.table(), &config.cue, from, stroke.direction_deg);
    Stroke {
        elevation_deg: (clearance * 10.0).ceil() / 10.0,
        ..stroke
    }
}

/// The middle stroke of each run of neighbouring directions (same speed and tip) that
/// score, widest run first.
fn widest_runs(
    grid: &[Stroke],
    scan: &[Option<Scanned>],
    directions: usize,
    per_direction: usize,
) -> Vec<Finalist> {
    let scores =
        |d: usize, k: usize| scan[(d % directions) * per_direction + k].is_some_and(|s| s.scores);
    let mut runs = Vec::new();
    for k in 0..per_direction {
        if (0..directions).all(|d| scores(d, k)) {
            runs.push((directions, k));
            continue;
        }
        // Start each run where the one before it does not score.
        for start in (0..directions).filter(|&d| scores(d, k) && !scores(d + directions - 1, k)) {
            let width = (0..directions)
                .take_while(|&n| scores(start + n, k))
                .count();
            runs.push(((start + width / 2) % directions * per_direction + k, width));
        }
    }
    let mut finalists: Vec<Finalist> = runs
        .into_iter()
        .map(|(i, width)| Finalist {
            stroke: grid[i],
            width,
            p: 0.0,
            value: 0.0,
        })
        .collect();
    finalists.sort_by(|a, b| b.width.cmp(&a.width));
    finalists
}

/// Each finalist's chance of scoring under the level's error, and its value: the
/// chance, raised by how easy the lay-out its count leaves is, at levels that look.
fn rate(
    config: &Config,
    base: &Referee,
    level: &Level,
    workers: usize,
    rng: &mut Rng,
    finalists: &mut [Finalist],
    evaluated: &mut usize,
) {
    let exact = level.error == Default::default();
    let samples = if exact { 0 } else { level.samples as usize };
    let played: Vec<Stroke> = finalists
        .iter()
        .flat_map(|f| {
            (0..samples)
                .map(|_| execute(&f.stroke, &level.error, rng))
                .collect::<Vec<_>>()
        })
        .collect();
    let scored = in_parallel(config, base, workers, played.len(), evaluated, |t, i| {
        t.play(&played[i], false).is_some_and(|t| t.scores())
    });
    for (n, f) in finalists.iter_mut().enumerate() {
        f.p = if exact {
            1.0
        } else {
            let hits = scored[n * samples..(n + 1) * samples]
                .iter()
                .filter(|&&s| s)
                .count();
            hits as f64 / samples as f64
        };
        f.value = f.p;
    }
    if level.leave_weight <= 0.0 {
        return;
    }
    let shooter = base.shooter();
    let eases = in_parallel(config, base, workers, finalists.len(), evaluated, |t, i| {
        let tried = t.play(&finalists[i].stroke, false)?;
        let goes_on = tried.scores() && !tried.after.is_over() && tried.after.shooter() == shooter;
        goes_on.then(|| ease(config, &tried, level.leave_scan as usize))
    });
    for (f, ease) in finalists.iter_mut().zip(eases) {
        if let Some((ease, played)) = ease {
            *evaluated += played;
            f.value = f.p * (1.0 + level.leave_weight * ease);
        }
    }
}

/// How easy the lay-out after `tried` is for whoever plays next: the share of `strokes`
/// strokes evenly round their cue ball (the grid's middle speed and first tip, a level
/// cue as in the scan) that score; and the strokes played.
fn ease(config: &Config, tried: &Tried, strokes: usize) -> (f64, usize) {
    let next = tried.after.what_if(tried.after.positions().clone());
    let ball = next.cue_ball();
    if !next.positions().contains_key(&ball) {
        return (0.0, 0);
    }
    let speeds = &config.computer.grid.speeds;
    let speed = speeds[speeds.len() / 2];
    let (side, height) = config.computer.grid.tips[0];
    let mut trial = Trial::new(config, &next);
    let scoring = (0..strokes)
        .filter(|&d| {
            let stroke = Stroke {
                side,
                height,
                ..Stroke::new(ball, d as f64 * 360.0 / strokes as f64, speed)
            };
            trial.play(&stroke, false).is_some_and(|t| t.scores())
        })
        .count();
    (scoring as f64 / strokes.max(1) as f64, trial.played)
}

/// The declared safety that leaves the opponent least: grid strokes that touched a
/// ball without a foul, tried declared (rule 23 judged), rated by the opponent's ease.
fn safest(
    config: &Config,
    base: &Referee,
    level: &Level,
    workers: usize,
    grid: &[Stroke],
    scan: &[Option<Scanned>],
    rng: &mut Rng,
    evaluated: &mut usize,
) -> Option<Stroke> {
    let mut pool: Vec<usize> = (0..grid.len())
        .filter(|&i| scan[i].is_some_and(|s| !s.foul && !s.scores && s.balls_hit > 0))
        .collect();
    // A random handful, as many as the finalists of an attack.
    let wanted = (2 * level.finalists as usize).min(pool.len());
    for n in 0..wanted {
        let pick = n + rng.below((pool.len() - n) as u64) as usize;
        pool.swap(n, pick);
    }
    pool.truncate(wanted);
    let from = base.positions()[&base.cue_ball()];
    let strokes: Vec<Stroke> = pool
        .iter()
        .map(|&i| playable(config, base, from, grid[i]))
        .collect();
    let rated = in_parallel(config, base, workers, strokes.len(), evaluated, |t, n| {
        let tried = t.play(&strokes[n], true)?;
        (!tried.foul()).then(|| ease(config, &tried, level.leave_scan.max(1) as usize))
    });
    let mut best: Option<(f64, Stroke)> = None;
    for (n, rated) in rated.into_iter().enumerate() {
        if let Some((ease, played)) = rated {
            *evaluated += played;
            if best.is_none_or(|(e, _)| ease < e) {
                best = Some((ease, strokes[n]));
            }
        }
    }
    best.map(|(_, stroke)| stroke)
}

/// `f(trial, i)` for every `i` below `n`, shared among `workers` threads, each with a
/// table of its own; the strokes they simulated are added to `evaluated`.
fn in_parallel<T: Send>(
    config: &Config,
    referee: &Referee,
    workers: usize,
    n: usize,
    evaluated: &mut usize,
    f: impl Fn(&mut Trial, usize) -> T + Sync,
) -> Vec<T> {
    let workers = workers.clamp(1, n.max(1));
    let work = |w: usize| {
        let mut trial = Trial::new(config, referee);
        let out: Vec<(usize, T)> = (w..n)
            .step_by(workers)
            .map(|i| (i, f(&mut trial, i)))
            .collect();
        (out, trial.played)
    };
    let parts: Vec<(Vec<(usize, T)>, usize)> = if workers == 1 {
        vec![work(0)]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..workers).map(|w| s.spawn(move || work(w))).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search worker does not panic"))
                .collect()
        })
    };
    let mut slots: Vec<Option<T>> = (0..n).map(|_| None).collect();
    for (out, played) in parts {
        *evaluated += played;
        for (i, value) in out {
            slots[i] = Some(value);
        }
    }
    slots
        .into_iter()
        .map(|s| s.expect("every item done"))
        .collect()
}
