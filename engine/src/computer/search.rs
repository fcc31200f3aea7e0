//! The search behind a decision: scan, rate the widest runs under the level's error,
//! weigh the lay-out left, or play safe.

use super::execute;
use super::trial::{Trial, Tried};
use crate::config::{Config, Level, RedFirst};
use crate::math::DVec2;
use crate::random::Rng;
use crate::rules::Referee;
use crate::shot::{BallId, Stroke};
use crate::table::aim::stroke_clearance;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
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
    /// The next-best strokes that score when played as chosen, best first (up to two),
    /// with their chances under the level's error.
    pub alternatives: Vec<(Stroke, f64)>,
    /// Of the strokes tried from the lay-out the chosen stroke's count leaves, the share
    /// that scores; None where the level does not look at the leave.
    pub leave_share: Option<f64>,
}

/// A grid stroke as the scan found it.
#[derive(Clone, Copy, Debug)]
struct Scanned {
    scores: bool,
    foul: bool,
    balls_hit: usize,
}

/// How many of the likeliest finalists have the lay-out they leave rated.
const LEAVES_RATED: usize = 8;

/// A cue raised this far, degrees, or more to clear the rail is scanned raised: below,
/// a stroke scanned level goes nearly where it goes raised (the strokes rated after the
/// scan are raised) and costs less: a raised cue bounces the ball off the slate, and a
/// hop near a cushion or a ball is stepped by rapier.
const RAISED_FROM_DEG: f64 = 4.0;

/// A cue raised this far, degrees, or more jumps the ball, often over a rail, and each
/// such stroke can cost rapier hundreds of steps: it is scanned with the grid's first
/// tip only (of 16 440 scanned in 100 master decisions, 341 scored).
const STEEP_FROM_DEG: f64 = 30.0;

/// A stroke in the middle of a run of scoring grid strokes, with the run's width.
#[derive(Clone, Copy, Debug)]
struct Finalist {
    stroke: Stroke,
    width: usize,
    p: f64,
    value: f64,
    /// The share of strokes that score from the lay-out its count leaves, when rated.
    leave_share: Option<f64>,
}

/// Strokes a decision names beside the chosen one.
const ALTERNATIVES: usize = 2;

/// The step of the break's fine scan, degrees. The break's scoring window is a few
/// tenths of a degree wide and broken up (three-cushion's bundled break: 5.0, 5.1,
/// 5.25 and 5.3° score, 5.2, 5.4 and 5.5° miss), which the grid's steps of about a
/// degree pass over.
const BREAK_STEP_DEG: f64 = 0.05;

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
    let mut search = Search {
        config,
        base: &base,
        level,
        workers,
        from,
        evaluated: 0,
    };
    let grid_config = &config.computer.grid;
    let per_direction = grid_config.speeds.len() * grid_config.tips.len();
    let directions = (level.scan as usize / per_direction).max(8);
    let phase = rng.range(0.0, 1.0);
    let tips = &grid_config.tips[..];
    let step = 360.0 / directions as f64;
    let round: Vec<f64> = (0..directions).map(|d| (d as f64 + phase) * step).collect();
    let level_grid = search.grid(cue_ball, &round, tips, RAISED_FROM_DEG);
    let speeds = grid_config.speeds.len();
    let (scan, mut scoring) = search.pass(&level_grid, per_direction, Wraps::Round, &mut rng);
    if scoring.is_empty() {
        // Nothing scored as played: a level scan can mislead where the cue is raised
        // even a little. Again with every cue raised as it will be.
        let raised = search.grid(cue_ball, &round, &tips[..1], 0.0);
        scoring = search.pass(&raised, speeds, Wraps::Round, &mut rng).1;
    }
    if base.is_break() {
        scoring = search.break_cones(cue_ball, scoring, &mut rng);
    }
    let best = scoring.first().copied();
    let best_p = best.map_or(0.0, |f| f.p);
    let decision = |stroke: Stroke, declare_safety, p_score, evaluated| Decision {
        stroke,
        declare_safety,
        p_score,
        evaluated,
        elapsed: started.elapsed(),
        alternatives: Vec::new(),
        leave_share: None,
    };
    if best_p < level.safety_below
        && base.may_declare_safety()
        && let Some(safety) = search.safest(&level_grid, &scan, &mut rng)
    {
        // The best attempt shows beside the safety, with its chance.
        return Some(Decision {
            alternatives: scoring.iter().map(|f| (f.stroke, f.p)).collect(),
            ..decision(safety, true, 0.0, search.evaluated)
        });
    }
    if let Some(best) = best {
        return Some(Decision {
            alternatives: scoring[1..].iter().map(|f| (f.stroke, f.p)).collect(),
            leave_share: best.leave_share,
            ..decision(best.stroke, false, best.p, search.evaluated)
        });
    }
    // No count found: the stroke that touches most balls without a foul.
    let fallback = scan
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.filter(|s| !s.foul).map(|s| (s.balls_hit, i)))
        .max_by_key(|&(hit, i)| (hit, std::cmp::Reverse(i)))
        .map_or(level_grid[0], |(_, i)| level_grid[i]);
    Some(decision(
        search.playable(fallback),
        false,
        0.0,
        search.evaluated,
    ))
}

/// Whether a scan's directions go all round the cue ball (a run may go on past the last
/// into the first) or span a cone (they may not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wraps {
    Round,
    Cone,
}

/// One decision's search: the match, the level, the threads, the cue ball's place and
/// the strokes simulated so far.
struct Search<'a> {
    config: &'a Config,
    base: &'a Referee,
    level: &'a Level,
    workers: usize,
    from: DVec2,
    evaluated: usize,
}

impl Search<'_> {
    /// Scans `grid` (directions × `per_direction` strokes), rates the middles of the
    /// widest scoring runs raised over the rail, and returns the scan and the best
    /// finalists (the chosen one and its alternatives, best first) that score when
    /// played exactly as chosen on a table of its own (the scan's table is reused; this
    /// is the one `carom sim` would build).
    fn pass(
        &mut self,
        grid: &[Stroke],
        per_direction: usize,
        wraps: Wraps,
        rng: &mut Rng,
    ) -> (Vec<Option<Scanned>>, Vec<Finalist>) {
        let directions = grid.len() / per_direction.max(1);
        // Raised, a stroke hops the ball: only the middle speeds are scanned; steep, only
        // the first tip.
        let speeds = &self.config.computer.grid.speeds;
        let middle = &speeds[(speeds.len() / 2).saturating_sub(1)..=speeds.len() / 2];
        let first_tip = self.config.computer.grid.tips[0];
        let scan = self.in_parallel(grid.len(), |t, i| {
            let stroke = &grid[i];
            let raised_skipped = stroke.elevation_deg > 0.0 && !middle.contains(&stroke.speed);
            let steep_skipped =
                stroke.elevation_deg >= STEEP_FROM_DEG && (stroke.side, stroke.height) != first_tip;
            if raised_skipped || steep_skipped {
                return None;
            }
            t.play(stroke, false).map(|tried| Scanned {
                scores: tried.scores(),
                foul: tried.foul(),
                balls_hit: tried.balls_hit,
            })
        });
        let mut finalists = widest_runs(grid, &scan, directions, per_direction, wraps);
        finalists.truncate(self.level.finalists as usize);
        for f in &mut finalists {
            f.stroke = self.playable(f.stroke);
        }
        self.rate(rng, &mut finalists);
        finalists.sort_by(|a, b| b.value.total_cmp(&a.value).then(b.width.cmp(&a.width)));
        let mut fresh = Trial::new(self.config, self.base);
        let scoring = finalists
            .into_iter()
            .filter(|f| fresh.play(&f.stroke, false).is_some_and(|t| t.scores()))
            .take(1 + ALTERNATIVES)
            .collect();
        self.evaluated += fresh.played;
        (scan, scoring)
    }

    /// Every grid stroke, direction by direction (`directions`, degrees), each with
    /// every speed and each of `tips`; the cue level, or raised over the rail
    /// (`playable`) where that takes `raised_from_deg` or more.
    fn grid(
        &self,
        ball: BallId,
        directions: &[f64],
        tips: &[(f64, f64)],
        raised_from_deg: f64,
    ) -> Vec<Stroke> {
        let mut strokes = Vec::new();
        for &direction in directions {
            let level = Stroke::new(ball, direction, 0.0);
            // The rail's clearance depends on the tip's height on the ball.
            let aimed: Vec<Stroke> = tips
                .iter()
                .map(|&(side, height)| {
                    let tipped = Stroke {
                        side,
                        height,
                        ..level
                    };
                    let raised = self.playable(tipped);
                    if raised.elevation_deg >= raised_from_deg {
                        raised
                    } else {
                        tipped
                    }
                })
                .collect();
            for &speed in &self.config.computer.grid.speeds {
                for aimed in &aimed {
                    strokes.push(Stroke { speed, ..*aimed });
                }
            }
        }
        strokes
    }

    /// On the break, the directions in which the cue ball reaches each object ball
    /// scanned again in steps of `BREAK_STEP_DEG`: their finalists join `scoring`, the
    /// best first. (Confined to the break: the levels' calibrated averages come from a
    /// search that is otherwise unchanged.)
    fn break_cones(
        &mut self,
        cue_ball: BallId,
        mut scoring: Vec<Finalist>,
        rng: &mut Rng,
    ) -> Vec<Finalist> {
        let tips = &self.config.computer.grid.tips[..];
        let per_direction = self.config.computer.grid.speeds.len() * tips.len();
        let reach = 2.0 * self.base.table().ball_radius;
        // Where the red must be first on the break (rule 8), only the red's directions.
        let red_first = self.base.game().red_first != RedFirst::Never;
        let targets: Vec<DVec2> = self
            .base
            .positions()
            .iter()
            .filter(|(ball, _)| **ball != cue_ball && (!red_first || **ball == BallId::Red))
            .map(|(_, at)| *at - self.from)
            .collect();
        for to in targets {
            let centre = to.y.atan2(to.x).to_degrees();
            // Every direction that meets the ball, and a step either side.
            let half = (reach / to.length()).min(1.0).asin().to_degrees() + BREAK_STEP_DEG;
            let steps = (2.0 * half / BREAK_STEP_DEG).ceil() as usize;
            let cone: Vec<f64> = (0..=steps)
                .map(|i| centre - half + i as f64 * BREAK_STEP_DEG)
                .collect();
            let grid = self.grid(cue_ball, &cone, tips, RAISED_FROM_DEG);
            scoring.extend(self.pass(&grid, per_direction, Wraps::Cone, rng).1);
        }
        scoring.sort_by(|a, b| b.value.total_cmp(&a.value).then(b.width.cmp(&a.width)));
        scoring.truncate(1 + ALTERNATIVES);
        scoring
    }

    /// `stroke` with the cue raised just enough to clear the cushion, the rail and the
    /// balls behind the cue ball through its backswing (to the next tenth of a degree).
    fn playable(&self, stroke: Stroke) -> Stroke {
        let others: Vec<DVec2> = self
            .base
            .positions()
            .iter()
            .filter(|(ball, _)| **ball != stroke.ball)
            .map(|(_, p)| *p)
            .collect();
        Stroke {
            elevation_deg: stroke_clearance(
                self.base.table(),
                &self.config.cue,
                self.from,
                &stroke,
                &others,
            ),
            ..stroke
        }
    }

    /// Each finalist's chance of scoring under the level's error, and its value: the
    /// chance, raised by how easy the lay-out its count leaves is, at levels that look.
    fn rate(&mut self, rng: &mut Rng, finalists: &mut [Finalist]) {
        let level = self.level;
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
        let scored = self.in_parallel(played.len(), |t, i| {
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
        // The lay-out left is looked at for the likeliest strokes only.
        finalists.sort_by(|a, b| b.p.total_cmp(&a.p));
        let looked_at = finalists.len().min(LEAVES_RATED);
        let shooter = self.base.shooter();
        let config = self.config;
        let eases = self.in_parallel(looked_at, |t, i| {
            let tried = t.play(&finalists[i].stroke, false)?;
            let goes_on =
                tried.scores() && !tried.after.is_over() && tried.after.shooter() == shooter;
            goes_on.then(|| ease(config, &tried, level.leave_scan as usize, usize::MAX))
        });
        for (f, ease) in finalists.iter_mut().zip(eases) {
            if let Some((ease, played)) = ease {
                self.evaluated += played;
                f.value = f.p * (1.0 + level.leave_weight * ease.share);
                f.leave_share = Some(ease.share);
            }
        }
    }

    /// The declared safety that leaves the opponent least: grid strokes that touched a
    /// ball without a foul, tried declared (rule 23 judged), rated by the opponent's
    /// ease. A candidate's rating stops once it leaves more scoring strokes than the
    /// best so far: it cannot be the one (the choice is the same, with less work).
    fn safest(
        &mut self,
        grid: &[Stroke],
        scan: &[Option<Scanned>],
        rng: &mut Rng,
    ) -> Option<Stroke> {
        let mut pool: Vec<usize> = (0..grid.len())
            .filter(|&i| scan[i].is_some_and(|s| !s.foul && !s.scores && s.balls_hit > 0))
            .collect();
        // A random handful, as many as the finalists of an attack.
        let wanted = (2 * self.level.finalists as usize).min(pool.len());
        for n in 0..wanted {
            let pick = n + rng.below((pool.len() - n) as u64) as usize;
            pool.swap(n, pick);
        }
        pool.truncate(wanted);
        let strokes: Vec<Stroke> = pool.iter().map(|&i| self.playable(grid[i])).collect();
        let (config, leave_scan) = (self.config, self.level.leave_scan.max(1) as usize);
        let fewest = AtomicUsize::new(usize::MAX);
        let rated = self.in_parallel(strokes.len(), |t, n| {
            let tried = t.play(&strokes[n], true)?;
            if tried.foul() {
                return None;
            }
            let (ease, played) = ease(config, &tried, leave_scan, fewest.load(Relaxed));
            fewest.fetch_min(ease.scoring, Relaxed);
            Some((ease, played))
        });
        let mut best: Option<(Ease, Stroke)> = None;
        for (n, rated) in rated.into_iter().enumerate() {
            if let Some((ease, played)) = rated {
                self.evaluated += played;
                if !ease.cut_short && best.is_none_or(|(e, _)| ease.scoring < e.scoring) {
                    best = Some((ease, strokes[n]));
                }
            }
        }
        best.map(|(_, stroke)| stroke)
    }

    /// `f(trial, i)` for every `i` below `n`, shared among the worker threads, each with
    /// a table of its own; the strokes they simulate are counted.
    fn in_parallel<T: Send>(
        &mut self,
        n: usize,
        f: impl Fn(&mut Trial, usize) -> T + Sync,
    ) -> Vec<T> {
        let workers = self.workers.clamp(1, n.max(1));
        let (config, referee) = (self.config, self.base);
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
            self.evaluated += played;
            for (i, value) in out {
                slots[i] = Some(value);
            }
        }
        slots
            .into_iter()
            .map(|s| s.expect("every item done"))
            .collect()
    }
}

/// The middle stroke of each run of neighbouring directions (same speed and tip) that
/// score, widest run first; a run goes on past the last direction into the first only
/// where the directions go all round.
fn widest_runs(
    grid: &[Stroke],
    scan: &[Option<Scanned>],
    directions: usize,
    per_direction: usize,
    wraps: Wraps,
) -> Vec<Finalist> {
    let scores = |d: usize, k: usize| {
        (wraps == Wraps::Round || d < directions)
            && scan[(d % directions) * per_direction + k].is_some_and(|s| s.scores)
    };
    // The direction before `d`, where there is one.
    let before = |d: usize| match (wraps, d) {
        (Wraps::Cone, 0) => None,
        _ => Some((d + directions - 1) % directions),
    };
    let mut runs = Vec::new();
    for k in 0..per_direction {
        if wraps == Wraps::Round && (0..directions).all(|d| scores(d, k)) {
            runs.push((k, directions));
            continue;
        }
        // Start each run where the one before it does not score.
        let starts =
            (0..directions).filter(|&d| scores(d, k) && before(d).is_none_or(|b| !scores(b, k)));
        for start in starts {
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
            leave_share: None,
        })
        .collect();
    finalists.sort_by_key(|f| std::cmp::Reverse(f.width));
    finalists
}

/// How easy a lay-out is for whoever plays next.
#[derive(Clone, Copy, Debug)]
struct Ease {
    /// The strokes of the scan that score.
    scoring: usize,
    /// Their share of the scan.
    share: f64,
    /// The scan stopped when more than the most asked for scored.
    cut_short: bool,
}

/// How easy the lay-out after `tried` is for whoever plays next: of `strokes` strokes
/// evenly round their cue ball (the grid's middle speed and first tip, a level cue as
/// in the scan), those that score, the scan stopping once more than `most` do; and the
/// strokes played.
fn ease(config: &Config, tried: &Tried, strokes: usize, most: usize) -> (Ease, usize) {
    let next = tried.after.what_if(tried.after.positions().clone());
    let ball = next.cue_ball();
    let mut ease = Ease {
        scoring: 0,
        share: 0.0,
        cut_short: false,
    };
    if !next.positions().contains_key(&ball) {
        return (ease, 0);
    }
    let speeds = &config.computer.grid.speeds;
    let speed = speeds[speeds.len() / 2];
    let (side, height) = config.computer.grid.tips[0];
    let mut trial = Trial::new(config, &next);
    for d in 0..strokes {
        let stroke = Stroke {
            side,
            height,
            ..Stroke::new(ball, d as f64 * 360.0 / strokes as f64, speed)
        };
        if trial.play(&stroke, false).is_some_and(|t| t.scores()) {
            ease.scoring += 1;
            if ease.scoring > most {
                ease.cut_short = true;
                break;
            }
        }
    }
    ease.share = ease.scoring as f64 / strokes.max(1) as f64;
    (ease, trial.played)
}
